import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_GLIDE_SPEED,
  VelocityTracker,
  capVelocity,
  glideDistance,
  glideDuration,
  glideOffset,
  shouldGlide,
} from './inertia';

describe('VelocityTracker', () => {
  it('measures the speed of the last 100 ms of a drag', () => {
    const v = new VelocityTracker();
    for (let t = 0; t <= 300; t += 16) v.add(t, t < 100 ? 0 : (t - 100) * 2, 0);
    const vel = v.velocity(300);
    expect(vel.vx).toBeCloseTo(2, 1);
    expect(vel.vy).toBe(0);
  });

  it('reports no velocity when the pointer rested before release', () => {
    const v = new VelocityTracker();
    v.add(0, 0, 0);
    v.add(16, 10, 0);
    expect(v.velocity(200)).toEqual({ vx: 0, vy: 0 });
  });
});

describe('glide', () => {
  it('moves monotonically towards the total distance and never past it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (vx, t1, t2) => {
          const v = { vx, vy: 0 };
          const [a, b] = t1 < t2 ? [t1, t2] : [t2, t1];
          const da = glideOffset(v, a).dx;
          const db = glideOffset(v, b).dx;
          const total = glideDistance(v).dx;
          return Math.abs(da) <= Math.abs(db) + 1e-9 && Math.abs(db) <= Math.abs(total) + 1e-9;
        },
      ),
    );
  });

  it('ends within half a pixel of the total distance', () => {
    const v = { vx: 1.5, vy: -0.5 };
    const end = glideOffset(v, glideDuration(v));
    const total = glideDistance(v);
    expect(Math.hypot(end.dx - total.dx, end.dy - total.dy)).toBeLessThanOrEqual(0.5 + 1e-9);
  });

  it('caps flicks and ignores slow releases', () => {
    const c = capVelocity({ vx: 30, vy: 40 });
    expect(Math.hypot(c.vx, c.vy)).toBeCloseTo(MAX_GLIDE_SPEED);
    expect(c.vx / c.vy).toBeCloseTo(0.75);
    expect(shouldGlide({ vx: 0.01, vy: 0 })).toBe(false);
    expect(shouldGlide({ vx: 0.5, vy: 0 })).toBe(true);
  });
});
