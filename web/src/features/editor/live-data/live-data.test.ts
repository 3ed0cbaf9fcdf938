import { describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { spreadsheetCsvUrl, testCsvSource } from './live-data';

const answer = (status: number, body: string): typeof fetch =>
  (async () => new Response(body, { status })) as unknown as typeof fetch;

describe('spreadsheet addresses', () => {
  it('turns a Google Sheet published to the web into its CSV output, keeping the tab', () => {
    expect(spreadsheetCsvUrl('https://docs.google.com/spreadsheets/d/e/2PACX-1vAbC_d-9/pubhtml')).toBe(
      'https://docs.google.com/spreadsheets/d/e/2PACX-1vAbC_d-9/pub?single=true&output=csv',
    );
    expect(spreadsheetCsvUrl(' https://docs.google.com/spreadsheets/d/e/2PACX-1vAbC/pubhtml?gid=42&single=true ')).toBe(
      'https://docs.google.com/spreadsheets/d/e/2PACX-1vAbC/pub?gid=42&single=true&output=csv',
    );
    expect(spreadsheetCsvUrl('https://docs.google.com/spreadsheets/d/e/2PACX-1vAbC/pub?output=html')).toBe(
      'https://docs.google.com/spreadsheets/d/e/2PACX-1vAbC/pub?single=true&output=csv',
    );
  });

  it('turns a sheet’s own address into its CSV export, and leaves other addresses alone', () => {
    expect(spreadsheetCsvUrl('https://docs.google.com/spreadsheets/d/1AbC-xyz/edit#gid=7')).toBe(
      'https://docs.google.com/spreadsheets/d/1AbC-xyz/export?format=csv&gid=7',
    );
    expect(spreadsheetCsvUrl('https://example.com/shops.csv')).toBe('https://example.com/shops.csv');
    expect(spreadsheetCsvUrl('/files/abc/shops.csv')).toBe('/files/abc/shops.csv');
    expect(spreadsheetCsvUrl('not a url')).toBe('not a url');
  });
});

describe('testing a live data source', () => {
  const doc = () => {
    const d = blankDocument();
    d.locations = [{ id: 'kept', title: 'Kept', coord: [0.5, 0.5] }];
    return d;
  };

  it('reads the rows as the viewer does: the first rows, the columns’ use, the rows left out', async () => {
    // A second title column is not read; the map's own "kept" wins; a bad colour leaves its row out.
    const csv =
      'id,name,x,y,Opening hours,title,Seats,color\nbakery,Bakery,0.2,0.3,8-18,dup,12,\nkept,Again,0.1,0.1,,,,\nbad,Bad,0.4,0.5,,,,reddish\n';
    const result = await testCsvSource(doc(), 'https://example.com/shops.csv', { fetch: answer(200, csv) });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.count).toBe(1);
    expect(result.sample.map((l) => [l.id, l.title, l.coord])).toEqual([['bakery', 'Bakery', [0.2, 0.3]]]);
    expect(result.columns).toEqual([
      { header: 'id', becomes: 'Id' },
      { header: 'name', becomes: 'Title' },
      { header: 'x', becomes: 'x (position)' },
      { header: 'y', becomes: 'y (position)' },
      { header: 'Opening hours', becomes: 'Opening hours' },
      { header: 'title', becomes: null },
      { header: 'Seats', becomes: 'Custom field “Seats”' },
      { header: 'color', becomes: 'Colour' },
    ]);
    expect(result.skipped).toEqual([expect.stringMatching(/^Line 4: /)]);
  });

  it('says why a source cannot be read', async () => {
    const missing = await testCsvSource(doc(), 'https://example.com/gone.csv', { fetch: answer(404, '') });
    expect(missing).toEqual({ ok: false, message: expect.stringContaining('could not be loaded (HTTP 404)') });
    const refused = await testCsvSource(doc(), 'https://example.com/x.csv', {
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    });
    expect(refused).toEqual({ ok: false, message: expect.stringContaining('(CORS)') });
    expect(await testCsvSource(doc(), 'javascript:alert(1)')).toEqual({ ok: false, message: expect.any(String) });
    expect(await testCsvSource(doc(), '  ')).toEqual({
      ok: false,
      message: 'Enter the address of a CSV file or a published spreadsheet.',
    });
    expect(await testCsvSource(doc(), 'https://example.com/e.csv', { fetch: answer(200, '') })).toEqual({
      ok: false,
      message: 'The file is empty.',
    });
  });
});
