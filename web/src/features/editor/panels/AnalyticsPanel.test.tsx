import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { aggregateDays, dayOf } from '@mapnest/shared/analytics';
import { CallError } from '@mapnest/shared/errors';
import { isolateEachTest } from '../../../app/testing.fixtures';
import { call } from '../../../lib/api';
import { disposeHarnesses, MAP_ID, renderEditorPart } from '../editor.fixtures';
import { AnalyticsPanel } from './AnalyticsPanel';

// The tab links to the analytics page, so it renders inside a router as it does in the editor.
const panel = () => (
  <MemoryRouter>
    <AnalyticsPanel />
  </MemoryRouter>
);

vi.mock('../../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;
isolateEachTest(mockCall);
afterEach(() => disposeHarnesses());

const today = dayOf(new Date());
const shift = (days: number) => dayOf(new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000));

describe('AnalyticsPanel', () => {
  it('shows the last 30 days’ totals and links to the analytics page', async () => {
    mockCall.mockImplementation(async (_name: string, input: { id: string; from: string; to: string }) =>
      aggregateDays([{ day: today, views: 7, opens: 3, searches: 2, searchesEmpty: 1, filters: 4, routes: 1 }], {
        mapId: input.id,
        from: input.from,
        to: input.to,
        pro: true,
      }),
    );
    renderEditorPart(panel(), { map: { state: 3 } });
    await waitFor(() =>
      expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['7', '3', '2', '1', '4', '1']),
    );
    expect(mockCall).toHaveBeenCalledWith(
      'getMapAnalytics',
      { id: MAP_ID, from: shift(-29), to: today },
      expect.anything(),
    );
    expect(screen.getByRole('link', { name: 'Open analytics' }).getAttribute('href')).toBe(`/maps/${MAP_ID}/analytics`);
    // The charts are the page's: the tab draws none.
    expect(document.querySelector('canvas, .analytics-chart')).toBeNull();
  });

  it('shows a failed answer and still offers the page', async () => {
    mockCall.mockRejectedValueOnce(new CallError('unavailable', 'The service is unavailable.'));
    renderEditorPart(panel(), { map: { state: 3 } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Analytics could not be loaded: The service is unavailable.',
    );
    expect(screen.getByRole('link', { name: 'Open analytics' })).toBeTruthy();
  });

  it('explains analytics and links to the plans for a map that is not Professional, without asking the server', () => {
    renderEditorPart(panel(), { map: { state: 1 } });
    expect(screen.getByText(/Analytics come with the Professional plan/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/maps#subscribe');
    expect(screen.queryByRole('link', { name: 'Open analytics' })).toBeNull();
    expect(mockCall).not.toHaveBeenCalled();
  });
});
