/**
 * Mouse-wheel and trackpad zoom towards the cursor. With `requireModifier` (maps inside long
 * pages), a plain wheel scrolls the page and `onHint` tells the visitor which key to hold. Without it,
 * a plain wheel the map cannot follow (out at its widest, in at its closest) is left to the page, so a
 * map embedded in a long page never traps its scrolling; a wheel gesture that began by zooming stays
 * the map's until it ends (a trackpad's momentum does not scroll the page on).
 */
import { clientToScreen, screenOriginOf, type ScreenOrigin } from '../coords';
import type { Handler, MapView } from '../map-view';
import { NO_PAN_ATTR } from './drag-pan';

export interface WheelZoomOptions {
  requireModifier?: boolean;
  /** Called when a wheel event was left to the page because no modifier was held. */
  onHint?: () => void;
}

/** A wheel gesture ends after this much quiet. */
const IDLE_MS = 160;

/** Zoom factor of a wheel delta in pixels: one mouse notch (≈100 px) is ×1.6, like the incumbent. */
export function wheelZoomFactor(deltaPx: number, pinch: boolean): number {
  return Math.pow(2, -deltaPx / (pinch ? 100 : 148));
}

/** Converts a wheel event's delta to pixels. */
export function wheelDeltaPixels(e: Pick<WheelEvent, 'deltaX' | 'deltaY' | 'deltaMode' | 'shiftKey'>): number {
  // Shift+wheel scrolls sideways in most browsers, so the delta arrives on the x axis.
  const raw = e.deltaY !== 0 ? e.deltaY : e.shiftKey ? e.deltaX : 0;
  return e.deltaMode === 1 ? raw * 16 : e.deltaMode === 2 ? raw * 400 : raw;
}

/**
 * Whether a plain wheel event is the page's: the map cannot zoom further that way and no wheel gesture of the map's is
 * under way. Pinches (Ctrl) and Cmd+wheel stay the map's: left alone, the browser would zoom the page.
 */
export function wheelGoesToPage(
  deltaPx: number,
  e: Pick<WheelEvent, 'ctrlKey' | 'metaKey'>,
  view: Pick<MapView, 'canZoomIn' | 'canZoomOut'>,
  gestureUnderWay: boolean,
): boolean {
  if (gestureUnderWay || e.ctrlKey || e.metaKey || deltaPx === 0) return false;
  return deltaPx > 0 ? !view.canZoomOut() : !view.canZoomIn();
}

export class WheelZoomHandler implements Handler {
  enabled = false;
  #idle: ReturnType<typeof setTimeout> | null = null;
  #origin: ScreenOrigin | null = null;

  readonly #view: MapView;
  readonly #el: HTMLElement;
  readonly #options: WheelZoomOptions;

  constructor(view: MapView, el: HTMLElement, options: WheelZoomOptions = {}) {
    this.#view = view;
    this.#el = el;
    this.#options = options;
  }

  enable(): void {
    if (this.enabled) return;
    this.enabled = true;
    this.#el.addEventListener('wheel', this.#onWheel, { passive: false });
  }

  disable(): void {
    if (!this.enabled) return;
    this.enabled = false;
    this.#el.removeEventListener('wheel', this.#onWheel);
    this.#finish();
  }

  readonly #onWheel = (e: WheelEvent): void => {
    // Popups and panels inside the map scroll normally.
    if ((e.target as Element | null)?.closest?.(`[${NO_PAN_ATTR}]`)) return;
    const modifier = e.ctrlKey || e.metaKey || e.shiftKey;
    if (this.#options.requireModifier && !modifier) {
      this.#options.onHint?.();
      return;
    }
    const delta = wheelDeltaPixels(e);
    if (wheelGoesToPage(delta, e, this.#view, this.#origin !== null)) return;
    e.preventDefault();
    if (delta === 0) return;
    if (!this.#origin) {
      this.#origin = screenOriginOf(this.#el);
      this.#view.beginGesture();
    }
    // Chrome and Safari report trackpad pinches as wheel events with ctrlKey set.
    const pinch = e.ctrlKey && Math.abs(delta) < 50;
    const anchor = clientToScreen(this.#origin, e.clientX, e.clientY);
    this.#view.zoomBy(wheelZoomFactor(delta, pinch), anchor, Math.abs(delta) >= 40);
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.#finish(), IDLE_MS);
  };

  #finish(): void {
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = null;
    if (this.#origin) {
      this.#origin = null;
      this.#view.endGesture();
    }
  }
}
