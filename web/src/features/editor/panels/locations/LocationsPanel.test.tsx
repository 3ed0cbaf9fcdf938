// @vitest-environment jsdom
// jsdom, not happy-dom, for colours read back from style as rgb() (docs/adr/106-happy-dom.md).
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { freeRoomsAtom, roomOfferAtom, selectionAtom } from '../../editor-state';
import { disposeHarnesses, docWithLocations, layOut, renderEditorPart } from '../../editor.fixtures';
import { Inspector } from '../Inspector';
import { LocationsPanel } from './LocationsPanel';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

const list = () => screen.getByRole('listbox', { name: 'Locations' });
const rows = () => within(list()).getAllByRole('option');
function row(title: string): HTMLElement {
  const found = rows().find((r) => r.querySelector('.vlist__title')?.textContent === title);
  if (!found) throw new Error(`No row "${title}"`);
  return found;
}
const ids = (doc: { locations: { id: string }[] }) => doc.locations.map((l) => l.id);
const announced = () => screen.getByTestId('reorder-announcer').textContent?.trim();

function setup(n = 10) {
  const doc = docWithLocations(n);
  doc.groups = [{ id: 'food', name: 'Food' }];
  const h = renderEditorPart(
    <>
      <LocationsPanel />
      <Inspector />
    </>,
    { doc },
  );
  return { ...h, selection: () => [...h.jotai.get(selectionAtom)] };
}

const pointer = { pointerId: 1, isPrimary: true, button: 0 };
/** Drags row `title` by its handle to the pointer position `y` (the list's top is at 100 px). */
function drag(title: string, y: number, finish: 'drop' | 'escape' = 'drop') {
  layOut([list()], () => 100, 400);
  const handle = within(row(title)).getByTitle('Drag to reorder');
  const start = handle.closest('[role=option]')!.getBoundingClientRect().top;
  fireEvent.pointerDown(handle, { ...pointer, clientY: start + 20 });
  fireEvent.pointerMove(window, { ...pointer, clientY: y });
  if (finish === 'drop') fireEvent.pointerUp(window, { ...pointer, clientY: y });
  else fireEvent.keyDown(window, { key: 'Escape' });
}

describe('LocationsPanel', () => {
  it('shows each location in the colour the map draws it: style, own colour, first coloured group, then the primary colour', () => {
    const doc = docWithLocations(5);
    doc.groups = [
      { id: 'plain', name: 'Plain' },
      { id: 'food', name: 'Food', color: '#e11d48' },
    ];
    doc.styles = [{ id: 'dept', markers: true, svg: true, normal: { fill: '#334155' }, hover: {}, active: {} }];
    doc.locations[0]!.groups = ['plain', 'food'];
    doc.locations[1]!.groups = ['food'];
    doc.locations[1]!.color = '#00aa00';
    doc.locations[2]!.groups = ['food'];
    doc.locations[2]!.style = 'dept';
    doc.settings.primaryColor = '#1476ff';
    renderEditorPart(<LocationsPanel />, { doc });
    const swatch = (title: string) => (row(title).querySelector('.vlist__swatch') as HTMLElement).style.background;
    expect(['Location 0', 'Location 1', 'Location 2', 'Location 3'].map(swatch)).toEqual([
      'rgb(225, 29, 72)',
      'rgb(0, 170, 0)',
      'rgb(51, 65, 85)',
      'rgb(20, 118, 255)',
    ]);
  });

  it('names each location’s layer after its id, and “Every layer” for one on all of them where the map has several', () => {
    const doc = docWithLocations(3);
    const layer = doc.layers[0]!;
    doc.layers = [
      { ...layer, id: 'ground', name: 'Ground floor' },
      { ...layer, id: 'first', name: 'First floor' },
    ];
    doc.locations[0]!.layer = 'ground';
    doc.locations[1]!.layer = 'first';
    doc.locations[2]!.layer = null;
    renderEditorPart(<LocationsPanel />, { doc });
    const line = (title: string) => row(title).querySelector('.vlist__title')!.nextElementSibling!.textContent;
    expect(['Location 0', 'Location 1', 'Location 2'].map(line)).toEqual([
      'a0 · Ground floor',
      'a1 · First floor',
      'a2 · Every layer',
    ]);
  });

  it('renders only the rows in view of 5,000 locations, each with its one drag handle', () => {
    setup(5000);
    const shown = rows();
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length).toBeLessThan(40);
    expect(within(list()).getAllByTitle('Drag to reorder')).toHaveLength(shown.length);
    expect((list().firstElementChild as HTMLElement).style.height).toBe(`${5000 * 44}px`);
  });

  it('searches titles and ids, says when nothing matches, and offers no reordering while searching', () => {
    setup();
    const search = screen.getByRole('searchbox', { name: 'Search locations' });
    fireEvent.change(search, { target: { value: 'location 7' } });
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(['a7']);
    expect(within(list()).queryByTitle('Drag to reorder')).toBeNull();
    fireEvent.change(search, { target: { value: 'a' } });
    expect(rows()).toHaveLength(10);
    expect(screen.getByText('Clear the search to reorder locations.')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nowhere' } });
    expect(screen.getByText('No location matches “nowhere”.')).toBeTruthy();
  });

  it('finds a location by what a visitor’s search finds it by: its group, its fields, its description, without accents', () => {
    const doc = docWithLocations(4);
    doc.groups = [{ id: 'sold', name: 'Sold' }];
    Object.assign(doc.locations[0]!, { title: 'Lot 1', groups: ['sold'] });
    Object.assign(doc.locations[1]!, { title: 'Lot 2', fields: { area: '480 m²' } });
    Object.assign(doc.locations[2]!, { title: 'Café Lumière', desc: '<p>Open <b>terrace</b></p>' });
    renderEditorPart(<LocationsPanel />, { doc });
    const search = screen.getByRole('searchbox', { name: 'Search locations' });
    const found = (value: string) => {
      fireEvent.change(search, { target: { value } });
      return rows().map((r) => r.getAttribute('data-id'));
    };
    expect(found('sold')).toEqual(['a0']);
    expect(found('480')).toEqual(['a1']);
    expect(found('terrace')).toEqual(['a2']);
    expect(found('cafe lumiere')).toEqual(['a2']);
    // Every word must be found, in any order.
    expect(found('lot sold')).toEqual(['a0']);
  });

  it('selects a row on click and shows it on the map, adds with Ctrl, and selects a range with Shift', () => {
    const h = setup();
    fireEvent.click(row('Location 2'));
    expect(h.selection()).toEqual(['a2']);
    expect(h.revealed).toEqual(['a2']);
    expect(screen.getByRole('form', { name: 'Location Location 2' })).toBeTruthy();
    fireEvent.click(row('Location 5'), { ctrlKey: true });
    expect(h.selection()).toEqual(['a2', 'a5']);
    fireEvent.click(row('Location 4'), { shiftKey: true });
    expect(h.selection().sort()).toEqual(['a4', 'a5']);
    fireEvent.click(row('Location 1'), { shiftKey: true });
    expect(h.selection().sort()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(screen.getByRole('heading', { name: '5 locations selected' })).toBeTruthy();
  });

  it('edits every selected location at once, and one undo reverts them all', () => {
    const h = setup();
    fireEvent.click(row('Location 1'));
    fireEvent.click(row('Location 3'), { shiftKey: true });
    fireEvent.change(screen.getByLabelText('Add to group'), { target: { value: 'food' } });
    expect(
      h
        .doc()
        .locations.filter((l) => l.groups?.includes('food'))
        .map((l) => l.id),
    ).toEqual(['a1', 'a2', 'a3']);
    fireEvent.click(screen.getByRole('button', { name: 'Hide from directory' }));
    expect(
      h
        .doc()
        .locations.filter((l) => l.hide)
        .map((l) => l.id),
    ).toEqual(['a1', 'a2', 'a3']);
    act(() => void h.store.undo());
    expect(h.doc().locations.some((l) => l.hide)).toBe(false);
    act(() => void h.store.undo());
    expect(h.doc().locations.some((l) => l.groups)).toBe(false);
  });

  it('deletes the selection in one step that undo brings back', () => {
    const h = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(h.selection()).toHaveLength(10);
    fireEvent.click(within(list().closest('.vlist-frame')!.parentElement!).getByRole('button', { name: 'Delete 10' }));
    expect(h.doc().locations).toHaveLength(0);
    expect(h.selection()).toEqual([]);
    expect(screen.getByText(/No locations yet/)).toBeTruthy();
    act(() => void h.store.undo());
    expect(h.doc().locations).toHaveLength(10);
    expect(rows()).toHaveLength(10);
  });

  it('moves a dragged row to where it is dropped, as one undoable step, showing the drop line on the way', () => {
    const h = setup();
    layOut([list()], () => 100, 400);
    const handle = within(row('Location 0')).getByTitle('Drag to reorder');
    fireEvent.pointerDown(handle, { ...pointer, clientY: 120 });
    // 3 rows and a bit more than half of the fourth down: the gap after the fourth row.
    fireEvent.pointerMove(window, { ...pointer, clientY: 100 + 3 * 44 + 30 });
    const line = list().querySelector<HTMLElement>('.vlist__drop');
    expect(line?.style.top).toBe(`${4 * 44}px`);
    expect(row('Location 0').className).toContain('is-dragged');
    expect(ids(h.doc())).toEqual(ids(docWithLocations(10)));
    fireEvent.pointerUp(window, { ...pointer, clientY: 100 + 3 * 44 + 30 });
    expect(ids(h.doc()).slice(0, 5)).toEqual(['a1', 'a2', 'a3', 'a0', 'a4']);
    expect(list().querySelector('.vlist__drop')).toBeNull();
    expect(announced()).toBe('Moved “Location 0” to position 4 of 10.');
    expect(h.store.getState().undoLabel).toBe('Reorder locations');
    act(() => void h.store.undo());
    expect(ids(h.doc())).toEqual(ids(docWithLocations(10)));
    expect(h.store.getState().canUndo).toBe(false);
  });

  it('moves nothing when a drag is dropped on its own place or cancelled with Escape', () => {
    const h = setup();
    drag('Location 3', 100 + 3 * 44 + 10);
    drag('Location 3', 100 + 4 * 44 + 10);
    expect(list().querySelector('.vlist__drop')).toBeNull();
    drag('Location 3', 100 + 8 * 44, 'escape');
    expect(list().querySelector('.vlist__drop')).toBeNull();
    fireEvent.pointerUp(window, { ...pointer, clientY: 100 + 8 * 44 });
    expect(ids(h.doc())).toEqual(ids(docWithLocations(10)));
    expect(h.store.getState().canUndo).toBe(false);
  });

  it('works from the keyboard: arrows select, Shift extends, Alt+Arrow moves and is announced', () => {
    const h = setup();
    const box = list();
    act(() => box.focus());
    expect(box.getAttribute('aria-activedescendant')).toBe(row('Location 0').id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(h.selection()).toEqual(['a1']);
    expect(box.getAttribute('aria-activedescendant')).toBe(row('Location 1').id);
    fireEvent.keyDown(box, { key: 'ArrowDown', shiftKey: true });
    expect(h.selection()).toEqual(['a1', 'a2']);
    fireEvent.keyDown(box, { key: 'Home' });
    expect(h.selection()).toEqual(['a0']);
    fireEvent.keyDown(box, { key: 'ArrowDown', altKey: true });
    expect(ids(h.doc()).slice(0, 3)).toEqual(['a1', 'a0', 'a2']);
    expect(announced()).toBe('Moved “Location 0” to position 2 of 10.');
    fireEvent.keyDown(box, { key: 'ArrowUp', altKey: true });
    fireEvent.keyDown(box, { key: 'ArrowUp', altKey: true });
    expect(ids(h.doc()).slice(0, 2)).toEqual(['a0', 'a1']);
    expect(announced()).toBe('“Location 0” is already first.');
    fireEvent.keyDown(box, { key: 'End' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(h.revealed).toEqual(['a9']);
  });

  it('selects every row listed with Ctrl/⌘+A in the list: those the search finds, not the page’s text', () => {
    const h = setup(12);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search locations' }), { target: { value: 'Location 1' } });
    const box = list();
    act(() => box.focus());
    const chord = fireEvent.keyDown(box, { key: 'a', ctrlKey: true });
    expect(chord).toBe(false); // the browser's select-all of the page is prevented
    expect(h.selection().sort()).toEqual(['a1', 'a10', 'a11']);
    expect(announced()).toBe('3 locations selected.');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(h.selection()).toEqual(['a10']);
    fireEvent.keyDown(box, { key: 'A', metaKey: true, shiftKey: true }); // another chord: nothing selected
    expect(h.selection()).toEqual(['a10']);
  });

  it('keeps the row buttons for the pointer, moving the one selected location, outside its option', () => {
    const h = setup();
    const move = (name: string) => {
      const button = screen.getByRole('button', { name, hidden: true });
      // An option holds no interactive content (axe nested-interactive), and a listbox holds only options.
      expect(button.closest('[role=option]')).toBeNull();
      expect(button.closest('[role=listbox]')).toBeNull();
      return button;
    };
    fireEvent.click(row('Location 4'));
    fireEvent.click(move('Move Location 4 up'));
    expect(ids(h.doc()).slice(3, 5)).toEqual(['a4', 'a3']);
    fireEvent.click(row('Location 0'));
    const up = move('Move Location 0 up');
    expect(up.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(up);
    expect(ids(h.doc())[0]).toBe('a0');
    expect(within(list()).queryAllByRole('button', { hidden: true })).toEqual([]);
  });
});

describe('the rooms of the floor in view without a location', () => {
  it('adds the rooms whose ids locations on another floor have under ids of their own, and Add all says which', () => {
    const doc = blankDocument({ layerId: 'floor-1' });
    doc.layers[0]!.name = 'Floor 1';
    doc.layers.push({ id: 'floor-2', name: 'Floor 2', file: '' });
    doc.locations = [
      { id: 'lift', title: 'Lift', layer: 'floor-1', type: 'hidden' },
      { id: 'stairs', title: 'Stairs', layer: 'floor-1', type: 'hidden' },
    ];
    const h = renderEditorPart(<LocationsPanel />, { doc });
    // As the canvas offers floor 2's rooms (CanvasRooms): those whose ids floor 1's locations have name their shape.
    act(() => {
      h.jotai.set(freeRoomsAtom, [
        { id: 'm201', title: 'Meeting 2.01', coord: [0.2, 0.2], layer: 'floor-2', type: 'hidden' },
        { id: 'lift-2', title: 'Lift', coord: [0.4, 0.2], layer: 'floor-2', type: 'hidden', shape: 'lift' },
        { id: 'stairs-2', title: 'Stairs', coord: [0.6, 0.2], layer: 'floor-2', type: 'hidden', shape: 'stairs' },
      ]);
      h.jotai.set(roomOfferAtom, 'lift-2');
    });
    expect(screen.queryByRole('group', { name: 'Rooms that cannot be added' })).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Rooms without a location' }))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.vlist__meta')!.textContent),
    ).toEqual(['m201', 'lift · as lift-2', 'stairs · as stairs-2']);
    expect(screen.getByRole('group', { name: 'Room without a location' }).textContent).toContain(
      'The room “Lift” (lift) has no location. A location on another floor has its id, so it would be lift-2.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add all 3 as locations' }));
    expect(ids(h.doc())).toEqual(['lift', 'stairs', 'm201', 'lift-2', 'stairs-2']);
    expect(h.doc().locations.slice(3)).toMatchObject([
      { layer: 'floor-2', shape: 'lift' },
      { layer: 'floor-2', shape: 'stairs' },
    ]);
    expect(announced()).toBe(
      'Added 3 rooms as locations. 2 of them have ids of their own, as locations on other floors have their ' +
        'shapes’ ids: lift-2 for lift and stairs-2 for stairs.',
    );
  });

  it('says of one room added under an id of its own which shape it stands for', () => {
    const doc = blankDocument({ layerId: 'floor-1' });
    doc.layers.push({ id: 'floor-2', name: 'Floor 2', file: '' });
    doc.locations = [{ id: 'lift', title: 'Lift', layer: 'floor-1', type: 'hidden' }];
    const h = renderEditorPart(<LocationsPanel />, { doc });
    act(() => {
      h.jotai.set(freeRoomsAtom, [
        { id: 'lift-2', title: 'Lift', coord: [0.4, 0.2], layer: 'floor-2', type: 'hidden', shape: 'lift' },
      ]);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add it as a location' }));
    expect(h.doc().locations[1]).toMatchObject({ id: 'lift-2', shape: 'lift' });
    expect(announced()).toBe(
      'Added “Lift” as a location. A location on another floor has the id lift, so this one is lift-2 and stands ' +
        'for this floor’s lift.',
    );
  });
});
