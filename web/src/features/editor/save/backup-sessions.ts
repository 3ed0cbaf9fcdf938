/**
 * Editor sessions and their backups (local-backup.ts): each open editor (tab) has a random session id and holds a
 * Web Lock named after it for as long as it is open. The browser frees the lock when the tab closes or crashes, so
 * a backup whose session's lock is free is unsaved work nobody is editing any more: the one to offer back. A
 * backup whose session's lock is held belongs to a tab still open, which keeps saving it; it is not offered.
 */
import type { BackupRecord, LocalBackup } from './local-backup';

const LOCK_PREFIX = 'mapnest-editor-session:';

/** The part of the Web Locks API used here (navigator.locks). */
export interface SessionLocks {
  request(name: string, callback: () => Promise<void>): Promise<unknown>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

function browserLocks(): SessionLocks | undefined {
  return typeof navigator !== 'undefined' ? (navigator.locks as SessionLocks | undefined) : undefined;
}

/** A new editor session's id. */
export function newSessionId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Holds the session's lock until the returned function is called (the editor closes) or the tab goes. */
export function holdSession(session: string, locks = browserLocks()): () => void {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  void locks?.request(LOCK_PREFIX + session, () => held).catch(() => undefined);
  return release;
}

/** The sessions open in this browser now (any tab of this origin); null without Web Locks. */
async function openSessions(locks: SessionLocks | undefined): Promise<Set<string> | null> {
  if (!locks) return null;
  try {
    const { held = [] } = await locks.query();
    const names = held.map((l) => l.name ?? '').filter((n) => n.startsWith(LOCK_PREFIX));
    return new Set(names.map((n) => n.slice(LOCK_PREFIX.length)));
  } catch {
    return null;
  }
}

/**
 * The key of a version set aside by `session` at `savedAt` (save-backup.ts keeps each apart): the session it came
 * from, so an open tab's set-aside version is left to that tab.
 */
export function setAsideKeyOf(session: string, savedAt: number): string {
  return `${session}@${savedAt}`;
}

/** The session a set-aside copy's key names ('' for a copy kept before keys had sessions). */
const setAsideOwner = (key: string) => (key.includes('@') ? key.slice(0, key.lastIndexOf('@')) : '');

/**
 * The versions set aside for `mapId` (records under `setAsideMapKey`) to offer in the session `own`, newest first:
 * its own, and those of sessions no longer open; never the one already shown (`shown`).
 */
export async function setAsidesToOffer(
  backup: LocalBackup,
  setAsideMapKey: string,
  own: string,
  shown: string | null,
  locks = browserLocks(),
): Promise<BackupRecord[]> {
  const [records, open] = await Promise.all([backup.list(setAsideMapKey), openSessions(locks)]);
  return records
    .filter((r) => {
      const key = r.session ?? '';
      const owner = setAsideOwner(key);
      return key !== shown && (owner === own || !owner || !open?.has(owner));
    })
    .sort((a, b) => b.savedAt - a.savedAt);
}

/**
 * The backups of `mapId` to offer back in the session `own`: those of sessions no longer open (and of before
 * sessions), newest first. Without Web Locks every other session's backup is offered: restoring work that is
 * still open elsewhere merges it twice, which loses nothing.
 */
export async function backupsToOffer(
  backup: LocalBackup,
  mapId: string,
  own: string,
  locks = browserLocks(),
): Promise<BackupRecord[]> {
  const [records, open] = await Promise.all([backup.list(mapId), openSessions(locks)]);
  return records
    .filter((r) => {
      const session = r.session ?? '';
      return session !== own && !(session && open?.has(session));
    })
    .sort((a, b) => b.savedAt - a.savedAt);
}
