import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { latLonToMap, locationPoint, mapToLatLon, type GeoExtent } from './map-geo';

const europe: GeoExtent = [-25, 34, 45, 72];

describe('latLonToMap', () => {
  it('puts the extent corners at the map corners', () => {
    expect(latLonToMap([72, -25], europe)).toEqual([0, 0]);
    const [x, y] = latLonToMap([34, 45], europe);
    expect(x).toBeCloseTo(1, 12);
    expect(y).toBeCloseTo(1, 12);
  });

  it('stretches latitudes as Web Mercator does', () => {
    // 53°N is halfway between 34°N and 72°N, but the stretched north takes more than half the image:
    // (ln tan 81° - ln tan 71.5°) / (ln tan 81° - ln tan 62°) = 0.6175.
    const [x, y] = latLonToMap([53, 10], europe);
    expect(y).toBeCloseTo(0.6175, 4);
    expect(x).toBeCloseTo(0.5, 12);
  });

  it('is undone by mapToLatLon', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (x, y) => {
        const [bx, by] = latLonToMap(mapToLatLon([x, y], europe), europe);
        expect(bx).toBeCloseTo(x, 9);
        expect(by).toBeCloseTo(y, 9);
      }),
    );
  });
});

describe('locationPoint', () => {
  const geo = { geo: { extent: [-10, 40, 10, 60] as [number, number, number, number] } };

  it('prefers the coord', () => {
    expect(locationPoint({ coord: [0.1, 0.2], latlon: [50, 0] }, geo)).toEqual([0.1, 0.2]);
  });

  it('places a location with only a latlon on a geo-calibrated map', () => {
    const [x, y] = locationPoint({ latlon: [48.8566, 2.3522] }, geo)!;
    expect(x).toBeCloseTo(0.6176, 4);
    expect(y).toBeGreaterThan(0.5);
    expect(y).toBeLessThan(1);
  });

  it('clamps a latlon outside the extent to the map edge', () => {
    expect(locationPoint({ latlon: [0, 100] }, geo)).toEqual([1, 1]);
  });

  it('has no point without a coord, or without calibration', () => {
    expect(locationPoint({}, geo)).toBeUndefined();
    expect(locationPoint({ latlon: [50, 0] }, { geo: null })).toBeUndefined();
  });
});
