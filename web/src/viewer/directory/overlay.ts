/**
 * The directory of a compact viewer (a narrow box under 500 px high: a phone's embed of a fixed small height; ADR
 * 067): the map fills the box and the directory (search, filters, list) opens over it, inside the box, from a
 * "Directory" button on the map (aria-expanded). Back to map, Escape or choosing a location close it; focus goes back
 * to the button, or, for a location chosen in it, goes there when the location's details close. While it is open the
 * map under it is inert, so Tab stays in the list. In every other layout the button and the bar are hidden and the
 * sidebar is the layout's. On the map's own page the browser's Back closes it too, as it closes a location's sheet
 * (ADR 056): it has a history entry while it is open (../location-history.ts).
 */
import { h, icon, uid } from '../dom';
import type { ViewerText } from '../i18n/messages';
import type { HistoryOverlay } from '../location-history';

/** The history the overlay's entry is in (../location-history.ts: none but on the map's own page). */
export interface OverlayHistory {
  overlayOpened(overlay: HistoryOverlay): void;
  overlayClosed(): void;
}

export class DirectoryOverlay {
  /** The button on the map that opens it (a map control: in a corner, removed with the controls). */
  readonly el: HTMLButtonElement;
  readonly #bar: HTMLElement;
  readonly #back: HTMLButtonElement;
  #compact = false;
  #open = false;

  /** Back and Forward close and open it; so does a reload on its entry (../location-history.ts `restore`). */
  readonly port: HistoryOverlay = { open: () => this.open(false), close: () => this.close(true) };

  /** `sidebar`: the viewer's directory and its panel; `map`: the map area the overlay covers. */
  constructor(
    private readonly sidebar: HTMLElement,
    private readonly map: HTMLElement,
    t: ViewerText,
    private readonly history: OverlayHistory,
  ) {
    sidebar.id ||= uid('mn-directory');
    this.el = h(
      'button',
      {
        type: 'button',
        class: 'mn-control mn-directory-button',
        'aria-expanded': 'false',
        'aria-controls': sidebar.id,
        hidden: true,
        // A keyboard's click (detail 0) goes on to the search; a tap does not bring up a phone's keyboard over the list.
        onclick: (e: MouseEvent) => this.open(e.detail === 0),
      },
      icon('legend'),
      h('span', null, t.t('directory')),
    );
    this.#back = h(
      'button',
      { type: 'button', class: 'mn-chip-button', onclick: () => this.close(true) },
      icon('back', 16),
      t.t('backToMap'),
    );
    this.#bar = h('div', { class: 'mn-overlay-bar', hidden: true }, this.#back);
    sidebar.prepend(this.#bar);
    sidebar.addEventListener('keydown', this.#onKey);
  }

  /** The viewer was laid out anew (the sidebar's `hidden` set for the layout): compact shows the button, closed. */
  layout(compact: boolean): void {
    this.#compact = compact;
    this.#set(compact && this.#open);
    this.el.hidden = this.#bar.hidden = !compact;
    if (compact && this.el.parentElement) this.el.parentElement.hidden = false;
  }

  /**
   * Opens the directory over the map; focus goes to its search (`search`, when there is one) or Back to map. False
   * when the box is not compact (there is no directory over the map to open).
   */
  open(search: boolean): boolean {
    if (!this.#compact) return false;
    this.#set(true);
    const field = search ? this.sidebar.querySelector<HTMLElement>('.mn-search input') : null;
    (field ?? this.#back).focus({ preventScroll: true });
    return true;
  }

  /** Back to the map; `restoreFocus`: focus goes back to the button. */
  close(restoreFocus: boolean): void {
    if (!this.#open) return;
    this.#set(false);
    if (restoreFocus) this.el.focus({ preventScroll: true });
  }

  /**
   * A location opens (chosen in the list, or asked for by the page): the overlay closes so its details show on the
   * map. Answers where focus goes back when they close: the button, for a location chosen in the overlay (its entry
   * is hidden now), else `invoker`.
   */
  chosen(invoker: HTMLElement | null): HTMLElement | null {
    if (!this.#open) return invoker;
    this.#set(false);
    return !invoker || this.sidebar.contains(invoker) ? this.el : invoker;
  }

  remove(): void {
    this.sidebar.removeEventListener('keydown', this.#onKey);
    this.#bar.remove();
    this.el.remove();
  }

  /** Open or closed; the sidebar's `hidden` is the overlay's only while compact (else the layout's). */
  #set(open: boolean): void {
    if (open !== this.#open) {
      if (open) this.history.overlayOpened(this.port);
      else this.history.overlayClosed();
    }
    this.#open = open;
    this.el.setAttribute('aria-expanded', String(open));
    if (this.#compact) this.sidebar.hidden = !open;
    this.map.inert = open;
  }

  /** Escape closes it (the search field's own Escape, which empties it, comes first and stops there). */
  readonly #onKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || !this.#open) return;
    e.preventDefault();
    // Not on to the viewer's own Escape, which would close the location open under the overlay too.
    e.stopPropagation();
    this.close(true);
  };
}
