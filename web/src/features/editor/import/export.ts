/** Export: the whole document as JSON (re-importable), the locations as CSV (every field as a column). */
import Papa from 'papaparse';
import type { Location, MapDocument } from '@mapnest/shared/map-document';
import { CSV_COLUMN_ALIASES, CSV_FORMULA_START, csvHeaderKey, CsvReferences } from '../../../viewer/csv/cells';
import { CSV_PAIR_COLUMNS } from '../../../viewer/csv/locations';

/** The document as pretty-printed JSON. */
export function toJson(doc: MapDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

const BASE_COLUMNS = [
  'id',
  'title',
  'about',
  'desc',
  'x',
  'y',
  'lat',
  'lon',
  'layer',
  'shape',
  'groups',
  'color',
  'style',
  'type',
  'label',
  'scale',
  'link',
  'target',
  'more',
  'image',
  'thumb',
  'phone',
  'email',
  'hours',
  'action',
  'zoom',
  'hide',
  'disable',
] as const;

/** The cells of a location's columns, before papaparse quotes them (numbers as numbers: never formula-escaped). */
type CsvCells = (string | number)[];

/**
 * How the cells name each group and layer: by name, or by id when the name would not lead the import back to it (a
 * name with a comma, the same name twice, a name that is another's id). The import reads them by CsvReferences' rules.
 * A layer is named by its id first (the CSV's way), or by its name first (`layersBy: 'name'`, the GeoJSON export's).
 */
export function references(
  doc: MapDocument,
  layersBy: 'id' | 'name' = 'id',
): { groups: Map<string, string>; layers: Map<string, string> } {
  const refs = new CsvReferences(doc);
  const groupCell = (g: { id: string; name: string }) =>
    [g.name, g.id].find((cell) => {
      const mark = refs.mark();
      const ids = refs.groups(cell);
      refs.forget(mark);
      return ids.length === 1 && ids[0] === g.id;
    }) ?? g.name;
  const layerCell = (l: { id: string; name: string }) =>
    (layersBy === 'id' ? [l.id, l.name] : [l.name, l.id]).find((cell) => {
      try {
        return refs.layer(cell) === l.id;
      } catch {
        return false;
      }
    }) ?? l.id;
  return {
    groups: new Map(doc.groups.map((g) => [g.id, groupCell(g)])),
    layers: new Map(doc.layers.map((l) => [l.id, layerCell(l)])),
  };
}

/**
 * The built-in columns and the custom fields: latitude and longitude on a geo-calibrated map, the shape when a
 * location names one (ADR 061; an export of a map without them is as it was), each also when a custom field would be
 * read as one of them (its column comes after the empty built-in one, so the import reads it as the field). A custom
 * field the readers would take for a one-cell position ("position", "latlng") gets an empty such column before it,
 * for the same reason.
 */
function csvColumns(doc: MapDocument): { base: string[]; custom: string[] } {
  const custom: string[] = [];
  for (const l of doc.locations) for (const k of Object.keys(l.fields ?? {})) if (!custom.includes(k)) custom.push(k);
  const readAs = (columns: string[]) => custom.some((k) => columns.includes(CSV_COLUMN_ALIASES[csvHeaderKey(k)] ?? ''));
  const geo = !!doc.settings.geo || readAs(['lat', 'lon']);
  const shape = doc.locations.some((l) => l.shape !== undefined) || readAs(['shape']);
  const pairs = (['coord', 'latlon'] as const).filter((p) =>
    custom.some((k) => CSV_PAIR_COLUMNS[csvHeaderKey(k)] === p),
  );
  return {
    base: [...BASE_COLUMNS.filter((c) => (c === 'lat' || c === 'lon' ? geo : c === 'shape' ? shape : true)), ...pairs],
    custom,
  };
}

function baseCell(l: Location, c: string, refs: ReturnType<typeof references>): string | number {
  switch (c) {
    case 'x':
    case 'y':
      return l.coord ? l.coord[c === 'x' ? 0 : 1] : '';
    case 'lat':
    case 'lon':
      return l.latlon ? l.latlon[c === 'lat' ? 0 : 1] : '';
    case 'groups':
      return (l.groups ?? []).map((g) => refs.groups.get(g) ?? g).join(', ');
    case 'layer':
      return l.layer ? (refs.layers.get(l.layer) ?? l.layer) : '';
    case 'hide':
    case 'disable':
      return l[c] ? 'yes' : '';
    case 'coord':
    case 'latlon':
      return ''; // only there to put a custom field after it: the position is in x and y (lat and lon)
    default: {
      const v = (l as Record<string, unknown>)[c];
      return v === undefined || v === null ? '' : typeof v === 'number' ? v : String(v);
    }
  }
}

/**
 * The locations as CSV: one row each, groups by name, custom fields as extra columns; imports back unchanged (the
 * import trims cells, so only spaces around a value are lost). UTF-8 with a byte order mark, so that Excel reads
 * accents as written.
 */
export function toCsv(doc: MapDocument): string {
  const { base, custom } = csvColumns(doc);
  const refs = references(doc);
  const rows: CsvCells[] = doc.locations.map((l) => [
    ...base.map((c) => baseCell(l, c, refs)),
    ...custom.map((k) => l.fields?.[k] ?? ''),
  ]);
  // Formula-looking cells are prefixed with an apostrophe so spreadsheet apps show them as text instead of running
  // them; the import takes it off again (CSV_FORMULA_START, csvCell).
  // One line ending throughout: a lone "\n" after "\r\n" rows makes the last field unreadable on import.
  const csv = Papa.unparse(
    { fields: [...base, ...custom], data: rows },
    { escapeFormulae: CSV_FORMULA_START, newline: '\r\n' },
  );
  return `\uFEFF${csv}\r\n`;
}

/** Offers text (or an image) as a file download. */
export function download(content: string | Blob, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from a map title. */
export function fileNameFor(title: string, ext: string): string {
  return `${
    title
      .trim()
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'map'
  }.${ext}`;
}
