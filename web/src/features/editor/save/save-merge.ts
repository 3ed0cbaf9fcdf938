/**
 * How the save controller (save-controller.ts) brings in a version saved elsewhere: shown as it is when there is
 * nothing local to keep, merged three ways otherwise (merge/merge3.ts), and stopped for the author's choices
 * when the same field changed on both sides.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { mergeDocument } from '../actions/structure';
import { deepEqual, merge3 } from '../merge/merge3';
import type { BackupWriter } from './save-backup';
import type { SaveSession } from './save-session';
import type { RemoteUpdate } from './save-types';

/** A version on the server, and its number. */
export interface ServerVersion {
  doc: MapDocument;
  version: number;
}

/** Tells the state's listeners and `onRemote` that a version saved elsewhere came in. */
export function announceRemote(session: SaveSession, version: number, merged: boolean, repairs: readonly string[]) {
  const update: RemoteUpdate = { version, merged, repairs };
  session.set({ remote: update });
  session.o.onRemote?.(update);
}

/**
 * Brings in a version saved elsewhere: shown as it is when there is nothing local to keep, merged
 * three ways otherwise. True when the result is in the store (and, if it differs from the server's,
 * waiting to be saved); false when it could not be read, or the merge has conflicts (status conflict).
 */
export async function reconcile(session: SaveSession, backup: BackupWriter, message: string | null): Promise<boolean> {
  const { o } = session;
  if (!o.fetchCurrent) return false;
  let remote: ServerVersion;
  try {
    remote = await o.fetchCurrent();
  } catch {
    return false;
  }
  if (session.disposed) return false;
  if (remote.version <= session.state.version) return !session.dirty();
  // Synchronous from here: what the author typed meanwhile is part of `ours`.
  const base = session.savedDoc;
  const ours = session.doc();
  let result: ReturnType<typeof merge3>;
  try {
    result = merge3(base, ours, remote.doc);
  } catch {
    // Never expected (the merge repairs what it breaks); the two-way choice is the safe fallback.
    return false;
  }
  if (result.conflicts.length) {
    session.cancelSave();
    void backup.write();
    session.set({
      status: 'conflict',
      message: message ?? `Version ${remote.version} was saved elsewhere.`,
      conflict: {
        currentVersion: remote.version,
        merge: { base, ours, theirs: remote.doc, version: remote.version, conflicts: result.conflicts },
      },
    });
    return false;
  }
  adopt(session, backup, result.doc, remote);
  announceRemote(session, remote.version, ours !== base, result.repairs);
  return true;
}

/** Makes `remote` the saved version and `merged` the editor's document (one Undo step away from ours). */
export function adopt(session: SaveSession, backup: BackupWriter, merged: MapDocument, remote: ServerVersion): void {
  const { store } = session.o;
  const current = session.doc();
  session.quietly(() => {
    if (deepEqual(merged, remote.doc)) {
      session.savedDoc = deepEqual(current, remote.doc) ? current : store.dispatch(mergeDocument, { doc: remote.doc });
    } else {
      store.dispatch(mergeDocument, { doc: merged });
      session.savedDoc = remote.doc;
    }
  });
  session.set({
    version: remote.version,
    conflict: null,
    status: session.dirty() ? 'unsaved' : 'saved',
    message: null,
  });
  if (session.dirty()) void backup.write();
  else void backup.forget();
}
