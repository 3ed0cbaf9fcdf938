/**
 * A phone's sheets over the bottom of the map: a location's details and the directions. Where the map fills its
 * frame with the directory below it (narrow, portrait, not compact: a compact viewer's map fills the box and its
 * directory opens over it, ADR 067), an open sheet folds the directory away so the map takes the height and keeps at
 * least half of the screen; it comes back when the sheet closes. The camera is told how much of
 * the map the details' sheet covers (MapView.setInsets), so it can lift a place at the map's bottom above the sheet;
 * the directions' sheet tells it itself, as their panel does beside the map (../directions/route-player.ts). The
 * controls of the map's bottom corners (zoom, reset, full screen) move up to stand on the details' sheet.
 *
 * One sheet shows at a time, as in a phone's map app (ADR 082): with both open, the one the visitor opened or brought
 * forward last is in front and the other waits behind it, hidden (`mn-sheet-behind`), so nothing is covered and out of
 * reach. A location opened is in front; the directions come in front when the visitor asks for them (a location's
 * Directions button, the Directions control, Forward), not when an address opens them on load. Closing the front sheet
 * shows the one behind. The history is told when the directions are in front of a location (Back then closes them,
 * ../location-history.ts), and the viewer when the location's sheet is in front again (its floor shows again if the
 * route's floors left it: a location behind the directions stays open across the route's floors).
 */
import type { LocationHistory } from '../location-history';
import type { MapStage } from '../stage/stage';
import type { MapArea } from '../viewer-dom';
import type { Layout } from '../viewer-layout';

/**
 * The directions panel (loaded on demand) tells the viewer its sheet opened or closed (`open`), or changed its height;
 * `raise` when the visitor asked for it (it comes in front of a location's sheet).
 */
export const DIRECTIONS_SHEET_EVENT = 'mn-directions-sheet';
export interface DirectionsSheetDetail {
  open: boolean;
  raise?: boolean;
  /** The directions' sheet. */
  panel: HTMLElement;
}

/** The class of the sheet waiting behind the one in front (viewer.css hides it). */
export const BEHIND_CLASS = 'mn-sheet-behind';

export class PhoneSheets {
  /** The directions' sheet, while the directions are open as a sheet (their panel says so). */
  #directions: HTMLElement | null = null;
  /** Which sheet is in front when both are open. */
  #front: 'details' | 'directions' = 'details';
  /** The details' sheet showed at the last sync: one that appears comes in front (a location opened, shown again). */
  #detailsShown = false;
  #folded = false;
  #narrow = false;
  #foldable = false;
  /** Told whether the directions' sheet is in front of the open location's (it gives them an entry). */
  history: Pick<LocationHistory, 'directionsFront'> | null = null;

  constructor(
    readonly root: HTMLElement,
    readonly area: MapArea,
    readonly stage: MapStage,
    /** The location's sheet came in front again, the directions closed over it. */
    readonly detailsFront: () => void,
  ) {
    // The sheet grows and shrinks while open ("Link copied.", opening hours shown): the controls follow it.
    if (typeof ResizeObserver == 'function') new ResizeObserver(() => this.#cover()).observe(area.sheet);
    root.addEventListener(DIRECTIONS_SHEET_EVENT, (e) =>
      this.#directionsSaid((e as CustomEvent<DirectionsSheetDetail>).detail),
    );
  }

  /** The location's sheet waits behind the directions' (its location is open, out of sight). */
  get behind(): boolean {
    return this.area.sheet.classList.contains(BEHIND_CLASS);
  }

  /**
   * The viewer was laid out anew (its root's classes set again): narrow uses sheets (a phone); a portrait one that
   * fills its frame, not compact, has the directory below the map.
   */
  layout({ narrow, portrait, compact, fill }: Pick<Layout, 'narrow' | 'portrait' | 'compact' | 'fill'>): void {
    this.#narrow = narrow;
    this.#foldable = narrow && portrait && fill && !compact;
    this.#folded = false;
    this.sync();
  }

  /** A location was opened (by the visitor, the page's API, Back or Forward): its sheet comes in front. */
  detailsOpened(): void {
    this.#front = 'details';
  }

  #directionsSaid({ open, raise, panel }: DirectionsSheetDetail): void {
    const details = this.behind;
    if (!open) this.#front = 'details';
    else if (raise) this.#front = 'directions';
    this.#directions = open ? panel : null;
    if (!open) panel.classList.remove(BEHIND_CLASS);
    this.sync();
    if (details && !this.behind) this.detailsFront();
  }

  /** Applies what is open now: which sheet is in front, the directory folded, what the details' sheet covers. */
  sync(): void {
    const sheet = this.area.sheet;
    const directions = this.#directions;
    if (!sheet.hidden && !this.#detailsShown) this.#front = 'details';
    this.#detailsShown = !sheet.hidden;
    const both = this.#narrow && !sheet.hidden && !!directions;
    sheet.classList.toggle(BEHIND_CLASS, both && this.#front === 'directions');
    directions?.classList.toggle(BEHIND_CLASS, both && this.#front === 'details');
    this.history?.directionsFront(both && this.#front === 'directions');
    const fold = this.#foldable && (!sheet.hidden || !!directions);
    if (fold !== this.#folded) {
      this.#folded = fold;
      this.root.classList.toggle('mn-map-focus', fold);
      this.stage.measure();
    }
    this.#cover();
  }

  /** What the details' sheet covers now, told to the camera and to the map's bottom controls. */
  #cover(): void {
    const sheet = this.area.sheet;
    const covered = this.#narrow && !sheet.hidden ? sheet.offsetHeight : 0;
    this.stage.view.setInsets('details', covered ? { top: 0, right: 0, bottom: covered, left: 0 } : null);
    // The map's bottom controls stand on the sheet (viewer.css): under it, a short sheet left half a button showing.
    this.root.style.setProperty('--mn-sheet-covers', `${covered}px`);
  }
}
