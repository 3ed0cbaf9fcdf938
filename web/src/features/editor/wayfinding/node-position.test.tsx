import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { useCommandKeys } from '../commands';
import { disposeHarnesses, renderEditorPart } from '../editor.fixtures';
import { announcementAtom, selectionAtom } from '../editor-state';
import type { NetworkHost } from './network-layer';
import { nodeCoordProblem, nodeMovedText } from './node-position';
import { WayfindingPanel } from './WayfindingPanel';

afterEach(() => {
  disposeHarnesses();
  document.body.innerHTML = '';
});

/** A corridor of two paths meeting at (0.3, 0.5) on a 1,000 px map, and a location beside it. */
function corridor(): MapDocument {
  const doc = blankDocument();
  doc.layers = [{ id: 'ground', name: 'Ground floor', file: '' }];
  doc.settings.mapWidth = 1000;
  doc.settings.mapHeight = 800;
  doc.locations = [{ id: 'shop', title: 'Shop', coord: [0.6, 0.6], layer: 'ground' }];
  const path = (id: string, points: [number, number][]) => ({
    id,
    layer: 'ground',
    points,
    closed: false,
    connector: false,
    weight: 1,
    inaccessible: false,
  });
  doc.routes = [
    path('a', [
      [0.1, 0.5],
      [0.3, 0.5],
    ]),
    path('b', [
      [0.3, 0.5],
      [0.3, 0.9],
    ]),
  ];
  return doc;
}

/** The canvas stand-in: its map (the focusable viewport the arrow keys are pressed on) and the network's host. */
function fakeCanvas() {
  const element = document.createElement('div');
  const viewport = document.createElement('div');
  viewport.className = 'mn-viewport';
  viewport.tabIndex = 0;
  element.append(viewport);
  document.body.append(element);
  const host: NetworkHost = {
    element,
    layer: () => 'ground',
    toScreen: (p) => ({ x: p[0] * 1000, y: p[1] * 1000 }),
    toMap: (p) => [p.x / 1000, p.y / 1000],
    aspect: () => 1,
    onViewChange: () => () => undefined,
    placeByKeys: () => undefined,
  };
  return { element, viewport, canvas: { networkHost: () => host } };
}

function Editor() {
  useCommandKeys();
  return <WayfindingPanel />;
}

function setUp() {
  const { element, viewport, canvas } = fakeCanvas();
  const view = renderEditorPart(<Editor />, { map: { state: 3 }, doc: corridor(), canvas });
  const select = (x: number, y: number) => {
    const el = element.querySelector(`svg.mn-edit-network [data-node="[${x},${y}]"]`)!;
    fireEvent.pointerDown(el, { button: 0, clientX: x * 1000, clientY: y * 1000, pointerId: 1 });
    fireEvent.pointerUp(el, { button: 0, clientX: x * 1000, clientY: y * 1000, pointerId: 1 });
  };
  const said = () => view.jotai.get(announcementAtom).text;
  const nodesOf = () => view.doc().routes.map((r) => r.points);
  return { view, viewport, select, said, nodesOf };
}

describe('a wayfinding node moved without a drag', () => {
  it('moves by the arrow keys on the map in every path that shares it, one undo step a press, and says where', () => {
    const { view, viewport, select, said, nodesOf } = setUp();
    // A location selected too stays where it is: the node is what the Wayfinding tab works on.
    act(() => view.jotai.set(selectionAtom, new Set(['shop'])));
    select(0.3, 0.5);
    expect(said()).toBe('Node selected on Ground floor at X 0.3, Y 0.5. The arrow keys on the map move it.');
    viewport.focus();
    fireEvent.keyDown(viewport, { key: 'ArrowRight' });
    expect(nodesOf()).toEqual([
      [
        [0.1, 0.5],
        [0.301, 0.5],
      ],
      [
        [0.301, 0.5],
        [0.3, 0.9],
      ],
    ]);
    expect(said()).toBe('Node moved to X 0.301, Y 0.5.');
    // Shift: 10 map pixels (of the longer side); a held key's repeats join its press's step.
    fireEvent.keyDown(viewport, { key: 'ArrowUp', shiftKey: true });
    fireEvent.keyDown(viewport, { key: 'ArrowUp', shiftKey: true, repeat: true });
    expect(nodesOf()[1]![0]![1]).toBeCloseTo(0.48, 9);
    expect(view.doc().locations[0]!.coord).toEqual([0.6, 0.6]);
    expect(view.store.getState().undoLabel).toBe('Move node');

    act(() => void view.store.undo());
    expect(nodesOf()[1]![0]).toEqual([0.301, 0.5]);
    act(() => void view.store.undo());
    expect(nodesOf()[1]![0]).toEqual([0.3, 0.5]);
  });

  it('leaves the keys to the map when the focus is elsewhere, and says when the node is at the edge', () => {
    const { viewport, select, said, nodesOf } = setUp();
    select(0.1, 0.5);
    const x = screen.getByRole('textbox', { name: 'X (0-1)' });
    x.focus();
    fireEvent.keyDown(x, { key: 'ArrowLeft' });
    expect(nodesOf()[0]![0]).toEqual([0.1, 0.5]);
    fireEvent.change(x, { target: { value: '0' } });
    fireEvent.keyDown(x, { key: 'Enter' });
    expect(nodesOf()[0]![0]).toEqual([0, 0.5]);
    viewport.focus();
    fireEvent.keyDown(viewport, { key: 'ArrowLeft' });
    expect(nodesOf()[0]![0]).toEqual([0, 0.5]);
    expect(said()).toBe('The node is at the edge of the map: it cannot go further that way.');
  });

  it('takes a typed X and Y, keeps its card and focus, and refuses a value off the map with its reason', () => {
    const { view, select, said, nodesOf } = setUp();
    select(0.3, 0.5);
    const card = within(screen.getByRole('group', { name: 'Selected node' }));
    const x = card.getByRole('textbox', { name: 'X (0-1)' }) as HTMLInputElement;
    const y = card.getByRole('textbox', { name: 'Y (0-1)' }) as HTMLInputElement;
    expect([x.value, y.value]).toEqual(['0.3', '0.5']);
    x.focus();
    fireEvent.change(x, { target: { value: '0.42' } });
    fireEvent.keyDown(x, { key: 'Enter' });
    expect(nodesOf().map((p) => p.find((q) => q[1] === 0.5 && q[0] !== 0.1))).toEqual([
      [0.42, 0.5],
      [0.42, 0.5],
    ]);
    expect(said()).toBe('Node moved to X 0.42, Y 0.5.');
    expect(document.activeElement).toBe(x);
    expect(screen.getByRole('group', { name: 'Selected node' })).toBeTruthy();

    const before = view.doc();
    fireEvent.change(y, { target: { value: '1.5' } });
    fireEvent.keyDown(y, { key: 'Enter' });
    expect(view.doc()).toBe(before);
    expect(card.getByText('That is off the map: Y goes from 0 (the top edge) to 1 (the bottom edge).')).toBeTruthy();
    expect(y.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(y, { target: { value: 'north' } });
    fireEvent.keyDown(y, { key: 'Enter' });
    expect(view.doc()).toBe(before);
    expect(card.getByText('Y must be a number from 0 to 1.')).toBeTruthy();

    // One undo step for the typed move.
    act(() => void view.store.undo());
    expect(nodesOf()[0]![1]).toEqual([0.3, 0.5]);
  });
});

describe('a wayfinding node selected without a pointer', () => {
  it('is chosen from the floor’s nodes, named by what is attached and where, then moves by the keys', () => {
    const { viewport, said, nodesOf } = setUp();
    const picker = screen.getByRole('combobox', { name: 'Select a node' }) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      'Choose a node of this floor…',
      'Node 1 · X 0.1, Y 0.5',
      'Node 2 · X 0.3, Y 0.5',
      'Node 3 · X 0.3, Y 0.9',
    ]);
    fireEvent.change(picker, { target: { value: '[0.3,0.9]' } });
    expect(said()).toBe('Node selected on Ground floor at X 0.3, Y 0.9. The arrow keys on the map move it.');
    expect(screen.getByRole('group', { name: 'Selected node' })).toBeTruthy();
    viewport.focus();
    fireEvent.keyDown(viewport, { key: 'ArrowDown' });
    expect(nodesOf()[1]![1]).toEqual([0.3, 0.901]);
    expect(picker.value).toBe('[0.3,0.901]');
  });
});

describe('a wayfinding edge selected without a pointer', () => {
  it('is chosen from the floor’s edges, named by its nodes and its step, and marked step-free from its card', () => {
    const { view, said } = setUp();
    const picker = screen.getByRole('combobox', { name: 'Select an edge' }) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      'Choose an edge of this floor…',
      'Edge 1 · Node 1 – Node 2',
      'Edge 2 · Node 2 – Node 3',
    ]);
    fireEvent.change(picker, { target: { value: picker.options[2]!.value } });
    expect(said()).toBe('Edge selected. Delete removes it.');
    const card = within(screen.getByRole('group', { name: 'Selected edge' }));
    fireEvent.click(card.getByRole('checkbox', { name: 'Step-free (no step on this edge)' }));
    expect(view.doc().routes.map((r) => [r.id, r.inaccessible])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    // The list says the step, and keeps the edge chosen.
    expect(picker.selectedOptions[0]!.textContent).toBe('Edge 2 · Node 2 – Node 3 · not step-free');
    // The node list does not claim an edge is a node.
    expect((screen.getByRole('combobox', { name: 'Select a node' }) as HTMLSelectElement).value).toBe('');
  });
});

describe('node position words', () => {
  it('says when a node lands on another one and becomes one with it', () => {
    expect(nodeMovedText(corridor(), 'ground', [0.1, 0.5])).toBe(
      'Node moved onto another node at X 0.1, Y 0.5: they are one node now.',
    );
    expect(nodeMovedText(corridor(), 'ground', [0.12345678, 0.5])).toBe('Node moved to X 0.1235, Y 0.5.');
  });

  it('refuses a coordinate that is not a number on the map', () => {
    expect(nodeCoordProblem('X', '-0.1')).toBe(
      'That is off the map: X goes from 0 (the left edge) to 1 (the right edge).',
    );
    expect(nodeCoordProblem('X', ' ')).toBe('X must be a number from 0 to 1.');
    expect(nodeCoordProblem('Y', '1')).toBeNull();
  });
});
