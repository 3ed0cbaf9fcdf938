import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { addLocation } from './actions/locations';
import { RestoreBackup } from './EditorNotices';
import { MAP_ID, aSummary, fakeServer, renderEditorPart } from './editor.fixtures';
import { memoryBackup } from './save/local-backup';

// The version a kept copy was made on, as the server gives it back (the map as stored at version 1).
vi.mock('./load-map', async (original) => ({
  ...(await original<typeof import('./load-map')>()),
  loadMapVersion: vi.fn(async () => stored()),
}));

afterEach(cleanup);

/** The map as the server stores it: the same data, with its keys in another order than the editor set them. */
function stored(): MapDocument {
  const doc = blankDocument();
  doc.locations = [{ id: 'gate', title: 'Gate', coord: [0.5, 0.5] }];
  return doc;
}

function reordered(doc: MapDocument): MapDocument {
  const [l] = doc.locations;
  return { ...doc, locations: [{ coord: l!.coord, title: l!.title, id: l!.id }] };
}

async function offered(copy: MapDocument, server?: ReturnType<typeof fakeServer>) {
  const backup = memoryBackup();
  await backup.put({ mapId: MAP_ID, session: 'closed-tab', doc: copy, baseVersion: 1, savedAt: Date.now() });
  const initial = { map: aSummary(), history: [], doc: stored(), warnings: [] };
  const editor = renderEditorPart(<RestoreBackup backupStore={backup} session="this-tab" initial={initial} />, {
    doc: stored(),
    backup,
    server,
  });
  return Object.assign(backup, { editor });
}

describe('RestoreBackup', () => {
  it('does not offer back a copy the map already holds, whatever the order of its keys, and forgets it', async () => {
    const backup = await offered(reordered(stored()));
    await waitFor(() => expect(backup.records.size).toBe(0));
    expect(screen.queryByText(/were kept in this browser/)).toBeNull();
  });

  it('offers a copy with changes the map does not hold', async () => {
    const copy = stored();
    copy.locations[0]!.title = 'North gate';
    await offered(copy);
    expect(await screen.findByText(/were kept in this browser/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore my changes' })).toBeTruthy();
  });

  it('stops offering a copy another tab restored and saved, once that version comes in here', async () => {
    const copy = stored();
    copy.locations[0]!.title = 'North gate';
    const backup = await offered(copy);
    expect(await screen.findByText(/were kept in this browser/)).toBeTruthy();
    // The other tab restored it (its record is gone from this browser) and saved version 2, brought in here.
    await backup.delete(MAP_ID, 'closed-tab');
    await act(() => backup.editor.save.loadTheirs(copy, 2));
    await waitFor(() => expect(screen.queryByText(/were kept in this browser/)).toBeNull());
  });

  it('keeps offering a copy still in this browser when a version that does not hold it comes in', async () => {
    const copy = stored();
    copy.locations[0]!.title = 'North gate';
    const backup = await offered(copy);
    expect(await screen.findByText(/were kept in this browser/)).toBeTruthy();
    const other = stored();
    other.locations[0]!.title = 'South gate';
    await act(() => backup.editor.save.loadTheirs(other, 2));
    await act(async () => {});
    expect(screen.getByText(/were kept in this browser/)).toBeTruthy();
  });

  /** A copy kept from a closed tab (the gate renamed), offered in a tab whose author then adds a kiosk. */
  async function editedMeanwhile(server?: ReturnType<typeof fakeServer>) {
    const copy = stored();
    copy.locations[0]!.title = 'North gate';
    const backup = await offered(copy, server);
    expect(await screen.findByText(/were kept in this browser/)).toBeTruthy();
    act(() => void backup.editor.store.dispatch(addLocation, { id: 'kiosk', coord: [0.2, 0.2], title: 'Kiosk' }));
    return backup;
  }
  const titles = (doc: MapDocument) => doc.locations.map((l) => l.title);

  it('merges the kept changes with what this tab saved since it opened, never over it', async () => {
    const backup = await editedMeanwhile();
    await act(() => backup.editor.save.saveNow());
    expect(backup.editor.server.version).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Restore my changes' }));
    await waitFor(() => expect(titles(backup.editor.doc())).toEqual(['North gate', 'Kiosk']));
    expect(screen.queryByText(/were kept in this browser/)).toBeNull();
  });

  it('saves this tab’s unsaved edits first, then merges the kept changes with them', async () => {
    const backup = await editedMeanwhile();
    fireEvent.click(screen.getByRole('button', { name: 'Restore my changes' }));
    await waitFor(() => expect(titles(backup.editor.doc())).toEqual(['North gate', 'Kiosk']));
    expect(backup.editor.server.saves.map((s) => titles(s.mapData))).toEqual([['Gate', 'Kiosk']]);
  });

  it('restores nothing over this tab’s edits while they cannot be saved, and says so', async () => {
    const server = fakeServer(1);
    server.save = async () => {
      throw new TypeError('Failed to fetch');
    };
    const backup = await editedMeanwhile(server);
    fireEvent.click(screen.getByRole('button', { name: 'Restore my changes' }));
    await waitFor(() =>
      expect(backup.editor.notices.map((n) => n.text)).toContain(
        'Your edits in this tab are not saved yet, so the kept changes were not restored over them. Restore them once the map is saved.',
      ),
    );
    expect(titles(backup.editor.doc())).toEqual(['Gate', 'Kiosk']);
    expect(screen.getByText(/were kept in this browser/)).toBeTruthy();
    expect(await backup.get(MAP_ID, 'closed-tab')).not.toBeNull();
  });
});
