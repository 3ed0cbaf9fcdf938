/**
 * Stamping markers onto a drawing: sprites with drawImage, clusters, and dots written by hand into a
 * pixel buffer (dot-raster.ts). Positions are image pixels through the drawing's transform t (the
 * camera moved by the margin the drawing has beyond the view: surface.ts, drawingTransform);
 * anchors land on whole CSS pixels so a marker never blurs between pixels.
 */
import type { ClusterItem } from '../../map-core/cluster';
import type { ViewTransform } from '../../map-core/coords';
import type { DotStamp, PixelBuffer, PixelRect } from './dot-raster';
import type { MarkerSlots } from './slots';
import type { MarkerSprites } from './sprites';
import type { Ctx2D } from './surface';
import type { ResolvedLocation } from '../viewer-model';

/** What stamping reads: the slots, the locations they point at, and the sprites. */
export interface StampSource {
  readonly slots: MarkerSlots;
  readonly sprites: MarkerSprites;
  readonly locations: readonly ResolvedLocation[];
}

/** Draws slots order[from..to) as dots into a pixel buffer at pixel ratio dpr, inside `clip`. */
export function stampDots(
  { slots, sprites, locations }: StampSource,
  px: PixelBuffer,
  dpr: number,
  order: Uint32Array,
  t: ViewTransform,
  [from, to]: [number, number],
  clip: PixelRect,
): void {
  const { x: ox, y: oy } = t;
  const { xs, ys, loc } = slots;
  let fill = '';
  let stamp: DotStamp | null = null;
  for (let k = from; k < to; k++) {
    const i = order[k]!;
    const l = locations[loc[i]!]!;
    if (l.fill !== fill || !stamp) {
      fill = l.fill;
      stamp = sprites.dotStampFor(fill);
    }
    // The anchor is placed as a sprite's would be: on a whole CSS pixel, then in device pixels.
    px.stamp(
      stamp,
      Math.round(Math.round(xs[i]! * t.scale + ox) * dpr),
      Math.round(Math.round(ys[i]! * t.scale + oy) * dpr),
      clip,
    );
  }
}

/** Stamps the full markers of slots order[from..to), in that order. */
export function stampSprites(
  { slots, sprites, locations }: StampSource,
  ctx: Ctx2D,
  order: Uint32Array,
  t: ViewTransform,
  [from, to]: [number, number],
): void {
  const { x: ox, y: oy } = t;
  const { xs, ys, loc } = slots;
  const cache = sprites.byLocation;
  for (let k = from; k < to; k++) {
    const i = order[k]!;
    const li = loc[i]!;
    const sprite = (cache[li] ??= sprites.spriteFor(locations[li]!));
    ctx.drawImage(
      sprite.canvas,
      Math.round(xs[i]! * t.scale + ox) - sprite.ax,
      Math.round(ys[i]! * t.scale + oy) - sprite.ay,
      sprite.w,
      sprite.h,
    );
  }
}

/** Stamps clusters[from..to): a bubble with its count, or the marker itself for a cluster of one. */
export function stampClusters(
  { slots, sprites, locations }: StampSource,
  ctx: Ctx2D,
  clusters: readonly ClusterItem[],
  t: ViewTransform,
  [from, to]: [number, number],
): void {
  const m = slots.markers;
  if (!m) return;
  const { x: ox, y: oy } = t;
  for (let k = from; k < to; k++) {
    const it = clusters[k]!;
    const s = it.count === 1 ? sprites.spriteFor(locations[m.loc[it.index]!]!) : sprites.clusterSprite(it.count);
    ctx.drawImage(s.canvas, Math.round(it.x * t.scale + ox) - s.ax, Math.round(it.y * t.scale + oy) - s.ay, s.w, s.h);
  }
}
