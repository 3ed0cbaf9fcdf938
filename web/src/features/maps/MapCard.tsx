import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { PUBLICATION_LABELS, mapTitleSchema, type MapSummary, type SlotCounters } from '@mapnest/shared/maps';
import { DropdownMenu } from '../../components/DropdownMenu';
import { HistoryIcon } from '../../components/Icons';
import { InlineTextField } from '../../components/InlineTextField';
import { Spinner } from '../../components/Spinner';
import { absoluteTime, countsLabel, relativeTime, stateBadge } from './map-format';
import { ChartIcon, CopyIcon, KeyIcon, MoreIcon, OpenIcon, PencilIcon, TrashIcon } from './MapIcons';
import { MapStateControls, type MapStateProps } from './MapStateControls';
import { MapThumbnail } from './MapThumbnail';
import './publication.css';

export interface MapCardProps {
  map: MapSummary;
  /** Shown while an action on this map (a duplicate) is running. */
  busyLabel?: string | null;
  /** Resolves once the server has the new title; a rejection's message shows under the field. */
  onRename: (title: string) => Promise<unknown>;
  onDuplicate: () => void;
  onDelete: () => void;
  onHistory: () => void;
  /** Go live, Make Pro, Back to test: resolves once the server has the new state. */
  onSetState: MapStateProps['onSetState'];
  onRegisterLicense: () => void;
  now: Date;
  /** The owner's slot counters (null while unknown, and for administrators, who need no free slot). */
  slots?: SlotCounters | null;
}

/** The title rule of the server, checked before a call (the value is trimmed before validation). */
export function titleProblem(title: string): string | null {
  const result = mapTitleSchema.safeParse(title);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Not a valid title');
}

/** Renaming in place: the field is focused and selected when it opens, and the title link when it closes. */
function useRenaming() {
  const [renaming, setRenaming] = useState(false);
  const renameBox = useRef<HTMLDivElement>(null);
  const titleLink = useRef<HTMLAnchorElement>(null);
  const focusTitle = useRef(false);

  useEffect(() => {
    if (renaming) {
      const input = renameBox.current?.querySelector('input');
      input?.focus();
      input?.select();
    } else if (focusTitle.current) {
      focusTitle.current = false;
      titleLink.current?.focus();
    }
  }, [renaming]);

  const startRenaming = () => setRenaming(true);
  const stopRenaming = () => {
    focusTitle.current = true;
    setRenaming(false);
  };
  return { renaming, startRenaming, stopRenaming, renameBox, titleLink };
}

/** One map on the maps list: preview, state, title, edit time, counts and its actions. */
export function MapCard({
  map,
  busyLabel,
  onRename,
  onDuplicate,
  onDelete,
  onHistory,
  onSetState,
  onRegisterLicense,
  now,
  slots = null,
}: MapCardProps) {
  const titleId = useId();
  const { renaming, startRenaming, stopRenaming, renameBox, titleLink } = useRenaming();
  const href = `/maps/${encodeURIComponent(map.id)}`;

  return (
    <article
      className={['map-card', busyLabel ? 'is-busy' : '', map.lapsedFrom ? 'is-lapsed' : ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-busy={busyLabel ? true : undefined}
    >
      <MapCardMedia map={map} now={now} />
      <div className="map-card__body">
        <MapCardTitle
          map={map}
          titleId={titleId}
          href={href}
          renaming={renaming}
          renameBox={renameBox}
          titleLink={titleLink}
          onRename={onRename}
          stopRenaming={stopRenaming}
        />
        {/* A map not changed since it was made (an import, a copy, a new one) says so: "Edited" would be untrue. */}
        <p className="map-card__meta">
          {map.edited === map.created ? 'Created' : 'Edited'}{' '}
          <time dateTime={map.edited} title={absoluteTime(map.edited)}>
            {relativeTime(map.edited, now)}
          </time>
        </p>
        <p className="map-card__counts">{countsLabel(map.metrics)}</p>
        <MapStateControls
          map={map}
          now={now}
          onSetState={onSetState}
          slots={slots}
          onRegisterLicense={onRegisterLicense}
        />
      </div>
      <MapCardActions
        map={map}
        href={href}
        titleId={titleId}
        busyLabel={busyLabel}
        renaming={renaming}
        onRename={startRenaming}
        onDuplicate={onDuplicate}
        onHistory={onHistory}
        onRegisterLicense={onRegisterLicense}
        onDelete={onDelete}
      />
    </article>
  );
}

interface MapCardActionsProps {
  map: MapSummary;
  href: string;
  titleId: string;
  busyLabel?: string | null;
  renaming: boolean;
  onRename: () => void;
  onDuplicate: () => void;
  onHistory: () => void;
  onRegisterLicense: () => void;
  onDelete: () => void;
}

/** Open (or what the card is busy with), History, and the menu of every action. */
function MapCardActions({
  map,
  href,
  titleId,
  busyLabel,
  renaming,
  onRename,
  onDuplicate,
  onHistory,
  onRegisterLicense,
  onDelete,
}: MapCardActionsProps) {
  const navigate = useNavigate();
  return (
    <div className="map-card__actions">
      {busyLabel ? (
        <span className="map-card__busy">
          <Spinner size="sm" label={busyLabel} />
          <span aria-hidden="true">{busyLabel}</span>
        </span>
      ) : (
        <Link to={href} className="btn btn--secondary btn--sm" aria-describedby={titleId}>
          Open
        </Link>
      )}
      <button type="button" className="btn btn--ghost btn--sm" onClick={onHistory} aria-describedby={titleId}>
        <HistoryIcon size={16} />
        History
      </button>
      <DropdownMenu
        align="end"
        label={`More actions for ${map.title}`}
        triggerClassName="btn btn--ghost btn--sm map-card__more"
        trigger={<MoreIcon />}
        items={[
          { id: 'open', title: 'Open', leading: <OpenIcon />, onSelect: () => void navigate(href) },
          { id: 'rename', title: 'Rename', leading: <PencilIcon />, disabled: renaming, onSelect: onRename },
          {
            id: 'duplicate',
            title: 'Duplicate',
            leading: <CopyIcon />,
            disabled: !!busyLabel,
            onSelect: onDuplicate,
          },
          { id: 'history', title: 'Version history', leading: <HistoryIcon size={18} />, onSelect: onHistory },
          {
            id: 'analytics',
            title: 'Analytics',
            leading: <ChartIcon />,
            onSelect: () => void navigate(`${href}/analytics`),
          },
          { id: 'license', title: 'Register license', leading: <KeyIcon />, onSelect: onRegisterLicense },
          { id: 'delete', title: 'Delete', leading: <TrashIcon />, disabled: !!busyLabel, onSelect: onDelete },
        ]}
      />
    </div>
  );
}

/** The map's preview with its state badge and what visitors see against the draft (ADR 018). */
/** The badge as a screen reader reads it: its label as words, then its description. */
const spokenBadge = (badge: { label: string; description: string }) =>
  `${badge.label.replace(/\s*·\s*/g, ', ')}. ${badge.description}`;

function MapCardMedia({ map, now }: { map: MapSummary; now: Date }) {
  const badge = stateBadge(map, now);
  return (
    <div className="map-card__media">
      <MapThumbnail previewUrl={map.previewUrl} />
      <div className="map-card__badges">
        <span className={`map-badge map-badge--${badge.tone}`} title={badge.description}>
          {/* Read as one clean sentence ('Test, 7 days left. A free test map…'): the visible '·' and a lone period
              before the description would be read out as punctuation. */}
          <span aria-hidden="true">{badge.label}</span>
          <span className="visually-hidden">{spokenBadge(badge)}</span>
        </span>
        <span
          className={`map-publication publication publication--${map.publication}`}
          data-publication={map.publication}
        >
          {PUBLICATION_LABELS[map.publication]}
        </span>
      </div>
    </div>
  );
}

interface MapCardTitleProps {
  map: MapSummary;
  titleId: string;
  href: string;
  renaming: boolean;
  renameBox: RefObject<HTMLDivElement | null>;
  titleLink: RefObject<HTMLAnchorElement | null>;
  onRename: MapCardProps['onRename'];
  stopRenaming: () => void;
}

/** The title as a link to the editor, or the field that renames the map in place (Escape or Cancel leaves it). */
function MapCardTitle({
  map,
  titleId,
  href,
  renaming,
  renameBox,
  titleLink,
  onRename,
  stopRenaming,
}: MapCardTitleProps) {
  return renaming ? (
    <div
      ref={renameBox}
      className="map-card__rename"
      onKeyDown={(event) => {
        if (event.key === 'Escape') stopRenaming();
      }}
    >
      {/* No maxLength: it would cut a pasted title unseen. One too long is said as it is typed, kept whole, never saved. */}
      <InlineTextField
        label="Map title"
        value={map.title}
        validate={titleProblem}
        checkAsTyped
        onSave={async (title) => {
          await onRename(title);
          stopRenaming();
        }}
      />
      <button type="button" className="btn btn--ghost btn--sm map-card__rename-cancel" onClick={stopRenaming}>
        Cancel
      </button>
      <span id={titleId} className="visually-hidden">
        {map.title}
      </span>
    </div>
  ) : (
    <h2 className="map-card__title">
      <Link ref={titleLink} id={titleId} to={href} className="map-card__link">
        {map.title}
      </Link>
    </h2>
  );
}
