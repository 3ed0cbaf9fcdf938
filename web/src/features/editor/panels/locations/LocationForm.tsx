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
import { deleteLocations, updateLocation, type LocationPatch } from '../../actions/locations';
import { copyByButton } from '../../clipboard-buttons';
import { runCommand, useCommandContext } from '../../commands';
import { usePrimaryPointerIsCoarse } from '../../../../lib/pointer-words';
import { staleStyle } from '@mapnest/shared/group-styles';
import { emailAddress, emailProblem, phoneProblem, webAddress } from '@mapnest/shared/map-rules';
import { useEditor } from '../../editor-context';
import { revealIfScrolledPast } from '../../editor-layout';
import { filePickerAtom, selectionAtom } from '../../editor-state';
import { CheckProp, ColorProp, NumberProp, SelectProp, Section, TextProp, type Commit } from '../fields';
import { RichTextEditor } from '../RichTextEditor';
import { useTry } from '../use-try';
import { AboutField, StaleAboutNote } from './AboutField';
import { markerSwatch } from './LocationListbox';
import { ShapeField } from './ShapeField';
import { UrlProp } from './UrlProp';
import { imageForVisitors, wantsWebCopy, type PickedFile, type WebUse } from './web-image';

export const MARKER_LABELS: Record<MarkerType, string> = {
  hidden: 'Hidden (SVG element only)',
  circle: 'Circle',
  dot: 'Dot',
  square: 'Square',
  rounded: 'Rounded',
  pin: 'Pin',
  thumb: 'Thumbnail',
  text: 'Text',
};

const ACTION_LABELS: Record<(typeof LOCATION_ACTIONS)[number], string> = {
  tooltip: 'Popup on the map',
  sidebar: 'Details in the sidebar',
  lightbox: 'A lightbox (large, over the map)',
  link: 'Open the link',
  none: 'Nothing',
};

/** What each section of the form edits with: the location, its map, and commits that return a problem or null. */
interface LocationEdit {
  loc: Location;
  doc: MapDocument;
  /** Patches the location (one undo step per field while typing in it). */
  set: (patch: LocationPatch, field?: string) => string | null;
  /** Commits a text field; empty text removes it. */
  text: (field: keyof Location) => Commit<string>;
}

/** The form for the one selected location. */
export function LocationForm({ loc, doc }: { loc: Location; doc: MapDocument }) {
  const attempt = useTry();
  const set = (patch: LocationPatch, field?: string): string | null =>
    attempt(updateLocation, { id: loc.id, patch }, field ? `${loc.id}:${field}` : undefined);
  const text =
    (field: keyof Location): Commit<string> =>
    (v) =>
      set({ [field]: v === '' ? undefined : v } as LocationPatch, field);
  const edit: LocationEdit = { loc, doc, set, text };

  return (
    <form className="location-form" onSubmit={(e) => e.preventDefault()} aria-label={`Location ${loc.title || loc.id}`}>
      <LocationHead loc={loc} />
      <StaleAboutNote loc={loc} doc={doc} />

      <Section title="Content">
        <ContentFields {...edit} />
        <LinkAndContactFields {...edit} />
      </Section>

      <Section title="Appearance">
        <AppearanceFields {...edit} />
      </Section>

      <Section title="Behaviour">
        <BehaviourFields {...edit} />
      </Section>

      <Section title="Custom fields" open={!!loc.fields}>
        <CustomFields loc={loc} commit={(fields) => set({ fields })} />
      </Section>
    </form>
  );
}

/** The location's name with Show on map, Duplicate and Delete. */
function LocationHead({ loc }: { loc: Location }) {
  const [, setSelection] = useAtom(selectionAtom);
  const { run, canvas } = useEditor();
  const commands = useCommandContext();
  const coarse = usePrimaryPointerIsCoarse(); // no Ctrl/⌘+C on a touch screen
  return (
    <div className="inspector__head">
      <h2 tabIndex={-1}>{loc.title || loc.id}</h2>
      <div className="panel__row">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={(e) => {
            canvas()?.reveal(loc.id);
            revealIfScrolledPast(e.currentTarget.closest('.editor')?.querySelector('.editor__canvas'));
          }}
        >
          Show on map
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => runCommand('selection.duplicate', commands)}
        >
          Duplicate
        </button>
        {coarse && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void copyByButton(commands)}>
            Copy
          </button>
        )}
        <button
          type="button"
          className="btn btn--danger btn--sm"
          onClick={() => run(deleteLocations, { ids: [loc.id] }) && setSelection(new Set())}
        >
          Delete
        </button>
      </div>
    </div>
  );
}

/** Title, id, texts and images. */
function ContentFields({ loc, doc, set, text }: LocationEdit) {
  const [, setSelection] = useAtom(selectionAtom);
  const setPicker = useSetAtom(filePickerAtom);
  const pickImage = usePickedImage(set);
  return (
    <>
      {/* No maxLength: it would cut a pasted title unseen (and short of the map's own limit); one too long is refused
          with its message under the field. */}
      <TextProp label="Title" name="title" value={loc.title ?? ''} commit={text('title')} />
      <TextProp
        label="Id"
        name="id"
        value={loc.id}
        onBlurOnly
        hint="Unique; appears in links (?location=id), and links the location to the SVG element with this id on its floor unless its Shape names another."
        commit={(v) => {
          const problem = set({ id: v.trim() });
          if (!problem) setSelection(new Set([v.trim()]));
          return problem;
        }}
      />
      <AboutField loc={loc} doc={doc} commit={text('about')} />
      <RichTextEditor label="Description" value={loc.desc ?? ''} commit={text('desc')} />
      <UrlProp
        label="Image"
        value={loc.image}
        commit={text('image')}
        onPick={() => setPicker({ onPick: (url, file) => void pickImage(url, file, 'image') })}
      />
      <UrlProp
        label="Thumbnail"
        value={loc.thumb}
        commit={text('thumb')}
        hint="An image URL, or up to 3 characters drawn as text."
        onPick={() => setPicker({ onPick: (url, file) => void pickImage(url, file, 'thumb') })}
      />
    </>
  );
}

/**
 * The image or thumbnail picked from the library for the location, or the copy made of it for the web when it is a
 * large raster (./web-image.ts), said in a notice; when no copy can be made, the picked file itself, with why.
 */
function usePickedImage(set: LocationEdit['set']) {
  const { notify } = useEditor();
  return async (url: string, file: PickedFile, use: WebUse) => {
    if (!wantsWebCopy(file, use)) return void set({ [use]: url });
    notify(`Making a copy of “${file.name}” for the web…`, 'info');
    try {
      const picked = await imageForVisitors(url, file, use);
      set({ [use]: picked.url });
      if (picked.said) notify(picked.said, 'info');
    } catch (e) {
      set({ [use]: url });
      notify(
        `“${file.name}” is used as it is: no copy for the web could be made (${e instanceof Error ? e.message : String(e)}).`,
      );
    }
  };
}

/** The link (where it opens, its button's label) and the ways to get in touch. */
function LinkAndContactFields({ loc, set, text }: LocationEdit) {
  return (
    <>
      <TextProp
        label="Link"
        name="link"
        value={loc.link ?? ''}
        commit={(v) => text('link')(webAddress(v))}
        type="url"
        placeholder="https://…"
      />
      <SelectProp
        label="Open link in"
        value={loc.target ?? ''}
        options={[{ value: '', label: 'Default' }, ...LINK_TARGETS.map((t) => ({ value: t, label: t }))]}
        commit={(v) => set({ target: v === '' ? undefined : (v as Location['target']) })}
      />
      <TextProp label="“More” button label" value={loc.more ?? ''} commit={text('more')} />
      <TextProp
        label="Phone"
        name="phone"
        value={loc.phone ?? ''}
        commit={(v) => phoneProblem(v) ?? text('phone')(v.trim())}
        type="tel"
        hint="Several numbers: separate them with commas."
      />
      <TextProp
        label="Email"
        name="email"
        value={loc.email ?? ''}
        commit={(v) => emailProblem(emailAddress(v)) ?? text('email')(emailAddress(v))}
        type="email"
      />
      <TextProp
        label="Opening hours"
        name="hours"
        value={loc.hours ?? ''}
        commit={text('hours')}
        hint="Separate lines with ‘;’, e.g. Mon-Fri 9-18; Sat 10-16"
      />
    </>
  );
}

/** The colour the map draws a location in while its own Colour is empty: its style's, its group's or the primary. */
const defaultLocationColor = (loc: Location, doc: MapDocument) =>
  markerSwatch(doc.styles, doc.groups, doc.settings.primaryColor)({ ...loc, color: undefined });

/** Marker, colour, style, label and size. */
function AppearanceFields({ loc, doc, set, text }: LocationEdit) {
  const staleGroup = staleStyle(loc, doc);
  return (
    <>
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
        fallback={defaultLocationColor(loc, doc)}
        commit={(v) => set({ color: v })}
        hint={loc.style ? 'The style’s colours take precedence.' : undefined}
      />
      <SelectProp
        label="Style"
        value={loc.style ?? ''}
        options={[{ value: '', label: 'None' }, ...doc.styles.map((s) => ({ value: s.id, label: s.name || s.id }))]}
        commit={(v) => set({ style: v === '' ? undefined : v })}
        hint={
          staleGroup
            ? `This is the style of the group “${staleGroup}”, which this location is not in: visitors may read an old status from its colours.`
            : undefined
        }
      />
      <TextProp
        label="Label"
        value={loc.label ?? ''}
        commit={text('label')}
        hint="Up to 3 characters inside the marker."
      />
      <NumberProp
        label="Marker size"
        value={loc.scale}
        min={0.1}
        max={10}
        placeholder="1"
        commit={(v) => set({ scale: v })}
      />
    </>
  );
}

/** Layer, groups, what a click does, zoom, visibility and position (x/y, and latitude/longitude on geo maps). */
function BehaviourFields({ loc, doc, set }: LocationEdit) {
  return (
    <>
      <SelectProp
        label="Layer"
        value={loc.layer ?? ''}
        options={[{ value: '', label: 'Every layer' }, ...doc.layers.map((l) => ({ value: l.id, label: l.name }))]}
        commit={(v) => set({ layer: v === '' ? undefined : v })}
      />
      <ShapeField loc={loc} doc={doc} set={set} />
      <GroupsField loc={loc} doc={doc} commit={(groups) => set({ groups })} />
      <SelectProp
        label="On click"
        value={loc.action ?? ''}
        options={[
          { value: '', label: `Map default (${ACTION_LABELS[doc.settings.popup.action].toLowerCase()})` },
          ...LOCATION_ACTIONS.map((a) => ({ value: a, label: ACTION_LABELS[a] })),
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
      <CheckProp label="Hidden from the directory" checked={!!loc.hide} commit={(v) => set({ hide: v || undefined })} />
      <CheckProp
        label="Disabled (not clickable, not listed)"
        checked={!!loc.disable}
        commit={(v) => set({ disable: v || undefined })}
      />
      <NumberPairRow
        first={{ label: 'X (0-1)', min: 0, max: 1 }}
        second={{ label: 'Y (0-1)', min: 0, max: 1 }}
        value={loc.coord}
        fallback={0.5}
        commit={(coord) => (coord ? set({ coord }) : 'Required')}
      />
      {doc.settings.geo && (
        <NumberPairRow
          first={{ label: 'Latitude', min: -85.05, max: 85.05 }}
          second={{ label: 'Longitude', min: -180, max: 180 }}
          value={loc.latlon}
          fallback={0}
          commit={(latlon) => (latlon ? set({ latlon, coord: undefined }) : set({ latlon: undefined }))}
        />
      )}
    </>
  );
}

/**
 * Two numbers side by side (x and y, latitude and longitude). Changing one keeps the other (or `fallback` when
 * there is none yet); emptying either commits undefined.
 */
function NumberPairRow({
  first,
  second,
  value,
  fallback,
  commit,
}: {
  first: { label: string; min: number; max: number };
  second: { label: string; min: number; max: number };
  value: readonly [number, number] | undefined;
  fallback: number;
  commit: Commit<[number, number] | undefined>;
}) {
  return (
    <div className="panel__row">
      <NumberProp
        label={first.label}
        value={value?.[0]}
        min={first.min}
        max={first.max}
        commit={(a) => commit(a === undefined ? undefined : [a, value?.[1] ?? fallback])}
      />
      <NumberProp
        label={second.label}
        value={value?.[1]}
        min={second.min}
        max={second.max}
        commit={(b) => commit(b === undefined ? undefined : [value?.[0] ?? fallback, b])}
      />
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
      <p className="panel__hint">
        Use a field as {'{{name}}'} in About (Insert a field, under it) or Description, and in filters.
      </p>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}
