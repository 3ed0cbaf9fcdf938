/**
 * When a viewer's directory is made and gets its entries the first time (its search, filters and list: see
 * Directory): once the frame with the first drawing of the markers has been painted, so the map shows first and
 * the directory does not hold it back (it follows a frame later, in the place the sidebar keeps for it); at the
 * latest after FILL_LATEST_MS, for a map whose markers cannot be drawn yet (a viewport without a size). Any earlier
 * fill (a search typed, a filter set through the API) makes both moot. Given the directory to prepare (its search,
 * filters and list made empty), that comes first and the entries a painted frame later: together, with the style and
 * layout of all they add, they made one of a big map's longest frames on a slow phone.
 */
import { afterNextPaint } from '../dom';

export const FILL_LATEST_MS = 1000;

export class DirectoryFill {
  readonly #fill: () => void;
  #prepare: { prepare(): void } | null;
  #filled = false;
  #latest: ReturnType<typeof setTimeout>;
  #cancelPaint: (() => void) | null = null;

  /** `fill` puts the entries in the directory; `directory.prepare` makes it ready for them; each runs at most once. */
  constructor(fill: () => void, directory?: { prepare(): void }) {
    this.#fill = fill;
    this.#prepare = directory ?? null;
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
    const prepare = this.#prepare;
    if (prepare) {
      this.#prepare = null;
      this.cancel();
      prepare.prepare();
      this.#cancelPaint = afterNextPaint(() => this.#run());
      return;
    }
    this.filled();
    this.#fill();
  }
}
