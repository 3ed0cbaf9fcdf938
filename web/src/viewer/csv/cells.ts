/**
 * How a CSV cell becomes a location property: the rules both CSV readers share, the editor's import
 * (`features/editor/import/csv.ts`, which lists every problem with its line and column) and the
 * viewer's CSV source (`locations.ts`, which leaves a bad row out and names it in a warning).
 * Each reader throws CsvCellProblem with one message for a cell that breaks a rule; the readers
 * only decide where the message goes.
 *
 * Free of the zod schema on purpose: the embed reads CSV sources, and zod stays out of it.
 */
import type { Group, MapDocument } from '@mapnest/shared/map-document';
import { uniqueId } from '@mapnest/shared/map-ids';
import { COLOR_PATTERN, ID_PATTERN, MAP_LIMITS as L, MERCATOR_MAX_LAT } from '@mapnest/shared/map-rules';

/** Location properties a CSV column can fill (x/y and lat/lon are read as pairs). */
export type CsvColumn =
  | 'id'
  | 'title'
  | 'about'
  | 'desc'
  | 'x'
  | 'y'
  | 'lat'
  | 'lon'
  | 'layer'
  | 'shape'
  | 'groups'
  | 'color'
  | 'style'
  | 'link'
  | 'target'
  | 'image'
  | 'thumb'
  | 'phone'
  | 'email'
  | 'hours'
  | 'label'
  | 'type'
  | 'action'
  | 'zoom'
  | 'scale'
  | 'hide'
  | 'disable'
  | 'more';

/** Header names (as `csvHeaderKey` writes them) and the property each fills. */
export const CSV_COLUMN_ALIASES: Readonly<Record<string, CsvColumn>> = {
  id: 'id',
  key: 'id',
  slug: 'id',
  code: 'id',
  title: 'title',
  name: 'title',
  label: 'label',
  about: 'about',
  summary: 'about',
  short: 'about',
  desc: 'desc',
  description: 'desc',
  details: 'desc',
  x: 'x',
  y: 'y',
  lat: 'lat',
  latitude: 'lat',
  lon: 'lon',
  lng: 'lon',
  long: 'lon',
  longitude: 'lon',
  layer: 'layer',
  floor: 'layer',
  level: 'layer',
  shape: 'shape',
  group: 'groups',
  groups: 'groups',
  category: 'groups',
  categories: 'groups',
  tags: 'groups',
  color: 'color',
  colour: 'color',
  fill: 'color',
  style: 'style',
  link: 'link',
  url: 'link',
  website: 'link',
  target: 'target',
  image: 'image',
  img: 'image',
  photo: 'image',
  thumb: 'thumb',
  thumbnail: 'thumb',
  phone: 'phone',
  tel: 'phone',
  telephone: 'phone',
  email: 'email',
  mail: 'email',
  hours: 'hours',
  opening_hours: 'hours',
  type: 'type',
  marker: 'type',
  pin: 'type',
  action: 'action',
  zoom: 'zoom',
  scale: 'scale',
  size: 'scale',
  hide: 'hide',
  hidden: 'hide',
  disable: 'disable',
  disabled: 'disable',
  more: 'more',
};

/** A header as looked up in CSV_COLUMN_ALIASES: trimmed, lower case, spaces and dashes as '_'. */
export function csvHeaderKey(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/**
 * What makes a spreadsheet read a cell as a formula: its first character after any apostrophes. The product's CSV
 * export puts an apostrophe before such a value (papaparse's `escapeFormulae` set: = + - @ tab CR), so spreadsheets
 * show it as text; a value that already starts with apostrophes and then one of them gets one more, so that taking
 * one apostrophe off again (`csvCell`) gives back exactly what was exported.
 */
export const CSV_FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell's value: trimmed, and without the apostrophe a spreadsheet export puts before a formula-like value. */
export function csvCell(raw: string): string {
  const v = raw.trim();
  return v.charCodeAt(0) === 39 && CSV_FORMULA_START.test(v) ? v.slice(1) : v;
}

/**
 * Whether the numbers of a file with this separator may use a decimal comma ("0,075"): in a semicolon-separated file,
 * which is how Excel writes CSV where the decimal mark is a comma (German, French, ...). A '.' is read as well.
 */
export function csvDecimalComma(separator: string): boolean {
  return separator === ';';
}

/** A number cell's value, NaN when empty or not a number; "0,075" is 0.075 when `decimalComma`. */
export function csvToNumber(value: string, decimalComma = false): number {
  const v = value.trim();
  if (v === '') return NaN;
  return Number(decimalComma && /^[+-]?\d*,\d+(e[+-]?\d+)?$/i.test(v) ? v.replace(',', '.') : v);
}

/** A cell that breaks a rule of the document. */
export class CsvCellProblem extends Error {}

const problem = (message: string): never => {
  throw new CsvCellProblem(message);
};

const YES: ReadonlySet<string> = new Set(['1', 'true', 'yes', 'y', 'x', 'on']);
const NO: ReadonlySet<string> = new Set(['', '0', 'false', 'no', 'n', 'off']);

/** A yes/no cell ('yes', 'y', 'x', '1', 'true', 'on' or their opposites; empty is no). */
export function csvYesNo(value: string, what: string): boolean {
  const v = value.trim().toLowerCase();
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  return problem(`${what} "${value}" is not yes or no`);
}

export function csvNumber(value: string, what: string, min: number, max: number, decimalComma = false): number {
  const n = csvToNumber(value, decimalComma);
  if (!Number.isFinite(n) || n < min || n > max) problem(`${what} "${value}" is not a number from ${min} to ${max}`);
  return n;
}

/** One of a fixed list, case-insensitively (marker types, click actions). */
export function csvChoice<T extends string>(value: string, what: string, values: readonly T[]): T {
  const v = value.toLowerCase();
  if (!(values as readonly string[]).includes(v)) problem(`${what} "${value}" is not one of ${values.join(', ')}`);
  return v as T;
}

export function csvColor(value: string): string {
  if (!COLOR_PATTERN.test(value)) problem(`"${value}" is not a hex colour (#rgb or #rrggbb)`);
  return value;
}

export function csvId(value: string): string {
  if (!ID_PATTERN.test(value))
    problem(`"${value.slice(0, 80)}" is not a valid id (1-64 letters, digits, "_" or "-", not starting with "-")`);
  return value;
}

/**
 * How CSV cells name the document's groups, layers and styles: groups and layers by their id as written, else by name
 * or id case-insensitively (a name wins over another's id: spreadsheets hold names), styles by id. An id as written
 * always leads to its own item, so an export can name each one (groups "Shops" and "shops" with ids "gW" and "gw").
 * Group names the document does not know become new groups (`made`), which `forget` takes back when the row that
 * brought them is left out.
 */
export class CsvReferences {
  readonly #groupIds: Map<string, string>;
  /** The groups' ids: the document's and those made. */
  readonly #takenGroups: Set<string>;
  readonly #layerIds: Map<string, string>;
  readonly #layers: ReadonlySet<string>;
  readonly #styleIds: ReadonlySet<string>;
  readonly #room: number;
  /** Groups made for names the document did not have, in order. */
  readonly made: Group[] = [];
  readonly #madeKeys: string[] = [];

  constructor(doc: Pick<MapDocument, 'groups' | 'layers' | 'styles'>) {
    const byIdOrName = (items: readonly { id: string; name: string }[]) => {
      const map = new Map<string, string>();
      for (const it of items) map.set(it.id.toLowerCase(), it.id);
      for (const it of items) map.set(it.name.toLowerCase(), it.id);
      return map;
    };
    const ids = (items: readonly { id: string }[]) => new Set(items.map((it) => it.id));
    this.#groupIds = byIdOrName(doc.groups);
    this.#takenGroups = ids(doc.groups);
    this.#layerIds = byIdOrName(doc.layers);
    this.#layers = ids(doc.layers);
    this.#styleIds = ids(doc.styles);
    this.#room = Math.max(0, L.groups - doc.groups.length);
  }

  layer(value: string): string {
    if (this.#layers.has(value)) return value;
    return this.#layerIds.get(value.toLowerCase()) ?? problem(`There is no floor “${value}”`);
  }

  style(value: string): string {
    return this.#styleIds.has(value) ? value : problem(`There is no style "${value}"`);
  }

  /** The ids of the groups a cell names ("Food, Cafés"), making the ones the document lacks while there is room. */
  groups(value: string): string[] {
    const ids: string[] = [];
    for (const name of value
      .split(/[,;|]/)
      .map((s) => s.trim())
      .filter(Boolean)) {
      const key = name.toLowerCase();
      let id = this.#takenGroups.has(name) ? name : this.#groupIds.get(key);
      if (!id) {
        if (this.made.length >= this.#room) continue;
        id = uniqueId(key, this.#takenGroups, 'group');
        this.#takenGroups.add(id);
        this.#groupIds.set(key, id);
        this.made.push({ id, name: name.slice(0, L.nameLength) });
        this.#madeKeys.push(key);
      }
      if (!ids.includes(id) && ids.length < L.groupsPerLocation) ids.push(id);
    }
    return ids;
  }

  /** A mark to return to with `forget`. */
  mark(): number {
    return this.made.length;
  }

  /** Takes back the groups made since `mark` (the row that named them was left out). */
  forget(mark: number): void {
    for (const g of this.made.splice(mark)) this.#takenGroups.delete(g.id);
    for (const key of this.#madeKeys.splice(mark)) this.#groupIds.delete(key);
  }
}

/**
 * A position from two cells: map space (0..1), or pixels of the map image when either value is above 1.
 * `shown` is how the cells read in a message.
 */
export function csvPosition(
  x: string,
  y: string,
  shown: string,
  size: { mapWidth: number; mapHeight: number },
  decimalComma = false,
): [number, number] {
  let nx = csvToNumber(x, decimalComma);
  let ny = csvToNumber(y, decimalComma);
  if (!Number.isFinite(nx) || !Number.isFinite(ny)) problem(`The position "${shown}" is not two numbers`);
  if (nx > 1 || ny > 1) {
    nx /= size.mapWidth;
    ny /= size.mapHeight;
  }
  if (nx < 0 || nx > 1 || ny < 0 || ny > 1) problem(`The position "${shown}" is outside the map`);
  return [nx, ny];
}

/** A latitude and longitude from two cells, within what a Web Mercator map can show. */
export function csvLatLon(lat: string, lon: string, shown: string, decimalComma = false): [number, number] {
  const la = csvToNumber(lat, decimalComma);
  const lo = csvToNumber(lon, decimalComma);
  if (!Number.isFinite(la) || !Number.isFinite(lo)) problem(`"${shown}" is not a latitude and longitude`);
  if (Math.abs(la) > MERCATOR_MAX_LAT || Math.abs(lo) > 180)
    problem(`"${shown}" is outside the world (latitude ±85, longitude ±180)`);
  return [la, lo];
}

/**
 * Mapplic exports positions as one cell each ("0.21,0.56", "[0.21 0.56]"): the two parts, or null. With decimal
 * commas ("0,21 0,56"), a space or ';' separates the parts when the cell has one.
 */
export function csvPair(value: string, decimalComma = false): [string, string] | null {
  const inner = value.trim().replace(/^\[|\]$/g, '');
  const parts = inner.split(decimalComma && /[\s;]/.test(inner) ? /[\s;]+/ : /[\s,;]+/).filter(Boolean);
  return parts.length === 2 ? [parts[0]!, parts[1]!] : null;
}
