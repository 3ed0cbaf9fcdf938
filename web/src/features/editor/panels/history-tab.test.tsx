import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { CallError } from '@mapnest/shared/errors';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SaveInput } from '../save/save-controller';
import { call } from '../../../lib/api';
import { anEntry, deferred, routeCalls } from '../../maps/maps.fixtures';
import { tabAtom } from '../editor-state';
import {
  disposeHarnesses,
  docWithLocations,
  fakeServer,
  renderEditorPart,
  type HarnessOptions,
} from '../editor.fixtures';
import { addLocation } from '../actions/locations';
import { SidePanel } from './SidePanel';

vi.mock('../../../lib/api', () => ({ call: vi.fn() }));
vi.mock('../../viewer/MapPreview', () => ({ MapPreviewDialog: () => null }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

afterEach(() => {
  cleanup();
  disposeHarnesses();
  mockCall.mockReset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The side panel on its History tab, for a map at version 3 with three versions; `confirmRestore` restores version 1. */
function historyTab(o: HarnessOptions) {
  const h = renderEditorPart(
    <MemoryRouter>
      <div className="editor">
        <SidePanel />
      </div>
    </MemoryRouter>,
    { doc: docWithLocations(1), map: { version: 3 }, history: [anEntry(1), anEntry(2), anEntry(3)], ...o },
  );
  act(() => h.jotai.set(tabAtom, 'history'));
  const confirmRestore = async (row: RegExp = /^Version 1/) => {
    fireEvent.click(within(screen.getByRole('listitem', { name: row })).getByRole('button', { name: 'Restore' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore into the draft' }));
  };
  return { ...h, confirmRestore };
}

describe('the editor’s History tab', () => {
  it('restores against the version its own save made, when that save was still waiting for its answer', async () => {
    const server = fakeServer(3);
    const answer = deferred<void>();
    const save = server.save;
    server.save = async (input: SaveInput) => {
      await answer.promise;
      return save(input);
    };
    const { callsTo } = routeCalls(mockCall, {
      restoreMapHistory: async () => ({
        version: 5,
        edited: new Date().toISOString(),
        metrics: { layerCount: 1, locationCount: 1 },
      }),
    });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const h = historyTab({ server });
    act(() => void h.store.dispatch(addLocation, { id: 'new', coord: [0.5, 0.5] }));
    void h.save.saveNow();
    await h.confirmRestore();
    await act(async () => {});
    expect(callsTo('restoreMapHistory')).toEqual([]);
    await act(async () => answer.resolve());
    await vi.waitFor(() => expect(callsTo('restoreMapHistory')).toHaveLength(1), { timeout: 10_000 });
    // Its own save made version 4: the restore names it, and nothing asks about unsaved changes (there are none).
    expect(callsTo('restoreMapHistory')[0]).toMatchObject({ historyMapId: 'v00000001', expectedVersion: 4 });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('shows the map as it is now at once when a restore is refused because it changed elsewhere', async () => {
    const now = docWithLocations(3);
    // The refusal is reported (reportError writes it to the console).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { callsTo } = routeCalls(mockCall, {
      restoreMapHistory: async () => {
        throw new CallError(
          'aborted',
          'This map was changed elsewhere (another tab or device) since you looked at it…',
          {
            currentVersion: 4,
          },
        );
      },
    });
    // Another device saved version 4 a moment ago.
    const h = historyTab({ server: fakeServer(4), fetchCurrent: async () => ({ doc: now, version: 4 }) });
    await h.confirmRestore();
    await vi.waitFor(() => expect(callsTo('restoreMapHistory')).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(h.save.getState().version).toBe(4), { timeout: 10_000 });
    expect(h.store.getState().doc.locations).toHaveLength(3);
  });

  it('names the restore in Undo by the version restored', async () => {
    const restored = docWithLocations(2);
    routeCalls(mockCall, {
      restoreMapHistory: async () => ({
        version: 4,
        edited: new Date().toISOString(),
        metrics: { layerCount: 1, locationCount: 2 },
      }),
      getMap: () => ({
        map: { id: 'm1', version: 4 },
        history: [anEntry(1, { name: 'Opening day' }), anEntry(2), anEntry(3), anEntry(4)],
        documentUrl: 'https://files.test/v4.json',
      }),
    });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(restored)));
    const h = historyTab({
      server: fakeServer(3),
      history: [anEntry(1, { name: 'Opening day' }), anEntry(2), anEntry(3)],
    });
    await h.confirmRestore(/^Opening day/);
    await vi.waitFor(() => expect(h.store.getState().doc.locations).toHaveLength(2), { timeout: 10_000 });
    expect(h.store.getState().undoLabel).toBe('Restore “Opening day” (version 1)');
  });
});
