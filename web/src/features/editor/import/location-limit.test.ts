import { describe, expect, it } from 'vitest';
import { MAP_LIMITS } from '@mapnest/shared/map-rules';
import type { Location } from '@mapnest/shared/map-document';
import { overLocationLimit } from './location-limit';

const many = (n: number, prefix = 'b'): Location[] => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}` }));

describe('overLocationLimit', () => {
  it('counts the locations the map would have: its own and the new ids, or the file’s alone when replacing', () => {
    const doc = { locations: many(MAP_LIMITS.locations - 1) };
    // One new booth fits; an update of one the map has adds nothing.
    expect(overLocationLimit(doc, [{ id: 'new-1' }, { id: 'b7' }], false)).toBeNull();
    expect(overLocationLimit(doc, [{ id: 'new-1' }, { id: 'new-2' }], false)).toBe(
      'With this import the map would have 100,001 locations, and a map holds at most 100,000. Import fewer rows, or share the locations between two maps.',
    );
    expect(overLocationLimit(doc, many(MAP_LIMITS.locations, 'c'), true)).toBeNull();
    expect(overLocationLimit({ locations: [] }, many(MAP_LIMITS.locations + 1, 'c'), true)).toMatch(
      /100,001 locations/,
    );
  });
});
