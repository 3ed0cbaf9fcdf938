/**
 * The connector form of a selected dead end starts from the connector the node is (so Set connector with nothing
 * changed changes nothing: stairs stay stairs, never made a step-free lift), else from the connector drawn on another
 * floor and still missing on this one (its same name joins the floors), else from a new name of its kind, which
 * follows the kind until the author types over it.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MapDocument } from '@mapnest/shared/map-document';
import { disposeHarnesses, renderEditorPart } from '../editor.fixtures';
import { fakeCanvas, hall, mall, node, press } from './wayfinding-panel.fixtures';
import { WayfindingPanel } from './WayfindingPanel';

afterEach(() => {
  disposeHarnesses();
  document.body.innerHTML = '';
});

type Route = MapDocument['routes'][number];
/** West stairs, drawn on the ground floor only: a short path from the hall's end, ending at the stairs. */
const westStairs: Route = {
  id: 'stairs-ground',
  layer: 'ground',
  points: [
    [0.5, 0.5],
    [0.5, 0.45],
  ],
  closed: false,
  connector: true,
  endpoint: 'west-stairs',
  connectorName: 'West stairs',
  connectorKind: 'stairs',
  weight: 1,
  inaccessible: true,
};

/** The form of the node at (x, y) on the floor shown, as the author sees it. */
function formAt(x: number, y: number, element: HTMLElement) {
  press(node(element, x, y), x * 1000, y * 1000);
  const card = within(screen.getByRole('group', { name: 'Selected node' }));
  const name = card.getByRole('combobox', { name: 'Name' }) as HTMLInputElement;
  const kind = card.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement;
  const stepFree = card.getByRole('checkbox') as HTMLInputElement;
  return { card, name, kind, stepFree };
}

describe('the connector form', () => {
  it('shows the connector selected as it is, and setting it unchanged keeps stairs stairs', () => {
    const doc = mall();
    doc.routes = [hall('ground'), westStairs, hall('upper')];
    const { element, state, canvas } = fakeCanvas();
    const view = renderEditorPart(<WayfindingPanel />, { map: { state: 3 }, doc, canvas });
    const f = formAt(0.5, 0.45, element);
    expect(f.card.getByRole('group', { name: 'Connector' })).toBeTruthy();
    expect([f.name.value, f.kind.value, f.stepFree.checked, f.stepFree.disabled]).toEqual([
      'West stairs',
      'stairs',
      false,
      true,
    ]);
    fireEvent.click(f.card.getByRole('button', { name: 'Set connector' }));
    expect(view.doc().routes.find((r) => r.id === 'stairs-ground')).toMatchObject({
      connectorName: 'West stairs',
      connectorKind: 'stairs',
      inaccessible: true,
    });

    // Upstairs, the hall's dead end is offered as the stairs' end still missing there.
    act(() => {
      state.floor = 'upper';
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Floor' }), { target: { value: 'upper' } });
    const up = formAt(0.5, 0.5, element);
    expect(up.card.getByRole('group', { name: 'Make it a connector' })).toBeTruthy();
    expect([up.name.value, up.kind.value]).toEqual(['West stairs', 'stairs']);
    // Its kind chosen again, or another kind: the stairs' name stays (only a name made for its kind follows it).
    fireEvent.change(up.kind, { target: { value: 'stairs' } });
    fireEvent.change(up.kind, { target: { value: 'escalator' } });
    fireEvent.change(up.kind, { target: { value: 'stairs' } });
    expect(up.name.value).toBe('West stairs');
    fireEvent.click(up.card.getByRole('button', { name: 'Set connector' }));
    const connectors = within(screen.getByRole('heading', { name: 'Connectors between floors' }).parentElement!);
    expect(connectors.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'West stairs · Stairs · Ground floor, First floor · not step-free',
    ]);
  });

  it('suggests a new name of its kind, selected whole, which follows the kind until typed over', () => {
    const doc = mall();
    doc.routes = [hall('ground')];
    const { element, canvas } = fakeCanvas();
    renderEditorPart(<WayfindingPanel />, { map: { state: 3 }, doc, canvas });
    const f = formAt(0.5, 0.5, element);
    expect([f.name.value, f.kind.value, f.stepFree.checked]).toEqual(['Lift 1', 'lift', true]);
    fireEvent.change(f.kind, { target: { value: 'stairs' } });
    expect(f.name.value).toBe('Stairs 1');
    fireEvent.focus(f.name);
    expect([f.name.selectionStart, f.name.selectionEnd]).toEqual([0, 'Stairs 1'.length]);
    fireEvent.change(f.name, { target: { value: 'North stairs' } });
    fireEvent.change(f.kind, { target: { value: 'escalator' } });
    expect(f.name.value).toBe('North stairs');
  });
});
