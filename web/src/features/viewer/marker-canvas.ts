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
 */
import { GridClusterer, type ClusterItem } from '../../map-core/cluster';
import type { Rect, ScreenPoint, Size, ViewTransform } from '../../map-core/coords';
import { inflateRect, screenRectToImageRect, screenToImage } from '../../map-core/coords';
import type { MarkerKind } from '../../map-core/marker-geometry';
import { MARKER_SIZE, hitsMarker, markerBox, maxMarkerExtent, pinHeadCentre } from '../../map-core/marker-geometry';
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

function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full = h.length === 3 || h.length === 4 ? h.slice(0, 3).split('').map((c) => c + c).join('') : h.slice(0, 6);
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

/** A canvas and the camera it was drawn for. */
interface Surface {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  at: ViewTransform | null;
  size: Size | null;
}

/** What one draw stamps, in order: clusters, or marker positions sorted top to bottom. */
type Plan = { clusters: ClusterItem[]; order: null; dots: false } | { clusters: null; order: Uint32Array; dots: boolean };

/** Redraws of more than this many markers are spread over several tasks (no long task, no frame drop). */
const SLICE_ABOVE = 2_000;
/** Work per slice in ms, leaving the rest of the frame to input and animation. */
const SLICE_MS = 6;

export class MarkerCanvas {
  /** The visible canvas and the one large redraws are drawn on before they swap. */
  private fg: Surface;
  private bg: Surface;
  private readonly ctx: CanvasRenderingContext2D;
  private job = 0;
  private lastT: ViewTransform | null = null;
  private readonly channel = new MessageChannel();
  private sliceStep: (() => void) | null = null;
  private readonly sprites = new Map<string, Sprite>();
  private readonly images = new Map<string, HTMLImageElement | 'error'>();
  private readonly textWidths = new Map<number, number>();
  private markers: LayerMarkers | null = null;
  private locations: readonly ResolvedLocation[] = [];
  private clusterer: GridClusterer | null = null;
  private drawnClusters: ClusterItem[] | null = null;
  private dpr = 1;
  private order = new Uint32Array(0);
  /** Sprite of each location, so a redraw does no string keying per marker. */
  private spriteCache: (Sprite | undefined)[] = [];
  /** True when the last draw showed markers as dots (hit testing and rings follow). */
  private dots = false;
  private maxText = 0;
  /** Called when a thumbnail image finished loading and the canvas should be redrawn. */
  onAssetLoad: (() => void) | null = null;

  constructor(
    host: HTMLElement,
    private readonly image: Size,
    private clusterColor: string,
  ) {
    const surface = (): Surface => {
      const canvas = document.createElement('canvas');
      canvas.className = 'mn-marker-canvas';
      canvas.setAttribute('aria-hidden', 'true');
      host.append(canvas);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('Canvas 2D is not available.');
      return { canvas, ctx, at: null, size: null };
    };
    this.fg = surface();
    this.bg = surface();
    this.bg.canvas.hidden = true;
    this.ctx = this.fg.ctx;
    this.channel.port1.onmessage = () => this.sliceStep?.();
  }

  /** The canvas on screen. */
  get canvas(): HTMLCanvasElement {
    return this.fg.canvas;
  }

  destroy(): void {
    this.job++;
    this.sliceStep = null;
    this.channel.port1.close();
    this.fg.canvas.remove();
    this.bg.canvas.remove();
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
    this.clusterer = markers && markers.count > CLUSTER_ABOVE ? new GridClusterer(markers.xs, markers.ys, this.image) : null;
    this.fg.at = null;
    if (this.order.length < (markers?.count ?? 0)) this.order = new Uint32Array(markers!.count);
    this.maxText = 0;
    if (markers) {
      for (let i = 0; i < markers.count; i++) {
        const l = locations[markers.loc[i]!]!;
        if (l.kind === 'text') this.maxText = Math.max(this.maxText, this.textWidth(l));
      }
    }
  }

  /** How many markers or clusters the last draw stamped (a measure of what a redraw costs). */
  drawnCount = 0;

  get markerCount(): number {
    return this.markers?.count ?? 0;
  }

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
    this.position(this.fg, t);
  }

  private position(sf: Surface, t: ViewTransform): void {
    const at = sf.at;
    if (!at) return;
    const k = t.scale / at.scale;
    // The canvas origin sits at screen (-MARGIN, -MARGIN) of the drawn transform; map it through the change.
    const ox = (-MARGIN - at.x) * k + t.x;
    const oy = (-MARGIN - at.y) * k + t.y;
    sf.canvas.style.transform = `translate(${ox}px,${oy}px) scale(${k})`;
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
      this.spriteCache = [];
    }
    const plan = this.plan(t, viewport);
    const count = plan.clusters ? plan.clusters.length : plan.order.length;
    if (sync || count <= SLICE_ABOVE) {
      const sf = this.fg;
      this.prepare(sf, t, viewport);
      this.stampRange(sf.ctx, plan, t, 0, count);
      this.commit(plan, count);
      return;
    }
    const back = this.bg;
    this.prepare(back, t, viewport);
    const job = this.job;
    let k = 0;
    this.sliceStep = () => {
      if (job !== this.job) return;
      const until = performance.now() + SLICE_MS;
      while (k < count && performance.now() < until) {
        const end = Math.min(count, k + 128);
        this.stampRange(back.ctx, plan, t, k, end);
        k = end;
      }
      if (k < count) {
        this.channel.port2.postMessage(0);
        return;
      }
      this.sliceStep = null;
      const front = this.fg;
      this.fg = back;
      this.bg = front;
      this.position(back, this.lastT ?? t);
      back.canvas.hidden = false;
      front.canvas.hidden = true;
      this.commit(plan, count);
      this.afterSwap?.();
    };
    this.channel.port2.postMessage(0);
  }

  /** Called after a sliced redraw replaced the visible canvas. */
  afterSwap: (() => void) | null = null;

  private prepare(sf: Surface, t: ViewTransform, viewport: Size): void {
    const dpr = this.dpr;
    const cw = Math.ceil(viewport.width + 2 * MARGIN);
    const ch = Math.ceil(viewport.height + 2 * MARGIN);
    const c = sf.canvas;
    if (c.width !== Math.round(cw * dpr) || c.height !== Math.round(ch * dpr)) {
      c.width = Math.round(cw * dpr);
      c.height = Math.round(ch * dpr);
      c.style.width = `${cw}px`;
      c.style.height = `${ch}px`;
    }
    sf.ctx.setTransform(1, 0, 0, 1, 0, 0);
    sf.ctx.clearRect(0, 0, c.width, c.height);
    sf.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    sf.at = t;
    sf.size = viewport;
    c.style.transform = `translate(${-MARGIN}px,${-MARGIN}px)`;
  }

  private commit(plan: Plan, count: number): void {
    this.drawnClusters = plan.clusters;
    this.dots = plan.dots;
    this.drawnCount = count;
  }

  /** Decides what a draw at t shows: the markers in view (k-d tree query), or clusters when crowded. */
  private plan(t: ViewTransform, viewport: Size): Plan {
    const m = this.markers;
    if (!m || m.count === 0) return { clusters: null, order: new Uint32Array(0), dots: false };
    const ext = maxMarkerExtent(2.5, this.maxText);
    const view: Rect = inflateRect(screenRectToImageRect(viewport, t), (MARGIN + ext) / t.scale);
    let n = 0;
    const order = this.order;
    m.index.forEachInRange(view.minX, view.minY, view.maxX, view.maxY, (i) => {
      order[n++] = i;
    });
    if (this.clusterer && n > CLUSTER_ABOVE) {
      const items = this.clusterer.query(view, t.scale);
      items.sort((a, b) => a.y - b.y);
      return { clusters: items, order: null, dots: false };
    }
    const visible = order.slice(0, n);
    visible.sort();
    return { clusters: null, order: visible, dots: n > DOTS_ABOVE };
  }

  private stampRange(ctx: CanvasRenderingContext2D, plan: Plan, t: ViewTransform, from: number, to: number): void {
    const m = this.markers;
    if (!m) return;
    const ox = t.x + MARGIN;
    const oy = t.y + MARGIN;
    if (plan.clusters) {
      for (let k = from; k < to; k++) {
        const it = plan.clusters[k]!;
        const s = it.count === 1 ? this.spriteFor(this.locations[m.loc[it.index]!]!) : this.clusterSprite(it.count);
        ctx.drawImage(s.canvas, Math.round(it.x * t.scale + ox) - s.ax, Math.round(it.y * t.scale + oy) - s.ay, s.w, s.h);
      }
      return;
    }
    const { xs, ys, loc } = m;
    const { order, dots } = plan;
    const cache = this.spriteCache;
    for (let k = from; k < to; k++) {
      const i = order[k]!;
      const li = loc[i]!;
      let sprite = dots ? undefined : cache[li];
      if (!sprite) {
        const l = this.locations[li]!;
        sprite = dots ? this.dotSprite(l.fill) : (cache[li] = this.spriteFor(l));
      }
      ctx.drawImage(sprite.canvas, Math.round(xs[i]! * t.scale + ox) - sprite.ax, Math.round(ys[i]! * t.scale + oy) - sprite.ay, sprite.w, sprite.h);
    }
  }

  /** The marker or cluster under a screen point, the topmost one when several overlap. */
  hitTest(p: ScreenPoint, t: ViewTransform): MarkerHit | null {
    const m = this.markers;
    if (!m || m.count === 0) return null;
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
          if (l.clickable && hitsMarker(l.kind, l.scale, p.x - sx, p.y - sy, this.textWidth(l))) return { type: 'marker', loc: l.index };
        }
      }
      return null;
    }
    const ext = maxMarkerExtent(2.5, this.maxText) + 6;
    const ip = screenToImage(p, t);
    const r = ext / t.scale;
    let best = -1;
    m.index.forEachInRange(ip.x - r, ip.y - r, ip.x + r, ip.y + r, (i) => {
      if (i <= best) return;
      const l = this.locations[m.loc[i]!]!;
      if (!l.clickable) return;
      const sx = m.xs[i]! * t.scale + t.x;
      const sy = m.ys[i]! * t.scale + t.y;
      if (hitsMarker(this.drawnKind(l), this.dots ? 1 : l.scale, p.x - sx, p.y - sy, this.textWidth(l))) best = i;
    });
    return best < 0 ? null : { type: 'marker', loc: m.loc[best]! };
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

  private newSprite(w: number, h: number, ax: number, ay: number, paint: (ctx: CanvasRenderingContext2D) => void): Sprite {
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
    const text = count >= 10_000 ? `${Math.round(count / 1000)}k` : count >= 1000 ? `${(count / 1000).toFixed(1)}k` : String(count);
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

  private paintMarker(kind: MarkerKind, fill: string, stroke: string | null, textColor: string, scale: number, label: string, thumb: string, text: string): Sprite {
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
            ctx.drawImage(img, (-img.naturalWidth * k) / 2, (-img.naturalHeight * k) / 2, img.naturalWidth * k, img.naturalHeight * k);
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
