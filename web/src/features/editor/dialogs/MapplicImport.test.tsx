import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import type { FileUpload } from '@mapnest/shared/files';
import { uploadFile } from '../files-api';
import { aFile, mapplicFixture } from '../import/picked-files.fixtures';
import { dialog, openImport, pick, replaceButton, uploadsLikeTheLibrary } from './import-dialog.fixtures';

vi.mock('../files-api', async (original) => ({
  ...(await original<typeof import('../files-api')>()),
  uploadFile: vi.fn(),
}));
const mockUpload = vi.mocked(uploadFile);

const jpeg = (name: string) =>
  aFile([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70])], name, 'image/jpeg');
const gif = (name: string) => aFile([Buffer.from('GIF89a\x01\x00\x01\x00')], name, 'image/gif');
const plan = (name: string) => mapplicFixture('1f.svg', 'image/svg+xml', name);

/** A one-floor Mapplic v8 export whose locations name their images by the old site's addresses. */
const SHOPS = {
  settings: { title: 'Shops', mapWidth: 1000, mapHeight: 800 },
  layers: [{ id: 'ground', name: 'Ground', file: 'images/ground.svg' }],
  locations: [
    { id: 'zara', title: 'Zara', coord: [0.1, 0.1], thumb: 'images/zara.jpg' },
    { id: 'cafe', title: 'Cafe', coord: [0.2, 0.2], thumb: 'images/cafe.gif' },
    { id: 'bank', title: 'Bank', coord: [0.3, 0.3], desc: '<p>Open 9-5</p><img src="images/banner.jpg">' },
  ],
};
const exportFile = () => aFile([JSON.stringify(SHOPS)], 'shops.json', 'application/json');

uploadsLikeTheLibrary(mockUpload);

const refused = () => screen.queryByRole('group', { name: 'Images that cannot be uploaded' });
const withoutIt = (name: string) =>
  within(
    within(refused()!)
      .getByText(new RegExp(`^${name}:`))
      .closest('li')!,
  ).getByRole('checkbox', {
    name: 'Import without it',
  });
const picked = () =>
  within(screen.getByRole('list', { name: 'Picked files' }))
    .getAllByRole('listitem')
    .map((li) => [
      li.querySelector('.mapplic-site__file-name')!.textContent,
      li.querySelector('.mapplic-site__file-role')!.textContent,
    ]);

describe('a Mapplic site with images the upload refuses', () => {
  it('names each refused image with why, creates nothing until the author goes on without it, and uploads nothing twice', async () => {
    const h = openImport();
    mockUpload.mockImplementation(async (file) => {
      if (file.name === 'banner.jpg') throw new Error('File too large (max 10 MB)');
      return { fileUrl: `/files/u/files/${file.name}` } as FileUpload;
    });
    pick('import-file', [exportFile(), plan('ground.svg'), jpeg('zara.jpg'), gif('cafe.gif'), jpeg('banner.jpg')]);

    // The browser's own check refuses the GIF before anything is uploaded.
    await waitFor(() => expect(refused()).not.toBeNull());
    expect(refused()!.textContent).toContain('cafe.gif: Only SVG, PNG, JPG or WEBP images are allowed');
    expect(
      screen.getByText(
        'This image cannot be uploaded: cafe.gif (Only SVG, PNG, JPG or WEBP images are allowed). Import without it, or cancel.',
      ),
    ).toBeTruthy();
    expect(replaceButton().disabled).toBe(true);
    fireEvent.click(withoutIt('cafe.gif'));
    // The plan's size may still be being read on a busy machine: Replace waits for that too.
    await waitFor(() => expect(replaceButton().disabled).toBe(false));

    // The server refuses the banner: the map is not changed, and the banner joins the images to decide on.
    fireEvent.click(replaceButton());
    expect(
      await screen.findByText(
        'The map was not changed. This image was refused by the server: banner.jpg (File too large (max 10 MB)). Import without it, or cancel.',
      ),
    ).toBeTruthy();
    expect(h.doc()).toBe(h.before);
    expect(dialog()).not.toBeNull();
    expect(refused()!.textContent).toContain('banner.jpg: File too large (max 10 MB)');
    expect(replaceButton().disabled).toBe(true);
    expect(mockUpload.mock.calls.map(([f]) => f.name)).toEqual(['ground.svg', 'zara.jpg', 'banner.jpg']);

    // Going on without it uploads only what was not uploaded yet, and takes the refused images out of the map.
    fireEvent.click(withoutIt('banner.jpg'));
    mockUpload.mockClear();
    fireEvent.click(replaceButton());
    await waitFor(() => expect(dialog()).toBeNull());
    expect(mockUpload).not.toHaveBeenCalled();
    const doc = h.doc();
    expect(doc.layers.map((l) => l.file)).toEqual(['/files/u/files/ground.svg']);
    expect(doc.locations.map((l) => [l.id, l.thumb, l.desc])).toEqual([
      ['zara', '/files/u/files/zara.jpg', undefined],
      ['cafe', undefined, undefined],
      ['bank', undefined, '<p>Open 9-5</p>'],
    ]);
  });

  it('still stops on a refused plan, saying which floor', async () => {
    const h = openImport();
    mockUpload.mockImplementation(async (file) => {
      if (file.name === 'ground.svg') throw new Error('The upload was refused (403).');
      return { fileUrl: `/files/u/files/${file.name}` } as FileUpload;
    });
    pick('import-file', [exportFile(), plan('ground.svg'), jpeg('zara.jpg'), jpeg('banner.jpg')]);
    await waitFor(() => expect(replaceButton().disabled).toBe(false));
    fireEvent.click(replaceButton());
    expect(
      await screen.findByText(
        'The map was not changed. The floor “Ground” (ground.svg): The upload was refused (403).',
      ),
    ).toBeTruthy();
    expect(h.doc()).toBe(h.before);
    expect(refused()).toBeNull();
  });
});

describe('picking a Mapplic site in several picks', () => {
  it('keeps every pick, counts a file picked twice once, and lets a file be taken out', async () => {
    const h = openImport();
    // The images first: nothing to read yet, but they are kept.
    pick('import-file', [jpeg('zara.jpg'), jpeg('banner.jpg')]);
    expect(await screen.findByText('Add the Mapplic export itself: the .json file of the map.')).toBeTruthy();
    expect(picked()).toEqual([
      ['zara.jpg', 'Waiting for the export'],
      ['banner.jpg', 'Waiting for the export'],
    ]);

    // Then the export: the images picked before are matched to its locations.
    pick('mapplic-site-files', [exportFile()]);
    await screen.findByText('shops.json: 1 floor, 3 locations, 0 groups, 0 styles.');
    expect(picked()).toEqual([
      ['zara.jpg', 'Location image'],
      ['banner.jpg', 'Location image'],
      ['shops.json', 'The export'],
    ]);
    expect(screen.getByText(/The locations’ 2 images .* are uploaded with the plans\./)).toBeTruthy();

    // The plan, and an image picked again, which counts once.
    pick('mapplic-site-files', [plan('ground.svg'), jpeg('zara.jpg')]);
    await waitFor(() => expect(picked()).toHaveLength(4));
    expect(screen.getByText('4 files picked')).toBeTruthy();
    expect(picked().map(([name]) => name)).toEqual(['banner.jpg', 'shops.json', 'ground.svg', 'zara.jpg']);
    expect(picked()[2]).toEqual(['ground.svg', 'Plan of Ground']);

    // Taking the banner out leaves it out of the description, as an image not picked.
    fireEvent.click(screen.getByRole('button', { name: 'Remove banner.jpg' }));
    await screen.findByText(/Taken out of the descriptions, .*: images\/banner\.jpg\./);
    expect(screen.getByText('3 files picked')).toBeTruthy();

    fireEvent.click(replaceButton());
    await waitFor(() => expect(dialog()).toBeNull());
    expect(mockUpload.mock.calls.map(([f]) => f.name)).toEqual(['ground.svg', 'zara.jpg']);
    expect(h.doc().locations.map((l) => l.thumb ?? l.desc)).toEqual([
      '/files/u/files/zara.jpg',
      undefined,
      '<p>Open 9-5</p>',
    ]);
  });
});

describe('“Add its locations only”, offered only when it can work', () => {
  const addButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Add its locations only' });
  const described = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-describedby') ?? '');

  it('adds the locations of an export over the map size limit for its wayfinding paths, which Replace cannot take', async () => {
    // 920 paths of 1,000 points: about 33 MB as a map, its two locations a few hundred bytes.
    const points = Array.from({ length: 1_000 }, (_, i) => `${(i % 997) + 0.123456789} ${(i % 797) + 0.987654321}`);
    const routes = Array.from({ length: 920 }, (_, i) => ({ id: `r${i}`, layer: 'ground', points: points.join(' ') }));
    const json = { ...SHOPS, locations: SHOPS.locations.slice(0, 2).map(({ thumb: _thumb, ...l }) => l), routes };
    const h = openImport();
    pick('import-file', [aFile([JSON.stringify(json)], 'paths.json', 'application/json'), plan('ground.svg')]);
    // Said beside the export and under the picker, as for any export over the limit.
    expect(
      await screen.findAllByText(/^This map is 3\d\.\d MB as saved data; a map can hold at most 32 MB/),
    ).toHaveLength(2);
    expect(replaceButton().disabled).toBe(true);
    await waitFor(() => expect(addButton().disabled).toBe(false));
    expect(addButton().getAttribute('aria-describedby')).toBeNull();
    // The refusal of Replace does not read as the end of the road: adding is said to work.
    expect(
      screen.getByText('Its 2 locations can still be added to this map with “Add its locations only”.'),
    ).toBeTruthy();

    fireEvent.click(addButton());
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => l.id)).toEqual(['zara', 'cafe']);
    expect(h.doc().routes).toEqual(h.before.routes);
    expect(mockUpload).not.toHaveBeenCalled();
  }, 60_000);

  it('is greyed out, saying why, when the locations would take this map over the limit (Replace can still work)', async () => {
    // This map holds about 17 MB of descriptions; the export, about 17 MB more: either alone fits, both do not.
    const desc = 'x'.repeat(7_900);
    const many = (prefix: string) =>
      Array.from({ length: 2_100 }, (_, i) => ({
        id: `${prefix}${i}`,
        title: `${prefix}${i}`,
        coord: [0.5, 0.5] as [number, number],
        desc,
      }));
    const mine = blankDocument();
    mine.locations = many('mine');
    const h = openImport(mine);
    const json = { ...SHOPS, locations: many('theirs') };
    pick('import-file', [aFile([JSON.stringify(json)], 'big.json', 'application/json'), plan('ground.svg')]);
    await waitFor(() => expect(replaceButton().disabled).toBe(false));
    expect(addButton().disabled).toBe(true);
    expect(described(addButton())?.textContent).toMatch(
      /^With its locations added, this map would be 3\d\.\d MB as saved data, over the 32 MB map size limit\.$/,
    );
    fireEvent.click(addButton());
    expect(h.doc()).toBe(h.before);
    expect(mockUpload).not.toHaveBeenCalled();
  }, 60_000);

  it('is greyed out while an image it would upload is refused and not yet left out', async () => {
    const h = openImport();
    pick('import-file', [exportFile(), plan('ground.svg'), jpeg('zara.jpg'), gif('cafe.gif')]);
    await waitFor(() => expect(refused()).not.toBeNull());
    expect(addButton().disabled).toBe(true);
    fireEvent.click(withoutIt('cafe.gif'));
    await waitFor(() => expect(addButton().disabled).toBe(false));
    fireEvent.click(addButton());
    await waitFor(() => expect(dialog()).toBeNull());
    expect(mockUpload.mock.calls.map(([f]) => f.name)).toEqual(['zara.jpg']);
    expect(h.doc().locations.map((l) => [l.id, l.thumb])).toEqual([
      ['zara', '/files/u/files/zara.jpg'],
      ['cafe', undefined],
      ['bank', undefined],
    ]);
  });
});
