/**
 * Draws a layer's markers onto one canvas and finds the marker under a point.
 *
 * Why a canvas and not DOM markers: 10,000 DOM nodes cost seconds to create and lay out, and
 * every zoom step would move each one. Here each distinct marker look is rendered once into a
 * sprite and stamped with drawImage; a redraw only visits markers in view (k-d tree query), in
 * top-to-bottom order. During a pan or zoom the canvas is not redrawn at all: it is moved and
 * scaled with a CSS transform relative to the transform it was drawn at (compositor work only),
 * and redrawn crisp when the camera rests or the view leaves the drawn area. Dense layers are
 * clustered on a grid so 100,000 locations draw as a few hundred items.
 *
 * Drawings are made on an OffscreenCanvas and shown through a `bitmaprenderer` canvas, which hands
 * the compositor a finished image once. A visible 2D canvas would instead be copied into a new
 * compositor resource at every frame the page commits, moved or not: at a 4x slowdown with
 * software compositing that was a third of each panning frame. Browsers without OffscreenCanvas
 * draw on the visible canvas directly. Dots are written into a pixel buffer by hand (dot-raster.ts).
 */
import { GridClusterer, type ClusterItem } from '../map-core/cluster';
import type { Rect, ScreenPoint, Size, ViewTransform } from '../map-core/coords';
import { inflateRect, screenRectToImageRect, screenToImage } from '../map-core/coords';
import type { MarkerKind } from '../map-core/marker-geometry';
import { MARKER_SIZE, hitsMarker, markerBox, maxMarkerExtent, pinHeadCentre } from '../map-core/marker-geometry';
import { PixelBuffer, dotStamp, type DotStamp, type PixelRect } from './dot-raster';
import type { LayerMarkers, ResolvedLocation } from './viewer-model';

/** Above this many markers in the drawn area, the layer is drawn as clusters. */
export const CLUSTER_ABOVE = 12_000;
/**
 * Above this many markers in the drawn area, each is drawn as a small dot in its colour: at that
 * density full markers overlap into a blot anyway, and a dot costs a tenth of the pixels, which
 * keeps a redraw of 10,000 markers inside a frame on a slow phone. Zooming in brings the real
 * markers back.
 */
export const DOTS_ABOVE = 1_500;
/** Canvas pixels drawn beyond each edge of the viewport, so short pans reveal markers at once. */
const MARGIN = 160;

interface Sprite {
  canvas: HTMLCanvasElement;
  /** Anchor offset and size in CSS pixels. */
  ax: number;
  ay: number;
  w: number;
  h: number;
}

export type MarkerHit = { type: 'marker'; loc: number } | { type: 'cluster'; item: ClusterItem };

/** One location's marker after an edit: where it now stands (image pixels), or null when it no longer shows. */
export interface MarkerChange {
  loc: number;
  at: { x: number; y: number } | null;
}

/** Markers patches may add before the set is rebuilt (each patch costs O(extra) beside the k-d tree query). */
const MAX_EXTRA = 2_048;

function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full =
    h.length === 3 || h.length === 4
      ? h
          .slice(0, 3)
          .split('')
          .map((c) => c + c)
          .join('')
      : h.slice(0, 6);
  const n = parseInt(full, 16);
  if (!Number.isFinite(n)) return 0;
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
}

/** White or near-black, whichever reads better on the fill. */
export function contrastText(fill: string): string {
  return luminance(fill) > 0.45 ? '#1d2330' : '#ffffff';
}

const FONT = '600 11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const TEXT_FONT = '600 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** A drawing buffer and the camera it was drawn for. */
interface Surface {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  ctx: Ctx2D;
  at: ViewTransform | null;
  size: Size | null;
  /** Its pixels were handed to the screen, leaving it transparent (off-screen drawing only). */
  emptied: boolean;
  /** The dots of a crowded view, drawn by hand (see dot-raster.ts); made on the first such view. */
  pixels: PixelBuffer | null;
}

export interface MarkerCanvasOptions {
  /** Draw off screen and show finished images (default: when the browser can). False: draw on the visible canvas. */
  offscreen?: boolean;
}

/** Sizes a canvas's pixel buffer (a resize clears it and resets its context, so only when it differs). */
function fit(c: HTMLCanvasElement | OffscreenCanvas, width: number, height: number): void {
  if (c.width !== width) c.width = width;
  if (c.height !== height) c.height = height;
}

/** Replaces a buffer's pixels with an image of the same size. */
function copyInto(ctx: Ctx2D, from: CanvasImageSource): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = 'copy';
  ctx.drawImage(from, 0, 0);
  ctx.restore();
}

/** What one draw stamps, in order: clusters, or marker positions sorted top to bottom. */
type Plan =
  { clusters: ClusterItem[]; order: null; dots: false } | { clusters: null; order: Uint32Array; dots: boolean };

/**
 * Unhurried redraws (when the camera rests, catch-ups mid-gesture) of more than this many markers
 * are spread over several tasks: at a 4x CPU slowdown (a mid-range phone) 500 markers already cost
 * a frame's worth of work.
 */
const SLICE_ABOVE = 500;
/** Work per slice in ms, leaving the rest of the frame to input and animation. */
const SLICE_MS = 6;
/** Rows of dots put onto the canvas at a time (putImageData of a whole view is a frame's work on a slow phone). */
const PUT_ROWS = 128;

export class MarkerCanvas {
  /** The canvas on screen. */
  private readonly el: HTMLCanvasElement;
  /** Its context when drawings are made off screen and shown as finished images. */
  private readonly shown: ImageBitmapRenderingContext | null = null;
  /**
   * The buffer holding (or about to hold) the drawing on screen, and the one large redraws are drawn
   * on before they are shown. Without off-screen drawing, `fg` is the visible canvas itself.
   */
  private fg: Surface;
  private bg: Surface;
  /** Measures text (the labels of text markers): the context of one of the drawing buffers, which always exists. */
  private readonly ctx: Ctx2D;
  private job = 0;
  private lastT: ViewTransform | null = null;
  private readonly channel = new MessageChannel();
  private sliceStep: (() => void) | null = null;
  private readonly sprites = new Map<string, Sprite>();
  /** Dots' pixels by colour, for drawing them by hand (at the current pixel ratio, like the sprites). */
  private readonly dotStamps = new Map<string, DotStamp>();
  private readonly images = new Map<string, HTMLImageElement | 'error'>();
  private readonly textWidths = new Map<number, number>();
  private markers: LayerMarkers | null = null;
  private locations: readonly ResolvedLocation[] = [];
  private clusterer: GridClusterer | null = null;
  private drawnClusters: ClusterItem[] | null = null;
  private dpr = 1;
  private order = new Uint32Array(0);
  /**
   * Marker positions and locations by slot. Slots below `markers.count` are the k-d tree's; edits
   * (patch) retire slots and append new ones after them, up to MAX_EXTRA, scanned linearly.
   */
  private xs: Float64Array = new Float64Array(0);
  private ys: Float64Array = new Float64Array(0);
  private loc: Uint32Array = new Uint32Array(0);
  private extra = 0;
  /** Retired slots (their location moved, changed or stopped showing); null until the first patch. */
  private dead: Uint8Array | null = null;
  /** The live slot of each location; built on the first patch. */
  private slotOf: Map<number, number> | null = null;
  /** Sprite of each location, so a redraw does no string keying per marker. */
  private spriteCache: (Sprite | undefined)[] = [];
  /** True when the last draw showed markers as dots (hit testing and rings follow). */
  private dots = false;
  private maxText = 0;
  /** Largest marker scale on the layer: how far beyond its anchor a marker can reach. */
  private maxScale = 1;
  /** Called when a thumbnail image finished loading and the canvas should be redrawn. */
  onAssetLoad: (() => void) | null = null;

  constructor(
    host: HTMLElement,
    private readonly image: Size,
    private clusterColor: string,
    options: MarkerCanvasOptions = {},
  ) {
    const el = document.createElement('canvas');
    el.className = 'mn-marker-canvas';
    el.setAttribute('aria-hidden', 'true');
    host.append(el);
    this.el = el;
    const surface = (canvas: HTMLCanvasElement | OffscreenCanvas): Surface | null => {
      const ctx = canvas.getContext('2d') as Ctx2D | null;
      return ctx ? { canvas, ctx, at: null, size: null, emptied: false, pixels: null } : null;
    };
    let fg: Surface | null = null;
    let bg: Surface | null = null;
    if (
      options.offscreen !== false &&
      typeof OffscreenCanvas === 'function' &&
      'transferToImageBitmap' in OffscreenCanvas.prototype
    ) {
      fg = surface(new OffscreenCanvas(1, 1));
      bg = surface(new OffscreenCanvas(1, 1));
      this.shown = fg && bg ? el.getContext('bitmaprenderer') : null;
    }
    if (!this.shown) {
      fg = surface(el);
      bg = surface(document.createElement('canvas'));
    }
    if (!fg || !bg) throw new Error('Canvas 2D is not available.');
    this.fg = fg;
    this.bg = bg;
    this.ctx = fg.ctx;
    this.channel.port1.onmessage = () => this.sliceStep?.();
  }

  /** The canvas on screen. */
  get canvas(): HTMLCanvasElement {
    return this.el;
  }

  /** True when drawings are made off screen and the visible canvas shows finished images. */
  get drawsOffscreen(): boolean {
    return this.shown !== null;
  }

  destroy(): void {
    this.job++;
    this.sliceStep = null;
    this.channel.port1.close();
    this.el.remove();
    this.shown?.transferFromImageBitmap(null);
    // Off-screen buffers hold a full view's pixels each; let them go now rather than at collection.
    for (const sf of [this.fg, this.bg]) fit(sf.canvas, 0, 0);
    this.sprites.clear();
    this.onAssetLoad = null;
  }

  setClusterColor(color: string): void {
    this.clusterColor = color;
    this.spriteCache = [];
    for (const key of [...this.sprites.keys()]) if (key.startsWith('c|')) this.sprites.delete(key);
  }

  /** Replaces the markers (layer switch, filter change). */
  setMarkers(markers: LayerMarkers | null, locations: readonly ResolvedLocation[]): void {
    // A sliced redraw of the old markers must not finish onto the new ones.
    this.job++;
    this.sliceStep = null;
    this.markers = markers;
    if (locations !== this.locations) this.spriteCache = [];
    this.locations = locations;
    this.clusterer =
      markers && markers.count > CLUSTER_ABOVE ? new GridClusterer(markers.xs, markers.ys, this.image) : null;
    this.fg.at = null;
    if (this.order.length < (markers?.count ?? 0)) this.order = new Uint32Array(markers!.count);
    this.xs = markers?.xs ?? new Float64Array(0);
    this.ys = markers?.ys ?? new Float64Array(0);
    this.loc = markers?.loc ?? new Uint32Array(0);
    this.extra = 0;
    this.dead = null;
    this.slotOf = null;
    this.maxText = 0;
    this.maxScale = 1;
    if (markers) for (let i = 0; i < markers.count; i++) this.reach(locations[markers.loc[i]!]!);
  }

  /** How many markers or clusters the last draw stamped (a measure of what a redraw costs). */
  drawnCount = 0;

  /** True when the canvas no longer covers the view well enough to wait for the camera to rest. */
  needsRedraw(t: ViewTransform, viewport: Size): boolean {
    const { at, size } = this.fg;
    if (!at || !size || size.width !== viewport.width || size.height !== viewport.height) return true;
    const ratio = t.scale / at.scale;
    if (ratio > 1.8 || ratio < 0.55) return true;
    const drawn = inflateRect(screenRectToImageRect(size, at), MARGIN / at.scale);
    const view = screenRectToImageRect(viewport, t);
    const w = view.maxX - view.minX;
    const h = view.maxY - view.minY;
    const ix = Math.max(0, Math.min(drawn.maxX, view.maxX) - Math.max(drawn.minX, view.minX));
    const iy = Math.max(0, Math.min(drawn.maxY, view.maxY) - Math.max(drawn.minY, view.minY));
    return (ix * iy) / (w * h) < 0.7;
  }

  /** Moves the drawn canvas with the camera, without redrawing. */
  follow(t: ViewTransform): void {
    this.lastT = t;
    this.position(t);
  }

  /** Places the visible canvas for camera t, relative to the camera its drawing was made at. */
  private position(t: ViewTransform): void {
    const at = this.fg.at;
    if (!at) return;
    const k = t.scale / at.scale;
    // The canvas origin sits at screen (-MARGIN, -MARGIN) of the drawn transform; map it through the change.
    const ox = (-MARGIN - at.x) * k + t.x;
    const oy = (-MARGIN - at.y) * k + t.y;
    this.el.style.transform = `translate(${ox}px,${oy}px) scale(${k})`;
  }

  /**
   * Puts a finished drawing on screen: `from` is the visible drawing's buffer (after a draw or a
   * repaint of parts of it), or the back buffer a sliced redraw finished on, which becomes the
   * visible drawing.
   */
  private show(from: Surface): void {
    const { width, height } = from.canvas;
    if (this.shown) {
      // No pixels are copied: the image moves from the buffer to the screen.
      const image = (from.canvas as OffscreenCanvas).transferToImageBitmap();
      fit(this.el, width, height);
      this.shown.transferFromImageBitmap(image);
      from.emptied = true;
      // The buffer gets a copy back from the screen only when an edit repaints part of the drawing.
      if (from !== this.fg) [this.fg, this.bg] = [from, this.fg];
    } else if (from !== this.fg) {
      // The finished drawing is copied onto the visible canvas in one blit, rather than two
      // canvases trading places: showing and hiding them changes the compositor's layers, which
      // costs more than the copy on a slow phone.
      const fg = this.fg;
      fit(fg.canvas, width, height);
      copyInto(fg.ctx, from.canvas);
      fg.ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      fg.at = from.at;
      fg.size = from.size;
      [fg.pixels, from.pixels] = [from.pixels, fg.pixels];
    }
    const cssWidth = `${width / this.dpr}px`;
    const cssHeight = `${height / this.dpr}px`;
    if (this.el.style.width !== cssWidth) this.el.style.width = cssWidth;
    if (this.el.style.height !== cssHeight) this.el.style.height = cssHeight;
    if (this.lastT) this.position(this.lastT);
  }

  /**
   * Redraws every marker in view at transform t. Small redraws (and `sync` ones, such as the first)
   * happen at once; large ones are drawn in slices onto the hidden canvas, which replaces the
   * visible one when complete, so the camera stays smooth and nothing flickers meanwhile.
   */
  draw(t: ViewTransform, viewport: Size, sync = true): void {
    this.job++;
    this.sliceStep = null;
    this.lastT = t;
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    if (dpr !== this.dpr) {
      this.dpr = dpr;
      this.sprites.clear();
      this.dotStamps.clear();
      this.spriteCache = [];
    }
    if (sync) {
      this.drawNow(this.plan(t, viewport), t, viewport);
      return;
    }
    // Unhurried: even the plan (a k-d tree query and a sort, tens of ms for 10,000 markers on a slow
    // phone) waits for the first slice, outside the frame that asked for the redraw.
    const job = this.job;
    const back = this.bg;
    let plan: Plan | null = null;
    let count = 0;
    let k = 0;
    /** Dots: rows of the pixel buffer put onto the canvas so far (in strips, after all are drawn). */
    let row = -1;
    this.sliceStep = () => {
      if (job !== this.job) return;
      const until = performance.now() + SLICE_MS;
      if (!plan) {
        plan = this.plan(t, viewport);
        count = plan.clusters ? plan.clusters.length : plan.order.length;
        if (count <= SLICE_ABOVE) {
          this.sliceStep = null;
          this.drawNow(plan, t, viewport);
          this.afterSwap?.();
          return;
        }
        this.prepare(back, t, viewport);
      } else if (plan.dots) {
        const px = this.pixelsOf(back);
        if (row < 0) {
          px.clear();
          row = 0;
        }
        while (k < count && performance.now() < until) {
          const end = Math.min(count, k + 64);
          this.stampDots(px, plan.order, t, k, end, px.all);
          k = end;
        }
        while (k >= count && row < px.height && performance.now() < until) {
          const rows = Math.min(PUT_ROWS, px.height - row);
          back.ctx.putImageData(px.imageData, 0, 0, 0, row, px.width, rows);
          row += rows;
        }
        if (row >= px.height) return this.finishSliced(back, plan, count);
      } else {
        while (k < count && performance.now() < until) {
          const end = Math.min(count, k + 128);
          this.stampRange(back.ctx, plan, t, k, end);
          k = end;
        }
        if (k >= count) return this.finishSliced(back, plan, count);
      }
      this.channel.port2.postMessage(0);
    };
    this.channel.port2.postMessage(0);
  }

  /** Draws a plan at once on the visible drawing. */
  private drawNow(plan: Plan, t: ViewTransform, viewport: Size): void {
    const sf = this.fg;
    const count = plan.clusters ? plan.clusters.length : plan.order.length;
    this.prepare(sf, t, viewport);
    if (plan.dots) {
      const px = this.pixelsOf(sf);
      px.clear();
      this.stampDots(px, plan.order, t, 0, count, px.all);
      sf.ctx.putImageData(px.imageData, 0, 0);
    } else this.stampRange(sf.ctx, plan, t, 0, count);
    this.commit(plan, count);
    this.show(sf);
  }

  /** A sliced redraw is complete: it is shown. */
  private finishSliced(back: Surface, plan: Plan, count: number): void {
    this.sliceStep = null;
    this.show(back);
    this.commit(plan, count);
    this.afterSwap?.();
  }

  /** Called after an unhurried redraw reached the visible canvas. */
  afterSwap: (() => void) | null = null;

  /** Empties a buffer sized for the viewport and the margin around it, to draw at camera t. */
  private prepare(sf: Surface, t: ViewTransform, viewport: Size): void {
    const dpr = this.dpr;
    const c = sf.canvas;
    fit(
      c,
      Math.round(Math.ceil(viewport.width + 2 * MARGIN) * dpr),
      Math.round(Math.ceil(viewport.height + 2 * MARGIN) * dpr),
    );
    sf.ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (!sf.emptied) sf.ctx.clearRect(0, 0, c.width, c.height);
    sf.emptied = false;
    sf.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    sf.at = t;
    sf.size = viewport;
  }

  private commit(plan: Plan, count: number): void {
    this.drawnClusters = plan.clusters;
    this.dots = plan.dots;
    this.drawnCount = count;
  }

  /** Decides what a draw at t shows: the markers in view (k-d tree query), or clusters when crowded. */
  private plan(t: ViewTransform, viewport: Size): Plan {
    const m = this.markers;
    if (!m || m.count + this.extra === 0) return { clusters: null, order: new Uint32Array(0), dots: false };
    const ext = this.extent;
    const view: Rect = inflateRect(screenRectToImageRect(viewport, t), (MARGIN + ext) / t.scale);
    const { base, order } = this.slotsIn(view);
    const n = order.length;
    if (this.clusterer && n > CLUSTER_ABOVE) {
      const items = this.clusterer.query(view, t.scale);
      items.sort((a, b) => a.y - b.y);
      return { clusters: items, order: null, dots: false };
    }
    return { clusters: null, order: this.inDrawOrder(order, base), dots: n > DOTS_ABOVE };
  }

  /** Live slots with anchors inside an image rectangle: the k-d tree's first (`base` of them), then added ones. */
  private slotsIn(r: Rect): { base: number; order: Uint32Array } {
    const m = this.markers!;
    const cap = m.count + this.extra;
    if (this.order.length < cap) this.order = new Uint32Array(cap);
    const order = this.order;
    const dead = this.dead;
    let n = 0;
    m.index.forEachInRange(r.minX, r.minY, r.maxX, r.maxY, (i) => {
      if (!dead || !dead[i]) order[n++] = i;
    });
    const base = n;
    const { xs, ys } = this;
    for (let s = m.count; s < cap; s++) {
      const x = xs[s]!;
      const y = ys[s]!;
      if (!dead![s] && x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY) order[n++] = s;
    }
    return { base, order: order.slice(0, n) };
  }

  /** Draw order (top to bottom, then location order): one slot compared with another. */
  private readonly before = (a: number, b: number): number => this.ys[a]! - this.ys[b]! || this.loc[a]! - this.loc[b]!;

  /**
   * Sorts slots into draw order. The k-d tree's slots are numbered in that order already, so a numeric
   * sort does; slots added by patches are sorted by position and merged in.
   */
  private inDrawOrder(slots: Uint32Array, base: number): Uint32Array {
    const head = slots.subarray(0, base).sort();
    if (base === slots.length) return slots;
    const tail = Array.from(slots.subarray(base)).sort(this.before);
    const out = new Uint32Array(slots.length);
    let i = 0;
    let j = 0;
    for (let k = 0; k < out.length; k++)
      out[k] = j >= tail.length || (i < head.length && this.before(head[i]!, tail[j]!) < 0) ? head[i++]! : tail[j++]!;
    return out;
  }

  /**
   * Applies edits to a few locations without a full redraw: each one's old marker is retired, its
   * new one (if it shows) is added, and only the canvas areas the two cover are repainted, with
   * every marker touching them drawn again in order inside a clip. Indices of other locations must
   * be unchanged. Returns false when a patch cannot do (nothing drawn yet, clusters, a sliced redraw
   * under way, too many edits since the markers were built): the caller replaces the markers.
   */
  patch(changes: readonly MarkerChange[], locations: readonly ResolvedLocation[]): boolean {
    const m = this.markers;
    const sf = this.fg;
    if (!m || this.clusterer || this.drawnClusters || this.sliceStep || !sf.at || !sf.size) return false;
    if (sf.emptied) {
      // The drawing was handed to the screen: take a copy back to repaint parts of it.
      fit(sf.canvas, this.el.width, this.el.height);
      copyInto(sf.ctx, this.el);
      sf.ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      sf.emptied = false;
    }
    const adding = changes.reduce((k, c) => k + (c.at ? 1 : 0), 0);
    if (this.extra + adding > MAX_EXTRA) return false;
    this.reserve(m.count + this.extra + adding);
    const slotOf = this.liveSlots();
    const dead = this.dead!;
    const dirty: { x: number; y: number; w: number; h: number }[] = [];
    for (const c of changes) {
      const s = slotOf.get(c.loc);
      if (s === undefined) continue;
      dirty.push(this.slotRect(s));
      dead[s] = 1;
      slotOf.delete(c.loc);
      this.drawnCount--;
    }
    // From here on the changed locations are read from the new list, with their sprites made afresh.
    this.locations = locations;
    for (const c of changes) {
      this.spriteCache[c.loc] = undefined;
      this.textWidths.delete(c.loc);
    }
    for (const c of changes) {
      if (!c.at || slotOf.has(c.loc)) continue;
      const s = m.count + this.extra++;
      this.xs[s] = c.at.x;
      this.ys[s] = c.at.y;
      this.loc[s] = c.loc;
      dead[s] = 0;
      slotOf.set(c.loc, s);
      this.reach(locations[c.loc]!);
      dirty.push(this.slotRect(s));
      this.drawnCount++;
    }
    for (const r of dirty) this.repaint(r);
    if (dirty.length) this.show(sf);
    return true;
  }

  /** Widens the reach markers are culled with to cover one more marker. */
  private reach(l: ResolvedLocation): void {
    if (l.scale > this.maxScale) this.maxScale = l.scale;
    if (l.kind === 'text') this.maxText = Math.max(this.maxText, this.textWidth(l));
  }

  /** How far (screen pixels) the farthest-reaching marker's sprite extends from its anchor. */
  private get extent(): number {
    // Sprites add 4 px of padding (for the shadow) around the marker's box.
    return maxMarkerExtent(this.maxScale, this.maxText) + 5;
  }

  /** Grows the slot arrays (copied on first growth: the built set's arrays are exactly full). */
  private reserve(slots: number): void {
    if (this.xs.length >= slots && this.dead) return;
    const cap = Math.max(
      slots,
      this.markers!.count + 256,
      Math.min(this.markers!.count + MAX_EXTRA, this.xs.length * 2),
    );
    const grow = <T extends Float64Array | Uint32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      if (a.length >= cap) return a;
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.xs = grow(this.xs, (n) => new Float64Array(n));
    this.ys = grow(this.ys, (n) => new Float64Array(n));
    this.loc = grow(this.loc, (n) => new Uint32Array(n));
    this.dead = grow(this.dead ?? new Uint8Array(0), (n) => new Uint8Array(n));
  }

  private liveSlots(): Map<number, number> {
    if (this.slotOf) return this.slotOf;
    const map = new Map<number, number>();
    const end = this.markers!.count + this.extra;
    for (let s = 0; s < end; s++) if (!this.dead?.[s]) map.set(this.loc[s]!, s);
    this.slotOf = map;
    return map;
  }

  /** The sprite a slot is drawn with now. */
  private drawnSprite(s: number): Sprite {
    const li = this.loc[s]!;
    const l = this.locations[li]!;
    if (this.dots) return this.dotSprite(l.fill);
    return (this.spriteCache[li] ??= this.spriteFor(l));
  }

  /** Where a slot's sprite lies on the visible canvas, in CSS pixels. */
  private slotRect(s: number): { x: number; y: number; w: number; h: number } {
    const t = this.fg.at!;
    const sp = this.drawnSprite(s);
    return {
      x: Math.round(this.xs[s]! * t.scale + t.x + MARGIN) - sp.ax,
      y: Math.round(this.ys[s]! * t.scale + t.y + MARGIN) - sp.ay,
      w: sp.w,
      h: sp.h,
    };
  }

  /** Redraws one area of the visible canvas: cleared, then every marker touching it stamped in order, clipped. */
  private repaint(r: { x: number; y: number; w: number; h: number }): void {
    const sf = this.fg;
    const t = sf.at!;
    const cw = sf.canvas.width / this.dpr;
    const ch = sf.canvas.height / this.dpr;
    const x0 = Math.max(0, Math.floor(r.x) - 1);
    const y0 = Math.max(0, Math.floor(r.y) - 1);
    const x1 = Math.min(cw, Math.ceil(r.x + r.w) + 1);
    const y1 = Math.min(ch, Math.ceil(r.y + r.h) + 1);
    if (x1 <= x0 || y1 <= y0) return;
    // Any marker whose anchor lies farther than its largest extent from the area cannot touch it.
    const ext = this.extent + 1;
    const ox = t.x + MARGIN;
    const oy = t.y + MARGIN;
    const { base, order } = this.slotsIn({
      minX: (x0 - ext - ox) / t.scale,
      minY: (y0 - ext - oy) / t.scale,
      maxX: (x1 + ext - ox) / t.scale,
      maxY: (y1 + ext - oy) / t.scale,
    });
    if (this.dots) {
      const px = this.pixelsOf(sf);
      const dpr = this.dpr;
      const clip = {
        x0: Math.floor(x0 * dpr),
        y0: Math.floor(y0 * dpr),
        x1: Math.ceil(x1 * dpr),
        y1: Math.ceil(y1 * dpr),
      };
      px.clear(clip);
      const slots = this.inDrawOrder(order, base);
      this.stampDots(px, slots, t, 0, slots.length, clip);
      sf.ctx.putImageData(px.imageData, 0, 0, clip.x0, clip.y0, clip.x1 - clip.x0, clip.y1 - clip.y0);
      return;
    }
    const ctx = sf.ctx;
    ctx.save();
    ctx.beginPath();
    ctx.rect(x0, y0, x1 - x0, y1 - y0);
    ctx.clip();
    ctx.clearRect(x0, y0, x1 - x0, y1 - y0);
    const slots = this.inDrawOrder(order, base);
    this.stampRange(ctx, { clusters: null, order: slots, dots: false }, t, 0, slots.length);
    ctx.restore();
  }

  /** The surface's pixel buffer for dots, the size of its canvas (its contents are whatever was drawn last). */
  private pixelsOf(sf: Surface): PixelBuffer {
    const { width, height } = sf.canvas;
    if (!sf.pixels || sf.pixels.width !== width || sf.pixels.height !== height)
      sf.pixels = new PixelBuffer(width, height);
    return sf.pixels;
  }

  /** Draws slots order[from..to) as dots into a pixel buffer, inside `clip`. */
  private stampDots(
    px: PixelBuffer,
    order: Uint32Array,
    t: ViewTransform,
    from: number,
    to: number,
    clip: PixelRect,
  ): void {
    const dpr = this.dpr;
    const ox = t.x + MARGIN;
    const oy = t.y + MARGIN;
    const { xs, ys, loc } = this;
    let fill = '';
    let stamp: DotStamp | null = null;
    for (let k = from; k < to; k++) {
      const i = order[k]!;
      const l = this.locations[loc[i]!]!;
      if (l.fill !== fill || !stamp) {
        fill = l.fill;
        stamp = this.dotStampFor(fill);
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

  /** A dot's pixels, read once per colour from its sprite. */
  private dotStampFor(fill: string): DotStamp {
    let s = this.dotStamps.get(fill);
    if (!s) {
      const sprite = this.dotSprite(fill);
      const c = sprite.canvas;
      s = dotStamp(
        c.getContext('2d')!.getImageData(0, 0, c.width, c.height),
        Math.round(sprite.ax * this.dpr),
        Math.round(sprite.ay * this.dpr),
      );
      this.dotStamps.set(fill, s);
    }
    return s;
  }

  /** Stamps the sprites of plan items [from, to) (clusters or full markers; dots go through stampDots). */
  private stampRange(ctx: Ctx2D, plan: Plan, t: ViewTransform, from: number, to: number): void {
    const m = this.markers;
    if (!m) return;
    const ox = t.x + MARGIN;
    const oy = t.y + MARGIN;
    if (plan.clusters) {
      for (let k = from; k < to; k++) {
        const it = plan.clusters[k]!;
        const s = it.count === 1 ? this.spriteFor(this.locations[m.loc[it.index]!]!) : this.clusterSprite(it.count);
        ctx.drawImage(
          s.canvas,
          Math.round(it.x * t.scale + ox) - s.ax,
          Math.round(it.y * t.scale + oy) - s.ay,
          s.w,
          s.h,
        );
      }
      return;
    }
    const { xs, ys, loc } = this;
    const cache = this.spriteCache;
    const order = plan.order;
    for (let k = from; k < to; k++) {
      const i = order[k]!;
      const li = loc[i]!;
      const sprite = (cache[li] ??= this.spriteFor(this.locations[li]!));
      ctx.drawImage(
        sprite.canvas,
        Math.round(xs[i]! * t.scale + ox) - sprite.ax,
        Math.round(ys[i]! * t.scale + oy) - sprite.ay,
        sprite.w,
        sprite.h,
      );
    }
  }

  /**
   * The marker or cluster under a screen point, the topmost one when several overlap. Only markers
   * that open something count, unless `all` (the editor selects any marker).
   */
  hitTest(p: ScreenPoint, t: ViewTransform, all = false): MarkerHit | null {
    const m = this.markers;
    if (!m || m.count + this.extra === 0) return null;
    if (this.drawnClusters) {
      for (let k = this.drawnClusters.length - 1; k >= 0; k--) {
        const it = this.drawnClusters[k]!;
        const sx = it.x * t.scale + t.x;
        const sy = it.y * t.scale + t.y;
        if (it.count > 1) {
          const r = this.clusterRadius(it.count) + 4;
          if ((p.x - sx) ** 2 + (p.y - sy) ** 2 <= r * r) return { type: 'cluster', item: it };
        } else {
          const l = this.locations[m.loc[it.index]!]!;
          if ((all || l.clickable) && hitsMarker(l.kind, l.scale, p.x - sx, p.y - sy, this.textWidth(l)))
            return { type: 'marker', loc: l.index };
        }
      }
      return null;
    }
    const ext = this.extent;
    const ip = screenToImage(p, t);
    const r = ext / t.scale;
    let best = -1;
    const { order } = this.slotsIn({ minX: ip.x - r, minY: ip.y - r, maxX: ip.x + r, maxY: ip.y + r });
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      // Candidates arrive in no particular order: each is compared with the best so far.
      if (best >= 0 && this.before(i, best) < 0) continue;
      const l = this.locations[this.loc[i]!]!;
      if (!all && !l.clickable) continue;
      const sx = this.xs[i]! * t.scale + t.x;
      const sy = this.ys[i]! * t.scale + t.y;
      if (hitsMarker(this.drawnKind(l), this.dots ? 1 : l.scale, p.x - sx, p.y - sy, this.textWidth(l))) best = i;
    }
    return best < 0 ? null : { type: 'marker', loc: this.loc[best]! };
  }

  /** The marker's box on screen relative to its anchor (for rings, tooltips and popups). */
  boxOf(l: ResolvedLocation): { left: number; top: number; right: number; bottom: number } {
    return this.dots ? markerBox('dot', 1) : markerBox(l.kind, l.scale, this.textWidth(l));
  }

  textWidth(l: ResolvedLocation): number {
    if (l.kind !== 'text') return 0;
    let w = this.textWidths.get(l.index);
    if (w === undefined) {
      this.ctx.font = TEXT_FONT;
      w = this.ctx.measureText(l.title || l.label || l.id).width;
      this.textWidths.set(l.index, w);
    }
    return w;
  }

  private clusterRadius(count: number): number {
    return count < 10 ? 15 : count < 100 ? 18 : count < 1000 ? 22 : 26;
  }

  private newSprite(
    w: number,
    h: number,
    ax: number,
    ay: number,
    paint: (ctx: CanvasRenderingContext2D) => void,
  ): Sprite {
    const canvas = document.createElement('canvas');
    const dpr = this.dpr;
    canvas.width = Math.ceil(w * dpr);
    canvas.height = Math.ceil(h * dpr);
    const ctx = canvas.getContext('2d')!;
    ctx.scale(dpr, dpr);
    ctx.translate(ax, ay);
    paint(ctx);
    return { canvas, ax, ay, w: canvas.width / dpr, h: canvas.height / dpr };
  }

  private clusterSprite(count: number): Sprite {
    const text =
      count >= 10_000
        ? `${Math.round(count / 1000)}k`
        : count >= 1000
          ? `${(count / 1000).toFixed(1)}k`
          : String(count);
    const key = `c|${text}`;
    let s = this.sprites.get(key);
    if (s) return s;
    const r = this.clusterRadius(count);
    const pad = 6;
    s = this.newSprite(2 * (r + pad), 2 * (r + pad), r + pad, r + pad, (ctx) => {
      ctx.beginPath();
      ctx.arc(0, 0, r + 4, 0, Math.PI * 2);
      ctx.fillStyle = this.clusterColor;
      ctx.globalAlpha = 0.25;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.beginPath();
      ctx.arc(0, 0, r, 0, Math.PI * 2);
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#ffffff';
      ctx.stroke();
      ctx.fillStyle = contrastText(this.clusterColor);
      ctx.font = FONT.replace('11px', count >= 1000 ? '11px' : '12px');
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(text, 0, 0.5);
    });
    this.sprites.set(key, s);
    return s;
  }

  private thumbImage(url: string): HTMLImageElement | null {
    const got = this.images.get(url);
    if (got === 'error') return null;
    if (got) return got.complete && got.naturalWidth > 0 ? got : null;
    const img = new Image();
    img.decoding = 'async';
    img.referrerPolicy = 'no-referrer';
    img.onload = () => {
      for (const key of [...this.sprites.keys()]) if (key.includes(url)) this.sprites.delete(key);
      this.spriteCache = [];
      this.onAssetLoad?.();
    };
    img.onerror = () => this.images.set(url, 'error');
    img.src = url;
    this.images.set(url, img);
    return null;
  }

  private dotSprite(fill: string): Sprite {
    const key = `d|${fill}`;
    let s = this.sprites.get(key);
    if (!s) {
      s = this.newSprite(14, 14, 7, 7, (ctx) => {
        ctx.beginPath();
        ctx.arc(0, 0, 5, 0, Math.PI * 2);
        ctx.fillStyle = fill;
        ctx.fill();
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = '#ffffff';
        ctx.stroke();
      });
      this.sprites.set(key, s);
    }
    return s;
  }

  /** How a location's marker is drawn right now: as itself, or as a dot on a crowded map. */
  private drawnKind(l: ResolvedLocation): MarkerKind {
    return this.dots ? 'dot' : l.kind;
  }

  /** The sprite of a location's marker, created on first use. */
  spriteFor(l: ResolvedLocation): Sprite {
    const thumb = l.kind === 'thumb' ? (l.source.thumb ?? '') : '';
    const text = l.kind === 'text' ? l.title || l.label || l.id : '';
    const key = `${l.kind}|${l.fill}|${l.stroke ?? ''}|${l.textColor ?? ''}|${l.scale}|${l.label}|${thumb}|${text}`;
    let s = this.sprites.get(key);
    if (s) return s;
    s = this.paintMarker(l.kind, l.fill, l.stroke, l.textColor ?? contrastText(l.fill), l.scale, l.label, thumb, text);
    this.sprites.set(key, s);
    return s;
  }

  private paintMarker(
    kind: MarkerKind,
    fill: string,
    stroke: string | null,
    textColor: string,
    scale: number,
    label: string,
    thumb: string,
    text: string,
  ): Sprite {
    const s = scale > 0 ? scale : 1;
    const pad = 4;
    const box = markerBox(kind, s, kind === 'text' ? this.measure(text) : 0);
    const w = box.right - box.left + 2 * pad;
    const h = box.bottom - box.top + 2 * pad;
    const ax = -box.left + pad;
    const ay = -box.top + pad;
    const edge = stroke ?? '#ffffff';
    const drawLabel = (ctx: CanvasRenderingContext2D, cx: number, cy: number, size: number): void => {
      if (!label) return;
      ctx.fillStyle = textColor;
      ctx.font = FONT.replace('11px', `${Math.round(size)}px`);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(label, cx, cy + 0.5);
    };
    return this.newSprite(w, h, ax, ay, (ctx) => {
      ctx.shadowColor = 'rgba(16, 24, 40, 0.28)';
      ctx.shadowBlur = 3;
      ctx.shadowOffsetY = 1;
      ctx.fillStyle = fill;
      ctx.strokeStyle = edge;
      switch (kind) {
        case 'hidden':
          return;
        case 'circle':
        case 'dot': {
          const r = (MARKER_SIZE[kind] * s) / 2;
          ctx.beginPath();
          ctx.arc(0, 0, r - 1, 0, Math.PI * 2);
          ctx.fill();
          ctx.shadowColor = 'transparent';
          ctx.lineWidth = kind === 'dot' ? 1.5 : 2;
          ctx.stroke();
          if (kind === 'circle') drawLabel(ctx, 0, 0, 10 * s);
          return;
        }
        case 'square':
        case 'rounded': {
          const d = MARKER_SIZE[kind] * s - 2;
          ctx.beginPath();
          ctx.roundRect(-d / 2, -d / 2, d, d, kind === 'rounded' ? 6 * s : 2 * s);
          ctx.fill();
          ctx.shadowColor = 'transparent';
          ctx.lineWidth = 2;
          ctx.stroke();
          drawLabel(ctx, 0, 0, 10 * s);
          return;
        }
        case 'pin': {
          const head = pinHeadCentre(s);
          const r = head.r - 1;
          const cy = head.y;
          ctx.beginPath();
          ctx.moveTo(0, -1);
          ctx.bezierCurveTo(-r * 0.3, cy + r * 1.15, -r, cy + r * 0.62, -r, cy);
          ctx.arc(0, cy, r, Math.PI, 0);
          ctx.bezierCurveTo(r, cy + r * 0.62, r * 0.3, cy + r * 1.15, 0, -1);
          ctx.closePath();
          ctx.fill();
          ctx.shadowColor = 'transparent';
          ctx.lineWidth = 1.5;
          ctx.stroke();
          if (label) drawLabel(ctx, 0, cy, 11 * s);
          else {
            ctx.beginPath();
            ctx.arc(0, cy, r * 0.36, 0, Math.PI * 2);
            ctx.fillStyle = edge;
            ctx.fill();
          }
          return;
        }
        case 'thumb': {
          const r = (MARKER_SIZE.thumb * s) / 2 - 1.5;
          ctx.beginPath();
          ctx.arc(0, 0, r, 0, Math.PI * 2);
          ctx.fill();
          ctx.shadowColor = 'transparent';
          const img = thumb && thumb.length > 3 ? this.thumbImage(thumb) : null;
          if (img) {
            ctx.save();
            ctx.clip();
            const k = Math.max((2 * r) / img.naturalWidth, (2 * r) / img.naturalHeight);
            ctx.drawImage(
              img,
              (-img.naturalWidth * k) / 2,
              (-img.naturalHeight * k) / 2,
              img.naturalWidth * k,
              img.naturalHeight * k,
            );
            ctx.restore();
          } else if (thumb && thumb.length <= 3) {
            ctx.fillStyle = textColor;
            ctx.font = FONT.replace('11px', `${Math.round(13 * s)}px`);
            ctx.textAlign = 'center';
            ctx.textBaseline = 'middle';
            ctx.fillText(thumb, 0, 0.5);
          }
          ctx.lineWidth = 2.5;
          ctx.beginPath();
          ctx.arc(0, 0, r, 0, Math.PI * 2);
          ctx.stroke();
          return;
        }
        case 'text': {
          const bw = box.right - box.left;
          const bh = box.bottom - box.top;
          ctx.beginPath();
          ctx.roundRect(box.left, box.top, bw, bh, bh / 2);
          ctx.fill();
          ctx.shadowColor = 'transparent';
          ctx.fillStyle = textColor;
          ctx.font = TEXT_FONT.replace('12px', `${Math.round(12 * s)}px`);
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(text, 0, 0.5);
          return;
        }
      }
    });
  }

  private measure(text: string): number {
    this.ctx.font = TEXT_FONT;
    return this.ctx.measureText(text).width;
  }
}
