/**
 * The viewer's search and filters: their state (set by the directory, the host page and a kiosk's start over), which
 * locations match it (a mask the markers and the keyboard list of what is in view share), and the directory's
 * entries that match, in its order; a change is said to screen readers and told to the host page (`filtersChanged`).
 */
import type { FilterValue } from '../../map-core/conditions';
import type { ViewerEventSink } from '../viewer-api';
import type { FilterState, ResolvedLocation, ViewerModel } from '../viewer-model';
import { directoryOrder, filterMask, initialFilterState, isFilterActive, withGroups } from '../viewer-model';
import type { Directory } from './directory';

/** What the search and filters change beyond the directory. */
export interface FilteringHost {
  readonly model: ViewerModel;
  readonly directory: Directory | null;
  readonly mapId: string | null;
  readonly emit: ViewerEventSink;
  /** The markers and the in-view list follow the mask (`active`: a search or a filter is set). */
  masked(mask: Uint8Array, active: boolean): void;
  /** The directory got its entries: its first fill (./fill.ts) has nothing left to do. */
  filled(): void;
  /** Says a text in the viewer's live region (after `wait` ms unless something else is said first). */
  say(text: string, wait?: number): void;
}

/** How long the search and filters wait for the visitor to stop typing before they say how many match (ms). */
export const COUNT_SAID_AFTER_MS = 1000;

export class Filtering {
  state: FilterState;
  /** Which locations match: set with `active` by the first `set` (the viewer's furnish). */
  mask: Uint8Array = new Uint8Array(0);
  active = false;
  #order: ResolvedLocation[] | null = null;
  readonly #host: FilteringHost;

  /** Starts with the map's own start: no search, each filter at its default (applied by the first `set`). */
  constructor(host: FilteringHost) {
    this.#host = host;
    this.state = initialFilterState(host.model);
  }

  /** Applies `state` to the markers, the in-view list and (after the first time, `initial`) the directory. */
  set(state: FilterState, initial = false): void {
    const { model, emit, mapId } = this.#host;
    this.state = state;
    this.mask = filterMask(model, state);
    this.active = isFilterActive(model, state);
    this.#host.masked(this.mask, this.active);
    if (initial) return;
    const count = this.showEntries();
    emit('filtersChanged', { mapId, query: state.query, values: { ...state.values }, count });
    // Said as the directory shows it: none found is the map's own "No results found." text; a search or filters
    // cleared say how many locations there are again (nothing was said, and the region kept its last count). Said
    // once typing pauses: a count at every key spoke over the letters a screen reader echoes.
    this.#host.say(
      this.active
        ? count
          ? model.text.count('foundCount', count)
          : model.text.t('noResults')
        : model.text.count('locationCount', count),
      COUNT_SAID_AFTER_MS,
    );
  }

  /** A new search text, the filters kept. */
  setQuery(query: string): void {
    this.set({ ...this.state, query });
  }

  /** A filter's new value, the search and the other filters kept. */
  /** The page's API: the search and the groups ticked (each left as it is when not given). */
  apply({ query, groups }: { query?: string; groups?: string[] }): void {
    const f = this.state;
    const values = groups ? withGroups(this.#host.model, f.values, groups) : { ...f.values };
    this.set({ query: query ?? f.query, values });
  }

  setValue(id: string, value: FilterValue): void {
    this.set({ ...this.state, values: { ...this.state.values, [id]: value } });
  }

  /**
   * Puts the locations that match the search and filters in the directory, the best matches first (a title that is
   * the search, then titles that start with it), each kind in the directory's order; returns how many.
   */
  showEntries(): number {
    this.#host.filled();
    const order = (this.#order ??= directoryOrder(this.#host.model));
    const { mask } = this;
    const entries = this.active
      ? order.filter((l) => mask[l.index]).sort((a, b) => mask[b.index]! - mask[a.index]!)
      : order;
    this.#host.directory?.setEntries(entries, this.state, this.active);
    return entries.length;
  }
}
