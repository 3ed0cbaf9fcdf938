/**
 * Marker sprites: each distinct marker look (kind, colours, scale, label, thumbnail, text) is painted
 * once into a small canvas at the current pixel ratio and stamped from then on (canvas.ts).
 * Also the dots' pixels for drawing them by hand (dot-raster.ts) and the cluster bubbles.
 */
import type { MarkerKind } from '../../map-core/marker-geometry';
import { MARKER_SIZE, markerBox, pinHeadCentre } from '../../map-core/marker-geometry';
import { dotStamp, type DotStamp } from './dot-raster';
import type { Ctx2D } from './surface';
import type { ResolvedLocation } from '../viewer-model';

export interface Sprite {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  /** Anchor offset and size in CSS pixels. */
  ax: number;
  ay: number;
  w: number;
  h: number;
}

/** The markers' font at `px` pixels: labels inside markers, text markers, cluster counts. */
const fontAt = (px: number): string => `600 ${px}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
export const TEXT_FONT = fontAt(12);

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

/** A cluster bubble's radius in CSS pixels: larger for larger counts. */
export function clusterRadius(count: number): number {
  return count < 10 ? 15 : count < 100 ? 18 : count < 1000 ? 22 : 26;
}

/**
 * A sprite's canvas and context: an OffscreenCanvas where the browser has one (it is never shown, and making one
 * costs about half as much as a canvas element, which counts when a map's first drawing makes its sprites).
 */
function spriteCanvas(width: number, height: number): { canvas: Sprite['canvas']; ctx: Ctx2D } {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (ctx) return { canvas, ctx };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return { canvas, ctx: canvas.getContext('2d')! };
}

/** Paints one sprite at pixel ratio dpr, with its anchor at the origin of `paint`'s context. */
function newSprite(dpr: number, w: number, h: number, ax: number, ay: number, paint: (ctx: Ctx2D) => void): Sprite {
  const { canvas, ctx } = spriteCanvas(Math.ceil(w * dpr), Math.ceil(h * dpr));
  ctx.scale(dpr, dpr);
  ctx.translate(ax, ay);
  paint(ctx);
  return { canvas, ax, ay, w: canvas.width / dpr, h: canvas.height / dpr };
}

/** Centred text in the house font at a size (px). */
function centredText(ctx: Ctx2D, text: string, color: string, font: string, cx = 0, cy = 0): void {
  ctx.fillStyle = color;
  ctx.font = font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, cx, cy + 0.5);
}

const labelFont = (size: number): string => fontAt(Math.round(size * 10) / 10);

/** The smallest a label inside a marker is drawn, in px at scale 1: smaller would not be read. */
export const MIN_LABEL_PX = 7;

/**
 * The size (px) to draw a label at whose width at `size` is `width`, so that it fits `room` px across. A marker takes
 * up to three characters inside it, and three wide ones ("WWW", "ATM") at the marker's own size are wider than a
 * circle. Never below `min`: what still does not fit is then clipped to the marker.
 */
export function fittedLabelSize(size: number, width: number, room: number, min: number): number {
  if (width <= room) return size;
  return Math.max(min, Math.floor(((size * room) / width) * 10) / 10);
}

/**
 * A label drawn inside the marker's shape (the context's current path): `size` px, or smaller so it fits `room` px
 * across (the shape's inside less its stroke), and clipped to the shape and to that room, so that no letter spills
 * over the marker's edge onto the map.
 */
function labelInside(ctx: Ctx2D, m: Look, text: string, size: number, room: number, cy = 0): void {
  ctx.font = labelFont(size);
  const fitted = fittedLabelSize(size, ctx.measureText(text).width, room, MIN_LABEL_PX * m.scale);
  ctx.save();
  ctx.clip();
  ctx.beginPath();
  ctx.rect(-room / 2, cy - size, room, 2 * size);
  ctx.clip();
  centredText(ctx, text, m.textColor, labelFont(fitted), 0, cy);
  ctx.restore();
}

/** What paints one marker look. `box` is its box around the anchor; `thumbImage` loads a thumbnail (null until loaded). */
interface Look {
  kind: MarkerKind;
  fill: string;
  edge: string;
  textColor: string;
  scale: number;
  label: string;
  thumb: string;
  text: string;
  box: { left: number; top: number; right: number; bottom: number };
  thumbImage: (url: string) => HTMLImageElement | null;
}

function paintRound(ctx: Ctx2D, m: Look): void {
  const r = (MARKER_SIZE[m.kind as 'circle' | 'dot'] * m.scale) / 2;
  ctx.beginPath();
  ctx.arc(0, 0, r - 1, 0, Math.PI * 2);
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.lineWidth = m.kind === 'dot' ? 1.5 : 2;
  ctx.stroke();
  // Inside the stroke (2 px wide on the path's radius), with a pixel to spare on each side.
  if (m.kind === 'circle' && m.label) labelInside(ctx, m, m.label, 10 * m.scale, 2 * (r - 3));
}

function paintSquare(ctx: Ctx2D, m: Look): void {
  const d = MARKER_SIZE[m.kind as 'square' | 'rounded'] * m.scale - 2;
  ctx.beginPath();
  ctx.roundRect(-d / 2, -d / 2, d, d, m.kind === 'rounded' ? 6 * m.scale : 2 * m.scale);
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.lineWidth = 2;
  ctx.stroke();
  if (m.label) labelInside(ctx, m, m.label, 10 * m.scale, d - 4);
}

function paintPin(ctx: Ctx2D, m: Look): void {
  const head = pinHeadCentre(m.scale);
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
  if (m.label) labelInside(ctx, m, m.label, 11 * m.scale, 2 * (r - 2.5), cy);
  else {
    ctx.beginPath();
    ctx.arc(0, cy, r * 0.36, 0, Math.PI * 2);
    ctx.fillStyle = m.edge;
    ctx.fill();
  }
}

function paintThumb(ctx: Ctx2D, m: Look): void {
  const r = (MARKER_SIZE.thumb * m.scale) / 2 - 1.5;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.shadowColor = 'transparent';
  const { thumb } = m;
  const img = thumb && thumb.length > 3 ? m.thumbImage(thumb) : null;
  if (img) {
    ctx.save();
    ctx.clip();
    const k = Math.max((2 * r) / img.naturalWidth, (2 * r) / img.naturalHeight);
    const w = img.naturalWidth * k;
    const h = img.naturalHeight * k;
    ctx.drawImage(img, -w / 2, -h / 2, w, h);
    ctx.restore();
  } else if (thumb && thumb.length <= 3) labelInside(ctx, m, thumb, 13 * m.scale, 2 * (r - 3));
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.stroke();
}

function paintText(ctx: Ctx2D, m: Look): void {
  const { box } = m;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  ctx.beginPath();
  ctx.roundRect(box.left, box.top, bw, bh, bh / 2);
  ctx.fill();
  ctx.shadowColor = 'transparent';
  centredText(ctx, m.text, m.textColor, fontAt(Math.round(12 * m.scale)));
}

const PAINT: Record<MarkerKind, ((ctx: Ctx2D, m: Look) => void) | null> = {
  hidden: null,
  circle: paintRound,
  dot: paintRound,
  square: paintSquare,
  rounded: paintSquare,
  pin: paintPin,
  thumb: paintThumb,
  text: paintText,
};

/** The sprites of one marker canvas, made on first use at its current pixel ratio. */
export class MarkerSprites {
  readonly #sprites = new Map<string, Sprite>();
  /**
   * The same sprites for the common look (a shape in a colour, with no style, scale, label, thumbnail or text of its
   * own), by kind and then fill: found without building a key string, which a first drawing otherwise does once per
   * location, in code not yet optimised.
   */
  readonly #plain = new Map<string, Map<string, Sprite>>();
  /** Dots' pixels by colour, for drawing them by hand (at the current pixel ratio, like the sprites). */
  readonly #dotStamps = new Map<string, DotStamp>();
  readonly #images = new Map<string, HTMLImageElement | 'error'>();
  /** Sprite of each location by index, so a redraw does no string keying per marker. */
  byLocation: (Sprite | undefined)[] = [];
  #dpr = 1;
  /** Called when a thumbnail image finished loading and the canvas should be redrawn. */
  onAssetLoad: (() => void) | null = null;

  readonly #clusterColor: string;
  readonly #measure: (text: string) => number;

  constructor(
    clusterColor: string,
    /** Measures a text marker's text in TEXT_FONT. */
    measure: (text: string) => number,
  ) {
    this.#clusterColor = clusterColor;
    this.#measure = measure;
  }

  /** Sets the pixel ratio sprites are painted at; a change drops every sprite made at the old one. */
  setPixelRatio(dpr: number): void {
    if (dpr === this.#dpr) return;
    this.#dpr = dpr;
    this.#sprites.clear();
    this.#plain.clear();
    this.#dotStamps.clear();
    this.byLocation = [];
  }

  clear(): void {
    this.#sprites.clear();
    this.#plain.clear();
    this.onAssetLoad = null;
  }

  /** The sprite of location l (whose index is l.index), through the per-location cache. */
  ofLocation(l: ResolvedLocation): Sprite {
    return (this.byLocation[l.index] ??= this.spriteFor(l));
  }

  /** The sprite of a location's marker, created on first use. */
  spriteFor(l: ResolvedLocation): Sprite {
    const plain =
      l.stroke === null && l.textColor === null && l.scale === 1 && !l.label && l.kind !== 'thumb' && l.kind !== 'text';
    const byFill = plain ? this.#plain.get(l.kind) : undefined;
    const found = byFill?.get(l.fill);
    if (found) return found;
    const thumb = l.kind === 'thumb' ? (l.source.thumb ?? '') : '';
    const text = l.kind === 'text' ? l.title || l.label || l.id : '';
    const key = `${l.kind}|${l.fill}|${l.stroke ?? ''}|${l.textColor ?? ''}|${l.scale}|${l.label}|${thumb}|${text}`;
    let s = this.#sprites.get(key);
    if (s) return s;
    const scale = l.scale > 0 ? l.scale : 1;
    const box = markerBox(l.kind, scale, l.kind === 'text' ? this.#measure(text) : 0);
    const look: Look = {
      kind: l.kind,
      fill: l.fill,
      edge: l.stroke ?? '#ffffff',
      textColor: l.textColor ?? contrastText(l.fill),
      scale,
      label: l.label,
      thumb,
      text,
      box,
      thumbImage: (url) => this.#thumbImage(url),
    };
    s = this.#paintMarker(look);
    this.#sprites.set(key, s);
    if (plain) {
      if (byFill) byFill.set(l.fill, s);
      else this.#plain.set(l.kind, new Map([[l.fill, s]]));
    }
    return s;
  }

  /** A marker look's sprite: its box plus 4 px of padding for the shadow. */
  #paintMarker(look: Look): Sprite {
    const pad = 4;
    const { box } = look;
    const paint = PAINT[look.kind];
    return newSprite(
      this.#dpr,
      box.right - box.left + 2 * pad,
      box.bottom - box.top + 2 * pad,
      -box.left + pad,
      -box.top + pad,
      (ctx) => {
        ctx.shadowColor = 'rgba(16, 24, 40, 0.28)';
        ctx.shadowBlur = 3;
        ctx.shadowOffsetY = 1;
        ctx.fillStyle = look.fill;
        ctx.strokeStyle = look.edge;
        paint?.(ctx, look);
      },
    );
  }

  clusterSprite(count: number): Sprite {
    const text =
      count >= 10_000
        ? `${Math.round(count / 1000)}k`
        : count >= 1000
          ? `${(count / 1000).toFixed(1)}k`
          : String(count);
    const key = `c|${text}`;
    let s = this.#sprites.get(key);
    if (s) return s;
    const r = clusterRadius(count);
    const pad = 6;
    const color = this.#clusterColor;
    s = newSprite(this.#dpr, 2 * (r + pad), 2 * (r + pad), r + pad, r + pad, (ctx) => {
      ctx.beginPath();
      ctx.arc(0, 0, r + 4, 0, Math.PI * 2);
      ctx.fillStyle = color;
      ctx.globalAlpha = 0.25;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.beginPath();
      ctx.arc(0, 0, r, 0, Math.PI * 2);
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#ffffff';
      ctx.stroke();
      centredText(ctx, text, contrastText(color), fontAt(count >= 1000 ? 11 : 12));
    });
    this.#sprites.set(key, s);
    return s;
  }

  dotSprite(fill: string): Sprite {
    const key = `d|${fill}`;
    let s = this.#sprites.get(key);
    if (!s) {
      s = newSprite(this.#dpr, 14, 14, 7, 7, (ctx) => {
        ctx.beginPath();
        ctx.arc(0, 0, 5, 0, Math.PI * 2);
        ctx.fillStyle = fill;
        ctx.fill();
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = '#ffffff';
        ctx.stroke();
      });
      this.#sprites.set(key, s);
    }
    return s;
  }

  /** A dot's pixels, read once per colour from its sprite. */
  dotStampFor(fill: string): DotStamp {
    let s = this.#dotStamps.get(fill);
    if (!s) {
      const sprite = this.dotSprite(fill);
      const c = sprite.canvas;
      s = dotStamp(
        c.getContext('2d')!.getImageData(0, 0, c.width, c.height),
        Math.round(sprite.ax * this.#dpr),
        Math.round(sprite.ay * this.#dpr),
      );
      this.#dotStamps.set(fill, s);
    }
    return s;
  }

  #thumbImage(url: string): HTMLImageElement | null {
    const got = this.#images.get(url);
    if (got === 'error') return null;
    if (got) return got.complete && got.naturalWidth > 0 ? got : null;
    const img = new Image();
    img.decoding = 'async';
    img.referrerPolicy = 'no-referrer';
    img.onload = () => {
      for (const key of [...this.#sprites.keys()]) if (key.includes(url)) this.#sprites.delete(key);
      this.byLocation = [];
      this.onAssetLoad?.();
    };
    img.onerror = () => this.#images.set(url, 'error');
    img.src = url;
    this.#images.set(url, img);
    return null;
  }
}
