/**
 * When a viewer's directory is made and gets its entries the first time (its search, filters and list: see
 * Directory): once the frame with the first drawing of the markers has been painted, so the map shows first and
 * the directory does not hold it back (it follows a frame later, in the place the sidebar keeps for it); at the
 * latest after FILL_LATEST_MS, for a map whose markers cannot be drawn yet (a viewport without a size). Any earlier
 * fill (a search typed, a filter set through the API) makes both moot.
 */
import { afterNextPaint } from '../dom';

export const FILL_LATEST_MS = 1000;

export class DirectoryFill {
  readonly #fill: () => void;
  #filled = false;
  #latest: ReturnType<typeof setTimeout>;
  #cancelPaint: (() => void) | null = null;

  /** `fill` puts the entries in the directory; it is called at most once from here. */
  constructor(fill: () => void) {
    this.#fill = fill;
    this.#latest = setTimeout(() => this.#run(), FILL_LATEST_MS);
  }

  /** The markers have been drawn: fills once that frame is painted (no-op when filled or already waiting). */
  afterPaint(): void {
    if (!this.#filled && !this.#cancelPaint) this.#cancelPaint = afterNextPaint(() => this.#run());
  }

  /** The entries were put in the directory by other means: nothing is left to do. */
  filled(): void {
    this.#filled = true;
    this.cancel();
  }

  /** Stops waiting (the viewer is destroyed). */
  cancel(): void {
    clearTimeout(this.#latest);
    this.#cancelPaint?.();
    this.#cancelPaint = null;
  }

  #run(): void {
    if (this.#filled) return;
    this.filled();
    this.#fill();
  }
}
