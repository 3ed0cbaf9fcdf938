import { describe, expect, it } from 'vitest';
import { blankDocument } from './map-document';
import { MapState } from '../constants';
import { hasWayfinding, previewState, publishableDocument } from './wayfinding';

const withNetwork = () => {
  const doc = blankDocument();
  doc.settings.wayfinding.enabled = true;
  doc.routes = [
    {
      id: 'r',
      layer: 'layer-1',
      points: [
        [0, 0],
        [1, 1],
      ],
      closed: false,
      connector: false,
      weight: 1,
      inaccessible: false,
    },
  ];
  return doc;
};

describe('previewState', () => {
  it('previews a test map with directions, to try them before subscribing; a Basic map stays without', () => {
    expect(hasWayfinding(previewState(MapState.TEST))).toBe(true);
    expect(hasWayfinding(previewState(MapState.LIVE))).toBe(false);
    for (const state of [MapState.PRO, MapState.DEMO, MapState.ADMIN]) expect(previewState(state)).toBe(state);
    // The published copy of a test map still has none.
    const doc = blankDocument();
    doc.settings.wayfinding.enabled = true;
    expect(publishableDocument(doc, MapState.TEST).settings.wayfinding.enabled).toBe(false);
  });
});

describe('publishableDocument', () => {
  it('keeps the network of Professional, demo and administrator maps', () => {
    for (const state of [MapState.PRO, MapState.DEMO, MapState.ADMIN]) {
      expect(hasWayfinding(state)).toBe(true);
      const doc = withNetwork();
      expect(publishableDocument(doc, state)).toBe(doc);
    }
  });

  it('publishes test and Basic maps without routes and with wayfinding off, leaving the author document alone', () => {
    for (const state of [MapState.TEST, MapState.LIVE]) {
      expect(hasWayfinding(state)).toBe(false);
      const doc = withNetwork();
      const out = publishableDocument(doc, state);
      expect(out.routes).toEqual([]);
      expect(out.settings.wayfinding.enabled).toBe(false);
      expect(out.locations).toBe(doc.locations);
      expect(doc.routes).toHaveLength(1);
      expect(doc.settings.wayfinding.enabled).toBe(true);
    }
  });
});
