/**
 * The editor's document store: a plain object with subscribe() (Excalidraw's pattern), not a jotai
 * atom per location. Every change goes through `dispatch(action, args)`; because actions are pure
 * and documents immutable (unchanged parts shared), undo/redo is a stack of earlier documents.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import type { EditorAction } from './actions/registry';

/** Undo steps kept; older ones are dropped (documents share structure, so each step is small). */
export const HISTORY_LIMIT = 500;
/** Edits with the same coalesce key within this time form one undo step (typing into a field). */
export const COALESCE_MS = 1500;

export interface EditorState {
  readonly doc: MapDocument;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Label of the edit undo would revert ("Move location"), for tooltips. */
  readonly undoLabel: string | null;
  readonly redoLabel: string | null;
}

interface Step {
  doc: MapDocument;
  label: string;
}

export interface DispatchOptions {
  /** Consecutive edits with the same key (e.g. 'location.update:a1:title') merge into one undo step. */
  coalesce?: string;
}

export type Listener = (state: EditorState, previous: EditorState) => void;

export interface EditorStore {
  getState(): EditorState;
  subscribe(listener: Listener): () => void;
  /** Runs an action; returns the new document. Throws the action's ActionError and changes nothing. */
  dispatch<A>(action: EditorAction<A>, args: A, options?: DispatchOptions): MapDocument;
  undo(): boolean;
  redo(): boolean;
  /** Starts over with `doc` and an empty history (a map was opened). */
  reset(doc: MapDocument): void;
}

export function createEditorStore(initial: MapDocument, now: () => number = () => Date.now()): EditorStore {
  let past: Step[] = [];
  let future: Step[] = [];
  let lastCoalesce: { key: string; at: number } | null = null;
  const listeners = new Set<Listener>();
  const snapshot = (doc: MapDocument): EditorState => ({
    doc,
    canUndo: past.length > 0,
    canRedo: future.length > 0,
    undoLabel: past.at(-1)?.label ?? null,
    redoLabel: future.at(-1)?.label ?? null,
  });
  let state = snapshot(initial);

  const publish = (doc: MapDocument) => {
    const previous = state;
    state = snapshot(doc);
    for (const l of [...listeners]) l(state, previous);
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action, args, options = {}) {
      const next = action.perform(state.doc, args);
      if (next === state.doc) return next;
      const t = now();
      const merge =
        options.coalesce !== undefined &&
        lastCoalesce?.key === options.coalesce &&
        t - lastCoalesce.at < COALESCE_MS &&
        past.length > 0;
      if (!merge) {
        past.push({ doc: state.doc, label: action.label });
        if (past.length > HISTORY_LIMIT) past = past.slice(past.length - HISTORY_LIMIT);
      }
      lastCoalesce = options.coalesce !== undefined ? { key: options.coalesce, at: t } : null;
      future = [];
      publish(next);
      return next;
    },
    undo() {
      const step = past.pop();
      if (!step) return false;
      future.push({ doc: state.doc, label: step.label });
      lastCoalesce = null;
      publish(step.doc);
      return true;
    },
    redo() {
      const step = future.pop();
      if (!step) return false;
      past.push({ doc: state.doc, label: step.label });
      lastCoalesce = null;
      publish(step.doc);
      return true;
    },
    reset(doc) {
      past = [];
      future = [];
      lastCoalesce = null;
      publish(doc);
    },
  };
}
