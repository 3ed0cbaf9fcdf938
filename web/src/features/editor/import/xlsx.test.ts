import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { guessMapping, rowSaid, rowsToLocations } from './csv';
import { SPREADSHEET_FIXTURES } from './picked-files.fixtures';
import { readWorkbook } from './xlsx';

/** A tenant list as a spreadsheet keeps it: numbers, a date, TRUE and FALSE, empty cells, two sheets. */
const TENANTS = join(SPREADSHEET_FIXTURES, 'tenants.xlsx');
/** A stand list with a title above its header, a blank row, a repeated stand and a position in words. */
const STANDS = join(SPREADSHEET_FIXTURES, 'stands.xlsx');

describe('an Excel workbook', () => {
  it('reads each sheet with data as a table of text, as a CSV of it would be', async () => {
    const sheets = await readWorkbook(new Blob([readFileSync(TENANTS)]));
    expect(sheets.map((s) => s.name)).toEqual(['Tenants', 'Notes']);
    const { headers, rows } = sheets[0]!.csv;
    expect(headers).toEqual([
      'id',
      'Name',
      'Category',
      'x',
      'y',
      'Phone',
      'Opening hours',
      'Floor',
      'Unit area (m²)',
      'Opened',
      'Open late',
    ]);
    expect(rows).toEqual([
      [
        'g01',
        'Urban Thread',
        'Fashion',
        '0.21',
        '0.3',
        '+44 20 7946 0101',
        'Mo-Sa 9-20',
        'Ground floor',
        '120',
        '2019-03-01',
        'no',
      ],
      [
        'g02',
        'Maison Lumière',
        'Home; Gifts',
        '0.28',
        '0.3',
        '',
        'Mo-Su 10-18',
        'Ground floor',
        '85.5',
        '2021-11-15',
        'yes',
      ],
      ['f01', 'Nordic Knit', 'Fashion', '0.075', '0.62', '020 7946 0199', '', 'First floor', '64', '', 'no'],
    ]);
  });

  it('imports through the CSV import’s mapping and rules: floors by name, groups, contact details, custom fields', async () => {
    const [tenants] = await readWorkbook(new Blob([readFileSync(TENANTS)]));
    const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor' });
    doc.layers.push({ id: 'first', name: 'First floor', file: '' });
    const { csv } = tenants!;
    const result = rowsToLocations(csv, guessMapping(csv.headers, csv.rows), doc);
    expect(result.issues).toEqual([]);
    expect(result.groups.map((g) => g.name)).toEqual(['Fashion', 'Home', 'Gifts']);
    expect(result.locations[1]).toEqual({
      id: 'g02',
      title: 'Maison Lumière',
      groups: ['home', 'gifts'],
      coord: [0.28, 0.3],
      hours: 'Mo-Su 10-18',
      layer: 'ground',
      fields: { Unit_area_m2: '85.5', Opened: '2021-11-15', Open_late: 'yes' },
    });
    expect(result.locations[2]).toMatchObject({ id: 'f01', layer: 'first', phone: '020 7946 0199' });
  });

  it('says what is wrong with a file that is no workbook', async () => {
    await expect(readWorkbook(new Blob(['id,title\n']))).rejects.toThrow(
      /^The file is not an Excel workbook this import can read \(.+\)\. Save it again as \.xlsx or as CSV/,
    );
  });

  it('finds the header under a title, and names each problem by its row in the sheet', async () => {
    const [stands] = await readWorkbook(new Blob([readFileSync(STANDS)]));
    expect(stands!.above).toEqual(['Trade fair 2027: stand list (updated every Monday)']);
    const { csv } = stands!;
    expect(csv.headers).toEqual(['Stand', 'Exhibitor', 'x', 'y']);
    expect(csv.rowsAt).toEqual({ header: 3, rows: [4, 5, 6, 8], word: 'row' });
    const result = rowsToLocations(csv, ['id', 'title', 'x', 'y'], blankDocument());
    expect(result.issues.map((i) => `${rowSaid(csv, i.line, true)}, column “${i.column}”: ${i.message}`)).toEqual([
      'Row 6, column “Stand”: The id "A1" is also used on row 4',
      'Row 8, column “x”: The position "left, 0.5" is not two numbers',
    ]);
    expect(result.locations.map((l) => l.id)).toEqual(['A1', 'A2']);
  });
});
