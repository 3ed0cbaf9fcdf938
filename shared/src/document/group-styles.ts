/**
 * A status shown by a style as well as a group: the lots of a site plan are in the groups Available, Reserved and Sold
 * and drawn in the styles of the same names. Moving a lot to Sold is one change for the person who makes it; its
 * style follows its group (`followingStyle`), and a location drawn in the style of a group it is not in is named
 * before publishing (`staleStyle`).
 */

interface Named {
  readonly id: string;
  readonly name: string;
}

interface Grouped {
  readonly style?: string;
  readonly groups?: readonly string[];
}

interface GroupsAndStyles {
  readonly groups: readonly Named[];
  readonly styles: readonly { readonly id: string; readonly name?: string }[];
}

const key = (s: string | undefined) => (s ?? '').trim().toLocaleLowerCase();

/** Whether the style is the group's: the same name (any case), or the same id. */
function styleOfGroup(style: { id: string; name?: string }, group: Named): boolean {
  return (key(style.name) !== '' && key(style.name) === key(group.name)) || style.id === group.id;
}

/** The one style of the group `id` (none when no style, or more than one, is its). */
function groupStyle(doc: GroupsAndStyles, id: string): string | undefined {
  const group = doc.groups.find((g) => g.id === id);
  const styles = group ? doc.styles.filter((s) => styleOfGroup(s, group)) : [];
  return styles.length === 1 ? styles[0]!.id : undefined;
}

/**
 * The style of a location whose groups become `groups` while its style is left as it was: a location drawn in the
 * style of a group it leaves takes the style of the group it joins (Available → Sold), where one of its new groups
 * has a style of its own. Otherwise its style stays.
 */
export function followingStyle(
  loc: Grouped,
  groups: readonly string[] | undefined,
  doc: GroupsAndStyles,
): string | undefined {
  const style = loc.style === undefined ? undefined : doc.styles.find((s) => s.id === loc.style);
  if (!style) return loc.style;
  const next = groups ?? [];
  const wore = (loc.groups ?? []).some((id) => {
    const group = doc.groups.find((g) => g.id === id);
    return !next.includes(id) && group !== undefined && styleOfGroup(style, group);
  });
  if (!wore) return loc.style;
  const joined = new Set(next.flatMap((id) => groupStyle(doc, id) ?? []));
  return joined.size === 1 ? [...joined][0] : loc.style;
}

/**
 * The group whose style a location is drawn in while it is not in that group (a lot in Sold still drawn in the style
 * "Available", visitors reading it as available), else null.
 */
export function staleStyle(loc: Grouped, doc: GroupsAndStyles): string | null {
  const style = loc.style === undefined ? undefined : doc.styles.find((s) => s.id === loc.style);
  if (!style) return null;
  const own = loc.groups ?? [];
  const its = doc.groups.filter((g) => styleOfGroup(style, g));
  if (!its.length || its.some((g) => own.includes(g.id))) return null;
  return its[0]!.name;
}
