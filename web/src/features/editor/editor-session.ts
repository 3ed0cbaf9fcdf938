/**
 * What the editor shell (Editor.tsx) sets up for one map: the document store, the browser backup, the pending
 * edits and the save controller; the context its parts read; and what it says and asks around saving.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { HistoryEntry, MapSummary } from '@mapnest/shared/maps';
import { call } from '../../lib/api';
import { sessionAtom } from '../../state/session';
import { ActionError } from './actions/registry';
import type { EditorCanvas } from './canvas/canvas';
import { useAppStore, type EditorContextValue } from './editor-context';
import { noticeAtom } from './editor-state';
import { loadMap, type LoadedMap } from './load-map';
import {
  browserBackup,
  holdSession,
  newSessionId,
  createPendingEdits,
  createSaveController,
  createSavePath,
  type PendingEdits,
  type SaveController,
} from './save/save-controller';
import { createEditorStore, type EditorStore } from './store';

const resolveUrl = (u: string) => u;

/**
 * The map's store, backup and session id, pending edits, save path and save controller, made once; the controller
 * listens while the editor is shown.
 */
export function useEditorSession(initial: LoadedMap) {
  const mapId = initial.map.id;
  const [store] = useState(() => createEditorStore(initial.doc));
  const [backup] = useState(() => browserBackup());
  // This tab's session: its backup is its own, and its lock tells other tabs it is open (backup-sessions.ts).
  const [sessionId] = useState(newSessionId);
  useEffect(() => holdSession(sessionId), [sessionId]);
  const [pending] = useState(createPendingEdits);
  const [savePath] = useState(() => createSavePath(call, mapId, initial.map.title));
  // Made in the state, connected in an effect (createSaveController says why).
  const [save] = useState(() =>
    createSaveController(
      {
        store,
        mapId,
        version: initial.map.version,
        backup,
        session: sessionId,
        beforeSave: () => pending.flush(),
        // One round trip per save: saveMap answers the summary and history shown after it (save-path.ts).
        ...savePath.path,
        // Three-way merges with versions saved elsewhere, which are also looked for on focus and every few seconds.
        fetchCurrent: async () => {
          const loaded = await loadMap(mapId);
          return { doc: loaded.doc, version: loaded.map.version, restoreOf: loaded.map.restoreOf };
        },
      },
      { connected: false },
    ),
  );
  useEffect(() => save.connect(), [save]);
  // Signed in again (here or in another tab) after the session ended or changed hands: the save that failed for it goes
  // now. The session is the app's, not the editor's own store's.
  const uid = useAtomValue(sessionAtom, { store: useAppStore() }).user?.uid;
  useEffect(() => {
    if (uid) save.retryNow();
  }, [uid, save]);
  return { mapId, store, backup, sessionId, pending, savePath, save };
}

/** Shows a notice: an error unless said otherwise. */
export function useNotify(): EditorContextValue['notify'] {
  const setNotice = useSetAtom(noticeAtom);
  return useCallback(
    (text: string, kind: 'error' | 'info' = 'error') => setNotice({ id: Date.now(), kind, text }),
    [setNotice],
  );
}

/** A version saved elsewhere came in: say so (merged with ours, or simply shown). */
export function useRemoteUpdateNotice(save: SaveController, notify: EditorContextValue['notify']): void {
  useEffect(() => {
    let last = save.getState().remote;
    return save.subscribe((st) => {
      const r = st.remote;
      if (!r || r === last) return;
      last = r;
      // A restore from History made elsewhere says so: "Version 12 was saved" alone read as someone's new work.
      // What came in is named: "Version 10 was saved" left the author to find what another window had replaced.
      const saved = `Version ${r.version} was saved in another tab or device${r.restoreOf ? `, restoring version ${r.restoreOf} from History` : ''}${r.changes ? `: ${r.changes}` : ''}`;
      notify(
        r.merged
          ? `${saved}; its changes are merged with yours.${r.repairs.length ? ` ${r.repairs.join(' ')}` : ''}`
          : `${saved}; it is shown now.`,
        'info',
      );
    });
  }, [save, notify]);
}

interface EditorContextInput {
  session: ReturnType<typeof useEditorSession>;
  map: MapSummary;
  setMap: (map: MapSummary) => void;
  history: readonly HistoryEntry[];
  setHistory: (history: readonly HistoryEntry[]) => void;
  notify: EditorContextValue['notify'];
  canvasRef: React.RefObject<EditorCanvas | null>;
}

/** The context the editor's parts read (useEditor). */
export function useEditorContextValue({
  session: { mapId, store, save, savePath },
  map,
  setMap,
  history,
  setHistory,
  notify,
  canvasRef,
}: EditorContextInput): EditorContextValue {
  return useMemo<EditorContextValue>(
    () => ({
      mapId,
      store,
      save,
      map,
      setMap,
      renameMap: (title) => savePath.rename(title),
      history,
      reloadHistory: async () => {
        const data = await call('getMap', { id: mapId });
        setHistory(data.history);
        setMap(data.map);
      },
      ...runners(store, notify),
      notify,
      canvas: () => canvasRef.current,
      resolveUrl,
    }),
    [mapId, store, save, savePath, map, setMap, history, setHistory, notify, canvasRef],
  );
}

/** Leaving with unsaved changes asks first; a hidden page writes its backup at once. */
export function useUnloadGuard(save: SaveController, pending: PendingEdits): void {
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      pending.flush();
      if (!save.hasUnsavedChanges()) return;
      void save.flushBackup();
      e.preventDefault();
      e.returnValue = '';
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') void save.flushBackup();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [save, pending]);
}

/**
 * `run` and `batch` of the editor's context: a rejected action (ActionError) shows its message and returns false;
 * inside a batch it stops the batch, which the store rolls back. Any other error is a fault and is thrown.
 */
export function runners(store: EditorStore, notify: (text: string) => void): Pick<EditorContextValue, 'run' | 'batch'> {
  /** Inside a batch, `run` throws the rejection on to the batch (which rolls back and shows it once). */
  let batching = false;
  const attempt = (fn: () => void): boolean => {
    if (batching) {
      fn();
      return true;
    }
    try {
      fn();
      return true;
    } catch (err) {
      if (!(err instanceof ActionError)) throw err;
      notify(err.message);
      return false;
    }
  };
  return {
    run: (action, args, options) => attempt(() => void store.dispatch(action, args, options)),
    batch: (label, fn) =>
      attempt(() => {
        const outer = batching;
        batching = true;
        try {
          store.batch(label, fn);
        } finally {
          batching = outer;
        }
      }),
  };
}
