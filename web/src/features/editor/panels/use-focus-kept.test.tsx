/**
 * A keyboard user who deletes or duplicates a location from the inspector, or adds a floor plan's rooms, keeps their
 * place in the editor: the button they pressed goes away, and focus goes to the locations list or the new form's
 * heading, never to the page's body (the top of the page, said as nothing).
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { freeRoomsAtom, selectionAtom } from '../editor-state';
import { disposeHarnesses, docWithLocations, renderEditorPart } from '../editor.fixtures';
import { Inspector } from './Inspector';
import { SidePanel } from './SidePanel';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

function setup() {
  const h = renderEditorPart(
    <div className="editor">
      <aside className="editor__side">
        <div role="listbox" aria-label="Locations" tabIndex={0} />
      </aside>
      <button type="button">Elsewhere</button>
      <Inspector />
    </div>,
    { doc: docWithLocations(3) },
  );
  act(() => h.jotai.set(selectionAtom, new Set(['a1'])));
  return h;
}

/** Presses a button of the inspector from the keyboard (it has focus), and lets the page settle. */
async function press(name: string) {
  const button = within(screen.getByRole('form')).getByRole('button', { name });
  button.focus();
  await act(async () => button.click());
}

describe('focus in the editor when the inspector’s form goes away', () => {
  it('goes to the locations list after Delete', async () => {
    const h = setup();
    await press('Delete');
    expect(h.doc().locations.map((l) => l.id)).toEqual(['a0', 'a2']);
    expect(document.activeElement).toBe(screen.getByRole('listbox', { name: 'Locations' }));
  });

  it('goes to the copy’s heading after Duplicate', async () => {
    const h = setup();
    await press('Duplicate');
    expect(h.doc().locations).toHaveLength(4);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
    expect(screen.getByRole('form').contains(document.activeElement)).toBe(true);
  });

  it('stays where it is when it had moved on before the form went away', async () => {
    const h = setup();
    within(screen.getByRole('form')).getByRole('button', { name: 'Delete' }).focus();
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    await act(async () => h.jotai.set(selectionAtom, new Set()));
    expect(screen.getByRole('heading', { name: 'Nothing selected' })).toBeTruthy();
    expect(document.activeElement).toBe(elsewhere);
  });
});

describe('focus in the editor when a button of the side panel goes away', () => {
  it('goes to the locations list after the floor plan’s rooms are added', async () => {
    const h = renderEditorPart(
      <div className="editor">
        <SidePanel />
      </div>,
      { doc: docWithLocations(1) },
    );
    const rooms = [
      { id: 'kitchen', title: 'Kitchen', coord: [0.2, 0.2] as [number, number], type: 'hidden' as const },
      { id: 'wc', title: 'Toilets', coord: [0.6, 0.2] as [number, number], type: 'hidden' as const },
    ];
    act(() => h.jotai.set(freeRoomsAtom, rooms));
    const addAll = screen.getByRole('button', { name: 'Add all 2 as locations' });
    addAll.focus();
    await act(async () => {
      addAll.click();
      // The canvas finds the rooms linked now, and the offer goes with its button.
      h.jotai.set(freeRoomsAtom, []);
    });
    expect(h.doc().locations.map((l) => l.id)).toEqual(['a0', 'kitchen', 'wc']);
    expect(document.activeElement).toBe(screen.getByRole('listbox', { name: 'Locations' }));
  });
});
