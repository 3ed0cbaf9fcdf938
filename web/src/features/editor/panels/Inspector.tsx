import { useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import {
  LINK_TARGETS,
  LOCATION_ACTIONS,
  MARKER_TYPES,
  type Location,
  type MapDocument,
  type MarkerType,
} from '@mapnest/shared/map-document';
import { toFieldKey } from '@mapnest/shared/map-ids';
import {
  bulkUpdateLocations,
  deleteLocations,
  duplicateLocation,
  nextLocationId,
  updateLocation,
  type BulkPatch,
  type LocationPatch,
} from '../actions/locations';
import { ActionError, type EditorAction } from '../actions/registry';
import { useEditor, useEditorState } from '../editor-context';
import { filePickerAtom, selectionAtom } from '../editor-state';
import { CheckProp, ColorProp, NumberProp, SelectProp, Section, TextProp, type Commit } from './fields';
import { RichTextEditor } from './RichTextEditor';

/** Runs an action and returns its error message instead of showing it (forms show it by the field). */
export function useTry() {
  const { store } = useEditor();
  return <A,>(action: EditorAction<A>, args: A, coalesce?: string): string | null => {
    try {
      store.dispatch(action, args, coalesce ? { coalesce } : undefined);
      return null;
    } catch (err) {
      if (err instanceof ActionError) return err.message;
      throw err;
    }
  };
}

export function Inspector() {
  const [selection] = useAtom(selectionAtom);
  const { doc } = useEditorState();
  const ids = [...selection].filter((id) => doc.locations.some((l) => l.id === id));
  return (
    <aside className="editor__inspector" aria-label="Selected location">
      {ids.length === 0 && (
        <div className="inspector__empty">
          <h2>Nothing selected</h2>
          <p>
            Click a location on the map or in the list to edit it. Choose “+ Add location” and click the map to place
            new ones; drag a marker to move it.
          </p>
          <p className="panel__hint">
            Shortcuts: A add, V select, Delete removes the selection, Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo,
            Ctrl/⌘+S save.
          </p>
        </div>
      )}
      {ids.length === 1 && <LocationForm key={ids[0]} loc={doc.locations.find((l) => l.id === ids[0])!} doc={doc} />}
      {ids.length > 1 && <BulkPanel ids={ids} doc={doc} />}
    </aside>
  );
}

const MARKER_LABELS: Record<MarkerType, string> = {
  hidden: 'Hidden (SVG element only)',
  circle: 'Circle',
  dot: 'Dot',
  square: 'Square',
  rounded: 'Rounded',
  pin: 'Pin',
  thumb: 'Thumbnail',
  text: 'Text',
};

function LocationForm({ loc, doc }: { loc: Location; doc: MapDocument }) {
  const attempt = useTry();
  const [, setSelection] = useAtom(selectionAtom);
  const setPicker = useSetAtom(filePickerAtom);
  const { run, canvas } = useEditor();
  const set = (patch: LocationPatch, field?: string): string | null =>
    attempt(updateLocation, { id: loc.id, patch }, field ? `${loc.id}:${field}` : undefined);
  const text =
    (field: keyof Location): Commit<string> =>
    (v) =>
      set({ [field]: v === '' ? undefined : v } as LocationPatch, field);
  const layerOptions = [
    { value: '', label: 'Every layer' },
    ...doc.layers.map((l) => ({ value: l.id, label: l.name })),
  ];
  const geo = doc.settings.geo;

  return (
    <form className="location-form" onSubmit={(e) => e.preventDefault()} aria-label={`Location ${loc.title || loc.id}`}>
      <div className="inspector__head">
        <h2>{loc.title || loc.id}</h2>
        <div className="panel__row">
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => canvas()?.reveal(loc.id)}>
            Show on map
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => {
              const newId = nextLocationId(doc, `${loc.id}-copy`);
              if (run(duplicateLocation, { id: loc.id, newId })) setSelection(new Set([newId]));
            }}
          >
            Duplicate
          </button>
          <button
            type="button"
            className="btn btn--danger btn--sm"
            onClick={() => run(deleteLocations, { ids: [loc.id] }) && setSelection(new Set())}
          >
            Delete
          </button>
        </div>
      </div>

      <Section title="Content">
        <TextProp label="Title" name="title" value={loc.title ?? ''} commit={text('title')} maxLength={200} />
        <TextProp
          label="Id"
          name="id"
          value={loc.id}
          onBlurOnly
          hint="Unique; also links the location to the SVG element with this id, and appears in links (?location=id)."
          commit={(v) => {
            const problem = set({ id: v.trim() });
            if (!problem) setSelection(new Set([v.trim()]));
            return problem;
          }}
        />
        <TextProp
          label="About"
          name="about"
          value={loc.about ?? ''}
          commit={text('about')}
          multiline
          hint="Short text for popups, tooltips and the directory."
        />
        <RichTextEditor label="Description" value={loc.desc ?? ''} commit={text('desc')} />
        <UrlProp
          label="Image"
          value={loc.image}
          commit={text('image')}
          onPick={() => setPicker({ onPick: (url) => set({ image: url }) })}
        />
        <UrlProp
          label="Thumbnail"
          value={loc.thumb}
          commit={text('thumb')}
          hint="An image URL, or up to 3 characters drawn as text."
          onPick={() => setPicker({ onPick: (url) => set({ thumb: url }) })}
        />
        <TextProp
          label="Link"
          name="link"
          value={loc.link ?? ''}
          commit={text('link')}
          type="url"
          placeholder="https://…"
        />
        <SelectProp
          label="Open link in"
          value={loc.target ?? ''}
          options={[{ value: '', label: 'Default' }, ...LINK_TARGETS.map((t) => ({ value: t, label: t }))]}
          commit={(v) => set({ target: v === '' ? undefined : (v as Location['target']) })}
        />
        <TextProp label="“More” button label" value={loc.more ?? ''} commit={text('more')} maxLength={50} />
        <TextProp
          label="Phone"
          name="phone"
          value={loc.phone ?? ''}
          commit={text('phone')}
          type="tel"
          hint="Several numbers: separate them with commas."
        />
        <TextProp label="Email" name="email" value={loc.email ?? ''} commit={text('email')} type="email" />
        <TextProp
          label="Opening hours"
          name="hours"
          value={loc.hours ?? ''}
          commit={text('hours')}
          hint="Separate lines with ‘;’, e.g. Mon-Fri 9-18; Sat 10-16"
        />
      </Section>

      <Section title="Appearance">
        <SelectProp
          label="Marker"
          value={loc.type ?? ''}
          options={[
            { value: '', label: `Map default (${MARKER_LABELS[doc.settings.markerType]})` },
            ...MARKER_TYPES.map((t) => ({ value: t, label: MARKER_LABELS[t] })),
          ]}
          commit={(v) => set({ type: v === '' ? undefined : (v as MarkerType) })}
        />
        <ColorProp
          label="Colour"
          value={loc.color}
          commit={(v) => set({ color: v })}
          hint={loc.style ? 'The style’s colours take precedence.' : undefined}
        />
        <SelectProp
          label="Style"
          value={loc.style ?? ''}
          options={[{ value: '', label: 'None' }, ...doc.styles.map((s) => ({ value: s.id, label: s.name || s.id }))]}
          commit={(v) => set({ style: v === '' ? undefined : v })}
        />
        <TextProp
          label="Label"
          value={loc.label ?? ''}
          commit={text('label')}
          maxLength={3}
          hint="Up to 3 characters inside the marker."
        />
        <NumberProp
          label="Size"
          value={loc.scale}
          min={0.1}
          max={10}
          placeholder="1"
          commit={(v) => set({ scale: v })}
        />
      </Section>

      <Section title="Behaviour">
        <SelectProp
          label="Layer"
          value={loc.layer ?? ''}
          options={layerOptions}
          commit={(v) => set({ layer: v === '' ? undefined : v })}
        />
        <GroupsField loc={loc} doc={doc} commit={(groups) => set({ groups })} />
        <SelectProp
          label="On click"
          value={loc.action ?? ''}
          options={[
            { value: '', label: `Map default (${doc.settings.popup.action})` },
            ...LOCATION_ACTIONS.map((a) => ({
              value: a,
              label:
                a === 'tooltip'
                  ? 'Popup on the map'
                  : a === 'sidebar'
                    ? 'Details in the sidebar'
                    : a === 'link'
                      ? 'Open the link'
                      : 'Nothing',
            })),
          ]}
          commit={(v) => set({ action: v === '' ? undefined : (v as Location['action']) })}
        />
        <NumberProp
          label="Zoom when opened"
          value={loc.zoom}
          min={1}
          max={50}
          placeholder="Fit"
          commit={(v) => set({ zoom: v })}
        />
        <CheckProp
          label="Hidden from the directory"
          checked={!!loc.hide}
          commit={(v) => set({ hide: v || undefined })}
        />
        <CheckProp
          label="Disabled (not clickable, not listed)"
          checked={!!loc.disable}
          commit={(v) => set({ disable: v || undefined })}
        />
        <div className="panel__row">
          <NumberProp
            label="X (0-1)"
            value={loc.coord?.[0]}
            min={0}
            max={1}
            commit={(x) => (x === undefined ? 'Required' : set({ coord: [x, loc.coord?.[1] ?? 0.5] }))}
          />
          <NumberProp
            label="Y (0-1)"
            value={loc.coord?.[1]}
            min={0}
            max={1}
            commit={(y) => (y === undefined ? 'Required' : set({ coord: [loc.coord?.[0] ?? 0.5, y] }))}
          />
        </div>
        {geo && (
          <div className="panel__row">
            <NumberProp
              label="Latitude"
              value={loc.latlon?.[0]}
              min={-85.05}
              max={85.05}
              commit={(lat) =>
                lat === undefined
                  ? set({ latlon: undefined })
                  : set({ latlon: [lat, loc.latlon?.[1] ?? 0], coord: undefined })
              }
            />
            <NumberProp
              label="Longitude"
              value={loc.latlon?.[1]}
              min={-180}
              max={180}
              commit={(lon) =>
                lon === undefined
                  ? set({ latlon: undefined })
                  : set({ latlon: [loc.latlon?.[0] ?? 0, lon], coord: undefined })
              }
            />
          </div>
        )}
      </Section>

      <Section title="Custom fields" open={!!loc.fields}>
        <CustomFields loc={loc} commit={(fields) => set({ fields })} />
      </Section>
    </form>
  );
}

function UrlProp({
  label,
  value,
  commit,
  onPick,
  hint,
}: {
  label: string;
  value: string | undefined;
  commit: Commit<string>;
  onPick: () => void;
  hint?: string;
}) {
  return (
    <div className="url-prop">
      <TextProp label={label} value={value ?? ''} commit={commit} hint={hint} placeholder="/files/… or https://…" />
      <button type="button" className="btn btn--ghost btn--sm" onClick={onPick}>
        Choose from library…
      </button>
    </div>
  );
}

function GroupsField({ loc, doc, commit }: { loc: Location; doc: MapDocument; commit: Commit<string[] | undefined> }) {
  const [error, setError] = useState<string | null>(null);
  const own = new Set(loc.groups ?? []);
  if (doc.groups.length === 0) return <p className="panel__hint">Groups: none yet (add them in the Groups tab).</p>;
  return (
    <fieldset className="field groups-field">
      <legend className="field__label">Groups</legend>
      {doc.groups.map((g) => (
        <label key={g.id} className="check">
          <input
            type="checkbox"
            checked={own.has(g.id)}
            onChange={(e) => {
              const next = (loc.groups ?? []).filter((x) => x !== g.id);
              if (e.target.checked) next.push(g.id);
              setError(commit(next.length ? next : undefined));
            }}
          />
          <span className="vlist__swatch" style={{ background: g.color ?? '#cbd5e1' }} aria-hidden="true" />
          <span>{g.name}</span>
        </label>
      ))}
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}

function CustomFields({ loc, commit }: { loc: Location; commit: Commit<Record<string, string> | undefined> }) {
  const [newKey, setNewKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fields = loc.fields ?? {};
  return (
    <div className="custom-fields">
      {Object.entries(fields).map(([k, v]) => (
        <div key={k} className="custom-fields__row">
          <TextProp label={k} value={v} commit={(value) => commit({ ...fields, [k]: value })} />
          <button
            type="button"
            className="icon-btn"
            aria-label={`Remove field ${k}`}
            onClick={() => {
              const { [k]: _gone, ...rest } = fields;
              setError(commit(Object.keys(rest).length ? rest : undefined));
            }}
          >
            ×
          </button>
        </div>
      ))}
      <div className="panel__row">
        <input
          className="input"
          aria-label="New field name"
          placeholder="New field name (e.g. price)"
          value={newKey}
          onChange={(e) => setNewKey(e.target.value)}
        />
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={!newKey.trim()}
          onClick={() => {
            const key = toFieldKey(newKey.trim());
            if (!key) return setError('A field name needs letters or digits');
            if (key in fields) return setError(`There is already a field “${key}”`);
            const problem = commit({ ...fields, [key]: '' });
            setError(problem);
            if (!problem) setNewKey('');
          }}
        >
          Add field
        </button>
      </div>
      <p className="panel__hint">Use a field as {'{{name}}'} in About or Description, and in filters.</p>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

function BulkPanel({ ids, doc }: { ids: string[]; doc: MapDocument }) {
  const attempt = useTry();
  const { run } = useEditor();
  const [, setSelection] = useAtom(selectionAtom);
  const [message, setMessage] = useState<string | null>(null);
  const apply = (patch: BulkPatch) => {
    const problem = attempt(bulkUpdateLocations, { ids, patch });
    setMessage(problem);
    return problem;
  };
  return (
    <div className="bulk-panel">
      <div className="inspector__head">
        <h2>{ids.length} locations selected</h2>
        <button
          type="button"
          className="btn btn--danger btn--sm"
          onClick={() => run(deleteLocations, { ids }) && setSelection(new Set())}
        >
          Delete {ids.length}
        </button>
      </div>
      <p className="panel__hint">Changes apply to every selected location; Undo reverts them in one step.</p>
      <SelectProp
        label="Layer"
        value={'' as string}
        options={[
          { value: '', label: 'Choose…' },
          { value: '*', label: 'Every layer' },
          ...doc.layers.map((l) => ({ value: l.id, label: l.name })),
        ]}
        commit={(v) => (v ? apply({ layer: v === '*' ? null : v }) : null)}
      />
      <SelectProp
        label="Add to group"
        value={'' as string}
        options={[{ value: '', label: 'Choose…' }, ...doc.groups.map((g) => ({ value: g.id, label: g.name }))]}
        commit={(v) => (v ? apply({ addGroups: [v] }) : null)}
      />
      <SelectProp
        label="Remove from group"
        value={'' as string}
        options={[{ value: '', label: 'Choose…' }, ...doc.groups.map((g) => ({ value: g.id, label: g.name }))]}
        commit={(v) => (v ? apply({ removeGroups: [v] }) : null)}
      />
      <SelectProp
        label="Style"
        value={'' as string}
        options={[
          { value: '', label: 'Choose…' },
          { value: '*', label: 'No style' },
          ...doc.styles.map((s) => ({ value: s.id, label: s.name || s.id })),
        ]}
        commit={(v) => (v ? apply({ style: v === '*' ? null : v }) : null)}
      />
      <SelectProp
        label="Marker"
        value={'' as string}
        options={[
          { value: '', label: 'Choose…' },
          { value: '*', label: 'Map default' },
          ...MARKER_TYPES.map((t) => ({ value: t, label: MARKER_LABELS[t] })),
        ]}
        commit={(v) => (v ? apply({ type: v === '*' ? null : (v as MarkerType) }) : null)}
      />
      <ColorProp label="Colour" value={undefined} commit={(v) => apply({ color: v ?? null })} />
      <div className="panel__row">
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => apply({ hide: true })}>
          Hide from directory
        </button>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => apply({ hide: false })}>
          Show in directory
        </button>
      </div>
      {message && (
        <p className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
