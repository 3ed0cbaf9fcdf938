import { describe, expect, it } from 'vitest';
import { blankDocument, strictMapDocument } from '@mapnest/shared/map-document';
import { importLocations } from './actions/structure';
import { recogniseRooms } from './actions/locations';
import { locationsFromRegions, planRecognise, titleFromId } from './recognise-svg';

const map = { width: 1000, height: 500 };
const box = (minX: number, minY: number, maxX: number, maxY: number) => ({ minX, minY, maxX, maxY });

describe('Recognise SVG', () => {
  it('makes a location per id’d shape at its centre, titled from data-name or the id', () => {
    const { locations, skipped } = locationsFromRegions(
      [
        { id: 'a101', name: 'Macy’s', box: box(100, 100, 300, 200) },
        { id: 'shop_b-2', name: '', box: box(500, 250, 600, 350) },
      ],
      map,
      new Set(),
      { layer: 'ground', type: 'hidden' },
    );
    expect(skipped).toEqual([]);
    expect(locations).toEqual([
      { id: 'a101', title: 'Macy’s', coord: [0.2, 0.3], type: 'hidden', layer: 'ground' },
      { id: 'shop_b-2', title: 'Shop b 2', coord: [0.55, 0.6], type: 'hidden', layer: 'ground' },
    ]);
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500, layerId: 'ground' });
    expect(strictMapDocument.safeParse(importLocations.perform(doc, { locations, mode: 'add' })).success).toBe(true);
  });

  it('skips ids already used, ids a location cannot have, empty shapes and backgrounds', () => {
    const { locations, skipped } = locationsFromRegions(
      [
        { id: 'taken', name: '', box: box(0, 0, 10, 10) },
        { id: 'has space', name: '', box: box(0, 0, 10, 10) },
        { id: 'dot', name: '', box: box(5, 5, 5, 5) },
        { id: 'background', name: '', box: box(0, 0, 1000, 500) },
        { id: 'twice', name: '', box: box(0, 0, 10, 10) },
        { id: 'twice', name: '', box: box(0, 0, 10, 10) },
      ],
      map,
      new Set(['taken']),
    );
    expect(locations.map((l) => l.id)).toEqual(['twice']);
    expect(skipped.map((s) => s.id)).toEqual(['taken', 'has space', 'dot', 'background', 'twice']);
  });

  it('turns ids into readable titles, keeping room numbers as written', () => {
    expect(titleFromId('food-court_2')).toBe('Food court 2');
    expect(titleFromId('_1-107')).toBe('1-107');
    expect(titleFromId('B2_10')).toBe('B2-10');
    // Illustrator's id of a layer named "105" (a name may not start with a digit), and of one named "1F Café".
    expect(titleFromId('_x31_05')).toBe('105');
    expect(titleFromId('_x31_F_Caf_xE9_')).toBe('1F Café');
    expect(titleFromId('room103f')).toBe('Room103f');
  });

  it('skips Mapplic groups, groups of rooms and tiny marks', () => {
    const { locations, skipped } = locationsFromRegions(
      [
        { id: 'MLOC_available', name: '', box: box(100, 100, 400, 300) },
        { id: 'wing-a', name: '', box: box(100, 100, 400, 300), container: true },
        { id: 'icon', name: '', box: box(10, 10, 11.5, 11.5) },
        { id: '_1-107', name: '', box: box(100, 100, 200, 200) },
      ],
      map,
      new Set(),
    );
    expect(locations.map((l) => [l.id, l.title])).toEqual([['_1-107', '1-107']]);
    expect(skipped.map((s) => [s.id, s.reason])).toEqual([
      ['MLOC_available', 'it is a group of rooms, not a room'],
      ['wing-a', 'it is a group of rooms, not a room'],
      ['icon', 'the shape is too small to be a room'],
    ]);
  });

  it('plans to link existing locations whose title matches a room instead of adding them twice', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500, layerId: 'f1' });
    doc.layers.push({ id: 'f2', name: '2F', file: '' });
    doc.settings.startLocation = 'room103f';
    doc.locations = [
      { id: 'room103f', title: '1-103', coord: [0.1, 0.1], layer: 'f1' },
      { id: 'lab', title: 'Lab', coord: [0.2, 0.2], layer: 'f1' },
      { id: 'linked', title: 'Linked', coord: [0.3, 0.3], layer: 'f1' },
      { id: 'upstairs', title: '１ー104', coord: [0.3, 0.3], layer: 'f2' },
    ];
    const plan = planRecognise(
      [
        { id: '_1-103', name: '', box: box(0, 0, 100, 100) },
        { id: 'r-lab', name: 'LAB', box: box(100, 0, 200, 100) },
        { id: 'linked', name: '', box: box(200, 0, 300, 100) },
        { id: '_1-104', name: '', box: box(300, 0, 400, 100) },
        { id: '_1-105', name: '', box: box(400, 0, 500, 100) },
      ],
      map,
      doc.locations,
      { layer: 'f1', type: 'hidden' },
    );
    expect(plan.bind).toEqual([
      { from: 'room103f', to: '_1-103', title: '1-103' },
      { from: 'lab', to: 'r-lab', title: 'Lab' },
    ]);
    // The location on another floor is not taken; the room already linked is not offered.
    expect(plan.add.map((l) => [l.id, l.title])).toEqual([
      ['_1-104', '1-104'],
      ['_1-105', '1-105'],
    ]);
    const next = recogniseRooms.perform(doc, { add: plan.add, bind: plan.bind });
    expect(strictMapDocument.safeParse(next).success).toBe(true);
    expect(next.locations.map((l) => l.id)).toEqual(['_1-103', 'r-lab', 'linked', 'upstairs', '_1-104', '_1-105']);
    expect(next.locations[0]).toMatchObject({ title: '1-103', coord: [0.1, 0.1] });
    expect(next.settings.startLocation).toBe('_1-103');
  });

  it('skips shapes that draw no area of their own, such as a group of text labels', () => {
    const { locations, skipped } = locationsFromRegions(
      [
        { id: 'labels', name: '', box: box(100, 100, 400, 300), noArea: true },
        { id: 'shop', name: '', box: box(100, 100, 200, 200) },
      ],
      map,
      new Set(),
    );
    expect(locations.map((l) => l.id)).toEqual(['shop']);
    expect(skipped).toEqual([
      { id: 'labels', reason: 'it draws no area of its own (only text or lines), so it is not a room' },
    ]);
  });

  it('adds the rooms of a floor whose ids locations on other floors have, each under an id of its own naming its shape', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500, layerId: 'floor-1' });
    doc.layers.push({ id: 'floor-2', name: 'Floor 2', file: '' });
    doc.locations = [
      { id: 'lift', title: 'Lift', layer: 'floor-1' },
      { id: 'stairs', title: 'Stairs', layer: 'floor-1' },
      { id: 'stairs-2', title: 'Stairs 1b', layer: 'floor-1' },
      { id: 'kiosk', title: 'Kiosk', layer: 'floor-2' },
      { id: 'everywhere', title: 'Everywhere' },
      { id: 'wc-upstairs', title: 'Toilets', layer: 'floor-2', coord: [0.5, 0.5] },
    ];
    const regions = [
      { id: 'lift', name: 'Lift', box: box(100, 100, 200, 200) },
      { id: 'stairs', name: '', box: box(200, 100, 300, 200) },
      { id: 'kiosk', name: '', box: box(300, 100, 400, 200) },
      { id: 'everywhere', name: '', box: box(400, 100, 500, 200) },
      { id: 'm201', name: 'Meeting 2.01', box: box(0, 300, 100, 400) },
      { id: 'wc', name: 'Toilets', box: box(100, 300, 200, 400) },
    ];
    // `wc` is no location's id: Toilets of this floor takes it; `lift` and `stairs` are held on floor 1.
    doc.locations.push({ id: 'wc', title: 'WC', layer: 'floor-1' });
    const plan = planRecognise(regions, map, doc.locations, { layer: 'floor-2', type: 'hidden' });
    expect(plan.add.map((l) => [l.id, l.shape, l.title, l.layer])).toEqual([
      ['lift-2', 'lift', 'Lift', 'floor-2'],
      ['stairs-3', 'stairs', 'Stairs', 'floor-2'],
      ['m201', undefined, 'Meeting 2.01', 'floor-2'],
    ]);
    // The location of this floor titled as the room names it as its shape (the id is another floor's location's).
    expect(plan.bind).toEqual([{ from: 'wc-upstairs', to: 'wc-upstairs', title: 'Toilets', shape: 'wc' }]);
    expect(plan.skipped).toEqual([
      { id: 'kiosk', reason: 'a location already stands for this shape' },
      { id: 'everywhere', reason: 'a location already stands for this shape' },
    ]);
    const next = recogniseRooms.perform(doc, { add: plan.add, bind: plan.bind });
    expect(strictMapDocument.safeParse(next).success).toBe(true);
    expect(next.locations.find((l) => l.id === 'wc-upstairs')).toMatchObject({ layer: 'floor-2', shape: 'wc' });
    // Recognising the floor again finds nothing new: each room has its location.
    const again = planRecognise(regions, map, next.locations, { layer: 'floor-2', type: 'hidden' });
    expect([again.add, again.bind]).toEqual([[], []]);
  });
});
