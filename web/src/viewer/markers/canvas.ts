/**
 * Draws a layer's markers onto one canvas and finds the marker under a point.
 *
 * Why a canvas and not DOM markers: 10,000 DOM nodes cost seconds to create and lay out, and
 * every zoom step would move each one. Here each distinct marker look is rendered once into a
 * sprite (sprites.ts) and stamped with drawImage; a redraw only visits markers in view (k-d
 * tree query, slots.ts), in top-to-bottom order. During a pan or zoom the canvas is not
 * redrawn at all: it is moved and scaled with a CSS transform relative to the transform it was drawn
 * at, and redrawn crisp when the camera rests or the view leaves the drawn area (surface.ts,
 * which also explains the off-screen drawing). Dense layers are clustered on a grid so 100,000
 * locations draw as a few hundred items. Dots are written into a pixel buffer by hand (dot-raster.ts).
 *
 * This file is the core: what a draw shows (the plan), drawing it at once or in slices, patching a
 * few edited markers in place, and hit testing.
 */
import { GridClusterer, type ClusterItem } from '../../map-core/cluster';
import type { Rect, ScreenPoint, Size, ViewTransform } from '../../map-core/coords';
import { inflateRect, screenRectToImageRect, screenToImage } from '../../map-core/coords';
import type { MarkerKind } from '../../map-core/marker-geometry';
import { hitsMarker, markerBox, maxMarkerExtent } from '../../map-core/marker-geometry';
import type { PixelBuffer, PixelRect } from './dot-raster';
import { EDITING } from '../editing';
import { MarkerSlots } from './slots';
import { MarkerSprites, TEXT_FONT, clusterRadius, type Sprite } from './sprites';
import { stampClusters, stampDots, stampSprites, type StampSource } from './stamp';
import { Slices } from '../stage/slices';
import {
  MARGIN,
  MarkerSurfaces,
  drawingTransform,
  type Ctx2D,
  type MarkerCanvasOptions,
  type Surface,
} from './surface';
import type { LayerMarkers, ResolvedLocation } from '../viewer-model';

export { contrastText } from './sprites';
export type { MarkerCanvasOptions } from './surface';

/** Above this many markers in the drawn area, the layer is drawn as clusters. */
export const CLUSTER_ABOVE = 12_000;
/**
 * Above this many markers in the drawn area, each is drawn as a small dot in its colour: at that
 * density full markers overlap into a blot anyway, and a dot costs a tenth of the pixels, which
 * keeps a redraw of 10,000 markers inside a frame on a slow phone. Zooming in brings the real
 * markers back.
 */
export const DOTS_ABOVE = 1_500;

export type MarkerHit = { type: 'marker'; loc: number } | { type: 'cluster'; item: ClusterItem };

/** One location's marker after an edit: where it now stands (image pixels), or null when it no longer shows. */
export interface MarkerChange {
  loc: number;
  at: { x: number; y: number } | null;
}

/** What one draw stamps, in order: clusters, or marker positions sorted top to bottom. */
type Plan =
  { clusters: ClusterItem[]; order: null; dots: false } | { clusters: null; order: Uint32Array; dots: boolean };

/** An area of the visible drawing in CSS pixels. */
type Area = { x: number; y: number; w: number; h: number };

/**
 * Unhurried redraws (when the camera rests, catch-ups mid-gesture) of more than this many markers
 * are spread over several tasks: at a 4x CPU slowdown (a mid-range phone) 500 markers already cost
 * a frame's worth of work.
 */
const SLICE_ABOVE = 500;
/** Rows of dots put onto the canvas at a time (putImageData of a whole view is a frame's work on a slow phone). */
const PUT_ROWS = 128;

const planCount = (plan: Plan): number => (plan.clusters ? plan.clusters.length : plan.order.length);

export class MarkerCanvas {
  readonly #surfaces: MarkerSurfaces;
  readonly #sprites: MarkerSprites;
  readonly #slots = new MarkerSlots();
  /** Measures text (the labels of text markers): the context of one of the drawing buffers, which always exists. */
  readonly #ctx: Ctx2D;
  /** The sliced redraw under way, if any. */
  readonly #slices = new Slices();
  readonly #textWidths = new Map<number, number>();
  #locations: readonly ResolvedLocation[] = [];
  #clusterer: GridClusterer | null = null;
  #drawnClusters: ClusterItem[] | null = null;
  /** True when the last draw showed markers as dots (hit testing and rings follow). */
  #dots = false;
  #maxText = 0;
  /** Largest marker scale on the layer: how far beyond its anchor a marker can reach. */
  #maxScale = 1;
  /** How many markers or clusters the last draw stamped (a measure of what a redraw costs). */
  drawnCount = 0;
  /** Called after an unhurried redraw reached the visible canvas. */
  afterSwap: (() => void) | null = null;

  readonly #image: Size;

  constructor(host: HTMLElement, image: Size, clusterColor: string, options: MarkerCanvasOptions = {}) {
    this.#image = image;
    this.#surfaces = new MarkerSurfaces(host, options);
    this.#ctx = this.#surfaces.fg.ctx;
    this.#sprites = new MarkerSprites(clusterColor, (text) => this.#measure(text));
  }

  /** The canvas on screen. */
  get canvas(): HTMLCanvasElement {
    return this.#surfaces.el;
  }

  /** True when drawings are made off screen and the visible canvas shows finished images. */
  get drawsOffscreen(): boolean {
    return this.#surfaces.drawsOffscreen;
  }

  /** Called when a thumbnail image finished loading and the canvas should be redrawn. */
  get onAssetLoad(): (() => void) | null {
    return this.#sprites.onAssetLoad;
  }

  set onAssetLoad(f: (() => void) | null) {
    this.#sprites.onAssetLoad = f;
  }

  destroy(): void {
    this.#slices.destroy();
    this.#surfaces.destroy();
    this.#sprites.clear();
  }

  /** Replaces the markers (layer switch, filter change). */
  setMarkers(markers: LayerMarkers | null, locations: readonly ResolvedLocation[]): void {
    // A sliced redraw of the old markers must not finish onto the new ones.
    this.#slices.cancel();
    if (locations !== this.#locations) this.#sprites.byLocation = [];
    this.#locations = locations;
    this.#clusterer =
      markers && markers.count > CLUSTER_ABOVE ? new GridClusterer(markers.xs, markers.ys, this.#image) : null;
    this.#surfaces.fg.at = null;
    this.#slots.reset(markers);
    this.#maxText = 0;
    this.#maxScale = 1;
    if (markers) for (let i = 0; i < markers.count; i++) this.#reach(locations[markers.loc[i]!]!);
  }

  /** True when the canvas no longer covers the view well enough to wait for the camera to rest. */
  needsRedraw(t: ViewTransform, viewport: Size): boolean {
    return this.#surfaces.needsRedraw(t, viewport);
  }

  /** Moves the drawn canvas with the camera, without redrawing. */
  follow(t: ViewTransform): void {
    this.#surfaces.follow(t);
  }

  /**
   * Redraws every marker in view at transform t, and `margin` CSS pixels beyond the view. Small redraws (and
   * `sync` ones, such as the first) happen at once; large ones are drawn in slices onto the back buffer, which
   * replaces the visible drawing when complete, so the camera stays smooth and nothing flickers meanwhile.
   */
  draw(t: ViewTransform, viewport: Size, sync = true, margin = MARGIN): void {
    this.#slices.cancel();
    this.#surfaces.lastT = t;
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    this.#surfaces.dpr = dpr;
    this.#sprites.setPixelRatio(dpr);
    if (sync) this.#drawNow(this.#plan(t, viewport, margin), t, viewport, margin);
    else this.#drawSliced(t, viewport, margin);
  }

  /**
   * An unhurried redraw: even the plan (a k-d tree query and a sort, tens of ms for 10,000 markers
   * on a slow phone) waits for the first slice, outside the frame that asked for the redraw; the
   * drawing (or, for many markers, sizing the buffer it is drawn in) starts in the next.
   */
  #drawSliced(t: ViewTransform, viewport: Size, margin: number): void {
    const back = this.#surfaces.bg;
    const drawT = drawingTransform(t, margin);
    let plan: Plan | null = null;
    let prepared = false;
    let k = 0;
    /** Dots: rows of the pixel buffer put onto the canvas so far (in strips, after all are drawn). */
    let row = -1;
    this.#slices.start((until) => {
      if (!plan) {
        plan = this.#plan(t, viewport, margin);
        return true;
      }
      if (!prepared) {
        prepared = true;
        if (planCount(plan) > SLICE_ABOVE) {
          this.#surfaces.prepare(back, t, viewport, margin);
          return true;
        }
        this.#slices.cancel();
        this.#drawNow(plan, t, viewport, margin);
        this.afterSwap?.();
        return false;
      }
      const count = planCount(plan);
      if (plan.dots) {
        const px = this.#surfaces.pixelsOf(back);
        if (row < 0) {
          px.clear();
          row = 0;
        }
        for (; k < count && performance.now() < until; k = Math.min(count, k + 64))
          this.#stampDots(px, plan.order, drawT, k, Math.min(count, k + 64), px.all);
        for (; k >= count && row < px.height && performance.now() < until; row += PUT_ROWS)
          back.ctx.putImageData(px.imageData, 0, 0, 0, row, px.width, Math.min(PUT_ROWS, px.height - row));
        if (row < px.height) return true;
      } else {
        for (; k < count && performance.now() < until; k = Math.min(count, k + 128))
          this.#stampRange(back.ctx, plan, drawT, k, Math.min(count, k + 128));
        if (k < count) return true;
      }
      this.#finishSliced(back, plan, count);
      return false;
    });
  }

  /** Draws a plan at once on the visible drawing. */
  #drawNow(plan: Plan, t: ViewTransform, viewport: Size, margin: number): void {
    const sf = this.#surfaces.fg;
    const count = planCount(plan);
    this.#surfaces.prepare(sf, t, viewport, margin);
    const drawT = drawingTransform(t, margin);
    if (plan.dots) {
      const px = this.#surfaces.pixelsOf(sf);
      px.clear();
      this.#stampDots(px, plan.order, drawT, 0, count, px.all);
      sf.ctx.putImageData(px.imageData, 0, 0);
    } else this.#stampRange(sf.ctx, plan, drawT, 0, count);
    this.#commit(plan, count);
    this.#surfaces.show(sf);
  }

  /** A sliced redraw is complete: it is shown. */
  #finishSliced(back: Surface, plan: Plan, count: number): void {
    this.#slices.cancel();
    this.#surfaces.show(back);
    this.#commit(plan, count);
    this.afterSwap?.();
  }

  #commit(plan: Plan, count: number): void {
    this.#drawnClusters = plan.clusters;
    this.#dots = plan.dots;
    this.drawnCount = count;
  }

  /** Decides what a draw at t shows: the markers in view and `margin` beyond (k-d tree query), or clusters when crowded. */
  #plan(t: ViewTransform, viewport: Size, margin: number): Plan {
    if (!this.#slots.markers || this.#slots.total === 0)
      return { clusters: null, order: new Uint32Array(0), dots: false };
    const view: Rect = inflateRect(screenRectToImageRect(viewport, t), (margin + this.#extent) / t.scale);
    const { base, order } = this.#slots.slotsIn(view);
    const n = order.length;
    if (this.#clusterer && n > CLUSTER_ABOVE) {
      const items = this.#clusterer.query(view, t.scale);
      items.sort((a, b) => a.y - b.y);
      return { clusters: items, order: null, dots: false };
    }
    return { clusters: null, order: this.#slots.inDrawOrder(order, base), dots: n > DOTS_ABOVE };
  }

  /**
   * Applies edits to a few locations without a full redraw: each one's old marker is retired, its
   * new one (if it shows) is added, and only the canvas areas the two cover are repainted, with
   * every marker touching them drawn again in order inside a clip. Indices of other locations must
   * be unchanged. Returns false when a patch cannot do (nothing drawn yet, clusters, a sliced redraw
   * under way, too many edits since the markers were built): the caller replaces the markers.
   */
  patch(changes: readonly MarkerChange[], locations: readonly ResolvedLocation[]): boolean {
    if (!EDITING) return false;
    const slots = this.#slots;
    const sf = this.#surfaces.fg;
    if (!slots.markers || this.#clusterer || this.#drawnClusters || this.#slices.running || !sf.at || !sf.size)
      return false;
    // If the drawing was handed to the screen, take a copy back to repaint parts of it.
    this.#surfaces.reclaim();
    const adding = changes.reduce((k, c) => k + (c.at ? 1 : 0), 0);
    if (!slots.canAdd(adding)) return false;
    slots.reserve(adding);
    const dirty: Area[] = [];
    for (const c of changes) {
      const s = slots.slotOfLocation(c.loc);
      if (s === undefined) continue;
      dirty.push(this.#slotRect(s));
      slots.retire(c.loc, s);
      this.drawnCount--;
    }
    // From here on the changed locations are read from the new list, with their sprites made afresh.
    this.#locations = locations;
    for (const c of changes) {
      this.#sprites.byLocation[c.loc] = undefined;
      this.#textWidths.delete(c.loc);
    }
    for (const c of changes) {
      if (!c.at || slots.slotOfLocation(c.loc) !== undefined) continue;
      const s = slots.add(c.loc, c.at.x, c.at.y);
      this.#reach(locations[c.loc]!);
      dirty.push(this.#slotRect(s));
      this.drawnCount++;
    }
    for (const r of dirty) this.#repaint(r);
    if (dirty.length) this.#surfaces.show(sf);
    return true;
  }

  /** Widens the reach markers are culled with to cover one more marker. */
  #reach(l: ResolvedLocation): void {
    if (l.scale > this.#maxScale) this.#maxScale = l.scale;
    if (l.kind === 'text') this.#maxText = Math.max(this.#maxText, this.textWidth(l));
  }

  /** How far (screen pixels) the farthest-reaching marker's sprite extends from its anchor. */
  get #extent(): number {
    // Sprites add 4 px of padding (for the shadow) around the marker's box.
    return maxMarkerExtent(this.#maxScale, this.#maxText) + 5;
  }

  /** The sprite a slot is drawn with now. */
  #drawnSprite(s: number): Sprite {
    const l = this.#locations[this.#slots.loc[s]!]!;
    return this.#dots ? this.#sprites.dotSprite(l.fill) : this.#sprites.ofLocation(l);
  }

  /** Where a slot's sprite lies on the visible canvas, in CSS pixels. */
  #slotRect(s: number): Area {
    const { at, margin } = this.#surfaces.fg;
    const t = drawingTransform(at!, margin);
    const sp = this.#drawnSprite(s);
    return {
      x: Math.round(this.#slots.xs[s]! * t.scale + t.x) - sp.ax,
      y: Math.round(this.#slots.ys[s]! * t.scale + t.y) - sp.ay,
      w: sp.w,
      h: sp.h,
    };
  }

  /** Redraws one area of the visible canvas: cleared, then every marker touching it stamped in order, clipped. */
  #repaint(r: Area): void {
    const sf = this.#surfaces.fg;
    const dpr = this.#surfaces.dpr;
    const t = drawingTransform(sf.at!, sf.margin);
    const x0 = Math.max(0, Math.floor(r.x) - 1);
    const y0 = Math.max(0, Math.floor(r.y) - 1);
    const x1 = Math.min(sf.canvas.width / dpr, Math.ceil(r.x + r.w) + 1);
    const y1 = Math.min(sf.canvas.height / dpr, Math.ceil(r.y + r.h) + 1);
    if (x1 <= x0 || y1 <= y0) return;
    // Any marker whose anchor lies farther than its largest extent from the area cannot touch it.
    const ext = this.#extent + 1;
    const { x: ox, y: oy } = t;
    const { base, order } = this.#slots.slotsIn({
      minX: (x0 - ext - ox) / t.scale,
      minY: (y0 - ext - oy) / t.scale,
      maxX: (x1 + ext - ox) / t.scale,
      maxY: (y1 + ext - oy) / t.scale,
    });
    const slots = this.#slots.inDrawOrder(order, base);
    if (this.#dots) {
      const px = this.#surfaces.pixelsOf(sf);
      const clip = {
        x0: Math.floor(x0 * dpr),
        y0: Math.floor(y0 * dpr),
        x1: Math.ceil(x1 * dpr),
        y1: Math.ceil(y1 * dpr),
      };
      px.clear(clip);
      this.#stampDots(px, slots, t, 0, slots.length, clip);
      sf.ctx.putImageData(px.imageData, 0, 0, clip.x0, clip.y0, clip.x1 - clip.x0, clip.y1 - clip.y0);
      return;
    }
    const ctx = sf.ctx;
    ctx.save();
    ctx.beginPath();
    ctx.rect(x0, y0, x1 - x0, y1 - y0);
    ctx.clip();
    ctx.clearRect(x0, y0, x1 - x0, y1 - y0);
    this.#stampRange(ctx, { clusters: null, order: slots, dots: false }, t, 0, slots.length);
    ctx.restore();
  }

  /** What the stamping functions read. */
  get #source(): StampSource {
    return { slots: this.#slots, sprites: this.#sprites, locations: this.#locations };
  }

  /** Draws slots order[from..to) as dots into a pixel buffer, inside `clip`. */
  #stampDots(px: PixelBuffer, order: Uint32Array, t: ViewTransform, from: number, to: number, clip: PixelRect) {
    stampDots(this.#source, px, this.#surfaces.dpr, order, t, [from, to], clip);
  }

  /** Stamps the sprites of plan items [from, to) (clusters or full markers; dots go through stampDots). */
  #stampRange(ctx: Ctx2D, plan: Plan, t: ViewTransform, from: number, to: number): void {
    if (plan.clusters) stampClusters(this.#source, ctx, plan.clusters, t, [from, to]);
    else stampSprites(this.#source, ctx, plan.order, t, [from, to]);
  }

  /**
   * The marker or cluster under a screen point, the topmost one when several overlap. Only markers
   * that open something count, unless `all` (the editor selects any marker).
   */
  hitTest(p: ScreenPoint, t: ViewTransform, all = false): MarkerHit | null {
    const slots = this.#slots;
    if (!slots.markers || slots.total === 0) return null;
    if (this.#drawnClusters) return this.#hitCluster(p, t, all);
    const ip = screenToImage(p, t);
    const r = this.#extent / t.scale;
    let best = -1;
    const { order } = slots.slotsIn({ minX: ip.x - r, minY: ip.y - r, maxX: ip.x + r, maxY: ip.y + r });
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      // Candidates arrive in no particular order: each is compared with the best so far.
      if (best >= 0 && slots.before(i, best) < 0) continue;
      const l = this.#locations[slots.loc[i]!]!;
      if (!all && !l.clickable) continue;
      const sx = slots.xs[i]! * t.scale + t.x;
      const sy = slots.ys[i]! * t.scale + t.y;
      if (hitsMarker(this.#drawnKind(l), this.#dots ? 1 : l.scale, p.x - sx, p.y - sy, this.textWidth(l))) best = i;
    }
    return best < 0 ? null : { type: 'marker', loc: slots.loc[best]! };
  }

  /** Hit testing on a clustered view: the drawn clusters and single markers, topmost first. */
  #hitCluster(p: ScreenPoint, t: ViewTransform, all: boolean): MarkerHit | null {
    const clusters = this.#drawnClusters!;
    const m = this.#slots.markers!;
    for (let k = clusters.length - 1; k >= 0; k--) {
      const it = clusters[k]!;
      const sx = it.x * t.scale + t.x;
      const sy = it.y * t.scale + t.y;
      if (it.count > 1) {
        const r = clusterRadius(it.count) + 4;
        if ((p.x - sx) ** 2 + (p.y - sy) ** 2 <= r * r) return { type: 'cluster', item: it };
      } else {
        const l = this.#locations[m.loc[it.index]!]!;
        if ((all || l.clickable) && hitsMarker(l.kind, l.scale, p.x - sx, p.y - sy, this.textWidth(l)))
          return { type: 'marker', loc: l.index };
      }
    }
    return null;
  }

  /** The marker's box on screen relative to its anchor (for rings, tooltips and popups). */
  boxOf(l: ResolvedLocation): { left: number; top: number; right: number; bottom: number } {
    return this.#dots ? markerBox('dot', 1) : markerBox(l.kind, l.scale, this.textWidth(l));
  }

  textWidth(l: ResolvedLocation): number {
    if (l.kind !== 'text') return 0;
    let w = this.#textWidths.get(l.index);
    if (w === undefined) {
      w = this.#measure(l.title || l.label || l.id);
      this.#textWidths.set(l.index, w);
    }
    return w;
  }

  /** How a location's marker is drawn right now: as itself, or as a dot on a crowded map. */
  #drawnKind(l: ResolvedLocation): MarkerKind {
    return this.#dots ? 'dot' : l.kind;
  }

  #measure(text: string): number {
    this.#ctx.font = TEXT_FONT;
    return this.#ctx.measureText(text).width;
  }
}
