import { describe, expect, it } from 'vitest';
import { DAY_TICKS, dayStart, dayTick, legendCount, legendDay, lone } from './daily-chart';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('the chart’s days in the map’s time zone', () => {
  it('places each day at its midnight in the zone, either side of daylight saving', () => {
    expect(dayStart('2026-11-29', 'UTC')).toBe(at('2026-11-29T00:00:00Z'));
    expect(dayStart('2026-11-29', 'America/New_York')).toBe(at('2026-11-29T05:00:00Z'));
    expect(dayStart('2026-07-01', 'America/New_York')).toBe(at('2026-07-01T04:00:00Z'));
    // The days of New York's changes start at midnight, before the change at 02:00.
    expect(dayStart('2026-03-08', 'America/New_York')).toBe(at('2026-03-08T05:00:00Z'));
    expect(dayStart('2026-11-01', 'America/New_York')).toBe(at('2026-11-01T04:00:00Z'));
    expect(dayStart('2026-01-16', 'Pacific/Auckland')).toBe(at('2026-01-15T11:00:00Z'));
  });

  it('starts a day whose midnight is skipped when the clock jumps, and a repeated midnight the second time', () => {
    // Santiago moves its clocks at midnight: 6 September 2026 begins at 01:00 (04:00 UTC); on 5 April 2026 the
    // clocks go back from 00:00 to 23:00 on the 4th, so the 5th begins when midnight comes again (04:00 UTC).
    expect(dayStart('2026-09-06', 'America/Santiago')).toBe(at('2026-09-06T04:00:00Z'));
    expect(dayStart('2026-04-05', 'America/Santiago')).toBe(at('2026-04-05T04:00:00Z'));
  });
});

describe('days between days not counted', () => {
  it('finds the counted days with no counted day either side, which a line cannot show', () => {
    expect(lone([null, null, 3])).toEqual([2]);
    expect(lone([1, null, 2, 3, null, 0])).toEqual([0, 5]);
    expect(lone([1, 2, 3])).toBeNull();
  });
});

describe('the chart’s legend', () => {
  it('names the day pointed at and its counts, a day not counted in words, and nothing before a day is pointed at', () => {
    const rows = [{ day: '2026-11-29', views: 1200, opens: 0, searches: 0, searchesEmpty: 0, filters: 0, routes: 0 }];
    expect(legendDay(rows, 0)).toBe('2026-11-29');
    expect(legendDay(rows, null)).toMatch(/^(point at|tap) the chart for a day’s numbers$/);
    expect(legendCount(1200, 0)).toBe('1,200');
    expect(legendCount(0, 0)).toBe('0');
    expect(legendCount(null, 0)).toBe('not counted');
    expect(legendCount(null, null)).toBe('');
  });
});

describe('the chart’s day axis', () => {
  it('ticks whole days only, each named by its day in the map’s zone', () => {
    expect(DAY_TICKS.every((s) => s % 86_400 === 0)).toBe(true);
    expect(dayTick(dayStart('2026-12-03', 'UTC'), 'UTC')).toBe('Dec 3');
    expect(dayTick(dayStart('2026-12-03', 'America/New_York'), 'America/New_York')).toBe('Dec 3');
    expect(dayTick(dayStart('2026-01-16', 'Pacific/Auckland'), 'Pacific/Auckland')).toBe('Jan 16');
  });
});
