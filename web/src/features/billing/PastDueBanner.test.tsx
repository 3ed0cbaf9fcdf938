import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@mapnest/shared/billing';
import { BILLING_TEXTS } from '@mapnest/shared/billing-texts';
import { renderRoutes, signedIn, isolateEachTest } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { aMap, NO_SLOTS, routeCalls } from '../maps/maps.fixtures';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

isolateEachTest(mockCall);

const basic = (status: Subscription['status']): Subscription => ({
  id: 'sub_1',
  plan: 'basic',
  quantity: 2,
  status,
  cancelAt: null,
  currentPeriodEnd: '2030-12-23T12:00:00.000Z',
  period: 'monthly',
});

describe('past-due banner on the maps page', () => {
  it('says a renewal payment failed, with the way to fix it, without opening Settings', async () => {
    routeCalls(mockCall, {
      listMaps: () => [aMap()],
      getSlots: () => NO_SLOTS,
      listSubscriptions: () => [basic('past_due')],
    });
    renderRoutes('/maps', { session: signedIn });
    const banner = await screen.findByRole('alert', { name: 'Payment failed' });
    expect(banner.textContent).toContain(BILLING_TEXTS.paymentFailed(['basic']));
    expect(screen.getByRole('link', { name: 'Update your payment method' }).getAttribute('href')).toBe(
      '/maps#settings/Plan',
    );
  });

  it('is not shown while the subscriptions are paid', async () => {
    const calls = routeCalls(mockCall, {
      listMaps: () => [aMap()],
      getSlots: () => NO_SLOTS,
      listSubscriptions: () => [basic('active')],
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    await waitFor(() => expect(calls.callsTo('listSubscriptions').length).toBeGreaterThan(0));
    expect(screen.queryByRole('alert', { name: 'Payment failed' })).toBeNull();
  });
});
