import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { disposeHarnesses, layOut, renderEditorPart } from '../editor.fixtures';
import { GroupsPanel } from './GroupsPanel';

afterEach(() => {
  cleanup();
  disposeHarnesses();
  vi.useRealTimers();
});

function mall(): MapDocument {
  const doc = blankDocument();
  doc.groups = [
    { id: 'food', name: 'Food' },
    { id: 'shops', name: 'Shops' },
    { id: 'staff', name: 'Staff', hide: true },
  ];
  doc.locations = [
    { id: 'a', title: 'Bakery', groups: ['food'], fields: { size: 'M' } },
    { id: 'b', title: 'Books', groups: ['shops', 'food'], fields: { size: 'S' } },
    { id: 'c', title: 'Café', fields: { size: 'L' } },
  ];
  return doc;
}

const groupList = () => screen.getByRole('list', { name: 'Groups' });
const filterList = () => screen.getByRole('list', { name: 'Filters' });
const card = (name: string) => screen.getByRole('listitem', { name });
const summary = () => screen.getByRole('note').textContent;
const announced = (list: HTMLElement) =>
  list.parentElement!.querySelector('[data-testid=reorder-announcer]')!.textContent?.trim();
const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
function edit(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
}

const pointer = { pointerId: 1, isPrimary: true, button: 0 };
/**
 * Drags card `name` of `list` by its handle to `y` and drops it there; cards are laid out 110 px
 * apart from y = 100, 100 px high. Returns where the drop line was just before the drop.
 */
function dragCard(list: HTMLElement, name: string, y: number) {
  layOut([...list.children], (i) => 100 + i * 110, 100);
  const handle = within(card(name)).getByTitle('Drag to reorder');
  fireEvent.pointerDown(handle, { ...pointer, clientY: card(name).getBoundingClientRect().top + 10 });
  fireEvent.pointerMove(window, { ...pointer, clientY: y });
  const marked = list.querySelector('[data-drop]');
  const line = marked && { card: marked.getAttribute('aria-label'), edge: marked.getAttribute('data-drop') };
  fireEvent.pointerUp(window, { ...pointer, clientY: y });
  expect(list.querySelector('[data-drop]')).toBeNull();
  return line;
}

describe('GroupsPanel: groups', () => {
  it('adds a group, and refuses a second one with the same name, saying so by the field', () => {
    const h = renderEditorPart(<GroupsPanel />, { doc: mall() });
    const input = screen.getByLabelText('New group name');
    fireEvent.change(input, { target: { value: 'Cafés & bars' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(h.doc().groups.at(-1)).toMatchObject({ id: 'cafes-bars', name: 'Cafés & bars' });
    expect((input as HTMLInputElement).value).toBe('');
    fireEvent.change(input, { target: { value: ' food ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(errorOf(input)).toBe('There is already a group named "Food"');
    expect(h.doc().groups).toHaveLength(4);
  });

  it('says the group added when Enter adds it, for a screen reader that hears nothing else of it', () => {
    renderEditorPart(<GroupsPanel />, { doc: mall() });
    const input = screen.getByLabelText('New group name') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Clinics' } });
    fireEvent.submit(input.form!);
    expect(announced(groupList())).toBe('Group “Clinics” added.');
    // A name refused is said by the field's error, not as added.
    fireEvent.change(input, { target: { value: 'food' } });
    fireEvent.submit(input.form!);
    expect(announced(groupList())).toBe('Group “Clinics” added.');
  });

  it('keeps a pasted group name too long whole, and adds nothing, saying why by the field', () => {
    const h = renderEditorPart(<GroupsPanel />, { doc: mall() });
    const input = screen.getByLabelText('New group name') as HTMLInputElement;
    // A maxLength would cut a paste in a browser, unseen (the test DOM does not apply it).
    expect(input.maxLength).toBe(-1);
    const long = 'Restaurants and cafés of the north wing '.repeat(3);
    fireEvent.change(input, { target: { value: long } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(input.value).toBe(long);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(input)).toMatch(/at most 100 characters/);
    expect(h.doc().groups).toHaveLength(3);
  });

  it('renames a group and its id, carrying the locations and filters along', () => {
    const doc = mall();
    doc.filters = [
      { id: 'cat', name: '', disable: false, type: 'groups', groups: ['food'], default: ['food'], match: 'any' },
    ];
    const h = renderEditorPart(<GroupsPanel />, { doc });
    edit(within(card('Food')).getByLabelText('Name'), 'Food court');
    expect(h.doc().groups[0]!.name).toBe('Food court');
    edit(within(card('Food court')).getByLabelText('Id'), 'eat');
    expect(h.doc().groups[0]!.id).toBe('eat');
    expect(h.doc().locations[1]!.groups).toEqual(['shops', 'eat']);
    expect(h.doc().filters[0]).toMatchObject({ groups: ['eat'], default: ['eat'] });
    expect(errorOf(edit(within(card('Food court')).getByLabelText('Id'), 'shops'))).toBe(
      'There is already a group with the id "shops"',
    );
    expect(errorOf(edit(within(card('Food court')).getByLabelText('Name'), '  '))).toBe('A group needs a name');
    expect(h.doc().groups[0]).toMatchObject({ id: 'eat', name: 'Food court' });
  });

  it('saves a name while it is typed without eating the space before the next word', () => {
    vi.useFakeTimers();
    const h = renderEditorPart(<GroupsPanel />, { doc: mall() });
    const name = within(card('Food')).getByLabelText('Name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Food ' } });
    act(() => void vi.advanceTimersByTime(400));
    expect(name.value).toBe('Food ');
    fireEvent.change(name, { target: { value: 'Food court' } });
    act(() => void vi.advanceTimersByTime(400));
    expect(h.doc().groups[0]!.name).toBe('Food court');
    act(() => void h.store.undo());
    expect(h.doc().groups[0]!.name).toBe('Food');
  });

  it('deletes a group, says what it was taken off, and undo brings it all back', () => {
    const h = renderEditorPart(<GroupsPanel />, { doc: mall() });
    const before = h.doc();
    fireEvent.click(within(card('Food')).getByRole('button', { name: 'Delete' }));
    expect(h.doc().groups.map((g) => g.id)).toEqual(['shops', 'staff']);
    expect(h.doc().locations.map((l) => l.groups)).toEqual([undefined, ['shops'], undefined]);
    expect(h.notices.at(-1)).toEqual({
      kind: 'info',
      text: 'Deleted the group “Food”, and took it off 2 locations. Undo brings it back.',
    });
    act(() => void h.store.undo());
    expect(h.doc()).toBe(before);
  });

  it('reorders groups by drag, by buttons and by Alt+Arrow keys, announcing each move', () => {
    const h = renderEditorPart(<GroupsPanel />, { doc: mall() });
    const order = () => h.doc().groups.map((g) => g.id);
    // Past the middle of the third card (370): the end of the list.
    const line = dragCard(groupList(), 'Food', 380);
    expect(line).toEqual({ card: 'Staff', edge: 'after' });
    expect(order()).toEqual(['shops', 'staff', 'food']);
    expect(announced(groupList())).toBe('Moved “Food” to position 3 of 3.');
    act(() => void h.store.undo());
    expect(order()).toEqual(['food', 'shops', 'staff']);

    fireEvent.click(within(card('Staff')).getByRole('button', { name: 'Move Staff up' }));
    expect(order()).toEqual(['food', 'staff', 'shops']);
    const down = within(card('Food')).getByRole('button', { name: 'Move Food down' });
    down.focus();
    fireEvent.keyDown(down, { key: 'ArrowDown', altKey: true });
    expect(order()).toEqual(['staff', 'food', 'shops']);
    expect(announced(groupList())).toBe('Moved “Food” to position 2 of 3.');
    expect(document.activeElement).toBe(down);
    // Alt+Arrow in a text field moves the caret, not the card.
    fireEvent.keyDown(within(card('Food')).getByLabelText('Name'), { key: 'ArrowDown', altKey: true });
    expect(order()).toEqual(['staff', 'food', 'shops']);
    const up = within(card('Staff')).getByRole('button', { name: 'Move Staff up' });
    expect(up.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(up);
    expect(order()).toEqual(['staff', 'food', 'shops']);
  });
});

describe('GroupsPanel: filters', () => {
  it('says which filters the directory offers as filters are added, turned off and reordered', () => {
    const h = renderEditorPart(<GroupsPanel />, { doc: mall() });
    expect(summary()).toBe(
      'With no filters of its own, the directory offers the 2 visible groups as “Categories” tags.',
    );
    fireEvent.click(screen.getByRole('button', { name: '+ Group tags' }));
    // Unnamed, so visitors read "Categories" in the map's language, not the editor's English.
    expect(h.doc().filters[0]).toMatchObject({ type: 'groups', name: '' });
    fireEvent.click(screen.getByRole('button', { name: '+ Checkbox' }));
    expect(summary()).toBe('The directory offers, in this order: Categories (group tags), Checkbox (checkbox).');
    fireEvent.click(within(card('Categories (Group tags)')).getByLabelText('Off (not offered to visitors)'));
    expect(summary()).toBe('The directory offers, in this order: Checkbox (checkbox). One filter is off.');
    fireEvent.click(within(card('Checkbox (Checkbox)')).getByRole('button', { name: 'Move Checkbox up' }));
    expect(h.doc().filters.map((f) => f.id)).toEqual(['checkbox', 'categories']);
    fireEvent.click(screen.getByLabelText('Offer filters in the directory'));
    expect(summary()).toBe('Filters are off: the directory offers search only.');
  });

  it('edits a group filter: groups offered, groups picked at start, and how they combine', () => {
    const h = renderEditorPart(<GroupsPanel />, { doc: mall() });
    fireEvent.click(screen.getByRole('button', { name: '+ Group tags' }));
    const c = card('Categories (Group tags)');
    const offered = within(c).getByRole('group', { name: /Groups offered/ });
    const picked = () => within(c).getByRole('group', { name: 'Picked when the map opens' });
    // Nothing ticked offers every visible group, so those are the ones that can be picked.
    expect(
      within(picked())
        .getAllByRole('checkbox')
        .map((b) => b.parentElement!.textContent),
    ).toEqual(['Food', 'Shops']);
    fireEvent.click(within(picked()).getByLabelText('Shops'));
    fireEvent.click(within(picked()).getByLabelText('Food'));
    expect(h.doc().filters[0]).toMatchObject({ groups: [], default: ['shops', 'food'] });
    fireEvent.click(within(offered).getByLabelText('Food'));
    // Offering only Food: a preselected Shops could not be unticked by a visitor, so it goes.
    expect(h.doc().filters[0]).toMatchObject({ groups: ['food'], default: ['food'] });
    expect(within(picked()).getAllByRole('checkbox')).toHaveLength(1);
    fireEvent.change(within(c).getByLabelText('A location passes when it is in'), { target: { value: 'all' } });
    expect(h.doc().filters[0]).toMatchObject({ match: 'all' });
    expect(within(offered).getByText('(hidden: never offered)')).toBeTruthy();
  });

  it('edits a checkbox filter and refuses a nameless one, an unknown field and a number test without a number', () => {
    const h = renderEditorPart(<GroupsPanel />, { doc: mall() });
    fireEvent.click(screen.getByRole('button', { name: '+ Checkbox' }));
    const c = () => card(`${h.doc().filters[0]!.name || 'checkbox'} (Checkbox)`);
    expect(h.doc().filters[0]).toMatchObject({ type: 'checkbox', condition: { field: 'fields.size', op: 'notEmpty' } });
    const before = h.doc();
    const name = edit(within(c()).getByLabelText('Name'), '');
    expect(errorOf(name)).toBe('A checkbox needs a name: visitors see it next to the box');
    const field = edit(within(c()).getByLabelText('When ticked, show locations whose field'), 'price');
    expect(errorOf(field)).toMatch(
      /^Filter "checkbox" \(condition.field\): Must be one of "id", "title", .* or "fields.<key>"$/,
    );
    fireEvent.change(within(c()).getByLabelText('Condition'), { target: { value: 'gt' } });
    expect(errorOf(within(c()).getByLabelText('Condition'))).toBe(
      '“is more than” compares numbers: enter a number as the value',
    );
    expect(h.doc()).toBe(before);

    fireEvent.keyDown(name, { key: 'Escape' });
    edit(within(c()).getByLabelText('Name'), 'Large units');
    edit(within(c()).getByLabelText('When ticked, show locations whose field'), 'fields.size');
    fireEvent.change(within(c()).getByLabelText('Condition'), { target: { value: 'equals' } });
    edit(within(c()).getByLabelText('Value'), 'L');
    fireEvent.click(within(c()).getByLabelText('Ticked when the map opens'));
    expect(h.doc().filters[0]).toMatchObject({
      name: 'Large units',
      condition: { field: 'fields.size', op: 'equals', value: 'L' },
      default: true,
    });
    fireEvent.change(within(c()).getByLabelText('Condition'), { target: { value: 'empty' } });
    expect(within(c()).queryByLabelText('Value')).toBeNull();
  });

  it('edits a dropdown filter: options by line with their errors, the preselected choice and filling from the map', () => {
    const h = renderEditorPart(<GroupsPanel />, { doc: mall() });
    fireEvent.click(screen.getByRole('button', { name: '+ Dropdown' }));
    const c = () => card('Layer (Dropdown)');
    expect(h.doc().filters[0]).toMatchObject({ field: 'layer', options: [{ value: 'layer-1', label: 'Floor 1' }] });
    const before = h.doc();
    const options = within(c()).getByLabelText('Options (value or value=Label, one per line)');
    expect(errorOf(edit(options, 'S\nS=Small'))).toBe('Line 2: “S” is already an option (line 1)');
    expect(errorOf(edit(options, '\n\n'))).toBe('A dropdown needs at least one option');
    expect(h.doc()).toBe(before);

    edit(within(c()).getByLabelText('Field'), 'fields.size');
    edit(within(c()).getByLabelText('Options (value or value=Label, one per line)'), 'S=Small\nM=Medium\n');
    expect(h.doc().filters[0]).toMatchObject({
      field: 'fields.size',
      options: [
        { value: 'S', label: 'Small' },
        { value: 'M', label: 'Medium' },
      ],
    });
    fireEvent.change(within(c()).getByLabelText('Chosen when the map opens'), { target: { value: 'M' } });
    expect(h.doc().filters[0]).toMatchObject({ default: 'M' });
    fireEvent.click(within(c()).getByRole('button', { name: 'Fill options from the map' }));
    expect(h.doc().filters[0]).toMatchObject({
      options: [{ value: 'L' }, { value: 'M' }, { value: 'S' }],
      default: 'M',
    });
    expect(within(c()).getByText('Filled 3 options from the map. Undo puts the old list back.')).toBeTruthy();
    edit(within(c()).getByLabelText('Options (value or value=Label, one per line)'), 'S\nL');
    // The preselected M is no longer an option, so nothing is preselected.
    expect(h.doc().filters[0]).toMatchObject({ options: [{ value: 'S' }, { value: 'L' }], default: '' });
    fireEvent.change(within(c()).getByLabelText('A location passes when its field'), { target: { value: 'contains' } });
    expect(h.doc().filters[0]).toMatchObject({ match: 'contains' });
  });

  it('renames a filter id, refusing one in use, and deletes a filter', () => {
    const h = renderEditorPart(<GroupsPanel />, { doc: mall() });
    fireEvent.click(screen.getByRole('button', { name: '+ Group tags' }));
    fireEvent.click(screen.getByRole('button', { name: '+ Dropdown' }));
    const id = edit(within(card('Layer (Dropdown)')).getByLabelText('Id'), 'categories');
    expect(errorOf(id)).toBe('There is already a filter with the id "categories"');
    edit(id, 'floor');
    expect(h.doc().filters.map((f) => f.id)).toEqual(['categories', 'floor']);
    fireEvent.click(within(card('Categories (Group tags)')).getByRole('button', { name: 'Delete filter' }));
    expect(h.doc().filters.map((f) => f.id)).toEqual(['floor']);
  });

  it('reorders filters by drag as one undo step', () => {
    const h = renderEditorPart(<GroupsPanel />, { doc: mall() });
    for (const kind of ['+ Group tags', '+ Checkbox', '+ Dropdown'])
      fireEvent.click(screen.getByRole('button', { name: kind }));
    const undoDepth = () => h.store.getState().undoLabel;
    // Above the middle of the first card (150): the start of the list.
    const line = dragCard(filterList(), 'Layer (Dropdown)', 120);
    expect(line).toEqual({ card: 'Categories (Group tags)', edge: 'before' });
    expect(h.doc().filters.map((f) => f.id)).toEqual(['dropdown', 'categories', 'checkbox']);
    expect(undoDepth()).toBe('Reorder filters');
    act(() => void h.store.undo());
    expect(h.doc().filters.map((f) => f.id)).toEqual(['categories', 'checkbox', 'dropdown']);
    expect(undoDepth()).toBe('Add filter');
  });
});
