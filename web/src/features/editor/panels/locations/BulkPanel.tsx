import { useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { MARKER_TYPES, type MapDocument, type MarkerType } from '@mapnest/shared/map-document';
import { bulkUpdateLocations, deleteLocations, type BulkPatch } from '../../actions/locations';
import { copyByButton } from '../../clipboard-buttons';
import { runCommand, useCommandContext } from '../../commands';
import { usePrimaryPointerIsCoarse } from '../../../../lib/pointer-words';
import { useEditor } from '../../editor-context';
import { announcementAtom, selectionAtom } from '../../editor-state';
import { ColorProp, SelectProp, type Commit } from '../fields';
import { MARKER_LABELS } from './LocationForm';
import { markerSwatch } from './LocationListbox';
import { useTry } from '../use-try';
import { AboutField } from './AboutField';
import { number } from '../../../../lib/words';

/** Applies a patch to every selected location, said as `what` ('Move to group “Sold”'); the refusal, else null. */
type Apply = (patch: BulkPatch, what: string) => string | null;

/** How many are selected, with what can be done to all of them at once. */
function BulkHead({ ids }: { ids: readonly string[] }) {
  const { run } = useEditor();
  const commands = useCommandContext();
  const coarse = usePrimaryPointerIsCoarse(); // no Ctrl/⌘+C on a touch screen
  const [, setSelection] = useAtom(selectionAtom);
  return (
    <div className="inspector__head">
      <h2 tabIndex={-1}>{number(ids.length)} locations selected</h2>
      <div className="panel__row">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => runCommand('selection.duplicate', commands)}
        >
          Duplicate {number(ids.length)}
        </button>
        {coarse && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void copyByButton(commands)}>
            Copy {number(ids.length)}
          </button>
        )}
        <button
          type="button"
          className="btn btn--danger btn--sm"
          onClick={() => run(deleteLocations, { ids }) && setSelection(new Set())}
        >
          Delete {number(ids.length)}
        </button>
      </div>
    </div>
  );
}

/** Changes for several selected locations at once. */
export function BulkPanel({ ids, doc }: { ids: string[]; doc: MapDocument }) {
  const attempt = useTry();
  const [message, setMessage] = useState<string | null>(null);
  const setAnnouncement = useSetAtom(announcementAtom);
  /** Applies `patch` to every selected location; a screen reader hears `what` was done (the form shows no change). */
  const apply = (patch: BulkPatch, what: string) => {
    const problem = attempt(bulkUpdateLocations, { ids, patch });
    setMessage(problem);
    if (!problem) setAnnouncement((a) => ({ text: `${what}: ${ids.length} locations changed.`, n: a.n + 1 }));
    return problem;
  };
  const groups = doc.groups.map((g) => ({ value: g.id, label: g.name }));
  return (
    <div className="bulk-panel">
      <BulkHead ids={ids} />
      <p className="panel__hint">Changes apply to every selected location; Undo reverts them in one step.</p>
      <BulkChoice
        label="Layer"
        options={[{ value: '*', label: 'Every layer' }, ...doc.layers.map((l) => ({ value: l.id, label: l.name }))]}
        apply={apply}
        patch={(v) => ({ layer: v === '*' ? null : v })}
      />
      {/* Marking lots sold: Add to group left them in Available and Sold at once, shown green and counted as both. */}
      <BulkChoice
        label="Move to group"
        options={[...groups, { value: '*', label: 'No group' }]}
        apply={apply}
        patch={(v) => ({ groups: v === '*' ? [] : [v] })}
      />
      <BulkChoice label="Add to group" options={groups} apply={apply} patch={(v) => ({ addGroups: [v] })} />
      <BulkChoice label="Remove from group" options={groups} apply={apply} patch={(v) => ({ removeGroups: [v] })} />
      <BulkChoice
        label="Style"
        options={[
          { value: '*', label: 'No style' },
          ...doc.styles.map((s) => ({ value: s.id, label: s.name || s.id })),
        ]}
        apply={apply}
        patch={(v) => ({ style: v === '*' ? null : v })}
      />
      <BulkChoice
        label="Marker"
        options={[
          { value: '*', label: 'Map default' },
          ...MARKER_TYPES.map((t) => ({ value: t, label: MARKER_LABELS[t] })),
        ]}
        apply={apply}
        patch={(v) => ({ type: v === '*' ? null : (v as MarkerType) })}
      />
      <BulkColour ids={ids} doc={doc} commit={(v) => apply({ color: v ?? null }, 'Colour')} />
      <BulkAbout ids={ids} doc={doc} commit={(v) => apply({ about: v.trim() ? v : null }, 'About')} />
      <DirectoryButtons apply={apply} />
      {message && (
        <p className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

/** Hide from directory, Show in directory: for every selected location. */
function DirectoryButtons({ apply }: { apply: Apply }) {
  return (
    <div className="panel__row">
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => apply({ hide: true }, 'Hidden from directory')}
      >
        Hide from directory
      </button>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => apply({ hide: false }, 'Shown in directory')}
      >
        Show in directory
      </button>
    </div>
  );
}

/**
 * The selected locations' Colour, as the location form's: their own colour when they share one; when none has one,
 * empty, saying Default, with the swatch in the colour the map draws them in (their style's, group's or the primary
 * colour), not black; when their own colours differ, 'Mixed'. A colour set here applies to all; emptied, it clears.
 */
function BulkColour({ ids, doc, commit }: { ids: string[]; doc: MapDocument; commit: Commit<string | undefined> }) {
  const chosen = new Set(ids);
  const locations = doc.locations.filter((l) => chosen.has(l.id));
  const own = new Set(locations.map((l) => l.color));
  const drawn = markerSwatch(doc.styles, doc.groups, doc.settings.primaryColor);
  const defaults = new Set(locations.map((l) => drawn({ ...l, color: undefined })));
  const first = locations[0];
  const shared = own.size === 1 ? first?.color : undefined;
  const mixed = own.size > 1;
  const hint = mixed
    ? 'The selected locations have different colours; the swatch shows the first one’s.'
    : shared === undefined && defaults.size > 1
      ? 'Their default colours differ (their styles’ or groups’); the swatch shows the first one’s.'
      : undefined;
  return (
    <ColorProp
      label="Colour"
      value={shared}
      fallback={first ? drawn(first) : null}
      placeholder={mixed ? 'Mixed' : undefined}
      hint={hint}
      commit={commit}
    />
  );
}

/**
 * The selected locations' About: one text for all, whose {{field}} placeholders show each one's own values (a site
 * plan's "{{price}} · {{bedrooms}} bedrooms" for its 120 plots at once), previewed for the first of them. Their texts
 * shown when they share one; when they differ, the field is empty and says a text here replaces each.
 */
function BulkAbout({ ids, doc, commit }: { ids: string[]; doc: MapDocument; commit: Commit<string> }) {
  const chosen = new Set(ids);
  const locations = doc.locations.filter((l) => chosen.has(l.id));
  const texts = new Set(locations.map((l) => l.about ?? ''));
  if (!locations[0]) return null;
  const shared = texts.size === 1 ? [...texts][0] : '';
  return (
    <>
      {texts.size > 1 && (
        <p className="panel__hint">Their About texts differ: a text written here replaces each of them.</p>
      )}
      <AboutField loc={{ ...locations[0], about: shared }} doc={doc} commit={commit} />
    </>
  );
}

/**
 * A select that always shows “Choose…” and applies the option picked to every selected location, said as
 * 'Move to group “Sold”'.
 */
function BulkChoice({
  label,
  options,
  patch,
  apply,
}: {
  label: string;
  options: { value: string; label: string }[];
  patch: (value: string) => BulkPatch;
  apply: Apply;
}) {
  const named = (v: string) => `${label} “${options.find((o) => o.value === v)?.label ?? v}”`;
  return (
    <SelectProp
      label={label}
      value={'' as string}
      options={[{ value: '', label: 'Choose…' }, ...options]}
      commit={(v) => (v ? apply(patch(v), named(v)) : null)}
    />
  );
}
