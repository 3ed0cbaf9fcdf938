/**
 * A map's CSV source (`settings.csvUrl`, Mapplic's `csv` setting): locations kept in a spreadsheet
 * and read when the map is viewed, merged after the document's own locations; the document wins
 * on a duplicate id. Columns are found by header name, with the same names the editor's CSV import
 * guesses (`CSV_COLUMN_ALIASES`), so Mapplic's `id,title,link,about,desc,image,layer,style,disable,
 * hide,group,sample` works as is; other headers become custom fields.
 *
 * Rows are held to the document's rules (@mapnest/shared/map-rules); a row that breaks one is left out and
 * named in one console warning, and a CSV that cannot be fetched leaves the map with its own
 * locations. Descriptions stay HTML and are sanitised when shown, like every description.
 */
import type { Group, Location, MapDocument } from '@mapnest/shared/map-document';
import { parseCsvRows, type CsvRows } from './csv-parse';
// The rules and id helpers without the schema: zod stays out of the embed.
import { toFieldKey, toId, uniqueId } from '@mapnest/shared/map-ids';
import {
  COLOR_PATTERN, ID_PATTERN, isSafeUrl, isShortText, LINK_SCHEMES, LOCATION_ACTIONS, MAP_LIMITS as L, MARKER_TYPES, RESERVED_FIELD_KEYS,
  MERCATOR_MAX_LAT,
} from '@mapnest/shared/map-rules';

/** Location properties a CSV column can fill (x/y and lat/lon are read as pairs). */
export type CsvColumn =
  | 'id' | 'title' | 'about' | 'desc' | 'x' | 'y' | 'lat' | 'lon' | 'layer' | 'groups' | 'color' | 'style' | 'link' | 'image' | 'thumb'
  | 'phone' | 'email' | 'hours' | 'label' | 'type' | 'action' | 'zoom' | 'scale' | 'hide' | 'disable' | 'more';

/**
 * How CSV cells name the document's groups, layers and styles: groups and layers by id or by name,
 * case-insensitively (a name wins over another's id: spreadsheets hold names), styles by id. The
 * group maps grow as rows bring new tags. Shared with the editor's import.
 */
export function csvReferences(doc: Pick<MapDocument, 'groups' | 'layers' | 'styles'>): {
  groupIds: Map<string, string>;
  takenGroups: Set<string>;
  layerIds: Map<string, string>;
  styleIds: Set<string>;
} {
  const byIdOrName = (items: readonly { id: string; name: string }[]) => {
    const map = new Map<string, string>();
    for (const it of items) map.set(it.id.toLowerCase(), it.id);
    for (const it of items) map.set(it.name.toLowerCase(), it.id);
    return map;
  };
  return {
    groupIds: byIdOrName(doc.groups),
    takenGroups: new Set(doc.groups.map((g) => g.id)),
    layerIds: byIdOrName(doc.layers),
    styleIds: new Set(doc.styles.map((s) => s.id)),
  };
}

/** Header names (as `csvHeaderKey` writes them) and the property each fills; shared with the editor's import. */
export const CSV_COLUMN_ALIASES: Readonly<Record<string, CsvColumn>> = {
  id: 'id', key: 'id', slug: 'id', code: 'id',
  title: 'title', name: 'title', label: 'label',
  about: 'about', summary: 'about', short: 'about',
  desc: 'desc', description: 'desc', details: 'desc',
  x: 'x', y: 'y', lat: 'lat', latitude: 'lat', lon: 'lon', lng: 'lon', long: 'lon', longitude: 'lon',
  layer: 'layer', floor: 'layer', level: 'layer',
  group: 'groups', groups: 'groups', category: 'groups', categories: 'groups', tags: 'groups',
  color: 'color', colour: 'color', fill: 'color', style: 'style',
  link: 'link', url: 'link', website: 'link', image: 'image', img: 'image', photo: 'image', thumb: 'thumb', thumbnail: 'thumb',
  phone: 'phone', tel: 'phone', telephone: 'phone', email: 'email', mail: 'email', hours: 'hours', opening_hours: 'hours',
  type: 'type', marker: 'type', pin: 'type', action: 'action', zoom: 'zoom', scale: 'scale', size: 'scale',
  hide: 'hide', hidden: 'hide', disable: 'disable', disabled: 'disable', more: 'more',
};

/** A header as looked up in CSV_COLUMN_ALIASES: trimmed, lower case, spaces and dashes as '_'. */
export function csvHeaderKey(header: string): string {
  return header.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/** Yes/no cells, as the editor's import reads them. */
export const CSV_YES: ReadonlySet<string> = new Set(['1', 'true', 'yes', 'y', 'x', 'on']);
export const CSV_NO: ReadonlySet<string> = new Set(['', '0', 'false', 'no', 'n', 'off']);

/** Largest CSV the viewer reads (characters): 100,000 locations of 200 characters. */
export const CSV_MAX_CHARS = 20_000_000;
/** How long the viewer waits for a CSV before showing the map without it. */
export const CSV_TIMEOUT_MS = 15_000;

/** What a header row says: the column of each property, and the custom fields with their columns. */
type Columns = { builtin: Map<CsvColumn | 'coord' | 'latlon', number>; fields: [string, number][] };

/** Mapplic exports positions as one cell each ("0.21,0.56"); they are read too. */
const PAIR_COLUMNS: Readonly<Record<string, 'coord' | 'latlon'>> = { coord: 'coord', coords: 'coord', position: 'coord', latlon: 'latlon', latlng: 'latlon' };

function readHeader(headers: readonly string[]): Columns {
  const builtin: Columns['builtin'] = new Map();
  const fields: [string, number][] = [];
  const fieldKeys = new Set<string>();
  headers.forEach((h, i) => {
    const key = csvHeaderKey(h);
    const target = CSV_COLUMN_ALIASES[key] ?? PAIR_COLUMNS[key];
    // A second column for the same property becomes a custom field, as in the editor's import.
    if (target && !builtin.has(target)) {
      builtin.set(target, i);
      return;
    }
    const field = toFieldKey(h.trim());
    if (field && !RESERVED_FIELD_KEYS.has(field) && !fieldKeys.has(field)) {
      fieldKeys.add(field);
      fields.push([field, i]);
    }
  });
  return { builtin, fields };
}

export interface CsvLocations {
  /** Valid rows as locations, in file order, without ids the document already has. */
  readonly locations: Location[];
  /** Groups the rows name that the document does not have. */
  readonly groups: Group[];
  /** Rows left out and why ("Line 4: ..."). */
  readonly skipped: string[];
}

class RowProblem extends Error {}

const number = (value: string, what: string, min: number, max: number): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw new RowProblem(`${what} "${value}" is not a number from ${min} to ${max}`);
  return n;
};

const pair = (value: string): [string, string] | null => {
  const parts = value.replace(/^\[|\]$/g, '').split(/[\s,;]+/).filter(Boolean);
  return parts.length === 2 ? [parts[0]!, parts[1]!] : null;
};

/**
 * Turns parsed CSV rows (header first) into locations for `doc`: rows that break a rule of the
 * document are skipped, and group names the document does not know become new groups.
 */
export function csvToLocations(csv: CsvRows, doc: MapDocument): CsvLocations {
  const [headers = [], ...rows] = csv.rows;
  const skipped = [...csv.problems];
  const locations: Location[] = [];
  const groups: Group[] = [];
  /** The tag each new group was made for, as looked up in groupIds. */
  const groupKeys: string[] = [];
  const cols = readHeader(headers);
  if (!cols.builtin.has('id') && !cols.builtin.has('title')) {
    if (rows.length) skipped.push('Line 1: no "id" or "title" column, so no row can be read');
    return { locations, groups, skipped };
  }
  const { groupIds, takenGroups, layerIds, styleIds: styles } = csvReferences(doc);
  const documentIds = new Set(doc.locations.map((l) => l.id));
  const taken = new Set(documentIds);
  const room = Math.max(0, L.locations - doc.locations.length);
  const { mapWidth, mapHeight } = doc.settings;

  const text = (value: string, what: string, max: number) => {
    if (value.length > max) throw new RowProblem(`${what} is longer than ${max} characters`);
    return value;
  };
  const url = (value: string, what: string, schemes?: ReadonlySet<string>) => {
    if (value.length > L.urlLength || !isSafeUrl(value, schemes)) throw new RowProblem(`${what} "${value.slice(0, 80)}" is not a usable URL`);
    return value;
  };
  const oneOf = <T extends string>(value: string, what: string, values: readonly T[]): T => {
    const v = value.toLowerCase();
    if (!(values as readonly string[]).includes(v)) throw new RowProblem(`${what} "${value}" is not one of ${values.join(', ')}`);
    return v as T;
  };
  const yesNo = (value: string, what: string): boolean => {
    const v = value.toLowerCase();
    if (CSV_YES.has(v)) return true;
    if (CSV_NO.has(v)) return false;
    throw new RowProblem(`${what} "${value}" is not yes or no`);
  };
  const groupsOf = (value: string): string[] => {
    const ids: string[] = [];
    for (const name of value.split(/[,;|]/).map((s) => s.trim()).filter(Boolean)) {
      let id = groupIds.get(name.toLowerCase());
      if (!id) {
        if (doc.groups.length + groups.length >= L.groups) continue;
        id = uniqueId(name.toLowerCase(), takenGroups, 'group');
        takenGroups.add(id);
        groupIds.set(name.toLowerCase(), id);
        groups.push({ id, name: name.slice(0, L.nameLength) });
        groupKeys.push(name.toLowerCase());
      }
      if (!ids.includes(id) && ids.length < L.groupsPerLocation) ids.push(id);
    }
    return ids;
  };

  const readRow = (row: readonly string[]): Location | null => {
    const cell = (c: CsvColumn | 'coord' | 'latlon') => {
      const i = cols.builtin.get(c);
      return i === undefined ? '' : (row[i] ?? '').trim();
    };
    const title = text(cell('title'), 'The title', L.titleLength);
    let id = cell('id');
    if (id === '') {
      if (title === '') throw new RowProblem('the row has neither an id nor a title');
      id = uniqueId(toId(title) || 'location', taken, 'location');
    } else if (!ID_PATTERN.test(id)) {
      throw new RowProblem(`"${id.slice(0, 80)}" is not a valid id (1-64 letters, digits, "_" or "-", not starting with "-")`);
    }
    // The document's own location wins; nothing to report.
    if (documentIds.has(id)) return null;
    if (taken.has(id)) throw new RowProblem(`the id "${id}" is used by an earlier row`);
    const loc: Location = { id };
    if (title) loc.title = title;
    const v = cell;
    if (v('about')) loc.about = text(v('about'), 'About', L.aboutLength);
    if (v('desc')) loc.desc = text(v('desc'), 'The description', L.descLength);
    if (v('link')) loc.link = url(v('link'), 'The link', LINK_SCHEMES);
    if (v('image')) loc.image = url(v('image'), 'The image');
    if (v('thumb')) loc.thumb = isShortText(v('thumb')) ? v('thumb') : url(v('thumb'), 'The thumbnail');
    if (v('phone')) loc.phone = text(v('phone'), 'The phone', L.contactLength);
    if (v('email')) loc.email = text(v('email'), 'The email', L.contactLength);
    if (v('hours')) loc.hours = text(v('hours'), 'The hours', L.contactLength);
    if (v('more')) loc.more = text(v('more'), 'The “More” label', L.buttonLabelLength);
    if (v('label')) {
      if (!isShortText(v('label'))) throw new RowProblem(`the label "${v('label').slice(0, 20)}" is longer than 3 characters`);
      loc.label = v('label');
    }
    if (v('color')) {
      if (!COLOR_PATTERN.test(v('color'))) throw new RowProblem(`"${v('color')}" is not a hex colour (#rgb or #rrggbb)`);
      loc.color = v('color');
    }
    if (v('style')) {
      if (!styles.has(v('style'))) throw new RowProblem(`there is no style "${v('style')}"`);
      loc.style = v('style');
    }
    if (v('layer')) {
      const layer = layerIds.get(v('layer').toLowerCase());
      if (!layer) throw new RowProblem(`there is no layer "${v('layer')}"`);
      loc.layer = layer;
    }
    if (v('type')) loc.type = oneOf(v('type'), 'The marker type', MARKER_TYPES);
    if (v('action')) loc.action = oneOf(v('action'), 'The click action', LOCATION_ACTIONS);
    if (v('zoom')) loc.zoom = number(v('zoom'), 'The zoom', 1, L.maxZoom);
    if (v('scale')) loc.scale = number(v('scale'), 'The size', 0.1, 10);
    if (yesNo(v('hide'), 'Hidden')) loc.hide = true;
    if (yesNo(v('disable'), 'Disabled')) loc.disable = true;
    if (v('groups')) {
      const ids = groupsOf(v('groups'));
      if (ids.length) loc.groups = ids;
    }
    // x and y columns first, else one "x,y" cell; the same for latitude and longitude.
    const xy: [string, string] | null = v('x') || v('y') ? [v('x'), v('y')] : null;
    const coordCell = cell('coord');
    if (xy || coordCell) {
      const raw = xy ?? pair(coordCell);
      const shown = xy ? xy.join(', ') : coordCell;
      let x = Number(raw?.[0] || NaN);
      let y = Number(raw?.[1] || NaN);
      if (!Number.isFinite(x) || !Number.isFinite(y)) throw new RowProblem(`the position "${shown}" is not two numbers`);
      // Values above 1 are pixels of the map image, as in the editor's import.
      if (x > 1 || y > 1) {
        x /= mapWidth;
        y /= mapHeight;
      }
      if (x < 0 || x > 1 || y < 0 || y > 1) throw new RowProblem(`the position "${shown}" is outside the map`);
      loc.coord = [x, y];
    }
    const ll: [string, string] | null = v('lat') || v('lon') ? [v('lat'), v('lon')] : null;
    const latlonCell = cell('latlon');
    if (ll || latlonCell) {
      const raw = ll ?? pair(latlonCell);
      if (!raw || raw[0] === '' || raw[1] === '') throw new RowProblem(`"${ll ? ll.join(', ') : latlonCell}" is not a latitude and longitude`);
      loc.latlon = [number(raw[0], 'The latitude', -MERCATOR_MAX_LAT, MERCATOR_MAX_LAT), number(raw[1], 'The longitude', -180, 180)];
    }
    const fields: Record<string, string> = {};
    let count = 0;
    for (const [key, i] of cols.fields) {
      const value = (row[i] ?? '').trim();
      if (value === '' || count >= L.fieldsPerLocation) continue;
      fields[key] = text(value, `The column "${key}"`, L.fieldValueLength);
      count++;
    }
    if (count) loc.fields = fields;
    taken.add(id);
    return loc;
  };

  for (let r = 0; r < rows.length; r++) {
    const line = csv.lines[r + 1] ?? r + 2;
    if (locations.length >= room) {
      skipped.push(`Line ${line}: the map has room for ${L.locations} locations; the rest of the file is left out`);
      break;
    }
    // Groups a skipped row would have added are not added.
    const groupCount = groups.length;
    try {
      const loc = readRow(rows[r]!);
      if (loc) locations.push(loc);
    } catch (e) {
      if (!(e instanceof RowProblem)) throw e;
      for (const g of groups.splice(groupCount)) takenGroups.delete(g.id);
      for (const key of groupKeys.splice(groupCount)) groupIds.delete(key);
      skipped.push(`Line ${line}: ${e.message}`);
    }
  }
  return { locations, groups, skipped };
}

/** `doc` with the CSV's locations after its own (its own win on duplicate ids) and the groups they name. */
export function mergeCsvLocations(doc: MapDocument, csv: Pick<CsvLocations, 'locations' | 'groups'>): MapDocument {
  if (!csv.locations.length) return doc;
  return { ...doc, locations: [...doc.locations, ...csv.locations], groups: csv.groups.length ? [...doc.groups, ...csv.groups] : doc.groups };
}

export interface CsvLoadOptions {
  /** Turns the document's URLs into fetchable ones (relative URLs resolve like the map's images). */
  resolveUrl?: (url: string) => string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where problems are reported; console.warn by default. */
  warn?: (message: string) => void;
}

/**
 * The document with the locations of its CSV source merged in. Resolves to the document itself
 * when it has none, or when the CSV cannot be fetched (a warning says why); rejects only when
 * `signal` aborts.
 */
export async function withCsvLocations(doc: MapDocument, opts: CsvLoadOptions = {}): Promise<MapDocument> {
  const raw: unknown = doc.settings.csvUrl;
  const source = typeof raw === 'string' ? raw.trim() : '';
  if (!source) return doc;
  const warn = opts.warn ?? ((m: string) => console.warn(m));
  if (!isSafeUrl(source)) {
    warn(`Mapnest: the locations CSV "${source.slice(0, 200)}" is not an http(s) or relative URL; the map shows its own locations only.`);
    return doc;
  }
  const url = opts.resolveUrl ? opts.resolveUrl(source) : source;
  const ctrl = new AbortController();
  const outer = opts.signal;
  const onAbort = () => ctrl.abort();
  outer?.addEventListener('abort', onAbort);
  if (outer?.aborted) ctrl.abort();
  const timer = setTimeout(() => ctrl.abort(), opts.timeoutMs ?? CSV_TIMEOUT_MS);
  let body: string;
  try {
    const res = await (opts.fetch ?? fetch)(url, { signal: ctrl.signal, credentials: 'omit' });
    if (!res.ok) {
      void res.text().catch(() => '');
      throw new Error(`HTTP ${res.status}`);
    }
    body = await res.text();
  } catch (e) {
    if (outer?.aborted) throw e;
    const reason = ctrl.signal.aborted ? 'no answer in time' : e instanceof Error ? e.message : String(e);
    warn(`Mapnest: the locations CSV ${url} could not be loaded (${reason}); the map shows its own locations only.`);
    return doc;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
  if (body.length > CSV_MAX_CHARS) {
    warn(`Mapnest: the locations CSV ${url} is larger than ${CSV_MAX_CHARS / 1_000_000} million characters; the map shows its own locations only.`);
    return doc;
  }
  const read = csvToLocations(parseCsvRows(body), doc);
  if (read.skipped.length) {
    const shown = read.skipped.slice(0, 10).join('; ');
    const more = read.skipped.length > 10 ? ` (and ${read.skipped.length - 10} more)` : '';
    warn(`Mapnest: ${read.skipped.length} row${read.skipped.length === 1 ? '' : 's'} of the locations CSV ${url} left out: ${shown}${more}`);
  }
  return mergeCsvLocations(doc, read);
}
