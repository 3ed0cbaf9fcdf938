import { describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { addLocation, moveLocation, updateLocation } from './actions/locations';
import { COALESCE_MS, createEditorStore, HISTORY_LIMIT } from './store';

describe('editor store', () => {
  it('applies actions, notifies subscribers and undoes and redoes them', () => {
    const start = blankDocument();
    const store = createEditorStore(start);
    const seen: number[] = [];
    const off = store.subscribe((s) => seen.push(s.doc.locations.length));
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    store.dispatch(moveLocation, { id: 'a', coord: [0.5, 0.5] });
    expect(store.getState()).toMatchObject({ canUndo: true, canRedo: false, undoLabel: 'Move location: Location 1' });
    expect(store.undo()).toBe(true);
    expect(store.getState().doc.locations[0]!.coord).toEqual([0.1, 0.1]);
    expect(store.undo()).toBe(true);
    expect(store.getState().doc).toBe(start);
    expect(store.undo()).toBe(false);
    expect(store.redo()).toBe(true);
    expect(store.redo()).toBe(true);
    expect(store.getState().doc.locations[0]!.coord).toEqual([0.5, 0.5]);
    expect(store.getState().canRedo).toBe(false);
    off();
    store.undo();
    expect(seen).toEqual([1, 1, 1, 0, 1, 1]);
  });

  it('changes nothing when an action throws', () => {
    const store = createEditorStore(blankDocument());
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    const before = store.getState();
    expect(() => store.dispatch(addLocation, { id: 'a', coord: [0.2, 0.2] })).toThrow();
    expect(store.getState()).toBe(before);
  });

  it('merges quick edits with the same coalesce key into one undo step', () => {
    let t = 0;
    const store = createEditorStore(blankDocument(), () => t);
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1], title: '' });
    for (const title of ['H', 'He', 'Hey']) {
      t += 100;
      store.dispatch(updateLocation, { id: 'a', patch: { title } }, { coalesce: 'a:title' });
    }
    t += COALESCE_MS + 1;
    store.dispatch(updateLocation, { id: 'a', patch: { title: 'Hey!' } }, { coalesce: 'a:title' });
    store.undo();
    expect(store.getState().doc.locations[0]!.title).toBe('Hey');
    store.undo();
    expect(store.getState().doc.locations[0]!.title).toBe('');
  });

  it('clears redo after a new edit, and reset empties the history', () => {
    const store = createEditorStore(blankDocument());
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    store.undo();
    store.dispatch(addLocation, { id: 'b', coord: [0.1, 0.1] });
    expect(store.getState().canRedo).toBe(false);
    store.reset(blankDocument());
    expect(store.getState()).toMatchObject({ canUndo: false, canRedo: false });
  });

  it(`keeps at most ${HISTORY_LIMIT} undo steps`, () => {
    const store = createEditorStore(blankDocument());
    store.dispatch(addLocation, { id: 'a', coord: [0, 0] });
    for (let i = 1; i <= HISTORY_LIMIT + 10; i++) store.dispatch(moveLocation, { id: 'a', coord: [i / 1000, 0] });
    let n = 0;
    while (store.undo()) n++;
    expect(n).toBe(HISTORY_LIMIT);
  });
});

describe('store.batch', () => {
  it('makes one undo step of a user action over many items, under its own label', () => {
    const store = createEditorStore(blankDocument());
    store.batch('Add locations', () => {
      for (const id of ['a', 'b', 'c']) store.dispatch(addLocation, { id, coord: [0.1, 0.1] });
      // The document inside the batch is the one built so far.
      expect(store.getState().doc.locations).toHaveLength(3);
    });
    expect(store.getState()).toMatchObject({ undoLabel: 'Add locations', canUndo: true });
    expect(store.undo()).toBe(true);
    expect(store.getState().doc.locations).toHaveLength(0);
    expect(store.getState().canUndo).toBe(false);
    expect(store.redo()).toBe(true);
    expect(store.getState().doc.locations).toHaveLength(3);
  });

  it('changes nothing when a step inside it fails, and a batch inside a batch joins it', () => {
    const store = createEditorStore(blankDocument());
    const start = store.getState().doc;
    expect(() =>
      store.batch('Add', () => {
        store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
        store.batch('Inner', () => store.dispatch(addLocation, { id: 'b', coord: [0.1, 0.1] }));
        store.dispatch(addLocation, { id: 'a', coord: [0.2, 0.2] });
      }),
    ).toThrow(/already/i);
    expect(store.getState()).toMatchObject({ doc: start, canUndo: false });
    store.batch('Add two', () => {
      store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
      store.batch('Inner', () => store.dispatch(addLocation, { id: 'b', coord: [0.1, 0.1] }));
    });
    expect(store.getState().undoLabel).toBe('Add two');
    store.undo();
    expect(store.getState()).toMatchObject({ doc: start, canUndo: false });
  });

  it('a batch that changes nothing adds no step', () => {
    const store = createEditorStore(blankDocument());
    store.batch('Nothing', () => undefined);
    expect(store.getState().canUndo).toBe(false);
  });

  it('records no step for an edit that changes nothing: one title edit is one Undo, and then nothing is left', () => {
    let t = 0;
    const store = createEditorStore(blankDocument(), () => t);
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1], title: 'Cafe' });
    t += COALESCE_MS + 1;
    store.dispatch(updateLocation, { id: 'a', patch: { title: 'Bakery' } }, { coalesce: 'a:title' });
    // The field commits the same title again (on leaving it, a moment later): a new document, the same map.
    t += COALESCE_MS + 1;
    const before = store.getState();
    store.dispatch(updateLocation, { id: 'a', patch: { title: 'Bakery' } }, { coalesce: 'a:title' });
    expect(store.getState()).toBe(before);
    expect(store.undo()).toBe(true);
    expect(store.getState().doc.locations[0]!.title).toBe('Cafe');
    expect(store.getState().undoLabel).toBe('Add location');
  });

  it('records no step for typing that ends where it began, nor for a batch whose edits cancel out', () => {
    let t = 0;
    const store = createEditorStore(blankDocument(), () => t);
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1], title: 'Cafe' });
    t += COALESCE_MS + 1;
    for (const title of ['Caf', 'Cafe']) {
      t += 100;
      store.dispatch(updateLocation, { id: 'a', patch: { title } }, { coalesce: 'a:title' });
    }
    store.batch('Move and back', () => {
      store.dispatch(moveLocation, { id: 'a', coord: [0.5, 0.5] });
      store.dispatch(moveLocation, { id: 'a', coord: [0.1, 0.1] });
    });
    expect(store.getState().undoLabel).toBe('Add location');
    expect(store.undo()).toBe(true);
    expect(store.getState()).toMatchObject({ canUndo: false });
    expect(store.getState().doc.locations).toEqual([]);
  });

  it('undoes over a change from elsewhere leaving every location the undo does not change as the editor has it', () => {
    const start = blankDocument();
    start.locations = ['a', 'b', 'c'].map((id, i) => ({ id, title: id, coord: [i / 4, 0.5] as [number, number] }));
    const store = createEditorStore(start);
    store.dispatch(updateLocation, { id: 'a', patch: { title: 'Mine' } });
    // Another tab's version, read from JSON: equal where nobody changed it, but none of it the same objects.
    const remote = structuredClone(store.getState().doc);
    remote.locations[2]!.title = 'Theirs';
    store.applyRemote(remote);
    expect(store.undo()).toBe(true);
    const after = store.getState().doc;
    expect(after.locations.map((l) => l.title)).toEqual(['a', 'b', 'Theirs']);
    expect(after.locations[1]).toBe(remote.locations[1]);
    expect(after.locations[2]).toBe(remote.locations[2]);
    expect(after.settings).toBe(remote.settings);
    expect(after.layers).toBe(remote.layers);
  });
});
