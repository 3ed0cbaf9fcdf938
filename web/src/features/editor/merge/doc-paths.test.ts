import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blankDocument } from '@mapnest/shared/map-document';
import { changedPaths, PathSet, takePaths, type DocPath } from './doc-paths';
import { scenario } from './merge.fixtures';
import { deepEqual } from './merge3';

const keyOf = (p: DocPath) => p.join('/');

describe('document paths', () => {
  it('names settings, items, fields and orders where two versions differ', () => {
    const a = blankDocument();
    a.locations = [
      { id: 'a', coord: [0.1, 0.1], title: 'A' },
      { id: 'b', coord: [0.2, 0.2], fields: { floor: '1' } },
      { id: 'c', coord: [0.3, 0.3] },
    ];
    const b = structuredClone(a);
    b.settings.text.search = 'Find a shop';
    b.locations = [b.locations[1]!, b.locations[0]!, { id: 'd', coord: [0.4, 0.4] }];
    b.locations[0] = { ...b.locations[0]!, fields: { floor: '2' } };
    b.locations[1] = { ...b.locations[1]!, title: 'A2' };
    expect(changedPaths(a, b).map(keyOf).sort()).toEqual([
      'locations/a/title',
      'locations/b/fields/floor',
      'locations/c',
      'locations/d',
      'order/locations',
      'settings/text/search',
    ]);
    expect(changedPaths(a, a)).toEqual([]);
  });

  it('takes every changed path from the other version: the result is that version, order included', () => {
    fc.assert(
      fc.property(scenario, ({ ours, theirs }) => {
        const taken = takePaths(ours, theirs, changedPaths(ours, theirs));
        expect(deepEqual(taken, theirs)).toBe(true);
        expect(taken.locations.map((l) => l.id)).toEqual(theirs.locations.map((l) => l.id));
        expect(changedPaths(taken, theirs)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('takes only the paths asked for: what still differs is exactly what was left', () => {
    fc.assert(
      fc.property(
        scenario.chain((s) => {
          const paths = changedPaths(s.ours, s.theirs);
          return fc.subarray(paths).map((subset) => ({ ...s, paths, subset }));
        }),
        ({ ours, theirs, paths, subset }) => {
          const left = new Set(paths.filter((p) => !subset.includes(p)).map(keyOf));
          const still = changedPaths(takePaths(ours, theirs, subset), theirs).map(keyOf);
          for (const p of still) if (p !== 'order/locations') expect(left).toContain(p);
          for (const p of subset) expect(still).not.toContain(keyOf(p));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('overlaps a path with itself, with what lies inside it and with what holds it', () => {
    const set = new PathSet([
      ['locations', 'a'],
      ['settings', 'text', 'search'],
      ['order', 'layers'],
    ]);
    expect(set.overlaps(['locations', 'a'])).toBe(true);
    expect(set.overlaps(['locations', 'a', 'title'])).toBe(true);
    expect(set.overlaps(['settings', 'text'])).toBe(true);
    expect(set.overlaps(['settings'])).toBe(true);
    expect(set.overlaps(['locations', 'b'])).toBe(false);
    expect(set.overlaps(['locations', 'ab'])).toBe(false);
    expect(set.overlaps(['settings', 'text', 'more'])).toBe(false);
    expect(set.overlaps(['order', 'locations'])).toBe(false);
  });
});
