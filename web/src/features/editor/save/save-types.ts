/** The save controller's state and options (save-controller.ts); its parts share them. */
import type { MapDocument } from '@mapnest/shared/map-document';
import type { LocalBackup } from './local-backup';
import type { Conflict, Side } from '../merge/merge3';
import type { EditorStore } from '../store';

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'offline' | 'conflict' | 'error';

export interface SaveState {
  readonly status: SaveStatus;
  /** What went wrong (offline, error), for the status tooltip and alert; saveMessage adds when it is tried again. */
  readonly message: string | null;
  /**
   * When a failed save is tried again: `at` (ms since epoch), `after` ms from the failure. Set while offline or in
   * error with a retry waiting.
   */
  readonly retry?: { readonly at: number; readonly after: number } | null;
  /**
   * In error: the failed save may have been stored all the same (a server's failure, its answer lost), which its retry
   * (the same save id) settles without saving twice. The status then says "Not confirmed", not "Not saved".
   */
  readonly unconfirmed?: boolean;
  /** The server version the editor's document builds on. */
  readonly version: number;
  /** This tab's last save: when, and the version it made (a later version may have come from elsewhere since). */
  readonly lastSaved: { readonly at: number; readonly version: number } | null;
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
  /** When that version restores an earlier one from History: its number. */
  readonly restoreOf?: number | null;
  readonly conflicts: readonly Conflict[];
}

/** What the editor tells the author after a version saved elsewhere came in. */
export interface RemoteUpdate {
  version: number;
  /** True when local edits were merged with it (and are being saved); false when it was simply shown. */
  merged: boolean;
  /** Repairs the merge needed (references the other side removed). */
  repairs: readonly string[];
  /** When that version restores an earlier one from History: its number. */
  restoreOf?: number | null;
  /** What it changed against the version this editor had, in words (versionChangeWords); null when nothing. */
  changes?: string | null;
}

export interface SetAside {
  readonly doc: MapDocument;
  /** The server version it was built on. */
  readonly baseVersion: number;
  /** When it was set aside (ms since epoch). */
  readonly savedAt: number;
  /** True once it is in the browser's storage (it survives closing the page). */
  readonly stored: boolean;
  /**
   * Its record's key among the map's set-aside copies (setAsideRecord in save-backup.ts): each version set aside is
   * kept apart, so a second tab's, or this tab's next, never overwrites it.
   */
  readonly key: string;
}

export interface SaveInput {
  id: string;
  baseVersion: number;
  mapData: MapDocument;
  /** The same for every retry of one save, so the server never saves it twice (saveMap answers the first outcome). */
  saveId?: string;
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
  /** This editor's session (tab), whose unsaved-work backup is its own (backup-sessions.ts); '' by default. */
  session?: string;
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

export interface SaveController {
  getState(): SaveState;
  subscribe(listener: (s: SaveState) => void): () => void;
  /** Saves now (Ctrl/Cmd+S); resolves when this save (and any queued one) is done. */
  saveNow(): Promise<void>;
  /**
   * Resolves once the save running now (and any queued behind it) is done, at once when none runs; starts none. What
   * names the version this editor is on (a restore's expected version) waits for it: a save sent and not yet answered
   * has made a version the state does not know yet.
   */
  settled(): Promise<void>;
  /** Conflict: saves the editor's document as a new version on top of the current one. */
  keepMine(): Promise<void>;
  /**
   * Conflict: shows `doc` (the current version) instead. Unsaved work stays one Undo away and is set
   * aside (state.setAside); resolves once it is stored in the browser. `label` names that undo step.
   */
  loadTheirs(doc: MapDocument, version: number, label?: string): Promise<void>;
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
  /**
   * Saves at once when the last save failed and waits to be tried again, or stopped: what made it fail has passed
   * (the author is signed in again). Does nothing otherwise.
   */
  retryNow(): void;
  /** Forgets the set-aside version (the author put it back, or discarded it). */
  dropSetAside(): Promise<void>;
  /** True while anything is not yet on the server (leaving the page asks first). */
  hasUnsavedChanges(): boolean;
  /** Writes the local backup at once (the page is being hidden). */
  flushBackup(): Promise<void>;
  /** Listens again after `dispose()` (or at first, when made with `connected: false`); returns what disposes it. */
  connect(): () => void;
  /** Stops listening: no more autosaves, retries, backups or looks for versions saved elsewhere. */
  dispose(): void;
}
