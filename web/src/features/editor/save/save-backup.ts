/**
 * The save controller's copies in this browser (save-controller.ts): the unsaved work, written a moment after
 * each edit and removed once the server has it (one copy per editor session, local-backup.ts), and the author's
 * versions set aside when another was loaded over them, under the map's set-aside key, one record each (keyed by
 * the session and the moment, setAsideKeyOf): two tabs, or one tab twice, never overwrite each other's.
 */
import { setAsidesToOffer } from './backup-sessions';
import type { SaveSession } from './save-session';
import type { SetAside } from './save-types';

/** The backup key of the set-aside versions: apart from the unsaved-work backups, which the next edit overwrites. */
export function setAsideKey(mapId: string): string {
  return `${mapId}:set-aside`;
}

export interface BackupWriter {
  /** Writes the unsaved work now (nothing when the store has the saved document). */
  write(): Promise<void>;
  /** Writes the unsaved work after a quiet moment, so typing does not write on every key. */
  writeSoon(): void;
  /** Drops a write waiting for its quiet moment. */
  cancel(): void;
  /** Removes the unsaved-work copy (the server has it, or it is safe elsewhere). */
  forget(): Promise<void>;
  /**
   * Offers a version set aside earlier, when none is shown: by this tab, or by a tab since closed (each version is
   * kept under its own key until it is put back or discarded), the newest first.
   */
  offerEarlierSetAside(): Promise<void>;
  /** Stores the set-aside version; false when the browser refused it. */
  storeSetAside(aside: SetAside): Promise<boolean>;
  /** Forgets the set-aside version shown, in memory and in the browser, and offers the next one kept, if any. */
  dropSetAside(): Promise<void>;
}

export function createBackupWriter(session: SaveSession): BackupWriter {
  const { o } = session;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The write of the set-aside copy, so dropping it waits and the copy cannot come back. */
  let asideWrite: Promise<unknown> = Promise.resolve();

  const writer: BackupWriter = {
    async write() {
      clearTimeout(timer);
      timer = undefined;
      const doc = session.doc();
      if (doc === session.savedDoc) return;
      try {
        await o.backup.put({
          mapId: o.mapId,
          session: o.session,
          doc,
          baseVersion: session.state.version,
          savedAt: session.now(),
        });
      } catch {
        // A full or refused store must not stop editing; the server save is still attempted.
      }
    },
    writeSoon() {
      clearTimeout(timer);
      timer = setTimeout(() => void writer.write(), o.backupDelayMs ?? 400);
    },
    cancel: () => clearTimeout(timer),
    // This session's copy only: another tab's unsaved work is not this tab's to forget.
    forget: () => o.backup.delete(o.mapId, o.session).catch(() => undefined),
    async offerEarlierSetAside() {
      if (session.state.setAside) return;
      try {
        const [r] = await setAsidesToOffer(o.backup, setAsideKey(o.mapId), o.session ?? '', null);
        if (r && !session.disposed)
          session.send({
            type: 'setAsideFound',
            setAside: {
              doc: r.doc,
              baseVersion: r.baseVersion,
              savedAt: r.savedAt,
              stored: true,
              key: r.session ?? '',
            },
          });
      } catch {
        // Nothing readable to offer: editing goes on.
      }
    },
    async storeSetAside(aside) {
      try {
        asideWrite = o.backup.put({
          mapId: setAsideKey(o.mapId),
          session: aside.key,
          doc: aside.doc,
          baseVersion: aside.baseVersion,
          savedAt: aside.savedAt,
        });
        await asideWrite;
        session.send({ type: 'setAsideStored', setAside: aside });
        return true;
      } catch {
        return false;
      }
    },
    async dropSetAside() {
      const aside = session.state.setAside;
      session.send({ type: 'setAsideDropped' });
      await asideWrite.catch(() => undefined);
      if (aside) await o.backup.delete(setAsideKey(o.mapId), aside.key).catch(() => undefined);
      await writer.offerEarlierSetAside();
    },
  };
  return writer;
}
