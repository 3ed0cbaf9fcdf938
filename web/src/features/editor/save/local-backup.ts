/**
 * Unsaved work kept in this browser (IndexedDB, or localStorage where IndexedDB is unavailable), so
 * a closed tab, a crash, a lost connection or an expired session never loses an edit. Written a
 * moment after each change, removed once the server has the same document.
 */
import type { MapDocument } from '@mapnest/shared/map-document';

export interface BackupRecord {
  mapId: string;
  doc: MapDocument;
  /** The server version these edits were made on. */
  baseVersion: number;
  /** When the backup was written (ms since epoch). */
  savedAt: number;
}

export interface LocalBackup {
  get(mapId: string): Promise<BackupRecord | null>;
  put(record: BackupRecord): Promise<void>;
  delete(mapId: string): Promise<void>;
}

/** A backup held in memory (tests, and browsers that refuse both stores). */
export function memoryBackup(): LocalBackup & { records: Map<string, BackupRecord> } {
  const records = new Map<string, BackupRecord>();
  return {
    records,
    get: async (id) => records.get(id) ?? null,
    put: async (r) => void records.set(r.mapId, r),
    delete: async (id) => void records.delete(id),
  };
}

const DB_NAME = 'mapnest-editor';
const STORE = 'backups';
const LS_PREFIX = 'mapnest-editor:';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'mapId' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB is unavailable'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked'));
  });
}

function localStorageBackup(): LocalBackup {
  return {
    async get(id) {
      const raw = localStorage.getItem(LS_PREFIX + id);
      return raw ? (JSON.parse(raw) as BackupRecord) : null;
    },
    async put(r) {
      localStorage.setItem(LS_PREFIX + r.mapId, JSON.stringify(r));
    },
    async delete(id) {
      localStorage.removeItem(LS_PREFIX + id);
    },
  };
}

/** The browser's backup store: IndexedDB (documents can be megabytes), else localStorage, else memory. */
export function browserBackup(): LocalBackup {
  let db: Promise<IDBDatabase> | null = null;
  const fallback = typeof localStorage !== 'undefined' ? localStorageBackup() : memoryBackup();
  const withStore = async <T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    db ??= openDb();
    const tx = (await db).transaction(STORE, mode);
    return request(run(tx.objectStore(STORE)));
  };
  if (typeof indexedDB === 'undefined') return fallback;
  return {
    async get(id) {
      try {
        return (
          ((await withStore('readonly', (s) => s.get(id))) as BackupRecord | undefined) ?? (await fallback.get(id))
        );
      } catch {
        return fallback.get(id);
      }
    },
    async put(r) {
      try {
        await withStore('readwrite', (s) => s.put(r));
      } catch {
        await fallback.put(r);
      }
    },
    async delete(id) {
      await Promise.allSettled([withStore('readwrite', (s) => s.delete(id)), fallback.delete(id)]);
    },
  };
}
