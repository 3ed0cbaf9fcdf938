/**
 * The open location in the address bar (`?location=`, ./deep-link.ts) and, on the map's own page, in the browser's
 * history. Where the viewer is its page's own (the /m/{id} page opened at the top, not in a customer's iframe or
 * script-tag embed, whose history is the customer's), a location opened as a phone's sheet adds one history entry,
 * so the browser's Back (Android's back gesture) closes the sheet and stays on the map. Going from one location to
 * another while it is open replaces that entry; closing it by its own button (Escape, a tap on the map) goes back
 * over the entry, so the next Back leaves the map as it would have without it (no entry left that does nothing
 * visible); Forward opens it again. Elsewhere (an embed, the desktop layout) opening and closing only replace the
 * address, one entry for the whole visit, as before. A deep link (`?location=` in the address the visitor came with)
 * adds no entry: its Back leaves, as the link's page did.
 */
import { replaceLocationParam, withLocationParam } from './deep-link';

/** The key in the state of the history entries this adds: the id of the location the entry shows. */
export const SHEET_STATE_KEY = 'mapnestSheet';

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
  /** The current entry is one this added (it names an open location). */
  #onOurs: boolean;
  /** Gone back over our entry (the visitor closed the sheet); its popstate has not come yet. */
  #goingBack = false;
  /** A location opened while going back: written (its entry added, for a sheet) once the Back has landed. */
  #queued: { id: string; sheet: boolean } | null = null;

  constructor(options: LocationHistoryOptions, win: HistoryWindow = window) {
    this.#o = options;
    this.#win = win;
    // A reload keeps the entry's state: closing then still goes back over it.
    this.#onOurs = options.backCloses && this.#ourId() !== null;
    if (options.backCloses) win.addEventListener('popstate', this.#onPop);
  }

  /** Location `id` opened by the visitor; `sheet`: its details cover the map as a phone's sheet (or lightbox). */
  opened(id: string, sheet: boolean): void {
    if (this.#goingBack) {
      this.#queued = { id, sheet };
      return;
    }
    if (this.#o.backCloses && (this.#onOurs || sheet)) return this.#write(id, this.#onOurs ? 'replace' : 'push');
    if (this.#o.deepLinking) replaceLocationParam(id, this.#win);
  }

  /** The open location closed (its button, Escape, a tap beside it, another floor): not by Back. */
  closed(): void {
    this.#queued = null;
    if (this.#goingBack) return;
    if (this.#o.backCloses && this.#onOurs) {
      this.#goingBack = true;
      try {
        this.#win.history.back();
        return;
      } catch {
        this.#goingBack = false;
      }
    }
    if (this.#o.deepLinking) replaceLocationParam(null, this.#win);
  }

  destroy(): void {
    this.#win.removeEventListener('popstate', this.#onPop);
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
    const next = { ...(isRecord(state) ? state : {}), [SHEET_STATE_KEY]: id };
    const url = this.#o.deepLinking ? withLocationParam(location.href, id) : location.href;
    try {
      if (how === 'push') history.pushState(next, '', url);
      else history.replaceState(next, '', url);
      this.#onOurs = true;
    } catch {
      // Sandboxed documents may refuse; the map works without the entry.
    }
  }

  #onPop = (): void => {
    const was = this.#onOurs;
    const wentBack = this.#goingBack;
    const queued = this.#queued;
    const id = this.#ourId();
    this.#onOurs = id !== null;
    this.#goingBack = false;
    this.#queued = null;
    // Forward to an entry of ours: its location opens again.
    if (id !== null) return this.#o.show(id);
    // Not from an entry of ours (a link to a #fragment in a description, say): nothing of ours changed.
    if (!was) return;
    if (wentBack) {
      // The visitor closed the sheet (already closed) and may have opened another meanwhile.
      if (queued) this.opened(queued.id, queued.sheet);
      return;
    }
    // Back from the sheet's entry: the sheet closes, the map stays.
    this.#o.show(null);
  };
}
