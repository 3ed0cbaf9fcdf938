import { describe, expect, it } from 'vitest';
import { featurePosition } from './geo-feature';

/** Whether [x, y] is inside a ring (even-odd rule). */
function inside([x, y]: [number, number], ring: [number, number][]): boolean {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

const at = (g: Parameters<typeof featurePosition>[0]): [number, number] => {
  const p = featurePosition(g);
  if (!p || 'problem' in p) throw new Error(`no position: ${JSON.stringify(p)}`);
  return [p.lon, p.lat];
};

describe('where a feature stands', () => {
  it('is its point, or for an area the place inside it farthest from its edges', () => {
    expect(featurePosition({ type: 'Point', coordinates: [2.35, 48.85, 35] })).toEqual({
      lon: 2.35,
      lat: 48.85,
      area: false,
    });
    // A U-shaped building: its centroid is in the courtyard, outside the building; its centre is in a wing.
    const u: [number, number][] = [
      [0, 0],
      [3, 0],
      [3, 3],
      [2, 3],
      [2, 1],
      [1, 1],
      [1, 3],
      [0, 3],
      [0, 0],
    ];
    expect(inside(at({ type: 'Polygon', coordinates: [u] }), u)).toBe(true);
    // A park with a pond in its middle: the centre is on the grass.
    const park: [number, number][] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
      [0, 0],
    ];
    const pond: [number, number][] = [
      [1, 1],
      [3, 1],
      [3, 3],
      [1, 3],
      [1, 1],
    ];
    const onGrass = at({ type: 'Polygon', coordinates: [park, pond] });
    expect([inside(onGrass, park), inside(onGrass, pond)]).toEqual([true, false]);
    expect(featurePosition({ type: 'Polygon', coordinates: [u] })).toMatchObject({ area: true });
  });

  it('stands a campus of several outlines at its largest, and a point-and-area placemark at its point', () => {
    const small: [number, number][] = [
      [10, 10],
      [10.1, 10],
      [10.1, 10.1],
      [10, 10],
    ];
    const large: [number, number][] = [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
      [0, 0],
    ];
    expect(inside(at({ type: 'MultiPolygon', coordinates: [[small], [large]] }), large)).toBe(true);
    expect(
      featurePosition({
        type: 'GeometryCollection',
        geometries: [
          { type: 'Polygon', coordinates: [large] },
          { type: 'Point', coordinates: [1, 1] },
        ],
      }),
    ).toEqual({ lon: 1, lat: 1, area: false });
    expect(
      inside(
        at({
          type: 'GeometryCollection',
          geometries: [
            { type: 'LineString', coordinates: [] },
            { type: 'Polygon', coordinates: [large] },
          ],
        }),
        large,
      ),
    ).toBe(true);
  });

  it('has no one place for a line, and says what is wrong with coordinates that do not read', () => {
    expect(
      featurePosition({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      }),
    ).toBeNull();
    expect(featurePosition({ type: 'MultiLineString', coordinates: [] })).toBeNull();
    expect(featurePosition({ type: 'GeometryCollection', geometries: [{ type: 'LineString' }] })).toBeNull();
    expect(featurePosition({ type: 'Point', coordinates: ['x', 'y'] })).toEqual({
      problem: "the point's coordinates are not [longitude, latitude]",
    });
    for (const coordinates of [
      [],
      [
        [
          [0, 0],
          [1, 1],
        ],
      ],
      [
        [
          [0, 0],
          [1, NaN],
          [1, 1],
        ],
      ],
      'rings',
    ])
      expect(featurePosition({ type: 'Polygon', coordinates })).toEqual({
        problem: "the area's coordinates are not rings of [longitude, latitude]",
      });
    expect(featurePosition({ type: 'MultiPolygon', coordinates: [[]] })).toEqual({
      problem: "the area's coordinates are not rings of [longitude, latitude]",
    });
  });
});
