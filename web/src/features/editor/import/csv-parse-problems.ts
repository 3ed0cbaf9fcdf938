/** What papaparse found wrong in a CSV file, said for the author of the file. */
import type Papa from 'papaparse';

/**
 * The parser's problems in words an author acts on, one per line: a quote that does not close where its cell ends
 * (papaparse's "Trailing quote on quoted field is malformed", "Quoted field unterminated") runs the cell on into the
 * lines after it, which are then missing from the rows: said with how many.
 */
export function parseProblems(errors: readonly Papa.ParseError[], data: readonly string[][]): string[] {
  const said = new Map<number, string>();
  for (const e of errors) {
    const row = e.row ?? 0;
    if (e.type !== 'Quotes') {
      if (!said.has(row)) said.set(row, `Line ${row + 1}: ${e.message}`);
      continue;
    }
    // The file's own last line break, read into a cell left open at its end, is no line of the file.
    const runOn = (data[row] ?? []).reduce((n, cell) => n + (cell.trimEnd().match(/\n/g)?.length ?? 0), 0);
    said.set(
      row,
      `Line ${row + 1}: a cell starts with a quote (") that is not closed at its end${runOn ? `, so ${runOn === 1 ? 'the next line of the file was' : `the next ${runOn} lines of the file were`} read into it` : ''}. Put a quote at the end of the cell, or write the cell without quotes (only a cell with the separator or a line break in it needs them).`,
    );
  }
  return [...said.values()];
}
