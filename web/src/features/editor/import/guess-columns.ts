/**
 * What each column of a CSV or sheet is taken for before the author chooses, past its header's exact names
 * (`guessMapping`):
 * - Columns whose header names a property in other words ("Phone number", "E-mail", "Logo": `OTHER_HEADERS`).
 * - The title column of a sheet with no "title" or "name": the first column a venue's sheet names its places by
 *   ("Shop", "Tenant"). A guess of the Import dialog only, where the author sees each column's target and can change
 *   it; a map's live CSV source in the viewer reads the exact header names alone.
 * - The column of a mall's unit numbers: a column whose values are each a different room of the floor plans (their
 *   drawing's element ids, or the names it gives them) is taken for the ids, which bind each location to its room and make next month's sheet
 *   update the same locations (for the Shape when a column is the id already).
 * - The groups column of a CSV whose header does not say so. A column whose every value names groups the map has
 *   ("Available", "Sold") is taken for the groups: a housing site's "Status" column, set to Groups by hand on the
 *   first import, is set so again on each re-import of the month's spreadsheet, where a hurried author would have
 *   left it a custom field and every plot's status as it was.
 */
import { ID_PATTERN, type MapDocument } from '@mapnest/shared/map-document';
import { csvCell, csvHeaderKey } from '../../../viewer/csv/cells';
import { guessMapping, type ColumnTarget, type ParsedCsv } from './csv';
import { roomKey, type FloorRooms } from './import-floor';

/**
 * What each column of `csv` is taken for before the author chooses: by its header (its exact names, then the words a
 * venue names its places by), and by its values for groups. The rooms' column comes once the rooms are read
 * (`withRoomColumn`).
 */
export const guessColumns = (csv: ParsedCsv, doc: Pick<MapDocument, 'groups'>): ColumnTarget[] =>
  withGroupColumn(
    withTitleColumn(withOtherHeaders(guessMapping(csv.headers, csv.rows, csv.decimalComma), csv.headers), csv.headers),
    csv.rows,
    doc,
  );

/**
 * Headers of venues' and agents' sheets that name a location's property in words of their own (as `csvHeaderKey`
 * writes them): "Phone number", "E-mail", "Web site", "Opening times", a shop's "Logo" (its thumbnail, shown in the
 * directory), "Tenant ID".
 */
const OTHER_HEADERS: Readonly<Record<string, ColumnTarget>> = {
  phone_number: 'phone',
  telephone_number: 'phone',
  mobile: 'phone',
  contact_number: 'phone',
  e_mail: 'email',
  email_address: 'email',
  e_mail_address: 'email',
  web: 'link',
  web_site: 'link',
  homepage: 'link',
  web_address: 'link',
  website_url: 'link',
  opening_times: 'hours',
  open_hours: 'hours',
  trading_hours: 'hours',
  picture: 'image',
  image_url: 'image',
  photo_url: 'image',
  logo: 'thumb',
  logo_url: 'thumb',
  storey: 'layer',
  floor_name: 'layer',
  level_name: 'layer',
  tenant_id: 'id',
  store_id: 'id',
  shop_id: 'id',
  unit_id: 'id',
  location_id: 'id',
};

/** `mapping` with each column left to a custom field whose header is one of OTHER_HEADERS set to its property. */
export function withOtherHeaders(mapping: readonly ColumnTarget[], headers: readonly string[]): ColumnTarget[] {
  const out = mapping.slice();
  headers.forEach((h, i) => {
    const target = OTHER_HEADERS[csvHeaderKey(h)];
    if (target && !out.includes(target) && (out[i] === 'ignore' || out[i]!.startsWith('field:'))) out[i] = target;
  });
  return out;
}

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
 * "G01", as its drawing's element ids, or as the names the drawing gives them: Illustrator's layer "105"; else as a
 * spreadsheet changed them, `roomKey`: Excel's 7 for "007") set to the
 * locations' ids, which bind each location to its room and let the next month's sheet update the same locations; to
 * their Shape when a column is the id already. Unchanged while the floors' rooms are not read yet (`rooms` null), but
 * for the map's own locations' ids (`ids`).
 */
export function withRoomColumn(
  mapping: readonly ColumnTarget[],
  rows: readonly (readonly string[])[],
  rooms: FloorRooms | null,
  ids: readonly string[] = [],
): ColumnTarget[] {
  const out = mapping.slice();
  const target = !out.includes('id') ? 'id' : !out.includes('shape') ? 'shape' : null;
  // The map's own locations' ids, written as they are, count as rooms for the ids (not the Shape): a plan's rooms made
  // from a PDF's numbers have no shapes to be found by, and the tenant list that follows names them. They are known
  // at once, before the drawings are read: the column is taken for the ids from the dialog's first look.
  const own = target === 'id' ? ids : [];
  if (!target || (!rooms && own.length === 0)) return out;
  const drawn = rooms ? [...rooms.shapes.values(), ...[...rooms.names.values()].map((n) => n.keys())] : [];
  const known = new Set([...drawn, own].flatMap((k) => [...k]));
  if (known.size === 0) return out;
  // A column of the rooms as drawn comes first; else one as a spreadsheet changed them ("7" for "007", `roomKey`).
  const loose = new Set([...(rooms?.loose.values() ?? [])].flatMap((keys) => [...keys.keys()]));
  const free = (t: ColumnTarget) => t === 'ignore' || t.startsWith('field:');
  let at = out.findIndex((t, i) => free(t) && namesRooms(rows, i, (cell) => known.has(cell)));
  if (at < 0) at = out.findIndex((t, i) => free(t) && namesRooms(rows, i, (cell) => loose.has(roomKey(cell))));
  if (at >= 0) out[at] = target;
  return out;
}

/**
 * Whether column `i` has a value, and its values are each different, each could be an id, and nearly all are rooms
 * (`known`): a tenant list of 200 units with one typed wrong ("G0l") is still its units, the row of that one a place to
 * put on the map. A value that could be no id ("G01/G02", a shop over two units) leaves the column as it is: as ids,
 * such rows would be refused.
 */
function namesRooms(rows: readonly (readonly string[])[], i: number, known: (cell: string) => boolean): boolean {
  const seen = new Set<string>();
  let rooms = 0;
  for (const row of rows) {
    const cell = csvCell(row[i] ?? '');
    if (cell === '') continue;
    if (!ID_PATTERN.test(cell) || seen.has(roomKey(cell))) return false;
    seen.add(roomKey(cell));
    if (known(cell)) rooms++;
  }
  return rooms > 0 && rooms >= ROOMS_SHARE * seen.size;
}

/** The share of a column's values that must be rooms for it to be taken for the rooms. */
const ROOMS_SHARE = 0.8;
