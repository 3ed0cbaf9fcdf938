/**
 * Excel workbooks (.xlsx) as the CSV import reads them: each sheet with data becomes a table of text under its header
 * row (see `sheetTable`), so a tenant list kept in Excel or Google Sheets (File › Download › Microsoft Excel) imports
 * without a detour through "Save As CSV", through the same column mapping and cell rules as a CSV (./csv.ts). Read by read-excel-file (ADR 110), which the import
 * dialog loads only when a workbook is picked.
 */
import readXlsxFile from 'read-excel-file/universal';
import type { ParsedCsv } from './csv';

/** A sheet of the workbook as a table. */
export interface WorkbookSheet {
  name: string;
  csv: ParsedCsv;
  /** Text above the header (a title, a note), left out: rows of one cell before the first row of several. */
  above: string[];
}

/**
 * A cell as a CSV would hold it: numbers as the shortest text that reads back as the same number (Excel stores 0.075 as
 * 0.074999999999999997), yes or no for TRUE and FALSE, a date as YYYY-MM-DD (with its time when it has one).
 */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  return String(value).trim();
}

/** The workbook's sheets that hold data, in order; rejects with the reason when it is no workbook this can read. */
export async function readWorkbook(file: Blob): Promise<WorkbookSheet[]> {
  // A file the browser cannot read any more rejects here, as itself (the dialog says so), not as a bad workbook.
  const bytes = await file.arrayBuffer();
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(bytes);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new Error(
      `The file is not an Excel workbook this import can read (${why}). Save it again as .xlsx or as CSV (in Excel: File › Save As › CSV UTF-8).`,
    );
  }
  return sheets.flatMap(({ sheet, data }) => {
    const table = sheetTable(data.map((row) => row.map(cellText)));
    return table ? [{ name: sheet, ...table }] : [];
  });
}

/**
 * A sheet's rows (row 1 first, as the reader gives them) as a table: its rows with something in them, numbered as the
 * sheet numbers them; the header is the first, or the first of several cells when only single cells (a title, a note)
 * come before it; columns empty throughout are left out.
 */
function sheetTable(cells: string[][]): Pick<WorkbookSheet, 'csv' | 'above'> | null {
  const filled = (row: string[]) => row.filter((c) => c !== '').length;
  const rows = cells.map((row, i) => ({ at: i + 1, row })).filter(({ row }) => filled(row) > 0);
  const first = rows.findIndex(({ row }) => filled(row) > 1);
  const start = first > 0 && rows.slice(0, first).every(({ row }) => filled(row) === 1) ? first : 0;
  const [head, ...body] = rows.slice(start);
  if (!head) return null;
  const used = head.row.map((_, c) => rows.slice(start).some(({ row }) => (row[c] ?? '') !== ''));
  const keep = (row: string[]) => head.row.map((_, c) => row[c] ?? '').filter((_, c) => used[c]);
  return {
    csv: {
      headers: keep(head.row),
      rows: body.map(({ row }) => keep(row)),
      errors: [],
      rowsAt: { header: head.at, rows: body.map(({ at }) => at), word: 'row' },
    },
    above: rows.slice(0, start).map(({ row }) => row.find((c) => c !== '')!),
  };
}
