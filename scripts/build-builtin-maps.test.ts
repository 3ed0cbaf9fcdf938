/**
 * The generated built-in maps are consistent: every catalogue entry has its SVG and regions, each
 * region is a path id in the SVG, and regions sit where their latitude/longitude says (calibration).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapToLatLon } from '@mapnest/shared/map-geo';

const dir = path.resolve(import.meta.dirname, '../web/public/builtin');
const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as {
  id: string;
  file: string;
  width: number;
  height: number;
  extent: [number, number, number, number];
  regionCount: number;
}[];
const regionsOf = (id: string) =>
  (
    JSON.parse(readFileSync(path.join(dir, `${id}.json`), 'utf8')) as {
      regions: { id: string; name: string; coord: [number, number] }[];
    }
  ).regions;

describe('built-in maps', () => {
  it('offers the world, continents, the USA states and several countries', () => {
    const ids = index.map((m) => m.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'world',
        'europe',
        'africa',
        'asia',
        'north-america',
        'south-america',
        'oceania',
        'usa',
        'france',
        'germany',
        'united-kingdom',
      ]),
    );
  });

  it('has for each map an SVG of the stated size with a path for every region', () => {
    for (const m of index) {
      const svg = readFileSync(path.join(dir, `${m.id}.svg`), 'utf8');
      expect(existsSync(path.join(dir, `${m.id}.json`))).toBe(true);
      expect(svg).toContain(`viewBox="0 0 ${m.width} ${m.height}"`);
      const regions = regionsOf(m.id);
      expect(regions.length).toBe(m.regionCount);
      for (const r of regions) expect(svg).toContain(`id="${r.id}"`);
    }
  });

  it('puts regions where their latitude and longitude are', () => {
    const near = (mapId: string, regionId: string, lat: number, lon: number, tolerance: number) => {
      const m = index.find((x) => x.id === mapId)!;
      const r = regionsOf(mapId).find((x) => x.id === regionId)!;
      const [rlat, rlon] = mapToLatLon(r.coord, m.extent);
      expect(Math.abs(rlat - lat)).toBeLessThan(tolerance);
      expect(Math.abs(rlon - lon)).toBeLessThan(tolerance);
    };
    near('world', 'FR', 46.5, 2.5, 3);
    near('world', 'BR', -10, -53, 5);
    near('europe', 'DE', 51, 10.4, 2);
    near('usa', 'TX', 31.3, -99.3, 2);
    near('usa', 'CO', 39, -105.5, 1);
    near('japan', 'JP', 36.5, 138, 4);
  });
});
