/**
 * The analytics page in a map's own time zone (docs/adr/072-analytics-time-zone.md): the days asked for end at the
 * zone's today, the page says which zone its days are and which days are of the zone before a change, and the owner
 * changes the zone with a labelled select or, on a map still in UTC, with their browser's zone in one press.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aggregateDays, dayOf, type AnalyticsZoneChange } from '@mapnest/shared/analytics';
import { CallError } from '@mapnest/shared/errors';
import type { MapSummary } from '@mapnest/shared/maps';
import { isolateEachTest, renderRoutes, signedIn } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { aSummary, docWithLocations, MAP_ID } from '../editor/editor.fixtures';
import { routeCalls } from '../maps/maps.fixtures';
import { zoneOptions } from './ZoneControl';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
// uPlot draws on a canvas the test DOM does not have: the zone each chart is drawn in is what is kept.
const chartZones: string[] = [];
vi.mock('./daily-chart', () => ({
  createDailyChart: async (_h: HTMLElement, _r: unknown[], _s: unknown[], _size: unknown, zone: string) => {
    chartZones.push(zone);
    return { setRows: () => {}, resize: () => {}, destroy: () => {} };
  },
}));
globalThis.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;
isolateEachTest(mockCall);
beforeEach(() => {
  chartZones.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(docWithLocations(1)), { status: 200 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PAGE = `/maps/${MAP_ID}/analytics`;
const shift = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
/** Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: their todays always differ. */
const AHEAD = 'Pacific/Kiritimati';
const BEHIND = 'Pacific/Pago_Pago';

/** Answers the page's calls as the server would for `map`: its report in its zone, and a zone change. */
function serve(map: MapSummary, setZone?: (zone: string) => MapSummary | Promise<MapSummary>) {
  let current = map;
  return routeCalls(mockCall, {
    getMap: () => ({ map: current, documentUrl: 'https://files.test/doc.json', history: [] }),
    getMapAnalytics: (input) => {
      const i = input as { id: string; from: string; to: string };
      const day = dayOf(new Date(), current.analyticsZone);
      return aggregateDays([{ day, views: 4 }], {
        ...i,
        mapId: i.id,
        pro: true,
        timeZone: current.analyticsZone,
        zoneChange: current.analyticsZoneChange,
      });
    },
    setMapAnalyticsZone: async (input) => {
      current = await setZone!((input as { zone: string }).zone);
      return current;
    },
  });
}

const caption = () => document.querySelector('.analytics-range__shown')?.textContent;

describe('analytics in the map’s time zone', () => {
  it('asks for the days up to the zone’s today and says the days, the chart and the change are of that zone', async () => {
    const today = dayOf(new Date(), AHEAD);
    const change: AnalyticsZoneChange = {
      at: new Date().toISOString(),
      from: 'UTC',
      day: shift(today, -3),
      until: shift(today, -2),
    };
    const calls = serve(aSummary({ state: 3, published: true, analyticsZone: AHEAD, analyticsZoneChange: change }));
    renderRoutes(PAGE, { session: signedIn });
    await waitFor(() => expect(caption()).toBe(`${shift(today, -29)} to ${today} (30 days, ${AHEAD})`));
    // The caption shows the range before the page asks for it (the request goes out from an effect).
    await waitFor(() =>
      expect(calls.callsTo('getMapAnalytics')).toEqual([{ id: MAP_ID, from: shift(today, -29), to: today }]),
    );
    expect(
      await screen.findByText(
        `Days before ${shift(today, -3)} are UTC days; ${shift(today, -3)} to ${shift(today, -2)}, the days around the change of time zone to ${AHEAD}, are partly of each.`,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(chartZones).toEqual([AHEAD, AHEAD, AHEAD]));

    // A custom range may end on the zone's today, not after it.
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: shift(today, 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe(`The end date must not be after today (${today}).`);
  });

  it('says nothing of a change for a range of the new zone’s days only', async () => {
    const today = dayOf(new Date(), AHEAD);
    const change: AnalyticsZoneChange = {
      at: new Date().toISOString(),
      from: 'UTC',
      day: shift(today, -40),
      until: shift(today, -39),
    };
    serve(aSummary({ state: 3, published: true, analyticsZone: AHEAD, analyticsZoneChange: change }));
    renderRoutes(`${PAGE}?days=7`, { session: signedIn });
    await waitFor(() => expect(caption()).toBe(`${shift(today, -6)} to ${today} (7 days, ${AHEAD})`));
    await waitFor(() => expect(chartZones).toHaveLength(3));
    expect(screen.queryByText(/are UTC days/)).toBeNull();
  });

  it('changes the zone with the labelled select, then asks for the new zone’s days and says they changed', async () => {
    const map = aSummary({ state: 3, published: true, analyticsZone: AHEAD });
    const calls = serve(map, (zone) => ({
      ...map,
      analyticsZone: zone,
      analyticsZoneChange: {
        at: new Date().toISOString(),
        from: AHEAD,
        day: dayOf(new Date(), BEHIND),
        until: dayOf(new Date(), AHEAD),
      },
    }));
    renderRoutes(PAGE, { session: signedIn });
    await waitFor(() => expect(calls.callsTo('getMapAnalytics')).toHaveLength(1));
    // Not offered the browser's zone: the map has a zone of its own already.
    expect(screen.queryByRole('button', { name: /Use my time zone/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change time zone' }));
    const select = screen.getByLabelText('Time zone of the days') as HTMLSelectElement;
    // The button that opened the form is gone: the select has the focus.
    expect(document.activeElement).toBe(select);
    expect(select.value).toBe(AHEAD);
    expect(select.options[0]!.value).toBe('UTC');
    expect(screen.getByRole('button', { name: 'Save time zone' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(select, { target: { value: BEHIND } });
    fireEvent.click(screen.getByRole('button', { name: 'Save time zone' }));

    const today = dayOf(new Date(), BEHIND);
    await waitFor(() => expect(caption()).toBe(`${shift(today, -29)} to ${today} (30 days, ${BEHIND})`));
    expect(calls.callsTo('setMapAnalyticsZone')).toEqual([{ id: MAP_ID, zone: BEHIND }]);
    await waitFor(() =>
      expect(calls.callsTo('getMapAnalytics').at(-1)).toEqual({ id: MAP_ID, from: shift(today, -29), to: today }),
    );
    expect(
      await screen.findByText(
        `Days before ${today} are ${AHEAD} days; ${today} to ${dayOf(new Date(), AHEAD)}, the days around the change of time zone to ${BEHIND}, are partly of each.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change time zone' }));
  });

  it('offers the browser’s zone in one press on a map still in UTC', async () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: 'Europe/Paris' };
    });
    const map = aSummary({ state: 3, published: true });
    const calls = serve(map, (zone) => ({ ...map, analyticsZone: zone }));
    renderRoutes(PAGE, { session: signedIn });
    await waitFor(() => expect(caption()).toMatch(/\(30 days, UTC\)$/));
    fireEvent.click(screen.getByRole('button', { name: 'Use my time zone (Europe/Paris)' }));
    await waitFor(() => expect(caption()).toMatch(/\(30 days, Europe\/Paris\)$/));
    expect(calls.callsTo('setMapAnalyticsZone')).toEqual([{ id: MAP_ID, zone: 'Europe/Paris' }]);
    expect(screen.queryByRole('button', { name: /Use my time zone/ })).toBeNull();
  });

  it('says why a zone was refused and keeps the days as they were', async () => {
    const map = aSummary({ state: 3, published: true });
    const calls = serve(map, () => {
      throw new CallError('invalid-argument', 'Unknown time zone: choose one from the list, such as America/New_York');
    });
    renderRoutes(PAGE, { session: signedIn });
    await waitFor(() => expect(calls.callsTo('getMapAnalytics')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Change time zone' }));
    fireEvent.change(screen.getByLabelText('Time zone of the days'), { target: { value: AHEAD } });
    fireEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The time zone was not changed. Unknown time zone: choose one from the list, such as America/New_York',
    );
    expect(caption()).toMatch(/\(30 days, UTC\)$/);
    expect(calls.callsTo('getMapAnalytics')).toHaveLength(1);
  });

  it('lists UTC first, then every zone the browser knows, and the map’s own zone even when the browser lacks it', () => {
    const zones = zoneOptions('Asia/Calcutta');
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((z) => z === 'UTC')).toHaveLength(1);
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('Asia/Calcutta');
    expect(zones.slice(1)).toEqual([...zones.slice(1)].sort());
  });
});
