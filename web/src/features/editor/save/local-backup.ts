/**
 * Unsaved work kept in this browser (IndexedDB, or localStorage where IndexedDB is unavailable), so
 * a closed tab, a crash, a lost connection or an expired session never loses an edit. Written a
 * moment after each change, removed once the server has the same document.
 *
 * One record per map and editor session (tab): a tab's save forgets its own copy only, never another
 * open tab's unsaved work. Records of the first version of this store (one per map, no session) read as
 * session ''. The versions set aside are kept under the map's set-aside key, one record each (save-backup.ts).
 */
import type { MapDocument } from '@mapnest/shared/map-document';

export interface BackupRecord {
  mapId: string;
  /** The editor session (tab) that wrote it (editor-session.ts); '' or absent: written before sessions. */
  session?: string;
  doc: MapDocument;
  /** The server version these edits were made on. */
  baseVersion: number;
  /** When the backup was written (ms since epoch). */
  savedAt: number;
}

export interface LocalBackup {
  /** The record of `mapId` written by `session` ('' by default: records from before sessions, the set-aside copy). */
  get(mapId: string, session?: string): Promise<BackupRecord | null>;
  /** Every session's record of `mapId`. */
  list(mapId: string): Promise<BackupRecord[]>;
  put(record: BackupRecord): Promise<void>;
  delete(mapId: string, session?: string): Promise<void>;
}

/** The memory store's key of a record: the map id alone for session ''. */
export function recordKey(mapId: string, session = ''): string {
  return session ? `${mapId}#${session}` : mapId;
}

/** A backup held in memory (tests, and browsers that refuse both stores). */
export function memoryBackup(): LocalBackup & { records: Map<string, BackupRecord> } {
  const records = new Map<string, BackupRecord>();
  return {
    records,
    get: async (id, session) => records.get(recordKey(id, session)) ?? null,
    list: async (id) => [...records.values()].filter((r) => r.mapId === id),
    put: async (r) => void records.set(recordKey(r.mapId, r.session), r),
    delete: async (id, session) => void records.delete(recordKey(id, session)),
  };
}

const DB_NAME = 'mapnest-editor';
const DB_VERSION = 2;
const STORE = 'backups';
const BY_MAP = 'mapId';
const LS_PREFIX = 'mapnest-editor:';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * Version 1 kept one record per map (keyPath mapId); version 2 keys them by map and session. The upgrade moves
 * version 1's records over as session '' (offered back as before), inside the upgrade's own transaction.
 */
function upgrade(db: IDBDatabase, tx: IDBTransaction, oldVersion: number): void {
  const create = () => {
    const store = db.createObjectStore(STORE, { keyPath: ['mapId', 'session'] });
    store.createIndex(BY_MAP, 'mapId');
    return store;
  };
  if (oldVersion < 1 || !db.objectStoreNames.contains(STORE)) {
    create();
    return;
  }
  const old = tx.objectStore(STORE).getAll();
  old.onsuccess = () => {
    const records = old.result as BackupRecord[];
    db.deleteObjectStore(STORE);
    const store = create();
    for (const r of records) store.put({ ...r, session: r.session ?? '' });
  };
}

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = (e) => upgrade(req.result, req.transaction!, e.oldVersion);
    req.onsuccess = () => {
      // A newer version of the app in another tab upgrades the database: let it.
      req.result.onversionchange = () => req.result.close();
      resolve(req.result);
    };
    req.onerror = () => reject(req.error ?? new Error('IndexedDB is unavailable'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked'));
  });
}

function localStorageBackup(): LocalBackup {
  const key = (id: string, session?: string) => LS_PREFIX + recordKey(id, session);
  return {
    async get(id, session) {
      const raw = localStorage.getItem(key(id, session));
      return raw ? (JSON.parse(raw) as BackupRecord) : null;
    },
    async list(id) {
      const found: BackupRecord[] = [];
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k !== key(id) && !k?.startsWith(`${key(id)}#`)) continue;
        const r = JSON.parse(localStorage.getItem(k) ?? 'null') as BackupRecord | null;
        if (r?.mapId === id) found.push(r);
      }
      return found;
    },
    async put(r) {
      localStorage.setItem(key(r.mapId, r.session), JSON.stringify(r));
    },
    async delete(id, session) {
      localStorage.removeItem(key(id, session));
    },
  };
}

/** One record per session (a write the database refused went to the fallback store): the newest. */
function newestPerSession(records: BackupRecord[]): BackupRecord[] {
  const bySession = new Map<string, BackupRecord>();
  for (const r of records) {
    const seen = bySession.get(r.session ?? '');
    if (!seen || seen.savedAt < r.savedAt) bySession.set(r.session ?? '', r);
  }
  return [...bySession.values()];
}

/** The backup store in IndexedDB (`factory`), falling back to `fallback` when the database refuses. */
export function indexedDbBackup(factory: IDBFactory, fallback: LocalBackup = memoryBackup()): LocalBackup {
  let db: Promise<IDBDatabase> | null = null;
  const withStore = async <T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    db ??= openDb(factory);
    const tx = (await db).transaction(STORE, mode);
    return request(run(tx.objectStore(STORE)));
  };
  const fromDb = async <T>(read: () => Promise<T>, orElse: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch {
      return orElse();
    }
  };
  return {
    get: (id, session = '') =>
      fromDb(
        async () =>
          ((await withStore('readonly', (s) => s.get([id, session]))) as BackupRecord | undefined) ??
          (await fallback.get(id, session)),
        () => fallback.get(id, session),
      ),
    list: (id) =>
      fromDb(
        async () =>
          newestPerSession([
            ...((await withStore('readonly', (s) => s.index(BY_MAP).getAll(id))) as BackupRecord[]),
            ...(await fallback.list(id)),
          ]),
        () => fallback.list(id),
      ),
    async put(r) {
      try {
        await withStore('readwrite', (s) => s.put({ ...r, session: r.session ?? '' }));
      } catch {
        await fallback.put(r);
      }
    },
    async delete(id, session = '') {
      await Promise.allSettled([withStore('readwrite', (s) => s.delete([id, session])), fallback.delete(id, session)]);
    },
  };
}

/** The browser's backup store: IndexedDB (documents can be megabytes), else localStorage, else memory. */
export function browserBackup(): LocalBackup {
  const fallback = typeof localStorage !== 'undefined' ? localStorageBackup() : memoryBackup();
  if (typeof indexedDB === 'undefined') return fallback;
  return indexedDbBackup(indexedDB, fallback);
}
