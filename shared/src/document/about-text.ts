/**
 * A location's texts as visitors read them (ADR 098): the `{{field}}` placeholders the viewer fills, and the group
 * titles a text names while the location is not in those groups (a lot moved to Sold whose About still says
 * "Available"). Pure and zod-free: the viewer fills texts with it, the editor previews them and warns with it, and
 * the publish checks count the stale words.
 */

/** The location's own values a placeholder may name besides its custom fields; `group` reads its group titles. */
export const BUILTIN_PLACEHOLDERS = ['title', 'group', 'id', 'phone', 'email'] as const;

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_-]{0,63})\s*\}\}/g;

/** What filling a text reads of its location. */
export interface PlaceholderSource {
  readonly id: string;
  readonly title?: string;
  readonly phone?: string;
  readonly email?: string;
  readonly fields?: Readonly<Record<string, string>>;
}

/**
 * `text` with its `{{field}}` placeholders filled in: a custom field first, then the built-ins. A placeholder that
 * names neither stays as typed. `escape` is applied to each value (HTML texts).
 */
export function fillPlaceholders(
  text: string,
  loc: PlaceholderSource,
  groupNames: readonly string[],
  escape?: (value: string) => string,
): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (m, key: string) => {
    let value: string | undefined = loc.fields?.[key];
    if (value === undefined && key === 'group') value = groupNames.join(', ');
    if (value === undefined && (key === 'title' || key === 'id' || key === 'phone' || key === 'email'))
      value = loc[key] ?? '';
    if (value === undefined) return m;
    return escape ? escape(value) : value;
  });
}

/** The placeholders of `text` that name no field of the location and no built-in: visitors read them as typed. */
export function unknownPlaceholders(text: string, loc: PlaceholderSource): string[] {
  const builtins: ReadonlySet<string> = new Set(BUILTIN_PLACEHOLDERS);
  const keys = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  return [...new Set(keys.filter((k) => loc.fields?.[k] === undefined && !builtins.has(k)))];
}

interface GroupLike {
  readonly id: string;
  readonly name: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Where `name` stands in `text` as a whole word or phrase (not inside a longer word: "Sold" is not in "Soldier"). */
function spans(text: string, name: string): [number, number][] {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'giu');
  return [...text.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length]);
}

/**
 * The titles of the map's groups that `text` names, word for word (any case), while the location is not in them, in
 * the map's group order. Words inside one of the location's own group titles do not count, so a lot in "Sold STC"
 * whose text says so is not said to name a group "Sold".
 */
export function staleGroupWords(
  text: string,
  locGroupIds: readonly string[] | undefined,
  groups: readonly GroupLike[],
): string[] {
  if (!text.trim()) return [];
  const own = new Set(locGroupIds ?? []);
  const ownSpans = groups.filter((g) => own.has(g.id) && g.name.trim()).flatMap((g) => spans(text, g.name.trim()));
  const found: string[] = [];
  for (const g of groups) {
    const name = g.name.trim();
    if (own.has(g.id) || !name || found.includes(name)) continue;
    const uncovered = spans(text, name).some(([a, b]) => !ownSpans.some(([c, d]) => c <= a && b <= d));
    if (uncovered) found.push(name);
  }
  return found;
}

/** The stale group words of a location's About as visitors read it (its placeholders filled). */
export function staleAboutWords(
  loc: PlaceholderSource & { readonly about?: string; readonly groups?: readonly string[] },
  groups: readonly GroupLike[],
): string[] {
  if (!loc.about) return [];
  const names = (loc.groups ?? []).map((id) => groups.find((g) => g.id === id)?.name).filter((n) => n !== undefined);
  return staleGroupWords(fillPlaceholders(loc.about, loc, names), loc.groups, groups);
}
