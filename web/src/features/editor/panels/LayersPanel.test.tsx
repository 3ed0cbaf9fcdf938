// @vitest-environment jsdom
// jsdom, not happy-dom, for window.confirm, which happy-dom lacks (docs/adr/106-happy-dom.md).
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { addLayer } from '../actions/structure';
import { layerAtom } from '../editor-state';
import { disposeHarnesses, layOut, renderEditorPart } from '../editor.fixtures';
import { LayersPanel } from './LayersPanel';
import { useLayerUpload } from './layer-upload';

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

function building(): MapDocument {
  const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor' });
  doc.layers.push({ id: 'first', name: 'First floor', file: '' }, { id: 'roof', name: 'Roof', file: '' });
  doc.locations = [{ id: 'lift', title: 'Lift', layer: 'first', coord: [0.5, 0.5] }];
  return doc;
}

const layerList = () => screen.getByRole('list', { name: 'Layers' });
const card = (name: string) => within(layerList()).getByRole('listitem', { name });
const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
const announced = () => screen.getByTestId('reorder-announcer').textContent?.trim();
function edit(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
}

describe('LayersPanel', () => {
  it('renames a layer, and refuses an empty name or a taken id, changing nothing', () => {
    const h = renderEditorPart(<LayersPanel />, { doc: building() });
    edit(within(card('First floor')).getByLabelText('Name'), 'Level 1');
    expect(h.doc().layers[1]!.name).toBe('Level 1');
    const before = h.doc();
    expect(errorOf(edit(within(card('Level 1')).getByLabelText('Name'), ''))).toBe(
      'Layer "first" (name): A layer needs a name',
    );
    expect(errorOf(edit(within(card('Level 1')).getByLabelText('Id'), 'roof'))).toBe(
      'There is already a layer with the id "roof"',
    );
    expect(h.doc()).toBe(before);
  });

  it('renames a layer id and moves its locations along', () => {
    const h = renderEditorPart(<LayersPanel />, { doc: building() });
    edit(within(card('First floor')).getByLabelText('Id'), 'level-1');
    expect(h.doc().layers[1]!.id).toBe('level-1');
    expect(h.doc().locations[0]!.layer).toBe('level-1');
  });

  it('makes a layer the one shown first, and shows a layer on the canvas from its thumbnail', () => {
    const h = renderEditorPart(<LayersPanel />, { doc: building() });
    const radio = (name: string) => within(card(name)).getByRole('radio', { name: 'Shown first' }) as HTMLInputElement;
    expect(radio('Ground floor').checked).toBe(true);
    fireEvent.click(radio('Roof'));
    expect(h.doc().settings.defaultLayer).toBe('roof');
    expect(radio('Roof').checked).toBe(true);
    expect(radio('Ground floor').checked).toBe(false);
    const show = (name: string) => within(card(name)).getByTitle('Show this layer');
    // The floor shown is the one pressed: until one is picked, the one shown first.
    expect(show('Roof').getAttribute('aria-pressed')).toBe('true');
    expect(show('First floor').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(show('First floor'));
    expect(h.jotai.get(layerAtom)).toBe('first');
    expect([show('Roof'), show('First floor')].map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
    expect(announced()).toBe('Showing First floor.');
  });

  it('reorders layers by drag, buttons and Alt+Arrow keys, each move one undo step, announced', () => {
    const h = renderEditorPart(<LayersPanel />, { doc: building() });
    const order = () => h.doc().layers.map((l) => l.id);
    layOut([...layerList().children], (i) => 100 + i * 110, 100);
    const pointer = { pointerId: 7, isPrimary: true, button: 0 };
    fireEvent.pointerDown(within(card('Roof')).getByTitle('Drag to reorder'), { ...pointer, clientY: 330 });
    // Between the middles of the first (150) and second (260) cards.
    fireEvent.pointerMove(window, { ...pointer, clientY: 200 });
    expect(card('First floor').getAttribute('data-drop')).toBe('before');
    expect(card('Roof').hasAttribute('data-dragged')).toBe(true);
    fireEvent.pointerUp(window, { ...pointer, clientY: 200 });
    expect(order()).toEqual(['ground', 'roof', 'first']);
    expect(announced()).toBe('Moved “Roof” to position 2 of 3.');

    fireEvent.click(within(card('Ground floor')).getByRole('button', { name: 'Move Ground floor down' }));
    expect(order()).toEqual(['roof', 'ground', 'first']);
    const card1 = card('First floor');
    fireEvent.keyDown(within(card1).getByRole('button', { name: 'Move First floor up' }), {
      key: 'ArrowUp',
      altKey: true,
    });
    expect(order()).toEqual(['roof', 'first', 'ground']);
    act(() => void h.store.undo());
    act(() => void h.store.undo());
    act(() => void h.store.undo());
    expect(order()).toEqual(['ground', 'first', 'roof']);
    expect(h.store.getState().canUndo).toBe(false);
  });

  it('deletes a layer keeping its locations on every layer, after asking', () => {
    const h = renderEditorPart(<LayersPanel />, { doc: building() });
    fireEvent.click(within(card('First floor')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the layer “First floor”?' });
    expect(within(dialog).getByText(/^1 location is on this layer\. Keep it \(shown on every layer\)/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete layer, keep its locations' }));
    expect(h.doc().layers.map((l) => l.id)).toEqual(['ground', 'roof']);
    expect(h.doc().locations[0]).not.toHaveProperty('layer');
  });

  it('deletes a layer with no location on it after a plain question, with nothing to keep', () => {
    const h = renderEditorPart(<LayersPanel />, { doc: building() });
    fireEvent.click(within(card('Roof')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the layer “Roof”?' });
    expect(within(dialog).getByText('No location is on this layer. Undo brings it back.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /keep/i })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete layer' }));
    expect(h.doc().layers.map((l) => l.id)).toEqual(['ground', 'first']);
    expect(h.doc().locations).toHaveLength(building().locations.length);
  });

  it('offers no reordering for a single layer', () => {
    renderEditorPart(<LayersPanel />);
    expect(screen.queryByTitle('Drag to reorder')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });

  it('names a floor added from a file for visitors, and focuses its name for the author to rename it', () => {
    const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor', file: '/files/ground.png' });
    let upload: ReturnType<typeof useLayerUpload> | null = null;
    function Uploader() {
      upload = useLayerUpload();
      return null;
    }
    const h = renderEditorPart(
      <>
        <LayersPanel />
        <Uploader />
      </>,
      { doc },
    );
    act(() => upload!.applyFile(null, '/files/bad.png', 'bad.png', null));
    expect(h.doc().layers.map((l) => l.name)).toEqual(['Ground floor', 'Floor 2']);
    const name = within(card('Floor 2')).getByLabelText('Name') as HTMLInputElement;
    expect(document.activeElement).toBe(name);
    expect([name.selectionStart, name.selectionEnd]).toEqual([0, 'Floor 2'.length]);
    edit(name, 'Mezzanine');
    expect(h.doc().layers[1]!.name).toBe('Mezzanine');
    // A file named like a floor keeps its name.
    act(() => upload!.applyFile(null, '/files/level-3.png', 'level-3.png', null));
    expect(h.doc().layers.map((l) => l.name)).toEqual(['Ground floor', 'Mezzanine', 'Level 3']);
  });

  it('names a blank floor the author has not named after the plan it takes, when the plan names a floor', () => {
    const doc = blankDocument();
    doc.layers.push({ id: 'lobby', name: 'Lobby', file: '' }, { id: 'layer-3', name: 'Floor 3', file: '' });
    let upload: ReturnType<typeof useLayerUpload> | null = null;
    function Uploader() {
      upload = useLayerUpload();
      return null;
    }
    const h = renderEditorPart(<Uploader />, { doc });
    act(() => upload!.applyFile('layer-1', '/files/ground.png', 'lower-ground.png', null));
    // A name the author gave stays; a plan whose name is no floor's leaves "Floor 3" as it is.
    act(() => upload!.applyFile('lobby', '/files/level-1.png', 'level-1.png', null));
    act(() => upload!.applyFile('layer-3', '/files/plan.png', 'plan_v3.png', null));
    expect(h.doc().layers.map((l) => [l.name, l.file])).toEqual([
      ['Lower ground', '/files/ground.png'],
      ['Lobby', '/files/level-1.png'],
      ['Floor 3', '/files/plan.png'],
    ]);
    // A floor that had a plan is named as it is: its plan is replaced, not its name.
    act(() => upload!.applyFile('layer-3', '/files/level-2.png', 'level-2.png', null));
    expect(h.doc().layers[2]!.name).toBe('Floor 3');
  });

  it('names a blank layer as a floor for visitors, shows it, and focuses its name for the author to rename it', () => {
    const h = renderEditorPart(<LayersPanel />, { doc: building() });
    fireEvent.click(screen.getByRole('button', { name: '+ Blank layer' }));
    expect(h.doc().layers.at(-1)).toEqual({ id: 'layer-4', name: 'Floor 4', file: '' });
    expect(h.jotai.get(layerAtom)).toBe('layer-4');
    const name = within(card('Floor 4')).getByLabelText('Name') as HTMLInputElement;
    expect(document.activeElement).toBe(name);
    expect([name.selectionStart, name.selectionEnd]).toEqual([0, 'Floor 4'.length]);
    edit(name, 'Basement');
    // The next one's number follows the floors there are, past a name or id already taken.
    act(() => void h.store.dispatch(addLayer, { layer: { id: 'layer-6', name: 'Floor 6', file: '' } }));
    fireEvent.click(screen.getByRole('button', { name: '+ Blank layer' }));
    expect(
      h
        .doc()
        .layers.slice(3)
        .map((l) => [l.id, l.name]),
    ).toEqual([
      ['layer-4', 'Basement'],
      ['layer-6', 'Floor 6'],
      ['layer-7', 'Floor 7'],
    ]);
  });

  it('gives a floor added from a file a short id of its own, never the file’s name, and keeps the ids there are', () => {
    const doc = building();
    let upload: ReturnType<typeof useLayerUpload> | null = null;
    function Uploader() {
      upload = useLayerUpload();
      return null;
    }
    const h = renderEditorPart(
      <>
        <LayersPanel />
        <Uploader />
      </>,
      { doc },
    );
    act(() => upload!.applyFile(null, '/files/my-plan-final-v3.png', 'my-plan-final-v3.png', null));
    act(() => upload!.applyFile(null, '/files/Level%205.png', 'Level 5.png', null));
    expect(h.doc().layers.map((l) => [l.id, l.name])).toEqual([
      ['ground', 'Ground floor'],
      ['first', 'First floor'],
      ['roof', 'Roof'],
      ['layer-4', 'Floor 4'],
      ['layer-5', 'Level 5'],
    ]);
    // A new file on an existing floor keeps its id (links to it stay good).
    act(() => upload!.applyFile('first', '/files/first-v2.png', 'first-v2.png', null));
    expect(h.doc().layers[1]).toEqual({ id: 'first', name: 'First floor', file: '/files/first-v2.png' });
  });

  it('sets a floor plan and the map size it asks for as one undo step, and changes nothing when a part is refused', () => {
    const doc = building();
    doc.layers[0]!.file = '/files/ground.svg';
    let upload: ReturnType<typeof useLayerUpload> | null = null;
    function Uploader() {
      upload = useLayerUpload();
      return null;
    }
    const h = renderEditorPart(<Uploader />, { doc });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    try {
      act(() => void upload!.applyFile('first', '/files/first.svg', 'first.svg', { width: 2000, height: 1000 }));
      expect(h.doc().layers[1]!.file).toBe('/files/first.svg');
      expect(h.doc().settings).toMatchObject({ mapWidth: 2000, mapHeight: 1000 });
      expect(h.store.getState().undoLabel).toBe('Set floor file');
      act(() => void h.store.undo());
      expect(h.doc()).toBe(doc);
      expect(h.store.getState().canUndo).toBe(false);
      // A size the map cannot take: the file is not set either, and the author is told why.
      act(() => void upload!.applyFile('first', '/files/first.svg', 'first.svg', { width: 0, height: 1000 }));
      expect(h.doc()).toBe(doc);
      expect(h.notices.at(-1)?.kind).toBe('error');
    } finally {
      confirm.mockRestore();
    }
  });
});
