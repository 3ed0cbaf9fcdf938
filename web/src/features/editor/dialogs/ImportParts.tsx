/** What the Import dialog's CSV and points imports share: the mode over the map's locations, the problems, the words. */
import type { Group, Location, MapDocument } from '@mapnest/shared/map-document';
import { hasNoPlace } from '@mapnest/shared/location-shapes';
import { listed } from '@mapnest/shared/publish-checks';
import { counted } from '../../../lib/words';
import { ActionError } from '../actions/registry';
import { importLocations, type ImportArgs } from '../actions/structure';

/**
 * How the file's locations meet the map's, asked when the map has some. Replacing says, before it is chosen for good,
 * which of the map's locations go (a sold plot dropped from this month's spreadsheet) and how many are new.
 */
export function ModeChoice({
  mode,
  setMode,
  doc,
  incoming,
}: {
  mode: ImportArgs['mode'];
  setMode: (m: ImportArgs['mode']) => void;
  doc: MapDocument;
  /** The locations the file makes (those it can). */
  incoming: readonly Location[];
}) {
  const existing = doc.locations.length;
  if (existing === 0) return null;
  return (
    <fieldset className="field import-mode">
      <legend className="field__label">The map already has {counted(existing, 'location')}</legend>
      {(
        [
          ['merge', 'Add new ones and update those with the same id (or, in a row with no id, the same title)'],
          ['add', 'Only add (stop if an id already exists)'],
          ['replace', 'Replace all locations with the file’s'],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="check">
          <input type="radio" name="import-mode" checked={mode === value} onChange={() => setMode(value)} /> {label}
        </label>
      ))}
      {mode === 'replace' && <p className="panel__hint">{replacingSaid(doc, incoming)}</p>}
      {mode === 'merge' && incoming.length > 0 && <p className="panel__hint">{mergingSaid(doc, incoming)}</p>}
    </fieldset>
  );
}

/** "3 locations of the file are new, and 44 update the map’s own." Said before the import, as the toast says after. */
export function mergingSaid(doc: MapDocument, incoming: readonly Location[]): string {
  const had = new Set(doc.locations.map((l) => l.id));
  const updating = incoming.filter((l) => had.has(l.id)).length;
  const added = incoming.length - updating;
  if (incoming.length === 1)
    return updating ? 'The file’s one location updates the map’s own.' : 'The file’s one location is new.';
  if (!updating) return `All ${counted(added, 'location')} of the file are new.`;
  if (!added) return `All ${counted(updating, 'location')} of the file update the map’s own.`;
  return `${counted(added, 'location')} of the file ${added === 1 ? 'is' : 'are'} new, and ${updating} ${updating === 1 ? 'updates' : 'update'} the map’s own.`;
}

/** The locations the import would leave with no place on the map, by name (what the publish check would list). */
export interface PlacesAfter {
  /** The map's own, placed before: one standing for its room downstairs that its row moves to a floor without it. */
  readonly lost: readonly string[];
  /** The new ones: a row with no position whose floor's drawing has no room of its id (a pop-up stand). */
  readonly unplaced: readonly string[];
}

/**
 * The locations the import would leave with no place on the map: the map's own that had one (a shop list's "First
 * floor" for a kiosk downstairs), and the new ones. The import itself is tried on the document, so what is said is
 * what it would do; nothing is said while the floors' drawings are being read, or when the import cannot be made
 * (`args` false).
 */
export function placesAfter(
  doc: MapDocument,
  args: ImportArgs | false,
  floorShapes: ReadonlyMap<string, ReadonlySet<string>> | null,
): PlacesAfter {
  const none = { lost: [], unplaced: [] };
  if (!floorShapes || !args) return none;
  let next: MapDocument;
  try {
    next = importLocations.perform(doc, args);
  } catch (e) {
    if (e instanceof ActionError) return none;
    throw e;
  }
  const before = new Map(doc.locations.map((l) => [l.id, l]));
  const lost: string[] = [];
  const unplaced: string[] = [];
  for (const l of next.locations) {
    const was = before.get(l.id);
    if (was && args.mode === 'add') continue; // adding only changes none of the map's own
    if (!hasNoPlace(next, l, floorShapes)) continue;
    if (!was) unplaced.push(nameOf(l));
    else if (!hasNoPlace(doc, was, floorShapes)) lost.push(nameOf(l));
  }
  return { lost, unplaced };
}

const nameOf = (l: Location) => l.title?.trim() || l.id;

/** Said before the import, in the words the publish check would use after it. */
export function PlacesLostNote({ lost, unplaced }: PlacesAfter) {
  const one = lost.length === 1;
  return (
    <>
      {lost.length > 0 && (
        <p className="form-alert form-alert--warning" role="status">
          {one
            ? `After the import, 1 of the map’s locations would have no place on the map (no position, and its floor’s drawing has no shape for it): ${listed([...lost])}. Give its row a position or a Shape, or place it on the map after the import.`
            : `After the import, ${lost.length} of the map’s locations would have no place on the map (no position, and their floor’s drawing has no shape for them): ${listed([...lost])}. Give their rows a position or a Shape, or place each on the map after the import.`}
        </p>
      )}
      {unplaced.length > 0 && (
        <p className="panel__hint" role="status">
          {unplaced.length === 1
            ? `1 new location would have no place on the map yet (no position, and its floor’s drawing has no shape for it): ${listed([...unplaced])}. Place it on the map after the import, or give its row a position or a Shape.`
            : `${unplaced.length} new locations would have no place on the map yet (no position, and their floor’s drawing has no shape for them): ${listed([...unplaced])}. Place each on the map after the import, or give their rows a position or a Shape.`}
        </p>
      )}
    </>
  );
}

/** "Replacing removes 1 location the file does not have: Plot 50; 1 is new." */
export function replacingSaid(doc: MapDocument, incoming: readonly Location[]): string {
  const kept = new Set(incoming.map((l) => l.id));
  const had = new Set(doc.locations.map((l) => l.id));
  const removed = doc.locations.filter((l) => !kept.has(l.id)).map((l) => l.title?.trim() || l.id);
  const added = incoming.filter((l) => !had.has(l.id)).length;
  const names =
    removed.length > 5 ? `${removed.slice(0, 5).join(', ')} and ${removed.length - 5} more` : removed.join(', ');
  const gone = removed.length
    ? `Replacing removes ${counted(removed.length, 'location')} the file does not have: ${names}`
    : 'Replacing removes none of the map’s locations: the file has them all';
  return `${gone}; ${added === 0 ? 'none' : added} ${added === 1 ? 'is' : 'are'} new. Each location the file has is as its row says, with nothing kept from before.`;
}

/**
 * Every problem with its line (or feature). Problems of single rows leave those rows out: the author
 * can import the good ones or fix the problems (in the file, a column's choice or the map); problems of the whole file
 * stop the import.
 */
export function Issues({
  issues,
  good,
  blocking,
  unit,
}: {
  issues: readonly string[];
  good: number;
  blocking: boolean;
  unit: 'row' | 'point';
}) {
  if (!issues.length) return null;
  const stop = blocking || good === 0;
  const count = counted(issues.length, 'problem');
  const concerned = issues.length === 1 ? `the ${unit} it concerns is` : `the ${unit}s they concern are`;
  return (
    <div className={`form-alert ${stop ? 'form-alert--error' : 'form-alert--warning'} import-issues`} role="alert">
      <strong>
        {/* Neutral on where the fix is: the file, a column's choice above, or the map (a floor it lacks). */}
        {stop
          ? `Nothing can be imported yet: ${count}, below.`
          : `${count}: ${concerned} left out. Import the ${counted(good, `good ${unit}`)}, or fix the problems first.`}
      </strong>
      <ul>
        {issues.map((i, n) => (
          <li key={n}>{i}</li>
        ))}
      </ul>
    </div>
  );
}

/** The import button: all of it, the good part of it, or nothing. */
export function importLabel(issues: number, good: number, unit: 'row' | 'point'): string {
  if (issues === 0) return `Import ${counted(good, 'location')}`;
  return good > 0 ? `Import the ${counted(good, `good ${unit}`)}` : 'Import';
}

/**
 * What an import did to the locations: a file that updates locations the map has (a status changed in a spreadsheet)
 * says so, rather than that it imported them, which reads as if they were added again.
 */
export function importedSaid(doc: MapDocument, locations: readonly Location[], mode: ImportArgs['mode']): string {
  if (mode === 'replace') {
    const kept = new Set(locations.map((l) => l.id));
    const removed = doc.locations.filter((l) => !kept.has(l.id)).length;
    return `Replaced the map’s locations with the file’s ${locations.length}${removed ? `, ${counted(removed, 'location')} removed` : ''}`;
  }
  const known = new Set(mode === 'merge' ? doc.locations.map((l) => l.id) : []);
  const updated = locations.filter((l) => known.has(l.id)).length;
  const added = locations.length - updated;
  if (updated === 0) return `Imported ${counted(added, 'location')}`;
  return added === 0
    ? `Updated ${counted(updated, 'location')}`
    : `Added ${counted(added, 'location')}, updated ${updated}`;
}

/**
 * The groups the file names that the map does not have: made with the import, each in a colour of its own, and said
 * before it, so a status the map spells otherwise ("Availble", "Pending") is seen before it becomes a group.
 */
export function NewGroupsNote({ groups, doc }: { groups: readonly Group[]; doc: MapDocument }) {
  if (!groups.length) return null;
  const one = groups.length === 1;
  const names = groups.slice(0, 5).map((g) => `“${g.name}”`);
  const shown = groups.length > 5 ? `${names.join(', ')} and ${groups.length - 5} more` : names.join(', ');
  const map = doc.groups.map((g) => g.name);
  const mapSaid = map.length > 8 ? `${map.slice(0, 8).join(', ')}…` : map.join(', ');
  return (
    <p className="panel__hint" role="note">
      The file names {one ? 'a group' : `${groups.length} groups`} the map does not have: {shown}.{' '}
      {one ? 'It is' : 'They are'} made with the import, each in a colour of its own
      {map.length
        ? `; if ${one ? 'it' : 'one'} should be one of the map’s groups (${mapSaid}), correct the file first`
        : ''}
      .
    </p>
  );
}

/**
 * The columns that become custom fields (a lot's price and area), and where visitors see them: only where a location's
 * About or Description names them, which an author new to fields would not guess from the preview.
 */
export function CustomFieldsNote({ mapping }: { mapping: readonly string[] }) {
  const fields = mapping.filter((t) => t.startsWith('field:')).map((t) => t.slice(6));
  if (!fields.length) return null;
  const names = fields.length > 1 ? `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}` : fields[0];
  return (
    <p className="panel__hint">
      {names} {fields.length === 1 ? 'becomes a custom field' : 'become custom fields'} of each location. Visitors see a
      custom field where a location’s About or Description names it, as {`{{${fields[0]}}}`} (the location form inserts
      it), and the directory can filter by it (Groups, Filters).
    </p>
  );
}
