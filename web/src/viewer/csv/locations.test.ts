import { describe, expect, it, vi } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { MAP_LIMITS } from '@mapnest/shared/map-rules';
import { parseCsvRows } from './parse';
import { csvToLocations, mergeCsvLocations, withCsvLocations } from './locations';
import { buildModel } from '../viewer-model';

function mall(): MapDocument {
  const doc = blankDocument({ mapWidth: 2000, mapHeight: 1000, layerId: 'ground', layerName: 'Ground floor' });
  doc.layers.push({ id: 'first', name: 'First floor', file: '' });
  doc.groups = [{ id: 'food', name: 'Food & Drink' }];
  doc.styles = [{ id: 'anchor', markers: true, svg: true, normal: {}, hover: {}, active: {} }];
  doc.locations = [{ id: 'a101', title: 'Macy’s (from the document)' }];
  return doc;
}

const read = (text: string, doc = mall()) => csvToLocations(parseCsvRows(text), doc);

describe('csvToLocations', () => {
  it('reads Mapplic’s CSV columns, tags included', () => {
    const csv = [
      'id,title,link,about,desc,image,layer,style,disable,hide,group,sample',
      'b202,Noodle Bar,https://noodle.example,Hot noodles,<p>Open <b>late</b></p>,/files/u/noodle.jpg,First floor,anchor,,true,"Food & Drink, Now Open",store',
      'c303,Closed Shop,,,,,ground,,yes,,Coming Soon,',
    ].join('\r\n');
    const { locations, groups, skipped } = read(csv);
    expect(skipped).toEqual([]);
    expect(groups).toEqual([
      { id: 'now-open', name: 'Now Open' },
      { id: 'coming-soon', name: 'Coming Soon' },
    ]);
    expect(locations).toEqual([
      {
        id: 'b202',
        title: 'Noodle Bar',
        link: 'https://noodle.example',
        about: 'Hot noodles',
        desc: '<p>Open <b>late</b></p>',
        image: '/files/u/noodle.jpg',
        layer: 'first',
        style: 'anchor',
        hide: true,
        groups: ['food', 'now-open'],
        fields: { sample: 'store' },
      },
      { id: 'c303', title: 'Closed Shop', layer: 'ground', disable: true, groups: ['coming-soon'] },
    ]);
  });

  it('places rows by x/y (fractions or pixels), by one "x,y" cell, or by latitude and longitude', () => {
    const { locations, skipped } = read('title,x,y\nA,0.5,0.25\nB,1000,250\nC,,\n');
    expect(skipped).toEqual([]);
    expect(locations.map((l) => l.coord)).toEqual([[0.5, 0.25], [0.5, 0.25], undefined]);
    expect(read('id,coord\np,"0.2,0.4"\nq,[0.3; 0.6]\n').locations.map((l) => l.coord)).toEqual([
      [0.2, 0.4],
      [0.3, 0.6],
    ]);
    expect(read('id,lat,lon\nparis,48.85,2.35\n').locations[0]!.latlon).toEqual([48.85, 2.35]);
  });

  it('turns other headers into custom fields and makes ids from titles when the id is blank', () => {
    const { locations } = read(
      'Title,Price (€),Opening hours,target,Name\nA101,4,9-5,_blank,Shop\n,5,,,\nCafé Noir,,,,\n',
    );
    expect(locations).toEqual([
      // Ids are case-sensitive: the document's a101 leaves A101 free.
      { id: 'A101', title: 'A101', hours: '9-5', target: '_blank', fields: { Price: '4', Name: 'Shop' } },
      { id: 'Cafe-Noir', title: 'Café Noir' },
    ]);
    expect(read('title\nOne\nOne\n').locations.map((l) => l.id)).toEqual(['One', 'One-2']);
  });

  it('leaves out rows that break a rule and says why, keeping the rest', () => {
    const csv = [
      'id,title,link,color,layer,style,zoom,hide,x,y,image',
      'ok1,Fine,,,,,,,,,',
      'bad id,Spaces,,,,,,,,,',
      'x1,Script link,javascript:alert(1),,,,,,,,',
      'x2,Red,,red,,,,,,,',
      'x3,Roof,,,Roof,,,,,,',
      'x4,Styled,,,,gold,,,,,',
      'x5,Zoomed,,,,,99,,,,',
      'x6,Maybe,,,,,,maybe,,,',
      'x7,Off map,,,,,,,3000,10,',
      'x8,Half,,,,,,,0.5,,',
      'ok1,Again,,,,,,,,,',
      ',,,,,,,,,,data:x',
      'x9,Image,,,,,,,,,"data:text/html;base64,PHNjcmlwdD4="',
      'ok2,Also fine,mailto:a@b.example,#f00,first,anchor,2,no,0.1,0.9,',
    ].join('\n');
    const { locations, skipped } = read(csv);
    expect(locations.map((l) => l.id)).toEqual(['ok1', 'ok2']);
    expect(skipped).toEqual([
      'Line 3: "bad id" is not a valid id (1-64 letters, digits, "_" or "-", not starting with "-")',
      'Line 4: The link "javascript:alert(1)" is not a usable URL',
      'Line 5: "red" is not a hex colour (#rgb or #rrggbb)',
      'Line 6: There is no floor “Roof”',
      'Line 7: There is no style "gold"',
      'Line 8: The zoom "99" is not a number from 1 to 50',
      'Line 9: Hidden "maybe" is not yes or no',
      'Line 10: The position "3000, 10" is outside the map',
      'Line 11: The position "0.5, " is not two numbers',
      'Line 12: The id "ok1" is used by an earlier row',
      'Line 13: The row has neither an id nor a title',
      'Line 14: The image "data:text/html;base64,PHNjcmlwdD4=" is not a usable URL',
    ]);
    expect(locations[1]).toMatchObject({
      link: 'mailto:a@b.example',
      color: '#f00',
      layer: 'first',
      style: 'anchor',
      zoom: 2,
      coord: [0.1, 0.9],
    });
    expect(locations[1]!.hide).toBeUndefined();
  });

  it('reads the shape a row stands for on its floor, one location per shape of a floor', () => {
    const doc = mall();
    doc.locations.push({ id: 'lift', layer: 'ground' }, { id: 'lift-2', layer: 'first', shape: 'lift' });
    const csv = [
      'id,title,layer,shape',
      'stairs,Stairs,ground,',
      'stairs-2,Stairs,first,stairs',
      'lift-3,Lift,first,lift',
      'stairs-3,Stairs,first,stairs',
      'wc-2,WC,,wc',
      'odd,Odd,first,bad shape',
      'lift-b,Basement lift,ground,lift-b',
    ].join('\n');
    const { locations, skipped } = read(csv, doc);
    expect(locations).toEqual([
      { id: 'stairs', title: 'Stairs', layer: 'ground' },
      { id: 'stairs-2', title: 'Stairs', layer: 'first', shape: 'stairs' },
      { id: 'lift-b', title: 'Basement lift', layer: 'ground', shape: 'lift-b' },
    ]);
    expect(skipped).toEqual([
      'Line 4: Location "lift-2" already stands for the shape "lift" on this row\'s floor',
      'Line 5: Location "stairs-2" already stands for the shape "stairs" on this row\'s floor',
      'Line 6: The shape "wc" needs a floor: a location on every floor stands for the shape with its own id',
      'Line 7: "bad shape" is not a valid id (1-64 letters, digits, "_" or "-", not starting with "-")',
    ]);
  });

  it('holds text to the document’s lengths and adds no group for a row it leaves out', () => {
    const csv = `id,title,group,about,x,y\nlong,Long,,${'x'.repeat(MAP_LIMITS.aboutLength + 1)},,\nfar,Far,New tag,,3000,3000\nshort,Short,Other tag,ok,,\nnear,Near,new tag,,,\n`;
    const { locations, groups, skipped } = read(csv);
    expect(locations.map((l) => [l.id, l.groups])).toEqual([
      ['short', ['other-tag']],
      ['near', ['new-tag']],
    ]);
    expect(groups).toEqual([
      { id: 'other-tag', name: 'Other tag' },
      { id: 'new-tag', name: 'new tag' },
    ]);
    expect(skipped).toEqual([
      `Line 2: About is longer than ${MAP_LIMITS.aboutLength} characters`,
      'Line 3: The position "3000, 3000" is outside the map',
    ]);
  });

  it('reads nothing without an id or title column, and reports a broken quote', () => {
    expect(read('name_of_shop,floor\nA,ground\n')).toEqual({
      locations: [],
      groups: [],
      skipped: ['Line 1: no "id" or "title" column, so no row can be read'],
    });
    expect(read('id,title\na,"open quote\n').skipped).toEqual(['Line 2: a quoted field is never closed']);
    expect(read('')).toEqual({ locations: [], groups: [], skipped: [] });
  });

  it('stops at the document’s location limit', () => {
    const doc = mall();
    doc.locations = Array.from({ length: 99_999 }, (_, i) => ({ id: `l${i}` }));
    const { locations, skipped } = read('id\nn1\nn2\nn3\n', doc);
    expect(locations.map((l) => l.id)).toEqual(['n1']);
    expect(skipped).toEqual(['Line 3: the map has room for 100000 locations; the rest of the file is left out']);
  });
});

describe('mergeCsvLocations', () => {
  it('keeps the document’s own location on a duplicate id and adds the rest after it', () => {
    const doc = mall();
    const csv = read('id,title,group\na101,Macy’s (from the CSV),Now Open\nz9,Zara,Food & Drink\n', doc);
    expect(csv.skipped).toEqual([]);
    const merged = mergeCsvLocations(doc, csv);
    expect(merged.locations.map((l) => [l.id, l.title])).toEqual([
      ['a101', 'Macy’s (from the document)'],
      ['z9', 'Zara'],
    ]);
    // The duplicate row's tag is not added: the row was not used.
    expect(merged.groups.map((g) => g.id)).toEqual(['food']);
    expect(doc.locations).toHaveLength(1);
    const model = buildModel(merged);
    expect(model.byId.get('z9')!.groupNames).toEqual(['Food & Drink']);
    expect(model.byId.get('a101')!.title).toBe('Macy’s (from the document)');
  });

  it('returns the document itself when the CSV adds nothing', () => {
    const doc = mall();
    expect(mergeCsvLocations(doc, { locations: [], groups: [] })).toBe(doc);
  });
});

describe('withCsvLocations', () => {
  const withCsv = (csvUrl: string) => {
    const doc = mall();
    doc.settings.csvUrl = csvUrl;
    return doc;
  };
  const answer = (status: number, body = '') =>
    vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(body, { status }));

  it('fetches the CSV through resolveUrl, without credentials, and merges its rows', async () => {
    const fetch = answer(200, 'id,title,desc\nn1,New,"<img src=x onerror=alert(1)>"\nbad id,X,\n');
    const warn = vi.fn();
    const doc = withCsv('data/shops.csv');
    const out = await withCsvLocations(doc, {
      fetch,
      warn,
      resolveUrl: (u) => new URL(u, 'https://mapnest.example/').toString(),
    });
    expect(fetch).toHaveBeenCalledWith(
      'https://mapnest.example/data/shops.csv',
      expect.objectContaining({ credentials: 'omit' }),
    );
    expect(out.locations.map((l) => l.id)).toEqual(['a101', 'n1']);
    // Descriptions stay as written: the viewer sanitises them when it shows them, like every description.
    expect(out.locations[1]!.desc).toBe('<img src=x onerror=alert(1)>');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe(
      'Mapnest: 1 row of the locations CSV https://mapnest.example/data/shops.csv left out: Line 3: "bad id" is not a valid id (1-64 letters, digits, "_" or "-", not starting with "-")',
    );
  });

  it('does nothing for a map without a CSV', async () => {
    const fetch = answer(200);
    const doc = mall();
    expect(await withCsvLocations(doc, { fetch })).toBe(doc);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the document’s locations and warns when the CSV cannot be fetched', async () => {
    for (const [fetch, reason] of [
      [answer(404), 'HTTP 404'],
      [vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))), 'Failed to fetch'],
    ] as const) {
      const warn = vi.fn();
      const doc = withCsv('https://sheets.example/shops.csv');
      expect(await withCsvLocations(doc, { fetch, warn })).toBe(doc);
      expect(warn).toHaveBeenCalledWith(
        `Mapnest: the locations CSV https://sheets.example/shops.csv could not be loaded (${reason}); the map shows its own locations only.`,
      );
    }
  });

  it('gives up on a CSV that does not answer in time', async () => {
    const hanging = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const warn = vi.fn();
    const doc = withCsv('/files/u/shops.csv');
    expect(await withCsvLocations(doc, { fetch: hanging, warn, timeoutMs: 20 })).toBe(doc);
    expect(warn.mock.calls[0]![0]).toContain('(no answer in time)');
  });

  it('refuses a URL that is neither http(s) nor relative, without fetching it', async () => {
    const fetch = answer(200, 'id\nx\n');
    const warn = vi.fn();
    const doc = withCsv('javascript:alert(1)');
    expect(await withCsvLocations(doc, { fetch, warn })).toBe(doc);
    expect(fetch).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('rejects when the caller aborts, so a closed map mounts nothing', async () => {
    const ctrl = new AbortController();
    const hanging = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = withCsvLocations(withCsv('/x.csv'), { fetch: hanging, warn: vi.fn(), signal: ctrl.signal });
    ctrl.abort();
    await expect(pending).rejects.toThrow('aborted');
  });
});
