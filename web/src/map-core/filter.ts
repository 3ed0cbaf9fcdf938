/**
 * Search and group filtering over locations. Search covers every field a visitor can read
 * (title, about, description text, group names), unlike the incumbent's title-and-about only.
 * The folded haystacks are built once per document, so a keystroke costs one substring scan.
 */
import { foldText, queryTerms } from './text-search';

/** What the filter needs to know about one location. */
export interface SearchRecord {
  readonly groups: readonly string[];
  /** Every searchable text of the location: title, about, description as plain text, group names. */
  readonly texts: readonly (string | null | undefined)[];
}

/** The active search and group tags. */
export interface FilterCriteria {
  readonly query: string;
  /** Selected group names; a location matches when it belongs to any of them. Empty: no group filter. */
  readonly groups: readonly string[];
}

/** True when criteria narrow anything down. */
export function isFiltering(c: FilterCriteria): boolean {
  return c.groups.length > 0 || queryTerms(c.query).length > 0;
}

/** Pre-folded search text for a list of locations. */
export class SearchIndex {
  readonly #hay: string[];
  readonly #groups: (readonly string[])[];

  constructor(records: readonly SearchRecord[]) {
    this.#hay = records.map((r) => foldText(r.texts.filter((t): t is string => !!t).join('\n')));
    this.#groups = records.map((r) => r.groups);
  }

  get size(): number {
    return this.#hay.length;
  }

  /** True when record i matches every search term and (if any are selected) one of the groups. */
  matches(i: number, terms: readonly string[], groups: ReadonlySet<string> | null): boolean {
    if (groups && groups.size > 0 && !this.#groups[i]!.some((g) => groups.has(g))) return false;
    const hay = this.#hay[i]!;
    for (const t of terms) if (!hay.includes(t)) return false;
    return true;
  }

  /** A mask with 1 for every record that matches the criteria. */
  filter(criteria: FilterCriteria): Uint8Array {
    const mask = new Uint8Array(this.#hay.length);
    const terms = queryTerms(criteria.query);
    const groups = criteria.groups.length ? new Set(criteria.groups) : null;
    for (let i = 0; i < mask.length; i++) mask[i] = this.matches(i, terms, groups) ? 1 : 0;
    return mask;
  }
}
