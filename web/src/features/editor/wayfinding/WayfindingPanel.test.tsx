import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MapState } from '@mapnest/shared/constants';
import { blankDocument, strictMapDocument, type MapDocument } from '@mapnest/shared/map-document';
import { disposeHarnesses, renderEditorPart } from '../editor.fixtures';
import { announcementAtom, selectionAtom } from '../editor-state';
import { CENTRE_OFF_PLAN } from './draw-words';
import { fakeCanvas, hall, mall, node, press, svgOf } from './wayfinding-panel.fixtures';
import { WayfindingPanel } from './WayfindingPanel';

afterEach(() => {
  disposeHarnesses();
  document.body.innerHTML = '';
});

describe('WayfindingPanel', () => {
  it('turns directions on for visitors from the tab, says so and keeps the keyboard there; Undo turns them off', () => {
    const { canvas } = fakeCanvas();
    const view = renderEditorPart(<WayfindingPanel />, { map: { state: 3 }, doc: mall(), canvas });
    expect(screen.getByText(/Directions are off for visitors\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on directions' }));
    expect(view.doc().settings.wayfinding.enabled).toBe(true);
    const said = screen.getByRole('status');
    expect(said.textContent).toBe(
      'Directions are on: visitors get them once you publish. Settings, under Directions, places their button.',
    );
    expect(document.activeElement).toBe(said);
    expect(screen.queryByRole('button', { name: 'Turn on directions' })).toBeNull();
    act(() => view.store.undo());
    expect(view.doc().settings.wayfinding.enabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Turn on directions' })).toBeTruthy();
  });

  it('draws two edges, joins the floors with a step-free lift, and the check lists what cannot be reached', () => {
    const { element, state, canvas } = fakeCanvas();
    const view = renderEditorPart(<WayfindingPanel />, { map: { state: 3 }, doc: mall(), canvas });
    fireEvent.click(screen.getByRole('button', { name: 'Draw paths' }));
    const catcher = () => svgOf(element).querySelector('.mn-net-catch')!;
    press(catcher(), 100, 500);
    press(catcher(), 300, 500);
    press(catcher(), 500, 503); // one edge on, continuing the path
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(view.doc().routes).toEqual([
      expect.objectContaining({
        layer: 'ground',
        points: [
          [0.1, 0.5],
          [0.3, 0.5],
          [0.5, 0.503],
        ],
      }),
    ]);
    expect(svgOf(element).querySelectorAll('line.mn-net-edge')).toHaveLength(2);
    // The floor's count in the words of the lists below it (a path of three points has two edges).
    expect(screen.getByText('1 path (2 edges) on this floor')).toBeTruthy();
    // A click off the plan places nothing, and says so (it made a node on the plan's edge).
    press(catcher(), 500, 1300);
    expect(view.notices.at(-1)?.text).toMatch(/^That is off the map: a path’s points go on the floor plan\./);
    expect(view.doc().routes).toHaveLength(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    view.notices.splice(0);

    // The first floor's corridor, drawn from where the lift is.
    act(() => {
      state.floor = 'upper';
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Floor' }), { target: { value: 'upper' } });
    press(catcher(), 500, 503);
    press(catcher(), 200, 500);
    fireEvent.keyDown(document, { key: 'Escape' });
    const check = () => within(screen.getByRole('heading', { name: 'Check' }).parentElement!);
    expect(check().getByText('1 part of the network is not joined to the rest:')).toBeTruthy();
    expect(
      within(check().getByRole('list', { name: 'Unreachable locations' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cafe (its path is not joined to the rest)', 'Storeroom (its floor has no path yet: draw one there)']);

    // Lift: its end on each floor, same name.
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    for (const floor of ['upper', 'ground']) {
      act(() => {
        state.floor = floor;
      });
      fireEvent.change(screen.getByRole('combobox', { name: 'Floor' }), { target: { value: floor } });
      press(node(element, 0.5, 0.503), 500, 503);
      const card = within(screen.getByRole('group', { name: 'Selected node' }));
      fireEvent.change(card.getByRole('combobox', { name: 'Name' }), { target: { value: 'Lift A' } });
      fireEvent.click(card.getByRole('button', { name: 'Set connector' }));
    }
    expect(view.notices.filter((n) => n.kind === 'error')).toEqual([]);
    const connectors = within(screen.getByRole('heading', { name: 'Connectors between floors' }).parentElement!);
    expect(connectors.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Lift A · Lift · Ground floor, First floor · step-free',
    ]);
    expect(
      within(check().getByRole('list', { name: 'Unreachable locations' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Storeroom (its floor has no path yet: draw one there)']);
    expect(check().queryByText(/not joined to the rest:/)).toBeNull();
    expect(strictMapDocument.safeParse(view.doc()).success).toBe(true);
    expect(
      view
        .doc()
        .routes.filter((r) => r.connector)
        .map((r) => [r.endpoint, r.connectorName]),
    ).toEqual([
      ['lift-a', 'Lift A'],
      ['lift-a', 'Lift A'],
    ]);

    // One edge of the ground floor's corridor gets a step: the check names it as what keeps the Cafe, upstairs,
    // from being reached step-free.
    const upperEdge = svgOf(element).querySelector('line.mn-net-edge')!;
    fireEvent.pointerDown(upperEdge, { button: 0, clientX: 300, clientY: 501, pointerId: 1 });
    fireEvent.pointerUp(upperEdge, { button: 0, clientX: 300, clientY: 501, pointerId: 1 });
    const edgeCard = within(screen.getByRole('group', { name: 'Selected edge' }));
    const stepFree = edgeCard.getByRole('checkbox', { name: /Step-free/ }) as HTMLInputElement;
    expect(stepFree.checked).toBe(true);
    fireEvent.click(stepFree);
    expect(view.notices.filter((n) => n.kind === 'error')).toEqual([]);
    expect(
      (
        within(screen.getByRole('group', { name: 'Selected edge' })).getByRole('checkbox', {
          name: /Step-free/,
        }) as HTMLInputElement
      ).checked,
    ).toBe(false);
    expect(
      within(check().getByRole('list', { name: 'Not reachable step-free' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cafe: a path on Ground floor is marked not step-free']);
    expect(svgOf(element).querySelectorAll('line.mn-net-edge.is-stepped')).toHaveLength(1);
    act(() => view.store.undo());

    // Delete removes the selected node; Undo brings it back.
    press(node(element, 0.3, 0.5), 300, 500);
    fireEvent.keyDown(document.body, { key: 'Delete' });
    expect(view.doc().routes.flatMap((r) => r.points)).not.toContainEqual([0.3, 0.5]);
    act(() => view.store.undo());
    expect(view.doc().routes.flatMap((r) => r.points)).toContainEqual([0.3, 0.5]);
  }, 20_000);

  it('draws a path by the keyboard, says each point, and makes its end a lift without a pointer', () => {
    const { state, canvas } = fakeCanvas();
    const view = renderEditorPart(<WayfindingPanel />, { map: { state: 3 }, doc: mall(), canvas });
    const said = () => view.jotai.get(announcementAtom).text;
    // A location selected before would take the arrow keys that move the map to the next point.
    act(() => view.jotai.set(selectionAtom, new Set(['shoes'])));
    expect(state.place).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Draw paths' }));
    expect(view.jotai.get(selectionAtom).size).toBe(0);
    expect(screen.getByText(/By keyboard: on the map, the arrow keys move it and Enter places a point/)).toBeTruthy();
    // Enter on the map, the view's centre on the plan at (0.1, 0.5), then moved to (0.3, 0.5).
    act(() => state.place!({ x: 100, y: 500 }));
    expect(said()).toMatch(/^Path started at X 0.1, Y 0.5\. Move the map with the arrow keys and press Enter/);
    act(() => state.place!({ x: 300, y: 500 }));
    expect(said()).toBe('Point 2 placed at X 0.3, Y 0.5: an edge from point 1.');
    expect(screen.getByText('1 path (1 edge) on this floor')).toBeTruthy();
    act(() => state.place!({ x: 500, y: 1300 }));
    expect(view.notices.at(-1)?.text).toBe(CENTRE_OFF_PLAN);
    view.notices.splice(0);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(said()).toMatch(/^Path ended with 2 points\. To make its end a lift, stairs or another floor connector/);
    expect(view.doc().routes.map((r) => r.points)).toEqual([
      [
        [0.1, 0.5],
        [0.3, 0.5],
      ],
    ]);

    // Its end, chosen from the floor's nodes, made a lift: the keys go back to the map's own.
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(state.place).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Select a node' }), { target: { value: '[0.3,0.5]' } });
    const card = within(screen.getByRole('group', { name: 'Selected node' }));
    fireEvent.change(card.getByRole('combobox', { name: 'Name' }), { target: { value: 'Lift A' } });
    fireEvent.click(card.getByRole('button', { name: 'Set connector' }));
    expect(view.notices.filter((n) => n.kind === 'error')).toEqual([]);
    expect(view.doc().routes.map((r) => [r.connector, r.connectorName])).toEqual([[true, 'Lift A']]);
  });

  it('takes locations drawn as shapes of their floor as placed: checked, and attached to a node like any other', async () => {
    const doc = blankDocument();
    doc.layers = [
      { id: 'f1', name: '1F', file: '/files/1f.svg' },
      { id: 'f2', name: '2F', file: '/files/2f.svg' },
    ];
    doc.settings.mapWidth = 1000;
    doc.settings.mapHeight = 1000;
    doc.locations = [
      { id: '_1-101', title: '講義室 1-101', coord: [0.2, 0.3], layer: 'f1' },
      { id: '_1-102', title: '事務室 1-102', layer: 'f1' },
      { id: 'library', title: '図書館', layer: 'f1', type: 'pin' },
      { id: '_2-201', title: '研究室 2-201', layer: 'f2' },
      { id: 'annex', title: 'Annex', layer: 'f1' },
    ];
    doc.routes = [
      {
        id: 'hall',
        layer: 'f1',
        points: [
          [0.1, 0.5],
          [0.5, 0.5],
          [0.9, 0.5],
        ],
        closed: false,
        connector: false,
        weight: 1,
        inaccessible: false,
      },
    ];
    const { element, state, canvas } = fakeCanvas();
    state.floor = 'f1';
    // The canvas measures the shapes with those ids on their floors (the annex has none).
    const asked: string[][] = [];
    const drawn = new Map<string, [number, number]>([
      ['_1-102', [0.45, 0.25]],
      ['library', [0.75, 0.3]],
      ['_2-201', [0.2, 0.25]],
    ]);
    const shapeCentres = async (locations: readonly { id: string }[]) => {
      asked.push(locations.map((l) => l.id));
      return new Map([...drawn].filter(([id]) => locations.some((l) => l.id === id)));
    };
    const view = renderEditorPart(<WayfindingPanel />, {
      map: { state: 3 },
      doc: strictMapDocument.parse(doc),
      canvas: { ...canvas, shapeCentres },
    });
    const check = () => within(screen.getByRole('heading', { name: 'Check' }).parentElement!);
    const unreachable = async () =>
      within(await check().findByRole('list', { name: 'Unreachable locations' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(await unreachable()).toEqual([
      '研究室 2-201 (its floor has no path yet: draw one there)',
      'Annex (not on the map: place it, or attach it to a node)',
    ]);
    expect(asked[0]).toEqual(['_1-102', 'library', '_2-201', 'annex']);

    // The middle node offers the floor's shape-bound locations too; attaching one draws a path to its shape.
    press(node(element, 0.5, 0.5), 500, 500);
    const form = within(screen.getByRole('group', { name: 'Attach a location here' }));
    const picker = form.getByRole('combobox', { name: 'Location' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['講義室 1-101', '事務室 1-102', '図書館']);
    fireEvent.change(picker, { target: { value: '_1-102' } });
    fireEvent.click(form.getByRole('button', { name: 'Attach' }));
    expect(view.notices.filter((n) => n.kind === 'error')).toEqual([]);
    expect(view.doc().routes.at(-1)).toMatchObject({
      layer: 'f1',
      points: [
        [0.5, 0.5],
        [0.45, 0.25],
      ],
      endpoint: '_1-102',
    });
    expect(strictMapDocument.safeParse(view.doc()).success).toBe(true);
  });

  it('styles its floor select, tool buttons and the selected node’s card and forms as the editor’s other panels', () => {
    const { element, canvas } = fakeCanvas();
    renderEditorPart(<WayfindingPanel />, { map: { state: 3 }, doc: mall(), canvas });
    const floor = screen.getByRole('combobox', { name: 'Floor' });
    expect(floor.className).toBe('input');
    expect(floor.closest('.field')).not.toBeNull();
    // The tool in use is pressed as the Locations panel's Add is: the primary button.
    const tool = (name: string) => screen.getByRole('button', { name }).className;
    expect([tool('Select'), tool('Draw paths')]).toEqual(['btn btn--primary btn--sm', 'btn btn--secondary btn--sm']);
    fireEvent.click(screen.getByRole('button', { name: 'Draw paths' }));
    expect(tool('Draw paths')).toBe('btn btn--primary btn--sm');
    const catcher = () => svgOf(element).querySelector('.mn-net-catch')!;
    press(catcher(), 100, 500);
    press(catcher(), 300, 500);
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    press(node(element, 0.3, 0.5), 300, 500);
    const card = screen.getByRole('group', { name: 'Selected node' });
    expect(card.classList.contains('card')).toBe(true);
    const form = within(card).getByRole('group', { name: 'Make it a connector' });
    for (const name of ['Name', 'Kind']) expect(within(form).getByRole('combobox', { name }).className).toBe('input');
    expect(within(form).getByRole('checkbox').closest('label')!.className).toBe('check');
  });

  it('keeps a pasted connector name too long whole, marks it and says why, and sets no connector', () => {
    const doc = mall();
    doc.routes = [hall('ground')];
    const { element, canvas } = fakeCanvas();
    const view = renderEditorPart(<WayfindingPanel />, { map: { state: 3 }, doc, canvas });
    press(node(element, 0.5, 0.5), 500, 500);
    const card = within(screen.getByRole('group', { name: 'Selected node' }));
    const field = card.getByRole('combobox', { name: 'Name' }) as HTMLInputElement;
    // A maxLength would cut the paste in a browser, unseen (the test DOM does not apply it).
    expect(field.maxLength).toBe(-1);
    const long = 'Lift by the north entrance '.repeat(6);
    fireEvent.change(field, { target: { value: long } });
    expect(field.value).toBe(long);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      "A connector's name is at most 100 characters",
    );
    const before = view.doc();
    fireEvent.click(card.getByRole('button', { name: 'Set connector' }));
    expect(view.doc()).toBe(before);
  });

  it('warns of a location that joins the network only at a lift’s path, not saying every location can be reached', () => {
    const doc = mall();
    const lift = (layer: string): MapDocument['routes'][number] => ({
      id: `lift-${layer}`,
      layer,
      points: [
        [0.1, 0.5],
        [0.1, 0.6],
      ],
      closed: false,
      weight: 1,
      inaccessible: false,
      connector: true,
      endpoint: 'lift',
      connectorKind: 'lift',
      connectorName: 'Lift',
    });
    // The shop's and the café's floors have only the lift's short path to attach to.
    doc.locations = doc.locations.filter((l) => l.id !== 'store');
    doc.routes = [lift('ground'), lift('upper')];
    const { canvas } = fakeCanvas();
    renderEditorPart(<WayfindingPanel />, { map: { state: 3 }, doc, canvas });
    const check = screen.getByRole('region', { name: 'Check' });
    expect(check.textContent).not.toContain('Every location can be reached');
    expect(check.textContent).toContain('Joined only at a lift or stairs path');
    const list = within(screen.getByRole('list', { name: 'Joined only at a connector' }));
    expect(list.getAllByRole('button').map((b) => b.textContent)).toEqual(['Shoe shop', 'Cafe']);
  });

  it('says stairs and escalators are never step-free, in the connector form and in the list of connectors', () => {
    // The demo's stairs, as stored: no mark of their own. Routing never takes them step-free.
    const doc = strictMapDocument.parse({
      ...mall(),
      routes: [
        {
          id: 'g-st',
          layer: 'ground',
          points: [
            [0.1, 0.5],
            [0.3, 0.5],
          ],
          endpoint: 'stairs-core',
          connector: true,
          connectorKind: 'stairs',
        },
        {
          id: 'u-st',
          layer: 'upper',
          points: [
            [0.2, 0.5],
            [0.3, 0.5],
          ],
          endpoint: 'stairs-core',
          connector: true,
          connectorKind: 'stairs',
        },
        {
          id: 'g-path',
          layer: 'ground',
          points: [
            [0.3, 0.5],
            [0.6, 0.5],
          ],
        },
      ],
    });
    const { element, canvas } = fakeCanvas();
    const view = renderEditorPart(<WayfindingPanel />, { map: { state: 3 }, doc, canvas });
    const connectors = within(screen.getByRole('heading', { name: 'Connectors between floors' }).parentElement!);
    expect(connectors.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'stairs-core · Stairs · Ground floor, First floor · not step-free',
    ]);

    // A new connector at the path's dead end: stairs cannot be ticked step-free, and are stored as stepped.
    press(node(element, 0.6, 0.5), 600, 500);
    const card = within(screen.getByRole('group', { name: 'Selected node' }));
    const box = () => card.getByRole('checkbox') as HTMLInputElement;
    expect(box()).toMatchObject({ checked: true, disabled: false });
    fireEvent.change(card.getByRole('combobox', { name: 'Kind' }), { target: { value: 'escalator' } });
    expect(box()).toMatchObject({ checked: false, disabled: true });
    expect(card.getByText('Not step-free (stairs and escalators never are)')).toBeTruthy();
    fireEvent.change(card.getByRole('combobox', { name: 'Name' }), { target: { value: 'Escalator B' } });
    fireEvent.click(card.getByRole('button', { name: 'Set connector' }));
    expect(view.doc().routes.find((r) => r.connectorName === 'Escalator B')).toMatchObject({
      connectorKind: 'escalator',
      inaccessible: true,
    });
  });

  it.each([
    ['demo', MapState.DEMO],
    ['administrator', MapState.ADMIN],
  ])('edits the network of a %s map, which the public copy gives wayfinding as a Professional one', (_, state) => {
    const { canvas } = fakeCanvas();
    renderEditorPart(<WayfindingPanel />, { map: { state }, doc: mall(), canvas });
    expect(screen.getByRole('button', { name: 'Draw paths' })).toBeTruthy();
    expect(screen.queryByText(/Turn-by-turn directions come with the Professional plan/)).toBeNull();
  });

  it('lets a test map try wayfinding in Preview, saying visitors get it once the map is Professional', () => {
    const { canvas } = fakeCanvas();
    const view = renderEditorPart(<WayfindingPanel />, { map: { state: MapState.TEST }, doc: mall(), canvas });
    expect(screen.getByRole('button', { name: 'Draw paths' })).toBeTruthy();
    const trial =
      'A test map: try the directions you draw here in Preview. Visitors get them once the map is Professional (Make Pro).';
    expect(screen.getByText(trial)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on directions' }));
    expect(view.doc().settings.wayfinding.enabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      'Directions are on: try them in Preview. Settings, under Directions, places their button.',
    );
    expect(screen.getByText(trial)).toBeTruthy();
  });

  it('shows a Basic map what it would get and how to upgrade, with no editing', () => {
    renderEditorPart(<WayfindingPanel />, { map: { state: 1 }, doc: mall() });
    expect(screen.getByText(/Turn-by-turn directions come with the Professional plan/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/maps#subscribe');
    expect(screen.queryByRole('button', { name: 'Draw paths' })).toBeNull();
  });
});
