/** Double-click or double-tap zooms in ×2 at that point; with Shift it zooms out. */
import type { ScreenPoint } from '../coords';
import type { Handler, MapView, TapInfo } from '../map-view';

const DOUBLE_MS = 320;
const DOUBLE_SLOP = 24;

export class DoubleTapZoomHandler implements Handler {
  enabled = false;
  #last: { p: ScreenPoint; at: number; type: string } | null = null;
  #off: (() => void) | null = null;

  readonly #view: MapView;
  readonly #now: () => number;

  constructor(view: MapView, now: () => number = () => performance.now()) {
    this.#view = view;
    this.#now = now;
  }

  enable(): void {
    if (this.enabled) return;
    this.enabled = true;
    this.#off = this.#view.on('tap', this.#onTap);
  }

  disable(): void {
    if (!this.enabled) return;
    this.enabled = false;
    this.#off?.();
    this.#off = null;
    this.#last = null;
  }

  readonly #onTap = (p: ScreenPoint, info: TapInfo): void => {
    const at = this.#now();
    const last = this.#last;
    if (
      last &&
      last.type === info.pointerType &&
      at - last.at <= DOUBLE_MS &&
      Math.hypot(p.x - last.p.x, p.y - last.p.y) <= DOUBLE_SLOP
    ) {
      this.#last = null;
      this.#view.zoomBy(info.shiftKey ? 0.5 : 2, p, true);
      return;
    }
    this.#last = { p, at, type: info.pointerType };
  };
}
