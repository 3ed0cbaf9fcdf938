/**
 * Undo under remote changes (ADR 033), as a property: over random sequences of this editor's edits (single,
 * coalesced typing, batches), versions merged in from elsewhere, undos and redos, an undo or redo never removes
 * or changes anything whose last change came from elsewhere (or from the version first loaded).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { ActionError, type EditorAction } from './actions/registry';
import { addLocation, deleteLocations, moveLocations, reorderLocation, updateLocation } from './actions/locations';
import { deepEqual } from './merge/merge3';
import { createEditorStore } from './store';

const IDS = ['a', 'b', 'c', 'd', 'e'] as const;
const id = fc.constantFrom(...IDS);
const ids = fc.uniqueArray(id, { minLength: 1, maxLength: 3 });
const title = fc.constantFrom('Bakery', 'Cafe', 'Shop', 'Desk', 'Gate');
const step = fc.constantFrom(-0.1, -0.02, 0.02, 0.1);

/** One change: a document action with its arguments. */
type Change = { action: EditorAction<never>; args: unknown };
const change = <A>(action: EditorAction<A>, args: A): Change => ({ action: action as EditorAction<never>, args });

const changeArb: fc.Arbitrary<Change> = fc.oneof(
  fc
    .record({ id, title, x: fc.double({ min: 0, max: 1, noNaN: true }) })
    .map((a) => change(addLocation, { id: a.id, coord: [a.x, 0.5], title: a.title })),
  fc.record({ id, title }).map((a) => change(updateLocation, { id: a.id, patch: { title: a.title } })),
  fc.record({ ids, dx: step, dy: step }).map((a) => change(moveLocations, { ids: a.ids, by: [a.dx, a.dy] })),
  ids.map((a) => change(deleteLocations, { ids: a })),
  fc.record({ id, to: fc.nat(5) }).map((a) => change(reorderLocation, a)),
);

type Op =
  | { kind: 'edit'; change: Change; coalesce: boolean }
  | { kind: 'batch'; changes: Change[] }
  | { kind: 'remote'; changes: Change[] }
  | { kind: 'undo' }
  | { kind: 'redo' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('edit' as const), change: changeArb, coalesce: fc.boolean() }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('batch' as const), changes: fc.array(changeArb, { maxLength: 4 }) }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('remote' as const),
      changes: fc.array(changeArb, { minLength: 1, maxLength: 3 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.constant({ kind: 'undo' as const }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'redo' as const }), weight: 2 },
);

/** The document as cells (each location's existence, title and position), by key. */
function cells(doc: MapDocument): Map<string, string> {
  const out = new Map<string, string>();
  for (const l of doc.locations) {
    out.set(`${l.id}`, 'exists');
    out.set(`${l.id}.title`, l.title ?? '');
    out.set(`${l.id}.coord`, JSON.stringify(l.coord));
  }
  return out;
}

/** Keys whose value differs between two documents (present on one side only counts). */
function changed(before: MapDocument, after: MapDocument): Set<string> {
  const a = cells(before);
  const b = cells(after);
  return new Set([...a.keys(), ...b.keys()].filter((k) => a.get(k) !== b.get(k)));
}

/** Applies a change to `doc`, or leaves it as it is when the change does not apply (unknown or taken id). */
function apply(doc: MapDocument, c: Change): MapDocument {
  try {
    return c.action.perform(doc, c.args as never);
  } catch (err) {
    if (err instanceof ActionError) return doc;
    throw err;
  }
}

function start(): MapDocument {
  let doc = blankDocument();
  for (const [i, x] of ['a', 'b', 'c'].entries())
    doc = addLocation.perform(doc, { id: x, coord: [0.2 + i * 0.2, 0.2], title: `Room ${x}` });
  return doc;
}

describe('undo with changes from elsewhere', () => {
  it('never removes or reverts a change this editor did not make', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const store = createEditorStore(start(), () => 0);
        /** Who changed each cell last: this editor, or (absent) elsewhere / the version loaded. */
        const mine = new Set<string>();
        for (const op of ops) {
          const before = store.getState().doc;
          if (op.kind === 'edit') {
            try {
              store.dispatch(op.change.action, op.change.args as never, op.coalesce ? { coalesce: 'k' } : undefined);
            } catch (err) {
              if (!(err instanceof ActionError)) throw err;
            }
          } else if (op.kind === 'batch') {
            try {
              store.batch('Batch', () => {
                for (const c of op.changes) store.dispatch(c.action, c.args as never);
              });
            } catch (err) {
              if (!(err instanceof ActionError)) throw err;
            }
            // A batch whose changes cancel out (a location added and deleted) is no step.
            if (!deepEqual(store.getState().doc, before)) expect(store.getState().undoLabel).toBe('Batch');
          } else if (op.kind === 'remote') {
            const remote = op.changes.reduce(apply, before);
            store.applyRemote(remote);
            for (const k of changed(before, remote)) mine.delete(k);
            continue;
          } else {
            if (op.kind === 'undo') store.undo();
            else store.redo();
            const touched = [...changed(before, store.getState().doc)];
            // Only what this editor changed last may change; new items (a restored location under a new id) may appear.
            const theirs = touched.filter((k) => !mine.has(k) && cells(before).has(k));
            expect(theirs, `${op.kind} changed ${theirs.join(', ')}`).toEqual([]);
          }
          for (const k of changed(before, store.getState().doc)) mine.add(k);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('an undo after a silent merge keeps the other tab’s location (the reported case)', () => {
    const store = createEditorStore(start());
    store.dispatch(updateLocation, { id: 'a', patch: { title: 'Mine' } });
    // Another tab added "d"; the merge puts it in the store without an undo step.
    store.applyRemote(addLocation.perform(store.getState().doc, { id: 'd', coord: [0.9, 0.9], title: 'Theirs' }));
    expect(store.getState().undoLabel).toBe('Edit location: Room a (title)');
    expect(store.undo()).toBe(true);
    const doc = store.getState().doc;
    expect(doc.locations.find((l) => l.id === 'a')!.title).toBe('Room a');
    expect(doc.locations.find((l) => l.id === 'd')).toMatchObject({ title: 'Theirs' });
    expect(store.undo()).toBe(false);
    expect(store.getState().doc.locations.some((l) => l.id === 'd')).toBe(true);
  });

  it('undo of an edit restores the field only while it still has this editor’s value', () => {
    const store = createEditorStore(start());
    store.dispatch(updateLocation, { id: 'a', patch: { title: 'Mine' } });
    store.dispatch(moveLocations, { ids: ['a'], by: [0.1, 0.1] });
    const moved = store.getState().doc.locations[0]!.coord;
    store.applyRemote(updateLocation.perform(store.getState().doc, { id: 'a', patch: { title: 'Theirs' } }));
    // The move is undone; the title is theirs now, so undoing "Mine" has nothing left and is skipped.
    expect(store.undo()).toBe(true);
    expect(store.getState().doc.locations[0]!.coord).not.toEqual(moved);
    expect(store.undo()).toBe(false);
    expect(store.getState().doc.locations[0]!.title).toBe('Theirs');
    // Redo moves it again, on top of their title.
    expect(store.redo()).toBe(true);
    expect(store.getState().doc.locations[0]).toMatchObject({ title: 'Theirs', coord: moved });
  });

  it('undo of an added location keeps it when another tab changed it since', () => {
    const store = createEditorStore(start());
    store.dispatch(addLocation, { id: 'd', coord: [0.5, 0.5], title: 'New' });
    store.applyRemote(updateLocation.perform(store.getState().doc, { id: 'd', patch: { title: 'Renamed there' } }));
    expect(store.undo()).toBe(false);
    expect(store.getState().doc.locations.find((l) => l.id === 'd')!.title).toBe('Renamed there');
  });

  it('undo leaves a location another tab renamed, even back to the title an older step of this editor gave it', () => {
    const store = createEditorStore(start());
    store.dispatch(addLocation, { id: 'e', coord: [0, 0.5], title: 'Shop' });
    store.applyRemote(deleteLocations.perform(store.getState().doc, { ids: ['e'] }));
    store.dispatch(addLocation, { id: 'e', coord: [0, 0.5], title: 'Bakery' });
    store.applyRemote(updateLocation.perform(store.getState().doc, { id: 'e', patch: { title: 'Shop' } }));
    // Both adds of "e" were touched elsewhere since (removed, then renamed): neither is this editor's to undo.
    expect(store.undo()).toBe(false);
    expect(store.getState().doc.locations.find((l) => l.id === 'e')).toMatchObject({ title: 'Shop' });
  });

  it('names the step undo will revert: a step replaced elsewhere leaves the history at once', () => {
    const store = createEditorStore(start());
    store.dispatch(moveLocations, { ids: ['b'], by: [0.1, 0] });
    store.dispatch(updateLocation, { id: 'a', patch: { title: 'Mine' } });
    expect(store.getState().undoLabel).toBe('Edit location: Room a (title)');
    store.applyRemote(updateLocation.perform(store.getState().doc, { id: 'a', patch: { title: 'Theirs' } }));
    expect(store.getState().undoLabel).toBe('Move locations');
    store.applyRemote(moveLocations.perform(store.getState().doc, { ids: ['b'], by: [0, 0.1] }));
    // Nothing of this editor's is left, but Undo stays on once, to say why it does nothing.
    expect(store.getState()).toMatchObject({ canUndo: true, undoLabel: null });
    expect(store.undo()).toBe(false);
    expect(store.getState().canUndo).toBe(false);
    expect(store.getState().doc.locations.find((l) => l.id === 'a')!.title).toBe('Theirs');
  });

  it('turns Undo off when this editor undid everything itself, even after a step was replaced elsewhere', () => {
    const store = createEditorStore(start());
    store.dispatch(moveLocations, { ids: ['b'], by: [0.1, 0] });
    store.dispatch(updateLocation, { id: 'a', patch: { title: 'Mine' } });
    store.applyRemote(updateLocation.perform(store.getState().doc, { id: 'a', patch: { title: 'Theirs' } }));
    expect(store.undo()).toBe(true);
    expect(store.getState()).toMatchObject({ canUndo: false, canRedo: true, redoLabel: 'Move locations' });
  });

  it('redo leaves what another tab changed since the undo', () => {
    const store = createEditorStore(start());
    store.dispatch(updateLocation, { id: 'a', patch: { title: 'Mine' } });
    store.dispatch(moveLocations, { ids: ['b'], by: [0.1, 0] });
    store.undo();
    store.undo();
    store.applyRemote(updateLocation.perform(store.getState().doc, { id: 'a', patch: { title: 'Mine' } }));
    store.applyRemote(updateLocation.perform(store.getState().doc, { id: 'a', patch: { title: 'Room a' } }));
    // The title went elsewhere to "Mine" and back: redoing "Mine" would undo their change; the move is redone.
    expect(store.redo()).toBe(true);
    expect(store.getState().doc.locations.find((l) => l.id === 'a')!.title).toBe('Room a');
    expect(store.getState().doc.locations.find((l) => l.id === 'b')!.coord).toEqual([0.5, 0.2]);
    expect(store.redo()).toBe(false);
  });

  it('typing after a merge is a new step: undo does not take the merged change with it', () => {
    let t = 0;
    const store = createEditorStore(start(), () => t);
    store.dispatch(updateLocation, { id: 'a', patch: { title: 'M' } }, { coalesce: 'a:title' });
    store.applyRemote(updateLocation.perform(store.getState().doc, { id: 'b', patch: { title: 'Theirs' } }));
    t += 100;
    store.dispatch(updateLocation, { id: 'a', patch: { title: 'Mi' } }, { coalesce: 'a:title' });
    store.undo();
    store.undo();
    const doc = store.getState().doc;
    expect(doc.locations.find((l) => l.id === 'a')!.title).toBe('Room a');
    expect(doc.locations.find((l) => l.id === 'b')!.title).toBe('Theirs');
  });
});
