/**
 * The author's answers to a conflict (save-controller.ts): keep mine, load theirs (setting mine aside), the
 * choices per item of a three-way merge, and unsaved work from an earlier session merged with the version shown.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { mergeDocument, replaceDocument } from '../actions/structure';
import { deepEqual, merge3, type Side } from '../merge/merge3';
import { setAsideKeyOf } from './backup-sessions';
import type { BackupWriter } from './save-backup';
import { adopt } from './save-merge';
import type { SaveQueue } from './save-queue';
import type { SaveSession } from './save-session';
import type { SetAside } from './save-types';

/** The save controller's parts the answers work with. */
export interface SaveParts {
  readonly session: SaveSession;
  readonly backup: BackupWriter;
  readonly queue: SaveQueue;
}

/** Saves the merge with the author's choice for each conflict (default: ours). */
export async function resolveMerge(
  { session, backup, queue }: SaveParts,
  choices: Readonly<Record<string, Side>>,
): Promise<void> {
  const pending = session.state.conflict?.merge;
  if (!pending) return;
  const result = merge3(pending.base, session.doc(), pending.theirs, choices);
  adopt(session, backup, result.doc, { doc: pending.theirs, version: pending.version }, result.repairs);
  if (session.dirty()) await queue.start();
}

/** Saves the editor's document as a new version on top of the current one. */
export async function keepMine(parts: SaveParts): Promise<void> {
  const { session, queue } = parts;
  // After a merge, "mine" means mine where both changed: their other changes stay.
  const pending = session.state.conflict?.merge;
  if (pending) return resolveMerge(parts, Object.fromEntries(pending.conflicts.map((c) => [c.key, 'ours' as const])));
  const current = await session.o.currentVersion();
  session.send({ type: 'keptMine', version: current });
  // The save builds on the version just read: if yet another save lands first, the conflict shows again.
  await queue.startForced();
}

/** Shows `doc` (the current version) instead; unsaved work is set aside, and stored in the browser. */
export async function loadTheirs(
  { session, backup }: SaveParts,
  doc: MapDocument,
  version: number,
  label?: string,
): Promise<void> {
  const mine = session.doc();
  const savedAt = session.now();
  const aside: SetAside | null =
    mine === session.savedDoc
      ? null
      : {
          doc: mine,
          baseVersion: session.state.version,
          savedAt,
          stored: false,
          key: setAsideKeyOf(session.o.session ?? '', savedAt),
        };
  session.cancelSave();
  backup.cancel();
  // Throws (and changes nothing) when `doc` is not a valid document.
  // The author's choice, so an undo step (their work is one Undo away); what is shown is what the server has.
  const shown = session.quietly(() => session.o.store.dispatch(replaceDocument, { doc, label }));
  session.send({ type: 'theirsLoaded', doc: shown, version, setAside: aside });
  // Still one Undo away and downloadable from memory when the browser refuses it; the notice says it is not
  // stored. The unsaved-work backup stays too: until the set-aside copy is stored, it is the one on disk.
  if (aside && !(await backup.storeSetAside(aside))) return;
  // Only once our version is safe under its own key does the unsaved-work backup go.
  void backup.forget();
}

/** Unsaved work from an earlier session merged with the version shown; returns the number of conflicts. */
export function mergeLocal({ session }: SaveParts, base: MapDocument, ours: MapDocument): number {
  const { store } = session.o;
  const theirs = session.savedDoc;
  const version = session.state.version;
  const result = merge3(base, ours, theirs);
  if (!result.conflicts.length) {
    if (!deepEqual(result.doc, theirs)) store.dispatch(mergeDocument, { doc: result.doc });
    return 0;
  }
  const mine = store.dispatch(mergeDocument, { doc: ours });
  session.cancelSave();
  session.send({
    type: 'conflicted',
    message: `These changes were made on an older version; version ${version} was saved since.`,
    currentVersion: version,
    merge: { source: 'backup', base, ours: mine, theirs, version, conflicts: result.conflicts },
  });
  return result.conflicts.length;
}
