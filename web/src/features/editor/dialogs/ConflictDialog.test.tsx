import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { addLocation, updateLocation } from '../actions/locations';
import { ConflictDialog } from './ConflictDialog';
import { aSummary, disposeHarnesses, fakeServer, MAP_ID, renderEditorPart } from '../editor.fixtures';
import { download } from '../import/export';
import { loadMap } from '../load-map';
import { memoryBackup, setAsideKey } from '../save/save-controller';

vi.mock('../load-map', () => ({ loadMap: vi.fn() }));
vi.mock('../import/export', async (original) => ({
  ...(await original<typeof import('../import/export')>()),
  download: vi.fn(),
}));
const mockLoad = vi.mocked(loadMap);
const mockDownload = vi.mocked(download);

const THEIRS: MapDocument = { ...blankDocument(), locations: [{ id: 'theirs', title: 'Theirs', coord: [0.5, 0.5] }] };

beforeEach(() => {
  mockLoad.mockReset();
  mockDownload.mockReset();
  mockLoad.mockResolvedValue({ map: aSummary({ version: 4 }), history: [], doc: THEIRS, warnings: [] });
});
afterEach(() => {
  cleanup();
  disposeHarnesses();
});

/** An editor on version 1 whose save meets version 4 saved elsewhere. */
async function inConflict(backup = memoryBackup()) {
  const server = fakeServer(4);
  const h = renderEditorPart(<ConflictDialog />, { server, backup });
  act(() => void h.store.dispatch(addLocation, { id: 'mine', title: 'Mine', coord: [0.2, 0.2] }));
  await act(() => h.save.saveNow());
  const mine = h.doc();
  return { ...h, mine, dialog: () => screen.getByRole('dialog', { name: 'This map was changed somewhere else' }) };
}

const note = () => screen.queryByRole('region', { name: 'Your version is set aside' });
const downloaded = (n = 0) => {
  const [text, name, type] = mockDownload.mock.calls[n]!;
  return { doc: JSON.parse(text as string) as MapDocument, name, type };
};

describe('ConflictDialog', () => {
  it('opens on a conflict and downloads my version as JSON without choosing for me', async () => {
    const h = await inConflict();
    expect(within(h.dialog()).getByText(/version 4/)).toBeTruthy();
    fireEvent.click(within(h.dialog()).getByRole('button', { name: 'Download my version (JSON)' }));
    expect(downloaded()).toEqual({
      doc: h.mine,
      name: 'Riverside-Mall-my-version-on-v1.json',
      type: 'application/json',
    });
    expect(h.save.getState().status).toBe('conflict');
    expect(h.server.saves).toHaveLength(1);
  });

  it('loads theirs and sets mine aside in this browser, to put back after asking', async () => {
    const h = await inConflict();
    fireEvent.click(within(h.dialog()).getByRole('button', { name: 'Load theirs' }));
    await waitFor(() => expect(h.doc().locations[0]!.id).toBe('theirs'));
    expect(h.save.getState()).toMatchObject({ status: 'saved', version: 4 });
    await waitFor(() => expect(h.save.getState().setAside?.stored).toBe(true));
    expect(await h.backup.list(setAsideKey(MAP_ID))).toMatchObject([{ doc: h.mine, baseVersion: 1 }]);
    await waitFor(() => expect(note()).toBeTruthy());
    expect(
      within(note()!).getByText(
        /Made on version 1, set aside .*It is kept in this browser until you put it back or discard it\./,
      ),
    ).toBeTruthy();
    expect(h.notices.at(-1)?.text).toBe(
      'Loaded version 4. Your version is set aside: put it back or download it from the note at the bottom of the page.',
    );

    fireEvent.click(within(note()!).getByRole('button', { name: 'Put it back…' }));
    const confirm = screen.getByRole('dialog', { name: 'Put your version back?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Put my version back' })));
    expect(h.doc().locations.map((l) => l.id)).toEqual(['mine']);
    expect(h.save.getState()).toMatchObject({ status: 'unsaved', setAside: null });
    expect(await h.backup.list(setAsideKey(MAP_ID))).toEqual([]);
    await waitFor(() => expect(note()).toBeNull());
    // Putting it back is an edit on top of theirs: one Undo shows theirs again.
    act(() => void h.store.undo());
    expect(h.doc().locations[0]!.id).toBe('theirs');
  });

  it('offers the set-aside version again when the map is opened later, to download or discard', async () => {
    const backup = memoryBackup();
    const first = await inConflict(backup);
    fireEvent.click(within(first.dialog()).getByRole('button', { name: 'Load theirs' }));
    await waitFor(async () => expect(await backup.list(setAsideKey(MAP_ID))).toHaveLength(1));
    cleanup();
    disposeHarnesses();

    const h = renderEditorPart(<ConflictDialog />, { doc: THEIRS, map: { version: 4 }, backup });
    await waitFor(() => expect(note()).toBeTruthy());
    fireEvent.click(within(note()!).getByRole('button', { name: 'Download (JSON)' }));
    expect(downloaded()).toMatchObject({ doc: first.mine, name: 'Riverside-Mall-my-version-on-v1.json' });
    fireEvent.click(within(note()!).getByRole('button', { name: 'Discard…' }));
    const confirm = screen.getByRole('dialog', { name: 'Discard your set-aside version?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Discard it' })));
    expect(await backup.list(setAsideKey(MAP_ID))).toEqual([]);
    expect(h.doc().locations[0]!.id).toBe('theirs');
    await waitFor(() => expect(note()).toBeNull());
  });

  it('says a second Load theirs keeps the earlier set-aside version too, and offers it once the new one is dealt with', async () => {
    const backup = memoryBackup();
    const earlier = { ...blankDocument(), locations: [{ id: 'earlier', coord: [0.1, 0.1] as [number, number] }] };
    await backup.put({
      mapId: setAsideKey(MAP_ID),
      doc: earlier,
      baseVersion: 1,
      savedAt: Date.parse('2025-03-01T09:00:00Z'),
    });
    const h = await inConflict(backup);
    await waitFor(() =>
      expect(within(h.dialog()).getByText(/The version you set aside earlier .* is kept too/)).toBeTruthy(),
    );
    fireEvent.click(within(h.dialog()).getByRole('button', { name: 'Download it now' }));
    expect(downloaded().doc.locations[0]!.id).toBe('earlier');

    fireEvent.click(within(h.dialog()).getByRole('button', { name: 'Load theirs' }));
    await waitFor(() => expect(h.save.getState().setAside?.stored).toBe(true));
    expect((await backup.list(setAsideKey(MAP_ID))).map((r) => r.doc.locations[0]!.id).sort()).toEqual([
      'earlier',
      'mine',
    ]);
    fireEvent.click(within(note()!).getByRole('button', { name: 'Discard…' }));
    const confirm = screen.getByRole('dialog', { name: 'Discard your set-aside version?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Discard it' })));
    // The earlier one comes forward: nothing was lost to the second Load theirs.
    await waitFor(() => expect(h.save.getState().setAside?.doc.locations[0]!.id).toBe('earlier'));
    expect(within(note()!).getByText(/Made on version 1, set aside/)).toBeTruthy();
  });

  it('keeps mine as a new version on top when asked', async () => {
    const h = await inConflict();
    await act(async () => fireEvent.click(within(h.dialog()).getByRole('button', { name: 'Keep mine' })));
    expect(h.server.saves.at(-1)).toMatchObject({ baseVersion: 4 });
    expect(h.save.getState()).toMatchObject({ status: 'saved', version: 5, setAside: null });
    expect(note()).toBeNull();
  });

  it('says so and changes nothing when theirs cannot be loaded', async () => {
    mockLoad.mockRejectedValue(new Error('Network down'));
    const h = await inConflict();
    await act(async () => fireEvent.click(within(h.dialog()).getByRole('button', { name: 'Load theirs' })));
    expect(h.notices.at(-1)?.text).toBe('The current version could not be loaded: Network down');
    expect(h.doc()).toBe(h.mine);
    expect(h.save.getState().status).toBe('conflict');
  });
});

describe('ConflictDialog after a three-way merge', () => {
  it('shows only the fields changed on both sides, side by side, and saves the choice per item', async () => {
    const base: MapDocument = {
      ...blankDocument(),
      locations: [
        { id: 'a', title: 'Bakery', coord: [0.1, 0.1] },
        { id: 'b', title: 'Books', coord: [0.2, 0.2] },
      ],
    };
    const theirs: MapDocument = {
      ...base,
      locations: [
        { id: 'a', title: 'Their bakery', coord: [0.1, 0.1] },
        { id: 'b', title: 'Books', coord: [0.9, 0.9] },
      ],
    };
    const server = fakeServer(2);
    const h = renderEditorPart(<ConflictDialog />, {
      server,
      doc: base,
      // Version 2 is a restore of version 1 from History: the dialog says so (it read as someone's new work).
      fetchCurrent: async () => ({ doc: theirs, version: server.version, restoreOf: 1 }),
    });
    act(() => void h.store.dispatch(updateLocation, { id: 'a', patch: { title: 'My bakery' } }));
    act(() => void h.store.dispatch(updateLocation, { id: 'b', patch: { title: 'My books' } }));
    await act(() => h.save.saveNow());
    const dialog = screen.getByRole('dialog', { name: 'This map was changed somewhere else' });
    expect(dialog.textContent).toContain(
      'Version 2 was saved in another tab or on another device while you were editing: it restores version 1 from History.',
    );
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Location “Bakery”: TitleMy bakeryTheir bakery']);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Location “Bakery”: Title: keep theirs' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save merged version' })));
    expect(h.save.getState()).toMatchObject({ status: 'saved', version: 3, conflict: null });
    expect(h.server.saves.at(-1)).toMatchObject({ baseVersion: 2 });
    expect(h.server.saves.at(-1)!.mapData.locations).toEqual([
      { id: 'a', title: 'Their bakery', coord: [0.1, 0.1] },
      { id: 'b', title: 'My books', coord: [0.9, 0.9] },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
