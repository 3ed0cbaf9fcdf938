/**
 * The record of when a map was Professional (its analytics counted) and the report's days it could not count
 * (docs/adr/074-days-a-map-was-not-counted.md).
 */
import { describe, expect, it } from 'vitest';
import { MapState } from '../constants';
import { aggregateDays, analyticsCsv } from './analytics';
import {
  COUNTING_PERIODS,
  countingAfter,
  countingNotes,
  countingOf,
  dayCounting,
  newCounting,
  reportCounting,
  type CountingRecord,
} from './counting';

const CREATED = '2026-10-01T09:00:00.000Z';
const days = (from: number, to: number, month = '11') =>
  Array.from({ length: to - from + 1 }, (_, i) => `2026-${month}-${String(from + i).padStart(2, '0')}`);
const rows = (list: string[], counted: string[] = []) => list.map((day) => ({ day, counted: counted.includes(day) }));

describe('recording when a map is Professional', () => {
  it('starts a new map’s record at its creation, with a period when it is made Professional', () => {
    expect(newCounting(MapState.TEST, CREATED)).toEqual({ since: CREATED, periods: [] });
    expect(newCounting(MapState.PRO, CREATED)).toEqual({ since: CREATED, periods: [{ from: CREATED }] });
  });

  it('opens a period when the map becomes Professional and closes it when it stops being one', () => {
    let map = { state: MapState.LIVE as number, created: CREATED, counting: newCounting(MapState.LIVE, CREATED) };
    const steps: Array<[number, string]> = [
      [MapState.PRO, '2026-11-02T10:00:00.000Z'],
      [MapState.TEST, '2026-11-05T08:00:00.000Z'],
      [MapState.LIVE, '2026-11-06T08:00:00.000Z'],
      [MapState.PRO, '2026-11-09T08:00:00.000Z'],
    ];
    for (const [state, at] of steps) map = { ...map, state, counting: countingAfter(map, state, at) };
    expect(map.counting).toEqual({
      since: CREATED,
      periods: [
        { from: '2026-11-02T10:00:00.000Z', to: '2026-11-05T08:00:00.000Z' },
        { from: '2026-11-09T08:00:00.000Z' },
      ],
    });
    // A change between two states that are not Professional, or from Professional to itself, adds nothing.
    expect(countingAfter({ ...map, state: MapState.PRO }, MapState.PRO, '2026-11-10T00:00:00.000Z')).toEqual(
      map.counting,
    );
  });

  it('keeps the last periods only, and then knows the map from the end of the oldest dropped', () => {
    let map: { state: number; created: string; counting: CountingRecord } = {
      state: MapState.TEST,
      created: CREATED,
      counting: newCounting(MapState.TEST, CREATED),
    };
    for (let i = 0; i < COUNTING_PERIODS + 2; i++) {
      const day = new Date(Date.parse(CREATED) + i * 86_400_000);
      const on = day.toISOString();
      const off = new Date(day.getTime() + 3_600_000).toISOString();
      map = { ...map, state: MapState.PRO, counting: countingAfter(map, MapState.PRO, on) };
      map = { ...map, state: MapState.TEST, counting: countingAfter(map, MapState.TEST, off) };
    }
    expect(map.counting.periods).toHaveLength(COUNTING_PERIODS);
    expect(map.counting.since).toBe('2026-10-02T10:00:00.000Z');
    expect(map.counting.periods[0]!.from).toBe('2026-10-03T09:00:00.000Z');
  });

  it('knows a map made before records from when it last became Professional, and nothing of one that is not', () => {
    const promotedAt = '2026-11-20T15:00:00.000Z';
    expect(countingOf({ state: MapState.PRO, created: CREATED, promotedAt })).toEqual({
      since: promotedAt,
      periods: [{ from: promotedAt }],
    });
    expect(countingOf({ state: MapState.PRO, created: CREATED })).toEqual({
      since: CREATED,
      periods: [{ from: CREATED }],
    });
    expect(countingOf({ state: MapState.LIVE, created: CREATED, promotedAt })).toBeNull();
    // Its first change starts the record: a lapse closes the known period, a promotion opens one from now.
    const lapse = '2026-11-25T00:00:00.000Z';
    expect(countingAfter({ state: MapState.PRO, created: CREATED, promotedAt }, MapState.TEST, lapse)).toEqual({
      since: promotedAt,
      periods: [{ from: promotedAt, to: lapse }],
    });
    expect(countingAfter({ state: MapState.LIVE, created: CREATED }, MapState.PRO, lapse)).toEqual({
      since: lapse,
      periods: [{ from: lapse }],
    });
  });
});

describe('the days a report could not count', () => {
  it('marks the days before a map became Professional today as not counted', () => {
    const record = newCounting(MapState.LIVE, CREATED);
    const madePro = countingAfter(
      { state: MapState.LIVE, created: CREATED, counting: record },
      MapState.PRO,
      '2026-11-30T10:00:00.000Z',
    );
    const out = reportCounting(madePro, rows(days(1, 30)), 'UTC', null);
    expect(out).toEqual({ since: '2026-11-30', notCounted: days(1, 29), notRecorded: [] });
  });

  it('counts a lapse’s days up to a minute after it, and a day with visits whatever the record says', () => {
    const record: CountingRecord = {
      since: CREATED,
      periods: [
        { from: '2026-11-02T10:00:00.000Z', to: '2026-11-04T23:59:30.000Z' },
        { from: '2026-11-08T00:00:00.000Z' },
      ],
    };
    const out = reportCounting(record, rows(days(1, 10), ['2026-11-06']), 'UTC', null);
    expect(out.notCounted).toEqual(['2026-11-01', '2026-11-07']);
    expect(out.since).toBe('2026-11-08');
  });

  it('puts a period’s instants on the days of the zone in effect then', () => {
    const record: CountingRecord = { since: CREATED, periods: [{ from: '2026-11-03T02:00:00.000Z' }] };
    // 02:00 UTC is the evening before in New York.
    expect(reportCounting(record, rows(days(1, 4)), 'America/New_York', null).notCounted).toEqual(['2026-11-01']);
    // Before a change from UTC to New York, the instant was on the UTC day.
    const change = { at: '2026-11-10T00:00:00.000Z', from: 'UTC', day: '2026-11-09', until: '2026-11-10' };
    expect(reportCounting(record, rows(days(1, 4)), 'America/New_York', change).notCounted).toEqual([
      '2026-11-01',
      '2026-11-02',
    ]);
  });

  it('says days before the record are not recorded, not that they were not counted', () => {
    const record = countingOf({ state: MapState.PRO, created: CREATED, promotedAt: '2026-11-03T12:00:00.000Z' });
    expect(reportCounting(record, rows(days(1, 5), ['2026-11-01']), 'UTC', null)).toEqual({
      since: '2026-11-03',
      notCounted: [],
      notRecorded: ['2026-11-02'],
    });
    expect(reportCounting(null, rows(days(1, 2)), 'UTC', null).notRecorded).toEqual(days(1, 2));
    // Before the map was made, nothing could be counted: those days are known.
    expect(reportCounting(null, rows(days(1, 3)), 'UTC', null, '2026-11-02T08:00:00.000Z')).toEqual({
      since: null,
      notCounted: ['2026-11-01'],
      notRecorded: ['2026-11-02', '2026-11-03'],
    });
  });

  it('explains the days in words, and the CSV leaves their counts empty', () => {
    const counting = { since: '2026-11-29', notCounted: ['2026-11-01', '2026-11-02', '2026-11-28'], notRecorded: [] };
    expect(countingNotes(counting, '2026-11-01')).toEqual([
      'Counted since 2026-11-29, the day this map became Professional.',
      'Not counted: 2026-11-01 to 2026-11-02, 2026-11-28. This map was not Professional then, so its visits were not counted; these days are not zero visits.',
    ]);
    expect(dayCounting(counting, '2026-11-28')).toBe('not-counted');
    expect(dayCounting(counting, '2026-11-29')).toBe('counted');

    const record: CountingRecord = { since: CREATED, periods: [{ from: '2026-11-02T10:00:00.000Z' }] };
    const report = aggregateDays([{ day: '2026-11-02', views: 3 }], {
      mapId: 'm1',
      from: '2026-11-01',
      to: '2026-11-02',
      pro: true,
      counting: record,
    });
    expect(report.counting.notCounted).toEqual(['2026-11-01']);
    expect(report.totals.views).toBe(3);
    const csv = analyticsCsv(report).split('\r\n');
    expect(csv.slice(0, 3)).toEqual([
      'day (UTC),views,opens,searches,searchesEmpty,filters,routes,counted',
      '2026-11-01,,,,,,,not counted',
      '2026-11-02,3,0,0,0,0,0,yes',
    ]);
    expect(csv).toContain('"Counted since 2026-11-02, the day this map became Professional."');
  });
});
