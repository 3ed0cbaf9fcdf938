import { describe, expect, it } from 'vitest';
import type { DayDelta } from '@mapnest/shared/analytics';
import { dayUpdate, missingLists, storedDay, withinCaps } from './analytics-table';

const delta = (d: Partial<DayDelta>): DayDelta => ({
  views: 0,
  opens: 0,
  searches: 0,
  searchesEmpty: 0,
  filters: 0,
  routes: 0,
  loc: {},
  q: {},
  qn: {},
  rt: {},
  rtn: {},
  ...d,
});

describe('analytics map-day writes', () => {
  it('adds counters and list entries with ADD, guarded by the item existing and each touched list under its cap', () => {
    const u = dayUpdate(delta({ views: 1, opens: 2, loc: { 'shop.1': 2 } }), 500);
    expect(u.UpdateExpression).toBe('ADD #views :views, #opens :opens, #loc.#loc0 :loc0');
    expect(u.ConditionExpression).toBe('attribute_exists(pk) AND size(#loc) < :cap');
    // Entry keys travel as attribute names, so any id or term is safe in the expression.
    expect(u.ExpressionAttributeNames).toEqual({
      '#views': 'views',
      '#opens': 'opens',
      '#loc': 'loc',
      '#loc0': 'shop.1',
    });
    expect(u.ExpressionAttributeValues).toEqual({ ':views': 1, ':opens': 2, ':loc0': 2, ':cap': 500 });
  });

  it('leaves the cap out when no list is touched', () => {
    const u = dayUpdate(delta({ filters: 3 }));
    expect(u.ConditionExpression).toBe('attribute_exists(pk)');
    expect(u.ExpressionAttributeValues).toEqual({ ':filters': 3 });
  });

  it('keeps, for a full list, only the entries it already holds', () => {
    const d = delta({ views: 1, loc: { a: 1, new: 1 }, q: { tea: 1 } });
    const out = withinCaps(d, { loc: { a: 4, b: 1 }, q: {} }, 2);
    expect(out.loc).toEqual({ a: 1 });
    expect(out.q).toEqual({ tea: 1 });
    expect(out.views).toBe(1);
  });

  it('tells entries a full list holds by its own keys: a term named like an object member is not among them', () => {
    // Built from entries: '__proto__' in an object literal would set the prototype, not make an entry.
    const d = delta({
      q: Object.fromEntries([
        ['constructor', 1],
        ['__proto__', 1],
        ['tea', 1],
      ]),
    });
    const out = withinCaps(d, { q: { tea: 3, coffee: 1 } }, 2);
    expect(Object.entries(out.q)).toEqual([['tea', 1]]);
  });

  it('reads a stored day with every key of its lists, those named like object members included', () => {
    const day = storedDay({
      pk: { S: 'MAP#m' },
      day: { S: '2026-03-01' },
      searches: { N: '3' },
      q: {
        M: Object.fromEntries([
          ['__proto__', { N: '2' }],
          ['constructor', { N: '1' }],
        ]),
      },
      qn: { M: {} },
    });
    expect(day.day).toBe('2026-03-01');
    expect(day.searches).toBe(3);
    expect(Object.entries(day.q!)).toEqual([
      ['__proto__', 2],
      ['constructor', 1],
    ]);
    expect(Object.entries(day.qn!)).toEqual([]);
    expect(day.loc).toBeUndefined();
  });

  it('names the lists a beacon adds to that a day written before them lacks (the routes asked for)', () => {
    const d = delta({ routes: 1, rt: { 'a>b': 1 }, loc: { a: 1 } });
    expect(missingLists(d, { loc: {}, q: {}, qn: {} })).toEqual(['rt']);
    expect(missingLists(d, { loc: {}, q: {}, qn: {}, rt: {}, rtn: {} })).toEqual([]);
  });
});
