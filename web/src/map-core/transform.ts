/**
 * Pan and zoom maths on view transforms. Zoom is relative to "fit": zoom 1 shows the whole image
 * inside the viewport, `maxZoom` is the closest view. All functions are pure.
 */
import type { ImagePoint, Rect, ScreenPoint, Size, ViewTransform } from './coords';
import { screenToImage } from './coords';

/** Zoom range relative to the fit-to-viewport scale. */
export interface ZoomLimits {
  readonly minZoom: number;
  readonly maxZoom: number;
}

export const DEFAULT_ZOOM_LIMITS: ZoomLimits = { minZoom: 1, maxZoom: 4 };

/**
 * Screen pixels along the viewport's edges covered by a panel or sheet (MapLibre's camera padding): the camera
 * fits, centres and clamps the map in the area they leave free, so the plan's edge can sit at a panel's edge.
 */
export interface Insets {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export const NO_INSETS: Insets = { top: 0, right: 0, bottom: 0, left: 0 };

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** The scale at which the whole image fits the viewport, leaving `padding` screen pixels on each side. */
export function fitScale(image: Size, viewport: Size, padding = 0): number {
  const w = Math.max(1, viewport.width - 2 * padding);
  const h = Math.max(1, viewport.height - 2 * padding);
  const s = Math.min(w / Math.max(1, image.width), h / Math.max(1, image.height));
  return Number.isFinite(s) && s > 0 ? s : 1;
}

/** The transform that shows the whole image centred in the viewport. */
export function fitTransform(image: Size, viewport: Size, padding = 0): ViewTransform {
  const scale = fitScale(image, viewport, padding);
  return {
    scale,
    x: (viewport.width - image.width * scale) / 2,
    y: (viewport.height - image.height * scale) / 2,
  };
}

/** Relative zoom (1 = fit) of a transform. */
export function zoomOf(t: ViewTransform, image: Size, viewport: Size, padding = 0): number {
  return t.scale / fitScale(image, viewport, padding);
}

/** The scale range a viewport allows under the limits. */
export function scaleRange(image: Size, viewport: Size, limits: ZoomLimits, padding = 0): [number, number] {
  const fit = fitScale(image, viewport, padding);
  return [fit * limits.minZoom, fit * Math.max(limits.minZoom, limits.maxZoom)];
}

/** Rescales a transform to `scale` while the image point under the screen `anchor` stays put. */
export function zoomAround(t: ViewTransform, scale: number, anchor: ScreenPoint): ViewTransform {
  const p = screenToImage(anchor, t);
  return { scale, x: anchor.x - p.x * scale, y: anchor.y - p.y * scale };
}

/** Moves the image by a screen-pixel offset. */
export function panBy(t: ViewTransform, dx: number, dy: number): ViewTransform {
  return { scale: t.scale, x: t.x + dx, y: t.y + dy };
}

/** The transform at `scale` that puts an image point in the middle of the viewport (of the part `insets` leave free). */
export function centreOn(p: ImagePoint, scale: number, viewport: Size, insets = NO_INSETS): ViewTransform {
  return {
    scale,
    x: insets.left + (viewport.width - insets.left - insets.right) / 2 - p.x * scale,
    y: insets.top + (viewport.height - insets.top - insets.bottom) / 2 - p.y * scale,
  };
}

/** The image point in the middle of the viewport. */
export function viewportCentre(t: ViewTransform, viewport: Size): ImagePoint {
  return screenToImage({ x: viewport.width / 2, y: viewport.height / 2 }, t);
}

/** One axis of the clamp; `before` and `after`: what panels cover at its start and end (insets). */
function clampAxis(offset: number, content: number, view: number, padding: number, before = 0, after = 0): number {
  // Smaller than the free span: centre it there. Larger: never show more than `padding` past the span's edges.
  const free = view - before - after;
  if (content <= free - 2 * padding) return before + (free - content) / 2;
  return clamp(offset, view - after - content - padding, before + padding);
}

/**
 * Clamps a transform: scale inside the zoom limits (around the viewport centre), pan inside the edges of the
 * viewport, or of the part of it `insets` leave free. `edge`: how far inside those edges the image's edge may come
 * (the padding, unless a fit asks for more: ./map-view.ts focusRect).
 */
export function clampTransform(
  t: ViewTransform,
  image: Size,
  viewport: Size,
  limits: ZoomLimits,
  padding = 0,
  insets = NO_INSETS,
  edge = padding,
): ViewTransform {
  const [lo, hi] = scaleRange(image, viewport, limits, padding);
  let c = t;
  if (t.scale < lo || t.scale > hi)
    c = zoomAround(t, clamp(t.scale, lo, hi), { x: viewport.width / 2, y: viewport.height / 2 });
  return {
    scale: c.scale,
    x: clampAxis(c.x, image.width * c.scale, viewport.width, edge, insets.left, insets.right),
    y: clampAxis(c.y, image.height * c.scale, viewport.height, edge, insets.top, insets.bottom),
  };
}

/**
 * Damps how far past the edge a drag may go: the further the overshoot, the less it moves
 * (the iOS rubber band), so the edge feels elastic instead of a wall.
 */
export function rubberBand(overshoot: number, dimension: number, constant = 0.55): number {
  if (overshoot === 0 || dimension <= 0) return 0;
  const sign = Math.sign(overshoot);
  const o = Math.abs(overshoot);
  return sign * (1 - 1 / ((o * constant) / dimension + 1)) * dimension;
}

/** The transform shown while a drag overshoots the edges: the clamped position plus damped overshoot. */
export function elasticTransform(
  t: ViewTransform,
  image: Size,
  viewport: Size,
  padding = 0,
  insets = NO_INSETS,
): ViewTransform {
  const c = clampTransform(
    { scale: t.scale, x: t.x, y: t.y },
    image,
    viewport,
    { minZoom: 0, maxZoom: Infinity },
    padding,
    insets,
  );
  return {
    scale: t.scale,
    x: c.x + rubberBand(t.x - c.x, viewport.width),
    y: c.y + rubberBand(t.y - c.y, viewport.height),
  };
}

/**
 * The transform that frames an image rectangle, within the zoom limits, with `margin` screen pixels around it, in
 * the viewport or the part of it `insets` leave free (Leaflet's fitBounds with paddingTopLeft/paddingBottomRight).
 */
export function transformToRect(
  r: Rect,
  image: Size,
  viewport: Size,
  limits: ZoomLimits,
  margin = 40,
  padding = 0,
  insets = NO_INSETS,
  edge = padding,
): ViewTransform {
  const w = Math.max(1e-9, r.maxX - r.minX);
  const h = Math.max(1e-9, r.maxY - r.minY);
  const [lo, hi] = scaleRange(image, viewport, limits, padding);
  const freeW = viewport.width - insets.left - insets.right;
  const freeH = viewport.height - insets.top - insets.bottom;
  const s = clamp(Math.min((freeW - 2 * margin) / w, (freeH - 2 * margin) / h), lo, hi);
  const centre = { x: (r.minX + r.maxX) / 2, y: (r.minY + r.maxY) / 2 };
  return clampTransform(centreOn(centre, s, viewport, insets), image, viewport, limits, padding, insets, edge);
}

/**
 * Interpolates between two transforms at progress k (0–1) the way a camera move feels natural:
 * the viewport centre moves linearly through image space, the scale moves geometrically.
 */
export function interpolateTransform(from: ViewTransform, to: ViewTransform, k: number, viewport: Size): ViewTransform {
  if (k <= 0) return from;
  if (k >= 1) return to;
  const a = viewportCentre(from, viewport);
  const b = viewportCentre(to, viewport);
  const scale = from.scale * Math.pow(to.scale / from.scale, k);
  return centreOn({ x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k }, scale, viewport);
}

/** Cubic ease-out, the easing of every animated camera move. */
export function easeOutCubic(k: number): number {
  const u = 1 - clamp(k, 0, 1);
  return 1 - u * u * u;
}

/** True when two transforms differ by less than a tenth of a pixel anywhere in the viewport. */
export function transformsClose(a: ViewTransform, b: ViewTransform, viewport: Size): boolean {
  const span = Math.max(viewport.width, viewport.height);
  const ds = Math.abs(a.scale - b.scale) / Math.max(a.scale, b.scale);
  return Math.abs(a.x - b.x) < 0.1 && Math.abs(a.y - b.y) < 0.1 && ds * span < 0.1;
}
