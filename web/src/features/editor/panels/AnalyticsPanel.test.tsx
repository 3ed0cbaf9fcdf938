import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aggregateDays, dayOf } from '@mapnest/shared/analytics';
import { CallError } from '@mapnest/shared/errors';
import { isolateEachTest } from '../../../app/testing.fixtures';
import { call } from '../../../lib/api';
import { disposeHarnesses, docWithLocations, MAP_ID, renderEditorPart } from '../editor.fixtures';
import { AnalyticsPanel } from './AnalyticsPanel';

vi.mock('../../../lib/api', () => ({ call: vi.fn() }));
// uPlot draws on a canvas jsdom does not have; the browser test (test/analytics/panel.test.ts) draws the real one.
const charts: Array<{ days: number }> = [];
vi.mock('./analytics-chart', () => ({
  createViewsChart: async (_host: HTMLElement, rows: unknown[]) => {
    charts.push({ days: rows.length });
    return { setRows: () => {}, resize: () => {}, destroy: () => {} };
  },
}));
// jsdom has no ResizeObserver; the panel resizes its chart with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;
isolateEachTest(mockCall);
afterEach(() => disposeHarnesses());

const today = dayOf(new Date());
const shift = (days: number) => dayOf(new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000));

function answer() {
  mockCall.mockImplementation(async (_name: string, input: { id: string; from: string; to: string }) =>
    aggregateDays(
      [
        {
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
        },
      ],
      { mapId: input.id, from: input.from, to: input.to, pro: true },
    ),
  );
}

const totals = () => screen.getAllByRole('definition').map((d) => d.textContent);

describe('AnalyticsPanel', () => {
  it('shows the last 30 days by default: totals, the chart, top lists with location titles', async () => {
    answer();
    renderEditorPart(<AnalyticsPanel />, { map: { state: 3 }, doc: docWithLocations(2) });
    await waitFor(() => expect(totals()).toEqual(['7', '3', '2', '1', '4', '1']));
    expect(mockCall).toHaveBeenCalledWith(
      'getMapAnalytics',
      { id: MAP_ID, from: shift(-29), to: today },
      expect.anything(),
    );
    expect(screen.getByRole('region', { name: 'Top locations' }).textContent).toContain('Location 1');
    expect(screen.getByRole('region', { name: 'Searches with no result' }).textContent).toContain('zinc');
    expect(screen.getByRole('region', { name: 'Routes asked for' }).textContent).toContain('Location 0 → Location 1');
    expect(screen.getByRole('region', { name: 'Routes not found' }).textContent).toBe(
      'Routes not foundLocation 1 → gone (no longer on the map)1',
    );
    await waitFor(() => expect(charts.at(-1)).toEqual({ days: 30 }));
  });

  it('asks again for 7 days, and refuses a custom range that ends before it starts without asking', async () => {
    answer();
    renderEditorPart(<AnalyticsPanel />, { map: { state: 3 } });
    await waitFor(() => expect(mockCall).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() =>
      expect(mockCall).toHaveBeenLastCalledWith(
        'getMapAnalytics',
        { id: MAP_ID, from: shift(-6), to: today },
        expect.anything(),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const calls = mockCall.mock.calls.length;
    await act(async () => {
      fireEvent.change(screen.getByLabelText('From'), { target: { value: shift(-1) } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: shift(-3) } });
    });
    expect(screen.getByRole('alert').textContent).toBe('The start date must not be after the end date.');
    const after = mockCall.mock.calls.slice(calls).map((c) => c[1]);
    expect(after.every((i: { from: string; to: string }) => i.from <= i.to)).toBe(true);
  });

  it('says when nothing was recorded, and shows a failed answer', async () => {
    mockCall.mockImplementationOnce(async (_n: string, i: { id: string; from: string; to: string }) =>
      aggregateDays([], { mapId: i.id, from: i.from, to: i.to, pro: true }),
    );
    renderEditorPart(<AnalyticsPanel />, { map: { state: 3 } });
    await screen.findByText(/No visits recorded from/);
    mockCall.mockRejectedValueOnce(new CallError('unavailable', 'The service is unavailable.'));
    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Analytics could not be loaded: The service is unavailable.',
    );
  });

  it('explains analytics and links to the plans for a map that is not Professional, without asking the server', () => {
    renderEditorPart(<AnalyticsPanel />, { map: { state: 1 } });
    expect(screen.getByText(/Analytics come with the Professional plan/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/maps#subscribe');
    expect(mockCall).not.toHaveBeenCalled();
  });
});
