import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAP_LIMITS } from '@mapnest/shared/map-rules';
import { blankDocument, type Route } from '@mapnest/shared/map-document';
import { layerAtom } from '../editor-state';
import { PASTED_ROWS } from '../import/location-clipboard';
import { uploadFile } from '../files-api';
import { aFile, mapplicFixture as fixture } from '../import/picked-files.fixtures';
import type { FloorShape } from '../../../viewer/stage/base-layer';
import {
  dialog,
  drawn,
  openImport,
  pick,
  replaceButton,
  stored,
  uploadsLikeTheLibrary,
} from './import-dialog.fixtures';
import { mergingSaid } from './ImportParts';
import { FLOOR_READ_DEADLINE_MS } from './ImportFloor';

vi.mock('../files-api', async (original) => ({
  ...(await original<typeof import('../files-api')>()),
  uploadFile: vi.fn(),
}));
const mockUpload = vi.mocked(uploadFile);

const EXPORT = () => fixture('campus-v8.json', 'application/json');
const plan = (name: string) => fixture(name, 'image/svg+xml');

uploadsLikeTheLibrary(mockUpload);

const floorRows = () =>
  screen
    .getAllByRole('row')
    .filter((r) => r.hasAttribute('data-floor'))
    .map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent?.replace(/\s+/g, ' ').trim()));

describe('the Import dialog with a Mapplic export', () => {
  it('asks for every floor plan before anything changes, then uploads them and replaces the map in one undo step', async () => {
    const h = openImport();
    pick('import-file', [EXPORT()]);
    await screen.findByText('campus-v8.json: 3 floors, 6 locations, 3 groups, 1 style.');
    expect(floorRows()).toEqual([
      ['1F', '1f.svg', expect.stringContaining('Missing')],
      ['2F', '2f.svg', expect.stringContaining('Missing')],
      ['3F', '3f.svg', expect.stringContaining('Missing')],
    ]);
    expect(screen.getByText('2 things were changed or left out to fit')).toBeTruthy();
    expect(
      screen.getByText(
        'Floor files still missing: 1F (1f.svg), 2F (2f.svg), 3F (3f.svg). Add them, or leave those floors without a plan.',
      ),
    ).toBeTruthy();
    expect((replaceButton() as HTMLButtonElement).disabled).toBe(true);

    // The plans follow in a later pick, matched by name; the third floor is left without one.
    pick('mapplic-site-files', [plan('1f.svg'), plan('2f.svg')]);
    await waitFor(() => expect(floorRows()[1]![2]).toContain('2f.svg (1000×800)'));
    expect(floorRows()[0]![2]).toContain('1f.svg (1000×800)');
    expect(
      screen.getByText(/The map takes the floor plans’ size, 1000×800 px \(the export says 660×490 px\)/),
    ).toBeTruthy();
    fireEvent.click(within(screen.getByRole('row', { name: /3F/ })).getByRole('checkbox', { name: /without a plan/ }));
    expect(h.doc()).toBe(h.before);
    expect(mockUpload).not.toHaveBeenCalled();

    fireEvent.click(replaceButton());
    await waitFor(() => expect(dialog()).toBeNull());
    expect(mockUpload.mock.calls.map(([file]) => file.name)).toEqual(['1f.svg', '2f.svg']);
    const doc = h.doc();
    expect(doc.layers.map((l) => [l.name, l.file])).toEqual([
      ['1F', '/files/u/files/1f.svg'],
      ['2F', '/files/u/files/2f.svg'],
      ['3F', ''],
    ]);
    expect(doc.settings).toMatchObject({ mapWidth: 1000, mapHeight: 800 });
    expect(doc.locations).toHaveLength(6);
    expect(h.notices.at(-1)).toEqual({
      text: 'The map was replaced by the Mapplic map, with 2 floor plans added to your files. Undo brings yours back.',
      kind: 'info',
    });
    expect(h.store.getState().undoLabel).toBe('Replace the map with the Mapplic map');
    act(() => void h.store.undo());
    expect(h.doc()).toEqual(h.before);
  });

  it('takes the export with its plans in one pick, and a failed upload leaves the map as it was and says why', async () => {
    const h = openImport();
    mockUpload.mockImplementation(async (file) => {
      if (file.name === '2f.svg') throw new Error('The upload was refused (403).');
      return stored(file);
    });
    pick('import-file', [EXPORT(), plan('1f.svg'), plan('2f.svg'), plan('3f.svg')]);
    await waitFor(() =>
      expect(floorRows().map((r) => r[2])).toEqual([
        expect.stringContaining('1f.svg (1000×800)'),
        expect.stringContaining('2f.svg (1000×800)'),
        expect.stringContaining('3f.svg (1000×800)'),
      ]),
    );
    fireEvent.click(replaceButton());
    expect(
      await screen.findByText('The map was not changed. The floor “2F” (2f.svg): The upload was refused (403).'),
    ).toBeTruthy();
    expect(h.doc()).toBe(h.before);
    expect(h.store.getState().undoLabel).toBeNull();
    expect(dialog()).not.toBeNull();
    expect((replaceButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('changes nothing when the dialog is closed while the plans upload', async () => {
    const h = openImport();
    mockUpload.mockImplementation(
      (_file, _progress, signal) =>
        new Promise((_, reject) =>
          signal?.addEventListener('abort', () => reject(new Error('The upload was cancelled.'))),
        ),
    );
    pick('import-file', [EXPORT(), plan('1f.svg'), plan('2f.svg'), plan('3f.svg')]);
    await waitFor(() => expect((replaceButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(replaceButton());
    await screen.findByRole('button', { name: /Uploading…/ });
    const signal = mockUpload.mock.calls[0]![2]!;
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog()).toBeNull();
    expect(signal.aborted).toBe(true);
    await act(async () => undefined);
    expect(h.doc()).toBe(h.before);
    expect(mockUpload).toHaveBeenCalledTimes(1);
  });

  it('adds the export’s locations alone without asking for plans', async () => {
    const h = openImport();
    pick('import-file', [EXPORT()]);
    await screen.findByText('campus-v8.json: 3 floors, 6 locations, 3 groups, 1 style.');
    fireEvent.click(screen.getByRole('button', { name: 'Add its locations only' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => l.id)).toContain('library');
    expect(h.doc().layers).toEqual(h.before.layers);
    expect(mockUpload).not.toHaveBeenCalled();
  });

  it('uploads the picked images of the locations it adds alone, and takes out the old site’s others', async () => {
    const shops = {
      layers: [{ id: 'ground', name: 'Ground', file: 'images/ground.svg' }],
      locations: [
        {
          id: 'zara',
          title: 'Zara',
          coord: [0.1, 0.1],
          thumb: 'images/Zara.jpg',
          desc: '<p>Hi</p><img src="gone.png">',
        },
      ],
    };
    const zara = aFile([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2])], 'zara.jpg', 'image/jpeg');
    const h = openImport();
    pick('import-file', [aFile([JSON.stringify(shops)], 'shops.json', 'application/json'), zara]);
    await screen.findByText(
      /Taken out of the descriptions, as they were addresses on the old site and were not picked: gone\.png\./,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add its locations only' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(mockUpload.mock.calls.map(([file]) => file.name)).toEqual(['zara.jpg']);
    const added = h.doc().locations.find((l) => l.id === 'zara')!;
    expect([added.thumb, added.desc]).toEqual(['/files/u/files/zara.jpg', '<p>Hi</p>']);
  });
});

describe('the Import dialog with other files', () => {
  it('leaves out the images a JSON read alone names by another site’s address, and says so', async () => {
    const mine = blankDocument();
    mine.locations = [
      { id: 'kiosk', title: 'Kiosk', coord: [0.5, 0.5], thumb: 'images/kiosk.jpg', image: '/files/u/kiosk.jpg' },
    ];
    const h = openImport();
    pick('import-file', [aFile([JSON.stringify(mine)], 'mine.json', 'application/json')]);
    await screen.findByText(
      'Left out, as its locations name them by addresses on another site and no files come with this JSON: images/kiosk.jpg.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add its locations only' }));
    await waitFor(() => expect(dialog()).toBeNull());
    const kiosk = h.doc().locations.find((l) => l.id === 'kiosk')!;
    expect([kiosk.thumb, kiosk.image]).toEqual([undefined, '/files/u/kiosk.jpg']);
  });

  it('offers neither choice for a Mapnest map over the map size limit, saying why, and changes nothing', async () => {
    const big = blankDocument();
    const desc = 'x'.repeat(7_900);
    big.locations = Array.from({ length: 4_200 }, (_, i) => ({ id: `l${i}`, title: `L${i}`, coord: [0.5, 0.5], desc }));
    const h = openImport();
    pick('import-file', [aFile([JSON.stringify(big)], 'big.json', 'application/json')]);
    expect(
      await screen.findByText(
        /^This map is 33\.\d MB as saved data; a map can hold at most 32 MB \(the map size limit\)\./,
      ),
    ).toBeTruthy();
    expect(replaceButton().disabled).toBe(true);
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add its locations only' });
    expect(add.disabled).toBe(true);
    expect(document.getElementById(add.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /^With its locations added, this map would be 33\.\d MB as saved data, over the 32 MB map size limit\.$/,
    );
    fireEvent.click(replaceButton());
    fireEvent.click(add);
    expect(h.doc()).toBe(h.before);
  }, 60_000);

  it('reads a Mapnest map as before, counting in the singular where there is one', async () => {
    const mine = blankDocument();
    mine.locations = [{ id: 'kiosk', title: 'Kiosk', coord: [0.5, 0.5] }];
    const h = openImport();
    pick('import-file', [aFile([JSON.stringify(mine)], 'mine.json', 'application/json')]);
    await screen.findByText(
      /A Mapnest map: 1 layer, 1 location, 0 groups, 0 styles, 0 wayfinding paths \(1000×800 px\)\./,
    );
    fireEvent.click(replaceButton());
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => l.id)).toEqual(['kiosk']);
    expect(mockUpload).not.toHaveBeenCalled();
  });

  it('names the wayfinding paths and floor connectors of a Mapnest map, and says Replace replaces this map’s paths', async () => {
    const route = (id: string, layer: string, extra: Partial<Route> = {}): Route => ({
      id,
      layer,
      points: [
        [0.1, 0.1],
        [0.2, 0.2],
      ],
      closed: false,
      connector: false,
      weight: 1,
      inaccessible: false,
      ...extra,
    });
    const theirs = blankDocument({ layerId: 'f1' });
    theirs.layers.push({ id: 'f2', name: 'Floor 2', file: '' });
    theirs.routes = [
      route('a', 'f1'),
      route('b', 'f1', { endpoint: 'lift', connector: true }),
      route('c', 'f2', { endpoint: 'lift', connector: true }),
      route('d', 'f1', { endpoint: 'stairs', connector: true }),
      route('e', 'f2', { endpoint: 'stairs', connector: true }),
    ];
    const mine = blankDocument({ layerId: 'ground' });
    mine.routes = [route('x', 'ground'), route('y', 'ground')];
    const h = openImport(mine);
    pick('import-file', [aFile([JSON.stringify(theirs)], 'harbour.json', 'application/json')]);
    await screen.findByText(
      'A Mapnest map: 2 layers, 0 locations, 0 groups, 0 styles, 5 wayfinding paths, 2 floor connectors (1000×800 px).',
    );
    screen.getByText(
      'Replacing this map also replaces its 2 wayfinding paths with the file’s 5. Adding its locations only keeps them.',
    );
    fireEvent.click(replaceButton());
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().routes.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('says Replace removes this map’s paths when the file has none', async () => {
    const mine = blankDocument();
    mine.routes = [
      {
        id: 'x',
        layer: mine.layers[0]!.id,
        points: [
          [0.1, 0.1],
          [0.2, 0.2],
        ],
        closed: false,
        connector: false,
        weight: 1,
        inaccessible: false,
      },
    ];
    openImport(mine);
    pick('import-file', [aFile([JSON.stringify(blankDocument())], 'empty.json', 'application/json')]);
    await screen.findByText(
      'Replacing this map also removes its 1 wayfinding path: the file has none. Adding its locations only keeps them.',
    );
  });

  it('names one CSV row and one location in the singular', async () => {
    const h = openImport();
    pick('import-file', [aFile(['id,title,x,y\nshop-1,Bakery,0.2,0.2\n'], 'shops.csv', 'text/csv')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 location' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.notices.at(-1)?.text).toBe('Imported 1 location. Undo reverts the import.');
  });

  it('reads rows pasted on the map (tab-separated, from a spreadsheet) as a CSV file picked here', async () => {
    const rows = 'Shop\tAbout\tX\tY\nBakery\tFresh bread, daily\t0.2\t0.3\nFlorist\tFlowers\t0.6\t0.3\n';
    const h = openImport(undefined, undefined, [new File([rows], PASTED_ROWS, { type: 'text/tab-separated-values' })]);
    await screen.findByText('Rows pasted from a spreadsheet. Drop a file instead or');
    fireEvent.click(await screen.findByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => [l.title, l.about, l.coord])).toEqual([
      ['Bakery', 'Fresh bread, daily', [0.2, 0.3]],
      ['Florist', 'Flowers', [0.6, 0.3]],
    ]);
  });

  it('says why a column named for a location’s own key (“zoom”) goes nowhere when its values are not that key’s', async () => {
    openImport();
    pick('import-file', [aFile(['id,title,zoom\nlot-1,Lot 1,near the gate\n'], 'lots.csv', 'text/csv')]);
    const zoom = (await screen.findByRole('combobox', { name: 'Column “zoom” goes to' })) as HTMLSelectElement;
    expect(zoom.value).toBe('ignore');
    const description = () => document.getElementById(zoom.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description()).toBe(
      'No custom field can be named “zoom”, a location’s own field: rename the column to keep it',
    );
    expect(Array.from(zoom.options, (o) => o.textContent)).not.toContain('Custom field “zoom”');
    // Sent to the location's zoom, there is nothing left to explain.
    fireEvent.change(zoom, { target: { value: 'zoom' } });
    expect(zoom.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText(/No custom field can be named/)).toBeNull();
  });

  it('keeps a lot plan’s “size” column of square metres as a custom field, and offers each column a field of its own name', async () => {
    const h = openImport();
    const csv = 'id,title,price,size\nlot-1,Lot 1,268000,457\nlot-2,Lot 2,489000,800\n';
    pick('import-file', [aFile([csv], 'lots.csv', 'text/csv')]);
    const size = (await screen.findByRole('combobox', { name: 'Column “size” goes to' })) as HTMLSelectElement;
    expect(size.value).toBe('field:size');
    // Sent elsewhere, a column can always come back to the field its header names (not only to the others' fields).
    fireEvent.change(size, { target: { value: 'ignore' } });
    const choices = Array.from(size.options, (o) => o.textContent);
    expect(choices).toContain('Custom field “size”');
    expect(choices).toContain('Marker size');
    fireEvent.change(size, { target: { value: 'field:size' } });
    // Where visitors see them, which the preview does not show.
    expect(
      screen.getByText(/^price and size become custom fields of each location\. Visitors see a custom field where/)
        .textContent,
    ).toContain('names it, as {{price}} (the location form inserts it), and the directory can filter by it');
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => l.fields)).toEqual([
      { price: '268000', size: '457' },
      { price: '489000', size: '800' },
    ]);
  });

  it('says a CSV that changes locations the map has updated them, and one that also adds says both', async () => {
    const doc = blankDocument();
    doc.locations = [
      { id: 'lot-1', title: 'Lot 1', groups: [] },
      { id: 'lot-2', title: 'Lot 2', groups: [] },
    ];
    const h = openImport(doc);
    pick('import-file', [aFile(['id,group\nlot-1,Sold\nlot-2,Sold\n'], 'sold.csv', 'text/csv')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.notices.at(-1)?.text).toBe('Updated 2 locations and 1 new group. Undo reverts the import.');
    cleanup();
    const more = openImport(doc);
    pick('import-file', [aFile(['id,title\nlot-1,Lot 1\nlot-3,Lot 3\n'], 'more.csv', 'text/csv')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(more.notices.at(-1)?.text).toBe('Added 1 location, updated 1. Undo reverts the import.');
  });

  it('says before the import which of the map’s rooms a row moves to a floor whose drawing has no shape for them', async () => {
    const doc = blankDocument();
    doc.layers.push({ ...doc.layers[0]!, id: 'first', name: 'First floor' });
    const ground = doc.layers[0]!;
    doc.locations = [
      { id: 'kiosk', title: 'Juice Kiosk', groups: [], layer: ground.id, type: 'hidden' },
      { id: 'bakery', title: 'Bakery', groups: [], layer: ground.id, type: 'hidden' },
      { id: 'stand', title: 'Stand', groups: [], layer: ground.id, coord: [0.5, 0.5] },
    ];
    const shapes = { [ground.id]: drawn('kiosk', 'bakery'), first: drawn('bakery') } as Record<string, FloorShape[]>;
    const h = openImport(doc, { floorShapes: (layer: string) => Promise.resolve(shapes[layer] ?? []) });
    // The kiosk has no room upstairs; the bakery has one there, and the stand keeps its position.
    const csv = 'id,title,floor\nkiosk,Juice Kiosk,First floor\nbakery,Bakery,First floor\nstand,Stand,First floor\n';
    pick('import-file', [aFile([csv], 'moves.csv', 'text/csv')]);
    await waitFor(() =>
      expect(screen.getByText(/^After the import/).textContent).toBe(
        'After the import, 1 of the map’s locations would have no place on the map (no position, and its floor’s drawing has no shape for it): Juice Kiosk. Give its row a position or a Shape, or place it on the map after the import.',
      ),
    );
    // Said, not refused: the author may mean to place it upstairs next.
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => l.layer)).toEqual(['first', 'first', 'first']);
  });

  it('takes a column of the floor plan’s room ids (a mall’s unit numbers) for the ids, once the rooms are read', async () => {
    const doc = blankDocument();
    const rooms = vi.fn(() => Promise.resolve(drawn('G01', 'G02', 'G03')));
    const h = openImport(doc, { floorShapes: rooms });
    pick('import-file', [aFile(['Shop,Unit,Phone\nBakery,G01,555 0101\nFlorist,G03,\n'], 'tenants.csv', 'text/csv')]);
    const unit = (await screen.findByRole('combobox', { name: 'Column “Unit” goes to' })) as HTMLSelectElement;
    await waitFor(() => expect(unit.value).toBe('id'));
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    // Each is its room's location (a location stands for the element of its id), and keeps its unit as its id.
    expect(h.doc().locations.map((l) => [l.id, l.title, l.phone])).toEqual([
      ['G01', 'Bakery', '555 0101'],
      ['G03', 'Florist', undefined],
    ]);
  });

  it('takes a column of the names an Illustrator drawing gives its rooms (layer “105” is _x31_05) for the units', async () => {
    const doc = blankDocument();
    const rooms = vi.fn(() =>
      Promise.resolve([
        { id: '_x31_05', name: '105' },
        { id: '_x31_06', name: '106' },
      ]),
    );
    const h = openImport(doc, { floorShapes: rooms });
    pick('import-file', [aFile(['Shop,Unit\nBakery,105\nFlorist,106\n'], 'tenants.csv', 'text/csv')]);
    const unit = (await screen.findByRole('combobox', { name: 'Column “Unit” goes to' })) as HTMLSelectElement;
    await waitFor(() => expect(unit.value).toBe('id'));
    expect(screen.queryByText(/no place on the map/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    // Each keeps the sheet's unit as its id, and stands for its room by the drawing's id.
    expect(h.doc().locations.map((l) => [l.id, l.title, l.shape, l.type])).toEqual([
      ['105', 'Bakery', '_x31_05', 'hidden'],
      ['106', 'Florist', '_x31_06', 'hidden'],
    ]);
  });

  it('puts each unit of a two-floor tenant list with no floor column on the floor whose plan has its room', async () => {
    const doc = blankDocument();
    doc.layers.push({ ...doc.layers[0]!, id: 'first', name: 'First floor' });
    const ground = doc.layers[0]!;
    const shapes = { [ground.id]: drawn('G01', 'G02'), first: drawn('101', '102') } as Record<string, FloorShape[]>;
    const h = openImport(doc, { floorShapes: (layer: string) => Promise.resolve(shapes[layer] ?? []) });
    const rows = 'Shop,Unit\nBakery,G01\nFlorist,101\nOptician,102\nPop-up stand,\n';
    pick('import-file', [aFile([rows], 'tenants.csv', 'text/csv')]);
    await waitFor(() =>
      expect(screen.getByText(/ready to import/).textContent).toContain(
        '4 locations ready to import, 2 on the floors of their rooms, the others on Floor 1.',
      ),
    );
    expect(screen.getByText(/^1 new location/).textContent).toBe(
      '1 new location would have no place on the map yet (no position, and its floor’s drawing has no shape for it): Pop-up stand. Place it on the map after the import, or give its row a position or a Shape.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import 4 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    // Each unit shows by its room on its floor; the stand, with no room, goes on the floor chosen.
    expect(h.doc().locations.map((l) => [l.title, l.layer, l.type])).toEqual([
      ['Bakery', ground.id, 'hidden'],
      ['Florist', 'first', 'hidden'],
      ['Optician', 'first', 'hidden'],
      ['Pop-up stand', ground.id, undefined],
    ]);
  });

  it('reads a sheet’s own names of floors (“GF”, “L1”) as the map’s floors, guessed, and as the author chooses', async () => {
    const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor' });
    doc.layers.push({ id: 'first', name: 'First floor', file: '' });
    const h = openImport(doc);
    const rows = 'Shop,Level,x,y\nBakery,GF,0.2,0.2\nFlorist,L1,0.3,0.3\nCafé,GF,0.4,0.4\nSky bar,Roof,0.5,0.5\n';
    pick('import-file', [aFile([rows], 'tenants.csv', 'text/csv')]);
    const gf = (await screen.findByRole('combobox', { name: '“GF” is' })) as HTMLSelectElement;
    const l1 = screen.getByRole('combobox', { name: '“L1” is' }) as HTMLSelectElement;
    const roof = screen.getByRole('combobox', { name: '“Roof” is' }) as HTMLSelectElement;
    expect([gf.value, l1.value, roof.value]).toEqual(['ground', 'first', '']);
    // The roof's row is a problem until its floor is chosen or added; the author moves the café's floor too.
    expect(screen.getByRole('alert').textContent).toContain('There is no floor “Roof”');
    fireEvent.change(gf, { target: { value: 'first' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import the 3 good rows' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => [l.title, l.layer])).toEqual([
      ['Bakery', 'first'],
      ['Florist', 'first'],
      ['Café', 'first'],
    ]);
  });

  it('adds a floor the sheet names as a new floor of the map when the author chooses, with the import, in one step', async () => {
    const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor' });
    doc.layers.push({ id: 'first', name: 'First floor', file: '' });
    const h = openImport(doc);
    const rows = 'Shop,Level,x,y\nBakery,GF,0.2,0.2\nSky bar,Roof terrace,0.5,0.5\nSun deck,Roof terrace,0.6,0.6\n';
    pick('import-file', [aFile([rows], 'tenants.csv', 'text/csv')]);
    const roof = (await screen.findByRole('combobox', { name: '“Roof terrace” is' })) as HTMLSelectElement;
    fireEvent.change(roof, { target: { value: '+new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().layers.map((l) => [l.id, l.name, l.file])).toEqual([
      ['ground', 'Ground floor', ''],
      ['first', 'First floor', ''],
      ['layer-3', 'Roof terrace', ''],
    ]);
    expect(h.doc().locations.map((l) => [l.title, l.layer])).toEqual([
      ['Bakery', 'ground'],
      ['Sky bar', 'layer-3'],
      ['Sun deck', 'layer-3'],
    ]);
    expect(h.notices.at(-1)?.text).toBe('Imported 3 locations and 1 new floor. Undo reverts the import.');
    // One undo step takes back the floor and the locations.
    act(() => void h.store.undo());
    expect(h.doc()).toEqual(doc);
  });

  it('says nothing of places, and moves no row, on a floor whose drawing could not be loaded', async () => {
    const doc = blankDocument();
    doc.layers.push({ ...doc.layers[0]!, id: 'first', name: 'First floor' });
    const ground = doc.layers[0]!;
    doc.locations = [{ id: 'kiosk', title: 'Juice Kiosk', groups: [], layer: ground.id, type: 'hidden' }];
    // The ground floor's drawing fails to load (offline): its rooms are unknown, not none.
    const shapes = { first: drawn('101', 'G01') } as Record<string, FloorShape[]>;
    const floorShapes = vi.fn((layer: string) => Promise.resolve(shapes[layer] ?? null));
    const h = openImport(doc, { floorShapes });
    pick('import-file', [aFile(['id,title\nkiosk,Juice Bar\nG01,Bakery\n'], 'names.csv', 'text/csv')]);
    await screen.findByRole('button', { name: 'Import 2 locations' });
    await waitFor(() => expect(floorShapes).toHaveBeenCalledTimes(2));
    await act(async () => {
      await Promise.all(floorShapes.mock.results.map((r) => r.value));
    });
    expect(screen.queryByText(/no place on the map/)).toBeNull();
    expect(screen.getByText(/ready to import/).textContent).toContain('2 locations ready to import, on Floor 1');
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => l.layer)).toEqual([ground.id, ground.id]);
  });

  it('leaves the author’s choice of a column alone when the rooms are read after it, and guesses no repeated room', async () => {
    const doc = blankDocument();
    let rooms!: (shapes: FloorShape[]) => void;
    const read = new Promise<FloorShape[]>((resolve) => (rooms = resolve));
    openImport(doc, { floorShapes: () => read });
    pick('import-file', [aFile(['id,title,Unit,Kiosk\na,A,G01,K1\nb,B,G02,K1\n'], 'tenants.csv', 'text/csv')]);
    const unit = (await screen.findByRole('combobox', { name: 'Column “Unit” goes to' })) as HTMLSelectElement;
    const kiosk = screen.getByRole('combobox', { name: 'Column “Kiosk” goes to' }) as HTMLSelectElement;
    fireEvent.change(unit, { target: { value: 'ignore' } });
    await act(async () => rooms(drawn('G01', 'G02', 'K1')));
    expect(unit.value).toBe('ignore');
    expect(kiosk.value).toBe('field:Kiosk');
  });

  it('holds its Import button while the floors’ drawings are read, then binds the rows to their rooms', async () => {
    const doc = blankDocument();
    let rooms!: (shapes: FloorShape[]) => void;
    const read = new Promise<FloorShape[]>((resolve) => (rooms = resolve));
    const h = openImport(doc, { floorShapes: () => read });
    pick('import-file', [aFile(['Shop,Unit\nBakery,105\nFlorist,106\n'], 'tenants.csv', 'text/csv')]);
    // Pressed now, the units would be new locations beside their rooms, not the rooms.
    const held = await screen.findByRole('button', { name: 'Reading the floor plans…' });
    expect((held as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(held);
    expect(dialog()).not.toBeNull();
    await act(async () =>
      rooms([
        { id: '_x31_05', name: '105' },
        { id: '_x31_06', name: '106' },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => [l.id, l.shape])).toEqual([
      ['105', '_x31_05'],
      ['106', '_x31_06'],
    ]);
  });

  it('stops holding its Import button when a floor’s drawing is not read in time, as if it could not be loaded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const doc = blankDocument();
      const h = openImport(doc, { floorShapes: () => new Promise<FloorShape[]>(() => undefined) });
      pick('import-file', [aFile(['Shop,Unit\nBakery,105\n'], 'tenants.csv', 'text/csv')]);
      await screen.findByRole('button', { name: 'Reading the floor plans…' });
      await act(async () => vi.advanceTimersByTime(FLOOR_READ_DEADLINE_MS));
      fireEvent.click(await screen.findByRole('button', { name: 'Import 1 location' }));
      await waitFor(() => expect(dialog()).toBeNull());
      expect(h.doc().locations.map((l) => l.title)).toEqual(['Bakery']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says nothing of places when the rows keep each location on a floor with its shape', async () => {
    const doc = blankDocument();
    const ground = doc.layers[0]!;
    doc.locations = [{ id: 'kiosk', title: 'Juice Kiosk', groups: [], layer: ground.id, type: 'hidden' }];
    const floorShapes = vi.fn(() => Promise.resolve(drawn('kiosk')));
    openImport(doc, { floorShapes });
    pick('import-file', [aFile(['id,title\nkiosk,Juice Bar\n'], 'names.csv', 'text/csv')]);
    await screen.findByRole('button', { name: 'Import 1 location' });
    // The floors' shapes are read after the first render: once they are in, still nothing is said.
    await waitFor(() => expect(floorShapes).toHaveBeenCalled());
    await act(async () => {
      await Promise.all(floorShapes.mock.results.map((r) => r.value));
    });
    expect(screen.queryByText(/^After the import/)).toBeNull();
  });

  it('takes a column of the map’s group names for the groups again on a re-import, whatever its header', async () => {
    const doc = blankDocument();
    doc.groups = [
      { id: 'available', name: 'Available' },
      { id: 'sold', name: 'Sold' },
    ];
    doc.locations = [{ id: 'plot-1', title: 'Plot 1', groups: ['available'] }];
    const h = openImport(doc);
    pick('import-file', [aFile(['id,status\nplot-1,Sold\n'], 'plots.csv', 'text/csv')]);
    const status = (await screen.findByRole('combobox', { name: 'Column “status” goes to' })) as HTMLSelectElement;
    expect(status.value).toBe('groups');
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 location' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations[0]!.groups).toEqual(['sold']);
  });

  it('refuses, before it runs, an import that would take the map past the locations a map holds', async () => {
    const doc = blankDocument();
    doc.locations = Array.from({ length: MAP_LIMITS.locations }, (_, i) => ({ id: `booth-${i}`, coord: [0.5, 0.5] }));
    openImport(doc);
    pick('import-file', [aFile(['id,title\nbooth-7,Booth 7\nbooth-new,New booth\n'], 'booths.csv', 'text/csv')]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'With this import the map would have 100,001 locations, and a map holds at most 100,000. Import fewer rows, or share the locations between two maps.',
    );
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    // Replacing them all with the file's two fits.
    fireEvent.click(screen.getByRole('radio', { name: 'Replace all locations with the file’s' }));
    expect((screen.getByRole('button', { name: 'Import 2 locations' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says how many of the file’s locations are new and how many update the map’s, in words that agree', () => {
    const doc = blankDocument();
    doc.locations = [{ id: 'a' }, { id: 'b' }];
    const said = (...ids: string[]) =>
      mergingSaid(
        doc,
        ids.map((id) => ({ id })),
      );
    expect(said('a', 'n')).toBe('1 location of the file is new, and 1 updates the map’s own.');
    expect(said('a', 'b', 'n', 'm')).toBe('2 locations of the file are new, and 2 update the map’s own.');
    expect(said('n', 'm')).toBe('All 2 locations of the file are new.');
    expect(said('a', 'b')).toBe('All 2 locations of the file update the map’s own.');
    expect(said('a')).toBe('The file’s one location updates the map’s own.');
    expect(said('n')).toBe('The file’s one location is new.');
  });

  it('says, when replacing, which of the map’s locations go and how many are new, then what it did', async () => {
    const doc = blankDocument();
    doc.locations = ['Plot 49', 'Plot 50', 'Plot 51'].map((title, i) => ({ id: `plot-${49 + i}`, title, groups: [] }));
    const h = openImport(doc);
    pick('import-file', [
      aFile(['id,title\nplot-49,Plot 49\nplot-51,Plot 51\nplot-121,Plot 121\n'], 'plots.csv', 'text/csv'),
    ]);
    const replace = await screen.findByRole('radio', { name: 'Replace all locations with the file’s' });
    expect(screen.queryByText(/^Replacing removes/)).toBeNull();
    // Adding and updating (the default): said before the import, as its toast says it after.
    expect(screen.getByText('1 location of the file is new, and 2 update the map’s own.')).toBeTruthy();
    fireEvent.click(replace);
    expect(screen.queryByText(/update the map’s own/)).toBeNull();
    expect(
      screen.getByText(
        'Replacing removes 1 location the file does not have: Plot 50; 1 is new. Each location the file has is as its row says, with nothing kept from before.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.notices.at(-1)?.text).toBe(
      'Replaced the map’s locations with the file’s 3, 1 location removed. Undo reverts the import.',
    );
    expect(h.doc().locations.map((l) => l.id)).toEqual(['plot-49', 'plot-51', 'plot-121']);
  });

  it('notes, without stopping the import, the rows whose About will name a group they are not in', async () => {
    const doc = blankDocument();
    doc.groups = [
      { id: 'available', name: 'Available' },
      { id: 'sold', name: 'Sold' },
    ];
    doc.locations = [
      { id: 'lot-1', title: 'Lot 1', about: 'Available, 3 bedrooms', groups: ['available'] },
      { id: 'lot-2', title: 'Lot 2', about: '{{group}}, 2 bedrooms', groups: ['available'] },
    ];
    const h = openImport(doc);
    pick('import-file', [aFile(['id,group\nlot-1,Sold\nlot-2,Sold\n'], 'sold.csv', 'text/csv')]);
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      'One row’s About names a group the row is not in, so visitors may read an old status: Lot 1 says “Available”. Import and then fix the text, or use {{group}} in it.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => l.groups)).toEqual([['sold'], ['sold']]);
  });

  it('says which groups the file names that the map lacks before making them, each in a colour of its own', async () => {
    const doc = blankDocument();
    doc.groups = [
      { id: 'available', name: 'Available', color: '#16a34a' },
      { id: 'sold', name: 'Sold', color: '#dc2626' },
    ];
    const h = openImport(doc);
    pick('import-file', [aFile(['id,title,group\nlot-1,Lot 1,Sold\nlot-8,Lot 8,Pending\n'], 'lots.csv', 'text/csv')]);
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      'The file names a group the map does not have: “Pending”. It is made with the import, each in a colour of its own; if it should be one of the map’s groups (Available, Sold), correct the file first.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().groups.map((g) => [g.name, g.color])).toEqual([
      ['Available', '#16a34a'],
      ['Sold', '#dc2626'],
      // Not the palette's blue: the map's own colour for locations without a group is a blue too.
      ['Pending', '#9333ea'],
    ]);
  });

  it('says plainly that a file is empty or not a CSV (text) file, and changes nothing', async () => {
    const doc = blankDocument();
    doc.locations = [{ id: 'kiosk', title: 'Kiosk', coord: [0.5, 0.5] }];
    const h = openImport(doc);
    pick('import-file', [aFile([''], 'shops.csv', 'text/csv')]);
    expect((await screen.findByRole('alert')).textContent).toBe('The file is empty.');
    pick('import-file', [aFile(['\uFEFF\r\n  \r\n'], 'blank.csv', 'text/csv')]);
    await screen.findByText('File: blank.csv. Drop another here or');
    expect(screen.getByRole('alert').textContent).toBe('The file is empty.');
    // A spreadsheet in a format the import does not read (LibreOffice's .ods, a zip), picked instead of its CSV.
    const workbook = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0xa1, 0xff, 0xfe]);
    pick('import-file', [aFile([workbook], 'shops.ods')]);
    await screen.findByText('File: shops.ods. Drop another here or');
    expect(screen.getByRole('alert').textContent).toBe(
      'The file is neither a CSV (text) file nor an Excel workbook (.xlsx). Save the spreadsheet as .xlsx or as CSV (in Excel: File › Save As › CSV UTF-8).',
    );
    expect(screen.queryByText(/auto-detect/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    // An architect's PDF, whose text holds no NUL, was read as a CSV of its PDF operators.
    pick('import-file', [aFile(['%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'], 'plans', '')]);
    await screen.findByText('File: plans. Drop another here or');
    expect(screen.getByRole('alert').textContent).toBe(
      'This is a PDF: its pages are floor plans, not locations. Add them as floors with Layers › Upload floor plan…, or drop the PDF on the map.',
    );
    expect(h.doc()).toBe(h.before);
  });

  it('reads a CSV that Excel saved in Windows-1252 with semicolons and decimal commas', async () => {
    const h = openImport();
    const ansi = Buffer.from('id;title;x;y\r\nbaecker;Bäckerei Müller;0,075;0,030\r\n', 'latin1');
    pick('import-file', [aFile([ansi], 'shops.csv', 'text/csv')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 location' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations).toEqual([
      { id: 'baecker', title: 'Bäckerei Müller', coord: [0.075, 0.03], layer: 'layer-1' },
    ]);
  });

  it('puts a CSV’s locations on the floor shown, says so, and takes another floor when chosen', async () => {
    const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor' });
    const h = openImport(doc);
    const rows = Array.from({ length: 22 }, (_, i) => `shop-${i},Shop ${i},0.${i + 10},0.5`);
    const csv = ['id,title,x,y', ...rows].join('\n');
    pick('import-file', [aFile([csv], 'shops.csv', 'text/csv')]);
    // The map's only floor, even while it is the only one: a second floor must not show them too.
    expect(await screen.findByText(/22 locations ready to import, on Ground floor\./)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Floor of the new locations/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import 22 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(new Set(h.doc().locations.map((l) => l.layer))).toEqual(new Set(['ground']));

    // On a map with floors, the floor shown in the editor, or the one chosen in the dialog.
    const floors = blankDocument({ layerId: 'ground', layerName: 'Ground floor' });
    floors.layers.push({ id: 'first', name: 'First floor', file: '' }, { id: 'roof', name: 'Roof', file: '' });
    cleanup();
    const f = openImport(floors);
    act(() => f.jotai.set(layerAtom, 'first'));
    pick('import-file', [aFile([csv], 'shops.csv', 'text/csv')]);
    expect(await screen.findByText(/22 locations ready to import, on First floor\./)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: /Floor of the new locations/ }), {
      target: { value: 'roof' },
    });
    expect(screen.getByText(/22 locations ready to import, on Roof\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import 22 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(new Set(f.doc().locations.map((l) => l.layer))).toEqual(new Set(['roof']));
  });

  it('puts GeoJSON and KML points on the floor shown of a map with floors, says so, and takes another when chosen', async () => {
    const floors = blankDocument({ layerId: 'ground', layerName: 'Ground floor' });
    floors.layers.push({ id: 'first', name: 'First floor', file: '' }, { id: 'roof', name: 'Roof', file: '' });
    floors.settings.geo = { extent: [-10, 35, 30, 60] };
    const point = (name: string, coordinates: number[], properties = {}) => ({
      type: 'Feature',
      properties: { name, ...properties },
      geometry: { type: 'Point', coordinates },
    });
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [point('Paris', [2.35, 48.85]), point('Berlin', [13.4, 52.52])],
    });
    const h = openImport(floors);
    act(() => h.jotai.set(layerAtom, 'first'));
    pick('import-file', [aFile([geojson], 'cities.geojson', 'application/geo+json')]);
    expect(await screen.findByText('2 locations ready to import, on First floor.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Floor of the new locations (the file names no floors)' }), {
      target: { value: 'roof' },
    });
    expect(screen.getByText('2 locations ready to import, on Roof.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => [l.title, l.layer])).toEqual([
      ['Paris', 'roof'],
      ['Berlin', 'roof'],
    ]);

    // KML the same; a GeoJSON feature naming its floor goes there, the others on the floor shown.
    cleanup();
    const k = openImport(floors);
    const kml = `<kml><Document><Placemark><name>Rome</name><Point><coordinates>12.5,41.9</coordinates></Point></Placemark></Document></kml>`;
    pick('import-file', [aFile([kml], 'rome.kml')]);
    expect(await screen.findByText('1 location ready to import, on Ground floor.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 location' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(k.doc().locations.map((l) => [l.title, l.layer])).toEqual([['Rome', 'ground']]);
    cleanup();
    openImport(floors);
    const named = JSON.stringify({
      type: 'FeatureCollection',
      features: [point('Paris', [2.35, 48.85], { level: 'Roof' }), point('Berlin', [13.4, 52.52])],
    });
    pick('import-file', [aFile([named], 'cities.geojson')]);
    expect(
      await screen.findByText(
        '2 locations ready to import, 1 on the floor its feature names, the others on Ground floor.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /for the features that name none/ })).toBeTruthy();
  });

  it('says nothing of floors for GeoJSON points on a map of one floor, and leaves them as they were', async () => {
    const geo = blankDocument();
    geo.settings.geo = { extent: [-10, 35, 30, 60] };
    const h = openImport(geo);
    const feature = {
      type: 'Feature',
      properties: { name: 'Paris' },
      geometry: { type: 'Point', coordinates: [2.35, 48.85] },
    };
    pick('import-file', [aFile([JSON.stringify(feature)], 'paris.geojson')]);
    const importButton = await screen.findByRole('button', { name: 'Import 1 location' });
    expect(screen.queryByText(/ready to import/)).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Floor of the new locations/ })).toBeNull();
    fireEvent.click(importButton);
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations).toEqual([{ id: 'Paris', title: 'Paris', latlon: [48.85, 2.35] }]);
  });

  it('refuses several files that are not a Mapplic site', async () => {
    openImport();
    pick('import-file', [aFile(['id\n'], 'a.csv'), aFile(['id\n'], 'b.csv')]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Several files are imported together only as a Mapplic export with its floor plans',
    );
  });
});
