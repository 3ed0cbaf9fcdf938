/**
 * Which location property a CSV column fills, and by which cell rule (cells.ts): the part of reading a
 * row that both CSV readers share, the editor's import (`features/editor/import/csv.ts`) and the viewer's
 * CSV source (`locations.ts`). A row's id and its position from two cells are read here too. Each rule
 * throws CsvCellProblem for a cell that breaks it; the readers decide where the message goes.
 *
 * Free of the zod schema on purpose, like cells.ts: the embed reads CSV sources.
 */
import type { Location } from '@mapnest/shared/map-document';
import { toId, uniqueId } from '@mapnest/shared/map-ids';
import { LINK_TARGETS, LOCATION_ACTIONS, MAP_LIMITS as L, MARKER_TYPES } from '@mapnest/shared/map-rules';
import {
  csvChoice,
  csvColor,
  csvId,
  csvLatLon,
  csvNumber,
  csvPosition,
  type CsvReferences,
  csvYesNo,
  type CsvColumn,
} from './cells';

/** Columns read by a rule of their own (text columns are held to the document's lengths by each reader). */
export type CsvRuledColumn = Extract<
  CsvColumn,
  | 'color'
  | 'style'
  | 'layer'
  | 'shape'
  | 'groups'
  | 'type'
  | 'action'
  | 'target'
  | 'zoom'
  | 'scale'
  | 'hide'
  | 'disable'
>;

/** `decimalComma`: the file's numbers may be written "0,075" (see csvDecimalComma). */
type CellRule = (loc: Partial<Location>, value: string, refs: CsvReferences, decimalComma: boolean) => void;

/** How a non-empty cell of each ruled column fills its property (a 'no' or a group-less cell fills nothing). */
const CELL_RULES: Readonly<Record<CsvRuledColumn, CellRule>> = {
  color: (loc, value) => {
    loc.color = csvColor(value);
  },
  style: (loc, value, refs) => {
    loc.style = refs.style(value);
  },
  layer: (loc, value, refs) => {
    loc.layer = refs.layer(value);
  },
  // The id of the element of its floor's drawing the location stands for (ADR 061); it needs a floor (csvShapeProblem).
  shape: (loc, value) => {
    loc.shape = csvId(value);
  },
  groups: (loc, value, refs) => {
    const ids = refs.groups(value);
    if (ids.length) loc.groups = ids;
  },
  type: (loc, value) => {
    loc.type = csvChoice(value, 'The marker type', MARKER_TYPES);
  },
  action: (loc, value) => {
    loc.action = csvChoice(value, 'The click action', LOCATION_ACTIONS);
  },
  target: (loc, value) => {
    loc.target = csvChoice(value, 'The link target', LINK_TARGETS);
  },
  zoom: (loc, value, _refs, decimalComma) => {
    loc.zoom = csvNumber(value, 'The zoom', 1, L.maxZoom, decimalComma);
  },
  scale: (loc, value, _refs, decimalComma) => {
    loc.scale = csvNumber(value, 'The size', 0.1, 10, decimalComma);
  },
  hide: (loc, value) => {
    if (csvYesNo(value, 'Hidden')) loc.hide = true;
  },
  disable: (loc, value) => {
    if (csvYesNo(value, 'Disabled')) loc.disable = true;
  },
};

// Pure: the viewer, which never asks, leaves it out of its build.
const RULED_COLUMNS: ReadonlySet<string> = /* @__PURE__ */ new Set(/* @__PURE__ */ Object.keys(CELL_RULES));

export function isCsvRuledColumn(column: string): column is CsvRuledColumn {
  return RULED_COLUMNS.has(column);
}

/** Fills the property a non-empty cell of `column` gives `loc`; throws CsvCellProblem when the cell breaks its rule. */
export function readCsvCell(
  loc: Partial<Location>,
  column: CsvRuledColumn,
  value: string,
  refs: CsvReferences,
  decimalComma = false,
): void {
  CELL_RULES[column](loc, value, refs, decimalComma);
}

/**
 * Why a row's location cannot have the shape it names, or null: a location on every floor stands for the shape with
 * its own id (read once the row's floor is known: a column's, or the import's).
 */
export function csvShapeProblem(loc: Partial<Location>): string | null {
  return loc.shape !== undefined && loc.layer == null
    ? `The shape "${loc.shape}" needs a floor: a location on every floor stands for the shape with its own id`
    : null;
}

/** A row's id: its id cell when valid, or (when the cell is empty) one made from the title, unique among `taken`. */
export function csvRowId(idCell: string, title: string, taken: ReadonlySet<string>): string {
  return idCell === '' ? uniqueId(toId(title) || 'location', taken, 'location') : csvId(idCell);
}

/** How two cells read in a message: "x, y", or "x; y" when the numbers may have decimal commas. */
export function csvCellPair(a: string, b: string, decimalComma = false): string {
  return `${a}${decimalComma ? ';' : ','} ${b}`;
}

/** A position from an x and a y cell (map space, or pixels of the map image), shown as "x, y" in a message. */
export function csvXYPosition(
  x: string,
  y: string,
  size: { mapWidth: number; mapHeight: number },
  decimalComma = false,
): [number, number] {
  return csvPosition(x, y, csvCellPair(x, y, decimalComma), size, decimalComma);
}

/** A latitude and longitude from two cells, shown as "lat, lon" in a message. */
export function csvLatLonCells(lat: string, lon: string, decimalComma = false): [number, number] {
  return csvLatLon(lat, lon, csvCellPair(lat, lon, decimalComma), decimalComma);
}
