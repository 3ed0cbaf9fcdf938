/**
 * The whole viewer on jsdom over a two-floor map with a route network, for tests of what directions do with the
 * address, the history and a phone's sheets. The test file mocks the stage (`vi.mock('../stage/stage', () =>
 * import('../stage-stand-in.fixtures'))`): jsdom draws nothing, and `ready` says a floor is drawn.
 */
import { MapState } from '@mapnest/shared/constants';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { stages } from '../stage-stand-in.fixtures';
import type { MapViewerInstance, ViewerOptions } from '../viewer-options';
import { createMapViewer } from '../viewer';

/** The viewers mounted, for the test's clean-up (`destroyViewers`). */
const viewers: MapViewerInstance[] = [];

type Point = [number, number];

function path(id: string, layer: string, points: Point[], lift = false): MapDocument['routes'][number] {
  return {
    id,
    layer,
    points,
    closed: false,
    weight: 1,
    inaccessible: false,
    connector: lift,
    ...(lift ? { endpoint: 'core', connectorKind: 'lift' as const } : {}),
  };
}

/** A hall on each of two floors, joined by a lift in the middle; a and b on the ground floor, c upstairs. */
export function twoFloors(): MapDocument {
  const doc = blankDocument();
  doc.layers = [
    { id: 'g', name: 'Ground', file: '' },
    { id: 'f', name: 'First', file: '' },
  ];
  doc.settings.defaultLayer = 'g';
  doc.settings.deepLinking = true;
  doc.settings.wayfinding.enabled = true;
  doc.locations = [
    { id: 'a', title: 'Shop A', layer: 'g', coord: [0.2, 0.5] },
    { id: 'b', title: 'Shop B', layer: 'g', coord: [0.8, 0.5] },
    { id: 'c', title: 'Cafe C', layer: 'f', coord: [0.8, 0.5] },
  ];
  const hall: Point[] = [
    [0.1, 0.5],
    [0.5, 0.5],
    [0.9, 0.5],
  ];
  const shaft: Point[] = [
    [0.5, 0.5],
    [0.5, 0.45],
  ];
  doc.routes = ['g', 'f'].flatMap((layer) => [
    path(`${layer}-hall`, layer, hall),
    path(`${layer}-lift`, layer, shaft, true),
  ]);
  return doc;
}

/**
 * The viewer of `twoFloors()` (or `options.document`) on the map's own page, in a box of `width`×`height`, its first
 * floor drawn. `ready(layer)` says another floor is drawn; `$` finds in the viewer.
 */
export function mountTwoFloors(width: number, height: number, options: Partial<ViewerOptions> = {}) {
  const host = document.createElement('div');
  host.style.padding = '0px';
  for (const [key, value] of [
    ['clientWidth', width],
    ['clientHeight', height],
  ] as const)
    Object.defineProperty(host, key, { configurable: true, value });
  document.body.append(host);
  const viewer = createMapViewer(host, {
    document: twoFloors(),
    mapId: 'two-floors',
    state: MapState.PRO,
    backCloses: true,
    height: 'fill',
    ...options,
  });
  viewers.push(viewer);
  const stage = stages.at(-1)!;
  const ready = (layer: string) => {
    stage.callbacks.onMarkersDrawn?.(layer);
    stage.callbacks.onLayerReady(layer);
  };
  ready(viewer.getState().layer);
  const $ = <T extends HTMLElement>(selector: string) => viewer.element.querySelector<T>(selector);
  return { viewer, ready, $ };
}

/** Destroys every viewer mounted and forgets the stand-in stages. */
export function destroyViewers(): void {
  for (const v of viewers.splice(0)) v.destroy();
  stages.length = 0;
}
