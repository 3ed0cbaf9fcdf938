import { describe, expect, it } from 'vitest';
import {
  aggregateDays,
  analyticsCsv,
  beaconDelta,
  beaconSchema,
  dayOf,
  daysInRange,
  getMapAnalyticsInput,
  normaliseTerm,
  setMapAnalyticsZoneInput,
  zoneChange,
  zoneChangeNote,
} from './analytics';

const id = 'abcdefghijklmnopqrst';

describe('analytics aggregation', () => {
  it('normalises search terms: trimmed, lowercased, spaces collapsed, length-capped', () => {
    expect(normaliseTerm('  Coffee   Shop ')).toBe('coffee shop');
    expect(normaliseTerm('x'.repeat(100))).toHaveLength(40);
    expect(normaliseTerm('   ')).toBe('');
  });

  it('cleans search terms: line breaks and tabs become spaces, control and invisible characters go', () => {
    expect(normaliseTerm('Coffee\r\n\tShop')).toBe('coffee shop');
    expect(normaliseTerm('\u0000=HYPERLINK("x")\u0007')).toBe('=hyperlink("x")');
    // A right-to-left override, zero-width spaces and a byte order mark would make one term look like another.
    expect(normaliseTerm('\u202eecaf\u200b \u200bshop\ufeff')).toBe('ecaf shop');
    // Joiners stay (emoji and some scripts need them), and a term is cut by whole characters.
    expect(normaliseTerm('👩\u200d💻')).toBe('👩\u200d💻');
    const cut = normaliseTerm('a' + '😀'.repeat(60));
    expect(Array.from(cut)).toHaveLength(40);
    expect(cut.endsWith('😀')).toBe(true);
  });

  it('turns a beacon into the counts it adds, merging repeated terms and dropping empty ones', () => {
    const delta = beaconDelta(
      {
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
      },
      new Set(['a', 'b']),
    );
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
    expect(beaconDelta({ m: id, v: 0, o: {}, s: [], f: 0, r: 0 }, new Set())).toBeNull();
  });

  it('counts only opens and routes of locations the published map has: made-up ids are dropped', () => {
    const published = new Set(['entrance', 'cafe']);
    const delta = beaconDelta(
      {
        m: id,
        v: 0,
        o: { entrance: 3, 'made-up-1': 20, 'made-up-2': 20 },
        s: [],
        f: 0,
        r: 2,
        p: [
          ['entrance', 'cafe', true],
          ['entrance', 'made-up-1', false],
        ],
      },
      published,
    )!;
    expect(delta.opens).toBe(3);
    expect(delta.loc).toEqual({ entrance: 3 });
    expect(delta.rt).toEqual({ 'entrance>cafe': 1 });
    expect(delta.rtn).toEqual({});
    // A beacon of nothing but made-up opens adds nothing, and makes no write.
    expect(beaconDelta({ m: id, v: 0, o: { 'made-up-1': 20 }, s: [], f: 0, r: 0 }, published)).toBeNull();
    // A map with nothing published counts no opens at all.
    expect(beaconDelta({ m: id, v: 1, o: { entrance: 1 }, s: [], f: 0, r: 0 }, new Set())!.opens).toBe(0);
  });

  it('lists the routes asked for by their ends, and those with no route, from beacons that carry them', () => {
    const routes: [string, string, boolean][] = [
      ['entrance', 'lift-a', true],
      ['entrance', 'lift-a', true],
      ['cafe', 'roof', false],
    ];
    const ends = new Set(['entrance', 'lift-a', 'cafe', 'roof']);
    const delta = beaconDelta({ m: id, v: 0, o: {}, s: [], f: 0, r: 3, p: routes }, ends)!;
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

  it('counts terms and ids that are names of Object.prototype members like any other, and reports them', () => {
    const typed = ['constructor', '__proto__', 'toString', 'hasOwnProperty', '__defineGetter__'];
    // Terms are kept lowercased: 'constructor' and '__proto__' are then still members of every plain object.
    const names = typed.map((t) => t.toLowerCase());
    const delta = beaconDelta(
      { m: id, v: 0, o: { constructor: 2 }, s: typed.map((t) => [t, false] as [string, boolean]), f: 0, r: 0 },
      new Set(['constructor']),
    )!;
    expect(delta.searches).toBe(5);
    expect(Object.entries(delta.q)).toEqual(names.map((t) => [t, 1]));
    expect(Object.entries(delta.qn)).toEqual(names.map((t) => [t, 1]));
    expect(Object.entries(delta.loc)).toEqual([['constructor', 2]]);
    const stored = Object.fromEntries(names.map((t) => [t, 2]));
    const a = aggregateDays([{ day: '2026-03-01', searches: 10, q: stored, qn: stored }], {
      mapId: id,
      from: '2026-03-01',
      to: '2026-03-01',
      pro: true,
    });
    const sorted = [...names].sort((x, y) => x.localeCompare(y)).map((key) => ({ key, count: 2 }));
    expect(a.topSearches).toEqual(sorted);
    expect(a.emptySearches).toEqual(sorted);
  });

  it('refuses beacons beyond the per-beacon limits', () => {
    expect(beaconSchema.safeParse({ m: id, v: 2, o: {}, s: [], f: 0, r: 0 }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`l${i}`, 1]));
    expect(beaconSchema.safeParse({ m: id, v: 1, o: many, s: [], f: 0, r: 0 }).success).toBe(false);
    expect(beaconSchema.safeParse({ m: 'not an id', v: 1, o: {}, s: [], f: 0, r: 0 }).success).toBe(false);
  });

  it('keeps opens of locations whose ids are named like object members (__proto__, constructor), within the limits', () => {
    const body = (opens: string) => `{"m":"${id}","v":1,"o":${opens},"s":[],"f":0,"r":0}`;
    const parsed = beaconSchema.safeParse(JSON.parse(body('{"__proto__":3,"constructor":2,"a":1}')));
    expect(parsed.success).toBe(true);
    const o = parsed.data!.o;
    expect(Object.entries(o)).toEqual([
      ['__proto__', 3],
      ['constructor', 2],
      ['a', 1],
    ]);
    const delta = beaconDelta(parsed.data!, new Set(['__proto__', 'constructor', 'a']))!;
    expect(delta.opens).toBe(6);
    expect(Object.entries(delta.loc)).toEqual(Object.entries(o));
    // '__proto__' counts toward a beacon's limits like any id: 20 more ids, or 50 more opens, are refused.
    const twenty = Array.from({ length: 20 }, (_, i) => `"l${i}":1`).join(',');
    expect(beaconSchema.safeParse(JSON.parse(body(`{"__proto__":1,${twenty}}`))).success).toBe(false);
    expect(beaconSchema.safeParse(JSON.parse(body('{"__proto__":20,"a":20,"b":11}'))).success).toBe(false);
    expect(beaconSchema.safeParse(JSON.parse(body('[["a",1]]'))).success).toBe(false);
  });

  it('lets one beacon carry no more than a visit could: 50 location opens in all, 20 searches of 200 characters', () => {
    const opens = (n: number) => Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`l${i}`, i < n ? 20 : 0]));
    // 20 locations opened 20 times each (400 opens, what one forged beacon could add before) is refused.
    expect(beaconSchema.safeParse({ m: id, v: 1, o: opens(20), s: [], f: 0, r: 0 }).success).toBe(false);
    expect(beaconSchema.safeParse({ m: id, v: 1, o: { ...opens(2), l2: 10 }, s: [], f: 0, r: 0 }).success).toBe(true);
    expect(beaconSchema.safeParse({ m: id, v: 1, o: { ...opens(2), l2: 11 }, s: [], f: 0, r: 0 }).success).toBe(false);
    const term = (n: number) => ['x'.repeat(n), true];
    expect(beaconSchema.safeParse({ m: id, v: 1, o: {}, s: [term(200)], f: 0, r: 0 }).success).toBe(true);
    expect(beaconSchema.safeParse({ m: id, v: 1, o: {}, s: [term(201)], f: 0, r: 0 }).success).toBe(false);
    expect(beaconSchema.safeParse({ m: id, v: 1, o: {}, s: Array(21).fill(term(1)), f: 0, r: 0 }).success).toBe(false);
    expect(beaconSchema.safeParse({ m: id, v: 1, o: {}, s: [], f: 51, r: 0 }).success).toBe(false);
    expect(beaconSchema.safeParse({ m: id, v: 1, o: {}, s: [], f: 0, r: 51 }).success).toBe(false);
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
    expect(csv).toContain(
      'day (UTC),views,opens,searches,searchesEmpty,filters,routes,counted\r\n2026-03-01,2,0,0,0,0,0,yes\r\n',
    );
    expect(csv).toContain('a,"Shop ""A""",1\r\n');
    expect(csv).toContain(`"'=cmd, x",1\r\n`);
  });

  it('gives every cell a spreadsheet would read as a formula a leading apostrophe (OWASP CSV injection)', () => {
    const terms = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '  =cmd', 'plain', 'a=b', "'quoted"];
    const a = aggregateDays([{ day: '2026-03-01', q: Object.fromEntries(terms.map((t, i) => [t, 100 - i])) }], {
      mapId: id,
      from: '2026-03-01',
      to: '2026-03-01',
      pro: true,
    });
    const csv = analyticsCsv(a, (k) => (k === 'x' ? '=HYPERLINK("http://evil")' : null));
    const rows = csv.split('search,searches\r\n')[1]!.split('\r\n\r\n')[0]!;
    expect(rows.split('\r\n').slice(0, 4)).toEqual(["'=1+1,100", "'+1,99", "'-1,98", "'@SUM(A1),97"]);
    expect(rows).toContain(`'\tx,96`);
    expect(rows).toContain(`"'\rx",95`);
    expect(rows).toContain(`'  =cmd,94`);
    expect(rows).toContain('\r\nplain,93');
    expect(rows).toContain('\r\na=b,92');
    expect(rows).toContain("\r\n'quoted,91");
    // Location titles come from the owner's document and are defused the same way.
    const withTitle = analyticsCsv(
      aggregateDays([{ day: '2026-03-01', loc: { x: 1 } }], {
        mapId: id,
        from: '2026-03-01',
        to: '2026-03-01',
        pro: true,
      }),
      (k) => (k === 'x' ? '=HYPERLINK("http://evil")' : null),
    );
    expect(withTitle).toContain(`x,"'=HYPERLINK(""http://evil"")",1\r\n`);
  });
});

describe('days of a map’s time zone', () => {
  const at = (iso: string) => new Date(iso);

  it('counts 23:30 in New York on that New York day, not the next UTC day, either side of daylight saving', () => {
    // 23:30 EST on the eve of the spring change, and 23:30 EDT on the day of it.
    expect(dayOf(at('2026-03-08T04:30:00Z'), 'America/New_York')).toBe('2026-03-07');
    expect(dayOf(at('2026-03-08T04:30:00Z'))).toBe('2026-03-08');
    expect(dayOf(at('2026-03-09T03:30:00Z'), 'America/New_York')).toBe('2026-03-08');
    // The autumn change: 01:30 happens twice on 2026-11-01 (EDT, then EST), and 23:30 EST is still that day.
    expect(dayOf(at('2026-11-01T05:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(dayOf(at('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(dayOf(at('2026-11-02T04:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(dayOf(at('2026-11-02T05:30:00Z'), 'America/New_York')).toBe('2026-11-02');
  });

  it('counts Auckland’s days ahead of UTC across the date line, and across its own daylight saving changes', () => {
    // 00:30 on 16 January in Auckland (NZDT, UTC+13) is still 15 January in UTC.
    expect(dayOf(at('2026-01-15T11:30:00Z'), 'Pacific/Auckland')).toBe('2026-01-16');
    expect(dayOf(at('2026-01-15T10:30:00Z'), 'Pacific/Auckland')).toBe('2026-01-15');
    // Daylight saving starts on 27 September at 02:00 (UTC+12 to +13): 23:30 the evening before, 00:30 and 03:30.
    expect(dayOf(at('2026-09-26T11:30:00Z'), 'Pacific/Auckland')).toBe('2026-09-26');
    expect(dayOf(at('2026-09-26T12:30:00Z'), 'Pacific/Auckland')).toBe('2026-09-27');
    expect(dayOf(at('2026-09-26T14:30:00Z'), 'Pacific/Auckland')).toBe('2026-09-27');
    // It ends on 5 April at 03:00: 02:30 happens twice, both on the 5th.
    expect(dayOf(at('2026-04-04T13:30:00Z'), 'Pacific/Auckland')).toBe('2026-04-05');
    expect(dayOf(at('2026-04-04T14:30:00Z'), 'Pacific/Auckland')).toBe('2026-04-05');
    // The two sides of the date line, 25 hours apart, are never on the same day.
    expect(dayOf(at('2026-06-01T10:30:00Z'), 'Pacific/Kiritimati')).toBe('2026-06-02');
    expect(dayOf(at('2026-06-01T10:30:00Z'), 'Pacific/Pago_Pago')).toBe('2026-05-31');
  });

  it('takes a zone the time zone database knows, named as the lists name it, and refuses any other', () => {
    const input = (zone: string) => setMapAnalyticsZoneInput.safeParse({ id, zone });
    for (const zone of ['UTC', 'America/New_York', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Etc/GMT+5'])
      expect(input(zone).success, zone).toBe(true);
    const refused = (zone: string) => input(zone).error?.issues[0]?.message;
    expect(refused('Mars/Olympus')).toBe('Unknown time zone: choose one from the list, such as America/New_York');
    expect(refused('america/new_york')).toBe('Not a time zone: use a name such as America/New_York or UTC');
    expect(refused('')).toBe('Not a time zone: use a name such as America/New_York or UTC');
    expect(refused(`Europe/${'X'.repeat(70)}`)).toBe('Not a time zone: the name is too long');
  });

  it('records which days around a change of zone are partly of each, and says so in the report and CSV', () => {
    // 01:30 UTC on 30 November is 20:30 on the 29th in New York: the UTC day 30 November already holds visits, and
    // New York's 29th gets the evening's visits from now on.
    const change = zoneChange(at('2026-11-30T01:30:00Z'), 'UTC', 'America/New_York');
    expect(change).toEqual({ at: '2026-11-30T01:30:00.000Z', from: 'UTC', day: '2026-11-29', until: '2026-11-30' });
    expect(zoneChange(at('2026-11-30T01:30:00Z'), 'America/New_York', 'UTC')).toMatchObject({
      day: '2026-11-29',
      until: '2026-11-30',
    });
    // A minute before midnight UTC, visits may still be counted on the UTC day for the minute beacons trust the zone
    // they read: the next UTC day is partly of each too.
    expect(zoneChange(at('2026-11-29T23:59:30Z'), 'UTC', 'America/New_York', 60_000)).toMatchObject({
      day: '2026-11-29',
      until: '2026-11-30',
    });
    expect(zoneChange(at('2026-11-29T23:59:30Z'), 'UTC', 'America/New_York')).toMatchObject({ until: '2026-11-29' });
    // At noon UTC both zones are on the same day: only that day is partly of each.
    expect(zoneChange(at('2026-11-30T12:00:00Z'), 'UTC', 'Europe/Paris')).toMatchObject({
      day: '2026-11-30',
      until: '2026-11-30',
    });
    const report = (from: string, zoneChange = change) =>
      aggregateDays([], { mapId: id, from, to: '2026-12-10', pro: true, timeZone: 'America/New_York', zoneChange });
    const note =
      'Days before 2026-11-29 are UTC days; 2026-11-29 to 2026-11-30, the days around the change of time zone to America/New_York, are partly of each.';
    expect(zoneChangeNote(report('2026-11-01'))).toBe(note);
    expect(zoneChangeNote(report('2026-11-30'))).toBe(note);
    expect(zoneChangeNote(report('2026-12-01'))).toBeNull();
    expect(zoneChangeNote(report('2026-11-01', { ...change, day: '2026-11-30' }))).toBe(
      'Days before 2026-11-30 are UTC days; 2026-11-30, the day the time zone was changed to America/New_York, is partly of each.',
    );
    const csv = analyticsCsv(report('2026-11-20'));
    expect(csv.startsWith('day (America/New_York),views,')).toBe(true);
    // The note has commas, so it is one quoted cell.
    expect(csv).toContain(`\r\nnote\r\n"${note}"\r\n`);
    expect(analyticsCsv(report('2026-12-01'))).not.toContain('note');
  });
});
