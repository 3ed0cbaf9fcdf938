/**
 * GeoJSON and KML points for geo-calibrated maps: each Point feature (or Placemark) becomes a
 * location placed by latitude/longitude. Other geometry is reported, not guessed at; a bad feature
 * stops the import with its position in the file.
 */
import { locationSchema, MERCATOR_MAX_LAT, type Location, type MapDocument } from '@mapnest/shared/map-document';
import { latLonToMap } from '@mapnest/shared/map-geo';
import { toId, uniqueId } from '@mapnest/shared/map-ids';
import { CsvCellProblem, CsvReferences } from '../../../viewer/csv/cells';
import { importedFloor } from './import-floor';

export interface GeoPoint {
  /** Where it is in the file: "feature 3" or "line 42". */
  where: string;
  id?: string;
  name?: string;
  description?: string;
  /** The floor the feature names (its `floor` or `level` property), with the property's name. */
  floor?: { value: string; property: string };
  lat: number;
  lon: number;
}

export interface GeoImport {
  locations: Location[];
  issues: string[];
  /** Features skipped because they are not points (lines, polygons). */
  skipped: number;
  /** The ids of the locations that go on a floor their feature names. */
  floorNamed: string[];
}

/** The properties that name a feature's floor: `floor`, or `level` as OSM's indoor tagging writes it. */
const FLOOR_PROPERTIES = ['floor', 'level'] as const;

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Point features of a GeoJSON text (FeatureCollection, Feature or bare Point). */
export function parseGeoJson(text: string): { points: GeoPoint[]; issues: string[]; skipped: number } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return {
      points: [],
      issues: [`The file is not valid JSON (${e instanceof Error ? e.message : String(e)})`],
      skipped: 0,
    };
  }
  const root = json as { type?: unknown; features?: unknown };
  const features: unknown[] =
    root?.type === 'FeatureCollection' && Array.isArray(root.features)
      ? root.features
      : root?.type === 'Feature'
        ? [root]
        : root?.type === 'Point'
          ? [{ type: 'Feature', geometry: root, properties: {} }]
          : [];
  if (features.length === 0)
    return {
      points: [],
      issues: ['The file has no GeoJSON features (expected a FeatureCollection of Points)'],
      skipped: 0,
    };
  const points: GeoPoint[] = [];
  const issues: string[] = [];
  let skipped = 0;
  features.forEach((f, i) => {
    const where = `feature ${i + 1}`;
    const feature = f as {
      geometry?: { type?: unknown; coordinates?: unknown };
      properties?: Record<string, unknown>;
      id?: unknown;
    };
    const g = feature?.geometry;
    if (!g || g.type !== 'Point') {
      skipped++;
      return;
    }
    const c = g.coordinates;
    if (!Array.isArray(c) || c.length < 2 || typeof c[0] !== 'number' || typeof c[1] !== 'number') {
      issues.push(`${where}: the point's coordinates are not [longitude, latitude]`);
      return;
    }
    const p = feature.properties ?? {};
    const floorProperty = FLOOR_PROPERTIES.find((k) => str(p[k]) !== '');
    points.push({
      floor: floorProperty && { value: str(p[floorProperty]), property: floorProperty },
      where,
      id: str(p.id) || str(feature.id) || undefined,
      name: str(p.name) || str(p.title) || undefined,
      description: str(p.description) || str(p.about) || undefined,
      lon: c[0],
      lat: c[1],
    });
  });
  return { points, issues, skipped };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function xmlText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  if (cdata) return cdata[1]!.trim();
  return raw
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
      e[0] === '#'
        ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
        : (ENTITIES[e] ?? m),
    )
    .trim();
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Point placemarks of a KML text. */
export function parseKml(text: string): { points: GeoPoint[]; issues: string[]; skipped: number } {
  if (!/<kml[\s>]/i.test(text)) return { points: [], issues: ['The file is not KML (no <kml> element)'], skipped: 0 };
  const points: GeoPoint[] = [];
  const issues: string[] = [];
  let skipped = 0;
  const re = /<Placemark\b([^>]*)>([\s\S]*?)<\/Placemark>/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const where = `line ${lineAt(text, m.index)}`;
    const body = m[2]!;
    const point = /<Point\b[^>]*>[\s\S]*?<coordinates>([\s\S]*?)<\/coordinates>[\s\S]*?<\/Point>/i.exec(body);
    if (!point) {
      skipped++;
      continue;
    }
    const parts = point[1]!
      .trim()
      .split(/\s*,\s*/)
      .map(Number);
    if (parts.length < 2 || !Number.isFinite(parts[0]) || !Number.isFinite(parts[1])) {
      issues.push(`${where}: the placemark's coordinates "${point[1]!.trim()}" are not longitude,latitude`);
      continue;
    }
    const tag = (name: string) => {
      const t = new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`, 'i').exec(body);
      return t ? xmlText(t[1]!) : undefined;
    };
    const attrId = /\bid\s*=\s*"([^"]*)"/.exec(m[1]!)?.[1];
    points.push({
      where,
      id: attrId || undefined,
      name: tag('name'),
      description: tag('description'),
      lon: parts[0]!,
      lat: parts[1]!,
    });
  }
  if (points.length === 0 && issues.length === 0 && skipped === 0) issues.push('The KML file has no placemarks');
  return { points, issues, skipped };
}

/**
 * The floor of a point on a map with several floors: the one its feature names (by id or name, as a CSV's column of
 * floors), else as `importedFloor` says. On a map of one floor the points have none, as before floors.
 */
function pointFloor(
  p: GeoPoint,
  doc: MapDocument,
  id: string,
  { floor, refs }: { floor: string | null; refs: CsvReferences },
): { layer?: string; named?: true; problem?: string } {
  if (doc.layers.length < 2) return {};
  if (!p.floor) return { layer: importedFloor(doc, id, floor) };
  try {
    return { layer: refs.layer(p.floor.value), named: true };
  } catch (e) {
    if (!(e instanceof CsvCellProblem)) throw e;
    const floors = doc.layers.map((l) => l.name).join(', ');
    return { problem: `${p.where}: its ${p.floor.property} "${p.floor.value}" is not a floor of this map (${floors})` };
  }
}

/**
 * Points as locations of a geo-calibrated map; points outside the map or the world, or naming a floor the map does
 * not have, are issues. `floor` is the floor of the new locations whose feature names none (see `pointFloor`).
 */
export function pointsToLocations(
  parsed: { points: GeoPoint[]; issues: string[]; skipped: number },
  doc: MapDocument,
  { floor = null }: { floor?: string | null } = {},
): GeoImport {
  const issues = [...parsed.issues];
  const geo = doc.settings.geo;
  if (!geo)
    return {
      locations: [],
      issues: [
        'This map is not geo-calibrated, so latitude/longitude cannot be placed (set the calibration in Settings, or start from a built-in map)',
      ],
      skipped: parsed.skipped,
      floorNamed: [],
    };
  const refs = new CsvReferences(doc);
  const floorNamed: string[] = [];
  const taken = new Set(doc.locations.map((l) => l.id));
  const inFile = new Set<string>();
  const locations: Location[] = [];
  for (const p of parsed.points) {
    if (Math.abs(p.lat) > MERCATOR_MAX_LAT || Math.abs(p.lon) > 180) {
      issues.push(
        `${p.where}: ${p.lat}, ${p.lon} is not a latitude (±85) and longitude (±180); GeoJSON and KML list longitude first`,
      );
      continue;
    }
    const [x, y] = latLonToMap([p.lat, p.lon], geo.extent);
    if (x < 0 || x > 1 || y < 0 || y > 1) {
      issues.push(`${p.where}: ${p.lat}, ${p.lon} is outside this map's area`);
      continue;
    }
    const raw = p.id ? toId(p.id) : '';
    if (raw && inFile.has(raw)) {
      issues.push(`${p.where}: the id "${raw}" is used twice in the file`);
      continue;
    }
    const id = raw || uniqueId(toId(p.name ?? '') || 'location', new Set([...taken, ...inFile]), 'location');
    const placed = pointFloor(p, doc, id, { floor, refs });
    if (placed.problem) {
      issues.push(placed.problem);
      continue;
    }
    inFile.add(id);
    const loc = locationSchema.safeParse({
      id,
      ...(placed.layer && { layer: placed.layer }),
      title: p.name?.slice(0, 200),
      about: p.description && !/<[a-z]/i.test(p.description) ? p.description.slice(0, 2000) : undefined,
      desc: p.description && /<[a-z]/i.test(p.description) ? p.description.slice(0, 20000) : undefined,
      latlon: [Math.round(p.lat * 1e6) / 1e6, Math.round(p.lon * 1e6) / 1e6],
    });
    if (!loc.success) {
      issues.push(`${p.where}: ${loc.error.issues[0]!.path.join('.')}: ${loc.error.issues[0]!.message}`);
      continue;
    }
    locations.push(loc.data);
    if (placed.named) floorNamed.push(id);
  }
  return { locations, issues, skipped: parsed.skipped, floorNamed };
}
