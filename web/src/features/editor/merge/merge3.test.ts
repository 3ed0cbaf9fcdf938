import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blankDocument, parseIfValid, type MapDocument } from '@mapnest/shared/map-document';
import { deepEqual, merge3, type Conflict } from './merge3';
import { scenario } from './merge.fixtures';

// ---- What "never loses a non-conflicting change" means, field by field ---------------------------

const byId = (d: MapDocument) => new Map(d.locations.map((l) => [l.id, l as unknown as Record<string, unknown>]));
const LOC_FIELDS = ['title', 'about', 'color', 'coord', 'groups', 'fields'];

/** Every change one side made that the other did not touch is in the result. */
function checkKeepsChanges(
  base: MapDocument,
  mine: MapDocument,
  other: MapDocument,
  result: MapDocument,
  conflicts: readonly Conflict[],
) {
  const b = byId(base);
  const m = byId(mine);
  const o = byId(other);
  const r = byId(result);
  const touched = (id: string) => conflicts.some((c) => c.area === 'locations' && c.id === id);
  for (const [id, item] of m) {
    if (touched(id)) continue;
    const bi = b.get(id);
    const oi = o.get(id);
    if (!bi) {
      // Added here: in the result (under its id, or renamed when the other side added another under it).
      if (!oi || !deepEqual(oi, item)) {
        expect(
          [...r.values()].some((x) => deepEqual({ ...x, id }, item)),
          `added ${id} kept`,
        ).toBe(true);
      }
      continue;
    }
    if (!oi) {
      // Removed by the other side while unchanged here: removed.
      if (deepEqual(item, bi)) expect(r.has(id), `${id} removed`).toBe(false);
      continue;
    }
    for (const f of LOC_FIELDS) {
      if (!deepEqual(item[f], bi[f]) && deepEqual(oi[f], bi[f])) {
        // Plain-object fields merge key by key: each changed key is kept.
        const mv = item[f];
        if (mv && typeof mv === 'object' && !Array.isArray(mv)) {
          for (const [k, v] of Object.entries(mv)) {
            if (!deepEqual(v, (bi[f] as Record<string, unknown> | undefined)?.[k]))
              expect((r.get(id)?.[f] as Record<string, unknown> | undefined)?.[k]).toEqual(v);
          }
        } else expect(r.get(id)?.[f], `${id}.${f}`).toEqual(mv);
      }
    }
  }
  // Removed here, unchanged there: removed.
  for (const [id, bi] of b) {
    if (!m.has(id) && o.has(id) && deepEqual(o.get(id), bi) && !touched(id))
      expect(r.has(id), `${id} removed`).toBe(false);
  }
  const settingConflict = (path: string) => conflicts.some((c) => c.area === 'settings' && c.field === path);
  for (const [path, get] of [
    ['text.search', (d: MapDocument) => d.settings.text.search],
    ['text.more', (d: MapDocument) => d.settings.text.more],
    ['mapWidth', (d: MapDocument) => d.settings.mapWidth],
  ] as const) {
    if (get(mine) !== get(base) && get(other) === get(base) && !settingConflict(path))
      expect(get(result), path).toBe(get(mine));
  }
  for (const g of mine.groups) {
    const bg = base.groups.find((x) => x.id === g.id)!;
    const og = other.groups.find((x) => x.id === g.id)!;
    if (g.name !== bg.name && og.name === bg.name) expect(result.groups.find((x) => x.id === g.id)?.name).toBe(g.name);
  }
}

describe('three-way merge (properties)', () => {
  it('merge(base, x, x) = x, and an unchanged side takes the other', () => {
    fc.assert(
      fc.property(scenario, ({ base, ours }) => {
        expect(merge3(base, ours, ours)).toEqual({ doc: ours, conflicts: [], repairs: [] });
        expect(merge3(base, base, ours).doc).toEqual(ours);
        expect(merge3(base, ours, base).doc).toEqual(ours);
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(scenario, fc.boolean(), ({ base, ours, theirs }, theirsWins) => {
        const first = merge3(base, ours, theirs);
        const choices = Object.fromEntries(
          first.conflicts.map((c) => [c.key, theirsWins ? ('theirs' as const) : ('ours' as const)]),
        );
        const a = merge3(base, ours, theirs, choices);
        const b = merge3(structuredClone(base), structuredClone(ours), structuredClone(theirs), { ...choices });
        expect(b).toEqual(a);
        expect(a.conflicts.map((c) => c.key)).toEqual(first.conflicts.map((c) => c.key));
      }),
      { numRuns: 300 },
    );
  });

  it('never loses a change that does not conflict, whichever side wins the conflicts', () => {
    fc.assert(
      fc.property(scenario, fc.boolean(), ({ base, ours, theirs }, theirsWins) => {
        const probe = merge3(base, ours, theirs);
        const choices = Object.fromEntries(
          probe.conflicts.map((c) => [c.key, theirsWins ? ('theirs' as const) : ('ours' as const)]),
        );
        const { doc, conflicts, repairs } = merge3(base, ours, theirs, choices);
        expect(repairs).toEqual([]);
        expect(parseIfValid(doc)).toBeDefined();
        checkKeepsChanges(base, ours, theirs, doc, conflicts);
        checkKeepsChanges(base, theirs, ours, doc, conflicts);
      }),
      { numRuns: 500 },
    );
  });

  it('is symmetric up to order when nothing conflicts', () => {
    fc.assert(
      fc.property(scenario, ({ base, ours, theirs }) => {
        const ab = merge3(base, ours, theirs);
        const ba = merge3(base, theirs, ours);
        if (ab.conflicts.length || ba.conflicts.length) return;
        // Locations both sides added under one id are renamed on "our" side, so compare the others by id.
        if (
          ours.locations.some(
            (l) => !base.locations.some((b) => b.id === l.id) && theirs.locations.some((t) => t.id === l.id),
          )
        )
          return;
        const sort = (d: MapDocument) => ({
          ...d,
          locations: [...d.locations].sort((x, y) => x.id.localeCompare(y.id)),
        });
        expect(sort(ab.doc)).toEqual(sort(ba.doc));
      }),
      { numRuns: 300 },
    );
  });
});

describe('three-way merge (cases)', () => {
  const base = () => {
    const d = blankDocument();
    d.groups = [{ id: 'food', name: 'Food' }];
    d.locations = [
      { id: 'a', title: 'Bakery', coord: [0.1, 0.1], groups: ['food'] },
      { id: 'b', title: 'Books', coord: [0.2, 0.2] },
      { id: 'c', title: 'Café', coord: [0.3, 0.3] },
    ];
    return d;
  };

  it('merges edits of different locations, settings keys and groups silently', () => {
    const b = base();
    const ours = structuredClone(b);
    ours.locations[0]!.title = 'Bread & Co';
    ours.settings.text.search = 'Find';
    ours.locations.push({ id: 'location-4', title: 'Mine', coord: [0.5, 0.5] });
    const theirs = structuredClone(b);
    theirs.locations[1]!.coord = [0.9, 0.9];
    theirs.settings.zoom.maxZoom = 8;
    theirs.groups[0]!.name = 'Food & drink';
    theirs.locations.push({ id: 'location-4', title: 'Theirs', coord: [0.6, 0.6] });
    const { doc, conflicts } = merge3(b, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(doc.locations.map((l) => [l.id, l.title])).toEqual([
      ['a', 'Bread & Co'],
      ['b', 'Books'],
      ['c', 'Café'],
      ['location-4', 'Theirs'],
      ['location-5', 'Mine'],
    ]);
    expect(doc.locations[1]!.coord).toEqual([0.9, 0.9]);
    expect(doc.settings.text.search).toBe('Find');
    expect(doc.settings.zoom.maxZoom).toBe(8);
    expect(doc.groups[0]!.name).toBe('Food & drink');
  });

  it('reports the same field changed on both sides, and resolves it per item', () => {
    const b = base();
    const ours = structuredClone(b);
    ours.locations[0]!.title = 'Mine';
    ours.locations[0]!.coord = [0.15, 0.15];
    const theirs = structuredClone(b);
    theirs.locations[0]!.title = 'Theirs';
    theirs.locations[2]!.title = 'Coffee';
    const first = merge3(b, ours, theirs);
    expect(first.conflicts).toEqual([
      {
        key: 'locations/a/title',
        kind: 'field',
        area: 'locations',
        id: 'a',
        field: 'title',
        base: 'Bakery',
        ours: 'Mine',
        theirs: 'Theirs',
      },
    ]);
    expect(first.doc.locations[0]).toMatchObject({ title: 'Mine', coord: [0.15, 0.15] });
    const second = merge3(b, ours, theirs, { 'locations/a/title': 'theirs' });
    expect(second.doc.locations[0]).toMatchObject({ title: 'Theirs', coord: [0.15, 0.15] });
    expect(second.doc.locations[2]!.title).toBe('Coffee');
  });

  it('asks about a location removed on one side and changed on the other, and repairs broken references', () => {
    const b = base();
    const ours = structuredClone(b);
    ours.locations = ours.locations.filter((l) => l.id !== 'b');
    const theirs = structuredClone(b);
    theirs.locations[1]!.title = 'Books & more';
    theirs.groups = [];
    theirs.locations[0]!.groups = undefined;
    delete theirs.locations[0]!.groups;
    const kept = merge3(b, ours, theirs, { 'locations/b': 'theirs' });
    expect(kept.conflicts.map((c) => [c.key, c.kind])).toEqual([['locations/b', 'removed']]);
    expect(kept.doc.locations.map((l) => l.id)).toEqual(['a', 'b', 'c']);
    expect(merge3(b, ours, theirs).doc.locations.map((l) => l.id)).toEqual(['a', 'c']);

    // Ours puts a location in the group theirs removed: the merged map stays valid, the repair is named.
    const ours2 = structuredClone(b);
    ours2.locations[2]!.groups = ['food'];
    const r = merge3(b, ours2, theirs);
    expect(r.repairs.length).toBeGreaterThan(0);
    expect(r.doc.groups).toEqual([]);
    expect(parseIfValid(r.doc)).toBeDefined();
  });

  // Its speed is a figure of `npm run bench` (bench/editor-bench.ts), not a timed assertion here.
  it('merges two edits of a 5,000-location map', () => {
    const b = blankDocument();
    b.locations = Array.from({ length: 5000 }, (_, i) => ({
      id: `l${i}`,
      title: `Location ${i}`,
      coord: [(i % 100) / 100, Math.floor(i / 100) / 100] as [number, number],
    }));
    const ours = structuredClone(b);
    ours.locations[10]!.title = 'Mine';
    ours.locations.push({ id: 'new-mine', coord: [0.5, 0.5] });
    const theirs = structuredClone(b);
    theirs.locations[4000]!.coord = [0.9, 0.9];
    theirs.locations.splice(20, 1);
    const { doc, conflicts } = merge3(b, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(doc.locations).toHaveLength(5000);
    expect(doc.locations[10]!.title).toBe('Mine');
    expect(doc.locations.find((l) => l.id === 'l4000')!.coord).toEqual([0.9, 0.9]);
    expect(doc.locations.some((l) => l.id === 'l20')).toBe(false);
    expect(doc.locations.at(-1)!.id).toBe('new-mine');
  });

  it('keeps one side’s reordering and the other side’s additions', () => {
    const b = base();
    const ours = structuredClone(b);
    ours.locations.reverse();
    const theirs = structuredClone(b);
    theirs.locations.splice(1, 0, { id: 'x', title: 'New', coord: [0.4, 0.4] });
    expect(merge3(b, ours, theirs).doc.locations.map((l) => l.id)).toEqual(['c', 'b', 'a', 'x']);
  });

  it('hands back the objects it was given wherever the merge left them as they were', () => {
    const b = base();
    b.groups = [{ id: 'food', name: 'Food' }];
    const ours = { ...b, locations: b.locations.map((l, i) => (i === 0 ? { ...l, title: 'Mine' } : l)) };
    const theirs = { ...b, groups: [{ id: 'food', name: 'Meals' }] };
    const { doc } = merge3(b, ours, theirs);
    expect(doc.locations[0]!.title).toBe('Mine');
    expect(doc.groups[0]!.name).toBe('Meals');
    // The untouched locations, and collections and settings as one side has them, are the same objects.
    expect(doc.locations.slice(1).every((l, i) => l === b.locations[i + 1])).toBe(true);
    expect(doc.locations[0]).toBe(ours.locations[0]);
    expect(doc.groups).toBe(theirs.groups);
    expect(doc.layers).toBe(b.layers);
    expect(doc.settings).toBe(b.settings);
  });
});
