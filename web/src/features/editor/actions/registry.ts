/**
 * Editor commands as registered actions (Excalidraw's model): each has a pure `perform(doc, args)`
 * returning the next document, so the toolbar, keyboard shortcuts, undo/redo and tests all go
 * through one path. An action that would make the document invalid throws ActionError with a
 * message an author can act on, and the document stays as it was.
 */
import type { MapDocument } from '@mapnest/shared/map-document';

/** A rejected edit: the message says what is wrong (and the document is unchanged). */
export class ActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ActionError';
  }
}

export interface EditorAction<A = void> {
  readonly name: string;
  /** Label for menus, undo tooltips ("Undo Move location") and the history of edits. */
  readonly label: string;
  /**
   * The undo step's name for these arguments, naming what it changes ("Edit location: Clinic (title)"), read on the
   * document before the edit; `label` when absent.
   */
  describe?(doc: MapDocument, args: A): string;
  perform(doc: MapDocument, args: A): MapDocument;
}

const registry = new Map<string, EditorAction<never>>();

/** Declares and registers an action; names are unique. */
export function defineAction<A = void>(action: EditorAction<A>): EditorAction<A> {
  if (registry.has(action.name)) throw new Error(`Action "${action.name}" is registered twice`);
  registry.set(action.name, action as EditorAction<never>);
  return action;
}

/** Every registered action, by name (for tests and tooling). */
export function registeredActions(): ReadonlyMap<string, EditorAction<never>> {
  return registry;
}
