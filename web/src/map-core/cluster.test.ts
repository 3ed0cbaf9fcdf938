import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GridClusterer } from './cluster';

const extent = { width: 1000, height: 800 };
const pts = fc.array(
  fc.tuple(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 800, noNaN: true })),
  { maxLength: 400 },
);

function make(p: [number, number][], radius = 40): GridClusterer {
  return new GridClusterer(
    p.map((q) => q[0]),
    p.map((q) => q[1]),
    extent,
    radius,
  );
}

const everything = { minX: -1, minY: -1, maxX: 1001, maxY: 801 };

describe('GridClusterer', () => {
  it('accounts for every point exactly once at any scale', () => {
    fc.assert(
      fc.property(pts, fc.double({ min: 0.01, max: 50, noNaN: true }), (p, scale) => {
        const c = make(p);
        const items = c.query(everything, scale);
        const total = items.reduce((n, it) => n + it.count, 0);
        const members = items.flatMap((it) => c.members(it)).sort((a, b) => a - b);
        return total === p.length && members.length === p.length && members.every((m, i) => m === i);
      }),
    );
  });

  it('puts each cluster at its members’ centroid, inside their bounds', () => {
    fc.assert(
      fc.property(pts, fc.double({ min: 0.01, max: 5, noNaN: true }), (p, scale) => {
        const c = make(p);
        return c.query(everything, scale).every((it) => {
          const m = c.members(it);
          const cx = m.reduce((s, i) => s + p[i]![0], 0) / m.length;
          const cy = m.reduce((s, i) => s + p[i]![1], 0) / m.length;
          return (
            Math.abs(cx - it.x) < 1e-6 &&
            Math.abs(cy - it.y) < 1e-6 &&
            it.x >= it.bounds.minX - 1e-9 &&
            it.x <= it.bounds.maxX + 1e-9
          );
        });
      }),
    );
  });

  it('keeps clusters at least a cell apart on screen, so a dense map shows few items', () => {
    const n = 100_000;
    const xs = new Float64Array(n);
    const ys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      xs[i] = ((i * 7919) % 10007) / 10.007;
      ys[i] = ((i * 104729) % 8009) / 10.01125;
    }
    const c = new GridClusterer(xs, ys, extent, 40);
    // At scale 1 cells are 64 image px: at most 17 × 14 cells hold points.
    const items = c.query(everything, 1);
    expect(items.length).toBeLessThanOrEqual(17 * 14);
    expect(items.reduce((s, it) => s + it.count, 0)).toBe(n);
    // Zoomed far in, only the cells in view are visited.
    const zoomed = c.query({ minX: 100, minY: 100, maxX: 110, maxY: 108 }, 100);
    expect(zoomed.every((it) => it.x >= 99 && it.x <= 111)).toBe(true);
  });

  it('leaves single points unclustered with their own index', () => {
    const c = make([
      [10, 10],
      [900, 700],
    ]);
    const items = c.query(everything, 1);
    expect(items.map((it) => [it.count, it.index]).sort()).toEqual([
      [1, 0],
      [1, 1],
    ]);
  });
});
