/**
 * The keyboard and screen-reader list of the locations in view: a visually hidden list after the map
 * with one button per location the camera shows, in reading order. Tab reaches it as one stop (a
 * roving tab index; arrows, Home and End move within), focusing an entry rings its marker and shows
 * its tooltip, and Enter opens it. It follows the camera when it rests.
 */
import { h } from '../dom';
import type { ResolvedLocation } from '../viewer-model';
import type { ViewerText } from '../i18n/messages';

/** What the list tells the viewer. */
/** Locations offered in the keyboard list of what is in view (the directory has them all). */
export const IN_VIEW_MAX = 60;

export interface InViewEvents {
  /** An entry took focus (index) or lost it (null). */
  onFocus(index: number | null): void;
  onOpen(index: number, invoker: HTMLElement): void;
}

export class InViewList {
  readonly el = h('ul', { class: 'mn-in-view mn-sr-only' });
  #items: ResolvedLocation[] = [];
  #pos = 0;
  /** The location whose entry has focus. */
  #focused: number | null = null;
  readonly #nodes = new Map<number, HTMLLIElement>();

  readonly #tooltipId: () => string;
  readonly #events: InViewEvents;

  constructor(
    private readonly text: ViewerText,
    /** The id of the tooltip element entries are described by. */
    tooltipId: () => string,
    events: InViewEvents,
  ) {
    this.#tooltipId = tooltipId;
    this.#events = events;
    this.el.addEventListener('keydown', this.#onKey);
  }

  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The list follows the camera once it has rested a moment, outside the frame that ends the move: `update` then. */
  later(update: () => void): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(update, 150);
  }

  /** The viewer goes: no update is left waiting. */
  stop(): void {
    clearTimeout(this.#timer);
  }

  /** Shows these locations (the one with keyboard focus is kept even when it left the view: removing it would drop focus). */
  update(inView: ResolvedLocation[], locations: readonly ResolvedLocation[]): void {
    const items = inView;
    const focused = this.el.contains(document.activeElement) ? this.#focused : null;
    if (focused !== null && !items.some((l) => l.index === focused)) items.push(locations[focused]!);
    this.#items = items;
    const keep = focused === null ? -1 : items.findIndex((l) => l.index === focused);
    this.#pos = keep >= 0 ? keep : Math.min(this.#pos, Math.max(0, items.length - 1));
    this.el.setAttribute('aria-label', this.text.t('locationsInView', { n: this.text.number(items.length) }));
    // Entries are reused between moves: only their position and tab stop change.
    const nodes = items.map((l, pos) => {
      const li = this.#nodes.get(l.index) ?? this.#entry(l);
      const b = li.firstElementChild as HTMLElement;
      b.dataset.pos = String(pos);
      b.tabIndex = pos === this.#pos ? 0 : -1;
      return li;
    });
    this.#place(nodes);
    if (this.#nodes.size > 1000) for (const [k, li] of this.#nodes) if (!li.isConnected) this.#nodes.delete(k);
    if (keep >= 0) (nodes[keep]!.firstElementChild as HTMLElement).focus({ preventScroll: true });
  }

  #entry(l: ResolvedLocation): HTMLLIElement {
    const b = h(
      'button',
      { type: 'button', 'aria-describedby': this.#tooltipId() },
      l.title || l.id,
      l.groupNames.length ? `, ${l.groupNames.join(', ')}` : '',
    );
    // Focus given back (Escape from the location opened from it, after the view moved) makes it the Tab stop too.
    b.addEventListener('focus', () => {
      this.#stop(Number(b.dataset.pos));
      this.#focused = l.index;
      this.#events.onFocus(l.index);
    });
    b.addEventListener('blur', () => {
      if (this.#focused !== l.index) return;
      this.#focused = null;
      this.#events.onFocus(null);
    });
    b.addEventListener('click', () => this.#events.onOpen(l.index, b));
    const li = h('li', null, b);
    this.#nodes.set(l.index, li);
    return li;
  }

  /** Moves only what changed: rebuilding the list would re-lay out every entry on every pan. */
  #place(nodes: HTMLLIElement[]): void {
    const wanted = new Set(nodes);
    for (const child of Array.from(this.el.children)) if (!wanted.has(child as HTMLLIElement)) child.remove();
    let prev: Element | null = null;
    for (const li of nodes) {
      const at: Element | null = prev ? prev.nextElementSibling : this.el.firstElementChild;
      if (at !== li) {
        if (prev) prev.after(li);
        else this.el.prepend(li);
      }
      prev = li;
    }
  }

  readonly #onKey = (e: KeyboardEvent): void => {
    const n = this.#items.length;
    const step =
      e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 0;
    let next = this.#pos + step;
    if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = n - 1;
    else if (!step) return;
    e.preventDefault();
    next = Math.max(0, Math.min(n - 1, next));
    this.#stop(next);
    this.el.querySelector<HTMLElement>(`[data-pos="${next}"]`)?.focus({ preventScroll: true });
  };

  /** Makes entry `pos` the list's one Tab stop. */
  #stop(pos: number): void {
    this.#pos = pos;
    for (const b of this.el.querySelectorAll<HTMLElement>('button'))
      b.tabIndex = Number(b.dataset.pos) === pos ? 0 : -1;
  }
}
