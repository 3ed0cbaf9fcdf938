import { describe, expect, it } from 'vitest';
import { PixelBuffer, dotStamp, type RgbaPixels } from './dot-raster';

/** A w×h image with the given RGBA at some pixels, transparent elsewhere. */
function image(w: number, h: number, px: Record<string, [number, number, number, number]>): RgbaPixels {
  const data = new Uint8ClampedArray(w * h * 4);
  for (const [key, rgba] of Object.entries(px)) {
    const [x, y] = key.split(',').map(Number) as [number, number];
    data.set(rgba, (y * w + x) * 4);
  }
  return { data, width: w, height: h };
}

const at = (b: PixelBuffer, x: number, y: number): number[] =>
  Array.from(b.data.subarray((y * b.width + x) * 4, (y * b.width + x) * 4 + 4));

describe('dotStamp', () => {
  it('keeps only visible pixels, as offsets from the anchor', () => {
    const s = dotStamp(image(3, 3, { '0,0': [255, 0, 0, 255], '2,1': [0, 0, 255, 128] }), 1, 1);
    expect(Array.from(s.dx)).toEqual([-1, 1]);
    expect(Array.from(s.dy)).toEqual([-1, 0]);
    expect(Array.from(s.alpha)).toEqual([255, 128]);
  });
});

describe('PixelBuffer', () => {
  const red = dotStamp(image(1, 1, { '0,0': [255, 0, 0, 255] }), 0, 0);
  const halfBlue = dotStamp(image(1, 1, { '0,0': [0, 0, 255, 128] }), 0, 0);

  it('writes opaque pixels and pixels over transparent ones as they are', () => {
    const b = new PixelBuffer(4, 4);
    b.stamp(red, 1, 2, b.all);
    b.stamp(halfBlue, 3, 3, b.all);
    expect(at(b, 1, 2)).toEqual([255, 0, 0, 255]);
    expect(at(b, 3, 3)).toEqual([0, 0, 255, 128]);
    expect(at(b, 0, 0)).toEqual([0, 0, 0, 0]);
  });

  it('blends a translucent pixel over an opaque one (source over, not premultiplied)', () => {
    const b = new PixelBuffer(2, 2);
    b.stamp(red, 0, 0, b.all);
    b.stamp(halfBlue, 0, 0, b.all);
    // 128/255 of blue over red: red keeps 127/255.
    expect(at(b, 0, 0)).toEqual([127, 0, 128, 255]);
  });

  it('blends a translucent pixel over a translucent one', () => {
    const b = new PixelBuffer(1, 1);
    b.stamp(halfBlue, 0, 0, b.all);
    b.stamp(dotStamp(image(1, 1, { '0,0': [255, 0, 0, 128] }), 0, 0), 0, 0, b.all);
    const [r, g, bl, a] = at(b, 0, 0) as [number, number, number, number];
    // Coverage 1 - (1 - 0.502)^2 = 0.752; colour weighted 0.502 red to 0.250 blue.
    expect(a).toBe(192);
    expect(r).toBe(170);
    expect(g).toBe(0);
    expect(bl).toBe(85);
  });

  it('draws nothing outside the clip or the buffer', () => {
    const b = new PixelBuffer(3, 3);
    const square = dotStamp(
      image(
        3,
        3,
        Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`${i % 3},${Math.floor(i / 3)}`, [9, 9, 9, 255]])),
      ),
      1,
      1,
    );
    b.stamp(square, 0, 0, { x0: 0, y0: 0, x1: 1, y1: 3 });
    const painted = Array.from({ length: 9 }, (_, i) => at(b, i % 3, Math.floor(i / 3))[3]);
    expect(painted).toEqual([255, 0, 0, 255, 0, 0, 0, 0, 0]);
  });

  it('clears a rectangle, or everything', () => {
    const b = new PixelBuffer(3, 2);
    for (let x = 0; x < 3; x++) for (let y = 0; y < 2; y++) b.stamp(red, x, y, b.all);
    b.clear({ x0: 1, y0: 0, x1: 2, y1: 2 });
    expect([0, 1, 2].map((x) => at(b, x, 1)[3])).toEqual([255, 0, 255]);
    b.clear();
    expect(b.data.every((v) => v === 0)).toBe(true);
  });
});
