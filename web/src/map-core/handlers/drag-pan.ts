/**
 * Drag to pan (with inertia and elastic edges) and two-finger pinch to zoom, on pointer events.
 * A press that does not move is reported to the view as a tap, which is how clicks on canvas
 * markers are found.
 */
import type { ScreenOrigin, ScreenPoint, ViewTransform } from '../coords';
import { clientToScreen, screenOriginOf, screenToImage } from '../coords';
import { VelocityTracker } from '../inertia';
import type { Handler, MapView } from '../map-view';

interface Tracked {
  x: number;
  y: number;
  downX: number;
  downY: number;
  downAt: number;
  type: string;
}

/** Movement (px) below which a press is still a tap. */
const TAP_SLOP = { mouse: 4, pen: 6, touch: 10 } as Record<string, number>;
/** Presses held longer than this are not taps. */
const TAP_MAX_MS = 600;
/** Elements marked with this attribute (popups, controls) never start a pan. */
export const NO_PAN_ATTR = 'data-no-pan';

export class DragPanHandler implements Handler {
  enabled = false;
  readonly #pointers = new Map<number, Tracked>();
  #dragging = false;
  #tapCandidate = false;
  #start: { t: ViewTransform; x: number; y: number } | null = null;
  #pinch: { t: ViewTransform; d: number; anchor: { x: number; y: number } } | null = null;
  readonly #tracker = new VelocityTracker();
  #origin: ScreenOrigin = { left: 0, top: 0, kx: 1, ky: 1 };

  readonly #view: MapView;
  readonly #el: HTMLElement;

  constructor(view: MapView, el: HTMLElement) {
    this.#view = view;
    this.#el = el;
  }

  enable(): void {
    if (this.enabled) return;
    this.enabled = true;
    this.#el.addEventListener('pointerdown', this.#onDown);
    this.#el.addEventListener('pointermove', this.#onMove);
    this.#el.addEventListener('pointerup', this.#onUp);
    this.#el.addEventListener('pointercancel', this.#onCancel);
    this.#el.style.touchAction = 'none';
  }

  disable(): void {
    if (!this.enabled) return;
    this.enabled = false;
    this.#el.removeEventListener('pointerdown', this.#onDown);
    this.#el.removeEventListener('pointermove', this.#onMove);
    this.#el.removeEventListener('pointerup', this.#onUp);
    this.#el.removeEventListener('pointercancel', this.#onCancel);
    this.#el.style.touchAction = '';
    if (this.#dragging) this.#view.endGesture();
    this.#dragging = false;
    this.#pointers.clear();
  }

  #local(e: PointerEvent): ScreenPoint {
    return clientToScreen(this.#origin, e.clientX, e.clientY);
  }

  readonly #onDown = (e: PointerEvent): void => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const target = e.target as Element | null;
    if (target?.closest?.(`[${NO_PAN_ATTR}]`)) return;
    if (this.#pointers.size === 0) {
      // One layout read per gesture; every later event reuses it.
      this.#origin = screenOriginOf(this.#el);
      this.#tapCandidate = true;
    } else {
      this.#tapCandidate = false;
    }
    const p = this.#local(e);
    this.#pointers.set(e.pointerId, {
      x: p.x,
      y: p.y,
      downX: p.x,
      downY: p.y,
      downAt: e.timeStamp,
      type: e.pointerType,
    });
    if (this.#pointers.size === 2) this.#beginPinch();
  };

  readonly #onMove = (e: PointerEvent): void => {
    const tracked = this.#pointers.get(e.pointerId);
    if (!tracked) return;
    const p = this.#local(e);
    tracked.x = p.x;
    tracked.y = p.y;
    if (this.#pointers.size >= 2 && this.#pinch) {
      this.#movePinch();
      return;
    }
    if (!this.#dragging) {
      const slop = TAP_SLOP[tracked.type] ?? 6;
      if (Math.hypot(p.x - tracked.downX, p.y - tracked.downY) < slop) return;
      this.#tapCandidate = false;
      this.#beginDrag(e, tracked);
    }
    if (!this.#start) return;
    this.#tracker.add(e.timeStamp, p.x, p.y);
    const t = this.#start.t;
    this.#view.setGestureTransform({ scale: t.scale, x: t.x + p.x - this.#start.x, y: t.y + p.y - this.#start.y });
  };

  #beginDrag(e: PointerEvent, tracked: Tracked): void {
    this.#dragging = true;
    this.#view.beginGesture();
    this.#start = { t: this.#view.transform, x: tracked.downX, y: tracked.downY };
    this.#tracker.reset();
    this.#tracker.add(e.timeStamp, tracked.downX, tracked.downY);
    try {
      this.#el.setPointerCapture(e.pointerId);
    } catch {
      // The pointer may already be gone (synthetic events); the drag works without capture.
    }
    this.#el.dataset.dragging = 'true';
  }

  #beginPinch(): void {
    const [a, b] = [...this.#pointers.values()];
    if (!a || !b) return;
    if (!this.#dragging) {
      this.#dragging = true;
      this.#view.beginGesture();
      this.#el.dataset.dragging = 'true';
    }
    const t = this.#view.transform;
    const centre = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    this.#pinch = { t, d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), anchor: screenToImage(centre, t) };
    this.#start = null;
  }

  #movePinch(): void {
    const [a, b] = [...this.#pointers.values()];
    const pinch = this.#pinch;
    if (!a || !b || !pinch) return;
    const d = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
    const centre = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const scale = pinch.t.scale * (d / pinch.d);
    // The image point first under the fingers' midpoint stays under it: pinch and pan at once.
    this.#view.setGestureTransform({
      scale,
      x: centre.x - pinch.anchor.x * scale,
      y: centre.y - pinch.anchor.y * scale,
    });
  }

  readonly #onUp = (e: PointerEvent): void => {
    const tracked = this.#pointers.get(e.pointerId);
    if (!tracked) return;
    this.#pointers.delete(e.pointerId);
    if (
      this.#tapCandidate &&
      this.#pointers.size === 0 &&
      !this.#dragging &&
      e.timeStamp - tracked.downAt <= TAP_MAX_MS
    ) {
      this.#view.tap(this.#local(e), { pointerType: e.pointerType, target: e.target, shiftKey: e.shiftKey });
      return;
    }
    this.#release(e);
  };

  readonly #onCancel = (e: PointerEvent): void => {
    if (!this.#pointers.has(e.pointerId)) return;
    this.#pointers.delete(e.pointerId);
    this.#tapCandidate = false;
    this.#release(e);
  };

  #release(e: PointerEvent): void {
    if (this.#pointers.size === 1 && this.#pinch) {
      // One finger lifted from a pinch: carry on panning with the other from here.
      this.#pinch = null;
      const [rest] = [...this.#pointers.values()];
      if (rest) {
        this.#start = { t: this.#view.transform, x: rest.x, y: rest.y };
        this.#tracker.reset();
      }
      return;
    }
    if (this.#pointers.size > 0 || !this.#dragging) return;
    this.#dragging = false;
    this.#pinch = null;
    this.#start = null;
    delete this.#el.dataset.dragging;
    const v = e.type === 'pointercancel' ? { vx: 0, vy: 0 } : this.#tracker.velocity(e.timeStamp);
    this.#view.glide(v);
    this.#view.endGesture();
  }
}
