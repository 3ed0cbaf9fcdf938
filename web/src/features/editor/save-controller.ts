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
import type { MapDocument } from '@mapnest/shared/map-document';
import { CallError } from '@mapnest/shared/errors';
import { mergeDocument, replaceDocument } from './actions/structure';
import { deepEqual, merge3, type Conflict, type Side } from './merge/merge3';
import type { LocalBackup } from './local-backup';
import type { EditorStore } from './store';

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'offline' | 'conflict' | 'error';

export interface SaveState {
  readonly status: SaveStatus;
  /** What went wrong (offline, error), for the status tooltip and alert. */
  readonly message: string | null;
  /** The server version the editor's document builds on. */
  readonly version: number;
  readonly lastSavedAt: number | null;
  /** Set while in conflict: the version someone else saved, and (when it was read) the merge waiting for choices. */
  readonly conflict: { currentVersion: number | null; merge?: PendingMerge } | null;
  /** The author's own version, set aside when another one was loaded over it. */
  readonly setAside: SetAside | null;
  /** The last version saved elsewhere that came in (shown or merged), for a notice. */
  readonly remote?: RemoteUpdate;
}

/** A three-way merge with conflicts, waiting for the author's choice per item. */
export interface PendingMerge {
  /** 'backup': unsaved work from an earlier session, made on an older version; else a version saved elsewhere. */
  readonly source?: 'backup';
  readonly base: MapDocument;
  readonly ours: MapDocument;
  readonly theirs: MapDocument;
  readonly version: number;
  readonly conflicts: readonly Conflict[];
}

/** What the editor tells the author after a version saved elsewhere came in. */
export interface RemoteUpdate {
  version: number;
  /** True when local edits were merged with it (and are being saved); false when it was simply shown. */
  merged: boolean;
  /** Repairs the merge needed (references the other side removed). */
  repairs: readonly string[];
}

function remoteUpdate(version: number, merged: boolean, repairs: readonly string[]): RemoteUpdate {
  return { version, merged, repairs };
}

export interface SetAside {
  readonly doc: MapDocument;
  /** The server version it was built on. */
  readonly baseVersion: number;
  /** When it was set aside (ms since epoch). */
  readonly savedAt: number;
  /** True once it is in the browser's storage (it survives closing the page). */
  readonly stored: boolean;
}

/** The backup key of the set-aside version: apart from the unsaved-work backup, which the next edit overwrites. */
export function setAsideKey(mapId: string): string {
  return `${mapId}:set-aside`;
}

export interface SaveInput {
  id: string;
  baseVersion: number;
  mapData: MapDocument;
}

export interface SaveControllerOptions {
  store: EditorStore;
  mapId: string;
  version: number;
  save(input: SaveInput): Promise<{ version: number }>;
  /** The map's current version on the server (for "keep mine", and to notice saves made elsewhere). */
  currentVersion(): Promise<number>;
  /** The server's current document and version; enables three-way merging and noticing other tabs' saves. */
  fetchCurrent?: () => Promise<{ doc: MapDocument; version: number }>;
  /** How often to look for versions saved elsewhere while the page is visible (ms; 0: only on focus). */
  pollMs?: number;
  /** A version saved elsewhere came in (shown, or merged with local edits). */
  onRemote?: (update: RemoteUpdate) => void;
  backup: LocalBackup;
  /** Quiet time after the last edit before autosave (ms). */
  delayMs?: number;
  /** Waits between retries of a failed save (ms); the last one repeats. */
  retryMs?: readonly number[];
  /** Wait before writing the local backup (ms), so typing does not write on every key. */
  backupDelayMs?: number;
  isOnline?: () => boolean;
  now?: () => number;
  /**
   * Runs before every save the author asks for (Ctrl/Cmd+S, Save, Publish, leaving): commits the text
   * still being typed, so it is in the version saved. Autosave does not call it (it would cut typing).
   */
  beforeSave?: () => void;
}

export const AUTOSAVE_DELAY_MS = 3000;
/** While the page is visible, versions saved elsewhere are looked for this often. */
export const REMOTE_POLL_MS = 15_000;
const RETRY_MS = [2000, 5000, 15000, 30000, 60000] as const;

/** Codes after which trying the same save again later may succeed. */
const RETRYABLE = new Set([
  'unavailable',
  'deadline-exceeded',
  'internal',
  'unknown',
  'resource-exhausted',
  'cancelled',
]);

export interface SaveController {
  getState(): SaveState;
  subscribe(listener: (s: SaveState) => void): () => void;
  /** Saves now (Ctrl/Cmd+S); resolves when this save (and any queued one) is done. */
  saveNow(): Promise<void>;
  /** Conflict: saves the editor's document as a new version on top of the current one. */
  keepMine(): Promise<void>;
  /**
   * Conflict: shows `doc` (the current version) instead. Unsaved work stays one Undo away and is set
   * aside (state.setAside); resolves once it is stored in the browser.
   */
  loadTheirs(doc: MapDocument, version: number): Promise<void>;
  /** Conflict after a merge: saves the merge with the author's choice for each conflict (default: ours). */
  resolve(choices: Readonly<Record<string, Side>>): Promise<void>;
  /**
   * Unsaved work from an earlier session (`ours`), made on the older version `base`, merged with the version
   * shown: without conflicts it becomes an edit (saved by autosave, one Undo away); with conflicts the store
   * holds ours and the conflict dialog asks. Returns the number of conflicts. Throws if `ours` is not valid.
   */
  mergeLocal(base: MapDocument, ours: MapDocument): number;
  /** Looks for a version saved elsewhere now (the page got focus); merges or shows it. */
  checkRemote(): Promise<void>;
  /** Forgets the set-aside version (the author put it back, or discarded it). */
  dropSetAside(): Promise<void>;
  /** True while anything is not yet on the server (leaving the page asks first). */
  hasUnsavedChanges(): boolean;
  /** Writes the local backup at once (the page is being hidden). */
  flushBackup(): Promise<void>;
  dispose(): void;
}

export function createSaveController(o: SaveControllerOptions): SaveController {
  const delay = o.delayMs ?? AUTOSAVE_DELAY_MS;
  const retries = o.retryMs ?? RETRY_MS;
  const now = o.now ?? (() => Date.now());
  const online = o.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  const listeners = new Set<(s: SaveState) => void>();
  let state: SaveState = {
    status: 'saved',
    message: null,
    version: o.version,
    lastSavedAt: null,
    conflict: null,
    setAside: null,
  };
  let savedDoc = o.store.getState().doc;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let backupTimer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  let again = false;
  let attempt = 0;
  let disposed = false;
  let suppress = false;
  let force = false;
  /** The write of the set-aside copy, so dropping it waits and the copy cannot come back. */
  let asideWrite: Promise<unknown> = Promise.resolve();

  const set = (patch: Partial<SaveState>) => {
    state = { ...state, ...patch };
    for (const l of [...listeners]) l(state);
  };
  const dirty = () => o.store.getState().doc !== savedDoc;

  const writeBackup = async () => {
    clearTimeout(backupTimer);
    backupTimer = undefined;
    const doc = o.store.getState().doc;
    if (doc === savedDoc) return;
    try {
      await o.backup.put({ mapId: o.mapId, doc, baseVersion: state.version, savedAt: now() });
    } catch {
      // A full or refused store must not stop editing; the server save is still attempted.
    }
  };

  const schedule = (ms: number) => {
    clearTimeout(saveTimer);
    if (disposed) return;
    saveTimer = setTimeout(() => void start(), ms);
  };

  const onChange = () => {
    if (disposed || suppress) return;
    if (!dirty()) {
      clearTimeout(saveTimer);
      clearTimeout(backupTimer);
      if (state.status === 'unsaved') {
        set({ status: 'saved', message: null });
        void o.backup.delete(o.mapId).catch(() => undefined);
      }
      return;
    }
    clearTimeout(backupTimer);
    backupTimer = setTimeout(() => void writeBackup(), o.backupDelayMs ?? 400);
    if (state.status === 'saved' || state.status === 'error') set({ status: 'unsaved', message: null });
    // While offline the retry timer runs; in conflict nothing is saved until the author decides.
    if (state.status === 'unsaved') schedule(delay);
  };
  const unsubscribe = o.store.subscribe(onChange);

  const retryNow = () => {
    if (state.status === 'offline' || state.status === 'error') schedule(0);
  };
  if (typeof window !== 'undefined') window.addEventListener('online', retryNow);

  // Versions saved elsewhere: looked for when the page gets focus or is shown, and every few seconds.
  const pollMs = o.pollMs ?? REMOTE_POLL_MS;
  const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
  const onFocus = () => {
    if (visible()) void checkRemote();
  };
  const poll = o.fetchCurrent && pollMs > 0 ? setInterval(onFocus, pollMs) : undefined;
  if (o.fetchCurrent && typeof window !== 'undefined') {
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
  }

  // A version set aside in an earlier session is offered again.
  void o.backup
    .get(setAsideKey(o.mapId))
    .then((r) => {
      if (r && !disposed && state.setAside === null)
        set({ setAside: { doc: r.doc, baseVersion: r.baseVersion, savedAt: r.savedAt, stored: true } });
    })
    .catch(() => undefined);

  async function runSave(): Promise<void> {
    const doc = o.store.getState().doc;
    if (doc === savedDoc && !force) {
      set({ status: 'saved', message: null });
      return;
    }
    force = false;
    clearTimeout(saveTimer);
    set({ status: 'saving', message: null });
    try {
      const result = await o.save({ id: o.mapId, baseVersion: state.version, mapData: doc });
      savedDoc = doc;
      attempt = 0;
      set({
        version: result.version,
        lastSavedAt: now(),
        status: dirty() ? 'unsaved' : 'saved',
        message: null,
        conflict: null,
      });
      if (dirty()) {
        await writeBackup();
        schedule(delay);
      } else await o.backup.delete(o.mapId).catch(() => undefined);
    } catch (err) {
      await writeBackup();
      const e =
        err instanceof CallError ? err : new CallError('internal', err instanceof Error ? err.message : String(err));
      if (e.code === 'aborted') {
        const current = (e.details as { currentVersion?: unknown } | undefined)?.currentVersion;
        // Merged without conflicts: the loop saves the merge next (on top of the version just read).
        if (await reconcile(e.message)) again = true;
        else if (state.status !== 'conflict')
          set({
            status: 'conflict',
            message: e.message,
            conflict: { currentVersion: typeof current === 'number' ? current : null },
          });
        return;
      }
      if (e.code === 'unauthenticated') {
        set({
          status: 'error',
          message: 'You are signed out. Your changes are kept in this browser; sign in again to save them.',
        });
        return;
      }
      if (!RETRYABLE.has(e.code)) {
        set({ status: 'error', message: `The map could not be saved: ${e.message}` });
        return;
      }
      const wait = retries[Math.min(attempt, retries.length - 1)]!;
      attempt++;
      const offline = !online() || e.code === 'internal' || e.code === 'deadline-exceeded' || e.code === 'cancelled';
      set({
        status: offline ? 'offline' : 'error',
        message: offline
          ? `Offline: your changes are kept in this browser. Retrying in ${Math.round(wait / 1000)} s.`
          : `The server could not save the map right now (${e.message}). Retrying in ${Math.round(wait / 1000)} s.`,
      });
      schedule(wait);
    }
  }

  /**
   * Brings in a version saved elsewhere: shown as it is when there is nothing local to keep, merged
   * three ways otherwise. True when the result is in the store (and, if it differs from the server's,
   * waiting to be saved); false when it could not be read, or the merge has conflicts (status conflict).
   */
  async function reconcile(message: string | null): Promise<boolean> {
    if (!o.fetchCurrent) return false;
    let remote: { doc: MapDocument; version: number };
    try {
      remote = await o.fetchCurrent();
    } catch {
      return false;
    }
    if (disposed) return false;
    if (remote.version <= state.version) return !dirty();
    // Synchronous from here: what the author typed meanwhile is part of `ours`.
    const base = savedDoc;
    const ours = o.store.getState().doc;
    let result: ReturnType<typeof merge3>;
    try {
      result = merge3(base, ours, remote.doc);
    } catch {
      // Never expected (the merge repairs what it breaks); the two-way choice is the safe fallback.
      return false;
    }
    if (result.conflicts.length) {
      clearTimeout(saveTimer);
      void writeBackup();
      set({
        status: 'conflict',
        message: message ?? `Version ${remote.version} was saved elsewhere.`,
        conflict: {
          currentVersion: remote.version,
          merge: { base, ours, theirs: remote.doc, version: remote.version, conflicts: result.conflicts },
        },
      });
      return false;
    }
    adopt(result.doc, remote);
    const update = remoteUpdate(remote.version, ours !== base, result.repairs);
    set({ remote: update });
    o.onRemote?.(update);
    return true;
  }

  /** Makes `remote` the saved version and `merged` the editor's document (one Undo step away from ours). */
  function adopt(merged: MapDocument, remote: { doc: MapDocument; version: number }): void {
    const current = o.store.getState().doc;
    suppress = true;
    try {
      if (deepEqual(merged, remote.doc)) {
        savedDoc = deepEqual(current, remote.doc) ? current : o.store.dispatch(mergeDocument, { doc: remote.doc });
      } else {
        o.store.dispatch(mergeDocument, { doc: merged });
        savedDoc = remote.doc;
      }
    } finally {
      suppress = false;
    }
    set({ version: remote.version, conflict: null, status: dirty() ? 'unsaved' : 'saved', message: null });
    if (dirty()) void writeBackup();
    else void o.backup.delete(o.mapId).catch(() => undefined);
  }

  let checking = false;
  async function checkRemote(): Promise<void> {
    if (disposed || checking || inFlight || !o.fetchCurrent || state.status === 'conflict' || state.status === 'saving')
      return;
    checking = true;
    try {
      const version = await o.currentVersion();
      // A save of ours may have started meanwhile; it will meet the new version itself.
      if (disposed || inFlight || version <= state.version || (state.status as SaveStatus) === 'conflict') return;
      if (await reconcile(null)) {
        if (dirty()) await start();
      }
    } catch {
      // Offline or signed out: the next save says so.
    } finally {
      checking = false;
    }
  }

  /** Saves the store's document now; a save already running is followed by another. */
  function start(): Promise<void> {
    if (disposed || state.status === 'conflict') return inFlight ?? Promise.resolve();
    if (inFlight) {
      again = true;
      return inFlight;
    }
    const run = async () => {
      do {
        again = false;
        await runSave();
      } while (again && (state.status as SaveStatus) !== 'conflict');
    };
    inFlight = run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  const controller: SaveController = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    saveNow() {
      if (!disposed) o.beforeSave?.();
      return start();
    },
    async keepMine() {
      // After a merge, "mine" means mine where both changed: their other changes stay.
      const pending = state.conflict?.merge;
      if (pending)
        return controller.resolve(Object.fromEntries(pending.conflicts.map((c) => [c.key, 'ours' as const])));
      const current = await o.currentVersion();
      set({ version: current, conflict: null, status: 'unsaved', message: null });
      // The save builds on the version just read: if yet another save lands first, the conflict shows again.
      force = true;
      await start();
    },
    async loadTheirs(doc, version) {
      const mine = o.store.getState().doc;
      const aside: SetAside | null =
        mine === savedDoc ? null : { doc: mine, baseVersion: state.version, savedAt: now(), stored: false };
      clearTimeout(saveTimer);
      clearTimeout(backupTimer);
      suppress = true;
      try {
        // Throws (and changes nothing) when `doc` is not a valid document.
        savedDoc = o.store.dispatch(replaceDocument, { doc });
      } finally {
        suppress = false;
      }
      set({ version, conflict: null, status: 'saved', message: null, ...(aside ? { setAside: aside } : {}) });
      if (aside) {
        try {
          asideWrite = o.backup.put({
            mapId: setAsideKey(o.mapId),
            doc: aside.doc,
            baseVersion: aside.baseVersion,
            savedAt: aside.savedAt,
          });
          await asideWrite;
          if (state.setAside === aside) set({ setAside: { ...aside, stored: true } });
        } catch {
          // Still one Undo away and downloadable from memory; the notice says it is not stored. The
          // unsaved-work backup stays too: until the set-aside copy is stored, it is the one on disk.
          return;
        }
      }
      // Only once our version is safe under its own key does the unsaved-work backup go.
      void o.backup.delete(o.mapId).catch(() => undefined);
    },
    async resolve(choices) {
      const pending = state.conflict?.merge;
      if (!pending) return;
      const ours = o.store.getState().doc;
      const result = merge3(pending.base, ours, pending.theirs, choices);
      adopt(result.doc, { doc: pending.theirs, version: pending.version });
      const update = remoteUpdate(pending.version, true, result.repairs);
      set({ remote: update });
      o.onRemote?.(update);
      if (dirty()) await start();
    },
    checkRemote,
    mergeLocal(base, ours) {
      const theirs = savedDoc;
      const version = state.version;
      const result = merge3(base, ours, theirs);
      if (!result.conflicts.length) {
        if (!deepEqual(result.doc, theirs)) o.store.dispatch(mergeDocument, { doc: result.doc });
        return 0;
      }
      const mine = o.store.dispatch(mergeDocument, { doc: ours });
      clearTimeout(saveTimer);
      set({
        status: 'conflict',
        message: `These changes were made on an older version; version ${version} was saved since.`,
        conflict: {
          currentVersion: version,
          merge: { source: 'backup', base, ours: mine, theirs, version, conflicts: result.conflicts },
        },
      });
      return result.conflicts.length;
    },
    async dropSetAside() {
      set({ setAside: null });
      await asideWrite.catch(() => undefined);
      await o.backup.delete(setAsideKey(o.mapId)).catch(() => undefined);
    },
    hasUnsavedChanges: () => state.status !== 'saved' || dirty(),
    flushBackup: () => writeBackup(),
    dispose() {
      disposed = true;
      clearTimeout(saveTimer);
      clearTimeout(backupTimer);
      unsubscribe();
      if (typeof window !== 'undefined') window.removeEventListener('online', retryNow);
      clearInterval(poll);
      if (o.fetchCurrent && typeof window !== 'undefined') {
        window.removeEventListener('focus', onFocus);
        document.removeEventListener('visibilitychange', onFocus);
      }
    },
  };
  return controller;
}
