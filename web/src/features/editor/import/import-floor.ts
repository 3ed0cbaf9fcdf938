/**
 * The floor of a location an import brings when the file names none for it, for every file that adds locations
 * (CSV without a column of floors, GeoJSON, KML): a location with no floor shows on every floor of the map.
 */
import type { MapDocument } from '@mapnest/shared/map-document';

/** A new location with no position of its own, standing for the room `shape` of the plans. */
export interface ImportedRoom {
  readonly shape: string;
  /** The ids of each floor's shapes, when known. */
  readonly floorShapes: ReadonlyMap<string, ReadonlySet<string>> | null;
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
  const existing = doc.locations.find((l) => l.id === id);
  if (existing) return existing.layer ?? undefined;
  return (floor !== null && room ? roomFloor(room, floor) : floor) ?? undefined;
}

/**
 * The floor of a room: `floor` when its drawing has it, else the only other floor whose drawing has it (a mall's
 * tenant list names each unit once, with no column of floors: "G01" is downstairs, "101" upstairs), else `floor`
 * (no drawing has it, or several do, or the drawings are not read yet).
 */
function roomFloor({ shape, floorShapes }: ImportedRoom, floor: string): string {
  if (!floorShapes || floorShapes.get(floor)?.has(shape)) return floor;
  const floors = [...floorShapes].filter(([, shapes]) => shapes.has(shape));
  return floors.length === 1 ? floors[0]![0] : floor;
}
