/**
 * The open location in the address bar (`?location=`, ./deep-link.ts) and, on the map's own page, in the browser's
 * history. Where the viewer is its page's own (the /m/{id} page opened at the top, not in a customer's iframe or
 * script-tag embed, whose history is the customer's), a location opened as a phone's sheet adds one history entry,
 * so the browser's Back (Android's back gesture) closes the sheet and stays on the map. Going from one location to
 * another while it is open replaces that entry; closing it by its own button (Escape, a tap on the map) goes back
 * over the entry, so the next Back leaves the map as it would have without it (no entry left that does nothing
 * visible); Forward opens it again. Elsewhere (an embed, the desktop layout) opening and closing only replace the
 * address, one entry for the whole visit, as before. A deep link (`?location=` in the address the visitor came with)
 * adds no entry: its Back leaves, as the link's page did. A compact viewer's directory over the map
 * (./directory/overlay.ts) is such a cover too: opening it adds an entry (its state `{ mapnestDirectory: true }`), Back
 * closes it, closing it by Back to map, Escape or choosing a location goes back over it (a location chosen gets its
 * entry once that Back has landed, so one Back then closes its sheet and the next leaves), Forward opens it again.
 */
import { replaceLocationParam, withLocationParam } from './deep-link';

/** The key in the state of the history entries this adds: the id of the location the entry shows. */
export const SHEET_STATE_KEY = 'mapnestSheet';
/** The key in the state of the entry added for the compact viewer's directory over the map (true). */
export const OVERLAY_STATE_KEY = 'mapnestDirectory';

/** The compact viewer's directory over the map, as Back and Forward open and close it. */
export interface HistoryOverlay {
  open(): void;
  close(): void;
}

type HistoryWindow = Pick<Window, 'location' | 'history' | 'addEventListener' | 'removeEventListener'>;

export interface LocationHistoryOptions {
  /** Writes `?location=` into the address (the map's deep-linking setting). */
  deepLinking: boolean;
  /** Back closes a sheet: the viewer is its page's own (the /m/{id} page, not framed). */
  backCloses: boolean;
  /**
   * Back or Forward came to an entry: it shows location `id` (an entry this added), or none (the one before it). The
   * viewer opens or closes the location without telling this again (`opened` then only replaces the entry).
   */
  show(id: string | null): void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export class LocationHistory {
  readonly #o: LocationHistoryOptions;
  readonly #win: HistoryWindow;
  /** The location the current entry shows, when it is one this added (it names an open location). */
  #id: string | null;
  /** The current entry is the one added for the directory over the map. */
  #onOverlay: boolean;
  /** The directory over the map, once it has opened: Back and Forward close and open it. */
  #overlay: HistoryOverlay | null = null;
  /** Gone back over our entry (the visitor closed the sheet); its popstate has not come yet. */
  #goingBack = false;
  /** A location opened while going back: written (its entry added, for a sheet) once the Back has landed. */
  #queued: { id: string; sheet: boolean } | null = null;

  constructor(options: LocationHistoryOptions, win: HistoryWindow = window) {
    this.#o = options;
    this.#win = win;
    // A reload keeps the entry's state: closing then still goes back over it.
    this.#id = options.backCloses ? this.#ourId() : null;
    this.#onOverlay = options.backCloses && this.#overlayEntry();
    if (options.backCloses) win.addEventListener('popstate', this.#onPop);
  }

  /** Location `id` opened by the visitor; `sheet`: its details cover the map as a phone's sheet (or lightbox). */
  opened(id: string, sheet: boolean): void {
    if (this.#goingBack) {
      this.#queued = { id, sheet };
      return;
    }
    const ours = this.#id !== null;
    if (this.#o.backCloses && (ours || sheet)) return this.#write(id, ours ? 'replace' : 'push');
    if (this.#o.deepLinking) replaceLocationParam(id, this.#win);
  }

  /** The open location closed (its button, Escape, a tap beside it, another floor): not by Back. */
  closed(): void {
    this.#queued = null;
    if (this.#goingBack) return;
    if (this.#o.backCloses && this.#id !== null && this.#back()) return;
    if (this.#o.deepLinking) replaceLocationParam(null, this.#win);
  }

  /** The directory opened over the map (not by Forward): it gets an entry, so that Back closes it. */
  overlayOpened(overlay: HistoryOverlay): void {
    this.#overlay = overlay;
    if (!this.#o.backCloses || this.#onOverlay || this.#goingBack) return;
    const state: unknown = this.#win.history.state;
    try {
      this.#win.history.pushState({ ...(isRecord(state) ? state : {}), [OVERLAY_STATE_KEY]: true }, '');
      this.#onOverlay = true;
    } catch {
      // Sandboxed documents may refuse; the directory works without the entry.
    }
  }

  /** The directory over the map closed (its Back to map, Escape, a location chosen in it): not by Back. */
  overlayClosed(): void {
    if (this.#onOverlay && !this.#goingBack) this.#back();
  }

  destroy(): void {
    this.#win.removeEventListener('popstate', this.#onPop);
  }

  /** Goes back over the current entry (ours); false when the browser refused. */
  #back(): boolean {
    this.#goingBack = true;
    try {
      this.#win.history.back();
      return true;
    } catch {
      this.#goingBack = false;
      return false;
    }
  }

  #overlayEntry(): boolean {
    const state: unknown = this.#win.history.state;
    return isRecord(state) && state[OVERLAY_STATE_KEY] === true;
  }

  /** The location the current entry shows, when it is one this added. */
  #ourId(): string | null {
    const state: unknown = this.#win.history.state;
    const id = isRecord(state) ? state[SHEET_STATE_KEY] : null;
    return typeof id === 'string' ? id : null;
  }

  #write(id: string, how: 'push' | 'replace'): void {
    const { history, location } = this.#win;
    const state: unknown = history.state;
    const next: Record<string, unknown> = { ...(isRecord(state) ? state : {}), [SHEET_STATE_KEY]: id };
    // A location's entry is its sheet's alone (the directory over the map has closed).
    delete next[OVERLAY_STATE_KEY];
    const url = this.#o.deepLinking ? withLocationParam(location.href, id) : location.href;
    try {
      if (how === 'push') history.pushState(next, '', url);
      else history.replaceState(next, '', url);
      this.#id = id;
      this.#onOverlay = false;
    } catch {
      // Sandboxed documents may refuse; the map works without the entry.
    }
  }

  #onPop = (): void => {
    const [wasId, wasOverlay, wentBack, queued] = [this.#id, this.#onOverlay, this.#goingBack, this.#queued];
    const id = (this.#id = this.#ourId());
    const overlay = (this.#onOverlay = this.#overlayEntry());
    this.#goingBack = false;
    this.#queued = null;
    if (wentBack) {
      // The visitor closed the sheet or the directory (already closed) and may have opened a location meanwhile.
      if (queued) this.opened(queued.id, queued.sheet);
      return;
    }
    // Back from the directory's entry closes it; Forward to it opens it again.
    if (overlay !== wasOverlay) this.#overlay?.[overlay ? 'open' : 'close']();
    // Back from a sheet's entry closes it, the map stays; Forward to one opens its location again. Popstates from
    // entries that are not ours (a link to a #fragment in a description, say) change nothing of ours.
    if (id !== wasId) this.#o.show(id);
  };
}
