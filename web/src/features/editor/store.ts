/**
 * The editor's document store: a plain object with subscribe() (Excalidraw's pattern), not a jotai
 * atom per location. Every edit of this editor goes through `dispatch(action, args)` (or several in one
 * `batch`); documents are immutable (unchanged parts shared).
 *
 * Undo history holds only this editor's own edits (tldraw's model: remote changes are never undo steps).
 * Each step keeps the document before and after it; versions saved elsewhere come in by `applyRemote`,
 * which adds no step. Undo applies a step's change backwards onto the document as it is now, three ways
 * (merge/merge3.ts: base = the step's after, one side its before, the other the current document): what
 * arrived since stays, and where the step and a later remote change touched the same field or item, the
 * remote change wins. So undo of "add X" removes X only if nobody changed it since, undo of "edit F of X"
 * restores F only if F still has this editor's value, and undo never removes another tab's work. Redo is
 * the same, forwards. Values alone cannot tell a field nobody changed from one changed elsewhere and back
 * (another tab removed X, this editor added X again, the other tab renamed it to the first step's title), so
 * when a remote document comes in, every step also forgets its own change wherever the remote one touched.
 * ADR 033.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import type { EditorAction } from './actions/registry';
import { changedPaths, PathSet, takePaths } from './merge/doc-paths';
import { deepEqual, merge3 } from './merge/merge3';

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

/** One undo step: this editor's own change, as the documents before and after it. */
interface Step {
  before: MapDocument;
  after: MapDocument;
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
  /**
   * Runs `fn`, whose dispatches form one undo step named `label` (one user action over many items). When `fn`
   * throws, the document goes back to what it was and the error is rethrown. A batch inside a batch joins it.
   */
  batch<T>(label: string, fn: () => T): T;
  /** Puts a document that came from elsewhere (a merged remote version) in place: not an undo step. */
  applyRemote(doc: MapDocument): void;
  /** Reverts this editor's last own step, rebased over what arrived since; false when there is none left. */
  undo(): boolean;
  redo(): boolean;
  /** Starts over with `doc` and an empty history (a map was opened). */
  reset(doc: MapDocument): void;
}

/**
 * `from → to` (a step's change) applied onto `current`, which may hold changes that arrived since `from`: those
 * win wherever both touched the same field or item. Null when the result would need repairs (the change would
 * break a reference made elsewhere, e.g. remove a group another tab put a location in): that step is dropped.
 */
export function rebase(current: MapDocument, from: MapDocument, to: MapDocument): MapDocument | null {
  // A step with no net change (recorded before such steps were refused) changes nothing: it is skipped, not undone.
  if (current === from) return deepEqual(to, current) ? current : to;
  // Equal parts are taken from `current`: the editor then draws and indexes again only what the step changes.
  let result = merge3(from, to, current, {}, 'theirs');
  if (result.conflicts.length) {
    const choices = Object.fromEntries(result.conflicts.map((c) => [c.key, 'theirs' as const]));
    result = merge3(from, to, current, choices, 'theirs');
  }
  if (result.repairs.length) return null;
  return deepEqual(result.doc, current) ? current : result.doc;
}

/** This editor's own steps: undo and redo stacks, and the typing run that coalesces into the top step. */
class OwnHistory {
  past: Step[] = [];
  future: Step[] = [];
  /**
   * A stack was emptied because changes from elsewhere replaced all its steps did: its command stays on until the
   * next undo (or redo), which can then say why there is nothing to do, or until an edit.
   */
  replaced = { past: false, future: false };
  private typing: { key: string; at: number } | null = null;

  clear(): void {
    this.past = [];
    this.future = [];
    this.replaced = { past: false, future: false };
    this.typing = null;
  }

  /** What the editor's state shows of the history: changes when a step is taken, dropped or added. */
  shape(): string {
    return `${this.past.length} ${this.future.length} ${this.replaced.past} ${this.replaced.future}`;
  }

  /** The next edit is a step of its own (an undo, a batch, a change from elsewhere came in between). */
  endTyping(): void {
    this.typing = null;
  }

  /** An own edit; consecutive ones with the same coalesce key within COALESCE_MS join one step. */
  add(step: Step, coalesce: string | undefined, at: number): void {
    const top = this.past.at(-1);
    const joins =
      coalesce !== undefined &&
      this.typing?.key === coalesce &&
      at - this.typing.at < COALESCE_MS &&
      top !== undefined &&
      top.after === step.before;
    this.replaced = { past: false, future: false };
    if (joins) {
      top.after = step.after;
      // Typing that ends where it began (a title typed and set back) is no step: nothing would be undone.
      if (deepEqual(top.before, top.after)) this.past.pop();
    } else {
      this.past.push(step);
      if (this.past.length > HISTORY_LIMIT) this.past = this.past.slice(this.past.length - HISTORY_LIMIT);
    }
    this.future = [];
    this.typing = coalesce !== undefined ? { key: coalesce, at } : null;
  }

  /**
   * A change from elsewhere came in (`from` → `to`): each step forgets its own change where the two overlap (the
   * undo side takes the step's other side there). A step left with nothing is dropped.
   */
  forget(from: MapDocument, to: MapDocument): void {
    if (this.past.length === 0 && this.future.length === 0) return;
    const paths = changedPaths(from, to);
    if (paths.length === 0) return;
    const touched = new PathSet(paths);
    const forget = (steps: Step[], side: 'before' | 'after'): Step[] =>
      steps.flatMap((step) => {
        const own = changedPaths(step.before, step.after);
        const gone = own.filter((p) => touched.overlaps(p));
        if (gone.length === 0) return [step];
        if (gone.length === own.length) return [];
        const other = side === 'before' ? step.after : step.before;
        return [{ ...step, [side]: takePaths(step[side], other, gone) }];
      });
    // Undo goes from a step's after back to its before; redo from before to after.
    const past = forget(this.past, 'before');
    const future = forget(this.future, 'after');
    if (past.length === 0 && this.past.length > 0) this.replaced.past = true;
    if (future.length === 0 && this.future.length > 0) this.replaced.future = true;
    this.past = past;
    this.future = future;
  }

  /**
   * Undoes (backwards) or redoes the top step over `current` and moves it to the other stack; null when no step is
   * left. A step with nothing left (another tab changed all of it since), or whose revert would break what another
   * tab made, is no longer a step: it is dropped and the next one tried.
   */
  travel(current: MapDocument, backwards: boolean): MapDocument | null {
    this.typing = null;
    const [from, to] = backwards ? [this.past, this.future] : [this.future, this.past];
    for (let step = from.pop(); step; step = from.pop()) {
      const next = backwards ? rebase(current, step.after, step.before) : rebase(current, step.before, step.after);
      if (next === null || next === current) continue;
      // Held the other way round by the other stack: undone, it goes from `next` back (on) to `current`.
      to.push(backwards ? { ...step, before: next, after: current } : { ...step, before: current, after: next });
      this.replaced = { past: false, future: false };
      return next;
    }
    this.replaced[backwards ? 'past' : 'future'] = false;
    return null;
  }
}

export function createEditorStore(initial: MapDocument, now: () => number = () => Date.now()): EditorStore {
  const history = new OwnHistory();
  /** The document when the outermost running batch started. */
  let batchStart: MapDocument | null = null;
  const listeners = new Set<Listener>();
  const snapshot = (doc: MapDocument): EditorState => ({
    doc,
    canUndo: history.past.length > 0 || history.replaced.past,
    canRedo: history.future.length > 0 || history.replaced.future,
    undoLabel: history.past.at(-1)?.label ?? null,
    redoLabel: history.future.at(-1)?.label ?? null,
  });
  let state = snapshot(initial);

  const publish = (doc: MapDocument) => {
    const previous = state;
    state = snapshot(doc);
    for (const l of [...listeners]) l(state, previous);
  };

  const travel = (backwards: boolean): boolean => {
    const had = history.shape();
    const next = history.travel(state.doc, backwards);
    // Also when steps were only dropped: canUndo and the labels change.
    if (next !== null || history.shape() !== had) publish(next ?? state.doc);
    return next !== null;
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action, args, options = {}) {
      const next = action.perform(state.doc, args);
      // An edit that changes nothing (a field committing the value it has) is no undo step and tells no one.
      if (next === state.doc || deepEqual(next, state.doc)) return state.doc;
      if (batchStart === null)
        history.add(
          { before: state.doc, after: next, label: action.describe?.(state.doc, args) ?? action.label },
          options.coalesce,
          now(),
        );
      publish(next);
      return next;
    },
    batch(label, fn) {
      if (batchStart !== null) return fn();
      const start = state.doc;
      batchStart = start;
      let result;
      try {
        result = fn();
      } catch (err) {
        batchStart = null;
        if (state.doc !== start) publish(start);
        throw err;
      }
      batchStart = null;
      history.endTyping();
      if (state.doc !== start && !deepEqual(state.doc, start)) {
        history.add({ before: start, after: state.doc, label }, undefined, now());
        publish(state.doc);
      }
      return result;
    },
    applyRemote(doc) {
      if (batchStart !== null) throw new Error('A remote document cannot come in during a batch of edits');
      if (doc === state.doc) return;
      // Typing after this is a new step: a coalesced step must not take the remote change into its own.
      history.endTyping();
      history.forget(state.doc, doc);
      publish(doc);
    },
    undo: () => travel(true),
    redo: () => travel(false),
    reset(doc) {
      history.clear();
      publish(doc);
    },
  };
}
