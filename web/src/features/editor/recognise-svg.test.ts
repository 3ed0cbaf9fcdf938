import { describe, expect, it } from 'vitest';
import { blankDocument, strictMapDocument } from '@mapnest/shared/map-document';
import { importLocations } from './actions/structure';
import { locationsFromRegions, titleFromId } from './recognise-svg';

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

  it('turns ids into readable titles', () => {
    expect(titleFromId('food-court_2')).toBe('Food court 2');
  });
});
