import { Fragment, useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { HISTORY_NAME_MAX } from '@mapnest/shared/constants';
import { parseVersionLabel } from '@mapnest/shared/keys';
import type { HistoryEntry } from '@mapnest/shared/maps';
import { Spinner } from '../../../components/Spinner';
import { absoluteTime, countsLabel, exactTime, relativeTime } from '../map-format';
import { namedVersion, type VersionRow } from './history-rows';
import { PencilIcon, RestoreIcon, TagIcon, TrashIcon } from '../MapIcons';

/** How a version was made; a restore names the version it restored, by its name too when it has one (`fromName`). */
function kindLabel(entry: HistoryEntry, fromName: string | null): string {
  const from = entry.restoredFrom ? parseVersionLabel(entry.restoredFrom) : null;
  const restored = from === null ? null : `Restored from ${namedVersion({ version: from, name: fromName })}`;
  switch (entry.kind) {
    case 'create':
      return 'Created';
    case 'restore':
      return restored ?? 'Restored';
    case 'admin':
      // An administrator's restore keeps the version it restored.
      return restored ? `${restored} by an administrator` : 'Changed by an administrator';
    default:
      return 'Saved';
  }
}

/** The row's second line after its time: number, kind, counts and when it was published. */
function metaOf(entry: HistoryEntry, fromName: string | null): string[] {
  return [
    entry.name ? `Version ${entry.version}` : null,
    kindLabel(entry, fromName),
    countsLabel(entry.metrics),
    entry.publishedAt ? `Published ${absoluteTime(entry.publishedAt)}` : null,
  ].filter((part): part is string => !!part);
}

/** When and how a version was made, its counts and its publish date, as lines that wrap between parts. */
function VersionMeta({ entry, fromName }: { entry: VersionRow; fromName: string | null }) {
  const meta = metaOf(entry, fromName);
  return (
    <p className="history__meta">
      {/* Each part brings its "·" before it, and the parts' row starts one separator further left than the
          clipping line: a part that starts a line has its separator cut off, so no line begins with "·". */}
      <span className="history__meta-parts">
        <span>
          <time dateTime={entry.created} title={exactTime(entry.created)}>
            {relativeTime(entry.created)}
          </time>
        </span>
        {meta.map((part) => (
          <Fragment key={part}>
            {' '}
            {/* Long parts wrap: a publish date, a restored version's name (up to 100 characters). */}
            <span className={part.startsWith('Published') || part.includes('“') ? 'history__meta-long' : undefined}>
              {part}
            </span>
          </Fragment>
        ))}
      </span>
    </p>
  );
}

interface HistoryRowProps {
  entry: VersionRow;
  isCurrent: boolean;
  /** The version visitors see (ADR 018): it cannot be deleted; it is marked 'Live'. */
  isPublished: boolean;
  onPreview: () => void;
  /** Publish this earlier version again (shown for versions that were published before). */
  onRepublish: () => void;
  busy: boolean;
  restoring: boolean;
  onRename: (name: string) => void;
  onRestore: () => void;
  onDelete: () => void;
  /** The name of the version this one restored, when that one is named. */
  restoredFromName?: string | null;
}

/** One version: its name or number, when and how it was made, its counts, and rename, restore and delete. */
/** Naming a version: the form's open state, and focus back on the rename button when it closes. */
function useNameEditing() {
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);
  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  return { editing, setEditing, renameButton, close };
}

export function HistoryRow({
  entry,
  isCurrent,
  isPublished,
  onPreview,
  onRepublish,
  busy,
  restoring,
  onRename,
  onRestore,
  onDelete,
  restoredFromName,
}: HistoryRowProps) {
  const { editing, setEditing, renameButton, close } = useNameEditing();
  const titleId = useId();

  const renameLabel = entry.name ? 'Rename' : isCurrent ? 'Name this version' : 'Name';

  return (
    <li
      className={['history__item', isCurrent ? 'is-current' : '', entry.pending ? 'is-pending' : '']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={titleId}
      aria-busy={entry.pending || busy || undefined}
      data-version-id={entry.historyMapId}
    >
      <div className="history__main">
        {/* A heading, to move from version to version with a screen reader's heading keys; focusable by script: focus
            lands here after this version is restored. */}
        <h3 id={titleId} className="history__title" tabIndex={-1}>
          {entry.name && <TagIcon size={15} className="history__tag" />}
          <span>{entry.name ?? `Version ${entry.version}`}</span>
          {(isCurrent || isPublished) && (
            // Together: a narrow row moves both badges to the next line, never one alone. The spaces between the
            // words keep them apart in the text ("Version 8 Current Live", not "Version 8CurrentLive").
            <>
              {' '}
              <span className="history__badges">
                {isCurrent && <span className="badge history__current">Current</span>}
                {isCurrent && isPublished && ' '}
                {isPublished && <span className="badge history__published">Live</span>}
              </span>
            </>
          )}
        </h3>
        <VersionMeta entry={entry} fromName={restoredFromName ?? null} />
        {editing && (
          <VersionNameForm
            initial={entry.name ?? ''}
            onCancel={close}
            onSave={(name) => {
              close();
              onRename(name);
            }}
          />
        )}
      </div>
      <HistoryRowActions
        pending={!!entry.pending}
        editing={editing}
        isCurrent={isCurrent}
        isPublished={isPublished}
        republishable={!!entry.publishedAt && !isPublished}
        onPreview={onPreview}
        onRepublish={onRepublish}
        busy={busy}
        restoring={restoring}
        titleId={titleId}
        renameLabel={renameLabel}
        renameButton={renameButton}
        onEdit={() => setEditing(true)}
        onRestore={onRestore}
        onDelete={onDelete}
      />
    </li>
  );
}

interface HistoryRowActionsProps {
  pending: boolean;
  editing: boolean;
  isCurrent: boolean;
  isPublished: boolean;
  republishable: boolean;
  onPreview: () => void;
  onRepublish: () => void;
  busy: boolean;
  restoring: boolean;
  titleId: string;
  renameLabel: string;
  renameButton: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
  onRestore: () => void;
  onDelete: () => void;
}

/**
 * Restore while another restore runs, or naming while a name is saved: said disabled (aria-disabled) but not
 * `disabled`, which would drop to <body> the keyboard focus of the button just pressed (or given back by a form).
 */
const unlessWaiting = (waiting: boolean, onClick: () => void) =>
  waiting ? { 'aria-disabled': true as const } : { onClick };

/** A version's buttons (none while its name is edited), or 'Restoring…' while a restore makes it. */
function HistoryRowActions({
  pending,
  editing,
  isCurrent,
  isPublished,
  republishable,
  onPreview,
  onRepublish,
  busy,
  restoring,
  titleId,
  renameLabel,
  renameButton,
  onEdit,
  onRestore,
  onDelete,
}: HistoryRowActionsProps) {
  return pending ? (
    <div className="history__actions">
      <Spinner size="sm" label="Restoring" />
      <span className="history__pending">Restoring…</span>
    </div>
  ) : (
    !editing && (
      <div className="history__actions">
        <button
          ref={renameButton}
          type="button"
          className="btn btn--ghost btn--sm"
          {...unlessWaiting(busy, onEdit)}
          aria-describedby={titleId}
        >
          <PencilIcon size={16} />
          {renameLabel}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onPreview} aria-describedby={titleId}>
          Preview
        </button>
        {republishable && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={busy}
            onClick={onRepublish}
            aria-describedby={titleId}
          >
            Publish again
          </button>
        )}
        {!isCurrent && (
          <>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={busy}
              {...unlessWaiting(restoring, onRestore)}
              aria-describedby={titleId}
            >
              <RestoreIcon size={16} />
              Restore
            </button>
            {!isPublished && (
              <button
                type="button"
                className="btn btn--ghost btn--sm history__delete"
                disabled={busy}
                onClick={onDelete}
                aria-describedby={titleId}
              >
                <TrashIcon size={16} />
                Delete
              </button>
            )}
          </>
        )}
      </div>
    )
  );
}

function VersionNameForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const id = useId();
  const tooLong = value.trim().length > HISTORY_NAME_MAX;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!tooLong) onSave(value);
  };
  return (
    <form className="history__form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        Version name
      </label>
      <input
        id={id}
        className="input"
        value={value}
        // The form opens on request, so focus belongs in it.
        autoFocus
        placeholder="e.g. Before the spring update"
        // No maxLength: it would cut a pasted name unseen; one too long is marked and said, and not saved.
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      <p id={`${id}-hint`} className="field__hint">
        {tooLong
          ? `A version name has at most ${HISTORY_NAME_MAX} characters.`
          : initial
            ? 'Leave empty to remove the name.'
            : 'Named versions are never pruned.'}
      </p>
      <div className="history__form-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={tooLong}>
          Save name
        </button>
        <button type="button" className="btn btn--secondary btn--sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
