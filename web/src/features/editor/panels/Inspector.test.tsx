import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { selectionAtom, tabAtom } from '../editor-state';
import { disposeHarnesses, docWithLocations, renderEditorPart } from '../editor.fixtures';
import { Inspector } from './Inspector';
import { siteStatuses } from '@mapnest/shared/group-styles.fixtures';

afterEach(() => {
  cleanup();
  disposeHarnesses();
  vi.unstubAllGlobals();
});

function setup() {
  const doc = docWithLocations(3);
  doc.groups = [
    { id: 'food', name: 'Food' },
    { id: 'shops', name: 'Shops' },
  ];
  doc.settings.startLocation = 'a0';
  const h = renderEditorPart(<Inspector />, { doc });
  act(() => h.jotai.set(selectionAtom, new Set(['a0'])));
  return h;
}

const form = () => screen.getByRole('form');
/** Types into a field and leaves it (which commits). */
function edit(label: string, value: string) {
  const input = within(form()).getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
}
const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('Inspector', () => {
  it('says where a wayfinding selection is edited while the Wayfinding tab is open, not how to edit locations', () => {
    const h = renderEditorPart(<Inspector />, { doc: docWithLocations(2) });
    expect(screen.getByRole('heading', { name: 'Nothing selected' })).toBeTruthy();
    act(() => h.jotai.set(tabAtom, 'wayfinding'));
    expect(screen.getByRole('heading', { name: 'No location selected' })).toBeTruthy();
    expect(screen.getByText(/edited in the Wayfinding panel/)).toBeTruthy();
    expect(screen.queryByText(/Choose “\+ Add”/)).toBeNull();
    // A location selected before the tab changed is still edited here.
    act(() => h.jotai.set(selectionAtom, new Set(['a0'])));
    expect(screen.getByRole('form')).toBeTruthy();
  });

  it('names the map’s default click action with the words of the choice it stands for', () => {
    setup();
    const select = within(form()).getByLabelText('On click');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options[0]).toBe('Map default (popup on the map)');
    expect(options).toContain('Popup on the map');
  });

  it('shows in the Colour swatch the colour the location is drawn in while its Colour is the default', () => {
    const doc = docWithLocations(3);
    doc.settings.primaryColor = '#1476ff';
    doc.groups = [{ id: 'food', name: 'Food', color: '#e11d48' }];
    doc.locations[1]!.groups = ['food'];
    const h = renderEditorPart(<Inspector />, { doc });
    const swatch = () => (within(form()).getByLabelText('Colour picker') as HTMLInputElement).value;
    act(() => h.jotai.set(selectionAtom, new Set(['a0'])));
    expect(swatch()).toBe('#1476ff');
    act(() => h.jotai.set(selectionAtom, new Set(['a1'])));
    expect(swatch()).toBe('#e11d48');
    edit('Colour', '#00aa00');
    expect(swatch()).toBe('#00aa00');
  });

  it('draws a lot moved from Available to Sold in the style “Sold”, and says when a style is another group’s', () => {
    const doc = { ...docWithLocations(1), ...siteStatuses() };
    Object.assign(doc.locations[0]!, { groups: ['available'], style: 'st-available' });
    const h = renderEditorPart(<Inspector />, { doc });
    act(() => h.jotai.set(selectionAtom, new Set(['a0'])));
    const groups = within(form()).getByRole('group', { name: 'Groups' });
    fireEvent.click(within(groups).getByRole('checkbox', { name: 'Sold' }));
    fireEvent.click(within(groups).getByRole('checkbox', { name: 'Available' }));
    const styleField = within(form()).getByLabelText('Style') as HTMLSelectElement;
    expect(styleField.value).toBe('st-sold');
    expect(h.doc().locations[0]).toMatchObject({ groups: ['sold'], style: 'st-sold' });
    expect(errorOf(styleField)).toBeFalsy();
    // A style chosen by hand is kept, and the field says whose it is.
    fireEvent.change(styleField, { target: { value: 'st-available' } });
    expect(h.doc().locations[0]!.style).toBe('st-available');
    expect(errorOf(styleField)).toBe(
      'This is the style of the group “Available”, which this location is not in: visitors may read an old status from its colours.',
    );
  });

  it('says nothing is selected until a location is', () => {
    const h = renderEditorPart(<Inspector />, { doc: docWithLocations(2) });
    expect(screen.getByRole('heading', { name: 'Nothing selected' })).toBeTruthy();
    // The toolbar's button reads "+ Add" on a phone ("+ Add location" where there is room): the hint says what both show.
    expect(screen.getByText(/^Click a location on the map/).textContent).toContain('Choose “+ Add” and click the map');
    act(() => h.jotai.set(selectionAtom, new Set(['a1'])));
    expect(screen.getByRole('form', { name: 'Location Location 1' })).toBeTruthy();
  });

  it('says tap instead of click where the primary pointer is a finger', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: q === '(pointer: coarse)',
      addEventListener() {},
      removeEventListener() {},
    }));
    renderEditorPart(<Inspector />, { doc: docWithLocations(2) });
    const hint = screen.getByText(/on the map or in the list to edit it/).textContent;
    expect(hint).toMatch(/^Tap a location on the map/);
    expect(hint).toContain('Choose “+ Add” and tap the map');
    expect(hint).not.toMatch(/click/i);
    // The keys are said apart, for a keyboard attached: a phone has no arrow keys to use on the map.
    expect(hint).not.toMatch(/Enter|arrow keys/);
    expect(screen.getByText(/^With a keyboard: A add/)).toBeTruthy();
  });

  it('takes a long title whole and refuses one too long by the field, never cutting it', () => {
    const h = setup();
    const title = within(form()).getByLabelText('Title') as HTMLInputElement;
    // A maxLength would cut a paste in a browser, unseen (the test DOM does not apply it).
    expect(title.maxLength).toBe(-1);
    edit('Title', 'x'.repeat(220));
    expect(h.doc().locations[0]!.title).toBe('x'.repeat(220));
    const before = h.doc();
    edit('Title', 'y'.repeat(250));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(title)).toMatch(/at most 240 characters/);
    expect(title.value).toBe('y'.repeat(250));
    expect(h.doc()).toBe(before);
  });

  it('keeps a value pasted over a field’s limit whole, refused by the field with the limit, never cut', () => {
    const h = setup();
    const before = h.doc();
    for (const [label, value, limit] of [
      ['“More” button label', 'Read more about this shop '.repeat(3), /at most 50 characters/],
      ['Label', 'Room 12', /at most 3 characters/],
    ] as const) {
      const input = within(form()).getByLabelText(label) as HTMLInputElement;
      // A maxLength would cut a paste in a browser, unseen (the test DOM does not apply it).
      expect(input.maxLength).toBe(-1);
      edit(label, value);
      expect(input.value).toBe(value);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(errorOf(input)).toMatch(limit);
    }
    expect(h.doc()).toBe(before);
  });

  it('refuses an id another location has, says why by the field, and changes nothing', () => {
    const h = setup();
    const before = h.doc();
    const id = edit('Id', 'a2');
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(id)).toBe('There is already a location with the id "a2"');
    expect(h.doc()).toBe(before);
    expect((id as HTMLInputElement).value).toBe('a2');
  });

  it('refuses a malformed id', () => {
    const h = setup();
    const id = edit('Id', 'has space');
    expect(errorOf(id)).toBe(
      'Location "a0" (id): A location id must be 1-64 characters: letters, digits, "_" or "-", not starting with "-"',
    );
    expect(h.doc().locations[0]!.id).toBe('a0');
  });

  it('renames the id, follows it with the selection and rewrites references to it', () => {
    const h = setup();
    edit('Id', 'shop-1');
    expect(h.doc().locations[0]!.id).toBe('shop-1');
    expect(h.doc().settings.startLocation).toBe('shop-1');
    expect([...h.jotai.get(selectionAtom)]).toEqual(['shop-1']);
    expect(screen.getByRole('form', { name: 'Location Location 0' })).toBeTruthy();
  });

  it('saves text fields and clears emptied ones', () => {
    const h = setup();
    edit('Title', 'Bakery');
    expect(h.doc().locations[0]!.title).toBe('Bakery');
    expect(screen.getByRole('heading', { name: 'Bakery' })).toBeTruthy();
    edit('Phone', '+1 555 0100');
    expect(h.doc().locations[0]!.phone).toBe('+1 555 0100');
    edit('Phone', '');
    expect(h.doc().locations[0]).not.toHaveProperty('phone');
  });

  it('merges quick typing into one undo step', () => {
    const h = setup();
    const title = within(form()).getByLabelText('Title');
    for (const value of ['B', 'Ba', 'Bak']) {
      fireEvent.change(title, { target: { value } });
      fireEvent.blur(title);
    }
    expect(h.doc().locations[0]!.title).toBe('Bak');
    act(() => void h.store.undo());
    expect(h.doc().locations[0]!.title).toBe('Location 0');
  });

  it('rejects bad colours, numbers and links with a message, leaving the location as it was', () => {
    const h = setup();
    const before = h.doc();
    expect(errorOf(edit('Colour', 'reddish'))).toBe('Must be a hex color: #rgb, #rrggbb or #rrggbbaa');
    expect(errorOf(edit('Marker size', 'big'))).toBe('Must be a number');
    expect(errorOf(edit('Marker size', '20'))).toBe('Must be at most 10');
    expect(errorOf(edit('Link', 'javascript:alert(1)'))).toMatch(/^Location "a0" \(link\): /);
    // An e-mail that is no address would make an Email button that writes to nobody.
    expect(errorOf(edit('Email', 'info at bakery.com'))).toBe(
      '“info at bakery.com” is not an e-mail address (name@example.com)',
    );
    expect(h.doc()).toBe(before);
    edit('Email', 'mailto:Info@Bakery.co.uk ');
    expect(h.doc().locations[0]!.email).toBe('Info@Bakery.co.uk');
    edit('Email', '');
    expect(h.doc().locations[0]).not.toHaveProperty('email');
    // A phone with no number would make a Call button that dials nothing.
    const withoutPhone = h.doc();
    expect(errorOf(edit('Phone', 'TBC'))).toBe('“TBC” is not a phone number (no number to dial)');
    expect(h.doc()).toBe(withoutPhone);
    edit('Phone', '+44 20 7946 0000, 555 0101');
    expect(h.doc().locations[0]!.phone).toBe('+44 20 7946 0000, 555 0101');
    edit('Colour', '#cc0000');
    edit('Marker size', '2');
    expect(h.doc().locations[0]).toMatchObject({ color: '#cc0000', scale: 2 });
    // A web address written without https:// would open as a page of the site the map is embedded in.
    edit('Link', 'www.bakery.com');
    expect(h.doc().locations[0]!.link).toBe('https://www.bakery.com');
    edit('Link', '/shops/bakery');
    expect(h.doc().locations[0]!.link).toBe('/shops/bakery');
  });

  it('puts the location in groups and takes it out again', () => {
    const h = setup();
    const groups = within(form()).getByRole('group', { name: 'Groups' });
    fireEvent.click(within(groups).getByLabelText('Shops'));
    fireEvent.click(within(groups).getByLabelText('Food'));
    expect(h.doc().locations[0]!.groups).toEqual(['shops', 'food']);
    fireEvent.click(within(groups).getByLabelText('Shops'));
    fireEvent.click(within(groups).getByLabelText('Food'));
    expect(h.doc().locations[0]).not.toHaveProperty('groups');
  });

  it('deletes the location and clears the selection; undo brings it back', () => {
    const h = setup();
    fireEvent.click(within(form()).getByRole('button', { name: 'Delete' }));
    expect(h.doc().locations.map((l) => l.id)).toEqual(['a1', 'a2']);
    expect(h.doc().settings.startLocation).toBeNull();
    expect(screen.getByRole('heading', { name: 'Nothing selected' })).toBeTruthy();
    act(() => void h.store.undo());
    expect(h.doc().locations.map((l) => l.id)).toEqual(['a0', 'a1', 'a2']);
  });
});

describe('the shape a location stands for', () => {
  /** Two floors drawn alike, each with its lift, stairs and a room; floor 1's lift has its location. */
  function floors() {
    const doc = blankDocument({ layerId: 'f1', layerName: 'Floor 1', file: 'f1.svg' });
    doc.layers.push({ id: 'f2', name: 'Floor 2', file: 'f2.svg' });
    doc.locations = [
      { id: 'lift', title: 'Lift', layer: 'f1', type: 'hidden' },
      { id: 'lift-2', title: 'Lift 2', layer: 'f2', type: 'hidden', shape: 'lift' },
      { id: 'desk', title: 'Desk', layer: 'f2', coord: [0.5, 0.5] },
      { id: 'kiosk', title: 'Kiosk', coord: [0.2, 0.2] },
    ];
    const asked: string[] = [];
    const floorShapes = (layer: string) => {
      asked.push(layer);
      return Promise.resolve([{ id: 'lift' }, { id: 'stairs' }, { id: 'm201' }, { id: '_x32_05', name: '205' }]);
    };
    const h = renderEditorPart(<Inspector />, { doc, canvas: { floorShapes } });
    return { ...h, asked };
  }
  const select = async (h: ReturnType<typeof floors>, id: string) => {
    act(() => h.jotai.set(selectionAtom, new Set([id])));
    // The floor's shapes arrive from the canvas.
    await act(async () => undefined);
  };
  const free = () =>
    [...document.querySelectorAll('[data-testid=free-shapes] option')].map((o) => o.getAttribute('value'));

  it('shows the shape, offers the floor’s shapes no location stands for, and changes it in one undoable step', async () => {
    const h = floors();
    await select(h, 'lift-2');
    expect(h.asked).toEqual(['f2']);
    const field = within(form()).getByLabelText('Shape') as HTMLInputElement;
    expect(field.value).toBe('lift');
    expect(free()).toEqual(['stairs', 'm201', '_x32_05']);

    edit('Shape', 'stairs');
    expect(h.doc().locations[1]).toMatchObject({ id: 'lift-2', shape: 'stairs' });
    expect(h.store.getState().undoLabel).toBe('Edit location: Lift 2 (shape)');
    act(() => void h.store.undo());
    expect(h.doc().locations[1]!.shape).toBe('lift');

    // Emptied, it stands for the shape with its own id again.
    edit('Shape', '');
    expect(h.doc().locations[1]).not.toHaveProperty('shape');
    expect((within(form()).getByLabelText('Shape') as HTMLInputElement).value).toBe('lift-2');
  });

  it('takes the name the drawing gives a shape (Illustrator’s layer “205” is _x32_05) for that shape, and offers it so', async () => {
    const h = floors();
    await select(h, 'desk');
    const offered = document.querySelector('[data-testid=free-shapes] option[value="_x32_05"]');
    expect(offered?.getAttribute('label')).toBe('205');
    edit('Shape', '205');
    expect(h.doc().locations[2]).toMatchObject({ id: 'desk', shape: '_x32_05' });
  });

  it('refuses a shape the floor’s drawing lacks, and one another location of the floor stands for', async () => {
    const h = floors();
    await select(h, 'desk');
    const before = h.doc();
    const input = edit('Shape', 'roof');
    expect(errorOf(input)).toBe(
      'Floor 2’s drawing has no shape with the id “roof”: pick one of its shapes, or check the id in its SVG.',
    );
    edit('Shape', 'lift');
    expect(errorOf(input)).toBe(
      'Locations "lift-2" and "desk" both stand for the shape "lift" on the floor "Floor 2"; a shape of a floor has one location',
    );
    expect(h.doc()).toBe(before);
  });

  it('says why a location has no region: its floor has no such shape, or no shapes at all, and whether a marker shows it', async () => {
    const doc = blankDocument({ layerId: 'f1', layerName: 'Ground floor', file: '' });
    doc.locations = [
      { id: 'clinic', title: 'Clinic', layer: 'f1', coord: [0.4, 0.4] },
      { id: 'store', title: 'Store', layer: 'f1', type: 'hidden' },
    ];
    let shapes: { id: string }[] = [];
    const h = renderEditorPart(<Inspector />, {
      doc,
      canvas: { floorShapes: () => Promise.resolve(shapes), centre: () => [0.5, 0.5] },
    });
    const hint = async (id: string) => {
      await select(h as ReturnType<typeof floors>, id);
      return errorOf(within(form()).getByLabelText('Shape'));
    };
    // A blank floor: nothing to stand for, and the clinic's marker shows it.
    expect(await hint('clinic')).toBe(
      'Ground floor’s drawing has no shapes, so this location is shown by its marker alone.',
    );
    expect(await hint('store')).toBe(
      'Ground floor’s drawing has no shape “store”, so this location has no region there.',
    );
    // With no place on the map at all, a marker is put in the middle of the view (shown: no longer 'hidden').
    fireEvent.click(within(form()).getByRole('button', { name: 'Put a marker in the middle of the view' }));
    expect(h.doc().locations[1]).toEqual({ id: 'store', title: 'Store', layer: 'f1', coord: [0.5, 0.5] });
    expect(within(form()).queryByRole('button', { name: 'Put a marker in the middle of the view' })).toBeNull();
    cleanup();
    shapes = [{ id: 'm101' }];
    const drawn = renderEditorPart(<Inspector />, { doc, canvas: { floorShapes: () => Promise.resolve(shapes) } });
    await select(drawn as ReturnType<typeof floors>, 'clinic');
    expect(errorOf(within(form()).getByLabelText('Shape'))).toBe(
      'Shown by its marker: Ground floor’s drawing has no shape “clinic” to light up as its region.',
    );
  });

  it('says that a location on every floor stands for the shape with its own id', async () => {
    const h = floors();
    await select(h, 'kiosk');
    expect(within(form()).queryByLabelText('Shape')).toBeNull();
    expect(screen.getByTestId('shape-hint').textContent).toContain(
      'on every floor, this location stands for the shape with its own id (kiosk) on each',
    );
    // A floor with a shape cannot be taken away from it: the shape would have nowhere to be.
    await select(h, 'lift-2');
    const layer = within(form()).getByLabelText('Layer');
    fireEvent.change(layer, { target: { value: '' } });
    expect(h.doc().locations[1]!.layer).toBe('f2');
  });
});
