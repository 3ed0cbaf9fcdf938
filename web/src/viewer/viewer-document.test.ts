import { describe, expect, it } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { viewerStart } from './viewer-document';

/** A two-floor map: `ground` (the first) and `upper`, with a shop on each and one without a floor. */
function twoFloors(change: (d: MapDocument) => void = () => undefined): MapDocument {
  const d = blankDocument({ layerId: 'ground', file: '/ground.svg' });
  d.layers.push({ id: 'upper', name: 'Upper', file: '/upper.svg' });
  d.locations = [
    { id: 'a', title: 'A', layer: 'ground', coord: [0.2, 0.2] },
    { id: 'b', title: 'B', layer: 'upper', coord: [0.4, 0.4] },
    { id: 'c', title: 'C', coord: [0.6, 0.6] },
  ] as MapDocument['locations'];
  change(d);
  return d;
}

describe('where a viewer starts', () => {
  it('starts on the deep-linked location and its floor', () => {
    expect(viewerStart(twoFloors(), 'b')).toEqual({ location: 'b', layer: 'upper' });
  });

  it('starts on the map’s start location and its floor when there is no deep link, or one to nothing', () => {
    const d = twoFloors((m) => (m.settings.startLocation = 'b'));
    expect(viewerStart(d, null)).toEqual({ location: 'b', layer: 'upper' });
    expect(viewerStart(d, 'gone')).toEqual({ location: 'b', layer: 'upper' });
    expect(viewerStart(d, 'a')).toEqual({ location: 'a', layer: 'ground' });
  });

  it('shows the default floor when the location has none, names a floor the map lacks, or nothing is named', () => {
    const d = twoFloors((m) => (m.settings.defaultLayer = 'upper'));
    expect(viewerStart(d, 'c')).toEqual({ location: 'c', layer: 'upper' });
    expect(viewerStart(d, null)).toEqual({ location: null, layer: 'upper' });
    const lost = twoFloors((m) => (m.locations[1]!.layer = 'basement'));
    expect(viewerStart(lost, 'b')).toEqual({ location: 'b', layer: 'ground' });
    // A default floor the map no longer has: its first floor.
    expect(
      viewerStart(
        twoFloors((m) => (m.settings.defaultLayer = 'roof')),
        null,
      ).layer,
    ).toBe('ground');
  });
});
