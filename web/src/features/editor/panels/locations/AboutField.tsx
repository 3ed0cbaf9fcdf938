import { useId, useMemo, useRef, useState } from 'react';
import {
  BUILTIN_PLACEHOLDERS,
  fillPlaceholders,
  staleAboutWords,
  unknownPlaceholders,
} from '@mapnest/shared/about-text';
import type { Group, Location, MapDocument } from '@mapnest/shared/map-document';
import { TextProp, type Commit } from '../fields';

const BUILTIN_LABELS: Record<(typeof BUILTIN_PLACEHOLDERS)[number], string> = {
  title: 'Title',
  group: 'Groups (their titles, as the location is in them now)',
  id: 'Id',
  phone: 'Phone',
  email: 'Email',
};

/** The custom field names the map's locations use, in alphabetical order: any of them can be placed in a text. */
export function mapFieldKeys(doc: MapDocument): string[] {
  const keys = new Set<string>();
  for (const l of doc.locations) for (const k of Object.keys(l.fields ?? {})) keys.add(k);
  return [...keys].sort((a, b) => a.localeCompare(b));
}

const groupNamesOf = (loc: Location, doc: MapDocument) =>
  (loc.groups ?? []).map((id) => doc.groups.find((g) => g.id === id)?.name).filter((n) => n !== undefined);

/** The About textarea of the location form (it carries name="about"). */
export const aboutTextarea = (from: Element | null) =>
  from?.closest('form')?.querySelector<HTMLTextAreaElement>('textarea[name="about"]') ?? null;

/**
 * The About text with a way to place any of the map's fields in it as `{{field}}`, filled per location by the viewer
 * (ADR 098), and the text as visitors read it under it while it has placeholders.
 */
export function AboutField({ loc, doc, commit }: { loc: Location; doc: MapDocument; commit: Commit<string> }) {
  const box = useRef<HTMLDivElement>(null);
  const value = loc.about ?? '';
  // What is typed before it is committed, with the committed text it was typed over: an undo replaces both.
  const [typed, setTyped] = useState<{ over: string; text: string } | null>(null);
  const text = typed && typed.over === value ? typed.text : value;
  return (
    <div
      ref={box}
      className="about-field"
      onInput={(e) => {
        const target = e.target as HTMLElement;
        if (target instanceof HTMLTextAreaElement) setTyped({ over: value, text: target.value });
      }}
    >
      <TextProp
        label="About"
        name="about"
        value={value}
        commit={commit}
        multiline
        hint="Short text for popups, tooltips and the directory. A field in {{ }} shows each location’s own value."
      />
      <InsertField doc={doc} into={() => box.current?.querySelector('textarea') ?? null} />
      {text.includes('{{') && <AboutPreview text={text} loc={loc} doc={doc} />}
    </div>
  );
}

/** Picks a field and places `{{field}}` where the caret was in the About text, then returns to the text. */
function InsertField({ doc, into }: { doc: MapDocument; into: () => HTMLTextAreaElement | null }) {
  const id = useId();
  const keys = useMemo(() => mapFieldKeys(doc), [doc]);
  const [choice, setPicked] = useState<string>('');
  // The first custom field until one is picked (or when the picked one is no longer any location's).
  const picked =
    keys.includes(choice) || (BUILTIN_PLACEHOLDERS as readonly string[]).includes(choice)
      ? choice
      : (keys[0] ?? 'group');
  const insert = () => {
    const area = into();
    if (!area) return;
    const token = `{{${picked}}}`;
    area.focus();
    area.setRangeText(token, area.selectionStart, area.selectionEnd, 'end');
    // The form's own typing path takes it from here: it shows, previews and is saved like typed text.
    area.dispatchEvent(new Event('input', { bubbles: true }));
  };
  return (
    <div className="about-field__insert">
      <label htmlFor={id} className="field__label">
        Insert a field
      </label>
      <div className="panel__row">
        <select id={id} className="input" value={picked} onChange={(e) => setPicked(e.target.value)}>
          {keys.length > 0 && (
            <optgroup label="Custom fields">
              {keys.map((k) => (
                <option key={k} value={k}>
                  {`{{${k}}}`}
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label="Location">
            {BUILTIN_PLACEHOLDERS.map((k) => (
              <option key={k} value={k}>
                {`{{${k}}} – ${BUILTIN_LABELS[k]}`}
              </option>
            ))}
          </optgroup>
        </select>
        <button type="button" className="btn btn--secondary btn--sm" onClick={insert}>
          Insert
        </button>
      </div>
    </div>
  );
}

/** The About as this location's visitors read it, and the placeholders that name nothing (shown as typed). */
function AboutPreview({ text, loc, doc }: { text: string; loc: Location; doc: MapDocument }) {
  const unknown = unknownPlaceholders(text, loc);
  return (
    <div className="about-field__preview">
      <p className="field__label">Visitors read</p>
      <p className="about-field__filled">{fillPlaceholders(text, loc, groupNamesOf(loc, doc)) || '—'}</p>
      {unknown.length > 0 && (
        <p className="field__hint">
          {unknown.map((k) => `{{${k}}}`).join(', ')}: this location has no such field, so visitors see{' '}
          {unknown.length === 1 ? 'it' : 'them'} as typed.
        </p>
      )}
    </div>
  );
}

/**
 * A quiet note at the top of the form when the location's About names a group it is not in (a lot moved to Sold
 * still saying "Available"), with a way straight to the text.
 */
export function StaleAboutNote({ loc, doc }: { loc: Location; doc: MapDocument }) {
  const words = staleAboutWords(loc, doc.groups);
  if (!words.length) return null;
  const quoted = words.map((w) => `“${w}”`).join(', ');
  return (
    <div className="stale-about" role="note">
      <p>
        About says {quoted}, but this location is not in {words.length === 1 ? 'that group' : 'those groups'}. Visitors
        may read an old status.
      </p>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={(e) => {
          const area = aboutTextarea(e.currentTarget);
          if (!area) return;
          const section = area.closest('details');
          if (section) section.open = true;
          area.focus();
          // The first stale word selected, ready to be typed over.
          const at = area.value.toLowerCase().indexOf(words[0]!.toLowerCase());
          if (at >= 0) area.setSelectionRange(at, at + words[0]!.length);
          area.scrollIntoView?.({ block: 'center' });
        }}
      >
        Edit About
      </button>
    </div>
  );
}

/**
 * The same note for the rows of a CSV import, before they are imported: a spreadsheet's status column and its About
 * column disagree as easily as a form does. A row that updates a location is read as it will be (the file's cells
 * over the location's own). It never stops the import.
 */
export function StaleAboutImportNote({
  rows,
  doc,
  newGroups,
  updates,
}: {
  rows: readonly Location[];
  doc: MapDocument;
  newGroups: readonly Group[];
  /** Rows update the locations with their ids (not the 'replace' mode). */
  updates: boolean;
}) {
  const groups = [...doc.groups, ...newGroups];
  const own = new Map(updates ? doc.locations.map((l) => [l.id, l]) : []);
  const stale = rows.flatMap((row) => {
    const l = { ...own.get(row.id), ...row };
    const words = staleAboutWords(l, groups);
    return words.length ? [`${l.title?.trim() || l.id} says ${words.map((w) => `“${w}”`).join(', ')}`] : [];
  });
  if (!stale.length) return null;
  const shown = stale.length > 5 ? `${stale.slice(0, 5).join('; ')} and ${stale.length - 5} more` : stale.join('; ');
  const which = stale.length === 1 ? 'One row’s About names' : `${stale.length} rows’ About texts name`;
  return (
    <p className="stale-about" role="note">
      {which} a group the row is not in, so visitors may read an old status: {shown}. Import and then fix the text, or
      use {'{{group}}'} in it.
    </p>
  );
}
