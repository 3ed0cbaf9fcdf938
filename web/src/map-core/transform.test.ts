import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageToScreen, screenToImage } from './coords';
import {
  centreOn,
  clampTransform,
  elasticTransform,
  fitScale,
  fitTransform,
  interpolateTransform,
  NO_INSETS,
  rubberBand,
  scaleRange,
  transformToRect,
  viewportCentre,
  zoomAround,
  zoomOf,
} from './transform';

const finite = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const size = fc.record({ width: fc.integer({ min: 50, max: 20_000 }), height: fc.integer({ min: 50, max: 20_000 }) });
const viewport = fc.record({ width: fc.integer({ min: 100, max: 4000 }), height: fc.integer({ min: 100, max: 4000 }) });
const limits = fc.record({ minZoom: finite(0.5, 1), maxZoom: finite(1, 40) });

describe('fitting', () => {
  it('fits the whole image inside the viewport, centred', () => {
    fc.assert(
      fc.property(size, viewport, (image, vp) => {
        const t = fitTransform(image, vp);
        const tl = imageToScreen({ x: 0, y: 0 }, t);
        const br = imageToScreen({ x: image.width, y: image.height }, t);
        const eps = 1e-6;
        return (
          tl.x >= -eps &&
          tl.y >= -eps &&
          br.x <= vp.width + eps &&
          br.y <= vp.height + eps &&
          // One axis touches both edges: the fit is as large as possible.
          (Math.abs(br.x - tl.x - vp.width) < 1e-6 || Math.abs(br.y - tl.y - vp.height) < 1e-6) &&
          Math.abs(tl.x - (vp.width - br.x)) < 1e-6 &&
          Math.abs(tl.y - (vp.height - br.y)) < 1e-6
        );
      }),
    );
  });

  it('leaves the padding free around the fitted image', () => {
    const t = fitTransform({ width: 1000, height: 500 }, { width: 1040, height: 1000 }, 20);
    expect(t.scale).toBeCloseTo(1);
    expect(t.x).toBeCloseTo(20);
  });

  it('has zoom 1 when fitted', () => {
    const image = { width: 800, height: 600 };
    const vp = { width: 300, height: 300 };
    expect(zoomOf(fitTransform(image, vp), image, vp)).toBeCloseTo(1);
  });
});

describe('zoomAround', () => {
  it('keeps the image point under the anchor in place', () => {
    fc.assert(
      fc.property(
        finite(0.01, 50),
        finite(-5000, 5000),
        finite(-5000, 5000),
        finite(0.01, 50),
        finite(0, 2000),
        finite(0, 2000),
        (s, x, y, s2, ax, ay) => {
          const t = { scale: s, x, y };
          const anchor = { x: ax, y: ay };
          const before = screenToImage(anchor, t);
          const after = screenToImage(anchor, zoomAround(t, s2, anchor));
          return (
            Math.abs(before.x - after.x) < 1e-6 * (1 + Math.abs(before.x)) &&
            Math.abs(before.y - after.y) < 1e-6 * (1 + Math.abs(before.y))
          );
        },
      ),
    );
  });
});

describe('clampTransform', () => {
  it('is idempotent and keeps scale within the limits and the image over the viewport', () => {
    fc.assert(
      fc.property(
        size,
        viewport,
        limits,
        finite(0.0001, 100),
        finite(-1e5, 1e5),
        finite(-1e5, 1e5),
        (image, vp, lim, s, x, y) => {
          const c = clampTransform({ scale: s, x, y }, image, vp, lim);
          const again = clampTransform(c, image, vp, lim);
          const [lo, hi] = scaleRange(image, vp, lim);
          const w = image.width * c.scale;
          const h = image.height * c.scale;
          const eps = 1e-6 * Math.max(1, w, h);
          const xOk =
            w <= vp.width ? Math.abs(c.x - (vp.width - w) / 2) < eps : c.x <= eps && c.x + w >= vp.width - eps;
          const yOk =
            h <= vp.height ? Math.abs(c.y - (vp.height - h) / 2) < eps : c.y <= eps && c.y + h >= vp.height - eps;
          return (
            c.scale >= lo * (1 - 1e-12) &&
            c.scale <= hi * (1 + 1e-12) &&
            xOk &&
            yOk &&
            Math.abs(again.x - c.x) < eps &&
            Math.abs(again.y - c.y) < eps &&
            Math.abs(again.scale - c.scale) < 1e-12 * c.scale
          );
        },
      ),
    );
  });

  it('stops the zoom at maxZoom', () => {
    const image = { width: 1000, height: 1000 };
    const vp = { width: 500, height: 500 };
    const c = clampTransform({ scale: 100, x: 0, y: 0 }, image, vp, { minZoom: 1, maxZoom: 4 });
    expect(c.scale).toBeCloseTo(fitScale(image, vp) * 4);
  });
});

describe('elastic edges', () => {
  it('damps overshoot: never more than the raw overshoot, and monotonic', () => {
    fc.assert(
      fc.property(finite(0, 1e5), finite(0, 1e5), finite(10, 4000), (a, b, dim) => {
        const ra = rubberBand(a, dim);
        const rb = rubberBand(b, dim);
        return (
          ra <= a + 1e-9 && ra < dim && (a <= b ? ra <= rb + 1e-9 : ra >= rb - 1e-9) && rubberBand(-a, dim) === -ra
        );
      }),
    );
  });

  it('shows an in-bounds transform unchanged', () => {
    const image = { width: 2000, height: 2000 };
    const vp = { width: 500, height: 500 };
    const t = { scale: 1, x: -300, y: -200 };
    expect(elasticTransform(t, image, vp)).toEqual(t);
    expect(elasticTransform({ scale: 1, x: 200, y: -200 }, image, vp).x).toBeLessThan(200);
  });
});

describe('camera moves', () => {
  it('centres an image point', () => {
    const vp = { width: 640, height: 480 };
    const t = centreOn({ x: 123, y: 456 }, 3, vp);
    expect(viewportCentre(t, vp).x).toBeCloseTo(123);
    expect(viewportCentre(t, vp).y).toBeCloseTo(456);
  });

  it('frames a rectangle within the zoom limits', () => {
    const image = { width: 1000, height: 1000 };
    const vp = { width: 500, height: 500 };
    const t = transformToRect(
      { minX: 400, minY: 400, maxX: 600, maxY: 600 },
      image,
      vp,
      { minZoom: 1, maxZoom: 10 },
      50,
    );
    expect(t.scale).toBeCloseTo(2);
    expect(viewportCentre(t, vp).x).toBeCloseTo(500);
    const tiny = transformToRect({ minX: 500, minY: 500, maxX: 500.1, maxY: 500.1 }, image, vp, {
      minZoom: 1,
      maxZoom: 4,
    });
    expect(tiny.scale).toBeCloseTo(2);
  });

  it('interpolates from start to end, with a geometric scale', () => {
    fc.assert(
      fc.property(finite(0.1, 10), finite(0.1, 10), finite(-500, 500), finite(-500, 500), (s1, s2, x, y) => {
        const vp = { width: 400, height: 300 };
        const a = { scale: s1, x: 0, y: 0 };
        const b = { scale: s2, x, y };
        const mid = interpolateTransform(a, b, 0.5, vp);
        return (
          interpolateTransform(a, b, 0, vp) === a &&
          interpolateTransform(a, b, 1, vp) === b &&
          Math.abs(mid.scale - Math.sqrt(s1 * s2)) < 1e-9 * Math.max(s1, s2)
        );
      }),
    );
  });
});

describe('insets (what a panel covers)', () => {
  const image = { width: 2000, height: 1000 };
  const vp = { width: 800, height: 600 };
  const lim = { minZoom: 1, maxZoom: 4 };
  const left = { ...NO_INSETS, left: 300 };

  it('lets the plan’s left edge sit at the panel’s edge (x = W), where without insets it stops at x = 0', () => {
    const far = { scale: 1, x: 500, y: -100 };
    expect(clampTransform(far, image, vp, lim).x).toBe(0);
    expect(clampTransform(far, image, vp, lim, 0, NO_INSETS).x).toBe(0);
    expect(clampTransform(far, image, vp, lim, 0, left).x).toBe(300);
    // Anywhere between stays put; the other edge and the other axis are clamped as before.
    expect(clampTransform({ ...far, x: 120 }, image, vp, lim, 0, left).x).toBe(120);
    expect(clampTransform({ ...far, x: -5000 }, image, vp, lim, 0, left).x).toBe(800 - 2000);
    expect(clampTransform({ ...far, y: 50 }, image, vp, lim, 0, left).y).toBe(0);
    // With padding, the edge stops `padding` past the panel's edge, as it does past the viewport's.
    expect(clampTransform(far, image, vp, lim, 8, left).x).toBe(308);
  });

  it('lets the plan’s bottom edge rise to a sheet’s top', () => {
    const low = { scale: 1, x: 0, y: -2000 };
    expect(clampTransform(low, image, vp, lim).y).toBe(600 - 1000);
    expect(clampTransform(low, image, vp, lim, 0, { ...NO_INSETS, bottom: 250 }).y).toBe(350 - 1000);
  });

  it('centres a plan smaller than the free area in that area', () => {
    const fit = fitTransform(image, vp);
    const c = clampTransform(fit, image, vp, lim, 0, { ...NO_INSETS, bottom: 100 });
    // 400 px of plan in the 500 px above the sheet: 50 px above and below it.
    expect(c.y).toBeCloseTo(50);
    expect(c.x).toBeCloseTo(0);
  });

  it('frames a rectangle and centres a point in the free area', () => {
    const r = { minX: 0, minY: 400, maxX: 400, maxY: 800 };
    const t = transformToRect(r, image, vp, lim, 20, 0, left);
    // The rectangle fills the 500 px beside the panel less the margins, its left edge (the plan's) at the panel's.
    expect(t.scale).toBeCloseTo(460 / 400);
    expect(t.x).toBeCloseTo(300);
    expect(transformToRect(r, image, vp, lim, 20).x).toBe(0);
    const c = centreOn({ x: 1000, y: 500 }, 1, vp, left);
    expect(c.x).toBe(300 + 250 - 1000);
    expect(c.y).toBe(300 - 500);
  });

  it('keeps the clamp idempotent, the free area covered or the plan centred in it', () => {
    const inset = fc.record({
      top: finite(0, 150),
      right: finite(0, 150),
      bottom: finite(0, 150),
      left: finite(0, 150),
    });
    fc.assert(
      fc.property(size, viewport, inset, finite(0.0001, 100), finite(-1e5, 1e5), (img, v, ins, s, x) => {
        const c = clampTransform({ scale: s, x, y: x }, img, v, lim, 0, ins);
        const again = clampTransform(c, img, v, lim, 0, ins);
        const w = img.width * c.scale;
        const free = v.width - ins.left - ins.right;
        const eps = 1e-6 * Math.max(1, w, v.width);
        const xOk =
          w <= free
            ? Math.abs(c.x - (ins.left + (free - w) / 2)) < eps
            : c.x <= ins.left + eps && c.x + w >= v.width - ins.right - eps;
        return xOk && Math.abs(again.x - c.x) < eps && Math.abs(again.y - c.y) < eps;
      }),
    );
  });
});
