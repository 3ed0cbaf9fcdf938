/**
 * The generated built-in maps are consistent: every catalogue entry has its SVG and regions, each
 * region is a path id in the SVG with its centre inside its shape, regions sit where their latitude/longitude
 * says (calibration), and the country maps have their first-level subdivisions as regions.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapToLatLon } from '@mapnest/shared/map-geo';
import { dissolve, type Ring } from './builtin-maps/subdivisions';

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

  it('draws every border at a steady width on screen, under the fill, whatever the map’s size and zoom', () => {
    for (const m of index) {
      const style = /<style>([^<]*)<\/style>/.exec(readFileSync(path.join(dir, `${m.id}.svg`), 'utf8'))?.[1];
      expect(style, m.id).toContain(
        'path{fill:#dfe4ea;stroke:#fff;stroke-width:1.5;vector-effect:non-scaling-stroke;paint-order:stroke;',
      );
    }
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
    near('japan', 'JP-13', 35.7, 139.4, 0.5);
    near('france', 'FR-IDF', 48.7, 2.5, 0.5);
    near('germany', 'DE-BY', 48.9, 11.4, 0.5);
    near('united-kingdom', 'GB-SCT', 56.8, -4.2, 1);
    near('canada', 'CA-ON', 50, -86, 3);
    near('australia', 'AU-NSW', -32.2, 147, 1.5);
    near('brazil', 'BR-SP', -22.3, -48.7, 1);
    near('india', 'IN-MH', 19.5, 76.1, 1);
  });

  it('puts each region’s centre inside its own shape', () => {
    for (const m of index) {
      const svg = readFileSync(path.join(dir, `${m.id}.svg`), 'utf8');
      for (const r of regionsOf(m.id)) {
        const d = new RegExp(`<path id="${r.id}"[^>]* d="([^"]*)"`).exec(svg)?.[1] ?? '';
        const rings = d
          .split('Z')
          .filter(Boolean)
          .map((sub) =>
            sub
              .slice(1)
              .split('L')
              .map((p) => p.split(' ').map(Number) as [number, number]),
          );
        expect(inside(rings, [r.coord[0] * m.width, r.coord[1] * m.height]), `${m.id} ${r.id}`).toBe(true);
      }
    }
  });
});

/** Even-odd: inside a shape drawn as these rings. */
function inside(rings: [number, number][][], [x, y]: [number, number]): boolean {
  let odd = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  return odd;
}

describe('the country maps', () => {
  // What Natural Earth's admin-1 layer gives within each map's extent: France's 13 metropolitan regions (from its
  // departments), the UK's four nations (from its council areas), Canada's 10 provinces and 3 territories,
  // Australia's 6 states and 2 mainland territories, Brazil's 26 states and federal district, India's 28 states and
  // 8 union territories, Japan's 47 prefectures but Okinawa (south of the map).
  const COUNTRIES: Record<string, [string, number]> = {
    france: ['FR', 13],
    germany: ['DE', 16],
    'united-kingdom': ['GB', 4],
    canada: ['CA', 13],
    australia: ['AU', 8],
    brazil: ['BR', 27],
    india: ['IN', 36],
    japan: ['JP', 46],
  };

  it.each(Object.entries(COUNTRIES))('%s has its first-level subdivisions as regions', (id, [code, count]) => {
    const m = index.find((x) => x.id === id)!;
    const regions = regionsOf(id);
    expect(regions).toHaveLength(count);
    expect(new Set(regions.map((r) => r.id)).size).toBe(count);
    for (const r of regions) {
      expect(r.id, r.name).toMatch(new RegExp(`^${code}-[A-Z0-9]{1,3}$`));
      expect(r.name.trim(), r.id).not.toBe('');
      for (const v of r.coord) expect(v > 0 && v < 1, `${r.id} at ${r.coord.join(', ')}`).toBe(true);
    }
    // Inside a group with the country's id, so a location made for the whole country before keeps its shape.
    const svg = readFileSync(path.join(dir, `${id}.svg`), 'utf8');
    const group = new RegExp(`<g id="${code}"[^>]*>([\\s\\S]*?)</g>`).exec(svg)?.[1] ?? '';
    for (const r of regions) expect(group).toContain(`<path id="${r.id}"`);
    expect(statSync(path.join(dir, m.file.replace('/builtin/', ''))).size).toBeLessThan(300_000);
  });

  it('names the subdivisions in English, with current ISO 3166-2 codes', () => {
    const name = (map: string, id: string) => regionsOf(map).find((r) => r.id === id)?.name;
    expect(name('france', 'FR-BRE')).toBe('Brittany');
    expect(name('france', 'FR-20R')).toBe('Corsica');
    expect(name('germany', 'DE-BY')).toBe('Bavaria');
    expect(name('united-kingdom', 'GB-NIR')).toBe('Northern Ireland');
    expect(name('canada', 'CA-QC')).toBe('Quebec');
    expect(name('brazil', 'BR-DF')).toBe('Federal District');
    expect(name('india', 'IN-TS')).toBe('Telangana');
    expect(name('japan', 'JP-13')).toBe('Tokyo');
    expect(name('japan', 'JP-01')).toBe('Hokkaido');
  });
});

describe('dissolve', () => {
  const square = (x: number, y: number, size: number): Ring => [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
    [x, y],
  ];
  const area = (ring: Ring) => ring.slice(1).reduce((a, p, i) => a + ring[i]![0] * p[1] - p[0] * ring[i]![1], 0) / 2;

  it('joins polygons along their shared border and keeps the holes of enclaves', () => {
    // A 3x3 square with a 1x1 enclave, and a 1x3 strip along its right side.
    const withHole: Ring[] = [square(0, 0, 3), square(1, 1, 1).reverse()];
    const strip: Ring = [
      [3, 0],
      [4, 0],
      [4, 3],
      [3, 3],
      [3, 0],
    ];
    const [joined, ...more] = dissolve([withHole, [strip]]);
    expect(more).toEqual([]);
    expect(joined).toHaveLength(2);
    expect(area(joined![0]!)).toBe(12);
    expect(area(joined![1]!)).toBe(-1);
  });

  it('keeps polygons that do not touch apart', () => {
    const parts = dissolve([[square(0, 0, 1)], [square(5, 5, 2)]]);
    expect(parts.map((p) => area(p[0]!)).sort()).toEqual([1, 4]);
  });
});
