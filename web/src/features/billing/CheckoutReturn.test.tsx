import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@mapnest/shared/billing';
import { setAnalyticsSink } from '../../lib/analytics';
import { sessionAtom } from '../../state/session';
import { renderRoutes, signedIn } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { aMap, leftForCheckout, NO_SLOTS, routeCalls } from '../maps/maps.fixtures';
import { readPendingCheckout } from './checkout-pending';
import { CONFIRM_POLL_MS } from './CheckoutReturn';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

const basic3: Subscription = {
  id: 'sub_1',
  plan: 'basic',
  quantity: 3,
  status: 'active',
  cancelAt: null,
  currentPeriodEnd: null,
  period: 'monthly',
};

beforeEach(() => {
  mockCall.mockReset();
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setAnalyticsSink(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets timers and the promises they start run, `ms` at a time. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('return from checkout', () => {
  it('polls every second until the webhook has delivered the subscription, then refreshes maps, slots and plans', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    leftForCheckout({ quantity: 3 });
    let delivered = false;
    const calls = routeCalls(mockCall, {
      listMaps: () => [aMap()],
      getSlots: () => (delivered ? { ...NO_SLOTS, basicCapacity: 3, basicSubscribed: 3 } : NO_SLOTS),
      listSubscriptions: () => (delivered ? [basic3] : []),
    });
    const { store, router } = renderRoutes('/maps?checkout=cs_test_1', { session: signedIn });
    expect((await screen.findByText(/Confirming your payment…/)).closest('[role="status"]')).toBeTruthy();
    // The address no longer says it is a return from Checkout: a reload waits for nothing.
    expect(router.state.location.search).toBe('');
    await advance(1000);
    await advance(1000);
    const polled = calls.callsTo('listSubscriptions').length;
    expect(polled).toBeGreaterThanOrEqual(2);
    const mapsLoadsBefore = calls.callsTo('listMaps').length;

    delivered = true;
    await advance(1000);
    const confirmed = await screen.findByText(/Payment confirmed. Your Basic subscription is active with 3 slots/);
    // Go live gives a map a slot; publishing is the editor's own step (a map never published is not public).
    expect(confirmed.textContent).toBe(
      "Payment confirmed. Your Basic subscription is active with 3 slots. Go live on a map's card puts it on a slot; visitors see the map once you publish it with Publish in the editor.",
    );
    expect(confirmed.textContent).not.toMatch(/to publish it/);
    expect(screen.queryByText(/Confirming your payment/)).toBeNull();
    expect(store.get(sessionAtom).plans).toEqual([{ plan: 'basic', quantity: 3, cancelAt: null }]);
    expect(calls.callsTo('listMaps').length).toBeGreaterThan(mapsLoadsBefore);
    expect(readPendingCheckout('user-1')).toBeNull();
    // Polling has stopped.
    const after = calls.callsTo('listSubscriptions').length;
    await advance(3000);
    expect(calls.callsTo('listSubscriptions').length).toBe(after);
    expect(calls.unexpected).toEqual([]);
  });

  it('stops after 30 seconds and says the payment is still being confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    leftForCheckout({ plan: 'pro' });
    const calls = routeCalls(mockCall, { listMaps: () => [], getSlots: () => NO_SLOTS, listSubscriptions: () => [] });
    renderRoutes('/maps?checkout=cs_test_1', { session: signedIn });
    await screen.findByText(/Confirming your payment…/);
    await advance(31_000);
    expect(await screen.findByText(/Your payment is still being confirmed/)).toBeTruthy();
    const polls = calls.callsTo('listSubscriptions').length;
    expect(polls).toBeGreaterThanOrEqual(25);
    // At most one a second, plus the maps page's first read of subscriptions never loaded (the past-due banner).
    expect(polls).toBeLessThanOrEqual(32);
    expect(readPendingCheckout('user-1')).toBeNull();
  });

  it('forgets a checkout the user cancelled (back on #subscribe) and does not poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    leftForCheckout();
    const calls = routeCalls(mockCall, { listMaps: () => [], getSlots: () => NO_SLOTS, listSubscriptions: () => [] });
    renderRoutes('/maps#subscribe', { session: signedIn });
    await screen.findByRole('dialog', { name: 'Pick your plan' });
    expect(screen.queryByText(/Confirming your payment/)).toBeNull();
    expect(readPendingCheckout('user-1')).toBeNull();
    // Only the dialog's own read and the maps page's first read (the past-due banner), whichever
    // comes first; then nothing more however long the page stays open: no polling.
    await waitFor(() => expect(calls.callsTo('listSubscriptions')).toHaveLength(2));
    await advance(3 * CONFIRM_POLL_MS);
    expect(calls.callsTo('listSubscriptions')).toHaveLength(2);
  });

  it('waits for nothing on /maps opened by hand after a declined card, and confirms once that checkout is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    leftForCheckout();
    let paid = false;
    const calls = routeCalls(mockCall, {
      listMaps: () => [],
      getSlots: () => NO_SLOTS,
      listSubscriptions: () => (paid ? [{ ...basic3, quantity: 1 }] : []),
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('heading', { name: 'Create your first map' });
    // Only the maps page's first read (the past-due banner), however long the page stays open.
    await waitFor(() => expect(calls.callsTo('listSubscriptions')).toHaveLength(1));
    await advance(3 * CONFIRM_POLL_MS);
    expect(calls.callsTo('listSubscriptions')).toHaveLength(1);
    expect(screen.queryByText(/Confirming your payment|Payment confirmed|still being confirmed/)).toBeNull();
    cleanup();

    // Another session's id in the address (an old tab's return, a shared link) is not this checkout's either.
    renderRoutes('/maps?checkout=cs_test_other', { session: signedIn });
    await screen.findByRole('heading', { name: 'Create your first map' });
    await advance(3 * CONFIRM_POLL_MS);
    expect(screen.queryByText(/Confirming your payment/)).toBeNull();
    cleanup();

    // Back on the payment page, another card is accepted: Stripe returns with the session's id.
    paid = true;
    renderRoutes('/maps?checkout=cs_test_1', { session: signedIn });
    expect(await screen.findByText(/Payment confirmed. Your Basic subscription is active with 1 slot\./)).toBeTruthy();
  });

  it('ignores a pending checkout of another user, an old one, or one kept without its session', () => {
    leftForCheckout({ uid: 'user-2' });
    expect(readPendingCheckout('user-1')).toBeNull();
    leftForCheckout({ startedAt: Date.now() - 3 * 60 * 60 * 1000 });
    expect(readPendingCheckout('user-1')).toBeNull();
    // Kept by the app before returns named their session: no return can match it.
    const before = { uid: 'user-1', plan: 'basic', quantity: 1, quantityBefore: 0, startedAt: Date.now() };
    sessionStorage.setItem('mapnest.checkoutPending', JSON.stringify(before));
    expect(readPendingCheckout('user-1')).toBeNull();
  });
});
