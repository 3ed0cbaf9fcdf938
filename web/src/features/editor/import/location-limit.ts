/**
 * The number of locations a map holds, checked before an import runs. Applied, an import past it was refused only by
 * the whole document's check, after the editor had frozen for minutes over 100,001 rows the dialog had called ready.
 */
import { MAP_LIMITS } from '@mapnest/shared/map-rules';
import type { Location, MapDocument } from '@mapnest/shared/map-document';

const count = (n: number) => n.toLocaleString('en-US');

/** Why importing `incoming` (over the map's locations, or `replacing` them) would hold too many, or null. */
export function overLocationLimit(
  doc: Pick<MapDocument, 'locations'>,
  incoming: readonly Location[],
  replacing: boolean,
): string | null {
  const had = new Set(doc.locations.map((l) => l.id));
  const total = replacing ? incoming.length : doc.locations.length + incoming.filter((l) => !had.has(l.id)).length;
  if (total <= MAP_LIMITS.locations) return null;
  return `With this import the map would have ${count(total)} locations, and a map holds at most ${count(MAP_LIMITS.locations)}. Import fewer rows, or share the locations between two maps.`;
}
