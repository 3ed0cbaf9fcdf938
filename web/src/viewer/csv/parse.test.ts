import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectSeparator, parseCsvRows } from './parse';

/** RFC 4180 writing: quotes only the fields that need them, doubles quotes, CRLF between records. */
function toCsv(rows: readonly (readonly string[])[], sep = ',', eol = '\r\n'): string {
  const needs = new RegExp(`["\\r\\n${sep === '\t' ? '\\t' : sep}]`);
  return rows.map((r) => r.map((f) => (needs.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(sep)).join(eol);
}

describe('parseCsvRows', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks', () => {
    const text = 'id,title,desc\r\na1,"Café, bar","He said ""hi""\r\nand left"\r\nb2,Plain,\r\n';
    const { rows, lines, problems } = parseCsvRows(text);
    expect(rows).toEqual([
      ['id', 'title', 'desc'],
      ['a1', 'Café, bar', 'He said "hi"\r\nand left'],
      ['b2', 'Plain', ''],
    ]);
    // The quoted line break moves the next row one line further down.
    expect(lines).toEqual([1, 2, 4]);
    expect(problems).toEqual([]);
  });

  it('drops a byte order mark and accepts LF and CR line ends', () => {
    expect(parseCsvRows('\uFEFFid,title\na,A\rb,B').rows).toEqual([
      ['id', 'title'],
      ['a', 'A'],
      ['b', 'B'],
    ]);
  });

  it('skips blank lines, including lines of empty fields', () => {
    const { rows, lines } = parseCsvRows('id,title\n\n , \na,A\n\n');
    expect(rows).toEqual([
      ['id', 'title'],
      ['a', 'A'],
    ]);
    expect(lines).toEqual([1, 4]);
  });

  it('keeps an empty last field after a trailing separator', () => {
    expect(parseCsvRows('a,b,\n1,2,').rows).toEqual([
      ['a', 'b', ''],
      ['1', '2', ''],
    ]);
  });

  it('detects semicolon and tab separated files from the header line', () => {
    expect(detectSeparator('id;title;"a,b,c"\n1,2,3')).toBe(';');
    expect(detectSeparator('id\ttitle\tabout')).toBe('\t');
    expect(detectSeparator('id,title;x')).toBe(',');
    expect(detectSeparator('title')).toBe(',');
    expect(parseCsvRows('id;title\na;"Bar; grill"').rows).toEqual([
      ['id', 'title'],
      ['a', 'Bar; grill'],
    ]);
    expect(parseCsvRows('id\ttitle\na\tTab, comma').rows).toEqual([
      ['id', 'title'],
      ['a', 'Tab, comma'],
    ]);
  });

  it('is lenient with stray quotes and reports a quoted field that is never closed', () => {
    expect(parseCsvRows('id,title\na,5" screen\nb,"quoted"tail').rows).toEqual([
      ['id', 'title'],
      ['a', '5" screen'],
      ['b', 'quotedtail'],
    ]);
    const broken = parseCsvRows('id,title\na,A\nb,"never closed\nc,C\n');
    expect(broken.rows).toEqual([
      ['id', 'title'],
      ['a', 'A'],
    ]);
    expect(broken.problems).toEqual(['Line 3: a quoted field is never closed']);
  });

  it('reads back whatever an RFC 4180 writer wrote', () => {
    const cell = fc.string({
      unit: fc.constantFrom('a', 'é', ' ', ',', ';', '\t', '"', '\n', '\r', '\r\n', 'x') as fc.Arbitrary<string>,
      maxLength: 12,
    });
    const table = fc.integer({ min: 2, max: 5 }).chain((width) =>
      fc.tuple(
        fc.constant(Array.from({ length: width }, (_, i) => `col${i}`)),
        // Each row starts with a key, so no row is blank.
        fc
          .array(fc.array(cell, { minLength: width - 1, maxLength: width - 1 }), { maxLength: 8 })
          .map((rows) => rows.map((r, i) => [`r${i}`, ...r])),
      ),
    );
    fc.assert(
      fc.property(table, fc.constantFrom('\r\n', '\n'), ([header, rows], eol) => {
        const all = [header, ...rows];
        expect(parseCsvRows(toCsv(all, ',', eol)).rows).toEqual(all);
        expect(parseCsvRows(toCsv(all, ';', eol)).rows).toEqual(all);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const out = parseCsvRows(text);
        expect(out.rows.length).toBe(out.lines.length);
      }),
    );
  });
});
