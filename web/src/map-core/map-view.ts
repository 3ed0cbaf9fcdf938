/**
 * The camera of one map: viewport and image sizes, the current view transform, zoom limits,
 * animations and the interaction handlers. React-free and DOM-free (frames come from an injected
 * scheduler), so the editor and the viewer share it and tests drive it without a browser.
 */
import type { Rect, ScreenPoint, Size, ViewTransform } from './coords';
import type { Velocity } from './inertia';
import { glideDuration, glideOffset, shouldGlide } from './inertia';
import type { Insets, ZoomLimits } from './transform';
import {
  DEFAULT_ZOOM_LIMITS,
  NO_INSETS,
  centreOn,
  clampTransform,
  easeOutCubic,
  elasticTransform,
  fitScale,
  fitTransform,
  interpolateTransform,
  panBy,
  scaleRange,
  transformToRect,
  transformsClose,
  viewportCentre,
  zoomAround,
} from './transform';

/** Where frames and time come from; the browser's requestAnimationFrame in production. */
export interface FrameScheduler {
  request(cb: (now: number) => void): number;
  cancel(id: number): void;
  now(): number;
}

export const browserScheduler: FrameScheduler = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (id) => cancelAnimationFrame(id),
  now: () => performance.now(),
};

/** A user interaction attached to a map view; the viewer and the editor enable different sets. */
/** Screen pixels a framed rectangle (focusRect) keeps around it. */
const FIT_MARGIN = 48;

export interface Handler {
  enable(): void;
  disable(): void;
  readonly enabled: boolean;
}

export interface MapViewEvents {
  /** Every change of transform (each animation frame during moves). */
  move: (t: ViewTransform) => void;
  /** The camera came to rest after a gesture or animation; the time for expensive redraws. */
  moveend: (t: ViewTransform) => void;
  /** A short press without movement, in screen coordinates. */
  tap: (p: ScreenPoint, info: TapInfo) => void;
}

export interface TapInfo {
  readonly pointerType: string;
  readonly target: unknown;
  readonly shiftKey: boolean;
}

export interface MapViewOptions {
  image: Size;
  limits?: ZoomLimits;
  /** Screen pixels kept free around the fitted image. */
  padding?: number;
  reducedMotion?: boolean;
  scheduler?: FrameScheduler;
}

interface Animation {
  from: ViewTransform;
  to: ViewTransform;
  start: number;
  duration: number;
  /** Glides follow the inertia curve instead of interpolating. */
  glide?: { v: Velocity; base: ViewTransform };
}

type Listeners = { [K in keyof MapViewEvents]: Set<MapViewEvents[K]> };

export const ZOOM_STEP = 2;
export const ANIMATION_MS = 280;

export class MapView {
  image: Size;
  limits: ZoomLimits;
  padding: number;
  reducedMotion: boolean;
  readonly handlers = new Map<string, Handler>();
  #viewportSize: Size | null = null;
  #t: ViewTransform = { scale: 1, x: 0, y: 0 };
  #anim: Animation | null = null;
  #frame = 0;
  #gestures = 0;
  readonly #scheduler: FrameScheduler;
  readonly #listeners: Listeners = { move: new Set(), moveend: new Set(), tap: new Set() };
  #pendingView: ((viewport: Size) => ViewTransform) | null = null;
  /** What each open panel or sheet covers (setInsets), and their union, which the camera uses. */
  readonly #insetsBy = new Map<string, Insets>();
  #insets = NO_INSETS;
  /**
   * How far inside the viewport's edges the image's edge may come while a framed rectangle is shown (focusRect), so
   * what is drawn at the plan's edge (a route's end marker) shows whole; the padding again once the visitor moves or a
   * panel closes.
   */
  #edge: number;

  constructor(options: MapViewOptions) {
    this.image = options.image;
    this.limits = options.limits ?? DEFAULT_ZOOM_LIMITS;
    this.padding = options.padding ?? 0;
    this.#edge = this.padding;
    this.reducedMotion = options.reducedMotion ?? false;
    this.#scheduler = options.scheduler ?? browserScheduler;
  }

  on<K extends keyof MapViewEvents>(type: K, fn: MapViewEvents[K]): () => void {
    (this.#listeners[type] as Set<MapViewEvents[K]>).add(fn);
    return () => void (this.#listeners[type] as Set<MapViewEvents[K]>).delete(fn);
  }

  #emit<K extends keyof MapViewEvents>(type: K, ...args: Parameters<MapViewEvents[K]>): void {
    for (const fn of this.#listeners[type]) (fn as (...a: Parameters<MapViewEvents[K]>) => void)(...args);
  }

  /** Registers a handler under a name, so hosts can `view.handlers.get('dragPan')?.disable()`. */
  addHandler(name: string, handler: Handler, enabled = true): Handler {
    this.handlers.get(name)?.disable();
    this.handlers.set(name, handler);
    if (enabled) handler.enable();
    return handler;
  }

  /** Disables every handler and stops animations; the view is unusable afterwards. */
  destroy(): void {
    for (const h of this.handlers.values()) h.disable();
    this.handlers.clear();
    this.#stopAnimation();
    this.#listeners.move.clear();
    this.#listeners.moveend.clear();
    this.#listeners.tap.clear();
  }

  get transform(): ViewTransform {
    return this.#t;
  }

  get viewport(): Size | null {
    return this.#viewportSize;
  }

  /** True while a gesture or animation is moving the camera. */
  get isMoving(): boolean {
    return this.#gestures > 0 || this.#anim !== null;
  }

  /** Relative zoom, 1 = the whole image fits. */
  get zoom(): number {
    return this.#viewportSize ? this.#t.scale / fitScale(this.image, this.#viewportSize, this.padding) : 1;
  }

  #target(): ViewTransform {
    return this.#anim && !this.#anim.glide ? this.#anim.to : this.#t;
  }

  canZoomIn(): boolean {
    if (!this.#viewportSize) return false;
    return this.#target().scale < scaleRange(this.image, this.#viewportSize, this.limits, this.padding)[1] * 0.999;
  }

  canZoomOut(): boolean {
    if (!this.#viewportSize) return false;
    return this.#target().scale > scaleRange(this.image, this.#viewportSize, this.limits, this.padding)[0] * 1.001;
  }

  /** Whether part of the image is out of view, at the scale the camera is going to: somewhere to pan to. */
  canPan(): boolean {
    const box = this.#viewportSize;
    const { scale } = this.#target();
    return !!box && (this.image.width * scale > box.width + 1 || this.image.height * scale > box.height + 1);
  }

  /** Whether `panByViewport(right, down)` would move the camera: false at the image's edge that way. */
  canPanBy(right: number, down: number): boolean {
    const box = this.#viewportSize;
    if (!box) return false;
    const from = this.#target();
    const to = panBy(from, -right * box.width, -down * box.height);
    const kept = clampTransform(to, this.image, box, this.limits, this.padding, this.#insets, this.padding);
    return Math.abs(kept.x - from.x) + Math.abs(kept.y - from.y) > 0.5;
  }

  /** Pans by shares of the viewport: `(1, 0)` shows what is one viewport's width to the right (the pan buttons). */
  panByViewport(right: number, down: number): void {
    const box = this.#viewportSize;
    if (box) this.panBy(-right * box.width, -down * box.height);
  }

  /** True when the camera shows anything but the initial fitted view. */
  isAtHome(): boolean {
    if (!this.#viewportSize) return true;
    return transformsClose(this.#target(), this.homeTransform(), this.#viewportSize);
  }

  homeTransform(): ViewTransform {
    if (!this.#viewportSize) return this.#t;
    const home = fitTransform(this.image, this.#viewportSize, this.padding);
    return this.#insets === NO_INSETS ? home : this.clamp(home);
  }

  /** Screen pixels along each edge covered by open panels and sheets (the largest on each side); see setInsets. */
  get insets(): Insets {
    return this.#insets;
  }

  /**
   * Tells the camera what a panel or sheet (`key`) covers of the viewport, or null once it closed. The camera then
   * fits, centres and clamps the map in the part left free: the plan may move so that its edge meets the panel's
   * (a place at the plan's edge can be shown beside the panel, or above a phone's sheet). A view the new insets do
   * not allow eases to the nearest one they do.
   */
  setInsets(key: string, insets: Insets | null): void {
    if (insets) this.#insetsBy.set(key, insets);
    else this.#insetsBy.delete(key);
    // A panel that closes takes the view it framed with it: the clamp is the usual one again.
    if (!insets) this.#edge = this.padding;
    const all = [...this.#insetsBy.values(), NO_INSETS];
    const side = (k: keyof Insets) => Math.max(...all.map((i) => i[k]));
    const next = { top: side('top'), right: side('right'), bottom: side('bottom'), left: side('left') };
    const prev = this.#insets;
    if (next.top === prev.top && next.right === prev.right && next.bottom === prev.bottom && next.left === prev.left)
      return;
    this.#insets = next.top || next.right || next.bottom || next.left ? next : NO_INSETS;
    const size = this.#viewportSize;
    if (!size || this.#gestures > 0) return;
    const target = this.#target();
    const c = this.clamp(target);
    if (!transformsClose(c, target, size)) this.animateTo(c, 220);
  }

  clamp(t: ViewTransform): ViewTransform {
    const size = this.#viewportSize;
    return size ? clampTransform(t, this.image, size, this.limits, this.padding, this.#insets, this.#edge) : t;
  }

  /** Sets the viewport size; the first call fits the image, later ones keep centre and zoom. */
  setViewport(size: Size): void {
    if (size.width <= 0 || size.height <= 0) return;
    const prev = this.#viewportSize;
    if (prev && prev.width === size.width && prev.height === size.height) return;
    this.#stopAnimation();
    if (!prev) {
      this.#viewportSize = size;
      const pending = this.#pendingView;
      this.#pendingView = null;
      this.#t = pending ? this.clamp(pending(size)) : this.homeTransform();
    } else {
      const centre = viewportCentre(this.#t, prev);
      const zoom = this.#t.scale / fitScale(this.image, prev, this.padding);
      this.#viewportSize = size;
      this.#t = this.clamp(centreOn(centre, zoom * fitScale(this.image, size, this.padding), size));
    }
    this.#emit('move', this.#t);
    if (this.#gestures === 0) this.#emit('moveend', this.#t);
  }

  /** Moves the camera at once (clamped). */
  jumpTo(t: ViewTransform): void {
    this.#stopAnimation();
    this.#t = this.clamp(t);
    this.#emit('move', this.#t);
    if (this.#gestures === 0) this.#emit('moveend', this.#t);
  }

  /** Moves the camera during a gesture without clamping the pan (the edges stretch elastically). */
  setGestureTransform(t: ViewTransform): void {
    this.#stopAnimation();
    if (!this.#viewportSize) return;
    const [lo, hi] = scaleRange(this.image, this.#viewportSize, this.limits, this.padding);
    let s = t;
    // Zoom beyond the limits resists like the edges do, by a factor instead of an offset.
    if (t.scale > hi) s = zoomAroundCentreOf(t, hi * Math.pow(t.scale / hi, 0.25), this.#viewportSize);
    else if (t.scale < lo) s = zoomAroundCentreOf(t, lo * Math.pow(t.scale / lo, 0.25), this.#viewportSize);
    this.#t = elasticTransform(s, this.image, this.#viewportSize, this.padding, this.#insets);
    this.#emit('move', this.#t);
  }

  /** Moves the camera to `to` with an eased animation (instantly when motion is reduced). */
  animateTo(to: ViewTransform, duration = ANIMATION_MS): void {
    const target = this.clamp(to);
    if (!this.#viewportSize) return;
    if (this.reducedMotion || duration <= 0 || transformsClose(this.#t, target, this.#viewportSize)) {
      this.jumpTo(target);
      return;
    }
    this.#startAnimation({ from: this.#t, to: target, start: this.#scheduler.now(), duration });
  }

  /** Continues a drag released with velocity v (px/ms), then settles inside the edges. */
  glide(v: Velocity): void {
    if (!this.#viewportSize) return;
    if (this.reducedMotion || !shouldGlide(v)) {
      this.settle();
      return;
    }
    const duration = glideDuration(v);
    const base = this.#t;
    const end = glideOffset(v, duration);
    this.#startAnimation({
      from: base,
      to: panBy(base, end.dx, end.dy),
      start: this.#scheduler.now(),
      duration,
      glide: { v, base },
    });
  }

  /** Brings an overstretched camera back inside the limits. */
  settle(): void {
    const c = this.clamp(this.#t);
    if (this.#viewportSize && !transformsClose(c, this.#t, this.#viewportSize)) this.animateTo(c, 220);
    else if (this.#gestures === 0) this.#emit('moveend', this.#t);
  }

  /**
   * Zooms by a factor around a screen point (default: the centre of the part of the viewport the insets leave free,
   * so the zoom buttons keep what is beside an open panel in view).
   */
  zoomBy(factor: number, anchor?: ScreenPoint, animate = true): void {
    if (!this.#viewportSize) return;
    this.#edge = this.padding;
    const base = this.#target();
    const { top, right, bottom, left } = this.#insets;
    const a = anchor ?? {
      x: left + (this.#viewportSize.width - left - right) / 2,
      y: top + (this.#viewportSize.height - top - bottom) / 2,
    };
    const [lo, hi] = scaleRange(this.image, this.#viewportSize, this.limits, this.padding);
    const scale = Math.min(hi, Math.max(lo, base.scale * factor));
    const next = zoomAround(base, scale, a);
    if (animate) this.animateTo(next);
    else this.jumpTo(next);
  }

  zoomIn(): void {
    this.zoomBy(ZOOM_STEP);
  }

  zoomOut(): void {
    this.zoomBy(1 / ZOOM_STEP);
  }

  /**
   * Pans by screen pixels from where the camera is going. Without animation, a pan of nothing ends a zoom or pan under
   * way at once where it was going (a fling's glide where it is): the editor reads the view's centre so after a key.
   */
  panBy(dx: number, dy: number, animate = true): void {
    this.#edge = this.padding;
    const next = panBy(this.#target(), dx, dy);
    if (animate) this.animateTo(next, 180);
    else this.jumpTo(next);
  }

  /** Back to the fitted view. */
  reset(): void {
    this.#edge = this.padding;
    this.animateTo(this.homeTransform());
  }

  /** Frames an image rectangle (a region's bounding box). */
  focusRect(r: Rect, animate = true): void {
    // Half the margin around the rectangle may be beyond the plan's edge: a marker there keeps clear of the screen's.
    this.#edge = Math.max(this.padding, FIT_MARGIN / 2);
    const apply = (viewport: Size): ViewTransform =>
      transformToRect(r, this.image, viewport, this.limits, FIT_MARGIN, this.padding, this.#insets, this.#edge);
    if (!this.#viewportSize) {
      this.#pendingView = apply;
      return;
    }
    const next = apply(this.#viewportSize);
    if (animate) this.animateTo(next, 400);
    else this.jumpTo(next);
  }

  /** Gestures bracket their moves so 'moveend' waits for the end of the gesture. */
  beginGesture(): void {
    this.#edge = this.padding;
    this.#stopAnimation();
    this.#gestures++;
  }

  endGesture(): void {
    if (this.#gestures === 0) return;
    this.#gestures--;
    if (this.#gestures === 0 && !this.#anim) this.#emit('moveend', this.#t);
  }

  /** Reports a tap to listeners (hit testing and double-tap zoom subscribe). */
  tap(p: ScreenPoint, info: TapInfo): void {
    this.#emit('tap', p, info);
  }

  #startAnimation(a: Animation): void {
    this.#stopAnimation();
    this.#anim = a;
    this.#frame = this.#scheduler.request(this.#step);
  }

  #stopAnimation(): void {
    if (this.#frame) this.#scheduler.cancel(this.#frame);
    this.#frame = 0;
    this.#anim = null;
  }

  readonly #step = (now: number): void => {
    const a = this.#anim;
    this.#frame = 0;
    if (!a || !this.#viewportSize) return;
    const k = a.duration > 0 ? Math.min(1, (now - a.start) / a.duration) : 1;
    if (a.glide) {
      const off = glideOffset(a.glide.v, now - a.start);
      const glided = panBy(a.glide.base, off.dx, off.dy);
      this.#t = elasticTransform(glided, this.image, this.#viewportSize, this.padding, this.#insets);
    } else {
      this.#t = interpolateTransform(a.from, a.to, easeOutCubic(k), this.#viewportSize);
    }
    this.#emit('move', this.#t);
    if (k < 1) {
      this.#frame = this.#scheduler.request(this.#step);
      return;
    }
    this.#anim = null;
    if (a.glide) {
      this.settle();
      return;
    }
    this.#t = a.to;
    if (this.#gestures === 0) this.#emit('moveend', this.#t);
  };
}

function zoomAroundCentreOf(t: ViewTransform, scale: number, viewport: Size): ViewTransform {
  return zoomAround(t, scale, { x: viewport.width / 2, y: viewport.height / 2 });
}
