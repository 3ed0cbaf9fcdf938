import { describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { withPrintedCsv } from './print-csv';

function mall(csvUrl: string) {
  const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor' });
  doc.locations = [{ id: 'cafe', title: 'Café', coord: [0.5, 0.5], layer: 'ground' }];
  doc.settings.csvUrl = csvUrl;
  return doc;
}

const answering = (body: string, status = 200) => vi.fn(async () => new Response(body, { status }));

describe('the locations a printed map lists', () => {
  it('are the map’s own and its CSV file’s, read as the viewer reads them', async () => {
    const doc = mall('https://example.com/shops.csv');
    const fetch = answering('id,title,group,color\ncafe,Café again,,\nbank,Bank,Money,\natm,ATM,Money,blurple\n');
    const { doc: printed, csv } = await withPrintedCsv(doc, { fetch });
    expect(fetch).toHaveBeenCalledWith(
      'https://example.com/shops.csv',
      expect.objectContaining({ credentials: 'omit' }),
    );
    // The map's own location wins on a duplicate id, as in the viewer; the CSV's groups come with it.
    expect(printed.locations.map((l) => l.title)).toEqual(['Café', 'Bank']);
    expect(printed.groups.map((g) => g.name)).toEqual(['Money']);
    expect(csv).toEqual({ state: 'read', count: 1, skipped: 1 });
    expect(doc.locations).toHaveLength(1);
  });

  it('are the map’s own when it has no CSV file, or one that cannot be read, with the reason', async () => {
    const none = mall('');
    const fetch = answering('');
    expect(await withPrintedCsv(none, { fetch })).toEqual({ doc: none, csv: { state: 'none' } });
    expect(fetch).not.toHaveBeenCalled();
    const missing = mall('https://example.com/shops.csv');
    expect(await withPrintedCsv(missing, { fetch: answering('gone', 404) })).toEqual({
      doc: missing,
      csv: { state: 'failed', reason: 'could not be loaded (HTTP 404)' },
    });
    const script = mall('javascript:alert(1)');
    expect((await withPrintedCsv(script, { fetch })).csv).toEqual({
      state: 'failed',
      reason: 'has an address that is not a web address',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stops reading when the dialog closes', async () => {
    const ctrl = new AbortController();
    const fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init!.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const reading = withPrintedCsv(mall('https://example.com/shops.csv'), { fetch, signal: ctrl.signal });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    ctrl.abort();
    await expect(reading).rejects.toThrow('aborted');
  });
});
