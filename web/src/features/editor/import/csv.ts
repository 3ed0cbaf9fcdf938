/**
 * CSV import: parse (papaparse), map columns to location fields (guessed from the header, changeable
 * in the dialog), and turn rows into locations. Every problem is listed with its line and column; a
 * row with a problem is left out, so the author can import the good rows or fix the file first. Only
 * problems of the whole file (the mapping, lat/lon on a map without calibration) stop the import.
 */
import Papa from 'papaparse';
import { parseProblems } from './csv-parse-problems';
import { locationSchema, type Group, type Location, type MapDocument } from '@mapnest/shared/map-document';
import { nextGroupColour } from '../actions/structure';
import { latLonToMap } from '@mapnest/shared/map-geo';
import { toFieldKey } from '@mapnest/shared/map-ids';
import { RESERVED_FIELD_KEYS, saysNone, webAddress } from '@mapnest/shared/map-rules';
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
  csvToNumber,
  type CsvColumn,
} from '../../../viewer/csv/cells';
import { CSV_PAIR_COLUMNS } from '../../../viewer/csv/locations';
import { detectSeparator } from '../../../viewer/csv/parse';
import {
  csvCellPair,
  csvLatLonCells,
  csvRowId,
  csvShapeProblem,
  csvXYPosition,
  isCsvRuledColumn,
  readCsvCell,
} from '../../../viewer/csv/rules';
import { importedFloor, namedShape, roomNamed, type FloorRooms } from './import-floor';
import { titleMatcher } from './title-match';

/** Where a column goes: a location field, a custom field ('field:<key>'), or nowhere. */
export type ColumnTarget = 'ignore' | CsvColumn | 'coord' | 'latlon' | `field:${string}`;

// The viewer reads a map's CSV source with the same header names and cell rules (web/src/viewer/csv/cells.ts,
// csv/rules.ts).
const ALIASES: Readonly<Record<string, ColumnTarget>> = { ...CSV_COLUMN_ALIASES, ...CSV_PAIR_COLUMNS };

export interface ParsedCsv {
  headers: string[];
  rows: string[][];
  /** Parse problems (unclosed quotes, ...) with their line. */
  errors: string[];
  /** Indexes (in `rows`) of the rows with a parse problem: left out of the import. */
  errorRows?: ReadonlySet<number>;
  /** Numbers may be written with a decimal comma ("0,075"): the file is semicolon-separated (csvDecimalComma). */
  decimalComma?: boolean;
  /**
   * Where the header and each row are in the file, when not lines 1, 2, 3…: a workbook's sheet numbers its rows as the
   * spreadsheet does, past the blank rows and any title above the header, and problems name them "row".
   */
  rowsAt?: { header: number; rows: readonly number[]; word: 'row' };
}

/** The number a problem names a row by: its line in the file (the header is line 1), or its row in the sheet. */
export const rowNumber = (csv: ParsedCsv, index: number) => csv.rowsAt?.rows[index] ?? index + 2;
/** "Line 4" or, in a workbook, "Row 4". */
export const rowSaid = (csv: ParsedCsv, line: number, capital = false) => {
  const word = csv.rowsAt?.word ?? 'line';
  return `${capital ? word[0]!.toUpperCase() + word.slice(1) : word} ${line}`;
};

/**
 * Splits CSV text (comma, semicolon or tab separated) into a header and rows. The separator is the one the header
 * line uses most, as the viewer decides (viewer/csv/parse.ts): both readers split a file alike, and a file of one
 * column is no problem (papaparse's own guess would report that it found no separator).
 */
export function parseCsv(text: string): ParsedCsv {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = detectSeparator(body);
  const result = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: 'greedy' });
  const [headers = [], ...rows] = result.data;
  const errors = parseProblems(result.errors, result.data);
  const errorRows = new Set(result.errors.map((e) => (e.row ?? 0) - 1).filter((r) => r >= 0));
  const decimalComma = csvDecimalComma(delimiter);
  return { headers: headers.map((h) => h.trim()), rows, errors, errorRows, decimalComma };
}

/**
 * A first guess at each column's target from its header and, for a header that names a number of the marker's (size,
 * zoom), from its values too: a lot plan's "size" column of square metres is no marker size (0.1 to 10), and taken as
 * one every row would be refused, so it becomes a custom field like any other column.
 */
export function guessMapping(
  headers: readonly string[],
  rows: readonly (readonly string[])[] = [],
  decimalComma = false,
): ColumnTarget[] {
  const used = new Set<ColumnTarget>();
  return headers.map((h, i) => {
    const target = ALIASES[csvHeaderKey(h)];
    if (target && !used.has(target) && valuesFit(target, rows, i, decimalComma)) {
      used.add(target);
      return target;
    }
    return ownField(h) ?? 'ignore';
  });
}

/**
 * The custom field a column's header names ('field:price'), or null when the header makes no field key or one a
 * custom field may not have (a location's own keys: "coord", "type"), as the viewer's CSV source leaves them out.
 */
export function ownField(header: string): ColumnTarget | null {
  const field = toFieldKey(header.trim());
  return field && !RESERVED_FIELD_KEYS.has(field) ? `field:${field}` : null;
}

/** Why a column's header makes no custom field when it names a location's own key ("zoom"), else null. */
export function ownFieldRefused(header: string): string | null {
  const field = toFieldKey(header.trim());
  return field && RESERVED_FIELD_KEYS.has(field)
    ? `No custom field can be named “${field}”, a location’s own field: rename the column to keep it`
    : null;
}

const NO_REFERENCES = new CsvReferences({ groups: [], layers: [], styles: [] });

/** Whether a cell holds two numbers (a one-cell position, or latitude and longitude). */
const isPair = (value: string, decimalComma: boolean) =>
  !!csvPair(value, decimalComma)?.every((n) => Number.isFinite(csvToNumber(n, decimalComma)));

/**
 * Whether every value of column `i` reads as the marker number `target` takes, or as the pair of numbers a one-cell
 * position takes (other targets are not guessed so).
 */
function valuesFit(
  target: ColumnTarget,
  rows: readonly (readonly string[])[],
  i: number,
  decimalComma: boolean,
): boolean {
  if (target === 'coord' || target === 'latlon')
    return rows.every((row) => {
      const value = csvCell(row[i] ?? '');
      return value === '' || isPair(value, decimalComma);
    });
  if (target !== 'scale' && target !== 'zoom') return true;
  return rows.every((row) => {
    const value = csvCell(row[i] ?? '');
    if (value === '') return true;
    try {
      readCsvCell({}, target, value, NO_REFERENCES, decimalComma);
      return true;
    } catch (e) {
      if (e instanceof CsvCellProblem) return false;
      throw e;
    }
  });
}

export interface CsvIssue {
  /** Line in the file (the header is line 1), or the row of a workbook's sheet (`rowNumber`). */
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

/** Columns whose cell becomes its property as written (held to the schema's rules; addresses read by webAddress). */
const TEXT_COLUMNS = [
  'title',
  'about',
  'desc',
  'link',
  'image',
  'thumb',
  'phone',
  'email',
  'hours',
  'label',
  'more',
] as const;
type TextColumn = (typeof TEXT_COLUMNS)[number];
const ADDRESS_COLUMNS: ReadonlySet<string> = new Set(['link', 'image', 'thumb']);
const CONTACT_COLUMNS: ReadonlySet<string> = new Set(['link', 'image', 'phone', 'email']); // "n/a" is none there
const isTextColumn = (target: string): target is TextColumn => (TEXT_COLUMNS as readonly string[]).includes(target);

/**
 * Problems of the mapping itself: they concern the whole file. Empty latitude and longitude columns (the export of a
 * map with a custom field named "lat" has them) need no calibration.
 */
function mappingIssues(
  mapping: readonly ColumnTarget[],
  doc: MapDocument,
  { hasLatLon, header }: { hasLatLon: boolean; header: number },
): CsvIssue[] {
  const issues: CsvIssue[] = [];
  const fileIssue = (message: string) => issues.push({ line: header, column: '', message });
  const has = (target: ColumnTarget) => mapping.includes(target);
  if (!has('title') && !has('id')) fileIssue('Map at least one column to Id or Title');
  if (has('x') !== has('y')) fileIssue('Map both X and Y, or neither');
  if (has('lat') !== has('lon')) fileIssue('Map both Latitude and Longitude, or neither');
  if (((has('lat') && has('lon')) || has('latlon')) && !doc.settings.geo && hasLatLon)
    fileIssue(
      'This map is not geo-calibrated, so latitude/longitude cannot be placed (set the calibration in Settings, or start from a built-in map)',
    );
  return issues;
}

/** What reading the rows shares: the file, its mapping, the document, and the ids and groups taken so far. */
interface ImportState {
  readonly csv: ParsedCsv;
  readonly mapping: readonly ColumnTarget[];
  readonly doc: MapDocument;
  readonly refs: CsvReferences;
  /** The line each id was read on. */
  readonly seen: Map<string, number>;
  /** The document's ids and the ids the rows so far took. */
  readonly taken: Set<string>;
  /** The document's own ids: a row with one of them updates that location. */
  readonly existing: ReadonlySet<string>;
  readonly byTitle: ReturnType<typeof titleMatcher>; // the location a row with no id stands for
  /** The floors' rooms, when known: a new row without a position that names one (by its id or name) is shown by it. */
  readonly rooms: FloorRooms | null;
  /** The floor of the rows' new locations when no column gives floors (null: none, they show on every floor). */
  readonly floor: string | null;
}

/** One data row, read through the mapping; its problems are listed under their column. */
class ImportRow {
  readonly issues: CsvIssue[] = [];
  readonly loc: Partial<Location> = {};

  constructor(
    private readonly state: ImportState,
    private readonly cells: readonly string[],
    readonly line: number,
  ) {}

  private get(target: ColumnTarget): string {
    const i = this.state.mapping.indexOf(target);
    return i >= 0 ? csvCell(this.cells[i] ?? '') : '';
  }

  private header(target: ColumnTarget): string {
    return this.state.csv.headers[this.state.mapping.indexOf(target)] ?? target;
  }

  private problem(target: ColumnTarget, message: string): void {
    this.issues.push({ line: this.line, column: this.header(target), message });
  }

  // A problem is listed under its column; the rest of the row is still read, so every problem shows at once.
  private check(column: string, read: () => void): void {
    try {
      read();
    } catch (e) {
      if (!(e instanceof CsvCellProblem)) throw e;
      this.issues.push({ line: this.line, column, message: e.message });
    }
  }

  /** The mapped cells other than the id and the position: properties, and custom fields. */
  readCells(): void {
    const { csv, mapping, refs } = this.state;
    const fields: Record<string, string> = {};
    mapping.forEach((target, i) => {
      const value = csvCell(this.cells[i] ?? '');
      if (value === '' || target === 'ignore' || (CONTACT_COLUMNS.has(target) && saysNone(value))) return;
      if (target.startsWith('field:')) fields[target.slice(6)] = value;
      else if (isTextColumn(target)) this.loc[target] = ADDRESS_COLUMNS.has(target) ? webAddress(value) : value;
      else if (isCsvRuledColumn(target))
        this.check(csv.headers[i] ?? `column ${i + 1}`, () =>
          readCsvCell(this.loc, target, value, refs, !!csv.decimalComma),
        );
    });
    if (Object.keys(fields).length) this.loc.fields = fields;
  }

  /** The id cell, else the id of the location of the row's title, else one made from it; a repeated id is a problem. */
  readId(): void {
    const { seen, taken } = this.state;
    const title = this.loc.title?.trim() ?? '';
    let id = this.get('id') || (this.state.byTitle(title, this.loc.layer, seen) ?? '');
    const room = this.roomNamed(id);
    if (room && 'id' in room) id = room.id;
    else if (room) this.loc.shape = room.shape;
    // A nameless row (a line of a list left half filled) would be a directory entry called "location".
    if (!id && !title) this.problem('title', 'A location needs a title or an id, and this row has neither');
    this.check(this.header('id'), () => (id = csvRowId(id, title, taken)));
    if (seen.has(id)) this.problem('id', `The id "${id}" is also used on ${rowSaid(this.state.csv, seen.get(id)!)}`);
    seen.set(id, this.line);
    taken.add(id);
    this.loc.id = id;
  }

  /**
   * The room the row's Shape cell, else its id cell, names by the name its drawing gives it (`namedShape`, `roomNamed`),
   * on the row's floor, else the import's (a row on every floor stands for its own id's shape on each: none is looked for).
   */
  private roomNamed(id: string): ReturnType<typeof roomNamed> {
    const { doc, floor, rooms, mapping } = this.state;
    const [on, anyFloor] = this.loc.layer
      ? [this.loc.layer, false]
      : mapping.includes('layer')
        ? [null, false]
        : [floor, floor !== null];
    if (this.loc.shape) {
      const named = namedShape(this.loc.shape, on, anyFloor, rooms);
      return named && { shape: named.shape };
    }
    return this.get('id') ? roomNamed(doc, id, on, anyFloor, rooms) : null;
  }

  /** X and Y, lat and lon when the row has either pair; else the one-cell position ("0.21,0.56"), as the viewer reads. */
  readPosition(): void {
    const { mapping, doc, csv } = this.state;
    const dc = !!csv.decimalComma;
    const [x, y, lat, lon] = [this.get('x'), this.get('y'), this.get('lat'), this.get('lon')];
    const [coord, latlon] = [this.get('coord'), this.get('latlon')];
    if (mapping.includes('x') && mapping.includes('y') && (x !== '' || y !== '')) {
      this.check(this.header('x'), () => (this.loc.coord = csvXYPosition(x, y, doc.settings, dc)));
    } else if (coord !== '') {
      this.check(this.header('coord'), () => {
        const [px, py] = csvPair(coord, dc) ?? ['', ''];
        this.loc.coord = csvPosition(px, py, coord, doc.settings, dc);
      });
    }
    if (mapping.includes('lat') && mapping.includes('lon') && (lat !== '' || lon !== '')) {
      this.check(this.header('lat'), () => this.placeLatLon(csvLatLonCells(lat, lon, dc), csvCellPair(lat, lon, dc)));
    } else if (latlon !== '') {
      this.check(this.header('latlon'), () => {
        const [la, lo] = csvPair(latlon, dc) ?? ['', ''];
        this.placeLatLon(csvLatLon(la, lo, latlon, dc), latlon);
      });
    }
  }

  /** A latitude and longitude inside the map's calibrated area; `shown` is how the cells read in a message. */
  private placeLatLon(latlon: [number, number], shown: string): void {
    this.loc.latlon = latlon;
    const [mx, my] = latLonToMap(latlon, this.state.doc.settings.geo!.extent);
    if (mx < 0 || mx > 1 || my < 0 || my > 1) throw new CsvCellProblem(`"${shown}" is outside this map's area`);
  }

  /** Without a column of floors, as `importedFloor` says; with it, as its cell says (empty: every floor). */
  placeOnFloor(): void {
    const { mapping, doc, floor, rooms } = this.state;
    if (mapping.includes('layer')) return;
    const loc = this.loc;
    const room =
      loc.coord || loc.latlon ? undefined : { shape: loc.shape ?? loc.id!, floorShapes: rooms?.shapes ?? null };
    const layer = importedFloor(doc, loc.id!, floor, room);
    if (layer) loc.layer = layer;
  }

  /**
   * A new location with no position of its own stands for its shape on the plan (the element with its id on its floor,
   * or the one its Shape cell names): shown by that shape alone, with no marker over it, as a room added from the
   * Locations list is, unless the row gives a marker type (not the default pin). One the row updates keeps its marker.
   */
  showByShape(): void {
    const { existing } = this.state;
    const floorShapes = this.state.rooms?.shapes;
    const loc = this.loc;
    if (!floorShapes || existing.has(loc.id!) || loc.type || loc.coord || loc.latlon) return;
    const shape = loc.shape ?? loc.id!;
    // On every floor (no floor of its own), it stands for the shape of that id on each.
    const floors = loc.layer ? [loc.layer] : [...floorShapes.keys()];
    if (floors.some((f) => floorShapes.get(f)?.has(shape))) loc.type = 'hidden';
  }

  /** A shape needs the row's floor, known once it is placed (whether two locations stand for one is the map's check). */
  checkShape(): void {
    const problem = csvShapeProblem(this.loc);
    if (problem) this.problem('shape', problem);
  }

  /**
   * The location, or null when the row has a problem. The schema is the backstop for what the cell rules do not
   * check (lengths, URLs); a row already listed for a cell is not listed again for the same cell.
   */
  validate(): Location | null {
    const { csv, mapping } = this.state;
    const parsed = locationSchema.safeParse(this.loc);
    if (!parsed.success && this.issues.length === 0) {
      for (const issue of parsed.error.issues.slice(0, 3)) {
        const key = String(issue.path[0] ?? '');
        const column =
          csv.headers[
            mapping.findIndex((t) => t === key || (key === 'fields' && t === `field:${String(issue.path[1])}`))
          ] ?? key;
        this.issues.push({ line: this.line, column, message: issue.message });
      }
    }
    return parsed.success && this.issues.length === 0 ? parsed.data : null;
  }
}

/**
 * Rows as locations for `doc`: the good rows' locations, and every problem with its line and column. `floor` is the
 * floor of the new locations when no column gives floors (the import dialog's choice; null leaves them on every floor);
 * `rooms`, the floors' rooms, when known (a new row standing for one is shown by it alone).
 */
export function rowsToLocations(
  csv: ParsedCsv,
  mapping: readonly ColumnTarget[],
  doc: MapDocument,
  {
    floor = null,
    rooms = null,
    replacing = false,
    adding = false,
  }: {
    floor?: string | null;
    rooms?: FloorRooms | null;
    /** The import replaces every location: no row updates one, so each is as new (shown by its shape alone). */
    replacing?: boolean;
    adding?: boolean; // the import only adds: a row with no id is a new location whatever its title
  } = {},
): CsvImport {
  const latLon = [mapping.indexOf('lat'), mapping.indexOf('lon'), mapping.indexOf('latlon')];
  const hasLatLon = csv.rows.some((cells) => latLon.some((i) => i >= 0 && csvCell(cells[i] ?? '') !== ''));
  const header = csv.rowsAt?.header ?? 1;
  const blocking = mappingIssues(mapping, doc, { hasLatLon, header });
  if (blocking.length) return { locations: [], groups: [], issues: blocking, blocking: true, badRows: 0 };
  const state: ImportState = {
    csv,
    mapping,
    doc,
    refs: new CsvReferences(doc),
    seen: new Map(),
    taken: new Set(doc.locations.map((l) => l.id)),
    existing: new Set(replacing ? [] : doc.locations.map((l) => l.id)),
    byTitle: adding ? () => null : titleMatcher(doc),
    rooms,
    floor,
  };
  const issues: CsvIssue[] = [];
  const locations: Location[] = [];
  let badRows = 0;
  csv.rows.forEach((cells, r) => {
    // A row the parser found broken (too few or too many fields) is listed by the parser and left out.
    if (csv.errorRows?.has(r)) {
      badRows++;
      return;
    }
    if (cells.every((v) => v.trim() === '')) return;
    const mark = state.refs.mark();
    const row = new ImportRow(state, cells, rowNumber(csv, r));
    row.readCells();
    row.readId();
    row.readPosition();
    row.placeOnFloor();
    row.showByShape();
    row.checkShape();
    const location = row.validate();
    issues.push(...row.issues);
    if (location) {
      locations.push(location);
      return;
    }
    // Groups only this left-out row named are not made.
    state.refs.forget(mark);
    badRows++;
  });
  if (csv.rows.length === 0)
    issues.push({ line: header + 1, column: '', message: 'The file has a header but no rows' });
  // The groups the file names that the map does not have are made with it, each in the next colour of the palette
  // Groups › Add gives (uncoloured, a site plan's lot in a new status group showed white on the plan).
  const colours = doc.groups.map((g) => g.color);
  const groups = state.refs.made.map((g) => {
    const color = nextGroupColour(colours, doc.settings.primaryColor);
    colours.push(color);
    return { ...g, color };
  });
  return { locations, groups, issues, blocking: csv.rows.length === 0, badRows };
}
