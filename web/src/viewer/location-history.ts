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
 * The entries follow what shows, whatever closes it: a location closed under the directory (the page's API, a kiosk's
 * start over) goes back over both entries and puts the directory's back, so one Back closes exactly the top thing
 * shown and none is spent showing nothing new. A reload on the directory's entry opens it again, as a reload on a
 * sheet's shows its location again; where it cannot open (the box no longer compact), its entry is gone back over.
 * The route shown (`?from=&to=&stepfree=1`, ../directions/panel.ts) is no entry's: the directions stay as they are on
 * Back and Forward, so whatever entry the browser lands on (its address written when it was current, with the route of
 * then) gets the route shown now written into its address. One sheet shows at a time (./details/phone-sheets.ts): the
 * directions' sheet brought in front of a location's (its Directions button, the Directions control) gets an entry
 * over the location's (its state `{ mapnestDirections: true }` beside the location's), so Back closes the directions and
 * shows the location again, and the next Back closes that; Forward opens the directions again. The directions alone, or
 * under a location's sheet, have no entry: Back with only them open leaves the map, as before.
 */
import {
  readDirectionsParams,
  replaceDirectionsParams,
  replaceLocationParam,
  withLocationParam,
  type AddressRoute,
} from './deep-link';

/** The key in the state of the history entries this adds: the id of the location the entry shows. */
export const SHEET_STATE_KEY = 'mapnestSheet';
/** The key in the state of the entry added for the compact viewer's directory over the map (true). */
export const OVERLAY_STATE_KEY = 'mapnestDirectory';
/** The key in the state of the entry added for the directions' sheet in front of a location's sheet (true). */
export const DIRECTIONS_STATE_KEY = 'mapnestDirections';

/** The compact viewer's directory over the map, as Back and Forward open and close it. */
export interface HistoryOverlay {
  /** False when it cannot open (the box is not compact). */
  open(): boolean;
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
   * viewer opens or closes the location (telling this, which then changes nothing); false when it cannot open it.
   */
  show(id: string | null): boolean | void;
  /**
   * Back came from the entry of the directions' sheet in front of a location's (`open` false: the viewer closes them,
   * the location's sheet shows again), or Forward to it (true: they open again in front, showing `route`, the one the
   * entry's address names, or the one they showed when Back left it where the map does not deep-link; false when they
   * cannot open).
   */
  directions?(open: boolean, route: AddressRoute): boolean | void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The location a sheet's entry of the map's own page shows, when the current entry is one: a reload keeps the entry,
 * and the location shows again even where the address does not name it (a map that does not deep-link).
 */
export function entryLocation(win: Pick<Window, 'history'> = window): string | null {
  const state: unknown = win.history.state;
  const id = isRecord(state) ? state[SHEET_STATE_KEY] : null;
  return typeof id === 'string' ? id : null;
}

/**
 * What an entry of ours shows, or what the visitor sees that Back should close: a sheet's location, the directions'
 * sheet in front of it, the overlay.
 */
interface Shown {
  id: string | null;
  /** The directions' sheet is in front of the location's (nothing without a location). */
  directions: boolean;
  overlay: boolean;
}

const NOTHING: Shown = { id: null, directions: false, overlay: false };
const over = (s: Shown) => s.id !== null && s.directions;

/**
 * The entries `s` stands for above the one before them, bottom first: the sheet's, the directions' in front of it,
 * then the overlay's over them.
 */
const levels = (s: Shown): string[] => [
  ...(s.id === null ? [] : [`sheet:${s.id}`]),
  ...(over(s) ? ['directions'] : []),
  ...(s.overlay ? ['overlay'] : []),
];

/** What the first `n` entries of `s`'s levels show: the entry to write for level `n`. */
function upTo(s: Shown, n: number): Shown {
  const kept = levels(s).slice(0, n);
  return {
    id: kept.some((l) => l.startsWith('sheet:')) ? s.id : null,
    directions: kept.includes('directions'),
    overlay: kept.includes('overlay'),
  };
}

export class LocationHistory {
  readonly #o: LocationHistoryOptions;
  readonly #win: HistoryWindow;
  /** What the current entry shows (none of ours: nothing). */
  #entry: Shown;
  /** What the visitor sees that has an entry for Back to close: the entries are brought in step with it. */
  #want: Shown;
  /** The directory over the map, once it has opened: Back and Forward close and open it. */
  #overlay: HistoryOverlay | null = null;
  /** Gone back over entries of ours (the visitor closed something); its popstate has not come yet. */
  #goingBack = false;
  /** The address of a location opened or closed without an entry while going back: written once the Back landed. */
  #address: { id: string | null } | null = null;
  /** The route in the address, once the directions have said one (`from`, `to`, step-free). */
  #route: Parameters<LocationHistory['route']> | null = null;
  /** The route the directions showed when Back closed them from their entry: Forward shows it again. */
  #routeLeft: AddressRoute = { from: null, to: null, stepFree: false };

  constructor(options: LocationHistoryOptions, win: HistoryWindow = window) {
    this.#o = options;
    this.#win = win;
    // A reload keeps the entry's state: closing then still goes back over it (the overlay's, see restore()).
    this.#entry = options.backCloses ? this.#read() : { ...NOTHING };
    this.#want = { ...this.#entry };
    if (options.backCloses) win.addEventListener('popstate', this.#onPop);
  }

  /** Location `id` opened by the visitor; `sheet`: its details cover the map as a phone's sheet (or lightbox). */
  opened(id: string, sheet: boolean): void {
    // Its sheet comes in front of the directions' (./details/phone-sheets.ts).
    this.#want.directions = false;
    if (this.#o.backCloses && (sheet || this.#want.id !== null)) {
      this.#want.id = id;
      return this.#sync();
    }
    this.#writeAddress(id);
  }

  /** The open location closed (its button, Escape, a tap beside it, another floor, the page's API): not by Back. */
  closed(): void {
    if (this.#want.id === null) return this.#writeAddress(null);
    this.#want = { ...this.#want, id: null, directions: false };
    this.#sync();
  }

  /**
   * Whether the directions' sheet is in front of the open location's (./details/phone-sheets.ts): in front, it gets an
   * entry over the location's, so that Back closes it; once it closes or goes behind, that entry is gone back over.
   */
  directionsFront(front: boolean): void {
    if (this.#want.directions === front) return;
    this.#want.directions = front;
    this.#sync();
  }

  /** The directory opened over the map (not by Forward): it gets an entry, so that Back closes it. */
  overlayOpened(overlay: HistoryOverlay): void {
    this.#overlay = overlay;
    if (!this.#o.backCloses) return;
    this.#want.overlay = true;
    this.#sync();
  }

  /** The directory over the map closed (its Back to map, Escape, a location chosen in it, the layout): not by Back. */
  overlayClosed(): void {
    this.#want.overlay = false;
    this.#sync();
  }

  /**
   * The viewer is laid out for the first time, with its directory over the map (`overlay`, null when the box is not
   * compact or has no directory). A reload keeps the overlay's entry: the directory opens again, as a reloaded sheet's
   * location shows again; where it cannot, the entry is gone back over, so that no Back is spent on it.
   */
  restore(overlay: HistoryOverlay | null): void {
    // Forward to an overlay's entry kept from before the reload opens it too.
    this.#overlay = overlay;
    if (!this.#entry.overlay || this.#goingBack) return;
    if (overlay?.open()) return;
    this.#want.overlay = false;
    this.#sync();
  }

  /**
   * The route the directions show (null `from` and `to`: none; `stepFree`: the Step-free box ticked), for the address
   * when the map deep-links; written at once, or once a Back on its way has landed.
   */
  route(from: string | null, to: string | null, stepFree: boolean): void {
    this.#route = [from, to, stepFree];
    if (!this.#goingBack) this.#writeRoute();
  }

  destroy(): void {
    this.#win.removeEventListener('popstate', this.#onPop);
  }

  #writeRoute(): void {
    if (this.#route && this.#o.deepLinking) replaceDirectionsParams(...this.#route, this.#win);
  }

  /**
   * Brings the entries in step with what the visitor sees: goes back over entries of what has closed (on landing this
   * runs again), then adds one for what has opened. A location's entry is replaced by the next location's, not added to.
   */
  #sync(): void {
    if (!this.#o.backCloses || this.#goingBack) return;
    const [now, want] = [levels(this.#entry), levels(this.#want)];
    let same = 0;
    while (same < now.length && same < want.length && now[same] === want[same]) same++;
    const sheet = (level: string | undefined) => !!level?.startsWith('sheet:');
    const swap = sheet(now[same]) && sheet(want[same]);
    const back = now.length - same - (swap ? 1 : 0);
    if (back > 0) return this.#back(back);
    for (let n = same + 1; n <= want.length; n++) {
      if (!this.#write(upTo(this.#want, n), swap && n === same + 1 ? 'replace' : 'push')) return;
    }
  }

  /** Goes back over `n` entries of ours; when the browser refuses, the entries are taken as they are. */
  #back(n: number): void {
    this.#goingBack = true;
    try {
      this.#win.history.go(-n);
    } catch {
      this.#goingBack = false;
      this.#want = { ...this.#entry };
    }
  }

  /** The address alone (no entry): `?location=` of the open location, or none. */
  #writeAddress(id: string | null): void {
    if (this.#goingBack) this.#address = { id };
    else if (this.#o.deepLinking) replaceLocationParam(id, this.#win);
  }

  /** What the current entry shows, when it is one this added. */
  #read(): Shown {
    const state: unknown = this.#win.history.state;
    const flag = (key: string) => isRecord(state) && state[key] === true;
    return { id: entryLocation(this.#win), directions: flag(DIRECTIONS_STATE_KEY), overlay: flag(OVERLAY_STATE_KEY) };
  }

  /** Writes the entry for `next`; false when the browser refuses (the entries are then taken as they are). */
  #write(next: Shown, how: 'push' | 'replace'): boolean {
    const { history, location } = this.#win;
    const state: unknown = history.state;
    const data: Record<string, unknown> = { ...(isRecord(state) ? state : {}) };
    if (next.id === null) delete data[SHEET_STATE_KEY];
    else data[SHEET_STATE_KEY] = next.id;
    for (const [key, on] of [
      [OVERLAY_STATE_KEY, next.overlay],
      [DIRECTIONS_STATE_KEY, over(next)],
    ] as const) {
      if (on) data[key] = true;
      else delete data[key];
    }
    const url =
      this.#o.deepLinking && next.id !== null && !next.overlay
        ? withLocationParam(location.href, next.id)
        : location.href;
    try {
      if (how === 'push') history.pushState(data, '', url);
      else history.replaceState(data, '', url);
      this.#entry = { ...next };
      return true;
    } catch {
      // Sandboxed documents may refuse; the map works without the entry.
      this.#want = { ...this.#entry };
      return false;
    }
  }

  #onPop = (): void => {
    const was = this.#entry;
    const now = (this.#entry = this.#read());
    // Forward to the directions' entry shows the route its address names (written there while it was current), read
    // before the route shown now (none: Back from it closed them) is written over it.
    const named = this.#o.deepLinking ? readDirectionsParams(this.#win.location.href) : this.#routeLeft;
    if (over(was) && !over(now)) {
      const [from, to, stepFree] = this.#route ?? [null, null, false];
      this.#routeLeft = { from, to, stepFree };
    }
    this.#writeRoute();
    if (this.#goingBack) {
      // The visitor closed something (already closed) and may have opened or closed more meanwhile.
      this.#goingBack = false;
      const address = this.#address;
      this.#address = null;
      if (address) this.#writeAddress(address.id);
      return this.#sync();
    }
    // Back or Forward: the entry says what shows. Popstates from entries that are not ours (a hash the host page set,
    // say; a description's fragment links are never followed, ./details/details.ts) change nothing of ours.
    this.#want = { ...now };
    // Back from the directory's entry closes it; Forward to it opens it again (where it cannot, it is gone back over).
    if (now.overlay !== was.overlay) {
      if (!now.overlay) this.#overlay?.close();
      else if (!this.#overlay?.open()) this.#want.overlay = false;
    }
    // Back from the directions' entry closes them (the location's sheet shows again); Forward to it opens them again.
    if (over(now) !== over(was) && this.#o.directions?.(over(now), named) === false) this.#want.directions = false;
    // Back from a sheet's entry closes it, the map stays; Forward to one opens its location again.
    if (now.id !== was.id && this.#o.show(now.id) === false) this.#want.id = null;
    this.#sync();
  };
}
