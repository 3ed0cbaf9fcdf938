/**
 * How the save controller (save-controller.ts) brings in a version saved elsewhere: shown as it is when there is
 * nothing local to keep, merged three ways otherwise (merge/merge3.ts), and stopped for the author's choices
 * when the same field changed on both sides.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { CallError } from '@mapnest/shared/errors';
import { diffDocuments } from '@mapnest/shared/publish-checks';
import { versionChangeWords } from '../../maps/history/version-words';
import { reportError } from '../../../lib/analytics';
import { deepEqual, merge3 } from '../merge/merge3';
import type { BackupWriter } from './save-backup';
import type { SaveSession } from './save-session';
import type { RemoteUpdate } from './save-types';

/** A version on the server, and its number. */
export interface ServerVersion {
  doc: MapDocument;
  version: number;
  /** When it restores an earlier version from History: that version. */
  restoreOf?: number | null;
}

/**
 * Brings in a version saved elsewhere: shown as it is when there is nothing local to keep, merged
 * three ways otherwise. True when the result is in the store (and, if it differs from the server's,
 * waiting to be saved), also when another read brought that version in meanwhile; false when it could not be read,
 * or the merge has conflicts (status conflict). `before` is the version the caller knew of: for a save's 409, the
 * version that save was built on, which a check may have moved past while the save was on its way.
 */
export async function reconcile(
  session: SaveSession,
  backup: BackupWriter,
  message: string | null,
  before = session.state.version,
): Promise<boolean> {
  const { o } = session;
  if (!o.fetchCurrent) return false;
  let remote: ServerVersion;
  try {
    remote = await o.fetchCurrent();
  } catch (err) {
    // Offline, signed out, a failed call: the save or the next check says so. Anything else is a fault here.
    if (!(err instanceof CallError)) reportError(err, 'editor:fetch-current');
    return false;
  }
  if (session.disposed) return false;
  // Brought in meanwhile by another read (a check and a save's 409 can both read it): the store holds it, and what
  // is unsaved is saved on top of it, not met as a conflict with itself.
  if (remote.version <= session.state.version) return !session.dirty() || session.state.version > before;
  // Synchronous from here: what the author typed meanwhile is part of `ours`.
  const base = session.savedDoc;
  const ours = session.doc();
  let result: ReturnType<typeof merge3>;
  try {
    result = merge3(base, ours, remote.doc);
  } catch (err) {
    // Never expected (the merge repairs what it breaks): reported, and the two-way choice is the safe fallback.
    reportError(err, 'editor:merge');
    return false;
  }
  if (result.conflicts.length) {
    session.cancelSave();
    void backup.write();
    session.send({
      type: 'conflicted',
      message: message ?? `Version ${remote.version} was saved elsewhere.`,
      currentVersion: remote.version,
      merge: {
        base,
        ours,
        theirs: remote.doc,
        version: remote.version,
        restoreOf: remote.restoreOf,
        conflicts: result.conflicts,
      },
    });
    return false;
  }
  adopt(session, backup, result.doc, remote, result.repairs, ours !== base);
  return true;
}

/**
 * Makes `remote` the saved version and `merged` the editor's document. What came from elsewhere is not an undo
 * step (the store's applyRemote): undo reverts only this editor's own edits, over it (ADR 033). Tells the state's
 * listeners and `onRemote` that it came in.
 */
export function adopt(
  session: SaveSession,
  backup: BackupWriter,
  merged: MapDocument,
  remote: ServerVersion,
  repairs: readonly string[],
  withLocalEdits = true,
): void {
  const { store } = session.o;
  const current = session.doc();
  // What came in, against the version this editor had (before it becomes the saved one below).
  const changes = versionChangeWords(diffDocuments(session.savedDoc, remote.doc));
  const same = deepEqual(merged, remote.doc);
  session.quietly(() => store.applyRemote(same ? (deepEqual(current, remote.doc) ? current : remote.doc) : merged));
  const update: RemoteUpdate = {
    version: remote.version,
    merged: withLocalEdits,
    repairs,
    changes,
    ...(remote.restoreOf ? { restoreOf: remote.restoreOf } : {}),
  };
  session.send({
    type: 'remoteAdopted',
    doc: same ? session.doc() : remote.doc,
    version: remote.version,
    current: session.doc(),
    update,
  });
  session.o.onRemote?.(update);
  if (session.dirty()) void backup.write();
  else void backup.forget();
}
