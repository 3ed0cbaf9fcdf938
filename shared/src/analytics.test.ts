import { describe, expect, it } from 'vitest';
import {
  aggregateDays,
  analyticsCsv,
  beaconDelta,
  beaconSchema,
  daysInRange,
  getMapAnalyticsInput,
  normaliseTerm,
} from './analytics';

const id = 'abcdefghijklmnopqrst';

describe('analytics aggregation', () => {
  it('normalises search terms: trimmed, lowercased, spaces collapsed, length-capped', () => {
    expect(normaliseTerm('  Coffee   Shop ')).toBe('coffee shop');
    expect(normaliseTerm('x'.repeat(100))).toHaveLength(40);
    expect(normaliseTerm('   ')).toBe('');
  });

  it('turns a beacon into the counts it adds, merging repeated terms and dropping empty ones', () => {
    const delta = beaconDelta({
      m: id,
      v: 1,
      o: { a: 2, b: 0 },
      s: [
        ['Café', true],
        ['café ', false],
        [' ', false],
      ],
      f: 1,
      r: 2,
    });
    expect(delta).toEqual({
      views: 1,
      opens: 2,
      searches: 2,
      searchesEmpty: 1,
      filters: 1,
      routes: 2,
      loc: { a: 2 },
      q: { café: 2 },
      qn: { café: 1 },
      rt: {},
      rtn: {},
    });
    expect(beaconDelta({ m: id, v: 0, o: {}, s: [], f: 0, r: 0 })).toBeNull();
  });

  it('lists the routes asked for by their ends, and those with no route, from beacons that carry them', () => {
    const routes: [string, string, boolean][] = [
      ['entrance', 'lift-a', true],
      ['entrance', 'lift-a', true],
      ['cafe', 'roof', false],
    ];
    const delta = beaconDelta({ m: id, v: 0, o: {}, s: [], f: 0, r: 3, p: routes })!;
    expect(delta.rt).toEqual({ 'entrance>lift-a': 2, 'cafe>roof': 1 });
    expect(delta.rtn).toEqual({ 'cafe>roof': 1 });
    // Ids that are not location ids (a '>' among them) are refused with the beacon, so keys always split back.
    expect(beaconSchema.safeParse({ m: id, v: 0, o: {}, s: [], f: 0, r: 1, p: [['a>b', 'c', true]] }).success).toBe(
      false,
    );
    expect(beaconSchema.safeParse({ m: id, v: 0, o: {}, s: [], f: 0, r: 1, p: routes }).success).toBe(true);
    const a = aggregateDays(
      [
        { day: '2026-03-01', routes: 2, rt: { 'entrance>lift-a': 2 } },
        { day: '2026-03-02', routes: 1, rt: { 'entrance>lift-a': 1, 'cafe>roof': 1 }, rtn: { 'cafe>roof': 1 } },
      ],
      { mapId: id, from: '2026-03-01', to: '2026-03-02', pro: true },
    );
    expect(a.topRoutes).toEqual([
      { key: 'entrance>lift-a', count: 3 },
      { key: 'cafe>roof', count: 1 },
    ]);
    expect(a.failedRoutes).toEqual([{ key: 'cafe>roof', count: 1 }]);
    const csv = analyticsCsv(a, (k) => ({ entrance: 'Main entrance', 'lift-a': 'Lift A' })[k] ?? null);
    expect(csv).toContain(
      'from id,from,to id,to,routes asked for\r\nentrance,Main entrance,lift-a,Lift A,3\r\ncafe,,roof,,1\r\n',
    );
    expect(csv).toContain('from id,from,to id,to,routes not found\r\ncafe,,roof,,1\r\n');
  });

  it('refuses beacons beyond the per-beacon limits', () => {
    expect(beaconSchema.safeParse({ m: id, v: 2, o: {}, s: [], f: 0, r: 0 }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`l${i}`, 1]));
    expect(beaconSchema.safeParse({ m: id, v: 1, o: many, s: [], f: 0, r: 0 }).success).toBe(false);
    expect(beaconSchema.safeParse({ m: 'not an id', v: 1, o: {}, s: [], f: 0, r: 0 }).success).toBe(false);
  });

  it('sums stored days over a range with zero rows for quiet days, and merges and orders the top lists', () => {
    const a = aggregateDays(
      [
        { day: '2026-03-01', views: 3, opens: 2, loc: { a: 2 }, q: { tea: 1 } },
        {
          day: '2026-03-03',
          views: 1,
          searches: 2,
          searchesEmpty: 1,
          loc: { a: 1, b: 5 },
          q: { tea: 1, zinc: 1 },
          qn: { zinc: 1 },
        },
      ],
      { mapId: id, from: '2026-03-01', to: '2026-03-03', pro: true },
    );
    expect(a.days.map((d) => [d.day, d.views])).toEqual([
      ['2026-03-01', 3],
      ['2026-03-02', 0],
      ['2026-03-03', 1],
    ]);
    expect(a.totals).toEqual({ views: 4, opens: 2, searches: 2, searchesEmpty: 1, filters: 0, routes: 0 });
    expect(a.topLocations).toEqual([
      { key: 'b', count: 5 },
      { key: 'a', count: 3 },
    ]);
    expect(a.topSearches).toEqual([
      { key: 'tea', count: 2 },
      { key: 'zinc', count: 1 },
    ]);
    expect(a.emptySearches).toEqual([{ key: 'zinc', count: 1 }]);
  });

  it('keeps at most 50 entries per top list in a report', () => {
    const loc = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`l${i}`, i + 1]));
    const a = aggregateDays([{ day: '2026-03-01', loc }], {
      mapId: id,
      from: '2026-03-01',
      to: '2026-03-01',
      pro: true,
    });
    expect(a.topLocations).toHaveLength(50);
    expect(a.topLocations[0]).toEqual({ key: 'l79', count: 80 });
  });

  it('checks report ranges: calendar dates, in order, at most 366 days', () => {
    expect(getMapAnalyticsInput.safeParse({ id, from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    expect(getMapAnalyticsInput.safeParse({ id, from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(getMapAnalyticsInput.safeParse({ id, from: '2024-01-01', to: '2026-01-01' }).success).toBe(false);
    expect(getMapAnalyticsInput.safeParse({ id, from: '2026-01-01', to: '2026-03-01' }).success).toBe(true);
    expect(daysInRange('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('writes CSV with the daily rows and the top lists, quoting and defusing formulas', () => {
    const a = aggregateDays([{ day: '2026-03-01', views: 2, loc: { a: 1 }, q: { '=cmd, x': 1 } }], {
      mapId: id,
      from: '2026-03-01',
      to: '2026-03-01',
      pro: true,
    });
    const csv = analyticsCsv(a, (k) => (k === 'a' ? 'Shop "A"' : null));
    expect(csv).toContain('day,views,opens,searches,searchesEmpty,filters,routes\r\n2026-03-01,2,0,0,0,0,0\r\n');
    expect(csv).toContain('a,"Shop ""A""",1\r\n');
    expect(csv).toContain(`"'=cmd, x",1\r\n`);
  });
});
