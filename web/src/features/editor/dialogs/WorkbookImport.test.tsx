import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { uploadFile } from '../files-api';
import { aFile, SPREADSHEET_FIXTURES } from '../import/picked-files.fixtures';
import { dialog, openImport, pick, uploadsLikeTheLibrary } from './import-dialog.fixtures';

vi.mock('../files-api', async (original) => ({
  ...(await original<typeof import('../files-api')>()),
  uploadFile: vi.fn(),
}));
uploadsLikeTheLibrary(vi.mocked(uploadFile));

const TENANTS = readFileSync(join(SPREADSHEET_FIXTURES, 'tenants.xlsx'));
const STANDS = readFileSync(join(SPREADSHEET_FIXTURES, 'stands.xlsx'));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('the Import dialog with an Excel workbook', () => {
  it('maps the first sheet’s columns as a CSV’s, offers the others, and imports the rows', async () => {
    const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor' });
    doc.layers.push({ id: 'first', name: 'First floor', file: '' });
    const h = openImport(doc);
    pick('import-file', [aFile([TENANTS], 'tenants.xlsx', XLSX)]);
    const sheet = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Sheet (2 with data)' });
    expect(Array.from(sheet.options, (o) => o.textContent)).toEqual(['Tenants (3 rows)', 'Notes (0 rows)']);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Column “Floor” goes to' }).value).toBe('layer');
    expect(screen.getByText(/3 locations ready to import, each on the floor its row names\./)).toBeTruthy();

    // Another sheet is mapped afresh; back on the first, its rows import.
    fireEvent.change(sheet, { target: { value: '1' } });
    expect(screen.getByRole('combobox', { name: /Column “Updated by the leasing team/ })).toBeTruthy();
    fireEvent.change(sheet, { target: { value: '0' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Import 3 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.notices.at(-1)?.text).toBe('Imported 3 locations and 3 new groups. Undo reverts the import.');
    expect(h.doc().locations.map((l) => [l.id, l.layer, l.fields?.Opened])).toEqual([
      ['g01', 'ground', '2019-03-01'],
      ['g02', 'ground', '2021-11-15'],
      ['f01', 'first', undefined],
    ]);
  });

  it('reads the header under a title and names problems by the sheet’s rows', async () => {
    openImport();
    pick('import-file', [aFile([STANDS], 'stands.xlsx', XLSX)]);
    expect(await screen.findByText('Sheet “Stands”, the workbook’s one sheet with data.')).toBeTruthy();
    expect(
      screen.getByText(
        'The header is row 3; above it, “Trade fair 2027: stand list (updated every Monday)” is left out.',
      ),
    ).toBeTruthy();
    // Headers of its own: the author says where they go.
    expect(screen.getByRole('alert').textContent).toContain('Row 3: Map at least one column to Id or Title');
    // The fix is a column's choice, not the file: the heading does not send the author back to the file.
    expect(screen.getByRole('alert').querySelector('strong')!.textContent).toBe(
      'Nothing can be imported yet: 1 problem, below.',
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Column “Stand” goes to' }), { target: { value: 'id' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Column “Exhibitor” goes to' }), {
      target: { value: 'title' },
    });
    const problems = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(problems).toContain('Row 6, column “Stand”: The id "A1" is also used on row 4');
    expect(problems).toContain('Row 8, column “x”: The position "left, 0.5" is not two numbers');
    expect(screen.getByRole('alert').querySelector('strong')!.textContent).toMatch(
      /^\d+ problems: the rows they concern are left out\. Import the \d+ good rows, or fix the problems first\.$/,
    );
  });

  it('onto a map of one floor, asks which of its floors each floor the sheet names is', async () => {
    const h = openImport(blankDocument());
    pick('import-file', [aFile([TENANTS], 'tenants.xlsx', XLSX)]);
    expect(await screen.findByText('The column “Floor” names floors this map does not have')).toBeTruthy();
    const ground = screen.getByRole('combobox', { name: '“Ground floor” is' }) as HTMLSelectElement;
    const first = screen.getByRole('combobox', { name: '“First floor” is' }) as HTMLSelectElement;
    // Not guessed: the map's "Floor 1" may be the ground floor (as in America) or the one above it.
    expect([ground.value, first.value]).toEqual(['', '']);
    const importButton = () => screen.getAllByRole('button', { name: /^Import/ }).at(-1)!.textContent;
    expect(importButton()).toBe('Import');
    // Rows of a floor not chosen are listed, and left out.
    fireEvent.change(ground, { target: { value: 'layer-1' } });
    expect(importButton()).toBe('Import the 2 good rows');
    fireEvent.change(first, { target: { value: 'layer-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => l.layer)).toEqual(['layer-1', 'layer-1', 'layer-1']);
  });

  it('onto a map of one floor, puts every row on it when the column of floors is ignored', async () => {
    const h = openImport(blankDocument());
    pick('import-file', [aFile([TENANTS], 'tenants.xlsx', XLSX)]);
    const legend = 'The column “Floor” names floors this map does not have';
    expect(await screen.findByText(legend)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Column “Floor” goes to' }), { target: { value: 'ignore' } });
    expect(screen.queryByText(legend)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations).toHaveLength(3);
  });

  it('reads a workbook the system types as a zip as a workbook, not as a Mapplic site', async () => {
    openImport();
    pick('import-file', [aFile([TENANTS], 'tenants.xlsx', 'application/zip')]);
    expect(await screen.findByRole('combobox', { name: 'Sheet (2 with data)' })).toBeTruthy();
  });

  it('says plainly what is wrong with a workbook it cannot read, and changes nothing', async () => {
    const h = openImport();
    pick('import-file', [aFile(['not a workbook'], 'tenants.xlsx', XLSX)]);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The file is not an Excel workbook this import can read \(.+\)\. Save it again as \.xlsx or as CSV/,
    );
    expect(h.doc()).toBe(h.before);
  });
});
