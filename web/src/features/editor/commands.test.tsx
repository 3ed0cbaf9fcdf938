import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { updateLocation } from './actions/locations';
import { registeredCommands, useCommandKeys } from './commands';
import { selectionAtom, toolAtom } from './editor-state';
import { disposeHarnesses, docWithLocations, renderEditorPart } from './editor.fixtures';
import { ToolGroup } from './Toolbar';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

function Keys() {
  useCommandKeys();
  return <div className="mn-viewport" tabIndex={0} data-testid="canvas" />;
}

const setup = () =>
  renderEditorPart(
    <>
      <ToolGroup />
      <Keys />
    </>,
    { doc: docWithLocations(3) },
  );
const key = (k: string, init: KeyboardEventInit = {}) =>
  act(() => void fireEvent.keyDown(document.activeElement ?? document.body, { key: k, ...init }));

describe('editor commands', () => {
  it('registers every shortcut once, each with a label', () => {
    const names = [...registeredCommands().keys()];
    expect(names).toEqual(
      expect.arrayContaining(['undo', 'redo', 'save', 'deselect', 'tool.add', 'tool.select', 'selection.delete']),
    );
    for (const c of registeredCommands().values()) expect(c.label).not.toBe('');
  });

  it('runs the same command from its key and its button', () => {
    const h = setup();
    act(() => void h.store.dispatch(updateLocation, { id: 'a0', patch: { title: 'One' } }));
    act(() => void h.store.dispatch(updateLocation, { id: 'a0', patch: { title: 'Two' } }));
    key('z', { ctrlKey: true });
    expect(h.doc().locations[0]!.title).toBe('One');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.doc().locations[0]!.title).toBe('Location 0');
    key('z', { ctrlKey: true, shiftKey: true });
    expect(h.doc().locations[0]!.title).toBe('One');
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(h.doc().locations[0]!.title).toBe('Two');
    key('a');
    expect(h.jotai.get(toolAtom)).toBe('add');
    key('Escape');
    expect(h.jotai.get(toolAtom)).toBe('select');
  });

  it('deletes the selection in one undo step, and nudges it in one step while the arrow key repeats', () => {
    const h = setup();
    act(() => h.jotai.set(selectionAtom, new Set(['a0', 'a1', 'a2'])));
    const before = h.doc();
    act(() => screen.getByTestId('canvas').focus());
    key('ArrowRight');
    key('ArrowRight');
    key('ArrowDown', { shiftKey: true });
    const moved = h.doc();
    expect(moved.locations.map((l) => l.coord)).not.toEqual(before.locations.map((l) => l.coord));
    expect(h.store.getState().undoLabel).toBe('Move locations');
    h.store.undo();
    expect(h.doc()).toBe(before);
    h.store.redo();
    key('Delete');
    expect(h.doc().locations).toEqual([]);
    expect(h.jotai.get(selectionAtom).size).toBe(0);
    h.store.undo();
    expect(h.doc().locations).toHaveLength(3);
  });

  it('says so when every step left was replaced by changes from elsewhere', () => {
    const h = setup();
    act(() => void h.store.dispatch(updateLocation, { id: 'a0', patch: { title: 'Mine' } }));
    act(() => h.store.applyRemote(updateLocation.perform(h.doc(), { id: 'a0', patch: { title: 'Theirs' } })));
    key('z', { ctrlKey: true });
    expect(h.doc().locations[0]!.title).toBe('Theirs');
    expect(h.notices.at(-1)).toMatchObject({ kind: 'info', text: expect.stringMatching(/Nothing left to undo/) });
  });
});
