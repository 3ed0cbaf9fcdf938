import { describe, expect, it } from 'vitest';
import { partialPolyline, pathData } from './overlay';

describe('route drawing geometry', () => {
  it('cuts a polyline at a share of its length', () => {
    const pts: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 10],
    ];
    expect(partialPolyline(pts, 0.25)).toEqual([
      [0, 0],
      [5, 0],
    ]);
    expect(partialPolyline(pts, 0.75)).toEqual([
      [0, 0],
      [10, 0],
      [10, 5],
    ]);
    expect(partialPolyline(pts, 1)).toEqual(pts);
  });

  it('rounds corners by at most half the shorter leg', () => {
    expect(
      pathData(
        [
          [0, 0],
          [10, 0],
          [10, 10],
        ],
        0,
      ),
    ).toBe('M0 0L10 0L10 10');
    expect(
      pathData(
        [
          [0, 0],
          [10, 0],
          [10, 10],
        ],
        2,
      ),
    ).toBe('M0 0L8 0Q10 0 10 2L10 10');
    expect(
      pathData(
        [
          [0, 0],
          [4, 0],
          [4, 10],
        ],
        50,
      ),
    ).toBe('M0 0L2 0Q4 0 4 2L4 10');
  });
});
