import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { RestoreBackup } from './EditorNotices';
import { MAP_ID, aSummary, renderEditorPart } from './editor.fixtures';
import { memoryBackup } from './save/local-backup';

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

async function offered(copy: MapDocument) {
  const backup = memoryBackup();
  await backup.put({ mapId: MAP_ID, session: 'closed-tab', doc: copy, baseVersion: 1, savedAt: Date.now() });
  const initial = { map: aSummary(), history: [], doc: stored(), warnings: [] };
  const editor = renderEditorPart(<RestoreBackup backupStore={backup} session="this-tab" initial={initial} />, {
    doc: stored(),
    backup,
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
});
