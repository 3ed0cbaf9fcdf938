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
import { parseCsvRows, type CsvRows } from './parse';
// The rules and id helpers without the schema: zod stays out of the embed.
import { toFieldKey } from '@mapnest/shared/map-ids';
import { ShapeHolders, shapeOf } from '@mapnest/shared/location-shapes';
import { isSafeUrl, isShortText, LINK_SCHEMES, MAP_LIMITS as L, RESERVED_FIELD_KEYS } from '@mapnest/shared/map-rules';
import {
  CSV_COLUMN_ALIASES,
  csvCell,
  CsvCellProblem,
  csvDecimalComma,
  csvHeaderKey,
  csvLatLon,
  csvPair,
  csvPosition,
  CsvReferences,
  type CsvColumn,
} from './cells';
import { csvLatLonCells, csvRowId, csvShapeProblem, csvXYPosition, readCsvCell } from './rules';

/** Largest CSV the viewer reads (characters): 100,000 locations of 200 characters. */
export const CSV_MAX_CHARS = 20_000_000;
/** How long the viewer waits for a CSV before showing the map without it. */
export const CSV_TIMEOUT_MS = 15_000;

/** What a header row says: the column of each property, and the custom fields with their columns. */
type Columns = { builtin: Map<CsvColumn | 'coord' | 'latlon', number>; fields: [string, number][] };

/**
 * Columns holding a pair in one cell ("0.21,0.56"), as Mapplic exports positions. This reader takes them as positions;
 * the editor's import does only when every cell of the column is a pair (a "position" column of job titles is a custom
 * field there).
 */
export const CSV_PAIR_COLUMNS: Readonly<Record<string, 'coord' | 'latlon'>> = {
  coord: 'coord',
  coords: 'coord',
  position: 'coord',
  latlon: 'latlon',
  latlng: 'latlon',
};

function readHeader(headers: readonly string[]): Columns {
  const builtin: Columns['builtin'] = new Map();
  const fields: [string, number][] = [];
  const fieldKeys = new Set<string>();
  headers.forEach((h, i) => {
    const key = csvHeaderKey(h);
    const target = CSV_COLUMN_ALIASES[key] ?? CSV_PAIR_COLUMNS[key];
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

/**
 * What each column of a header row is read as: a location property ('title', 'x', 'coord', ...), a custom field
 * (`field:key`), or null when it is left out (a second column for a field already taken by another).
 */
export function csvColumnTargets(headers: readonly string[]): (string | null)[] {
  const cols = readHeader(headers);
  const targets: (string | null)[] = headers.map(() => null);
  for (const [target, i] of cols.builtin) targets[i] = target;
  for (const [field, i] of cols.fields) targets[i] = `field:${field}`;
  return targets;
}

export interface CsvLocations {
  /** Valid rows as locations, in file order, without ids the document already has. */
  readonly locations: Location[];
  /** Groups the rows name that the document does not have. */
  readonly groups: Group[];
  /** Rows left out and why ("Line 4: ..."). */
  readonly skipped: string[];
}

/** Columns each filled by a cell rule of rules.ts, in the order they are read (the first broken cell decides the message). */
const RULED_COLUMNS = [
  'color',
  'style',
  'layer',
  'shape',
  'type',
  'action',
  'target',
  'zoom',
  'scale',
  'hide',
  'disable',
  'groups',
] as const;

const fail = (message: string): never => {
  throw new CsvCellProblem(message);
};
const text = (value: string, what: string, max: number) =>
  value.length > max ? fail(`${what} is longer than ${max} characters`) : value;
const url = (value: string, what: string, schemes?: ReadonlySet<string>) =>
  value.length > L.urlLength || !isSafeUrl(value, schemes)
    ? fail(`${what} "${value.slice(0, 80)}" is not a usable URL`)
    : value;

/** One row's cell by column as `csvCell` reads it ('' when the CSV has no such column). */
type Cells = (c: CsvColumn | 'coord' | 'latlon') => string;

/** The text columns, held to the document's lengths and URL rules. */
function readTexts(loc: Location, v: Cells): void {
  if (v('about')) loc.about = text(v('about'), 'About', L.aboutLength);
  if (v('desc')) loc.desc = text(v('desc'), 'The description', L.descLength);
  if (v('link')) loc.link = url(v('link'), 'The link', LINK_SCHEMES);
  if (v('image')) loc.image = url(v('image'), 'The image');
  if (v('thumb')) loc.thumb = isShortText(v('thumb')) ? v('thumb') : url(v('thumb'), 'The thumbnail');
  if (v('phone')) loc.phone = text(v('phone'), 'The phone', L.contactLength);
  if (v('email')) loc.email = text(v('email'), 'The email', L.contactLength);
  if (v('hours')) loc.hours = text(v('hours'), 'The hours', L.contactLength);
  if (v('more')) loc.more = text(v('more'), 'The “More” label', L.buttonLabelLength);
  if (v('label'))
    loc.label = isShortText(v('label'))
      ? v('label')
      : fail(`The label "${v('label').slice(0, 20)}" is longer than 3 characters`);
}

/** x and y columns first, else one "x,y" cell; the same for latitude and longitude. `dc`: decimal commas. */
function readPosition(loc: Location, v: Cells, size: MapDocument['settings'], dc: boolean): void {
  if (v('x') || v('y')) loc.coord = csvXYPosition(v('x'), v('y'), size, dc);
  else if (v('coord')) {
    const [x, y] = csvPair(v('coord'), dc) ?? ['', ''];
    loc.coord = csvPosition(x, y, v('coord'), size, dc);
  }
  if (v('lat') || v('lon')) loc.latlon = csvLatLonCells(v('lat'), v('lon'), dc);
  else if (v('latlon')) {
    const [la, lo] = csvPair(v('latlon'), dc) ?? ['', ''];
    loc.latlon = csvLatLon(la, lo, v('latlon'), dc);
  }
}

/** The custom fields of a row (columns the document has no property for), up to the document's limit. */
function readFields(loc: Location, row: readonly string[], fieldColumns: Columns['fields']): void {
  const fields: Record<string, string> = {};
  let count = 0;
  for (const [key, i] of fieldColumns) {
    const value = csvCell(row[i] ?? '');
    if (value === '' || count >= L.fieldsPerLocation) continue;
    fields[key] = text(value, `The column "${key}"`, L.fieldValueLength);
    count++;
  }
  if (count) loc.fields = fields;
}

/**
 * Reads rows into locations for one document: ids are unique among the document's and the earlier
 * rows'; a row whose id the document already has is left to the document. A shape of a floor has one location
 * (ADR 061): a row standing for a shape that a location of its floor stands for is left out.
 */
class RowReader {
  readonly #documentIds: ReadonlySet<string>;
  readonly #taken: Set<string>;
  /** Who stands for each shape, by floor: the document's locations and the rows read (ids by holder index). */
  readonly #holders = new ShapeHolders();
  readonly #holderIds: string[] = [];

  readonly #doc: MapDocument;
  readonly #cols: Columns;
  readonly #refs: CsvReferences;
  readonly #decimalComma: boolean;

  constructor(doc: MapDocument, cols: Columns, refs: CsvReferences, decimalComma: boolean) {
    this.#doc = doc;
    this.#cols = cols;
    this.#refs = refs;
    this.#decimalComma = decimalComma;
    this.#documentIds = new Set(doc.locations.map((l) => l.id));
    this.#taken = new Set(this.#documentIds);
    for (const l of doc.locations) this.#hold(l);
  }

  #hold(loc: Location): void {
    this.#holders.hold(shapeOf(loc), loc.layer, this.#holderIds.length);
    this.#holderIds.push(loc.id);
  }

  /** The row as a location, or null when the document has its id; throws CsvCellProblem for a broken cell. */
  read(row: readonly string[]): Location | null {
    const v: Cells = (c) => {
      const i = this.#cols.builtin.get(c);
      return i === undefined ? '' : csvCell(row[i] ?? '');
    };
    const title = text(v('title'), 'The title', L.titleLength);
    if (v('id') === '' && title === '') fail('The row has neither an id nor a title');
    const id = csvRowId(v('id'), title, this.#taken);
    // The document's own location wins; nothing to report.
    if (this.#documentIds.has(id)) return null;
    if (this.#taken.has(id)) fail(`The id "${id}" is used by an earlier row`);
    const loc: Location = { id };
    if (title) loc.title = title;
    readTexts(loc, v);
    const dc = this.#decimalComma;
    for (const column of RULED_COLUMNS) if (v(column)) readCsvCell(loc, column, v(column), this.#refs, dc);
    readPosition(loc, v, this.#doc.settings, dc);
    readFields(loc, row, this.#cols.fields);
    const shapeProblem = csvShapeProblem(loc);
    if (shapeProblem) fail(shapeProblem);
    const held = this.#holders.holder(shapeOf(loc), loc.layer);
    if (held !== undefined)
      fail(`Location "${this.#holderIds[held]}" already stands for the shape "${shapeOf(loc)}" on this row's floor`);
    this.#taken.add(id);
    this.#hold(loc);
    return loc;
  }
}

/**
 * Turns parsed CSV rows (header first) into locations for `doc`: rows that break a rule of the
 * document are skipped, and group names the document does not know become new groups.
 */
export function csvToLocations(csv: CsvRows, doc: MapDocument): CsvLocations {
  const [headers = [], ...rows] = csv.rows;
  const skipped = [...csv.problems];
  const locations: Location[] = [];
  const cols = readHeader(headers);
  const refs = new CsvReferences(doc);
  if (!cols.builtin.has('id') && !cols.builtin.has('title')) {
    if (rows.length) skipped.push('Line 1: no "id" or "title" column, so no row can be read');
    return { locations, groups: [], skipped };
  }
  const reader = new RowReader(doc, cols, refs, csvDecimalComma(csv.separator));
  const room = Math.max(0, L.locations - doc.locations.length);
  for (let r = 0; r < rows.length; r++) {
    const line = csv.lines[r + 1] ?? r + 2;
    if (locations.length >= room) {
      skipped.push(`Line ${line}: the map has room for ${L.locations} locations; the rest of the file is left out`);
      break;
    }
    // Groups a skipped row would have added are not added.
    const mark = refs.mark();
    try {
      const loc = reader.read(rows[r]!);
      if (loc) locations.push(loc);
    } catch (e) {
      if (!(e instanceof CsvCellProblem)) throw e;
      refs.forget(mark);
      skipped.push(`Line ${line}: ${e.message}`);
    }
  }
  return { locations, groups: refs.made, skipped };
}

export function mergeCsvLocations(doc: MapDocument, csv: Pick<CsvLocations, 'locations' | 'groups'>): MapDocument {
  if (!csv.locations.length) return doc;
  return {
    ...doc,
    locations: [...doc.locations, ...csv.locations],
    groups: csv.groups.length ? [...doc.groups, ...csv.groups] : doc.groups,
  };
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
    warn(
      `Mapnest: the locations CSV "${source.slice(0, 200)}" is not an http(s) or relative URL; the map shows its own locations only.`,
    );
    return doc;
  }
  const url = opts.resolveUrl ? opts.resolveUrl(source) : source;
  let body: string;
  try {
    body = await fetchCsvText(url, opts);
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    warn(
      `Mapnest: the locations CSV ${url} ${e instanceof Error ? e.message : String(e)}; the map shows its own locations only.`,
    );
    return doc;
  }
  const read = csvToLocations(parseCsvRows(body), doc);
  if (read.skipped.length) {
    const shown = read.skipped.slice(0, 10).join('; ');
    const more = read.skipped.length > 10 ? ` (and ${read.skipped.length - 10} more)` : '';
    warn(
      `Mapnest: ${read.skipped.length} row${read.skipped.length === 1 ? '' : 's'} of the locations CSV ${url} left out: ${shown}${more}`,
    );
  }
  return mergeCsvLocations(doc, read);
}

/**
 * The text of a CSV source, fetched without credentials within the time limit. Rejects with the reason as the end of
 * a sentence ("could not be loaded (HTTP 404)", "is larger than 20 million characters"), or with the abort when
 * `opts.signal` aborts.
 */
export async function fetchCsvText(
  url: string,
  opts: Omit<CsvLoadOptions, 'warn' | 'resolveUrl'> = {},
): Promise<string> {
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
    throw new Error(`could not be loaded (${reason})`);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
  if (body.length > CSV_MAX_CHARS) throw new Error(`is larger than ${CSV_MAX_CHARS / 1_000_000} million characters`);
  return body;
}
