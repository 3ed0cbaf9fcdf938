/**
 * The floor of a location an import brings when the file names none for it, for every file that adds locations
 * (CSV without a column of floors, GeoJSON, KML): a location with no floor shows on every floor of the map.
 */
import type { MapDocument } from '@mapnest/shared/map-document';

/**
 * Where the location with `id` goes: one the file updates keeps the floor it has (an update of hours or links moves
 * nothing); a new one goes on the import's `floor` (the import dialog's choice; null leaves it on every floor).
 */
export function importedFloor(doc: MapDocument, id: string, floor: string | null): string | undefined {
  const existing = doc.locations.find((l) => l.id === id);
  return (existing ? existing.layer : floor) ?? undefined;
}
