/**
 * CSV import: parse (papaparse), map columns to location fields (guessed from the header, changeable
 * in the dialog), and turn rows into locations. Every problem is listed with its line and column; a
 * row with a problem is left out, so the author can import the good rows or fix the file first. Only
 * problems of the whole file (the mapping, lat/lon on a map without calibration) stop the import.
 */
import Papa from 'papaparse';
import {
  COLOR_PATTERN, locationSchema, LOCATION_ACTIONS, MARKER_TYPES, type Group, type Location, type MapDocument,
} from '@mapnest/shared/map-document';
import { latLonToMap } from '@mapnest/shared/map-geo';
import { toFieldKey, toId, uniqueId } from '@mapnest/shared/map-ids';
import { CSV_COLUMN_ALIASES, CSV_NO, CSV_YES, csvHeaderKey, csvReferences } from '../../../viewer/csv-locations';

/** Where a column goes: a location field, a custom field ('field:<key>'), or nowhere. */
export type ColumnTarget =
  | 'ignore' | 'id' | 'title' | 'about' | 'desc' | 'x' | 'y' | 'lat' | 'lon' | 'layer' | 'groups' | 'color' | 'style' | 'link' | 'image' | 'thumb'
  | 'phone' | 'email' | 'hours' | 'label' | 'type' | 'action' | 'zoom' | 'scale' | 'hide' | 'disable' | 'more' | `field:${string}`;

export const TARGET_LABELS: Record<string, string> = {
  ignore: 'Ignore', id: 'Id', title: 'Title', about: 'About', desc: 'Description (HTML)', x: 'X (0-1 or pixels)', y: 'Y (0-1 or pixels)',
  lat: 'Latitude', lon: 'Longitude', layer: 'Layer (id or name)', groups: 'Groups (comma-separated)', color: 'Colour', style: 'Style (id)',
  link: 'Link', image: 'Image URL', thumb: 'Thumbnail', phone: 'Phone', email: 'Email', hours: 'Hours', label: 'Label', type: 'Marker type',
  action: 'Click action', zoom: 'Zoom', scale: 'Size', hide: 'Hidden (yes/no)', disable: 'Disabled (yes/no)', more: '“More” label',
};

// The viewer reads a map's CSV source with the same header names (web/src/viewer/csv-locations.ts).
const ALIASES: Readonly<Record<string, ColumnTarget>> = CSV_COLUMN_ALIASES;

export interface ParsedCsv {
  headers: string[];
  rows: string[][];
  /** Parse problems (unclosed quotes, ...) with their line. */
  errors: string[];
  /** Indexes (in `rows`) of the rows with a parse problem: left out of the import. */
  errorRows?: ReadonlySet<number>;
}

/** Splits CSV text (comma, semicolon or tab separated; detected) into a header and rows. */
export function parseCsv(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [headers = [], ...rows] = result.data;
  const errors = result.errors.map((e) => `Line ${(e.row ?? 0) + 1}: ${e.message}`);
  const errorRows = new Set(result.errors.map((e) => (e.row ?? 0) - 1).filter((r) => r >= 0));
  return { headers: headers.map((h) => h.trim()), rows, errors, errorRows };
}

/** A first guess at each column's target from its header. */
export function guessMapping(headers: readonly string[]): ColumnTarget[] {
  const used = new Set<ColumnTarget>();
  return headers.map((h) => {
    const target = ALIASES[csvHeaderKey(h)];
    if (target && !used.has(target)) {
      used.add(target);
      return target;
    }
    const field = toFieldKey(h.trim());
    return field ? (`field:${field}` as ColumnTarget) : 'ignore';
  });
}

export interface CsvIssue {
  /** Line in the file (the header is line 1). */
  line: number;
  column: string;
  message: string;
}

export interface CsvImport {
  /** The good rows' locations (a row with any issue is left out). */
  locations: Location[];
  /** Groups named by the good rows that the map does not have yet. */
  groups: Group[];
  issues: CsvIssue[];
  /** True when an issue concerns the whole file (nothing can be imported until it is fixed). */
  blocking: boolean;
  /** Rows left out for their issues. */
  badRows: number;
}

const YES = CSV_YES;
const NO = CSV_NO;

/** Rows as locations for `doc`: the good rows' locations, and every problem with its line and column. */
export function rowsToLocations(csv: ParsedCsv, mapping: readonly ColumnTarget[], doc: MapDocument): CsvImport {
  const issues: CsvIssue[] = [];
  const locations: Location[] = [];
  const newGroups: Group[] = [];
  const { groupIds, takenGroups, layerIds, styleIds } = csvReferences(doc);
  const seen = new Map<string, number>();
  const generated = new Set(doc.locations.map((l) => l.id));
  const col = (target: ColumnTarget) => mapping.indexOf(target);
  if (!mapping.some((t) => t === 'title' || t === 'id')) issues.push({ line: 1, column: '', message: 'Map at least one column to Id or Title' });
  const hasXY = col('x') >= 0 && col('y') >= 0;
  const hasLatLon = col('lat') >= 0 && col('lon') >= 0;
  if ((col('x') >= 0) !== (col('y') >= 0)) issues.push({ line: 1, column: '', message: 'Map both X and Y, or neither' });
  if ((col('lat') >= 0) !== (col('lon') >= 0)) issues.push({ line: 1, column: '', message: 'Map both Latitude and Longitude, or neither' });
  if (hasLatLon && !doc.settings.geo) issues.push({ line: 1, column: '', message: 'This map is not geo-calibrated, so latitude/longitude cannot be placed (set the calibration in Settings, or start from a built-in map)' });
  if (issues.length) return { locations, groups: newGroups, issues, blocking: true, badRows: 0 };
  let badRows = 0;

  csv.rows.forEach((row, r) => {
    const line = r + 2;
    const problem = (column: string, message: string) => issues.push({ line, column, message });
    const issuesBefore = issues.length;
    // A row the parser found broken (too few or too many fields) is listed by the parser and left out.
    if (csv.errorRows?.has(r)) {
      badRows++;
      return;
    }
    const get = (target: ColumnTarget) => {
      const i = mapping.indexOf(target);
      return i >= 0 ? (row[i] ?? '').trim() : '';
    };
    const header = (target: ColumnTarget) => csv.headers[mapping.indexOf(target)] ?? target;
    if (row.every((v) => v.trim() === '')) return;
    const loc: Record<string, unknown> = {};
    const fields: Record<string, string> = {};
    mapping.forEach((target, i) => {
      const value = (row[i] ?? '').trim();
      if (value === '' || target === 'ignore') return;
      const name = csv.headers[i] ?? `column ${i + 1}`;
      if (target.startsWith('field:')) {
        fields[target.slice(6)] = value;
        return;
      }
      switch (target) {
        case 'id': case 'x': case 'y': case 'lat': case 'lon':
          return;
        case 'title': case 'about': case 'desc': case 'link': case 'image': case 'thumb': case 'phone': case 'email': case 'hours': case 'label': case 'more':
          loc[target] = value;
          return;
        case 'color':
          if (!COLOR_PATTERN.test(value)) problem(name, `"${value}" is not a hex colour (#rgb or #rrggbb)`);
          else loc.color = value;
          return;
        case 'style':
          if (!styleIds.has(value)) problem(name, `There is no style "${value}"`);
          else loc.style = value;
          return;
        case 'layer': {
          const id = layerIds.get(value.toLowerCase());
          if (!id) problem(name, `There is no layer "${value}"`);
          else loc.layer = id;
          return;
        }
        case 'groups': {
          const ids: string[] = [];
          for (const part of value.split(/[,;|]/).map((s) => s.trim()).filter(Boolean)) {
            let id = groupIds.get(part.toLowerCase());
            if (!id) {
              id = uniqueId(part.toLowerCase(), takenGroups, 'group');
              takenGroups.add(id);
              groupIds.set(part.toLowerCase(), id);
              newGroups.push({ id, name: part.slice(0, 100) });
            }
            if (!ids.includes(id)) ids.push(id);
          }
          if (ids.length) loc.groups = ids;
          return;
        }
        case 'type':
          if (!(MARKER_TYPES as readonly string[]).includes(value.toLowerCase())) problem(name, `"${value}" is not a marker type (${MARKER_TYPES.join(', ')})`);
          else loc.type = value.toLowerCase();
          return;
        case 'action':
          if (!(LOCATION_ACTIONS as readonly string[]).includes(value.toLowerCase())) problem(name, `"${value}" is not a click action (${LOCATION_ACTIONS.join(', ')})`);
          else loc.action = value.toLowerCase();
          return;
        case 'zoom': case 'scale': {
          const n = Number(value);
          if (!Number.isFinite(n)) problem(name, `"${value}" is not a number`);
          else loc[target] = n;
          return;
        }
        case 'hide': case 'disable': {
          const v = value.toLowerCase();
          if (YES.has(v)) loc[target] = true;
          else if (!NO.has(v)) problem(name, `"${value}" is not yes or no`);
          return;
        }
      }
    });
    if (Object.keys(fields).length) loc.fields = fields;

    const rawId = get('id');
    let id = rawId;
    if (rawId === '') {
      id = uniqueId(toId(String(loc.title ?? '')) || 'location', generated, 'location');
    } else if (toId(rawId) !== rawId) {
      problem(header('id'), `"${rawId}" is not a valid id (letters, digits, "_" or "-", up to 64, not starting with "-")`);
    }
    if (seen.has(id)) problem(header('id'), `The id "${id}" is also used on line ${seen.get(id)}`);
    seen.set(id, line);
    generated.add(id);
    loc.id = id;

    if (hasXY) {
      const xs = get('x');
      const ys = get('y');
      if (xs !== '' || ys !== '') {
        let x = Number(xs);
        let y = Number(ys);
        if (!Number.isFinite(x) || !Number.isFinite(y) || xs === '' || ys === '') problem(header('x'), `Position "${xs}, ${ys}" is not two numbers`);
        else {
          // Values above 1 are pixels of the map image.
          if (x > 1 || y > 1) {
            x /= doc.settings.mapWidth;
            y /= doc.settings.mapHeight;
          }
          if (x < 0 || x > 1 || y < 0 || y > 1) problem(header('x'), `Position "${xs}, ${ys}" is outside the map`);
          else loc.coord = [x, y];
        }
      }
    }
    if (hasLatLon) {
      const la = get('lat');
      const lo = get('lon');
      if (la !== '' || lo !== '') {
        const lat = Number(la);
        const lon = Number(lo);
        if (!Number.isFinite(lat) || !Number.isFinite(lon) || la === '' || lo === '') problem(header('lat'), `"${la}, ${lo}" is not a latitude and longitude`);
        else if (Math.abs(lat) > 85.0511 || Math.abs(lon) > 180) problem(header('lat'), `"${la}, ${lo}" is outside the world (latitude ±85, longitude ±180)`);
        else {
          loc.latlon = [lat, lon];
          const [x, y] = latLonToMap([lat, lon], doc.settings.geo!.extent);
          if (x < 0 || x > 1 || y < 0 || y > 1) problem(header('lat'), `"${la}, ${lo}" is outside this map's area`);
        }
      }
    }

    const parsed = locationSchema.safeParse(loc);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 3)) {
        const key = String(issue.path[0] ?? '');
        const column = csv.headers[mapping.findIndex((t) => t === key || (key === 'fields' && t === `field:${String(issue.path[1])}`))] ?? key;
        problem(column, issue.message);
      }
    }
    if (!parsed.success || issues.length > issuesBefore) {
      badRows++;
      return;
    }
    locations.push(parsed.data);
  });
  if (csv.rows.length === 0) issues.push({ line: 2, column: '', message: 'The file has a header but no rows' });
  // Only the groups the imported rows use: a left-out row's new group is not created.
  const used = new Set(locations.flatMap((l) => l.groups ?? []));
  return { locations, groups: newGroups.filter((g) => used.has(g.id)), issues, blocking: csv.rows.length === 0, badRows };
}
