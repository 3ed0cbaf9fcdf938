/** A small mall and a canvas stand-in for the Wayfinding panel's tests: nodes pressed at screen points, 1,000 px a map unit. */
import { fireEvent } from '@testing-library/react';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { NetworkHost } from './network-layer';

/** Three floors (ground, upper, basement) of 1,000×1,000, a location on each. */
export function mall(): MapDocument {
  const doc = blankDocument();
  doc.layers = [
    { id: 'ground', name: 'Ground floor', file: '' },
    { id: 'upper', name: 'First floor', file: '' },
    { id: 'basement', name: 'Basement', file: '' },
  ];
  doc.settings.mapWidth = 1000;
  doc.settings.mapHeight = 1000;
  doc.locations = [
    { id: 'shoes', title: 'Shoe shop', coord: [0.1, 0.45], layer: 'ground' },
    { id: 'cafe', title: 'Cafe', coord: [0.2, 0.45], layer: 'upper' },
    { id: 'store', title: 'Storeroom', coord: [0.5, 0.5], layer: 'basement' },
  ];
  return doc;
}

/** A canvas stand-in: 1,000 screen px per map unit, no pan, the floor the test says. */
export function fakeCanvas() {
  const element = document.createElement('div');
  document.body.append(element);
  const state: { floor: string; place: ((centre: { x: number; y: number }) => void) | null } = {
    floor: 'ground',
    place: null,
  };
  const host: NetworkHost = {
    element,
    layer: () => state.floor,
    toScreen: (p) => ({ x: p[0] * 1000, y: p[1] * 1000 }),
    toMap: (p) => [p.x / 1000, p.y / 1000],
    aspect: () => 1,
    onViewChange: () => () => undefined,
    placeByKeys: (place) => (state.place = place),
  };
  return { element, state, canvas: { networkHost: () => host } };
}

export const svgOf = (el: HTMLElement) => el.querySelector('svg.mn-edit-network')!;
export function press(el: Element, x: number, y: number) {
  // The test DOM lays nothing out: the overlay's box is at 0,0, so client coordinates are screen points.
  fireEvent.pointerDown(el, { button: 0, clientX: x, clientY: y, pointerId: 1 });
  fireEvent.pointerUp(el, { button: 0, clientX: x, clientY: y, pointerId: 1 });
}
export const node = (el: HTMLElement, x: number, y: number) => svgOf(el).querySelector(`[data-node="[${x},${y}]"]`)!;

/** A hall on `layer`: one path from (0.1, 0.5) to a dead end at (0.5, 0.5). */
export const hall = (layer: string): MapDocument['routes'][number] => ({
  id: `hall-${layer}`,
  layer,
  points: [
    [0.1, 0.5],
    [0.5, 0.5],
  ],
  closed: false,
  connector: false,
  weight: 1,
  inaccessible: false,
});
