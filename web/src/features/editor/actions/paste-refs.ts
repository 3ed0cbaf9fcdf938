/**
 * The groups and style copied locations are in, carried with them to the map they are pasted in: a shop copied from
 * one mall's map to the next keeps "Food & Drink" (the map's group of that name, or the group itself, added) rather
 * than losing it, as an import of a file names its groups. A location pasted in its own map keeps its own.
 */
import { MAP_LIMITS, type Group, type Location, type MapDocument, type Style } from '@mapnest/shared/map-document';
import { ActionError } from './registry';

/** The definitions of the groups and styles copied locations use, from the map they were copied in. */
export interface CopiedRefs {
  readonly groups: readonly Group[];
  readonly styles: readonly Style[];
}

export const NO_REFS: CopiedRefs = { groups: [], styles: [] };

/** The groups and styles of `doc` that `locations` use, for the clipboard. */
export function refsOf(doc: MapDocument, locations: readonly Location[]): CopiedRefs {
  const groups = new Set(locations.flatMap((l) => l.groups ?? []));
  const styles = new Set(locations.map((l) => l.style));
  return { groups: doc.groups.filter((g) => groups.has(g.id)), styles: doc.styles.filter((s) => styles.has(s.id)) };
}

const named = (name: string | undefined) => name?.trim().toLocaleLowerCase() || null;

/**
 * Each copied group or style is this map's of the same id, else the one of the same name (letter case and spacing
 * aside), else added as it was. A group or style a copy names with no definition copied (hand-written JSON) is left
 * off, as before groups travelled.
 */
function landed<T extends { id: string; name?: string }>(mine: T[], copied: readonly T[], most: number, kind: string) {
  const ids = new Set(mine.map((x) => x.id));
  const byName = new Map<string, string>();
  for (const x of mine) {
    const key = named(x.name);
    if (key && !byName.has(key)) byName.set(key, x.id);
  }
  const to = new Map<string, string>();
  const added: T[] = [];
  for (const x of copied) {
    if (to.has(x.id)) continue; // listed twice (the clipboard is anyone's text)
    const same = ids.has(x.id) ? x.id : byName.get(named(x.name) ?? '');
    if (same === undefined) added.push(x);
    to.set(x.id, same ?? x.id);
  }
  if (mine.length + added.length > most) throw new ActionError(`A map holds at most ${most} ${kind}`);
  return { all: added.length ? [...mine, ...added] : mine, added, to: (id: string) => (ids.has(id) ? id : to.get(id)) };
}

/**
 * `doc` with the copied groups and styles it lacks, and the id in it of each copied one (undefined: left off). Throws
 * ActionError when they would take the map over its limits.
 */
export function pasteRefs(
  doc: MapDocument,
  refs: CopiedRefs,
): { doc: MapDocument; group: (id: string) => string | undefined; style: (id: string) => string | undefined } {
  const groups = landed(doc.groups, refs.groups, MAP_LIMITS.groups, 'groups');
  const styles = landed(doc.styles, refs.styles, MAP_LIMITS.styles, 'styles');
  return {
    doc: groups.added.length || styles.added.length ? { ...doc, groups: groups.all, styles: styles.all } : doc,
    group: groups.to,
    style: styles.to,
  };
}
