/**
 * The editor's session under React's StrictMode, which makes a component's state twice (keeping one) and runs each
 * effect, its cleanup and the effect again on mount, as React may do in production when it keeps a hidden
 * component's state. The save controller still saves, and it is the only one that does. In development (`npm run dev`)
 * that first cleanup disposed the controller the editor shows and saves with (its status stayed "Saved" and Ctrl+S
 * sent nothing), while the state's discarded copy, never disposed, autosaved every edit on its own.
 */
import { StrictMode, type ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { CallError } from '@mapnest/shared/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import type { In } from '@mapnest/shared/calls';
import { call } from '../../lib/api';
import { SIGNED_OUT_SESSION, sessionAtom } from '../../state/session';
import { signedIn } from '../../app/testing.fixtures';
import { aMap, anEntry, routeCalls } from '../maps/maps.fixtures';
import { addLocation } from './actions/locations';
import { AppStoreContext } from './editor-context';
import { useEditorSession, useRemoteUpdateNotice } from './editor-session';
import { AUTOSAVE_DELAY_MS } from './save/save-controller';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

/** The maps service for one map at version 3: saveMap answers like the real one (a stale base is refused). */
function serve() {
  let version = 3;
  return routeCalls(mockCall, {
    saveMap: (data) => {
      const input = data as In<'saveMap'>;
      if (input.baseVersion !== version) throw new Error(`saved on version ${input.baseVersion}, not ${version}`);
      version++;
      const map = aMap({ version });
      return { version, edited: map.edited, metrics: map.metrics, map, entry: anEntry(version), history: [] };
    },
    getMap: () => ({ map: aMap({ version }) }),
  });
}

const strict = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;
const initial = { map: aMap(), history: [anEntry(3)], doc: blankDocument(), warnings: [] };

beforeEach(() => {
  mockCall.mockReset();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => vi.useRealTimers());

describe('the editor session in StrictMode', () => {
  it('saves an edit by autosave and on Save, once each, and stops when the editor goes', async () => {
    const calls = serve();
    const { result, unmount } = renderHook(() => useEditorSession(initial), { wrapper: strict });
    const { store, save } = result.current;

    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    expect(save.getState().status).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 100);
    expect(calls.callsTo('saveMap')).toHaveLength(1);
    expect(save.getState()).toMatchObject({ status: 'saved', version: 4 });

    store.dispatch(addLocation, { id: 'b', coord: [0.2, 0.2] });
    await save.saveNow();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 100);
    expect(calls.callsTo('saveMap')).toHaveLength(2);
    expect(save.getState()).toMatchObject({ status: 'saved', version: 5 });

    unmount();
    store.dispatch(addLocation, { id: 'c', coord: [0.3, 0.3] });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 100);
    expect(calls.callsTo('saveMap')).toHaveLength(2);
    expect(calls.unexpected).toEqual([]);
  });
});

describe('a version saved elsewhere', () => {
  it('says when it restores an earlier version from History, and when it is someone’s new work', async () => {
    let map = aMap({ version: 4, restoreOf: 2 });
    const doc = blankDocument();
    doc.locations = [{ id: 'gate', title: 'Gate', coord: [0.5, 0.5] }];
    routeCalls(mockCall, { getMap: () => ({ map, history: [], documentUrl: 'https://files.test/doc.json' }) });
    const fetched = vi.fn(async () => new Response(JSON.stringify(doc), { status: 200 }));
    vi.stubGlobal('fetch', fetched);
    const notify = vi.fn();
    try {
      const { result, unmount } = renderHook(() => {
        const session = useEditorSession(initial);
        useRemoteUpdateNotice(session.save, notify);
        return session;
      });
      await result.current.save.checkRemote();
      expect(notify).toHaveBeenLastCalledWith(
        'Version 4 was saved in another tab or device, restoring version 2 from History: “Gate” added; it is shown now.',
        'info',
      );
      // The same document again (a rename, say): nothing to name.
      map = aMap({ version: 5 });
      await result.current.save.checkRemote();
      expect(notify).toHaveBeenLastCalledWith('Version 5 was saved in another tab or device; it is shown now.', 'info');
      unmount();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('a session that ends and comes back', () => {
  it('keeps the failed save and sends it as soon as the author is signed in again', async () => {
    const calls = serve();
    let tokens = false;
    const answer = mockCall.getMockImplementation() as (name: string, data: unknown) => Promise<unknown>;
    mockCall.mockImplementation(async (name: string, data: unknown) => {
      if (!tokens) throw new CallError('unauthenticated', 'unauthenticated', undefined, { answeredWith: 401 });
      return answer(name, data);
    });
    const store = createStore();
    store.set(sessionAtom, { ...SIGNED_OUT_SESSION, init: true });
    // As in Editor.tsx: the session is the app's store; the editor's own store (its UI state) is another.
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppStoreContext.Provider value={store}>
        <Provider store={createStore()}>{children}</Provider>
      </AppStoreContext.Provider>
    );
    const { result, unmount } = renderHook(() => useEditorSession(initial), { wrapper });
    const { store: doc, save } = result.current;

    doc.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    await save.saveNow();
    expect(save.getState()).toMatchObject({
      status: 'error',
      message: 'You are signed out. Your changes are kept in this browser; sign in again to save them.',
    });
    // Nothing is tried again while signed out.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.callsTo('saveMap')).toHaveLength(1);

    // Signed in again (here, or in another tab): the save goes at once.
    tokens = true;
    act(() => store.set(sessionAtom, signedIn));
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.callsTo('saveMap')).toHaveLength(2);
    expect(save.getState()).toMatchObject({ status: 'saved', version: 4 });
    unmount();
  });
});
