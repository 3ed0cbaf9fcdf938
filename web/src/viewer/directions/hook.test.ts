import { describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { MapState } from '@mapnest/shared/constants';
import { buildModel } from '../viewer-model';
import { directionsAvailable } from './hook';

function model(enabled: boolean, routes: boolean) {
  const doc = blankDocument();
  doc.settings.wayfinding.enabled = enabled;
  if (routes)
    doc.routes = [
      {
        id: 'hall',
        layer: 'layer-1',
        points: [
          [0.1, 0.5],
          [0.9, 0.5],
        ],
        closed: false,
        connector: false,
        weight: 1,
        inaccessible: false,
      },
    ];
  return buildModel(doc);
}

describe('directionsAvailable', () => {
  it('needs a state with wayfinding, wayfinding switched on and a network', () => {
    expect(directionsAvailable(model(true, true), MapState.PRO)).toBe(true);
    expect(directionsAvailable(model(true, true), MapState.DEMO)).toBe(true);
    for (const state of [MapState.TEST, MapState.LIVE, null, undefined])
      expect(directionsAvailable(model(true, true), state)).toBe(false);
    expect(directionsAvailable(model(false, true), MapState.PRO)).toBe(false);
    expect(directionsAvailable(model(true, false), MapState.PRO)).toBe(false);
  });
});
