/**
 * Which of the map's locations an imported row with no id stands for: the one of the same title (letter case, accents
 * and spacing aside) that no earlier row took, the one on the row's floor first when several have that title. So importing a list
 * again updates the locations it made instead of adding each twice, and a shop list whose names are the plan's updates
 * the rooms found on it (their ids are the plan's shapes), where ids made from the titles linked to nothing.
 */
import type { Location, MapDocument } from '@mapnest/shared/map-document';
import { foldText } from '../../../map-core/text-search';

const key = (title: string) => foldText(title).replace(/\s+/g, ' ').trim();

/** Finds, for a row's title and floor, the id of the location it stands for; ids in `taken` are not offered. */
export function titleMatcher(doc: MapDocument) {
  const byTitle = new Map<string, Location[]>();
  for (const l of doc.locations) {
    const k = key(l.title ?? '');
    if (k) byTitle.set(k, [...(byTitle.get(k) ?? []), l]);
  }
  return (title: string, layer: string | null | undefined, taken: { has(id: string): boolean }): string | null => {
    const free = (byTitle.get(key(title)) ?? []).filter((l) => !taken.has(l.id));
    // One on the row's floor first (a store on two floors, a row for each); else the row moves it to its floor.
    return (free.find((l) => (l.layer ?? null) === (layer ?? null)) ?? free[0])?.id ?? null;
  };
}
