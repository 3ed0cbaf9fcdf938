/**
 * What the save controller's parts share (save-controller.ts): the save state machine (save-machine.ts) and the
 * listeners told of each change, and the timer of the next save. Parts change the state only by `send(event)`.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { initialSaveMachine, transition, type SaveEvent, type SaveMachine } from './save-machine';
import type { SaveControllerOptions, SaveState } from './save-types';

export class SaveSession {
  private machine: SaveMachine;
  disposed = false;
  readonly now: () => number;
  private readonly listeners = new Set<(s: SaveState) => void>();
  /** True while the controller itself puts a document in the store: not an edit to save. */
  private quiet = false;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly o: SaveControllerOptions) {
    this.now = o.now ?? (() => Date.now());
    this.machine = initialSaveMachine(o.store.getState().doc, o.version);
  }

  get state(): SaveState {
    return this.machine.state;
  }

  /** The document of the server version `state.version`: the store's differs from it while there are edits. */
  get savedDoc(): MapDocument {
    return this.machine.savedDoc;
  }

  /** The editor's document. */
  doc(): MapDocument {
    return this.o.store.getState().doc;
  }

  dirty(): boolean {
    return this.doc() !== this.savedDoc;
  }

  /** Moves the machine on by `event`; listeners hear of a change of the state (not of the saved document alone). */
  send(event: SaveEvent): void {
    const before = this.machine;
    this.machine = transition(before, event);
    if (this.machine.state !== before.state) for (const l of [...this.listeners]) l(this.machine.state);
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
