import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aggregateDays, dayOf, type CountingRecord, type StoredDay } from '@mapnest/shared/analytics';
import { CallError } from '@mapnest/shared/errors';
import { isolateEachTest, renderRoutes, signedIn } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { aSummary, docWithLocations, MAP_ID } from '../editor/editor.fixtures';
import { deferred, routeCalls } from '../maps/maps.fixtures';
import { KEPT_DAYS } from './analytics-range';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
// uPlot draws on a canvas the test DOM does not have; test/analytics/page.test.ts draws the real ones in Chromium.
const charts: Array<{
  series: string[];
  days: number;
  size: { width: number; height: number };
  resized: number[][];
  notCounted: string[];
}> = [];
vi.mock('./daily-chart', () => ({
  createDailyChart: async (
    _host: HTMLElement,
    rows: unknown[],
    series: Array<{ label: string }>,
    size: { width: number; height: number },
    _zone: string,
    counting?: { notCounted: string[] },
  ) => {
    const chart = {
      series: series.map((s) => s.label),
      days: rows.length,
      size,
      resized: [] as number[][],
      notCounted: counting?.notCounted ?? [],
    };
    charts.push(chart);
    return { setRows: () => {}, resize: (w: number, h: number) => chart.resized.push([w, h]), destroy: () => {} };
  },
}));
// The test DOM lays nothing out, so its ResizeObserver never reports; this one lets a test say the chart's box
// changed.
const observed: Array<() => void> = [];
globalThis.ResizeObserver = class {
  constructor(private readonly cb: () => void) {}
  observe() {
    observed.push(this.cb);
  }
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;
isolateEachTest(mockCall);
beforeEach(() => {
  charts.length = 0;
  observed.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(docWithLocations(3)), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const today = dayOf(new Date());
const shift = (days: number) => dayOf(new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000));
const PAGE = `/maps/${MAP_ID}/analytics`;
const pro = aSummary({ state: 3, title: 'Counted centre', published: true });

const busyDay: StoredDay = {
  day: today,
  views: 7,
  opens: 3,
  searches: 2,
  searchesEmpty: 1,
  filters: 4,
  routes: 1,
  loc: { a1: 3 },
  q: { tea: 1, zinc: 1 },
  qn: { zinc: 1 },
  rt: { 'a0>a1': 2, 'a1>gone': 1 },
  rtn: { 'a1>gone': 1 },
};

function serve({
  map = pro,
  days = [busyDay],
  counting,
}: { map?: typeof pro; days?: StoredDay[]; counting?: CountingRecord } = {}) {
  return routeCalls(mockCall, {
    getMap: () => ({ map, documentUrl: 'https://files.test/doc.json', history: [] }),
    getMapAnalytics: (input) => {
      const i = input as { id: string; from: string; to: string };
      return aggregateDays(days, { mapId: i.id, from: i.from, to: i.to, pro: true, counting });
    },
  });
}

const totals = () => screen.getAllByRole('definition').map((d) => d.textContent);

describe('analytics page', () => {
  it('says it is loading, then shows the last 30 days: totals, three charts with their text, top lists', async () => {
    const map = deferred<unknown>();
    const calls = routeCalls(mockCall, {
      getMap: () => map.promise,
      getMapAnalytics: (input) => {
        const i = input as { id: string; from: string; to: string };
        return aggregateDays([busyDay], { mapId: i.id, from: i.from, to: i.to, pro: true });
      },
    });
    renderRoutes(PAGE, { session: signedIn });
    expect(await screen.findByText('Loading analytics')).toBeTruthy();
    await act(async () => map.resolve({ map: pro, documentUrl: 'https://files.test/doc.json', history: [] }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    await waitFor(() => expect(totals()).toEqual(['7', '3', '2', '1', '4', '1']));
    expect(calls.callsTo('getMapAnalytics')).toEqual([{ id: MAP_ID, from: shift(-29), to: today }]);
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');

    // Each chart: drawn with its series, and told in words and in a table for screen readers.
    await waitFor(() => expect(charts).toHaveLength(3));
    expect(charts.map((c) => c.series)).toEqual([
      ['Views', 'Location opens'],
      ['Searches', 'Searches with no result'],
      ['Route requests', 'Filter uses'],
    ]);
    expect(charts.every((c) => c.days === 30)).toBe(true);
    const visits = screen.getByRole('figure', { name: 'Views and location opens per day' });
    expect(visits.textContent).toContain(`Views: 7 in total; most on ${today} (7).`);
    const table = within(visits).getByRole('table', { name: 'Views and location opens per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: today }).parentElement!.textContent).toBe(`${today}73`);

    // Locations by title with their id, once the document is read; routes by both ends' titles.
    const top = screen.getByRole('region', { name: 'Top locations' });
    // Each count with its unit for screen readers (the unit over the column is hidden from them).
    await waitFor(() => expect(top.textContent).toBe('Top locationsopensLocation 1a13 opens'));
    expect(within(top).getByRole('listitem').textContent).toBe('Location 1a13 opens');
    expect(screen.getByRole('region', { name: 'Top searches' }).textContent).toMatch(/\d searches$/);
    expect(screen.getByRole('region', { name: 'Searches with no result' }).textContent).toContain('zinc');
    expect(screen.getByRole('region', { name: 'Routes asked for' }).textContent).toContain('Location 0 → Location 1');
    expect(screen.getByRole('region', { name: 'Routes not found' }).textContent).toContain(
      'Location 1 → No longer on the map',
    );
    expect(screen.getByRole('link', { name: 'Counted centre' }).getAttribute('href')).toBe(`/maps/${MAP_ID}`);
  });

  it('redraws a chart at its new size when its box changes', async () => {
    serve();
    renderRoutes(PAGE, { session: signedIn });
    await waitFor(() => expect(charts).toHaveLength(3));
    const plot = screen.getAllByTestId('analytics-plot')[0]!;
    Object.defineProperty(plot, 'clientWidth', { configurable: true, value: 358 });
    act(() => observed[0]!());
    expect(charts[0]!.resized).toEqual([[358, 180]]);
    Object.defineProperty(plot, 'clientWidth', { configurable: true, value: 900 });
    act(() => observed[0]!());
    expect(charts[0]!.resized.at(-1)).toEqual([900, 220]);
  });

  it('says what will appear, and when, for a range with no visits; and that an unpublished map has none yet', async () => {
    serve({ days: [] });
    const view = renderRoutes(PAGE, { session: signedIn });
    expect(
      await screen.findByRole('heading', { name: `No visits recorded from ${shift(-29)} to ${today}` }),
    ).toBeTruthy();
    expect(screen.getByText(/appear here, per day, once visitors use the published map/)).toBeTruthy();
    // An author who tries the map with a testing tool is told why that visit is not here.
    expect(
      screen.getByText(
        /Crawlers and automated browsers \(headless browsers, test and monitoring tools\) are not counted/,
      ),
    ).toBeTruthy();
    expect(charts).toEqual([]);
    view.unmount();

    serve({ map: { ...pro, published: false }, days: [] });
    renderRoutes(PAGE, { session: signedIn });
    expect(await screen.findByText(/This map is not published, so it has no visitors yet/)).toBeTruthy();
  });

  it('asks for 7 and 90 days and keeps the choice in the address', async () => {
    const calls = serve();
    const { router } = renderRoutes(PAGE, { session: signedIn });
    await waitFor(() => expect(calls.callsTo('getMapAnalytics')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: '7 days' }));
    await waitFor(() =>
      expect(calls.callsTo('getMapAnalytics').at(-1)).toEqual({ id: MAP_ID, from: shift(-6), to: today }),
    );
    expect(router.state.location.search).toBe('?days=7');
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    await waitFor(() =>
      expect(calls.callsTo('getMapAnalytics').at(-1)).toEqual({ id: MAP_ID, from: shift(-89), to: today }),
    );
  });

  it('refuses a custom range that ends before it starts, starts before what is kept or ends after today, without asking', async () => {
    const calls = serve();
    const { router } = renderRoutes(PAGE, { session: signedIn });
    await waitFor(() => expect(calls.callsTo('getMapAnalytics')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect([from.value, to.value]).toEqual([shift(-29), today]);
    const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    fireEvent.change(from, { target: { value: shift(-1) } });
    fireEvent.change(to, { target: { value: shift(-3) } });
    apply();
    expect(screen.getByRole('alert').textContent).toBe('The start date must not be after the end date.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(from);

    fireEvent.change(from, { target: { value: shift(-KEPT_DAYS) } });
    fireEvent.change(to, { target: { value: shift(-KEPT_DAYS + 10) } });
    apply();
    expect(screen.getByRole('alert').textContent).toBe(
      `Counts are kept for ${KEPT_DAYS} days: choose a start date on or after ${shift(-(KEPT_DAYS - 1))}.`,
    );

    fireEvent.change(from, { target: { value: shift(-2) } });
    fireEvent.change(to, { target: { value: shift(1) } });
    apply();
    expect(screen.getByRole('alert').textContent).toBe(`The end date must not be after today (${today}).`);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(calls.callsTo('getMapAnalytics')).toHaveLength(1);
    expect(router.state.location.search).toBe('');

    fireEvent.change(from, { target: { value: shift(-KEPT_DAYS + 1) } });
    fireEvent.change(to, { target: { value: shift(-100) } });
    apply();
    await waitFor(() =>
      expect(calls.callsTo('getMapAnalytics').at(-1)).toEqual({
        id: MAP_ID,
        from: shift(-KEPT_DAYS + 1),
        to: shift(-100),
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.search).toBe(`?from=${shift(-KEPT_DAYS + 1)}&to=${shift(-100)}`);
  });

  it('still says which range the figures are for when a custom range is refused', async () => {
    serve();
    renderRoutes(PAGE, { session: signedIn });
    await waitFor(() => expect(totals()).toEqual(['7', '3', '2', '1', '4', '1']));
    const caption = () => document.querySelector('.analytics-range__shown')?.textContent;
    expect(caption()).toBe(`${shift(-29)} to ${today} (30 days, UTC)`);
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: shift(-1) } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: shift(-3) } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('The start date must not be after the end date.');
    // The last 30 days' figures are still on the page, and the caption says so.
    expect(totals()).toEqual(['7', '3', '2', '1', '4', '1']);
    expect(caption()).toBe(`Still showing ${shift(-29)} to ${today} (30 days, UTC)`);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: shift(-KEPT_DAYS) } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toContain(`Counts are kept for ${KEPT_DAYS} days`);
    expect(caption()).toBe(`Still showing ${shift(-29)} to ${today} (30 days, UTC)`);
  });

  it('shows the problem of a range the address asks for and asks nothing', async () => {
    const calls = serve();
    renderRoutes(`${PAGE}?from=${today}&to=${shift(-5)}`, { session: signedIn });
    expect((await screen.findByRole('alert')).textContent).toBe('The start date must not be after the end date.');
    expect(calls.callsTo('getMap')).toHaveLength(1);
    expect(calls.callsTo('getMapAnalytics')).toEqual([]);
    // No figures, so no range is said to be shown.
    expect(document.querySelector('.analytics-range__shown')).toBeNull();
  });

  it('explains analytics and links to the plans for a map that is not Professional, without asking for a report', async () => {
    const calls = serve({ map: aSummary({ state: 1 }) });
    renderRoutes(PAGE, { session: signedIn });
    expect(await screen.findByText(/Analytics come with the Professional plan/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/maps#subscribe');
    expect(calls.callsTo('getMapAnalytics')).toEqual([]);
  });

  it('says not found for a map that does not exist or is someone else’s, and shows other failures', async () => {
    routeCalls(mockCall, {
      getMap: () => {
        throw new CallError('not-found', 'Map not found');
      },
    });
    const view = renderRoutes(PAGE, { session: signedIn });
    expect(await screen.findByRole('heading', { name: 'Map not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your maps' }).getAttribute('href')).toBe('/maps');
    view.unmount();

    mockCall.mockImplementation(async (name: string) => {
      if (name === 'getMap') return { map: pro, documentUrl: 'https://files.test/doc.json', history: [] };
      throw new CallError('unavailable', 'The service is unavailable.');
    });
    renderRoutes(PAGE, { session: signedIn });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Analytics could not be loaded: The service is unavailable.',
    );
  });

  it('says the server could not be reached, not a bare code, and asks again with Try again', async () => {
    let failing = true;
    routeCalls(mockCall, {
      getMap: () => ({ map: pro, documentUrl: 'https://files.test/doc.json', history: [] }),
      getMapAnalytics: (input) => {
        // What the call client throws when no answer came (the stack stopped, the connection lost).
        if (failing) throw new CallError('internal', 'internal');
        const i = input as { id: string; from: string; to: string };
        return aggregateDays([busyDay], { mapId: i.id, from: i.from, to: i.to, pro: true });
      },
    });
    renderRoutes(PAGE, { session: signedIn });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Analytics could not be loaded: The server could not be reached. Check your connection, then try again.',
    );
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(totals()).toEqual(['7', '3', '2', '1', '4', '1']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a gateway’s error answer is an error of the server, with its status, and reads the map again', async () => {
    let failing = true;
    routeCalls(mockCall, {
      getMap: () => {
        // A gateway's 502 page: an answer, but none of ours (no message, the code only).
        if (failing) throw new CallError('unknown', 'unknown', undefined, { answeredWith: 502 });
        return { map: pro, documentUrl: 'https://files.test/doc.json', history: [] };
      },
      getMapAnalytics: (input) => {
        const i = input as { id: string; from: string; to: string };
        return aggregateDays([busyDay], { mapId: i.id, from: i.from, to: i.to, pro: true });
      },
    });
    renderRoutes(PAGE, { session: signedIn });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server answered with an error (HTTP 502). Try again in a moment.',
    );
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(totals()).toEqual(['7', '3', '2', '1', '4', '1']));
  });

  it('keeps each end of a route apart, so a route between right-to-left titles does not read backwards', async () => {
    const doc = docWithLocations(3);
    doc.locations[0]!.title = 'مكتبة الجامعة';
    doc.locations[1]!.title = 'שער ראשי';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(doc), { status: 200 })),
    );
    serve();
    renderRoutes(PAGE, { session: signedIn });
    const routes = await screen.findByRole('region', { name: 'Routes asked for' });
    await waitFor(() => expect(routes.textContent).toContain('שער ראשי'));
    const item = within(routes).getAllByRole('listitem')[0]!;
    expect(Array.from(item.querySelectorAll('bdi bdi'), (b) => b.textContent)).toEqual(['مكتبة الجامعة', 'שער ראשי']);
  });

  it('downloads the report as CSV with the locations’ titles', async () => {
    serve();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:report';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoutes(PAGE, { session: signedIn });
    const top = await screen.findByRole('region', { name: 'Top locations' });
    await waitFor(() => expect(top.textContent).toContain('Location 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(csv).toContain(`${today},7,3,2,1,4,1`);
    expect(csv).toContain('a1,Location 1,3');
    // A UTF-8 byte order mark first, so that Excel reads non-English titles and terms as they are.
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blobs[0]!);
    });
    expect(Array.from(bytes.slice(0, 4))).toEqual([0xef, 0xbb, 0xbf, 'd'.charCodeAt(0)]);
  });

  it('shows the days before the map became Professional as not counted, in the charts, their text and the CSV', async () => {
    // Professional since yesterday: the 28 days before were not counted, and are not zero visits.
    const since = `${shift(-1)}T12:00:00.000Z`;
    serve({ counting: { since: `${shift(-200)}T00:00:00.000Z`, periods: [{ from: since }] } });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:r'), revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoutes(PAGE, { session: signedIn });

    const note = await screen.findByTestId('analytics-counting');
    expect(note.textContent).toContain(`Counted since ${shift(-1)}, the day this map became Professional.`);
    expect(note.textContent).toContain(
      `Not counted: ${shift(-29)} to ${shift(-2)}. This map was not Professional then, so its visits were not counted; these days are not zero visits.`,
    );
    await waitFor(() => expect(charts).toHaveLength(3));
    expect(charts[0]!.notCounted).toHaveLength(28);
    const visits = screen.getByRole('figure', { name: 'Views and location opens per day' });
    expect(visits.textContent).toContain(
      'Not counted (hatched, 28 days): this map was not Professional, so these days show no visits rather than zero.',
    );
    const table = within(visits).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: shift(-2) }).parentElement!.textContent).toBe(
      `${shift(-2)}Not counted`,
    );
    expect(within(table).getByRole('rowheader', { name: shift(-1) }).parentElement!.textContent).toBe(`${shift(-1)}00`);
    expect(totals()).toEqual(['7', '3', '2', '1', '4', '1']);

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(csv).toContain(`${shift(-2)},,,,,,,not counted\r\n${shift(-1)},0,0,0,0,0,0,yes\r\n`);
  });
});
