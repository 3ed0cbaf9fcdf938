import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARKER_KINDS, hitsMarker, markerBox, maxMarkerExtent, pinHeadCentre } from './marker-geometry';

describe('marker geometry', () => {
  it('hits the pin on its head and tip, not beside the tip', () => {
    const head = pinHeadCentre(1);
    expect(hitsMarker('pin', 1, 0, head.y)).toBe(true);
    expect(hitsMarker('pin', 1, 0, -1)).toBe(true);
    expect(hitsMarker('pin', 1, 12, -2)).toBe(false);
    expect(hitsMarker('pin', 1, 0, 20)).toBe(false);
  });

  it('never hits a hidden marker', () => {
    expect(hitsMarker('hidden', 1, 0, 0)).toBe(false);
  });

  it('only hits inside the box grown by the slop, for every kind and scale', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MARKER_KINDS),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.double({ min: -200, max: 200, noNaN: true }),
        (kind, scale, dx, dy) => {
          if (!hitsMarker(kind, scale, dx, dy, 40)) return true;
          const b = markerBox(kind, scale, 40);
          return dx >= b.left - 4 && dx <= b.right + 4 && dy >= b.top - 4 && dy <= b.bottom + 4;
        },
      ),
    );
  });

  it('bounds every marker by the maximum extent', () => {
    for (const kind of MARKER_KINDS) {
      const b = markerBox(kind, 2, 100);
      const m = maxMarkerExtent(2, 100);
      expect(Math.max(-b.left, -b.top, b.right, b.bottom)).toBeLessThanOrEqual(m);
    }
  });
});
