/**
 * A phone's sheets over the bottom of the map: a location's details and the directions. Where the map fills its
 * frame with the directory below it (narrow, portrait, not compact: a compact viewer's map fills the box and its
 * directory opens over it, ADR 067), an open sheet folds the directory away so the map takes the height and keeps at
 * least half of the screen; it comes back when the sheet closes. The camera is told how much of
 * the map the details' sheet covers (MapView.setInsets), so it can lift a place at the map's bottom above the sheet;
 * the directions' sheet tells it itself, as their panel does beside the map (../directions/route-player.ts). The
 * controls of the map's bottom corners (zoom, reset, full screen) move up to stand on the details' sheet.
 */
import type { MapStage } from '../stage/stage';
import type { MapArea } from '../viewer-dom';
import type { Layout } from '../viewer-layout';

/** The directions panel (loaded on demand) tells the viewer its sheet opened or closed: detail true or false. */
export const DIRECTIONS_SHEET_EVENT = 'mn-directions-sheet';

export class PhoneSheets {
  /** The directions are open as a sheet (their panel says so). */
  #directions = false;
  #folded = false;
  #narrow = false;
  #foldable = false;

  constructor(
    readonly root: HTMLElement,
    readonly area: MapArea,
    readonly stage: MapStage,
  ) {
    root.addEventListener(DIRECTIONS_SHEET_EVENT, (e) => this.sync((e as CustomEvent<boolean>).detail));
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

  /** Applies what is open now; `directions` when the directions sheet opened or closed. */
  sync(directions = this.#directions): void {
    this.#directions = directions;
    const sheet = this.area.sheet;
    const fold = this.#foldable && (!sheet.hidden || directions);
    if (fold !== this.#folded) {
      this.#folded = fold;
      this.root.classList.toggle('mn-map-focus', fold);
      this.stage.measure();
    }
    const covered = this.#narrow && !sheet.hidden ? sheet.offsetHeight : 0;
    this.stage.view.setInsets('details', covered ? { top: 0, right: 0, bottom: covered, left: 0 } : null);
    // The map's bottom controls stand on the sheet (viewer.css): under it, a short sheet left half a button showing.
    this.root.style.setProperty('--mn-sheet-covers', `${covered}px`);
  }
}
