/**
 * What each column of a CSV or sheet is taken for before the author chooses, past its header's exact names
 * (`guessMapping`):
 * - The title column of a sheet with no "title" or "name": the first column a venue's sheet names its places by
 *   ("Shop", "Tenant"). A guess of the Import dialog only, where the author sees each column's target and can change
 *   it; a map's live CSV source in the viewer reads the exact header names alone.
 * - The column of a mall's unit numbers: a column whose values are each a different room of the floor plans (their
 *   drawing's element ids) is taken for the ids, which bind each location to its room and make next month's sheet
 *   update the same locations (for the Shape when a column is the id already).
 * - The groups column of a CSV whose header does not say so. A column whose every value names groups the map has
 *   ("Available", "Sold") is taken for the groups: a housing site's "Status" column, set to Groups by hand on the
 *   first import, is set so again on each re-import of the month's spreadsheet, where a hurried author would have
 *   left it a custom field and every plot's status as it was.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { csvCell, csvHeaderKey } from '../../../viewer/csv/cells';
import { guessMapping, type ColumnTarget, type ParsedCsv } from './csv';

/**
 * What each column of `csv` is taken for before the author chooses: by its header (its exact names, then the words a
 * venue names its places by), and by its values for groups. The rooms' column comes once the rooms are read
 * (`withRoomColumn`).
 */
export const guessColumns = (csv: ParsedCsv, doc: Pick<MapDocument, 'groups'>): ColumnTarget[] =>
  withGroupColumn(withTitleColumn(guessMapping(csv.headers, csv.rows, csv.decimalComma), csv.headers), csv.rows, doc);

/** Headers a venue's spreadsheet names its places by (as `csvHeaderKey` writes them). */
const TITLE_HEADERS: ReadonlySet<string> = new Set(
  ['shop', 'store', 'tenant', 'business', 'brand', 'company', 'venue', 'place', 'retailer', 'occupant'].flatMap((w) => [
    w,
    `${w}_name`,
  ]),
);

/** `mapping` with the first column `headers` names by TITLE_HEADERS set to the title, when no column is already. */
export function withTitleColumn(mapping: readonly ColumnTarget[], headers: readonly string[]): ColumnTarget[] {
  const out = mapping.slice();
  if (out.includes('title')) return out;
  const at = headers.findIndex((h) => TITLE_HEADERS.has(csvHeaderKey(h)));
  if (at >= 0) out[at] = 'title';
  return out;
}

/** `mapping` with its first column of the map's group names set to the groups, when no column is already. */
export function withGroupColumn(
  mapping: readonly ColumnTarget[],
  rows: readonly (readonly string[])[],
  doc: Pick<MapDocument, 'groups'>,
): ColumnTarget[] {
  const out = mapping.slice();
  if (out.includes('groups') || doc.groups.length === 0) return out;
  const known = new Set(doc.groups.flatMap((g) => [g.name.toLowerCase(), g.id.toLowerCase()]));
  const at = out.findIndex((t, i) => (t === 'ignore' || t.startsWith('field:')) && namesGroups(rows, i, known));
  if (at >= 0) out[at] = 'groups';
  return out;
}

/** Whether column `i` has a value, and each of its values names only known groups (as a groups cell reads them). */
function namesGroups(rows: readonly (readonly string[])[], i: number, known: ReadonlySet<string>): boolean {
  let named = false;
  for (const row of rows) {
    const cell = csvCell(row[i] ?? '');
    if (cell === '') continue;
    const names = cell
      .split(/[,;|]/)
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    if (!names.every((n) => known.has(n))) return false;
    named = true;
  }
  return named;
}

/**
 * `mapping` with its first column whose values are each a different room of the floor plans (a mall's unit numbers,
 * "G01", as its drawing's element ids) set to the locations' ids, which bind each location to its room and let the
 * next month's sheet update the same locations; to their Shape when a column is the id already. Unchanged while the
 * floors' rooms are not read yet (`rooms` null).
 */
export function withRoomColumn(
  mapping: readonly ColumnTarget[],
  rows: readonly (readonly string[])[],
  rooms: ReadonlyMap<string, ReadonlySet<string>> | null,
): ColumnTarget[] {
  const out = mapping.slice();
  const target = !out.includes('id') ? 'id' : !out.includes('shape') ? 'shape' : null;
  if (!rooms || !target) return out;
  const known = new Set([...rooms.values()].flatMap((ids) => [...ids]));
  if (known.size === 0) return out;
  const at = out.findIndex((t, i) => (t === 'ignore' || t.startsWith('field:')) && namesRooms(rows, i, known));
  if (at >= 0) out[at] = target;
  return out;
}

/** Whether column `i` has a value, and its values are each a different known room. */
function namesRooms(rows: readonly (readonly string[])[], i: number, known: ReadonlySet<string>): boolean {
  const seen = new Set<string>();
  for (const row of rows) {
    const cell = csvCell(row[i] ?? '');
    if (cell === '') continue;
    if (!known.has(cell) || seen.has(cell)) return false;
    seen.add(cell);
  }
  return seen.size > 0;
}
