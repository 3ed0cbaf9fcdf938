/**
 * A picked file as text for the import: CSV, GeoJSON, KML, GPX and JSON are text files. Spreadsheets save CSV in more
 * than one encoding: UTF-8 (Excel's "CSV UTF-8", with a byte order mark), UTF-16 with its byte order mark ("Unicode
 * text"), or the Windows code page of the computer (Excel's plain "CSV": Windows-1252 in Western Europe and the
 * Americas), which is not UTF-8 as soon as a name has an accent.
 */
import { megabytes } from '@mapnest/shared/files';

/** The largest file the import reads (a CSV, GeoJSON, KML or JSON): more would stall the page that reads it. */
export const IMPORT_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** Why a file to import is too large, or null: how big it is beside the limit. */
export const importSizeProblem = (size: number): string | null =>
  size > IMPORT_FILE_MAX_BYTES
    ? `The file is ${megabytes(size)}, over the ${megabytes(IMPORT_FILE_MAX_BYTES)} limit for a file to import.`
    : null;

/** Whether a picked file is an Excel workbook (by its name or type), read as a table by ./xlsx.ts. */
export const isWorkbook = (file: File) =>
  /\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file's text: UTF-8 or UTF-16 by its byte order mark, UTF-8 when valid, else Windows-1252. */
export function decodeTextFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Why the text cannot be imported as the file `name` says, in the Import dialog's words; null when it is text. A
 * NUL character in the first 8,000 (as git decides) is binary: a workbook, an image, a zip.
 */
export function textFileProblem(name: string, text: string): string | null {
  if (text.replace(/^\uFEFF/, '').trim() === '') return 'The file is empty.';
  // A PDF is a floor plan, often a page per level (its text may hold no NUL to tell it from a CSV): ADR 121.
  if (/\.pdf$/i.test(name) || text.startsWith('%PDF-'))
    return 'This is a PDF: its pages are floor plans, not locations. Add them as floors with Layers › Upload floor plan…, or drop the PDF on the map.';
  if (!text.slice(0, 8000).includes('\0')) return null;
  const kind = /\.(geo)?json$/i.test(name) ? 'JSON' : (/\.(kml|gpx)$/i.exec(name)?.[1]?.toUpperCase() ?? 'CSV');
  return kind === 'CSV'
    ? 'The file is neither a CSV (text) file nor an Excel workbook (.xlsx). Save the spreadsheet as .xlsx or as CSV (in Excel: File › Save As › CSV UTF-8).'
    : `The file is not a ${kind} (text) file.`;
}
