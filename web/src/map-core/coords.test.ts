import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  coordToImage,
  coordToMap,
  coordToScreen,
  imageToCoord,
  imageToMap,
  imageToScreen,
  mapToCoord,
  mapToImage,
  mapToScreen,
  rectContainsRect,
  screenRectToImageRect,
  screenToImage,
  screenToMap,
  transformToCss,
} from './coords';

const finite = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const size = fc.record({ width: finite(1, 50_000), height: finite(1, 50_000) });
const transform = fc.record({ scale: finite(0.001, 1000), x: finite(-1e6, 1e6), y: finite(-1e6, 1e6) });
const point = fc.record({ x: finite(-10, 10), y: finite(-10, 10) });

function close(a: number, b: number, tolerance: number): boolean {
  return Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b));
}

describe('coordinate spaces', () => {
  it('round-trips map → image → map', () => {
    fc.assert(
      fc.property(point, size, (p, s) => {
        const back = imageToMap(mapToImage(p, s), s);
        return close(back.x, p.x, 1e-9) && close(back.y, p.y, 1e-9);
      }),
    );
  });

  it('converts document coordinates exactly as the map point they stand for', () => {
    fc.assert(
      fc.property(point, size, transform, (p, s, t) => {
        const c: [number, number] = [p.x, p.y];
        expect(coordToMap(c)).toEqual({ x: p.x, y: p.y });
        expect(mapToCoord(p)).toEqual(c);
        expect(coordToImage(c, s)).toEqual(mapToImage(p, s));
        expect(coordToScreen(c, s, t)).toEqual(mapToScreen(p, s, t));
        const back = imageToCoord(coordToImage(c, s), s);
        return close(back[0], c[0], 1e-9) && close(back[1], c[1], 1e-9);
      }),
    );
  });

  it('round-trips image → screen → image', () => {
    fc.assert(
      fc.property(point, transform, (p, t) => {
        const ip = { x: p.x * 1000, y: p.y * 1000 };
        const back = screenToImage(imageToScreen(ip, t), t);
        // Absolute error grows with the translation relative to the scale.
        const tol = 1e-9 * (1 + (Math.abs(t.x) + Math.abs(t.y)) / t.scale);
        return Math.abs(back.x - ip.x) <= tol * 1000 && Math.abs(back.y - ip.y) <= tol * 1000;
      }),
    );
  });

  it('round-trips screen → map → screen', () => {
    fc.assert(
      fc.property(point, size, transform, (p, s, t) => {
        const sp = { x: p.x * 100, y: p.y * 100 };
        const back = mapToScreen(screenToMap(sp, s, t), s, t);
        const tol = 1e-6 * (1 + Math.abs(t.x) + Math.abs(t.y));
        return Math.abs(back.x - sp.x) <= tol && Math.abs(back.y - sp.y) <= tol;
      }),
    );
  });

  it('maps the image corners to the map unit square', () => {
    const s = { width: 1200, height: 800 };
    expect(imageToMap({ x: 0, y: 0 }, s)).toEqual({ x: 0, y: 0 });
    expect(imageToMap({ x: 1200, y: 800 }, s)).toEqual({ x: 1, y: 1 });
    expect(mapToImage({ x: 0.5, y: 0.25 }, s)).toEqual({ x: 600, y: 200 });
  });

  it('gives the visible image rectangle of a viewport', () => {
    const r = screenRectToImageRect({ width: 400, height: 300 }, { scale: 2, x: -100, y: -50 });
    expect(r).toEqual({ minX: 50, minY: 25, maxX: 250, maxY: 175 });
    expect(rectContainsRect({ minX: 0, minY: 0, maxX: 300, maxY: 200 }, r)).toBe(true);
  });

  it('writes the transform as a CSS transform with origin 0 0', () => {
    expect(transformToCss({ scale: 1.5, x: 10, y: -4 })).toBe('translate(10px,-4px) scale(1.5)');
  });
});

describe('boundsOf', () => {
  it('spans every point, and is empty (containing nothing) for none', () => {
    expect(boundsOf([3, -1, 7], [2, 9, -4])).toEqual({ minX: -1, minY: -4, maxX: 7, maxY: 9 });
    const none = boundsOf([], []);
    expect(none).toEqual({ minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity });
    expect(rectContainsRect({ minX: 0, minY: 0, maxX: 1, maxY: 1 }, none)).toBe(true);
  });
});
