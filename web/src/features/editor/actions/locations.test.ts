import { describe, expect, it } from 'vitest';
import { blankDocument, MAP_LIMITS, strictMapDocument, type MapDocument } from '@mapnest/shared/map-document';
import {
  addLocation,
  bulkUpdateLocations,
  cleanCoord,
  deleteLocations,
  copyIds,
  duplicateLocations,
  moveLocation,
  moveLocations,
  nextLocationId,
  pasteLocations,
  reorderLocation,
  updateLocation,
} from './locations';
import { ActionError } from './registry';
import { siteStatuses } from '@mapnest/shared/group-styles.fixtures';

function sample(): MapDocument {
  const doc = blankDocument();
  doc.layers.push({ id: 'upper', name: 'Upper', file: '' });
  doc.groups = [
    { id: 'food', name: 'Food' },
    { id: 'shops', name: 'Shops' },
  ];
  doc.styles = [{ id: 'anchor', markers: true, svg: true, normal: {}, hover: {}, active: {} }];
  doc.locations = [
    { id: 'a', title: 'A', coord: [0.1, 0.1], layer: 'layer-1', groups: ['food'] },
    { id: 'b', title: 'B', coord: [0.5, 0.5] },
    { id: 'c', title: 'C', coord: [0.9, 0.9], layer: 'upper' },
  ];
  doc.settings.startLocation = 'b';
  doc.routes = [
    {
      id: 'r1',
      layer: 'layer-1',
      points: [
        [0, 0],
        [1, 1],
      ],
      closed: false,
      endpoint: 'b',
      connector: false,
      weight: 1,
      inaccessible: false,
    },
  ];
  return doc;
}

const valid = (doc: MapDocument) => expect(strictMapDocument.safeParse(doc).success).toBe(true);

describe('location.add', () => {
  it('adds a location at the clicked point on the current layer and keeps the document valid', () => {
    const doc = sample();
    const id = nextLocationId(doc);
    const next = addLocation.perform(doc, { id, coord: [0.25, 0.75], layer: 'upper' });
    expect(next.locations).toHaveLength(4);
    expect(id).toMatch(/^location-[a-z2-9]{6}$/);
    expect(next.locations[3]).toMatchObject({
      id,
      coord: [0.25, 0.75],
      layer: 'upper',
      title: 'Location 4',
    });
    expect(doc.locations).toHaveLength(3);
    valid(next);
  });

  it('never gives a new location the id of one deleted before it, so links and analytics do not pass to it', () => {
    let doc = sample();
    const added: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = nextLocationId(doc);
      doc = addLocation.perform(doc, { id, coord: [0.1 * i, 0.5] });
      added.push(id);
    }
    doc = deleteLocations.perform(doc, { ids: [added[2]!] });
    const again = nextLocationId(doc);
    expect(again).not.toBe(added[2]);
    expect(new Set(Array.from({ length: 2000 }, () => nextLocationId(doc))).size).toBe(2000);
    valid(addLocation.perform(doc, { id: again, coord: [0.9, 0.9] }));
  });

  it('names a copy after what it copies', () => {
    const doc = sample();
    expect(copyIds(doc, ['a'])).toEqual(['a-copy']);
    expect(copyIds(doc, ['a'], true)).toEqual(['a-copy']);
  });

  it('rejects a duplicate id and leaves the document unchanged', () => {
    const doc = sample();
    expect(() => addLocation.perform(doc, { id: 'a', coord: [0, 0] })).toThrow(
      'There is already a location with the id "a"',
    );
  });

  it('clamps points outside the map to its edges', () => {
    const next = addLocation.perform(sample(), { id: 'x', coord: [-0.2, 1.7] });
    expect(next.locations.at(-1)?.coord).toEqual([0, 1]);
  });

  it('records latitude and longitude on a geo-calibrated map', () => {
    const doc = sample();
    doc.settings.geo = { extent: [-180, -85, 180, 85] };
    const next = addLocation.perform(doc, { id: 'x', coord: [0.5, 0.5] });
    const [lat, lon] = next.locations.at(-1)!.latlon!;
    expect(lat).toBeCloseTo(0, 4);
    expect(lon).toBeCloseTo(0, 4);
  });
});

describe('location.update', () => {
  it('changes fields and removes emptied ones', () => {
    const next = updateLocation.perform(sample(), { id: 'a', patch: { title: 'Alpha', about: 'Hello', groups: [] } });
    expect(next.locations[0]).toEqual({ id: 'a', title: 'Alpha', about: 'Hello', coord: [0.1, 0.1], layer: 'layer-1' });
    valid(next);
  });

  it('renames the id and rewrites references to it', () => {
    const next = updateLocation.perform(sample(), { id: 'b', patch: { id: 'bravo' } });
    expect(next.locations[1]!.id).toBe('bravo');
    expect(next.settings.startLocation).toBe('bravo');
    expect(next.routes[0]!.endpoint).toBe('bravo');
    valid(next);
  });

  it('rejects an id that is taken or malformed', () => {
    expect(() => updateLocation.perform(sample(), { id: 'b', patch: { id: 'a' } })).toThrow(
      'already a location with the id "a"',
    );
    expect(() => updateLocation.perform(sample(), { id: 'b', patch: { id: 'has space' } })).toThrow(ActionError);
  });

  it('rejects bad values with the field name', () => {
    expect(() => updateLocation.perform(sample(), { id: 'a', patch: { color: 'red' } })).toThrow(
      'Location "a" (color): Must be a hex color',
    );
    expect(() => updateLocation.perform(sample(), { id: 'a', patch: { link: 'javascript:alert(1)' } })).toThrow(
      '(link)',
    );
    expect(() => updateLocation.perform(sample(), { id: 'a', patch: { groups: ['nope'] } })).toThrow(
      'Unknown group "nope"',
    );
    expect(() => updateLocation.perform(sample(), { id: 'zz', patch: {} })).toThrow(
      'There is no location with the id "zz"',
    );
  });
});

describe('location.move', () => {
  it('moves a location and keeps its latitude/longitude in step on a geo map', () => {
    const doc = sample();
    doc.settings.geo = { extent: [-180, -85, 180, 85] };
    doc.locations[1] = { ...doc.locations[1]!, latlon: [10, 10] };
    const next = moveLocation.perform(doc, { id: 'b', coord: [0.75, 0.5] });
    expect(next.locations[1]!.coord).toEqual([0.75, 0.5]);
    expect(next.locations[1]!.latlon![1]).toBeCloseTo(90, 4);
    expect(next.locations[0]).toBe(doc.locations[0]);
  });
});

describe('location.moveMany', () => {
  it('moves every location by the same offset in one step, clamped to the map', () => {
    const next = moveLocations.perform(sample(), { ids: ['a', 'b', 'c', 'b'], by: [0.05, -0.02] });
    expect(next.locations.map((l) => l.coord)).toEqual([
      [0.15, 0.08],
      [0.55, 0.48],
      [0.95, 0.88],
    ]);
    const edge = moveLocations.perform(sample(), { ids: ['c'], by: [0.5, 0.5] });
    expect(edge.locations[2]!.coord).toEqual([1, 1]);
  });

  it('refuses an unknown id or a non-finite offset, changing nothing', () => {
    expect(() => moveLocations.perform(sample(), { ids: ['a', 'nope'], by: [0.1, 0] })).toThrow(ActionError);
    expect(() => moveLocations.perform(sample(), { ids: ['a'], by: [Number.NaN, 0] })).toThrow(ActionError);
  });
});

describe('location.delete', () => {
  it('deletes the selection and clears settings that pointed at it', () => {
    const next = deleteLocations.perform(sample(), { ids: ['b', 'c'] });
    expect(next.locations.map((l) => l.id)).toEqual(['a']);
    expect(next.settings.startLocation).toBeNull();
    valid(next);
  });

  it('returns the same document when nothing matches', () => {
    const doc = sample();
    expect(deleteLocations.perform(doc, { ids: ['zz'] })).toBe(doc);
  });
});

describe('location.reorder and location.duplicate', () => {
  it('moves a location in the list', () => {
    expect(reorderLocation.perform(sample(), { id: 'c', to: 0 }).locations.map((l) => l.id)).toEqual(['c', 'a', 'b']);
    expect(reorderLocation.perform(sample(), { id: 'a', to: 2 }).locations.map((l) => l.id)).toEqual(['b', 'c', 'a']);
  });

  it('returns the same document for a move onto its own place, and rejects an unknown id', () => {
    const doc = sample();
    expect(reorderLocation.perform(doc, { id: 'b', to: 1 })).toBe(doc);
    expect(() => reorderLocation.perform(doc, { id: 'zz', to: 0 })).toThrow('There is no location with the id "zz"');
  });

  it('duplicates next to the original, slightly offset', () => {
    const next = duplicateLocations.perform(sample(), { ids: ['a'], newIds: ['a-2'] });
    expect(next.locations.map((l) => l.id)).toEqual(['a', 'a-2', 'b', 'c']);
    expect(next.locations[1]!.coord).toEqual([0.12, 0.12]);
    valid(next);
  });

  it('duplicates several in one step, each after its original, and refuses what it cannot do, changing nothing', () => {
    const doc = sample();
    const newIds = copyIds(doc, ['c', 'a']);
    expect(newIds).toEqual(['c-copy', 'a-copy']);
    const next = duplicateLocations.perform(doc, { ids: ['c', 'a'], newIds });
    expect(next.locations.map((l) => l.id)).toEqual(['a', 'a-copy', 'b', 'c', 'c-copy']);
    expect(duplicateLocations.describe!(doc, { ids: ['c', 'a'], newIds })).toBe('Duplicate locations');
    valid(next);
    // Copies of copies count on: the ids of this map and of the copies made before in the same pass are taken.
    expect(copyIds(next, ['a', 'a-copy', 'a'])).toEqual(['a-copy-2', 'a-copy-copy', 'a-copy-3']);
    // A location cut or from another map keeps an id that is free.
    expect(copyIds(doc, ['shop-9', 'a'], true)).toEqual(['shop-9', 'a-copy']);
    expect(() => duplicateLocations.perform(doc, { ids: ['zz'], newIds: ['zz-copy'] })).toThrow(
      'There is no location with the id "zz"',
    );
    expect(() => duplicateLocations.perform(doc, { ids: ['a', 'a'], newIds: ['a-1', 'a-2'] })).toThrow(
      'Location "a" is named twice to be copied',
    );
    expect(() => duplicateLocations.perform(doc, { ids: ['a'], newIds: ['b'] })).toThrow();
    expect(() => duplicateLocations.perform(doc, { ids: ['a'], newIds: [] })).toThrow('Each copy needs an id');
  });
});

/** A site plan: lots in the groups Available and Sold, drawn in the styles of those names. */
function sitePlan(): MapDocument {
  const doc = { ...blankDocument(), ...siteStatuses() };
  doc.locations = ['lot-1', 'lot-2', 'lot-3'].map((id) => ({
    id,
    coord: [0.5, 0.5],
    groups: ['available'],
    style: 'st-available',
  }));
  return doc;
}

describe('a lot moved to another status', () => {
  it('takes that status’s style in the same step, from the location form', () => {
    const sold = updateLocation.perform(sitePlan(), { id: 'lot-1', patch: { groups: ['sold'] } });
    expect(sold.locations[0]).toMatchObject({ groups: ['sold'], style: 'st-sold' });
    valid(sold);
    // A style given with the groups is the one it takes.
    const own = updateLocation.perform(sitePlan(), { id: 'lot-1', patch: { groups: ['sold'], style: 'st-available' } });
    expect(own.locations[0]!.style).toBe('st-available');
  });

  it('takes it with Move to group, unless a style is given too', () => {
    const moved = bulkUpdateLocations.perform(sitePlan(), { ids: ['lot-1', 'lot-2'], patch: { groups: ['sold'] } });
    expect(moved.locations.map((l) => l.style)).toEqual(['st-sold', 'st-sold', 'st-available']);
    const swapped = bulkUpdateLocations.perform(sitePlan(), {
      ids: ['lot-3'],
      patch: { addGroups: ['sold'], removeGroups: ['available'] },
    });
    expect(swapped.locations[2]).toMatchObject({ groups: ['sold'], style: 'st-sold' });
    const styled = bulkUpdateLocations.perform(sitePlan(), {
      ids: ['lot-1'],
      patch: { groups: ['sold'], style: null },
    });
    expect(styled.locations[0]!.style).toBeUndefined();
  });
});

describe('location.bulkUpdate', () => {
  it('sets layer, style and colour and adds and removes groups on every selected location', () => {
    const next = bulkUpdateLocations.perform(sample(), {
      ids: ['a', 'b'],
      patch: { layer: 'upper', style: 'anchor', color: '#ff0000', addGroups: ['shops'], removeGroups: ['food'] },
    });
    expect(next.locations[0]).toMatchObject({ layer: 'upper', style: 'anchor', color: '#ff0000', groups: ['shops'] });
    expect(next.locations[1]).toMatchObject({ layer: 'upper', style: 'anchor', groups: ['shops'] });
    expect(next.locations[2]).toEqual(sample().locations[2]);
    valid(next);
  });

  it('moves every selected location to one group, out of the others, or out of every group', () => {
    const doc = sample();
    doc.locations[1]!.groups = ['shops'];
    const moved = bulkUpdateLocations.perform(doc, { ids: ['a', 'b'], patch: { groups: ['shops'] } });
    expect(moved.locations.map((l) => l.groups)).toEqual([['shops'], ['shops'], undefined]);
    valid(moved);
    const none = bulkUpdateLocations.perform(doc, { ids: ['a', 'b'], patch: { groups: [] } });
    expect(none.locations.map((l) => l.groups)).toEqual([undefined, undefined, undefined]);
    expect(() => bulkUpdateLocations.perform(doc, { ids: ['a'], patch: { groups: ['sold'] } })).toThrow(
      'Unknown group "sold"',
    );
  });

  it('removes a field with null and rejects unknown groups', () => {
    const next = bulkUpdateLocations.perform(sample(), { ids: ['a'], patch: { layer: null } });
    expect(next.locations[0]!.layer).toBeUndefined();
    expect(() => bulkUpdateLocations.perform(sample(), { ids: ['a'], patch: { addGroups: ['x'] } })).toThrow(
      'Unknown group "x"',
    );
    expect(() => bulkUpdateLocations.perform(sample(), { ids: ['a'], patch: { color: 'blue' } })).toThrow('color');
  });
});

describe('cleanCoord', () => {
  it('rejects non-finite positions', () => {
    expect(() => cleanCoord([NaN, 0])).toThrow(ActionError);
  });
});

describe('pasteLocations', () => {
  it('adds copies at the end, moved a little, on the floor shown, keeping the groups and style this map has', () => {
    const doc = sample();
    const from = [
      { ...doc.locations[0]!, groups: ['food', 'elsewhere'], style: 'anchor' },
      { id: 'x', title: 'From another map', coord: [0.2, 0.2] as [number, number], style: 'gone', groups: ['gone'] },
    ];
    const next = pasteLocations.perform(doc, {
      locations: from,
      ids: ['a-copy', 'x'],
      centre: [0.5, 0.5],
      layer: 'upper',
    });
    expect(strictMapDocument.safeParse(next).success).toBe(true);
    expect(next.locations.slice(3)).toEqual([
      { id: 'a-copy', title: 'A', coord: [0.12, 0.12], layer: 'upper', groups: ['food'], style: 'anchor' },
      { id: 'x', title: 'From another map', coord: [0.22, 0.22] },
    ]);
  });

  it('brings the groups and style copies are in from another map: this map’s of the same name, else added', () => {
    const doc = sample();
    const copy = (id: string, groups: string[], style?: string) => ({
      id,
      coord: [0.3, 0.3] as [number, number],
      groups,
      style,
    });
    const next = pasteLocations.perform(doc, {
      locations: [
        copy('x1', ['eat', 'toys', 'toys'], 'big'),
        copy('x2', ['food', 'unsaid']),
        copy('x3', ['shops'], 'anchor'),
      ],
      ids: ['x1', 'x2', 'x3'],
      centre: [0.5, 0.5],
      layer: null,
      refs: {
        groups: [
          { id: 'eat', name: '  FOOD ' },
          { id: 'toys', name: 'Toys', color: '#123456', hide: true },
          { id: 'shops', name: 'Boutiques' },
        ],
        styles: [
          { id: 'big', name: 'Big', markers: true, svg: false, normal: { fill: '#ff0000' }, hover: {}, active: {} },
        ],
      },
    });
    expect(strictMapDocument.safeParse(next).success).toBe(true);
    // "FOOD" is this map's Food; Toys and the style are added as they were; an id this map has is its own group.
    expect(next.groups).toEqual([...doc.groups, { id: 'toys', name: 'Toys', color: '#123456', hide: true }]);
    expect(next.styles.map((st) => st.id)).toEqual(['anchor', 'big']);
    expect(next.locations.slice(3).map((l) => [l.id, l.groups, l.style])).toEqual([
      ['x1', ['food', 'toys'], 'big'],
      // A group named with no definition copied (hand-written JSON) is left off, as before groups travelled.
      ['x2', ['food'], undefined],
      ['x3', ['shops'], 'anchor'],
    ]);
    // The map's limit on groups holds, changing nothing.
    const full = {
      ...doc,
      groups: Array.from({ length: MAP_LIMITS.groups }, (_, i) => ({ id: `g${i}`, name: `G ${i}` })),
    };
    expect(() =>
      pasteLocations.perform(full, {
        locations: [copy('x1', ['toys'])],
        ids: ['x1'],
        centre: [0.5, 0.5],
        layer: null,
        refs: { groups: [{ id: 'toys', name: 'Toys' }], styles: [] },
      }),
    ).toThrow(`A map holds at most ${MAP_LIMITS.groups} groups`);
  });

  it('places a copy bound to a shape (no point) in the middle of the view, and follows a geo map’s positions', () => {
    const doc = sample();
    doc.settings.geo = { extent: [-180, -85, 180, 85] };
    const next = pasteLocations.perform(doc, {
      locations: [{ id: 'room-1', title: 'Room 1' }],
      ids: ['room-1'],
      centre: [0.5, 0.5],
      layer: null,
    });
    const pasted = next.locations.at(-1)!;
    expect(pasted.coord).toEqual([0.5, 0.5]);
    expect(pasted.latlon!.map((v) => v + 0)).toEqual([0, 0]);
  });

  it('refuses an id in use and a paste past the map’s limit, changing nothing', () => {
    const doc = sample();
    expect(() =>
      pasteLocations.perform(doc, { locations: [doc.locations[0]!], ids: ['b'], centre: [0.5, 0.5], layer: null }),
    ).toThrow(ActionError);
    const many = Array.from({ length: MAP_LIMITS.locations }, (_, i) => ({
      id: `p${i}`,
      coord: [0.5, 0.5] as [number, number],
    }));
    expect(() =>
      pasteLocations.perform(doc, { locations: many, ids: many.map((l) => l.id), centre: [0.5, 0.5], layer: null }),
    ).toThrow(/at most/);
  });
});

describe('the shapes locations stand for (ADR 061)', () => {
  /** Two floors drawn alike: each floor's lift has its location, floor 2's naming the shape `lift`. */
  function lifts(): MapDocument {
    const doc = blankDocument({ layerId: 'f1', layerName: 'Floor 1' });
    doc.layers.push({ id: 'f2', name: 'Floor 2', file: '' });
    doc.locations = [
      { id: 'lift', layer: 'f1' },
      { id: 'lift-2', layer: 'f2', shape: 'lift' },
      { id: 'desk', layer: 'f2', coord: [0.5, 0.5] },
      { id: 'kiosk', coord: [0.2, 0.2] },
    ];
    return doc;
  }
  const valid = (doc: MapDocument) => expect(strictMapDocument.safeParse(doc).success).toBe(true);

  it('refuses an edit that would make a second location of a floor stand for a shape, naming both and the floor', () => {
    const doc = lifts();
    expect(() => updateLocation.perform(doc, { id: 'desk', patch: { shape: 'lift' } })).toThrow(
      new ActionError(
        'Locations "lift-2" and "desk" both stand for the shape "lift" on the floor "Floor 2"; a shape of a floor has one location',
      ),
    );
    // Moving floor 1's lift to floor 2, or renaming the desk to the shape's id, would do the same.
    expect(() => updateLocation.perform(doc, { id: 'lift', patch: { layer: 'f2' } })).toThrow(ActionError);
    expect(() => updateLocation.perform(doc, { id: 'desk', patch: { id: 'lift' } })).toThrow(ActionError);
    expect(() => bulkUpdateLocations.perform(doc, { ids: ['lift'], patch: { layer: 'f2' } })).toThrow(ActionError);
    expect(() => updateLocation.perform(doc, { id: 'lift-2', patch: { layer: undefined } })).toThrow(
      'the shape "lift" needs a floor',
    );
    // Its own id is what a location stands for without a shape: none is stored.
    const own = updateLocation.perform(doc, { id: 'lift-2', patch: { shape: 'lift-2' } });
    expect(own.locations[1]).toEqual({ id: 'lift-2', layer: 'f2' });
    valid(updateLocation.perform(doc, { id: 'desk', patch: { shape: 'reception' } }));
  });

  it('copies a location without the shape its original stands for, unless the shape is free on the copy’s floor', () => {
    const doc = lifts();
    const copy = duplicateLocations.perform(doc, { ids: ['lift-2'], newIds: ['lift-2-copy'] });
    expect(copy.locations[2]).toEqual({ id: 'lift-2-copy', layer: 'f2' });
    valid(copy);
    const centre: [number, number] = [0.5, 0.5];
    const pasted = pasteLocations.perform(doc, {
      locations: [doc.locations[1]!, { id: 'stairs-9', layer: 'f9', shape: 'stairs' }],
      ids: ['lift-3', 'stairs-9'],
      centre,
      layer: 'f2',
    });
    // Floor 2's lift has its location; its stairs are free.
    expect(pasted.locations.slice(4).map((l) => [l.id, l.layer, l.shape])).toEqual([
      ['lift-3', 'f2', undefined],
      ['stairs-9', 'f2', 'stairs'],
    ]);
    valid(pasted);
  });

  it('refuses a new location whose id is a shape another location of its floor stands for', () => {
    const doc = lifts();
    expect(() => addLocation.perform(doc, { id: 'lift', coord: [0.5, 0.5], layer: 'f2' })).toThrow(ActionError);
    valid(addLocation.perform(doc, { id: 'stairs', coord: [0.5, 0.5], layer: 'f2' }));
  });
});
