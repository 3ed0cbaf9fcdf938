import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FileUpload } from '@mapnest/shared/files';
import { renderRoutes, signedIn, isolateEachTest } from '../../../app/testing.fixtures';
import { call } from '../../../lib/api';
import { uploadFile } from '../../editor/files-api';
import { aFile, inFolder, pngOf, svgOf } from '../../editor/import/picked-files.fixtures';
import { NO_SLOTS, routeCalls } from '../maps.fixtures';

vi.mock('../../../lib/api', () => ({ call: vi.fn() }));
vi.mock('../../editor/files-api', async (original) => ({
  ...(await original<typeof import('../../editor/files-api')>()),
  uploadFile: vi.fn(),
}));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;
const mockUpload = vi.mocked(uploadFile);

isolateEachTest(mockCall);

const MALL = {
  settings: { title: 'Mall', mapWidth: 1000, mapHeight: 800 },
  layers: [{ id: 'ground', name: 'Ground', file: 'wp-content/uploads/ground.png?v=2' }],
  locations: [{ id: 'zara', title: 'Zara', coord: [0.1, 0.1] }],
};
const exportFile = () => aFile([JSON.stringify(MALL)], 'mall.json', 'application/json');
/** The same export with an SVG plan: one over the upload limit is refused (an image over it is sent smaller). */
const svgExport = () =>
  aFile(
    [
      JSON.stringify({
        ...MALL,
        layers: [{ id: 'ground', name: 'Ground', file: 'wp-content/uploads/ground.svg?v=2' }],
      }),
    ],
    'mall.json',
    'application/json',
  );
const OVER = 'The file is 11 MB, over the 10 MB upload limit';
/** What Create says of the plan `name` of the floor Ground, which the upload would refuse. */
const planProblem = (name: string) =>
  `This floor plan cannot be uploaded: ${name} for Ground (${OVER}). Replace it, or remove it and leave the floor without a plan.`;

/** /maps/new with a title and "Import from Mapplic" chosen; uploads answered like the file library. */
async function openMapplicStart() {
  mockUpload.mockReset();
  mockUpload.mockImplementation(async (file) => ({ fileUrl: `/files/u/files/${file.name}` }) as FileUpload);
  const calls = routeCalls(mockCall, { getSlots: () => NO_SLOTS, createMap: () => 'abcDEF1234567890abcd' });
  renderRoutes('/maps/new', { session: signedIn });
  await screen.findByRole('heading', { name: 'New map' });
  fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Mall' } });
  fireEvent.click(screen.getByRole('radio', { name: /Import from Mapplic/ }));
  return calls;
}
const pick = (testId: string, files: File[]) => fireEvent.change(screen.getByTestId(testId), { target: { files } });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create map' }));
const problemOf = (name: string) =>
  within(screen.getByRole('list', { name: 'Picked files' }))
    .getByText(name, { selector: '.mapplic-site__file-name' })
    .closest('li')!
    .querySelector('.mapplic-site__file-problem')?.textContent;

describe('a Mapplic SVG plan over the upload limit, on /maps/new', () => {
  it('is named beside its file when picked, stops Create without uploading, and goes when a good one is picked', async () => {
    const calls = await openMapplicStart();
    pick('mapplic-site-files', [svgExport(), svgOf('ground.svg')]);
    await waitFor(() =>
      expect(problemOf('ground.svg')).toBe(`${OVER}. Replace it, or remove it and leave Ground without a plan.`),
    );
    expect(document.querySelector('[data-floor=ground]')!.textContent).toContain(`Cannot be uploaded: ${OVER}.`);
    create();
    expect(await screen.findByText(planProblem('ground.svg'))).toBeTruthy();
    expect(mockUpload).not.toHaveBeenCalled();
    expect(calls.callsTo('createMap')).toEqual([]);

    pick('mapplic-site-files', [svgOf('ground.svg', 2048)]);
    await waitFor(() => expect(problemOf('ground.svg')).toBeUndefined());
    expect(document.querySelector('[data-floor=ground]')!.textContent).not.toContain('Cannot be uploaded');
    expect(mockUpload).not.toHaveBeenCalled();
    create();
    await waitFor(() => expect(calls.callsTo('createMap')).toHaveLength(1));
    expect(mockUpload.mock.calls.map(([f]) => [f.name, f.size])).toEqual([['ground.svg', 2048]]);
  });

  it('is named the same in a picked folder', async () => {
    const calls = await openMapplicStart();
    pick('mapplic-site-folder', [
      inFolder(svgExport(), 'mall/mall.json'),
      inFolder(svgOf('ground.svg'), 'mall/wp-content/uploads/ground.svg'),
    ]);
    await waitFor(() =>
      expect(problemOf('mall/wp-content/uploads/ground.svg')).toBe(
        `${OVER}. Replace it, or remove it and leave Ground without a plan.`,
      ),
    );
    create();
    expect(await screen.findByText(planProblem('mall/wp-content/uploads/ground.svg'))).toBeTruthy();
    expect(mockUpload).not.toHaveBeenCalled();
    expect(calls.callsTo('createMap')).toEqual([]);
  });
});

describe('a Mapplic export’s own title, on /maps/new', () => {
  it('fills an empty title field, and leaves a title the author typed', async () => {
    routeCalls(mockCall, { getSlots: () => NO_SLOTS });
    renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    const title = screen.getByRole('textbox', { name: /^Title/ }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('radio', { name: /Import from Mapplic/ }));
    pick('mapplic-site-files', [exportFile(), pngOf('ground.png', 2048)]);
    await waitFor(() => expect(title.value).toBe('Mall'));
    fireEvent.change(title, { target: { value: 'Riverside Mall' } });
    pick('mapplic-site-files', [exportFile()]);
    await waitFor(() => expect(document.querySelector('[data-floor=ground]')).toBeTruthy());
    expect(title.value).toBe('Riverside Mall');
  });
});
