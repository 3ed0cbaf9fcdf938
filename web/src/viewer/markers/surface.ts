/**
 * The marker canvas's surfaces: the canvas on screen and the two buffers drawings are made on.
 *
 * Drawings are made on an OffscreenCanvas and shown through a `bitmaprenderer` canvas, which hands
 * the compositor a finished image once. A visible 2D canvas would instead be copied into a new
 * compositor resource at every frame the page commits, moved or not: at a 4x slowdown with
 * software compositing that was a third of each panning frame. Browsers without OffscreenCanvas
 * (and the editor, whose edits repaint a few pixels in place) draw on the visible canvas directly.
 *
 * During a pan or zoom the drawing is not redrawn: the canvas is moved and scaled with a CSS
 * transform relative to the camera it was drawn at (compositor work only). A drawing covers MARGIN
 * pixels beyond each edge of the viewport, so that short pans reveal markers at once; a first drawing
 * may cover the viewport alone (margin 0), to be shown sooner, and be redrawn with the margin after.
 */
import type { Size, ViewTransform } from '../../map-core/coords';
import { inflateRect, screenRectToImageRect } from '../../map-core/coords';
import { EDITING } from '../editing';
import { PixelBuffer } from './dot-raster';

/** Canvas pixels drawn beyond each edge of the viewport, so short pans reveal markers at once. */
export const MARGIN = 160;

export type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** The transform markers are stamped with on a drawing made at camera t with `margin` beyond the view. */
export function drawingTransform(t: ViewTransform, margin: number): ViewTransform {
  return { x: t.x + margin, y: t.y + margin, scale: t.scale };
}

/** A drawing buffer and the camera it was drawn for. */
export interface Surface {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  ctx: Ctx2D;
  at: ViewTransform | null;
  size: Size | null;
  /** CSS pixels drawn beyond each edge of the viewport (`size`). */
  margin: number;
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
export function fit(c: HTMLCanvasElement | OffscreenCanvas, width: number, height: number): void {
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

function surface(canvas: HTMLCanvasElement | OffscreenCanvas): Surface | null {
  const ctx = canvas.getContext('2d') as Ctx2D | null;
  return ctx ? { canvas, ctx, at: null, size: null, margin: MARGIN, emptied: false, pixels: null } : null;
}

export class MarkerSurfaces {
  /** The canvas on screen. */
  readonly el: HTMLCanvasElement;
  /** Its context when drawings are made off screen and shown as finished images. */
  readonly #shown: ImageBitmapRenderingContext | null = null;
  /**
   * The buffer holding (or about to hold) the drawing on screen, and the one large redraws are drawn
   * on before they are shown. Without off-screen drawing, `fg` is the visible canvas itself.
   */
  fg: Surface;
  bg: Surface;
  /** Device pixels per CSS pixel of the drawings. */
  dpr = 1;
  /** The camera the view was last at (drawn or followed). */
  lastT: ViewTransform | null = null;

  constructor(host: HTMLElement, options: MarkerCanvasOptions) {
    const el = document.createElement('canvas');
    el.className = 'mn-marker-canvas';
    el.setAttribute('aria-hidden', 'true');
    host.append(el);
    this.el = el;
    let fg: Surface | null = null;
    let bg: Surface | null = null;
    if (
      options.offscreen !== false &&
      typeof OffscreenCanvas === 'function' &&
      'transferToImageBitmap' in OffscreenCanvas.prototype
    ) {
      fg = surface(new OffscreenCanvas(1, 1));
      bg = surface(new OffscreenCanvas(1, 1));
      this.#shown = fg && bg ? el.getContext('bitmaprenderer') : null;
    }
    if (!this.#shown) {
      fg = surface(el);
      bg = surface(document.createElement('canvas'));
    }
    if (!fg || !bg) throw new Error('Canvas 2D is not available.');
    this.fg = fg;
    this.bg = bg;
  }

  /** True when drawings are made off screen and the visible canvas shows finished images. */
  get drawsOffscreen(): boolean {
    return this.#shown !== null;
  }

  destroy(): void {
    this.el.remove();
    this.#shown?.transferFromImageBitmap(null);
    // Off-screen buffers hold a full view's pixels each; let them go now rather than at collection.
    for (const sf of [this.fg, this.bg]) fit(sf.canvas, 0, 0);
  }

  /** True when the drawing no longer covers the view well enough to wait for the camera to rest. */
  needsRedraw(t: ViewTransform, viewport: Size): boolean {
    const { at, size, margin } = this.fg;
    if (!at || !size || size.width !== viewport.width || size.height !== viewport.height) return true;
    const ratio = t.scale / at.scale;
    if (ratio > 1.8 || ratio < 0.55) return true;
    const drawn = inflateRect(screenRectToImageRect(size, at), margin / at.scale);
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
    this.#position(t);
  }

  /** Places the visible canvas for camera t, relative to the camera its drawing was made at. */
  #position(t: ViewTransform): void {
    const { at, margin } = this.fg;
    if (!at) return;
    const k = t.scale / at.scale;
    // The canvas origin sits at screen (-margin, -margin) of the drawn transform; map it through the change.
    const ox = (-margin - at.x) * k + t.x;
    const oy = (-margin - at.y) * k + t.y;
    this.el.style.transform = `translate(${ox}px,${oy}px) scale(${k})`;
  }

  /**
   * Puts a finished drawing on screen: `from` is the visible drawing's buffer (after a draw or a
   * repaint of parts of it), or the back buffer a sliced redraw finished on, which becomes the
   * visible drawing.
   */
  show(from: Surface): void {
    const { width, height } = from.canvas;
    if (this.#shown) {
      // No pixels are copied: the image moves from the buffer to the screen.
      const image = (from.canvas as OffscreenCanvas).transferToImageBitmap();
      fit(this.el, width, height);
      this.#shown.transferFromImageBitmap(image);
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
      fg.margin = from.margin;
      [fg.pixels, from.pixels] = [from.pixels, fg.pixels];
    }
    const cssWidth = `${width / this.dpr}px`;
    const cssHeight = `${height / this.dpr}px`;
    if (this.el.style.width !== cssWidth) this.el.style.width = cssWidth;
    if (this.el.style.height !== cssHeight) this.el.style.height = cssHeight;
    if (this.lastT) this.#position(this.lastT);
  }

  /** Empties a buffer sized for the viewport and `margin` around it, to draw at camera t. */
  prepare(sf: Surface, t: ViewTransform, viewport: Size, margin: number): void {
    const dpr = this.dpr;
    const c = sf.canvas;
    fit(
      c,
      Math.round(Math.ceil(viewport.width + 2 * margin) * dpr),
      Math.round(Math.ceil(viewport.height + 2 * margin) * dpr),
    );
    sf.ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (!sf.emptied) sf.ctx.clearRect(0, 0, c.width, c.height);
    sf.emptied = false;
    sf.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    sf.at = t;
    sf.size = viewport;
    sf.margin = margin;
  }

  /**
   * Gives the visible drawing's buffer its pixels back when they were handed to the screen, to repaint parts of it
   * (an edit's patch, ./canvas.ts `patch`: not in the embed, which never edits).
   */
  reclaim(): void {
    if (!EDITING) return;
    const sf = this.fg;
    if (!sf.emptied) return;
    fit(sf.canvas, this.el.width, this.el.height);
    copyInto(sf.ctx, this.el);
    sf.ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    sf.emptied = false;
  }

  /** The surface's pixel buffer for dots, the size of its canvas (its contents are whatever was drawn last). */
  pixelsOf(sf: Surface): PixelBuffer {
    const { width, height } = sf.canvas;
    if (!sf.pixels || sf.pixels.width !== width || sf.pixels.height !== height)
      sf.pixels = new PixelBuffer(width, height);
    return sf.pixels;
  }
}
