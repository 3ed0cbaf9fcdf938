/**
 * The floor of a location an import brings when the file names none for it, for every file that adds locations
 * (CSV without a column of floors, GeoJSON, KML): a location with no floor shows on every floor of the map. With it,
 * the rooms of the floors' drawings a row may stand for, by their ids or by the names the drawings give them
 * (`floorRooms`, `roomNamed`), and the floors a sheet's own names of floors are (`floorLevel`, `guessFloors`).
 */
import { shapeOf, type Location, type MapDocument } from '@mapnest/shared/map-document';
import type { FloorShape } from '../../../viewer/stage/base-layer';
import { csvCell } from '../../../viewer/csv/cells';

/** The floors' rooms, read from their drawings. */
export interface FloorRooms {
  /** The ids of each floor's shapes. */
  readonly shapes: ReadonlyMap<string, ReadonlySet<string>>;
  /**
   * The names each floor's drawing gives its shapes (Illustrator's layer names: "105" for `_x31_05`), each to its
   * shape's id; a name two shapes of the floor share, or that is the id of one, names none.
   */
  readonly names: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Each floor's shapes by the `roomKey` of their ids and names, where one shape of the floor has that key. */
  readonly loose: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/**
 * A room's id or name as a spreadsheet may have changed it: letter case aside, its numbers without leading zeros (Excel
 * reads a unit "007" as the number 7, and a sheet may write "g01" for the drawing's "G01"), and without the word one of
 * them puts before the number ("Unit 105", "Suite 210", "Shop #12", "lot_7" for "105", "210", "12", "7").
 */
export const roomKey = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/^(?:(?:unit|shop|store|suite|ste|lot|plot|room|rm|no)(?![a-z])[\s._#:-]*|#\s*)(?=[a-z]?\d)/, '')
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, ''));

/** `pairs` as a map, without the keys that more than one shape has. */
function onlyOnes(pairs: Iterable<readonly [string, string]>): Map<string, string> {
  const out = new Map<string, string | null>();
  for (const [key, id] of pairs) out.set(key, out.has(key) && out.get(key) !== id ? null : id);
  return new Map([...out].filter((e): e is [string, string] => e[1] !== null));
}

/** The rooms of the floors read, each with its shapes (null: its drawing could not be loaded, so it is left out). */
export function floorRooms(
  read: readonly (readonly [floor: string, shapes: readonly FloorShape[] | null])[],
): FloorRooms {
  const shapes = new Map<string, ReadonlySet<string>>();
  const names = new Map<string, ReadonlyMap<string, string>>();
  const loose = new Map<string, ReadonlyMap<string, string>>();
  for (const [floor, list] of read) {
    if (!list) continue;
    const ids = new Set(list.map((s) => s.id));
    shapes.set(floor, ids);
    names.set(floor, onlyOnes(list.flatMap(({ id, name }) => (name && !ids.has(name) ? [[name, id] as const] : []))));
    loose.set(
      floor,
      onlyOnes(
        list.flatMap(({ id, name }) => [[roomKey(id), id] as const, ...(name ? [[roomKey(name), id] as const] : [])]),
      ),
    );
  }
  return { shapes, names, loose };
}

/**
 * The shape a name stands for when it is no shape's id but the name a drawing gives one shape (a sheet's unit "105",
 * drawn by Illustrator as `_x31_05`), or either as a spreadsheet changed it (`roomKey`: "7" for "007"): on `floor` (the row's, else the import's), or, when the row names no floor of its
 * own (`anyFloor`), on the one floor whose drawing has the name; null when none is, or the name is a shape's id.
 */
export function namedShape(
  name: string,
  floor: string | null,
  anyFloor: boolean,
  rooms: FloorRooms | null,
): { floor: string; shape: string } | null {
  if (!rooms || [...rooms.shapes.values()].some((ids) => ids.has(name))) return null;
  const key = roomKey(name);
  const onFloor = (f: string) => rooms.names.get(f)?.get(name) ?? rooms.loose.get(f)?.get(key);
  const on = floor !== null ? onFloor(floor) : undefined;
  if (on !== undefined) return { floor: floor!, shape: on };
  if (!anyFloor) return null;
  const found = [...rooms.shapes.keys()].flatMap((f) => {
    const shape = onFloor(f);
    return shape === undefined ? [] : [{ floor: f, shape }];
  });
  return found.length === 1 ? found[0]! : null;
}

const standing = new WeakMap<readonly Location[], ReadonlyMap<string, string>>();

/** The id of the map's location that stands for `shape` on `floor` (one on every floor stands for its own id's). */
function standsFor(locations: readonly Location[], floor: string, shape: string): string | undefined {
  let index = standing.get(locations);
  if (!index) {
    index = new Map(locations.map((l) => [`${l.layer ?? ''}\u0000${l.layer == null ? l.id : shapeOf(l)}`, l.id]));
    standing.set(locations, index);
  }
  return index.get(`${floor}\u0000${shape}`) ?? index.get(`\u0000${shape}`);
}

/**
 * What a row's id names when it is no location's id and no shape's but a room's name (`namedShape`): the location that
 * stands for that room already ("Add rooms" made it, with the drawing's ids), which the row then updates, else the
 * room's shape, which the row's new location stands for.
 */
export function roomNamed(
  doc: MapDocument,
  id: string,
  floor: string | null,
  anyFloor: boolean,
  rooms: FloorRooms | null,
): { id: string } | { shape: string } | null {
  if (byId(doc.locations).has(id)) return null;
  const room = namedShape(id, floor, anyFloor, rooms);
  if (!room) return null;
  const owner = standsFor(doc.locations, room.floor, room.shape);
  return owner !== undefined ? { id: owner } : { shape: room.shape };
}

/** A new location with no position of its own, standing for the room `shape` of the plans. */
export interface ImportedRoom {
  readonly shape: string;
  /** The ids of each floor's shapes, when known. */
  readonly floorShapes: ReadonlyMap<string, ReadonlySet<string>> | null;
}

const indexes = new WeakMap<readonly Location[], ReadonlyMap<string, Location>>();

/** The locations by id, made once for each list (an import asks for every row, and again as the author maps columns). */
function byId(locations: readonly Location[]): ReadonlyMap<string, Location> {
  let index = indexes.get(locations);
  if (!index) indexes.set(locations, (index = new Map(locations.map((l) => [l.id, l]))));
  return index;
}

/**
 * Where the location with `id` goes: one the file updates keeps the floor it has (an update of hours or links moves
 * nothing); a new one goes on the import's `floor` (the import dialog's choice; null leaves it on every floor), or,
 * when it stands for a `room` that floor's drawing lacks, on the one floor whose drawing has it.
 */
export function importedFloor(
  doc: MapDocument,
  id: string,
  floor: string | null,
  room?: ImportedRoom,
): string | undefined {
  const existing = byId(doc.locations).get(id);
  if (existing) return existing.layer ?? undefined;
  return (floor !== null && room ? roomFloor(room, floor) : floor) ?? undefined;
}

/**
 * The floor of a room: `floor` when its drawing has it, else the only other floor whose drawing has it (a mall's
 * tenant list names each unit once, with no column of floors: "G01" is downstairs, "101" upstairs), else `floor`
 * (no drawing has it, or several do, or the drawings are not read yet, or that of `floor` could not be).
 */
function roomFloor({ shape, floorShapes }: ImportedRoom, floor: string): string {
  const mine = floorShapes?.get(floor);
  if (!mine || mine.has(shape)) return floor;
  const floors = [...floorShapes!].filter(([, shapes]) => shapes.has(shape));
  return floors.length === 1 ? floors[0]![0] : floor;
}

const ORDINALS = [
  'ground',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];
const GROUND = new Set(['g', 'gf', 'ground', 'grd', 'street']);
const BASEMENT = /^(?:b|basement|lower ground|lg)(\d*)$/;

/**
 * The level a floor's name says, the same however it is written: "G" for a ground floor ("GF", "Ground", "Level 0",
 * "L0"), the number of one above it ("1" for "L1", "Level 1", "1st floor", "First", "1F"), "B1" for the first
 * basement ("B1", "Basement", "Level -1"); null when the name says none ("Mezzanine", "Roof").
 */
export function floorLevel(name: string): string | null {
  const s = name
    .toLowerCase()
    .replace(/\b(?:floor|level|storey|story|flr|lvl)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const below = /^-\s*(\d+)$/.exec(s);
  if (below) return Number(below[1]) === 0 ? 'G' : `B${Number(below[1])}`;
  const basement = BASEMENT.exec(s);
  if (basement) return `B${Number(basement[1] || 1)}`;
  const word = s.replace(/^l\s*(?=\d)/, '').replace(/(?<=\d)\s*(?:st|nd|rd|th|f)$/, '');
  if (GROUND.has(word) || word === '0' || word === ORDINALS[0]) return 'G';
  if (/^\d+$/.test(word)) return String(Number(word));
  const ordinal = ORDINALS.indexOf(word);
  return ordinal > 0 ? String(ordinal) : null;
}

/**
 * The map's floor each name of a file's column of floors is guessed to be: the one floor whose name (or id) says the
 * same level ("GF" is "Ground floor", "L1" is "First floor"); names it cannot tell are left out. A number is matched
 * only when the file and the map both name a ground floor, or neither does: "Level 1" is the ground floor of an
 * American mall and the one above it in Britain, so a file of "Ground" and "First" on a map of "Floor 1" and "Floor 2"
 * is left to the author.
 */
export function guessFloors(
  names: readonly string[],
  layers: readonly { id: string; name: string }[],
): Record<string, string> {
  const byLevel = new Map<string, string[]>();
  for (const l of layers) {
    const level = floorLevel(l.name) ?? floorLevel(l.id);
    if (level) byLevel.set(level, [...(byLevel.get(level) ?? []), l.id]);
  }
  const levels = names.map(floorLevel);
  const numbersAgree = levels.includes('G') === byLevel.has('G');
  const guessed: Record<string, string> = {};
  names.forEach((name, i) => {
    const level = levels[i];
    const floors = level && (numbersAgree || !/^\d+$/.test(level)) ? byLevel.get(level) : undefined;
    if (floors?.length === 1) guessed[name] = floors[0]!;
  });
  return guessed;
}

/** The rows with each name of the column of floors that `floors` gives a floor for written as that floor's id. */
export function withFloorNames<T extends { rows: string[][] }>(
  csv: T,
  column: number,
  floors: Readonly<Record<string, string>>,
): T {
  if (column < 0 || Object.keys(floors).length === 0) return csv;
  const rows = csv.rows.map((row) => {
    const floor = floors[csvCell(row[column] ?? '')];
    return floor === undefined ? row : row.map((cell, i) => (i === column ? floor : cell));
  });
  return { ...csv, rows };
}
