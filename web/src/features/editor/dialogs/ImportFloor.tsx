/**
 * The floor of the locations an import adds when the file names none for them (CSV, GeoJSON, KML): the one shown in
 * the editor, which the author may change in the dialog when the map has several. The rule per location is
 * `import/import-floor.ts`.
 */
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Layer, Location, MapDocument } from '@mapnest/shared/map-document';
import { useEditor, useEditorState } from '../editor-context';
import { layerAtom } from '../editor-state';
import { csvCell, CsvCellProblem, CsvReferences } from '../../../viewer/csv/cells';
import type { ColumnTarget, ParsedCsv } from '../import/csv';
import { floorRooms, guessFloors, withFloorNames, type FloorRooms } from '../import/import-floor';
import { newFloorId } from '../panels/layer-file';

/** The import's floor: the one picked in the dialog, else the one shown, else the map's first. */
export function useImportFloor(doc: MapDocument) {
  const shown = useAtomValue(layerAtom);
  const [picked, setPicked] = useState<string | null>(null);
  const has = (id: string | null) => id !== null && doc.layers.some((l) => l.id === id);
  const floor = [picked, shown, doc.settings.defaultLayer].find(has) ?? doc.layers[0]!.id;
  return [floor, setPicked] as const;
}

/** How long an import waits for the floors' drawings to be read before it goes on without those not read yet. */
export const FLOOR_READ_DEADLINE_MS = 10_000;

/**
 * Each floor's rooms (the canvas loads a floor to read them), for rows that stand for a shape of the plan; null until
 * every floor is read, and without a canvas. A floor that is no SVG has none; one whose drawing could not be loaded is
 * left out (unknown: nothing is said of places on it, and no row is moved off it for a room). `reading` while the
 * canvas reads them (at most FLOOR_READ_DEADLINE_MS): an import made then would not bind its rows to the rooms.
 */
export function useFloorRooms(doc: MapDocument): { rooms: FloorRooms | null; reading: boolean } {
  const { canvas } = useEditor();
  const c = canvas();
  const [read, setRead] = useState<{ layers: MapDocument['layers']; rooms: FloorRooms } | null>(null);
  const layers = doc.layers;
  useEffect(() => {
    if (typeof c?.floorShapes !== 'function') return;
    let live = true;
    // A floor not read by the deadline (its drawing hangs on a slow line) is unknown, as one that failed: the import
    // is held no longer.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<null>((resolve) => (timer = setTimeout(resolve, FLOOR_READ_DEADLINE_MS, null)));
    const shapesOf = (id: string) => Promise.race([c.floorShapes(id), deadline]);
    void Promise.all(layers.map(async (l) => [l.id, await shapesOf(l.id)] as const)).then(
      (pairs) => live && setRead({ layers, rooms: floorRooms(pairs) }),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [c, layers]);
  if (read?.layers === layers) return { rooms: read.rooms, reading: false };
  return { rooms: null, reading: typeof c?.floorShapes === 'function' };
}

/** The import's floor by name, and that the locations the file updates keep theirs (importedFloor). */
function floorSaid(doc: MapDocument, floor: string, locations: readonly { id: string }[]): string {
  const name = doc.layers.find((l) => l.id === floor)?.name ?? floor;
  const ids = new Set(doc.locations.map((l) => l.id));
  return locations.some((l) => ids.has(l.id)) ? `${name} (those already on the map keep their floor)` : name;
}

/**
 * Where the locations go, for "N locations ready to import, …": `unnamed` are those whose row or feature names no
 * floor (they go on the import's floor), `named` how many go on the one theirs names, `roomed` how many new ones go on
 * another floor, the one whose drawing has the room they stand for.
 */
export function placementSaid(
  doc: MapDocument,
  floor: string,
  {
    named,
    unnamed,
    unit,
    roomed = 0,
  }: { named: number; unnamed: readonly { id: string }[]; unit: 'row' | 'feature'; roomed?: number },
): string {
  const [one, many] = roomed
    ? ['1 on the floor of its room', `${roomed} on the floors of their rooms`]
    : [`1 on the floor its ${unit} names`, `${named} on the floors their ${unit}s name`];
  if (unnamed.length === 0) return roomed ? 'each on the floor of its room' : `each on the floor its ${unit} names`;
  const on = `on ${floorSaid(doc, floor, unnamed)}`;
  const elsewhere = roomed || named;
  if (elsewhere === 0) return on;
  return `${elsewhere === 1 ? one : many}, the others ${on}`;
}

/**
 * Where a CSV import's rows go: each on the floor its row names, with a column of floors; else a new row standing for
 * a room only another floor's drawing has on that floor (importedFloor), the others on the import's floor.
 */
export function rowsPlacementSaid(
  doc: MapDocument,
  floor: string,
  locations: readonly Location[],
  byRow: boolean,
): string {
  if (byRow) return placementSaid(doc, floor, { named: locations.length, unnamed: [], unit: 'row' });
  const had = new Set(doc.locations.map((l) => l.id));
  const unnamed = locations.filter((l) => had.has(l.id) || l.layer === floor);
  return placementSaid(doc, floor, { named: 0, unnamed, unit: 'row', roomed: locations.length - unnamed.length });
}

/** The map's floors as a select's options, by name. */
const floorOptions = (doc: MapDocument) =>
  doc.layers.map((l) => (
    <option key={l.id} value={l.id}>
      {l.name}
    </option>
  ));

/** The floor the new locations go on, chosen here on a map with several (the count above names it). */
export function FloorChoice({ floor, setFloor, label }: { floor: string; setFloor(id: string): void; label: string }) {
  const { doc } = useEditorState();
  if (doc.layers.length === 1) return null;
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="input" value={floor} onChange={(e) => setFloor(e.target.value)}>
        {floorOptions(doc)}
      </select>
    </label>
  );
}

/** The names a file's column of floors gives that name none of the map's floors (by name or id). */
function unknownFloors(csv: ParsedCsv, column: number, doc: MapDocument): string[] {
  if (column < 0) return [];
  const refs = new CsvReferences(doc);
  const names = new Set<string>();
  for (const row of csv.rows) {
    const value = csvCell(row[column] ?? '');
    if (value === '' || names.has(value)) continue;
    try {
      refs.layer(value);
    } catch (e) {
      if (!(e instanceof CsvCellProblem)) throw e;
      names.add(value);
    }
  }
  return [...names];
}

/** The choice of a name of the file's floors that adds it to the map, as a floor with no plan yet. */
export const NEW_FLOOR = '+new';

/** What the note of a file's floors the map lacks shows: the names, the floor each is (chosen or guessed). */
export interface FloorNames {
  readonly header: string;
  readonly unknown: readonly string[];
  /** The floor each name is: a floor's id, NEW_FLOOR, or none ("Not on this map"). */
  readonly floors: Readonly<Record<string, string>>;
  choose(name: string, floor: string): void;
}

/**
 * The floors a file's column names that the map has under other names ("GF" for "Ground floor"): the floor guessed for
 * each (`guessFloors`) until the author chooses, and the rows with each such name read as its floor. A name chosen as
 * a new floor ("Roof terrace") is a floor of `planned`, the map as the import will make it, and of `added`, the floors
 * the import adds first.
 */
export function useFloorNames(csv: ParsedCsv, mapping: readonly ColumnTarget[], doc: MapDocument) {
  const column = mapping.indexOf('layer');
  const unknown = useMemo(() => unknownFloors(csv, column, doc), [csv, column, doc]);
  const guessed = useMemo(() => guessFloors(unknown, doc.layers), [unknown, doc.layers]);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const shown = useMemo(
    () => Object.fromEntries(Object.entries({ ...guessed, ...chosen }).filter(([, id]) => id !== '')),
    [guessed, chosen],
  );
  const { floors, added, planned } = useMemo(() => plannedFloors(doc, shown), [doc, shown]);
  const rows = useMemo(() => withFloorNames(csv, column, floors), [csv, column, floors]);
  const note: FloorNames = {
    header: csv.headers[column] || `Column ${column + 1}`,
    unknown,
    floors: shown,
    choose: (name, floor) => setChosen((c) => ({ ...c, [name]: floor })),
  };
  return { rows, note, added, planned };
}

/** Each name's floor id, new floors made for those chosen as NEW_FLOOR, and `doc` with them. */
function plannedFloors(doc: MapDocument, shown: Readonly<Record<string, string>>) {
  const layers = [...doc.layers];
  const added: Layer[] = [];
  const floors: Record<string, string> = {};
  for (const [name, id] of Object.entries(shown)) {
    if (id !== NEW_FLOOR) floors[name] = id;
    else {
      const layer = { id: newFloorId(layers), name, file: '' };
      layers.push(layer);
      added.push(layer);
      floors[name] = layer.id;
    }
  }
  return { floors, added, planned: added.length ? { ...doc, layers } : doc };
}

const CHOICES_SHOWN = 20;

/**
 * The floors the file's column of floors names that the map does not have by those names (a building's list with
 * "GF" and "L1", or imported onto a map of one floor): which of the map's floors each is, guessed where the names say
 * the same level; a name left "Not on this map" has its rows listed as problems above, and left out.
 */
export function UnknownFloorsNote({ header, unknown, floors, choose }: FloorNames) {
  const { doc } = useEditorState();
  if (unknown.length === 0) return null;
  const one = unknown.length === 1;
  const more = unknown.length - CHOICES_SHOWN;
  return (
    <fieldset className="field import-mode">
      <legend className="field__label">
        The column “{header}” names {one ? 'a floor' : 'floors'} this map does not have
      </legend>
      <p className="panel__hint">
        Choose which of the map’s floors {one ? 'it is' : 'each is'}, or a new floor the import adds (its plan can be
        uploaded in Layers after); the rows of a floor “Not on this map” are left out. Set the column to Ignore to put
        the rows on one floor.
      </p>
      {unknown.slice(0, CHOICES_SHOWN).map((name) => (
        <label key={name} className="import-floor">
          <span className="import-floor__name">“{name}” is</span>
          <select
            className="input"
            aria-label={`“${name}” is`}
            value={floors[name] ?? ''}
            onChange={(e) => choose(name, e.target.value)}
          >
            <option value="">Not on this map</option>
            {floorOptions(doc)}
            <option value={NEW_FLOOR}>A new floor, added by the import</option>
          </select>
        </label>
      ))}
      {more > 0 && (
        <p className="panel__hint">
          And {more} more {more === 1 ? 'name' : 'names'} of floors, not on this map: add them in Layers.
        </p>
      )}
    </fieldset>
  );
}
