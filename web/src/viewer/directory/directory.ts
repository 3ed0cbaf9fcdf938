/**
 * The directory: search, filters and the windowed list (or grid) of locations by group, 10,000 entries costing as much
 * as the thirty on screen; one tab stop, whose arrow, Home, End and Page keys move between entries (roving tabindex).
 */
import type { FilterValue } from '../../map-core/conditions';
import { queryTerms } from '../../map-core/text-search';
import { filterControl, offeredFilters } from './filters';
import { h, icon, uid } from '../dom';
import { locationFloor, type FilterState, type ResolvedLocation, type ViewerModel } from '../viewer-model';
import { readableTextOn } from '@mapnest/shared/contrast';
import { listKeyTarget, rowHeight, swatchText } from './list-keys';
import { highlighted, searchField } from './search-hint';

export interface DirectoryCallbacks {
  onQuery(query: string): void;
  onFilterValue(id: string, value: FilterValue): void;
  onClear(): void;
  onOpen(index: number, invoker: HTMLElement): void;
  onHover(index: number | null): void;
}

type Row =
  | { header: string; count: number; top: number; height: number; key: string }
  | { items: ResolvedLocation[]; first: number; top: number; height: number; key: string };

const HEADER_H = 36;
const OVERSCAN = 400;

/** The directory's elements inside its root, made with its first entries (see Directory). */
interface Parts {
  readonly input: HTMLInputElement | null;
  readonly filterBox: HTMLElement;
  readonly resultBar: HTMLElement;
  readonly scroller: HTMLElement;
  readonly list: HTMLUListElement;
  readonly empty: HTMLElement;
  readonly ro: ResizeObserver;
}

/**
 * The directory. Its root (`el`) exists from the start, sized by the sidebar, so the map beside it is laid out
 * once; what is inside (search, filters, the list) is made with the first entries, which the viewer puts in once
 * the markers' first frame is painted (./fill.ts): the map shows sooner and the directory follows a frame
 * later, in its place.
 */
export class Directory {
  readonly el: HTMLElement;
  #ui: Parts | null = null;
  readonly #countId = uid('mn-count');
  #entries: readonly ResolvedLocation[] = [];
  #rows: Row[] = [];
  #flat: ResolvedLocation[] = [];
  #terms: readonly string[] = [];
  #filtering = false;
  #focusPos = 0;
  #active: number | null = null;
  #layout: 'list' | 'grid' = 'list';
  #columns = 2;
  #perRow = 1;
  #frame = 0;
  #typing: ReturnType<typeof setTimeout> | undefined;
  readonly #rendered = new Map<string, HTMLLIElement>();
  readonly #filterInputs = new Map<string, (v: FilterValue | undefined) => void>();
  #showFilters: (open: boolean) => void = () => {};

  readonly #model: ViewerModel;
  readonly #cb: DirectoryCallbacks;
  readonly #resolveUrl: (u: string) => string;

  constructor(model: ViewerModel, cb: DirectoryCallbacks, resolveUrl: (u: string) => string) {
    this.#model = model;
    this.#cb = cb;
    this.#resolveUrl = resolveUrl;
    this.el = h('div', { class: 'mn-directory' });
  }

  /** Its elements, made on first use. */
  get #parts(): Parts {
    if (!this.#ui) {
      this.#ui = this.#build();
      this.#relayout();
    }
    return this.#ui;
  }

  #build(): Parts {
    const model = this.#model;
    const cb = this.#cb;
    const s = model.settings;
    const t = model.text;
    const listId = uid('mn-list');
    const filtersId = uid('mn-filters');
    const offered = offeredFilters(model);
    const filterBox = h('div', {
      class: 'mn-filters',
      id: filtersId,
      hidden: !(s.filters.startOpen || s.filters.alwaysVisible),
    });
    for (const f of offered) filterBox.append(filterControl(f, cb, this.#filterInputs, model.text));
    let searchBar: HTMLElement | null = null;
    let input: HTMLInputElement | null = null;
    if (s.search.enabled) {
      const delay = model.locations.length > 20_000 ? 180 : model.locations.length > 2_000 ? 60 : 0;
      const field = (input = searchField(t, listId, this.#countId));
      field.addEventListener('input', () => {
        clearTimeout(this.#typing);
        // Large maps filter on a short pause rather than on every keystroke.
        this.#typing = setTimeout(() => {
          this.#typing = undefined;
          cb.onQuery(field.value);
        }, delay);
      });
      field.addEventListener('keydown', (e) => this.#onSearchKey(e, field));
      const toggle =
        offered.length && !s.filters.alwaysVisible
          ? h(
              'button',
              {
                type: 'button',
                class: 'mn-icon-button',
                'aria-expanded': String(!filterBox.hidden),
                'aria-controls': filtersId,
                title: t.t('filters'),
              },
              icon('filter', 16),
              h('span', { class: 'mn-sr-only' }, t.t('filters')),
            )
          : null;
      this.#showFilters = (open) => {
        filterBox.hidden = !open;
        toggle?.setAttribute('aria-expanded', String(open));
      };
      toggle?.addEventListener('click', () => this.#showFilters(filterBox.hidden !== false));
      // Escape folds them back to their button, as it closes the directory's overlay (and no more than that).
      filterBox.addEventListener('keydown', (e) => {
        if (toggle && e.key === 'Escape') {
          e.stopPropagation();
          this.#showFilters(false);
          toggle.focus();
        }
      });
      searchBar = h('div', { class: 'mn-search' }, icon('search', 16), field, toggle);
    }
    if (!offered.length) filterBox.hidden = true;
    const resultBar = h('div', { class: 'mn-result-bar', id: this.#countId });
    const list = h('ul', { id: listId, class: 'mn-list', 'aria-label': t.t('locations') });
    const empty = h('p', { class: 'mn-no-results', hidden: true }, t.t('noResults'));
    const scroller = h('div', { class: 'mn-list-scroller' }, empty, list);
    scroller.addEventListener('scroll', () => this.#schedule());
    list.addEventListener('keydown', this.#onKey);
    this.el.append(...[searchBar, filterBox, resultBar, scroller].filter((e) => e !== null));
    const ro = new ResizeObserver(() => this.#relayout());
    ro.observe(scroller);
    return { input, filterBox, resultBar, scroller, list, empty, ro };
  }

  destroy(): void {
    this.#ui?.ro.disconnect();
    cancelAnimationFrame(this.#frame);
    clearTimeout(this.#typing);
  }

  /** A kiosk's start over: the filters folded or open as the map starts (their values are the viewer's). */
  startOver(): void {
    const f = this.#model.settings.filters;
    if (offeredFilters(this.#model).length) this.#showFilters(f.startOpen || f.alwaysVisible);
  }

  /** Makes the search, filters and list (empty) now, ahead of the first entries (./fill.ts). */
  prepare(): void {
    void this.#parts;
  }

  /** Shows a new set of entries (after a search or filter change). */
  setEntries(entries: readonly ResolvedLocation[], filter: FilterState, filtering: boolean): void {
    const { input, resultBar, empty, list } = this.#parts;
    this.#entries = entries;
    this.#terms = queryTerms(filter.query);
    this.#filtering = filtering;
    // A search set elsewhere (the API, a kiosk's start over) shows, unless the field has focus or text not applied yet.
    if (input && document.activeElement !== input && this.#typing === undefined && input.value !== filter.query)
      input.value = filter.query;
    for (const [id, set] of this.#filterInputs) set(filter.values[id]);
    const t = this.#model.text;
    const n = entries.length;
    const clear = h('button', { type: 'button', class: 'mn-link-button' }, t.t('clearAll'));
    clear.addEventListener('click', () => {
      // The button goes with the filtering it clears: from the keyboard, focus moves to the search (else the first
      // filter), not to the page's top; a tap or a click leaves focus be (a phone does not open its keyboard).
      const fromKeyboard = clear.matches(':focus-visible');
      if (input) input.value = '';
      this.#cb.onClear();
      if (fromKeyboard) (input ?? this.#parts.filterBox.querySelector<HTMLElement>('button, input, select'))?.focus();
    });
    resultBar.replaceChildren(h('span', null, t.count(filtering ? 'foundCount' : 'locationCount', n)));
    if (filtering) resultBar.append(clear);
    empty.hidden = n > 0;
    list.hidden = n === 0;
    this.#rebuild();
  }

  setActive(index: number | null): void {
    this.#active = index;
    for (const li of this.#rendered.values()) {
      const b = li.firstElementChild as HTMLElement | null;
      if (b) b.setAttribute('aria-current', String(Number(b.dataset.loc) === index));
    }
  }

  setLayout(layout: 'list' | 'grid', columns: number): void {
    if (layout === this.#layout && columns === this.#columns) return;
    this.#layout = layout;
    this.#columns = columns;
    this.#relayout();
  }

  /**
   * Fits the list to the layout and the scroller's width (once the elements exist; they are made fitted). When neither
   * the layout nor the entries per row changed (the scroller's first size report, a taller or shorter scroller), the
   * rows stay and only those that came into view are added: rebuilding them all took a big map's first fill ~50 ms
   * more at 4x CPU slowdown.
   */
  #relayout(): void {
    const ui = this.#ui;
    if (!ui) return;
    const per =
      this.#layout === 'grid'
        ? Math.max(1, Math.min(this.#columns, Math.floor(ui.scroller.clientWidth / 120) || 1))
        : 1;
    const className = `mn-list mn-list-${this.#layout}`;
    if (per === this.#perRow && ui.list.className === className) {
      this.#render();
      return;
    }
    this.#perRow = per;
    ui.list.className = className;
    this.#rebuild();
  }

  #itemHeight(): number {
    const k = this.el.closest('.mn-kiosk');
    return rowHeight(this.#layout, this.#model.settings.directory.thumbnails, !!k, !!k?.matches('.mn-landscape'));
  }

  #rebuild(): void {
    const model = this.#model;
    const per = this.#perRow;
    const itemH = this.#itemHeight();
    const rows: Row[] = [];
    const flat: ResolvedLocation[] = [];
    let top = 0;
    const push = (items: readonly ResolvedLocation[], key: string) => {
      for (let i = 0; i < items.length; i += per) {
        const chunk = per === 1 ? [items[i]!] : items.slice(i, i + per);
        rows.push({ items: chunk, first: flat.length, top, height: itemH, key: `${key}:${i}` });
        for (const l of chunk) flat.push(l);
        top += itemH;
      }
    };
    if (model.settings.directory.groupBy && !this.#filtering) {
      const byGroup = new Map<string, ResolvedLocation[]>();
      const other: ResolvedLocation[] = [];
      for (const e of this.#entries) {
        const gs = e.groupIds.filter((g) => !model.groupById.get(g)?.hide);
        if (!gs.length) other.push(e);
        for (const g of gs) (byGroup.get(g) ?? byGroup.set(g, []).get(g)!).push(e);
      }
      const section = (key: string, name: string, items: ResolvedLocation[] | undefined) => {
        if (!items?.length) return;
        rows.push({ header: name, count: items.length, top, height: HEADER_H, key: `h:${key}` });
        top += HEADER_H;
        push(items, key);
      };
      for (const g of model.groups) section(g.id, g.name, byGroup.get(g.id));
      section('__other', model.text.t('other'), other);
    } else push(this.#entries, 'all');
    this.#rows = rows;
    this.#flat = flat;
    this.#focusPos = Math.min(this.#focusPos, Math.max(0, flat.length - 1));
    this.#parts.list.style.height = `${top}px`;
    for (const li of this.#rendered.values()) li.remove();
    this.#rendered.clear();
    this.#render();
  }

  #schedule(): void {
    if (!this.#frame)
      this.#frame = requestAnimationFrame(() => {
        this.#frame = 0;
        this.#render();
      });
  }

  #rowOf(pos: number): Row | undefined {
    return this.#rows.find((r) => 'items' in r && pos >= r.first && pos < r.first + r.items.length);
  }

  #render(): void {
    const { scroller, list } = this.#parts;
    const top = scroller.scrollTop;
    const bottom = top + (scroller.clientHeight || 600);
    const want: Row[] = [];
    let lo = 0;
    let hi = this.#rows.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const r = this.#rows[mid]!;
      if (r.top + r.height <= top - OVERSCAN) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.#rows.length && this.#rows[i]!.top < bottom + OVERSCAN; i++) want.push(this.#rows[i]!);
    // The roving entry stays rendered when scrolled away, so Tab can always reach the list.
    const focusRow = this.#rowOf(this.#focusPos);
    if (focusRow && !want.includes(focusRow)) want.push(focusRow);
    want.sort((a, b) => a.top - b.top);
    const keep = new Set<string>();
    const nodes: HTMLLIElement[] = [];
    for (const row of want) {
      if ('header' in row) {
        keep.add(row.key);
        nodes.push(this.#rendered.get(row.key) ?? this.#headerRow(row));
        continue;
      }
      row.items.forEach((l, k) => {
        const key = `${row.key}:${l.index}`;
        keep.add(key);
        nodes.push(this.#rendered.get(key) ?? this.#itemRow(l, row, k, key));
      });
    }
    for (const [key, li] of this.#rendered) if (!keep.has(key)) li.remove();
    for (const li of nodes) this.#rendered.set(li.dataset.key!, li);
    for (const [key] of this.#rendered) if (!keep.has(key)) this.#rendered.delete(key);
    // Document order follows visual order, for screen readers.
    let prev: Element | null = null;
    for (const li of nodes) {
      if ((prev ? prev.nextElementSibling : list.firstElementChild) !== li) {
        if (prev) prev.after(li);
        else list.prepend(li);
      }
      prev = li;
    }
    for (const li of this.#rendered.values()) {
      const b = li.firstElementChild as HTMLElement | null;
      if (b?.dataset.pos) b.tabIndex = Number(b.dataset.pos) === this.#focusPos ? 0 : -1;
    }
  }

  #headerRow(row: Extract<Row, { header: string }>): HTMLLIElement {
    const li = h(
      'li',
      { class: 'mn-list-header', style: { transform: `translateY(${row.top}px)`, height: `${row.height}px` } },
      // Read with its count in words ("Food, 11 locations"); the bare number is for the eye (a plain span's aria-label
      // is not read). Level 2, as the details' and directions' titles: parts of the map under the page's h1 (its name).
      h(
        'span',
        {
          role: 'heading',
          'aria-level': '2',
          'aria-label': `${row.header}, ${this.#model.text.count('locationCount', row.count)}`,
        },
        row.header,
      ),
      h('span', { class: 'mn-list-count', 'aria-hidden': 'true' }, this.#model.text.number(row.count)),
    );
    li.dataset.key = row.key;
    return li;
  }

  /** An entry's picture: its image (a card's, or the thumbnail), else a swatch with its text (`swatchText`). */
  #entryVisual(l: ResolvedLocation, grid: boolean): HTMLElement {
    const thumb = l.source.thumb ?? '';
    const letter = swatchText(l.title || l.id, l.label, thumb);
    const image = grid ? (l.source.image ?? (thumb.length > 3 ? thumb : '')) : thumb.length > 3 ? thumb : '';
    if (image)
      return h('img', {
        class: grid ? 'mn-card-image' : 'mn-thumb',
        src: this.#resolveUrl(image),
        alt: '',
        loading: 'lazy',
        referrerpolicy: 'no-referrer',
      });
    return h(
      'span',
      {
        class: grid ? 'mn-card-image mn-card-placeholder' : 'mn-thumb mn-thumb-text',
        'aria-hidden': 'true',
        style: { backgroundColor: l.fill, color: readableTextOn(l.fill) },
      },
      letter,
    );
  }

  #itemRow(
    l: ResolvedLocation,
    row: Extract<Row, { items: ResolvedLocation[] }>,
    k: number,
    key: string,
  ): HTMLLIElement {
    const pos = row.first + k;
    const model = this.#model;
    const floor = locationFloor(model, l);
    const grid = this.#layout === 'grid';
    const visual = grid || model.settings.directory.thumbnails ? this.#entryVisual(l, grid) : null;
    const about =
      l.about || floor
        ? h(
            'span',
            { class: 'mn-entry-about', dir: 'auto' },
            // The badge's own dir keeps it out of the line's: "All floors" in Hebrew made English lines run leftwards.
            floor && h('span', { class: 'mn-floor-badge', dir: 'auto' }, floor),
            highlighted(l.about, this.#terms),
          )
        : null;
    // An author's text keeps its own direction: "Bloom & Co." in a Hebrew directory read ".Bloom & Co", cut at its start.
    const title = h('span', { class: 'mn-entry-title', dir: 'auto' }, highlighted(l.title || l.id, this.#terms));
    const button = h(
      'button',
      {
        type: 'button',
        class: 'mn-entry',
        'data-pos': pos,
        'data-loc': l.index,
        tabindex: pos === this.#focusPos ? 0 : -1,
        'aria-current': String(this.#active === l.index),
      },
      visual,
      grid ? [title, about] : h('span', { class: 'mn-entry-text' }, title, about),
    );
    button.addEventListener('click', () => {
      this.#focusPos = pos;
      this.#cb.onOpen(l.index, button);
    });
    button.addEventListener('focus', () => {
      if (this.#focusPos !== pos) {
        this.#focusPos = pos;
        this.#render();
      }
    });
    button.addEventListener('pointerenter', () => this.#cb.onHover(l.index));
    button.addEventListener('pointerleave', () => this.#cb.onHover(null));
    const per = this.#perRow;
    const li = h(
      'li',
      {
        class: 'mn-list-item',
        'aria-setsize': this.#flat.length,
        'aria-posinset': pos + 1,
        style: { transform: `translate(${100 * k}%, ${row.top}px)`, width: `${100 / per}%`, height: `${row.height}px` },
      },
      button,
    );
    li.dataset.key = key;
    return li;
  }

  /** Search keys: Escape empties; ↓ goes to the first result, Enter opens it (text still waiting is searched first). */
  #onSearchKey(e: KeyboardEvent, field: HTMLInputElement): void {
    if (e.key === 'Escape' && field.value) {
      e.stopPropagation();
      field.value = '';
      this.#cb.onQuery('');
      return;
    }
    if ((e.key !== 'ArrowDown' && e.key !== 'Enter') || e.isComposing) return;
    if (this.#typing !== undefined) {
      clearTimeout(this.#typing);
      this.#typing = undefined;
      this.#cb.onQuery(field.value);
    }
    const first = this.#flat[0];
    if (!first) return;
    e.preventDefault();
    if (e.key === 'Enter') return this.#cb.onOpen(first.index, field);
    this.#focusAt(0);
  }

  /** Moves the keyboard to the entry at `pos`, scrolling it into the list's view. */
  #focusAt(pos: number): void {
    const { scroller: sc, list } = this.#parts;
    this.#focusPos = Math.max(0, Math.min(this.#flat.length - 1, pos));
    const row = this.#rowOf(this.#focusPos);
    if (row) {
      if (row.top < sc.scrollTop) sc.scrollTop = row.top;
      else if (row.top + row.height > sc.scrollTop + sc.clientHeight)
        sc.scrollTop = row.top + row.height - sc.clientHeight;
    }
    this.#render();
    list.querySelector<HTMLElement>(`[data-pos="${this.#focusPos}"]`)?.focus({ preventScroll: true });
  }

  readonly #onKey = (e: KeyboardEvent): void => {
    if (!(e.target as HTMLElement).dataset.pos) return;
    const per = this.#perRow;
    const page = Math.max(1, Math.floor((this.#parts.scroller.clientHeight || 600) / this.#itemHeight()) * per);
    const next = listKeyTarget(e.key, this.#focusPos, this.#flat.length, { per, grid: this.#layout === 'grid', page });
    if (next === null) return;
    e.preventDefault();
    this.#focusAt(next);
  };
}
