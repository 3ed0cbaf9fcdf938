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

/** How a record matches a search: 0 not at all, 1 somewhere, 2 its title starts with the search, 3 it is the search. */
export type Match = 0 | 1 | 2 | 3;

/** Pre-folded search text for a list of locations. */
export class SearchIndex {
  readonly #hay: string[];
  readonly #groups: (readonly string[])[];

  constructor(records: readonly SearchRecord[]) {
    this.#hay = records.map((r) => foldText(r.texts.filter((t): t is string => !!t).join('\n')));
    this.#groups = records.map((r) => r.groups);
  }

  /**
   * How record i matches every search term and (if any are selected) one of the groups: 0, not at all; 3, its first
   * text (the title) is the search; 2, the title starts with it; 1, the terms are found elsewhere. A visitor who
   * types "Lot 2" gets Lot 2 first, then Lot 20 to 29, then the lots whose price has a 2.
   */
  #matches(i: number, terms: readonly string[], query: string, groups: ReadonlySet<string> | null): Match {
    if (groups && groups.size > 0 && !this.#groups[i]!.some((g) => groups.has(g))) return 0;
    const hay = this.#hay[i]!;
    for (const t of terms) if (!hay.includes(t)) return 0;
    return hay.startsWith(query) ? (hay[query.length] === '\n' ? 3 : 2) : 1;
  }

  /** For each record, how it matches the criteria (`#matches`): 0 for the records left out. */
  filter(criteria: FilterCriteria): Uint8Array {
    const mask = new Uint8Array(this.#hay.length);
    const terms = queryTerms(criteria.query);
    // The terms as one folded query, made once for every record.
    const query = terms.join(' ');
    const groups = criteria.groups.length ? new Set(criteria.groups) : null;
    for (let i = 0; i < mask.length; i++) mask[i] = this.#matches(i, terms, query, groups);
    return mask;
  }
}
