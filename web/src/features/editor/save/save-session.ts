/**
 * What the save controller's parts share (save-controller.ts): its state and the listeners told of each
 * change, the document the server has, and the timer of the next save.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import type { SaveControllerOptions, SaveState } from './save-types';

export class SaveSession {
  state: SaveState;
  /** The document of the server version `state.version`: the store's differs from it while there are edits. */
  savedDoc: MapDocument;
  disposed = false;
  readonly now: () => number;
  private readonly listeners = new Set<(s: SaveState) => void>();
  /** True while the controller itself puts a document in the store: not an edit to save. */
  private quiet = false;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly o: SaveControllerOptions) {
    this.now = o.now ?? (() => Date.now());
    this.state = {
      status: 'saved',
      message: null,
      version: o.version,
      lastSavedAt: null,
      conflict: null,
      setAside: null,
    };
    this.savedDoc = o.store.getState().doc;
  }

  /** The editor's document. */
  doc(): MapDocument {
    return this.o.store.getState().doc;
  }

  dirty(): boolean {
    return this.doc() !== this.savedDoc;
  }

  set(patch: Partial<SaveState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of [...this.listeners]) l(this.state);
  }

  subscribe(listener: (s: SaveState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs `change`, which puts a document in the store, without the store's change counting as an edit. */
  quietly<T>(change: () => T): T {
    this.quiet = true;
    try {
      return change();
    } finally {
      this.quiet = false;
    }
  }

  /** True while a change of the store is the controller's own (see `quietly`). */
  isQuiet(): boolean {
    return this.quiet;
  }

  /** Runs `save` in `ms`, instead of any save scheduled before (nothing once disposed). */
  scheduleSave(ms: number, save: () => void): void {
    clearTimeout(this.saveTimer);
    if (this.disposed) return;
    this.saveTimer = setTimeout(save, ms);
  }

  cancelSave(): void {
    clearTimeout(this.saveTimer);
  }
}
