/**
 * A small CSV reader for the viewer, which loads a map's CSV of locations at view time
 * (`settings.csvUrl`). The editor's import keeps papaparse for its line-by-line error report; the
 * embed cannot carry it within its size budget, and RFC 4180 needs little code:
 *
 * - fields are separated by a comma, a semicolon or a tab: whichever the header line uses most
 *   outside quotes (a comma on a tie), as spreadsheet exports in some locales use semicolons;
 * - a field in double quotes may hold separators, line breaks and doubled quotes ("");
 * - lines end in CRLF, LF or CR; a leading byte order mark is dropped; blank lines are skipped.
 *
 * It never throws: characters after a closing quote are kept as text, a quote inside an unquoted
 * field is an ordinary character, and a quoted field that is never closed drops its row (reported).
 */

const QUOTE = 34;
const LF = 10;
const CR = 13;
const SEPARATORS = [',', ';', '\t'] as const;

export interface CsvRows {
  /** The rows in file order, the header first; blank lines left out. */
  readonly rows: string[][];
  /** Line in the file where each row starts (1-based; a quoted field can span lines). */
  readonly lines: number[];
  /** What could not be read, with its line. */
  readonly problems: string[];
  /** The separator detected (',', ';' or a tab). */
  readonly separator: string;
}

/** The separator the first line of `text` uses most outside quotes; ',' when none or on a tie. */
export function detectSeparator(text: string): string {
  const counts = [0, 0, 0];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) quoted = !quoted;
    else if (!quoted && (c === LF || c === CR)) break;
    else if (!quoted) {
      const k = SEPARATORS.indexOf(text[i] as (typeof SEPARATORS)[number]);
      if (k >= 0) counts[k]!++;
    }
  }
  let best = 0;
  for (let k = 1; k < counts.length; k++) if (counts[k]! > counts[best]!) best = k;
  return SEPARATORS[best]!;
}

function lineBreaks(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === LF || (c === CR && s.charCodeAt(i + 1) !== LF)) n++;
  }
  return n;
}

/** Splits CSV text into rows of fields (see the module comment for the rules). */
export function parseCsvRows(input: string): CsvRows {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = detectSeparator(text);
  const sep = separator.charCodeAt(0);
  const n = text.length;
  const rows: string[][] = [];
  const lines: number[] = [];
  const problems: string[] = [];
  let row: string[] = [];
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    if (row.some((f) => f.trim() !== '')) {
      rows.push(row);
      lines.push(rowLine);
    }
    row = [];
    rowLine = line;
  };
  let i = 0;
  for (;;) {
    let field: string;
    if (text.charCodeAt(i) === QUOTE) {
      let value = '';
      let j = i + 1;
      let closed = false;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) break;
        value += text.slice(j, q);
        if (text.charCodeAt(q + 1) === QUOTE) {
          value += '"';
          j = q + 2;
          continue;
        }
        j = q + 1;
        closed = true;
        break;
      }
      if (!closed) {
        problems.push(`Line ${rowLine}: a quoted field is never closed`);
        row = [];
        break;
      }
      line += lineBreaks(value);
      // Lenient like spreadsheets: text between the closing quote and the separator is kept.
      let k = j;
      while (k < n) {
        const c = text.charCodeAt(k);
        if (c === sep || c === LF || c === CR) break;
        k++;
      }
      field = k > j ? value + text.slice(j, k) : value;
      i = k;
    } else {
      let k = i;
      while (k < n) {
        const c = text.charCodeAt(k);
        if (c === sep || c === LF || c === CR) break;
        k++;
      }
      field = text.slice(i, k);
      i = k;
    }
    row.push(field);
    if (i >= n) {
      endRow();
      break;
    }
    const c = text.charCodeAt(i);
    if (c === sep) {
      i++;
      continue;
    }
    i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    line++;
    endRow();
    if (i >= n) break;
  }
  return { rows, lines, problems, separator };
}
