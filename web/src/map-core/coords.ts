/**
 * The three coordinate spaces of a map, kept apart by type so they are never mixed (the Leaflet rule):
 * - map: normalised 0–1 across the base image (what documents store, independent of image size),
 * - image: pixels of the base image at scale 1 (what the inlined SVG and the spatial index use),
 * - screen: CSS pixels relative to the top-left corner of the map viewport.
 * Every conversion is named for both ends. Documents store map points as `Coord` tuples ([x, y]); `coordToImage`
 * and `imageToCoord` convert those directly, without building an object first.
 */
import type { Coord } from '@mapnest/shared/map-document';

/** A point in normalised map space: (0,0) top-left, (1,1) bottom-right of the base image. */
export interface MapPoint {
  readonly x: number;
  readonly y: number;
  readonly space?: 'map';
}

/** A point in base-image pixels. */
export interface ImagePoint {
  readonly x: number;
  readonly y: number;
  readonly space?: 'image';
}

/** A point in CSS pixels relative to the map viewport's top-left corner. */
export interface ScreenPoint {
  readonly x: number;
  readonly y: number;
  readonly space?: 'screen';
}

/**
 * Where a viewport's screen space starts in client coordinates, and how many of its CSS pixels one client pixel is.
 * The two differ when a CSS transform scales an ancestor (the editor's preview scales a 1280 px page to fit): event
 * coordinates and bounding boxes are scaled, the viewport's own CSS pixels (its layout size) are not.
 */
export interface ScreenOrigin {
  readonly left: number;
  readonly top: number;
  readonly kx: number;
  readonly ky: number;
}

/** The screen origin of a viewport element now (one layout read). */
export function screenOriginOf(el: HTMLElement): ScreenOrigin {
  const r = el.getBoundingClientRect();
  const kx = r.width > 0 && el.clientWidth > 0 ? el.clientWidth / r.width : 1;
  const ky = r.height > 0 && el.clientHeight > 0 ? el.clientHeight / r.height : 1;
  return { left: r.left, top: r.top, kx, ky };
}

/** An event's client coordinates as a point of the viewport's screen space. */
export function clientToScreen(o: ScreenOrigin, clientX: number, clientY: number): ScreenPoint {
  return { x: (clientX - o.left) * o.kx, y: (clientY - o.top) * o.ky };
}

/** A width and height in pixels (image size or viewport size). */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/** An axis-aligned rectangle; the space is given by the name of whatever holds it. */
export interface Rect {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/**
 * Image-to-screen placement: screen = image × scale + (x, y). This is also the CSS transform
 * `translate(x px, y px) scale(scale)` with origin 0 0 of the container holding the base image.
 */
export interface ViewTransform {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

export const mapPoint = (x: number, y: number): MapPoint => ({ x, y });
export const imagePoint = (x: number, y: number): ImagePoint => ({ x, y });
export const screenPoint = (x: number, y: number): ScreenPoint => ({ x, y });

export function mapToImage(p: MapPoint, image: Size): ImagePoint {
  return { x: p.x * image.width, y: p.y * image.height };
}

export function imageToMap(p: ImagePoint, image: Size): MapPoint {
  return { x: p.x / image.width, y: p.y / image.height };
}

/** A document coordinate ([x, y] in 0..1) as a map point. */
export function coordToMap(c: readonly [number, number]): MapPoint {
  return { x: c[0], y: c[1] };
}

/** A map point as a document coordinate. */
export function mapToCoord(p: MapPoint): Coord {
  return [p.x, p.y];
}

/** A document coordinate in base-image pixels. */
export function coordToImage(c: readonly [number, number], image: Size): ImagePoint {
  return { x: c[0] * image.width, y: c[1] * image.height };
}

/** Base-image pixels as a document coordinate. */
export function imageToCoord(p: ImagePoint, image: Size): Coord {
  return [p.x / image.width, p.y / image.height];
}

/** A document coordinate in screen pixels under a view transform. */
export function coordToScreen(c: readonly [number, number], image: Size, t: ViewTransform): ScreenPoint {
  return imageToScreen(coordToImage(c, image), t);
}

export function imageToScreen(p: ImagePoint, t: ViewTransform): ScreenPoint {
  return { x: p.x * t.scale + t.x, y: p.y * t.scale + t.y };
}

export function screenToImage(p: ScreenPoint, t: ViewTransform): ImagePoint {
  return { x: (p.x - t.x) / t.scale, y: (p.y - t.y) / t.scale };
}

export function mapToScreen(p: MapPoint, image: Size, t: ViewTransform): ScreenPoint {
  return imageToScreen(mapToImage(p, image), t);
}

export function screenToMap(p: ScreenPoint, image: Size, t: ViewTransform): MapPoint {
  return imageToMap(screenToImage(p, t), image);
}

/** The part of the image (in image pixels) that a viewport shows under a transform. */
export function screenRectToImageRect(viewport: Size, t: ViewTransform): Rect {
  return {
    minX: -t.x / t.scale,
    minY: -t.y / t.scale,
    maxX: (viewport.width - t.x) / t.scale,
    maxY: (viewport.height - t.y) / t.scale,
  };
}

/** The centre of a rectangle (in the rectangle's own space). */
export function rectCentre(r: Rect): { x: number; y: number } {
  return { x: (r.minX + r.maxX) / 2, y: (r.minY + r.maxY) / 2 };
}

/** Grows a rectangle by a margin on every side. */
export function inflateRect(r: Rect, margin: number): Rect {
  return { minX: r.minX - margin, minY: r.minY - margin, maxX: r.maxX + margin, maxY: r.maxY + margin };
}

/** The smallest rectangle holding the points (xs[i], ys[i]); an empty one (min Infinity, max -Infinity) for none. */
export function boundsOf(xs: ArrayLike<number>, ys: ArrayLike<number>): Rect {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < xs.length; i++) {
    minX = Math.min(minX, xs[i]!);
    maxX = Math.max(maxX, xs[i]!);
    minY = Math.min(minY, ys[i]!);
    maxY = Math.max(maxY, ys[i]!);
  }
  return { minX, minY, maxX, maxY };
}

/** True when `inner` lies entirely inside `outer`. */
export function rectContainsRect(outer: Rect, inner: Rect): boolean {
  return inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY;
}

/** The CSS transform string of a view transform (origin must be 0 0). */
export function transformToCss(t: ViewTransform): string {
  return `translate(${t.x}px,${t.y}px) scale(${t.scale})`;
}
