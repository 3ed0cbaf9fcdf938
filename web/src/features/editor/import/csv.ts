/**
 * CSV import: parse (papaparse), map columns to location fields (guessed from the header, changeable
 * in the dialog), and turn rows into locations. Every problem is listed with its line and column; a
 * row with a problem is left out, so the author can import the good rows or fix the file first. Only
 * problems of the whole file (the mapping, lat/lon on a map without calibration) stop the import.
 */
import Papa from 'papaparse';
import {
  locationSchema,
  LOCATION_ACTIONS,
  MAP_LIMITS as L,
  MARKER_TYPES,
  type Group,
  type Location,
  type MapDocument,
} from '@mapnest/shared/map-document';
import { latLonToMap } from '@mapnest/shared/map-geo';
import { toFieldKey, toId, uniqueId } from '@mapnest/shared/map-ids';
import {
  CSV_COLUMN_ALIASES,
  CsvCellProblem,
  csvChoice,
  csvColor,
  csvHeaderKey,
  csvId,
  csvLatLon,
  csvNumber,
  csvPosition,
  CsvReferences,
  csvYesNo,
  type CsvColumn,
} from '../../../viewer/csv-cells';

/** Where a column goes: a location field, a custom field ('field:<key>'), or nowhere. */
export type ColumnTarget = 'ignore' | CsvColumn | `field:${string}`;

export const TARGET_LABELS: Record<string, string> = {
  ignore: 'Ignore',
  id: 'Id',
  title: 'Title',
  about: 'About',
  desc: 'Description (HTML)',
  x: 'X (0-1 or pixels)',
  y: 'Y (0-1 or pixels)',
  lat: 'Latitude',
  lon: 'Longitude',
  layer: 'Layer (id or name)',
  groups: 'Groups (comma-separated)',
  color: 'Colour',
  style: 'Style (id)',
  link: 'Link',
  image: 'Image URL',
  thumb: 'Thumbnail',
  phone: 'Phone',
  email: 'Email',
  hours: 'Hours',
  label: 'Label',
  type: 'Marker type',
  action: 'Click action',
  zoom: 'Zoom',
  scale: 'Size',
  hide: 'Hidden (yes/no)',
  disable: 'Disabled (yes/no)',
  more: '“More” label',
};

// The viewer reads a map's CSV source with the same header names and cell rules (web/src/viewer/csv-cells.ts).
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

/** Rows as locations for `doc`: the good rows' locations, and every problem with its line and column. */
export function rowsToLocations(csv: ParsedCsv, mapping: readonly ColumnTarget[], doc: MapDocument): CsvImport {
  const issues: CsvIssue[] = [];
  const locations: Location[] = [];
  const refs = new CsvReferences(doc);
  const seen = new Map<string, number>();
  const generated = new Set(doc.locations.map((l) => l.id));
  const col = (target: ColumnTarget) => mapping.indexOf(target);
  if (!mapping.some((t) => t === 'title' || t === 'id'))
    issues.push({ line: 1, column: '', message: 'Map at least one column to Id or Title' });
  const hasXY = col('x') >= 0 && col('y') >= 0;
  const hasLatLon = col('lat') >= 0 && col('lon') >= 0;
  if (col('x') >= 0 !== col('y') >= 0) issues.push({ line: 1, column: '', message: 'Map both X and Y, or neither' });
  if (col('lat') >= 0 !== col('lon') >= 0)
    issues.push({ line: 1, column: '', message: 'Map both Latitude and Longitude, or neither' });
  if (hasLatLon && !doc.settings.geo)
    issues.push({
      line: 1,
      column: '',
      message:
        'This map is not geo-calibrated, so latitude/longitude cannot be placed (set the calibration in Settings, or start from a built-in map)',
    });
  if (issues.length) return { locations, groups: [], issues, blocking: true, badRows: 0 };
  let badRows = 0;

  csv.rows.forEach((row, r) => {
    const line = r + 2;
    const issuesBefore = issues.length;
    // A problem is listed under its column; the rest of the row is still read, so every problem shows at once.
    const check = (column: string, read: () => void) => {
      try {
        read();
      } catch (e) {
        if (!(e instanceof CsvCellProblem)) throw e;
        issues.push({ line, column, message: e.message });
      }
    };
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
    const mark = refs.mark();
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
      check(name, () => {
        switch (target) {
          case 'id':
          case 'x':
          case 'y':
          case 'lat':
          case 'lon':
            return;
          case 'title':
          case 'about':
          case 'desc':
          case 'link':
          case 'image':
          case 'thumb':
          case 'phone':
          case 'email':
          case 'hours':
          case 'label':
          case 'more':
            loc[target] = value;
            return;
          case 'color':
            loc.color = csvColor(value);
            return;
          case 'style':
            loc.style = refs.style(value);
            return;
          case 'layer':
            loc.layer = refs.layer(value);
            return;
          case 'groups': {
            const ids = refs.groups(value);
            if (ids.length) loc.groups = ids;
            return;
          }
          case 'type':
            loc.type = csvChoice(value, 'The marker type', MARKER_TYPES);
            return;
          case 'action':
            loc.action = csvChoice(value, 'The click action', LOCATION_ACTIONS);
            return;
          case 'zoom':
            loc.zoom = csvNumber(value, 'The zoom', 1, L.maxZoom);
            return;
          case 'scale':
            loc.scale = csvNumber(value, 'The size', 0.1, 10);
            return;
          case 'hide':
            if (csvYesNo(value, 'Hidden')) loc.hide = true;
            return;
          case 'disable':
            if (csvYesNo(value, 'Disabled')) loc.disable = true;
            return;
        }
      });
    });
    if (Object.keys(fields).length) loc.fields = fields;

    const rawId = get('id');
    let id = rawId;
    if (rawId === '') id = uniqueId(toId(String(loc.title ?? '')) || 'location', generated, 'location');
    else check(header('id'), () => csvId(rawId));
    if (seen.has(id))
      issues.push({ line, column: header('id'), message: `The id "${id}" is also used on line ${seen.get(id)}` });
    seen.set(id, line);
    generated.add(id);
    loc.id = id;

    if (hasXY && (get('x') !== '' || get('y') !== '')) {
      check(header('x'), () => (loc.coord = csvPosition(get('x'), get('y'), `${get('x')}, ${get('y')}`, doc.settings)));
    }
    if (hasLatLon && (get('lat') !== '' || get('lon') !== '')) {
      check(header('lat'), () => {
        const shown = `${get('lat')}, ${get('lon')}`;
        const latlon = csvLatLon(get('lat'), get('lon'), shown);
        loc.latlon = latlon;
        const [x, y] = latLonToMap(latlon, doc.settings.geo!.extent);
        if (x < 0 || x > 1 || y < 0 || y > 1) throw new CsvCellProblem(`"${shown}" is outside this map's area`);
      });
    }

    // The schema is the backstop for what the cell rules do not check (lengths, URLs); a row already listed
    // for a cell is not listed again for the same cell.
    const parsed = locationSchema.safeParse(loc);
    if (!parsed.success && issues.length === issuesBefore) {
      for (const issue of parsed.error.issues.slice(0, 3)) {
        const key = String(issue.path[0] ?? '');
        const column =
          csv.headers[
            mapping.findIndex((t) => t === key || (key === 'fields' && t === `field:${String(issue.path[1])}`))
          ] ?? key;
        issues.push({ line, column, message: issue.message });
      }
    }
    if (!parsed.success || issues.length > issuesBefore) {
      // Groups only this left-out row named are not made.
      refs.forget(mark);
      badRows++;
      return;
    }
    locations.push(parsed.data);
  });
  if (csv.rows.length === 0) issues.push({ line: 2, column: '', message: 'The file has a header but no rows' });
  return { locations, groups: refs.made, issues, blocking: csv.rows.length === 0, badRows };
}
