import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PointIndex, pointsInRange, pointsWithin } from './spatial-index';

const coord = fc.double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true });
// Multiples of 1/8 keep squared distances exact, so the brute force and the index agree on the boundary.
const grid = fc.integer({ min: -8000, max: 8000 }).map((v) => v / 8);
const points = fc.array(fc.tuple(coord, coord), { maxLength: 600 });

function build(pts: [number, number][], nodeSize?: number): PointIndex {
  return new PointIndex(
    pts.map((p) => p[0]),
    pts.map((p) => p[1]),
    nodeSize,
  );
}

describe('PointIndex', () => {
  it('finds exactly the points a brute-force scan finds in a rectangle', () => {
    fc.assert(
      fc.property(points, coord, coord, coord, coord, fc.integer({ min: 2, max: 16 }), (pts, a, b, c, d, nodeSize) => {
        const [minX, maxX] = a < b ? [a, b] : [b, a];
        const [minY, maxY] = c < d ? [c, d] : [d, c];
        const got = pointsInRange(build(pts, nodeSize), minX, minY, maxX, maxY).sort((p, q) => p - q);
        const want = pts.flatMap(([x, y], i) => (x >= minX && x <= maxX && y >= minY && y <= maxY ? [i] : []));
        expect(got).toEqual(want);
      }),
    );
  });

  it('finds exactly the points within a radius', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(grid, grid), { maxLength: 600 }),
        grid,
        grid,
        fc.integer({ min: 0, max: 6400 }).map((v) => v / 8),
        (pts, x, y, r) => {
          const got = pointsWithin(build(pts, 4), x, y, r).sort((p, q) => p - q);
          const want = pts.flatMap(([px, py], i) => ((px - x) ** 2 + (py - y) ** 2 <= r * r ? [i] : []));
          expect(got).toEqual(want);
        },
      ),
    );
  });

  it('handles an empty set and duplicate points', () => {
    expect(pointsInRange(build([]), -1, -1, 1, 1)).toEqual([]);
    const dup = build(
      Array.from({ length: 200 }, () => [5, 5] as [number, number]),
      8,
    );
    expect(pointsInRange(dup, 5, 5, 5, 5)).toHaveLength(200);
  });

  it('rejects coordinate arrays of different lengths', () => {
    expect(() => new PointIndex([1, 2], [1])).toThrow('as many x as y');
  });

  it('indexes 100,000 points', () => {
    const n = 100_000;
    const xs = new Float64Array(n);
    const ys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      xs[i] = (i * 7919) % 1000;
      ys[i] = (i * 104729) % 1000;
    }
    const index = new PointIndex(xs, ys);
    let count = 0;
    for (let i = 0; i < n; i++) if (xs[i]! >= 100 && xs[i]! <= 200 && ys[i]! >= 300 && ys[i]! <= 350) count++;
    expect(pointsInRange(index, 100, 300, 200, 350)).toHaveLength(count);
  });
});
