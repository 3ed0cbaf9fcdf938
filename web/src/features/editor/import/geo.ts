/**
 * GeoJSON, KML and GPX points for geo-calibrated maps: each Point feature (placemark, waypoint) becomes a location
 * placed by latitude/longitude, with what the file says of it: its name and description, its folder (KML) or type
 * (GPX) as its group, its marker colour, its floor, its phone, website, hours and e-mail, and every other property as
 * a custom field, so a Google My Maps export keeps its layers, colours and data columns. An area (a polygon) becomes a
 * location at its centre (./geo-feature.ts); lines are counted, not guessed at; a point with a problem is left out and
 * named with its place in the file. KML and GPX are read into features by ./kml.ts.
 */
import {
  locationSchema,
  MERCATOR_MAX_LAT,
  type Group,
  type Location,
  type MapDocument,
} from '@mapnest/shared/map-document';
import { latLonToMap } from '@mapnest/shared/map-geo';
import { toFieldKey, toId, uniqueId } from '@mapnest/shared/map-ids';
import { MAP_LIMITS as L, RESERVED_FIELD_KEYS, webAddress } from '@mapnest/shared/map-rules';
import { CSV_COLUMN_ALIASES, csvHeaderKey, CsvCellProblem, CsvReferences } from '../../../viewer/csv/cells';
import { escapeHtml } from '../../../viewer/sanitize';
import { featurePosition, markerColor, text, withoutDataLines } from './geo-feature';
import { importedFloor } from './import-floor';

export interface GeoPoint {
  /** Where it is in the file: `feature 3 (“Paris”)`, `placemark 12`. */
  where: string;
  id?: string;
  name?: string;
  /** Its short text, when the file gives one apart from the description (`about`, `summary`). */
  about?: string;
  description?: string;
  /** The description is HTML (KML's HTML descriptions, tags in a GeoJSON value). */
  html?: boolean;
  /** The floor the feature names (its `floor` or `level` property), with the property's name. */
  floor?: { value: string; property: string };
  /** The KML folder it is in (a My Maps layer) or the GPX waypoint's type: its group. */
  folder?: string;
  /** Its marker colour (KML's icon colour, GeoJSON's `marker-color`), as #rgb, #rrggbb or #rrggbbaa. */
  color?: string;
  /** Its other properties as text, in the file's order: built-in ones (phone, website, …) and custom fields. */
  properties: [string, string][];
  /** Custom fields the file names as such (`fields.<key>`, as the exports write those named like a property). */
  fields?: [string, string][];
  lat: number;
  lon: number;
  /** It stands for an area (a polygon), placed at the area's centre. */
  area?: boolean;
}

/** A file's points (an area's at its centre), the problems of those left out, and how many lines it has. */
export interface GeoParsed {
  points: GeoPoint[];
  issues: string[];
  /** Features skipped because they have no one place (lines, tracks). */
  skipped: number;
}

export interface GeoImport {
  locations: Location[];
  /** The groups the locations name that the map does not have yet (folders, categories). */
  groups: Group[];
  issues: string[];
  skipped: number;
  /** How many of the locations stand for areas, placed at their centres. */
  areas: number;
  /** The ids of the locations that go on a floor their feature names. */
  floorNamed: string[];
  /** The custom fields the locations got, in the file's order. */
  fields: string[];
}

/** A feature of a file, with the folder it is in (KML). */
export interface GeoEntry {
  feature: unknown;
  folder?: string;
  /** A KML placemark (see `withoutDataLines`). */
  kml?: boolean;
}

/**
 * The properties (in any case, the first one present) a point's own data is read from; its floor from `floor`, or
 * `level` as OSM's indoor tagging writes it. The GeoJSON export writes the first of each (./export-geo.ts).
 */
export const POINT_PROPERTIES = {
  title: ['name', 'title'],
  about: ['about', 'summary'],
  desc: ['description', 'desc'],
  floor: ['floor', 'level'],
  color: ['marker-color', 'icon-color'],
  id: ['id'],
} as const;
/**
 * The prefix of a property that is a custom field by name (`fields.website`), as the exports write a field the import
 * would read as something else under its own name (see `readsAsField`); as filters name custom fields.
 */
export const FIELD_PREFIX = 'fields.';

/**
 * Properties that only style a feature (simplestyle's marker-color and stroke, what KML's styles become, timestamps):
 * not data, so no custom fields. Marker colours are read apart.
 */
const STYLE_PROPERTY =
  /^(?:style(?:url|hash|maphash)|icon|icon-.+|label-.+|stroke(?:-.+)?|fill(?:-.+)?|marker-.+|visibility|open|timespan|timestamp|coordinateproperties|_gpxtype|@.+)$/;

/**
 * Location properties a feature's property of that name fills besides a CSV header's names: KML's own (`phoneNumber`,
 * My Maps' photos) and OpenStreetMap's contact tags, as Overpass exports them.
 */
const PROPERTY_TARGETS: Readonly<Record<string, 'phone' | 'email' | 'link' | 'hours' | 'image' | 'groups'>> = {
  phonenumber: 'phone',
  gx_media_links: 'image',
  'contact:phone': 'phone',
  'contact:mobile': 'phone',
  'contact:email': 'email',
  'contact:website': 'link',
};
const FILLED = new Set(['phone', 'email', 'link', 'hours', 'image', 'groups']);

/**
 * Whether a property of this name is read back as the custom field of that name: not one of a point's own
 * (POINT_PROPERTIES, in any case), nor a style, nor one a location property takes (a CSV header's name).
 */
export function readsAsField(key: string): boolean {
  const lower = key.toLowerCase();
  const header = csvHeaderKey(key);
  const target = PROPERTY_TARGETS[header] ?? CSV_COLUMN_ALIASES[header];
  return (
    !Object.values(POINT_PROPERTIES).some((names) => (names as readonly string[]).includes(lower)) &&
    !STYLE_PROPERTY.test(lower) &&
    !(target && FILLED.has(target))
  );
}

/** One feature as a point (an area's centre); a string is the problem that leaves it out, null a line (no one place). */
function featurePoint(entry: GeoEntry, where: string): GeoPoint | string | null {
  const feature = entry.feature as {
    geometry?: { type?: unknown; coordinates?: unknown; geometries?: unknown } | null;
    properties?: Record<string, unknown> | null;
    id?: unknown;
  } | null;
  const raw = feature?.properties;
  const props = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  const used = new Set<string>();
  const take = (names: readonly string[]): [string, string] | undefined => {
    for (const name of names)
      for (const key of Object.keys(props))
        if (!used.has(key) && key.toLowerCase() === name && text(props[key]) !== '') {
          used.add(key);
          return [key, text(props[key])];
        }
    return undefined;
  };
  const name = take(POINT_PROPERTIES.title)?.[1];
  const named = name ? `${where} (“${name.slice(0, 60)}”)` : where;
  // A feature without geometry (GeoJSON's null, a placemark whose coordinates do not read) has no place to go.
  const g = feature?.geometry;
  if (!g) return `${named}: it has no position (a point's longitude and latitude)`;
  const at = featurePosition(g);
  if (at === null) return null;
  if ('problem' in at) return `${named}: ${at.problem}`;
  const about = take(POINT_PROPERTIES.about)?.[1];
  const description = take(POINT_PROPERTIES.desc);
  const descriptionIsHtml = description
    ? (props[description[0]] as { '@type'?: unknown })?.['@type'] === 'html' || /<[a-z]/i.test(description[1])
    : false;
  const floor = take(POINT_PROPERTIES.floor);
  const color = take(POINT_PROPERTIES.color);
  const id = take(POINT_PROPERTIES.id)?.[1] || text(feature?.id);
  const fieldKeys = Object.keys(props).filter((k) => k.startsWith(FIELD_PREFIX) && text(props[k]) !== '');
  for (const k of fieldKeys) used.add(k);
  const fields = fieldKeys.map((k): [string, string] => [k.slice(FIELD_PREFIX.length), text(props[k])]);
  const properties: [string, string][] = Object.keys(props)
    .filter((key) => !used.has(key) && !STYLE_PROPERTY.test(key.toLowerCase()))
    .map((key): [string, string] => [key, text(props[key])])
    .filter(([, v]) => v !== '');
  return {
    where: named,
    ...(id && { id }),
    ...(name && { name }),
    ...(about && { about }),
    ...(description && {
      // Only KML's placemarks: My Maps writes them so; a GeoJSON description's lines are the author's.
      description: descriptionIsHtml && entry.kml ? withoutDataLines(description[1], properties) : description[1],
      html: descriptionIsHtml,
    }),
    ...(floor && { floor: { value: floor[1], property: floor[0] } }),
    ...(entry.folder && { folder: entry.folder }),
    ...(color && markerColor(color[1]) && { color: markerColor(color[1]) }),
    properties,
    ...(fields.length && { fields }),
    lon: at.lon,
    lat: at.lat,
    ...(at.area && { area: true }),
  };
}

/** The points of a file's features; `noun` names them in problems ("feature", "placemark", "waypoint"). */
export function featurePoints(entries: readonly GeoEntry[], noun: string): GeoParsed {
  const points: GeoPoint[] = [];
  const issues: string[] = [];
  let skipped = 0;
  entries.forEach((entry, i) => {
    const point = featurePoint(entry, `${noun} ${i + 1}`);
    if (point === null) skipped++;
    else if (typeof point === 'string') issues.push(point);
    else points.push(point);
  });
  return { points, issues, skipped };
}

/** Point features of a GeoJSON text (FeatureCollection, Feature or bare Point). */
export function parseGeoJson(text: string): GeoParsed {
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
  return featurePoints(
    features.map((feature) => ({ feature })),
    'feature',
  );
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

/** The map's group a folder names: the one with that id, else that name or id in any case (as a CSV cell names groups). */
export function groupOfFolder(groups: readonly Group[], folder: string): Group | undefined {
  const key = folder.toLowerCase();
  return (
    groups.find((g) => g.id === folder) ??
    groups.find((g) => g.name.toLowerCase() === key) ??
    groups.find((g) => g.id.toLowerCase() === key)
  );
}

/**
 * The group of each folder the points are in: the map's group with that id, or that name or id in any case (as a CSV
 * cell names groups), else a new one named as the folder, whole (a folder "Cafés, bars" is one group, where a CSV cell
 * of groups would be two).
 */
function folderGroups(points: readonly GeoPoint[], doc: MapDocument): { byFolder: Map<string, string>; made: Group[] } {
  const byFolder = new Map<string, string>();
  const made: Group[] = [];
  const taken = new Set(doc.groups.map((g) => g.id));
  const room = L.groups - doc.groups.length;
  for (const folder of new Set(points.map((p) => p.folder).filter((f): f is string => !!f))) {
    const key = folder.toLowerCase();
    const known = groupOfFolder(doc.groups, folder);
    if (known) byFolder.set(folder, known.id);
    else if (made.length < room) {
      // Made as a CSV cell's new group is (./csv.ts), so the two imports give one folder the same id.
      const group = { id: uniqueId(key, taken, 'group'), name: folder.slice(0, L.nameLength) };
      taken.add(group.id);
      made.push(group);
      byFolder.set(folder, group.id);
    }
  }
  return { byFolder, made };
}

type Filled = Partial<Record<'phone' | 'email' | 'link' | 'hours' | 'image', string>>;

/** What a point's properties fill: location properties by their names (as a CSV's headers), else custom fields. */
function readProperties(p: GeoPoint, refs: CsvReferences) {
  const filled: Filled & { groups?: string[] } = {};
  const sources = new Map<string, string>();
  const fields: Record<string, string> = {};
  const addField = (key: string, value: string) => {
    const field = toFieldKey(key);
    if (field && !RESERVED_FIELD_KEYS.has(field) && !(field in fields)) fields[field] = value;
  };
  for (const [key, value] of p.fields ?? []) addField(key, value);
  for (const [key, value] of p.properties) {
    const header = csvHeaderKey(key);
    const target = PROPERTY_TARGETS[header] ?? CSV_COLUMN_ALIASES[header];
    if (target === 'groups') filled.groups = [...(filled.groups ?? []), ...refs.groups(value)];
    else if (target && FILLED.has(target) && !(target in filled)) {
      const t = target as keyof Filled;
      // My Maps lists a placemark's photos in one value, separated by spaces: the first is its image.
      filled[t] = t === 'image' ? webAddress(value.split(/\s+/)[0]!) : t === 'link' ? webAddress(value) : value;
      sources.set(t, key);
    } else addField(key, value);
  }
  return { filled, sources, fields, addField };
}

/**
 * The short text and the long description: each where the file put it when it gives both (a short text too long for
 * its place starts the long one); a description alone is the short text when it is plain and fits, else the long one
 * (plain text escaped as HTML, its lines kept).
 */
function describe(p: GeoPoint): Pick<Location, 'about' | 'desc'> {
  const long = (t: string, html = false) => (html ? t : escapeHtml(t).replace(/\r?\n/g, '<br>'));
  if (p.about !== undefined) {
    const fits = p.about.length <= L.aboutLength;
    const desc = [fits ? '' : long(p.about), p.description ? long(p.description, p.html) : ''].filter(Boolean);
    return { ...(fits && { about: p.about }), ...(desc.length && { desc: desc.join('<br>') }) };
  }
  if (!p.description) return {};
  if (p.html) return { desc: p.description };
  if (p.description.length <= L.aboutLength) return { about: p.description };
  return { desc: long(p.description) };
}

/**
 * The point as a location, checked by the schema. A location property the schema refuses (a website that is no web
 * address) is kept as a custom field of its own name rather than leaving the point out.
 */
function pointLocation(
  p: GeoPoint,
  base: Partial<Location>,
  { refs, folderGroup }: { refs: CsvReferences; folderGroup?: string },
): { location: Location } | { problem: string } {
  const { filled, sources, fields, addField } = readProperties(p, refs);
  const groups = [...new Set([...(folderGroup ? [folderGroup] : []), ...(filled.groups ?? [])])];
  const { groups: _named, ...own } = filled;
  const loc: Partial<Location> = {
    ...base,
    ...(p.name && { title: p.name.slice(0, L.titleLength) }),
    ...describe(p),
    ...(p.color && { color: p.color }),
    ...(groups.length && { groups }),
    ...own,
  };
  let parsed = locationSchema.safeParse({ ...loc, ...(Object.keys(fields).length && { fields }) });
  if (!parsed.success) {
    const refused = new Set(parsed.error.issues.map((i) => String(i.path[0])).filter((k) => sources.has(k)));
    for (const key of refused) {
      addField(sources.get(key)!, String(loc[key as keyof Filled]));
      delete loc[key as keyof Filled];
    }
    if (refused.size) parsed = locationSchema.safeParse({ ...loc, ...(Object.keys(fields).length && { fields }) });
  }
  if (parsed.success) return { location: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { problem: `${p.where}: ${issue.path.join('.')}: ${issue.message}` };
}

/**
 * The id of a point the file gives none (My Maps, GPX): made from its name, as the first import of the file made it,
 * so importing the file again updates the location it made (its id made from this name, with this title) instead of
 * adding it twice. Otherwise the first id free in the map and in the file. `titles` are the map's locations' titles
 * by id.
 */
function unnamedId(p: GeoPoint, titles: ReadonlyMap<string, string | undefined>, inFile: ReadonlySet<string>): string {
  const title = p.name?.slice(0, L.titleLength);
  const unfit = new Set<string>();
  const taken = { has: (id: string) => inFile.has(id) || unfit.has(id) };
  for (;;) {
    const id = uniqueId(toId(p.name ?? '') || 'location', taken, 'location');
    if (!titles.has(id) || (title !== undefined && titles.get(id) === title)) return id;
    unfit.add(id);
  }
}

/** The check of a point's place: inside the world and the map's calibrated area. */
function placeProblem(p: GeoPoint, extent: [number, number, number, number]): string | null {
  if (Math.abs(p.lat) > MERCATOR_MAX_LAT || Math.abs(p.lon) > 180)
    return `${p.where}: ${p.lat}, ${p.lon} is not a latitude (±85) and longitude (±180); GeoJSON and KML list longitude first`;
  const [x, y] = latLonToMap([p.lat, p.lon], extent);
  return x < 0 || x > 1 || y < 0 || y > 1 ? `${p.where}: ${p.lat}, ${p.lon} is outside this map's area` : null;
}

/**
 * Points as locations of a geo-calibrated map; points outside the map or the world, or naming a floor the map does
 * not have, are issues. `floor` is the floor of the new locations whose feature names none (see `pointFloor`).
 */
export function pointsToLocations(
  parsed: GeoParsed,
  doc: MapDocument,
  { floor = null }: { floor?: string | null } = {},
): GeoImport {
  const issues = [...parsed.issues];
  const geo = doc.settings.geo;
  const none = { locations: [], groups: [], skipped: parsed.skipped, areas: 0, floorNamed: [], fields: [] };
  if (!geo)
    return {
      ...none,
      issues: [
        'This map is not geo-calibrated, so latitude/longitude cannot be placed (set the calibration in Settings, or start from a built-in map)',
      ],
    };
  const folders = folderGroups(parsed.points, doc);
  const refs = new CsvReferences({ ...doc, groups: [...doc.groups, ...folders.made] });
  const floorNamed: string[] = [];
  const titles = new Map(doc.locations.map((l) => [l.id, l.title]));
  const inFile = new Set<string>();
  const locations: Location[] = [];
  let areas = 0;
  for (const p of parsed.points) {
    const place = placeProblem(p, geo.extent);
    if (place) {
      issues.push(place);
      continue;
    }
    const raw = p.id ? toId(p.id) : '';
    if (raw && inFile.has(raw)) {
      issues.push(`${p.where}: the id "${raw}" is used twice in the file`);
      continue;
    }
    const id = raw || unnamedId(p, titles, inFile);
    const placed = pointFloor(p, doc, id, { floor, refs });
    const folderGroup = p.folder ? folders.byFolder.get(p.folder) : undefined;
    const mark = refs.mark();
    const made = placed.problem
      ? { problem: placed.problem }
      : p.folder && !folderGroup
        ? { problem: `${p.where}: the map has no room for the group “${p.folder}” (${L.groups} at most)` }
        : pointLocation(
            p,
            {
              id,
              ...(placed.layer && { layer: placed.layer }),
              latlon: [Math.round(p.lat * 1e6) / 1e6, Math.round(p.lon * 1e6) / 1e6],
            },
            { refs, folderGroup },
          );
    if ('problem' in made) {
      // Groups only this left-out point named are not made.
      refs.forget(mark);
      issues.push(made.problem);
      continue;
    }
    inFile.add(id);
    locations.push(made.location);
    if (p.area) areas++;
    if (placed.named) floorNamed.push(id);
  }
  const used = new Set(locations.flatMap((l) => l.groups ?? []));
  const fields = [...new Set(locations.flatMap((l) => Object.keys(l.fields ?? {})))];
  return {
    locations,
    groups: [...folders.made.filter((g) => used.has(g.id)), ...refs.made],
    issues,
    skipped: parsed.skipped,
    areas,
    floorNamed,
    fields,
  };
}
