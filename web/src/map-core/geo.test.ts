import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latLonToMap } from '@mapnest/shared/map-geo';
import { latLonToNormalised } from './geo';

describe('latLonToNormalised', () => {
  it('agrees with the shared calibration', () => {
    fc.assert(
      fc.property(fc.double({ min: -80, max: 80, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lon) => {
        const extent = [-30, -40, 60, 70] as const;
        const a = latLonToNormalised([lat, lon], extent);
        const b = latLonToMap([lat, lon], extent);
        expect(a[0]).toBeCloseTo(b[0], 9);
        expect(a[1]).toBeCloseTo(b[1], 9);
      }),
    );
  });

  it('puts the extent corners on the image corners', () => {
    expect(latLonToNormalised([70, -30], [-30, -40, 60, 70])).toEqual([0, 0]);
    const br = latLonToNormalised([-40, 60], [-30, -40, 60, 70]);
    expect(br[0]).toBeCloseTo(1);
    expect(br[1]).toBeCloseTo(1);
  });
});
