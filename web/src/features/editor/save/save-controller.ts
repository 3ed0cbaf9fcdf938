/**
 * Never losing work: autosave a few seconds after the last edit, Ctrl/Cmd+S to save at once, a copy
 * of unsaved edits in this browser, retries when offline, and conflict detection. A save names the
 * version it was built on; when someone else saved first the server answers 409. The controller
 * then reads the version saved meanwhile and merges three ways (merge/merge3.ts: base = the version
 * this editor built on, which it keeps): changes to different items merge silently into a new
 * version; the same field changed on both sides stops and asks, item by item. It never overwrites
 * silently (uMap's "save anyway" dropped edits; we do not). It also looks for versions saved
 * elsewhere on focus and every few seconds, so a second tab's work arrives before the next save.
 * Without a way to read the current version (tests), a 409 asks two ways: keep mine, or load theirs
 * (which sets unsaved work aside in this browser until the author puts it back, downloads it or
 * discards it: undo alone would lose it when the page closes).
 */
import { pollRemote } from './remote-polling';
import { createBackupWriter } from './save-backup';
import { keepMine, loadTheirs, mergeLocal, resolveMerge, type SaveParts } from './save-choices';
import { SaveQueue } from './save-queue';
import { SaveSession } from './save-session';
import type { SaveController, SaveControllerOptions } from './save-types';

export type {
  PendingMerge,
  SaveController,
  RemoteUpdate,
  SaveControllerOptions,
  SaveInput,
  SaveState,
  SaveStatus,
  SetAside,
} from './save-types';
export { setAsideKey } from './save-backup';
export { saveMessage, saveMessageAt } from './save-machine';
export { AUTOSAVE_DELAY_MS } from './save-queue';
export { REMOTE_POLL_MS } from './remote-polling';
// The rest of the editor reaches saving through this module only (ADR 033).
export { browserBackup, memoryBackup, type BackupRecord, type LocalBackup } from './local-backup';
export { backupsToOffer, holdSession, newSessionId } from './backup-sessions';
export {
  createPendingEdits,
  PendingEditsContext,
  useAnyDraft,
  usePendingEdit,
  type PendingEdits,
} from './pending-edits';
export { createSavePath, type Caller, type Renamed, type SavedView, type SavePath } from './save-path';

/** A change of the store's document: an edit to back up and autosave, or back to the saved document. */
function onStoreChange({ session, backup, queue }: SaveParts): void {
  if (session.disposed || session.isQuiet()) return;
  const was = session.state.status;
  session.send({ type: 'edited', current: session.doc() });
  if (!session.dirty()) {
    session.cancelSave();
    backup.cancel();
    if (was === 'unsaved') void backup.forget();
    return;
  }
  backup.writeSoon();
  // While offline the retry timer runs; in conflict nothing is saved until the author decides.
  if (session.state.status === 'unsaved') queue.scheduleAutosave();
}

/**
 * A save controller for the store in `o`, listening at once (to the store's edits, the browser coming back online
 * and versions saved elsewhere) until `dispose()`. With `connected: false` it starts nothing until `connect()`: a
 * React component makes it in its state and connects it in an effect, because React may make the state twice and
 * keep one, and may run the effect's cleanup and the effect again (StrictMode does both in development).
 */
export function createSaveController(o: SaveControllerOptions, { connected = true } = {}): SaveController {
  const session = new SaveSession(o);
  const backup = createBackupWriter(session);
  const queue = new SaveQueue(session, backup);
  const parts: SaveParts = { session, backup, queue };
  const remote = pollRemote(session, backup, queue);
  let disconnect: (() => void) | null = null;

  function connect(): () => void {
    if (disconnect) return disconnect;
    session.disposed = false;
    const unsubscribe = o.store.subscribe(() => onStoreChange(parts));
    const retryNow = () => queue.retryNow();
    if (typeof window !== 'undefined') window.addEventListener('online', retryNow);
    const stopPolling = remote.start();
    // A version set aside in an earlier session is offered again.
    void backup.offerEarlierSetAside();
    const stop = () => {
      if (disconnect !== stop) return;
      disconnect = null;
      session.disposed = true;
      session.cancelSave();
      backup.cancel();
      unsubscribe();
      if (typeof window !== 'undefined') window.removeEventListener('online', retryNow);
      stopPolling();
    };
    disconnect = stop;
    return stop;
  }
  if (connected) connect();

  return {
    getState: () => session.state,
    subscribe: (listener) => session.subscribe(listener),
    saveNow() {
      if (!session.disposed) o.beforeSave?.();
      return queue.start();
    },
    settled: () => queue.idle(),
    keepMine: () => keepMine(parts),
    loadTheirs: (doc, version, label) => loadTheirs(parts, doc, version, label),
    resolve: (choices) => resolveMerge(parts, choices),
    checkRemote: () => remote.checkRemote(),
    retryNow: () => queue.retryNow(),
    mergeLocal: (base, ours) => mergeLocal(parts, base, ours),
    dropSetAside: () => backup.dropSetAside(),
    hasUnsavedChanges: () => session.state.status !== 'saved' || session.dirty(),
    flushBackup: () => backup.write(),
    connect,
    dispose: () => disconnect?.(),
  };
}
