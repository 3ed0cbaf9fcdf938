import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { uploadFile } from '../files-api';
import { aFile, inFolder, pngOf, svgOf } from '../import/picked-files.fixtures';
import { fittingPlan } from '../panels/plan-images/fitted-image';
import { dialog, openImport, pick, replaceButton, uploadsLikeTheLibrary } from './import-dialog.fixtures';

vi.mock('../files-api', async (original) => ({
  ...(await original<typeof import('../files-api')>()),
  uploadFile: vi.fn(),
}));
const mockUpload = vi.mocked(uploadFile);
// Drawing a copy smaller takes a canvas (test/editor/pdf-floor-plans.test.ts): here the copy is a small PNG.
vi.mock('../panels/plan-images/fitted-image', async (original) => ({
  ...(await original<typeof import('../panels/plan-images/fitted-image')>()),
  fittingPlan: vi.fn(async (file: File) => ({ image: pngOf(file.name, 4096), said: '' })),
}));

/** A one-floor Mapplic export whose plan is a PNG, with a location naming its thumbnail by the old site's address. */
const MALL = {
  settings: { title: 'Mall', mapWidth: 1000, mapHeight: 800 },
  layers: [{ id: 'ground', name: 'Ground', file: 'images/ground.png' }],
  locations: [{ id: 'zara', title: 'Zara', coord: [0.1, 0.1], thumb: 'images/zara.jpg' }],
};
const exportFile = () => aFile([JSON.stringify(MALL)], 'mall.json', 'application/json');
/** The same export with an SVG plan: one over the upload limit is refused (an image over it is sent smaller). */
const svgExport = () =>
  aFile(
    [JSON.stringify({ ...MALL, layers: [{ id: 'ground', name: 'Ground', file: 'images/ground.svg' }] })],
    'mall.json',
    'application/json',
  );
const jpeg = (name: string, size = 16) => {
  const bytes = Buffer.alloc(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return aFile([bytes], name, 'image/jpeg');
};
const OVER = 'The file is 11 MB, over the 10 MB upload limit';

uploadsLikeTheLibrary(mockUpload);

/** The picked files' list: name, what it is, and what stops it (if anything). */
const picked = () =>
  within(screen.getByRole('list', { name: 'Picked files' }))
    .getAllByRole('listitem')
    .map((li) =>
      [
        li.querySelector('.mapplic-site__file-name')!.textContent,
        li.querySelector('.mapplic-site__file-role')!.textContent,
        li.querySelector('.mapplic-site__file-problem')?.textContent,
      ].filter((t) => t !== undefined),
    );
const floorRow = () => document.querySelector<HTMLElement>('[data-floor=ground]')!;
const uploaded = () => mockUpload.mock.calls.map(([f]) => [f.name, f.size]);

describe('a Mapplic plan the upload would refuse, in the editor’s Import', () => {
  it('is named beside its file as soon as it is picked, with its size and the limit, and a good one picked again clears it', async () => {
    const h = openImport();
    pick('import-file', [svgExport(), svgOf('ground.svg'), jpeg('zara.jpg')]);
    await waitFor(() =>
      expect(picked()).toEqual([
        ['mall.json', 'The export'],
        ['ground.svg', 'Plan of Ground', `${OVER}. Replace it, or remove it and leave Ground without a plan.`],
        ['zara.jpg', 'Location image'],
      ]),
    );
    expect(floorRow().textContent).toContain(`Cannot be uploaded: ${OVER}.`);
    expect(
      screen.getByText(
        `This floor plan cannot be uploaded: ground.svg for Ground (${OVER}). Replace it, or remove it and leave the floor without a plan.`,
      ),
    ).toBeTruthy();
    expect(replaceButton().disabled).toBe(true);
    fireEvent.click(replaceButton());
    expect(mockUpload).not.toHaveBeenCalled();
    expect(h.doc()).toBe(h.before);

    // A smaller plan of the same name, picked again, stands for it: the warning goes.
    pick('mapplic-site-files', [svgOf('ground.svg', 2048)]);
    await waitFor(() => expect(picked()[2]).toEqual(['ground.svg', 'Plan of Ground']));
    expect(floorRow().textContent).not.toContain('Cannot be uploaded');
    expect(screen.queryByText(/floor plan cannot be uploaded/)).toBeNull();
    await waitFor(() => expect(replaceButton().disabled).toBe(false));
    expect(mockUpload).not.toHaveBeenCalled();
    fireEvent.click(replaceButton());
    await waitFor(() => expect(dialog()).toBeNull());
    expect(uploaded()).toEqual([
      ['ground.svg', 2048],
      ['zara.jpg', 16],
    ]);
  });

  it('is named the same in a picked folder, and a plan chosen for its floor by hand takes its place', async () => {
    const h = openImport();
    pick('import-file', [svgExport()]);
    await screen.findByText('mall.json: 1 floor, 1 location, 0 groups, 0 styles.');
    pick('mapplic-site-folder', [
      inFolder(svgExport(), 'site/mall.json'),
      inFolder(svgOf('ground.svg'), 'site/images/ground.svg'),
      inFolder(jpeg('zara.jpg', 11 * 1024 * 1024), 'site/images/zara.jpg'),
    ]);
    await waitFor(() =>
      expect(picked()).toEqual([
        ['site/mall.json', 'The export'],
        [
          'site/images/ground.svg',
          'Plan of Ground',
          `${OVER}. Replace it, or remove it and leave Ground without a plan.`,
        ],
        ['site/images/zara.jpg', 'Location image, cannot be uploaded', OVER],
      ]),
    );
    expect(floorRow().textContent).toContain(`Cannot be uploaded: ${OVER}.`);
    // The location's image can be left out, as before; the plan cannot.
    const refused = screen.getByRole('group', { name: 'Images that cannot be uploaded' });
    expect(refused.textContent).toContain(`site/images/zara.jpg: ${OVER}`);
    fireEvent.click(within(refused).getByRole('checkbox', { name: 'Import without it' }));
    expect(screen.getByText(/^This floor plan cannot be uploaded: site\/images\/ground\.svg for Ground/)).toBeTruthy();
    expect(replaceButton().disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Plan for Ground'), { target: { files: [pngOf('plan-v2.png', 4096)] } });
    await waitFor(() => expect(floorRow().textContent).toContain('plan-v2.png'));
    expect(floorRow().textContent).not.toContain('Cannot be uploaded');
    expect(picked()[1]).toEqual(['site/images/ground.svg', 'Not used']);
    await waitFor(() => expect(replaceButton().disabled).toBe(false));
    expect(mockUpload).not.toHaveBeenCalled();
    fireEvent.click(replaceButton());
    await waitFor(() => expect(dialog()).toBeNull());
    expect(uploaded()).toEqual([['plan-v2.png', 4096]]);
    expect(h.doc().locations[0]!.thumb).toBeUndefined();
  });

  it('uploads an image plan over the limit as a smaller copy, saying so beside it, at the export’s map size', async () => {
    const h = openImport();
    pick('import-file', [exportFile(), pngOf('ground.png'), jpeg('zara.jpg')]);
    await waitFor(() =>
      expect(picked()).toEqual([
        ['mall.json', 'The export'],
        ['ground.png', 'Plan of Ground, uploaded as a smaller copy (over the 10 MB upload limit)'],
        ['zara.jpg', 'Location image'],
      ]),
    );
    expect(floorRow().textContent).not.toContain('Cannot be uploaded');
    await waitFor(() => expect(replaceButton().disabled).toBe(false));
    fireEvent.click(replaceButton());
    await waitFor(() => expect(dialog()).toBeNull());
    // The copy is sent, not the 11 MB file; the map keeps the export's size, which its floor's image is drawn at.
    expect(vi.mocked(fittingPlan)).toHaveBeenCalledTimes(1);
    expect(uploaded()).toEqual([
      ['ground.png', 4096],
      ['zara.jpg', 16],
    ]);
    expect(h.doc().layers[0]!.file).toMatch(/ground\.png$/);
    expect(h.doc().settings).toMatchObject({ mapWidth: 1000, mapHeight: 800 });
  });

  it('names an empty plan and one that is not an image though named .png', async () => {
    openImport();
    pick('import-file', [exportFile(), aFile([], 'ground.png', 'image/png')]);
    await waitFor(() =>
      expect(picked()[1]).toEqual([
        'ground.png',
        'Plan of Ground',
        'The file is empty. Replace it, or remove it and leave Ground without a plan.',
      ]),
    );
    pick('mapplic-site-files', [aFile(['<html>not a plan</html>'], 'ground.png', 'image/png')]);
    await waitFor(() =>
      expect(picked()[1]).toEqual([
        'ground.png',
        'Plan of Ground',
        'The file’s contents do not match its type (is it really an image?). Replace it, or remove it and leave Ground without a plan.',
      ]),
    );
    expect(replaceButton().disabled).toBe(true);
    expect(mockUpload).not.toHaveBeenCalled();
  });

  it('refuses an export over the import’s size limit before reading it, saying how large it is', async () => {
    const huge = (f: File) => Object.defineProperty(f, 'size', { value: 60 * 1024 * 1024 });
    openImport();
    pick('import-file', [huge(exportFile())]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file is 60 MB, over the 50 MB limit for a file to import.',
    );
    // Picked with its plans, or later in the picker, it changes nothing and says the same.
    pick('import-file', [exportFile(), pngOf('ground.png', 2048)]);
    await waitFor(() => expect(picked()).toHaveLength(2));
    pick('mapplic-site-files', [huge(aFile(['{}'], 'other.json'))]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'other.json: The file is 60 MB, over the 50 MB limit for a file to import.',
    );
    expect(picked().map(([name]) => name)).toEqual(['mall.json', 'ground.png']);
  });

  it('says an empty export is empty', async () => {
    openImport();
    pick('import-file', [aFile([''], 'mall.json', 'application/json'), pngOf('ground.png', 2048)]);
    expect((await screen.findByRole('alert')).textContent).toBe('mall.json is empty: it holds no map.');
  });
});
