/**
 * Generates the editor's built-in geographic maps into web/public/builtin/: SVGs in Web Mercator with
 * one path per country (id = ISO 3166-1 alpha-2) or US state (id = postal code), a catalogue
 * (index.json) with each map's size and geo extent, and per map the regions' names and centres, so a
 * new map can start with one location per region and latitude/longitude imports land in the right place.
 *
 * Sources: Natural Earth 4.1 via world-atlas (public domain data, ISC package), US Census Bureau
 * boundaries via us-atlas (public domain data, ISC package). Run: npx tsx scripts/build-builtin-maps.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'i18n-iso-countries';
import { countries as countryInfo } from 'countries-list';
import type { BuiltinMap } from '../web/src/features/editor/builtin-maps';

const require = createRequire(import.meta.url);
const OUT = path.resolve(import.meta.dirname, '../web/public/builtin');
const WIDTH = 1200;

type Ring = [number, number][];
interface Region {
  id: string;
  name: string;
  continent: string | null;
  /** Polygons: each a list of rings (outer first), in [lon, lat]. */
  polygons: Ring[][];
}

const mercY = (lat: number) =>
  Math.log(Math.tan(Math.PI / 4 + (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 360));

function load(file: string, object: string): GeoJSON.Feature[] {
  const topo = JSON.parse(readFileSync(require.resolve(file), 'utf8')) as Topology;
  return (feature(topo, topo.objects[object] as GeometryCollection) as GeoJSON.FeatureCollection).features;
}

function polygonsOf(f: GeoJSON.Feature): Ring[][] {
  const g = f.geometry;
  if (!g) return [];
  if (g.type === 'Polygon') return [g.coordinates as Ring[]];
  if (g.type === 'MultiPolygon') return g.coordinates as Ring[][];
  return [];
}

const toId = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

function worldRegions(file: string): Region[] {
  const taken = new Set<string>();
  return load(file, 'countries').flatMap((f) => {
    const name = String(f.properties?.name ?? '');
    const numeric = f.id === undefined ? '' : String(f.id).padStart(3, '0');
    let id = (numeric && countries.numericToAlpha2(numeric)) || toId(name);
    if (!id || taken.has(id)) id = `${toId(name) || 'region'}-${numeric || taken.size}`;
    taken.add(id);
    const info = (countryInfo as Record<string, { continent?: string }>)[id];
    const polygons = polygonsOf(f);
    return polygons.length ? [{ id, name, continent: info?.continent ?? null, polygons }] : [];
  });
}

const STATE_CODES: Record<string, string> = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'District of Columbia': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  Washington: 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
};

function usRegions(): Region[] {
  return load('us-atlas/states-10m.json', 'states').flatMap((f) => {
    const name = String(f.properties?.name ?? '');
    const id = STATE_CODES[name];
    return id ? [{ id, name, continent: 'NA', polygons: polygonsOf(f) }] : [];
  });
}

/**
 * A ring that crosses the antimeridian (Russia's Chukotka, Fiji) jumps from +180 to -180; drawn as is it
 * sweeps across the whole map. Keeping longitudes continuous instead (past 180 where needed) draws it
 * whole, and the part beyond the map's edge is clipped by the SVG's viewBox.
 */
function unwrap(ring: Ring): Ring {
  let offset = 0;
  let prev = ring[0]?.[0] ?? 0;
  return ring.map(([lon, lat]) => {
    if (lon - prev > 180) offset -= 360;
    else if (lon - prev < -180) offset += 360;
    prev = lon;
    return [lon + offset, lat];
  });
}

type Extent = BuiltinMap['extent'];

/** An entry of the index the editor reads (BuiltinMap), with its regions before they are counted. */
type BuiltMap = Omit<BuiltinMap, 'regionCount'> & { regions: { id: string; name: string; coord: [number, number] }[] };

/**
 * A projected ring: its signed area and centroid (shoelace formula), and its path data rounded to a tenth of a
 * pixel with points closer than 0.6 px merged ('' when fewer than three points remain).
 */
function ringShape(pts: [number, number][]): { area: number; cx: number; cy: number; d: string } {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x0, y0] = pts[i]!;
    const [x1, y1] = pts[(i + 1) % pts.length]!;
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  area /= 2;
  const simplified: [number, number][] = [];
  for (const p of pts) {
    const q: [number, number] = [Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10];
    const last = simplified[simplified.length - 1];
    if (!last || Math.hypot(q[0] - last[0], q[1] - last[1]) >= 0.6) simplified.push(q);
  }
  const d = simplified.length < 3 ? '' : `M${simplified.map((p) => `${p[0]} ${p[1]}`).join('L')}Z`;
  return { area, cx: cx / (6 * area), cy: cy / (6 * area), d };
}

/** Projects and writes one map; `focus` regions get locations, the rest are drawn as context. */
function build(spec: {
  id: string;
  name: string;
  kind: BuiltMap['kind'];
  description: string;
  extent: Extent;
  regions: Region[];
  focus: (r: Region) => boolean;
  minArea: number;
}): BuiltMap {
  const [minLon, minLat, maxLon, maxLat] = spec.extent;
  const top = mercY(maxLat);
  const height = Math.round((WIDTH * (top - mercY(minLat))) / (((maxLon - minLon) * Math.PI) / 180));
  const px = ([lon, lat]: [number, number]): [number, number] => [
    ((lon - minLon) / (maxLon - minLon)) * WIDTH,
    ((top - mercY(lat)) / (top - mercY(minLat))) * height,
  ];
  const inView = (r: Region) =>
    r.polygons.some((p) =>
      p[0]!.some(([lon, lat]) => lon >= minLon - 5 && lon <= maxLon + 5 && lat >= minLat - 5 && lat <= maxLat + 5),
    );
  const paths: string[] = [];
  const regions: BuiltMap['regions'] = [];
  for (const r of spec.regions.filter(inView)) {
    let d = '';
    let best: { area: number; cx: number; cy: number } | null = null;
    for (const poly of r.polygons) {
      poly.forEach((ring, k) => {
        const shape = ringShape(unwrap(ring).map(px));
        // Specks below the size of a pixel or two are dropped; they only weigh the file down.
        if (Math.abs(shape.area) < spec.minArea) return;
        if (k === 0 && (!best || Math.abs(shape.area) > best.area))
          best = { area: Math.abs(shape.area), cx: shape.cx, cy: shape.cy };
        d += shape.d;
      });
    }
    if (!d) continue;
    const focus = spec.focus(r);
    const title = r.name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    paths.push(focus ? `<path id="${r.id}" data-name="${title}" d="${d}"/>` : `<path class="context" d="${d}"/>`);
    const b = best as { cx: number; cy: number } | null;
    if (focus && b && b.cx >= 0 && b.cx <= WIDTH && b.cy >= 0 && b.cy <= height) {
      regions.push({
        id: r.id,
        name: r.name,
        coord: [Math.round((b.cx / WIDTH) * 1e5) / 1e5, Math.round((b.cy / height) * 1e5) / 1e5],
      });
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">
<!-- ${spec.name}: Web Mercator, extent ${spec.extent.join(', ')} (lon/lat). Natural Earth / US Census Bureau data, public domain. -->
<style>path{fill:#dfe4ea;stroke:#fff;stroke-width:0.6;stroke-linejoin:round}path.context{fill:#eef1f4}</style>
<rect width="${WIDTH}" height="${height}" fill="#f8fafc"/>
${paths.join('\n')}
</svg>
`;
  writeFileSync(path.join(OUT, `${spec.id}.svg`), svg);
  regions.sort((a, b) => a.name.localeCompare(b.name));
  return {
    id: spec.id,
    name: spec.name,
    kind: spec.kind,
    description: spec.description,
    file: `/builtin/${spec.id}.svg`,
    width: WIDTH,
    height,
    extent: spec.extent,
    regions,
  };
}

mkdirSync(OUT, { recursive: true });
const world110 = worldRegions('world-atlas/countries-110m.json');
const world50 = worldRegions('world-atlas/countries-50m.json');
const maps: BuiltMap[] = [];
const all = () => true;

maps.push(
  build({
    id: 'world',
    name: 'World',
    kind: 'world',
    description: 'Every country (Antarctica left out: Web Mercator cannot show the poles).',
    extent: [-180, -58, 180, 84],
    regions: world110.filter((r) => r.continent !== 'AN'),
    focus: all,
    minArea: 1.5,
  }),
);

const CONTINENTS: { id: string; code: string; name: string; extent: Extent }[] = [
  { id: 'europe', code: 'EU', name: 'Europe', extent: [-25, 34, 45, 72] },
  { id: 'africa', code: 'AF', name: 'Africa', extent: [-26, -36, 60, 38] },
  { id: 'asia', code: 'AS', name: 'Asia', extent: [25, -12, 150, 56] },
  { id: 'north-america', code: 'NA', name: 'North America', extent: [-170, 5, -50, 75] },
  { id: 'south-america', code: 'SA', name: 'South America', extent: [-92, -56, -30, 14] },
  { id: 'oceania', code: 'OC', name: 'Oceania', extent: [110, -48, 180, 0] },
];
for (const c of CONTINENTS) {
  maps.push(
    build({
      id: c.id,
      name: c.name,
      kind: 'continent',
      description: `The countries of ${c.name}, with neighbouring land for context.`,
      extent: c.extent,
      regions: world50,
      focus: (r) => r.continent === c.code,
      minArea: 2,
    }),
  );
}

maps.push(
  build({
    id: 'usa',
    name: 'USA (lower 48 states)',
    kind: 'country',
    description: 'The 48 contiguous states and DC (Alaska and Hawaii need maps of their own in Mercator).',
    extent: [-125.5, 24, -66, 49.8],
    regions: usRegions().filter((r) => r.id !== 'AK' && r.id !== 'HI'),
    focus: all,
    minArea: 0.5,
  }),
);

const COUNTRIES: { id: string; code: string; name: string; extent: Extent }[] = [
  { id: 'united-kingdom', code: 'GB', name: 'United Kingdom', extent: [-11, 49.5, 2.5, 61] },
  { id: 'germany', code: 'DE', name: 'Germany', extent: [4.5, 47, 16, 55.3] },
  { id: 'france', code: 'FR', name: 'France', extent: [-5.5, 41, 10, 51.5] },
  { id: 'canada', code: 'CA', name: 'Canada', extent: [-142, 41, -52, 72] },
  { id: 'australia', code: 'AU', name: 'Australia', extent: [112, -44.5, 155, -9.5] },
  { id: 'brazil', code: 'BR', name: 'Brazil', extent: [-75, -34.5, -33, 6] },
  { id: 'india', code: 'IN', name: 'India', extent: [67, 6, 98, 37.5] },
  { id: 'japan', code: 'JP', name: 'Japan', extent: [128, 30, 146.5, 46] },
];
for (const c of COUNTRIES) {
  maps.push(
    build({
      id: c.id,
      name: c.name,
      kind: 'country',
      description: `${c.name} and its neighbours, calibrated for latitude/longitude.`,
      extent: c.extent,
      regions: world50,
      focus: (r) => r.id === c.code,
      minArea: 1,
    }),
  );
}

writeFileSync(
  path.join(OUT, 'index.json'),
  `${JSON.stringify(
    maps.map(({ regions, ...m }) => ({ ...m, regionCount: regions.length })),
    null,
    1,
  )}\n`,
);
for (const m of maps)
  writeFileSync(path.join(OUT, `${m.id}.json`), `${JSON.stringify({ id: m.id, regions: m.regions })}\n`);
console.log(maps.map((m) => `${m.id}: ${m.width}x${m.height}, ${m.regions.length} regions`).join('\n'));
