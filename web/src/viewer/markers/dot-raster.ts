/**
 * Dots drawn by hand into a pixel buffer. On a crowded view, thousands of markers are drawn as
 * dots, and a 2D canvas spends about 6 µs of raster per drawImage call whatever the image's size,
 * all of it in one go when the drawing is shown (software raster, as on phones whose GPU the browser
 * does not use): 10,000 dots were a 60 ms task on a fast machine. Writing a dot's ~150 pixels from
 * JavaScript costs a fraction of that, and it is spread over slices that really take the time they
 * measure. The buffer is then put onto the canvas in strips.
 */

/** Pixels as ImageData holds them: RGBA bytes, not premultiplied. */
export interface RgbaPixels {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

/**
 * A dot's visible pixels: offsets from its anchor (device pixels) and colours as RGBA words
 * (little-endian, the byte order ImageData stores).
 */
export interface DotStamp {
  readonly dx: Int16Array;
  readonly dy: Int16Array;
  readonly rgba: Uint32Array;
  readonly alpha: Uint8Array;
}

/** The stamp of a dot rendered into `image` with its anchor at pixel (ax, ay). */
export function dotStamp(image: RgbaPixels, ax: number, ay: number): DotStamp {
  const { data, width, height } = image;
  const at: number[] = [];
  for (let i = 0; i < width * height; i++) if (data[i * 4 + 3]! > 0) at.push(i);
  const dx = new Int16Array(at.length);
  const dy = new Int16Array(at.length);
  const rgba = new Uint32Array(at.length);
  const alpha = new Uint8Array(at.length);
  at.forEach((i, k) => {
    dx[k] = (i % width) - ax;
    dy[k] = Math.floor(i / width) - ay;
    rgba[k] = (data[i * 4]! | (data[i * 4 + 1]! << 8) | (data[i * 4 + 2]! << 16) | (data[i * 4 + 3]! << 24)) >>> 0;
    alpha[k] = data[i * 4 + 3]!;
  });
  return { dx, dy, rgba, alpha };
}

/** A rectangle of device pixels, [x0, x1) × [y0, y1). */
export interface PixelRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A drawing's pixels, in the layout putImageData takes. */
export class PixelBuffer implements RgbaPixels {
  readonly data: Uint8ClampedArray<ArrayBuffer>;
  /** The whole buffer as a rectangle. */
  readonly all: PixelRect;
  readonly #words: Uint32Array;
  #image: ImageData | null = null;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const buffer = new ArrayBuffer(width * height * 4);
    this.data = new Uint8ClampedArray(buffer);
    this.#words = new Uint32Array(buffer);
    this.all = { x0: 0, y0: 0, x1: width, y1: height };
  }

  /** The pixels as an ImageData, for putImageData (made once, sharing the buffer). */
  get imageData(): ImageData {
    return (this.#image ??= new ImageData(this.data, this.width, this.height));
  }

  /** Makes a rectangle transparent (all of it by default). */
  clear(r: PixelRect = this.all): void {
    const x0 = Math.max(0, r.x0);
    const x1 = Math.min(this.width, r.x1);
    if (x1 <= x0) return;
    if (x0 === 0 && x1 === this.width) {
      this.#words.fill(0, Math.max(0, r.y0) * this.width, Math.min(this.height, r.y1) * this.width);
      return;
    }
    for (let y = Math.max(0, r.y0); y < Math.min(this.height, r.y1); y++)
      this.#words.fill(0, y * this.width + x0, y * this.width + x1);
  }

  /** Draws a dot over what is there (source-over) with its anchor at pixel (x, y), inside `clip`. */
  stamp(s: DotStamp, x: number, y: number, clip: PixelRect): void {
    const words = this.#words;
    const { width } = this;
    const { dx, dy, rgba, alpha } = s;
    const x0 = Math.max(0, clip.x0);
    const y0 = Math.max(0, clip.y0);
    const x1 = Math.min(width, clip.x1);
    const y1 = Math.min(this.height, clip.y1);
    for (let k = 0; k < rgba.length; k++) {
      const px = x + dx[k]!;
      const py = y + dy[k]!;
      if (px < x0 || px >= x1 || py < y0 || py >= y1) continue;
      const o = py * width + px;
      const sa = alpha[k]!;
      const d = words[o]!;
      const da = d >>> 24;
      if (sa === 255 || da === 0) {
        words[o] = rgba[k]!;
        continue;
      }
      // Source over destination, neither premultiplied.
      const c = rgba[k]!;
      const fs = sa / 255;
      const fd = (da / 255) * (1 - fs);
      const fa = fs + fd;
      const r = ((c & 255) * fs + (d & 255) * fd) / fa;
      const g = (((c >>> 8) & 255) * fs + ((d >>> 8) & 255) * fd) / fa;
      const b = (((c >>> 16) & 255) * fs + ((d >>> 16) & 255) * fd) / fa;
      words[o] = (Math.round(r) | (Math.round(g) << 8) | (Math.round(b) << 16) | (Math.round(fa * 255) << 24)) >>> 0;
    }
  }
}
