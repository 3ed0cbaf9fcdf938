import { BILLING_TEXTS } from '@mapnest/shared/billing-texts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@mapnest/shared/billing';
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import { setAnalyticsSink } from '../../lib/analytics';
import { sessionAtom } from '../../state/session';
import { renderRoutes, signedIn, signedOut } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { deferred, NO_SLOTS, routeCalls } from '../maps/maps.fixtures';
import { goToPaymentPage } from './billing-api';
import { readPendingCheckout } from './checkout-pending';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
vi.mock('./billing-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./billing-api')>()),
  goToPaymentPage: vi.fn(),
}));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;
const navigateAway = vi.mocked(goToPaymentPage);

const aSubscription = (fields: Partial<Subscription> = {}): Subscription => ({
  id: 'sub_1',
  plan: 'basic',
  quantity: 3,
  status: 'active',
  cancelAt: null,
  currentPeriodEnd: '2030-12-23T12:00:00.000Z',
  period: 'monthly',
  ...fields,
});

beforeEach(() => {
  mockCall.mockReset();
  navigateAway.mockReset();
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setAnalyticsSink(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openDialog(handlers: Record<string, (data: unknown) => unknown>) {
  const calls = routeCalls(mockCall, {
    listMaps: () => [],
    getSlots: () => NO_SLOTS,
    listSubscriptions: () => [],
    ...handlers,
  });
  const view = renderRoutes('/maps#subscribe', { session: signedIn });
  const dialog = await screen.findByRole('dialog', { name: 'Pick your plan' });
  await within(dialog).findByRole('article', { name: 'Basic' });
  return { ...view, calls, dialog };
}

const plan = (dialog: HTMLElement, name: 'Basic' | 'Professional') => within(dialog).getByRole('article', { name });

describe('subscribe dialog', () => {
  it('opens on #subscribe with both plans, the licence note and the FAQ', async () => {
    const { dialog } = await openDialog({});
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('Start or manage subscription').id).toBe(dialog.getAttribute('aria-describedby'));
    expect(within(plan(dialog, 'Basic')).getByText('Cloud map hosting')).toBeTruthy();
    expect(within(plan(dialog, 'Professional')).getByText('Wayfinding extension')).toBeTruthy();
    expect(dialog.textContent).toContain('Each map also needs its own software license');
    // Both halves of the rule, in the words of the one source (shared/src/calls/billing-texts.ts).
    expect(dialog.textContent).toContain(BILLING_TEXTS.goLiveWays);
    expect(dialog.textContent).toContain(BILLING_TEXTS.licenseEnd);
    expect(within(dialog).getByText('Can I cancel at any time?')).toBeTruthy();
    expect(within(dialog).getByText('Can I get a refund?')).toBeTruthy();
    expect(within(plan(dialog, 'Basic')).getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(within(plan(dialog, 'Basic')).queryByRole('button', { name: 'Manage' })).toBeNull();
  });

  it('counts licensed maps apart from the subscription slots', async () => {
    const { dialog } = await openDialog({ getSlots: () => ({ ...NO_SLOTS, basicLicensed: 1 }) });
    await waitFor(() => expect(dialog.textContent).toContain(BILLING_TEXTS.licensedCount(1)));
  });

  it('closes by removing the hash, replacing the history entry', async () => {
    const { dialog, router } = await openDialog({});
    const before = router.state.historyAction;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close plans' }));
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/maps');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(before).toBe('POP');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pick your plan' })).toBeNull());
  });

  it('opens from the Buy map slots link on the page, replacing the history entry', async () => {
    routeCalls(mockCall, { listMaps: () => [], getSlots: () => NO_SLOTS, listSubscriptions: () => [] });
    const { router } = renderRoutes('/maps', { session: signedIn });
    fireEvent.click(await screen.findByRole('link', { name: 'Buy map slots' }));
    expect(await screen.findByRole('dialog', { name: 'Pick your plan' })).toBeTruthy();
    expect(router.state.location.hash).toBe('#subscribe');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('starts on the period the pricing page starts on, or on the one the visitor chose there', async () => {
    const { dialog } = await openDialog({});
    const checked = (card: HTMLElement) =>
      within(card)
        .getAllByRole<HTMLInputElement>('radio')
        .filter((r) => r.checked)
        .map((r) => r.closest('label')!.textContent);
    expect(checked(plan(dialog, 'Basic'))).toEqual([expect.stringMatching(/^Annual/)]);
    expect(checked(plan(dialog, 'Professional'))).toEqual([expect.stringMatching(/^Annual/)]);
    cleanup();

    routeCalls(mockCall, { listMaps: () => [], getSlots: () => NO_SLOTS, listSubscriptions: () => [] });
    renderRoutes('/pricing', { session: signedIn });
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: /^Annual/ })).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    fireEvent.click(screen.getByRole('link', { name: 'Choose Professional' }));
    const chosen = await screen.findByRole('dialog', { name: 'Pick your plan' });
    const pro = await within(chosen).findByRole('article', { name: 'Professional' });
    expect(checked(pro)).toEqual(['Monthly']);
    expect(checked(plan(chosen, 'Basic'))).toEqual(['Monthly']);
  });

  it('finds the plan as it was left when Back comes from the payment page, the pricing page’s period still first', async () => {
    const { dialog } = await openDialog({
      createCheckoutSession: () => ({ url: 'http://localhost/_dev/checkout/cs_1', id: 'cs_1' }),
    });
    const basic = plan(dialog, 'Basic');
    fireEvent.change(within(basic).getByRole('textbox', { name: 'Number of maps' }), { target: { value: '2' } });
    fireEvent.blur(within(basic).getByRole('textbox', { name: 'Number of maps' }));
    fireEvent.click(within(basic).getByRole('radio', { name: 'Monthly' }));
    fireEvent.click(within(basic).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalled());
    cleanup();

    // Back: the page loads afresh on /maps#subscribe.
    const back = await openDialog({});
    const again = plan(back.dialog, 'Basic');
    expect((within(again).getByRole('textbox', { name: 'Number of maps' }) as HTMLInputElement).value).toBe('2');
    expect((within(again).getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked).toBe(true);
    // The other plan was not chosen: its defaults.
    const pro = plan(back.dialog, 'Professional');
    expect((within(pro).getByRole('textbox', { name: 'Number of maps' }) as HTMLInputElement).value).toBe('1');
    expect((within(pro).getByRole('radio', { name: /^Annual/ }) as HTMLInputElement).checked).toBe(true);
    cleanup();

    // Coming from the pricing page, its period wins.
    routeCalls(mockCall, { listMaps: () => [], getSlots: () => NO_SLOTS, listSubscriptions: () => [] });
    renderRoutes('/pricing', { session: signedIn });
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: /^Annual/ })).checked).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Choose Basic' }));
    const chosen = await screen.findByRole('dialog', { name: 'Pick your plan' });
    const fromPricing = await within(chosen).findByRole('article', { name: 'Basic' });
    expect((within(fromPricing).getByRole('radio', { name: /^Annual/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('sends a signed-out visitor to /login', async () => {
    const { router } = renderRoutes('/maps#subscribe', { session: signedOut });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('dialog', { name: 'Pick your plan' })).toBeNull();
  });

  it('prices the chosen quantity and period per map and in total, with the volume tier', async () => {
    const { dialog } = await openDialog({});
    const basic = plan(dialog, 'Basic');
    const price = () => basic.querySelector('.plan-offer__price')!.textContent;
    fireEvent.click(within(basic).getByRole('radio', { name: 'Monthly' }));
    expect(price()).toContain('$10 per map / month');
    expect(price()).toContain('Total $10 / month');
    expect(price()).toContain('10% off from 10 maps');

    fireEvent.change(within(basic).getByRole('textbox', { name: 'Number of maps' }), { target: { value: '12' } });
    expect(price()).toContain('$9 per map / month');
    expect(price()).toContain('Total $108 / month');
    expect(price()).toContain('10% volume discount at 10+ maps');

    fireEvent.click(within(basic).getByRole('radio', { name: /Annual/ }));
    expect(price()).toContain('$86.40 per map / year ($7.20 a month)');
    expect(price()).toContain('Total $1,036.80 / year');

    const pro = plan(dialog, 'Professional');
    fireEvent.click(within(pro).getByRole('radio', { name: 'Monthly' }));
    fireEvent.change(within(pro).getByRole('textbox', { name: 'Number of maps' }), { target: { value: '100' } });
    expect(pro.querySelector('.plan-offer__price')!.textContent).toContain('20% volume discount at 100+ maps');
    expect(pro.querySelector('.plan-offer__price')!.textContent).toContain('Total $2,240 / month');
  });

  it('starts a checkout: Starting... with every control disabled, then leaves for the checkout page', async () => {
    const answer = deferred<{ url: string; id: string }>();
    const { dialog, calls } = await openDialog({ createCheckoutSession: () => answer.promise });
    const basic = plan(dialog, 'Basic');
    fireEvent.change(within(basic).getByRole('textbox', { name: 'Number of maps' }), { target: { value: '3' } });
    fireEvent.click(within(basic).getByRole('radio', { name: /Annual/ }));
    fireEvent.click(within(basic).getByRole('button', { name: 'Subscribe' }));

    expect(calls.callsTo('createCheckoutSession')).toEqual([{ plan: 'basic', period: 'yearly', quantity: 3 }]);
    const starting = within(basic).getByRole('button', { name: 'Starting...' });
    expect(starting.querySelector('.spinner')).toBeTruthy();
    const controls = Array.from(dialog.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input'));
    expect(controls.length).toBeGreaterThan(8);
    expect(controls.filter((c) => !c.disabled).map((c) => c.getAttribute('aria-label') ?? c.textContent)).toEqual([]);
    // The other card's button still says what it does.
    expect(within(plan(dialog, 'Professional')).getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    // Escape does not close the dialog meanwhile.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Pick your plan' })).toBeTruthy();

    await act(async () => answer.resolve({ url: 'http://localhost/_dev/checkout/cs_1', id: 'cs_1' }));
    expect(navigateAway).toHaveBeenCalledWith('http://localhost/_dev/checkout/cs_1');
    // The session's id: the maps page waits for the payment only when Stripe comes back naming it.
    expect(readPendingCheckout('user-1')).toMatchObject({
      uid: 'user-1',
      sessionId: 'cs_1',
      plan: 'basic',
      quantity: 3,
      quantityBefore: 0,
    });
  });

  it('says why the subscriptions could not be loaded, and loads them again on Try again', async () => {
    let fail = true;
    routeCalls(mockCall, {
      listMaps: () => [],
      getSlots: () => NO_SLOTS,
      listSubscriptions: () => {
        if (fail) throw new CallError('internal', 'internal', 'Failed to fetch');
        return [];
      },
    });
    renderRoutes('/maps#subscribe', { session: signedIn });
    const dialog = await screen.findByRole('dialog', { name: 'Pick your plan' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'so the plans are not shown. Mapnest could not be reached. Check your connection, or try again in a moment.',
    );
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('article', { name: 'Basic' })).toBeTruthy();
  });

  it('resets and shows the error when the checkout cannot be created', async () => {
    const { dialog } = await openDialog({
      createCheckoutSession: () => {
        throw new CallError('unavailable', 'Payments are not available right now.');
      },
    });
    const pro = plan(dialog, 'Professional');
    fireEvent.click(within(pro).getByRole('button', { name: 'Subscribe' }));
    expect((await within(pro).findByRole('alert')).textContent).toBe(MESSAGES.subscriptionError);
    expect(MESSAGES.subscriptionError).toBe('Error: something happened.');
    expect((within(pro).getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(pro).getByRole('textbox', { name: 'Number of maps' }) as HTMLInputElement).disabled).toBe(false);
    expect(console.error).toHaveBeenCalled();
    expect(navigateAway).not.toHaveBeenCalled();
    expect(readPendingCheckout('user-1')).toBeNull();
  });

  it('shows Manage, the Active badge and a segmented meter for a subscribed plan, and opens the portal', async () => {
    const answer = deferred<{ url: string }>();
    const { dialog, calls } = await openDialog({
      listSubscriptions: () => [aSubscription()],
      getSlots: () => ({ ...NO_SLOTS, basicUsed: 2, basicCapacity: 3, basicSubscribed: 3 }),
      createPortalLink: () => answer.promise,
    });
    const basic = plan(dialog, 'Basic');
    await within(basic).findByText('2 of 3 Basic slots used');
    const badge = within(basic).getByText('Active');
    expect(badge.className).toContain('badge--basic');
    const meter = within(basic).getByRole('meter', { name: 'Basic slots used' });
    expect(meter.querySelectorAll('.slot-meter__segment')).toHaveLength(3);
    expect(meter.querySelectorAll('.slot-meter__segment.is-used')).toHaveLength(2);
    expect(meter.querySelector('.slot-meter__bar')).toBeNull();
    expect(within(basic).queryByRole('textbox', { name: 'Number of maps' })).toBeNull();
    expect(within(basic).queryByRole('button', { name: 'Subscribe' })).toBeNull();
    // The other plan can still be bought.
    expect(within(plan(dialog, 'Professional')).getByRole('button', { name: 'Subscribe' })).toBeTruthy();

    fireEvent.click(within(basic).getByRole('button', { name: 'Manage' }));
    expect(calls.callsTo('createPortalLink')).toEqual([{ returnPath: '/maps' }]);
    expect(within(basic).getByRole('button', { name: 'Starting...' })).toBeTruthy();
    expect(
      (within(plan(dialog, 'Professional')).getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => answer.resolve({ url: 'https://billing.example/portal' }));
    expect(navigateAway).toHaveBeenCalledWith('https://billing.example/portal');
  });

  it('resets Manage and shows the error when the portal link fails', async () => {
    const { dialog } = await openDialog({
      listSubscriptions: () => [aSubscription({ plan: 'pro' })],
      createPortalLink: () => {
        throw new CallError('internal', 'INTERNAL');
      },
    });
    const pro = plan(dialog, 'Professional');
    fireEvent.click(await within(pro).findByRole('button', { name: 'Manage' }));
    expect((await within(pro).findByRole('alert')).textContent).toBe('Error: something happened.');
    expect((within(pro).getByRole('button', { name: 'Manage' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('draws a proportional bar above 8 slots, a Canceled badge with the end date, and a failed payment', async () => {
    const { dialog } = await openDialog({
      listSubscriptions: () => [
        aSubscription({ plan: 'pro', quantity: 12, cancelAt: '2030-12-01T12:00:00.000Z' }),
        aSubscription({ id: 'sub_2', plan: 'basic', quantity: 2, status: 'past_due' }),
      ],
      getSlots: () => ({ ...NO_SLOTS, proUsed: 3, proCapacity: 12, proSubscribed: 12 }),
    });
    const pro = plan(dialog, 'Professional');
    await within(pro).findByText('3 of 12 Professional slots used');
    const badge = within(pro).getByText('Canceled');
    expect(badge.className).toContain('badge--pro');
    expect(pro.textContent).toContain('ends Dec 1, 2030');
    // A renewal that failed is no 'Active' subscription: the badge says what the text below it says.
    const basic = plan(dialog, 'Basic');
    expect(within(basic).getByText('Payment failed').className).toContain('badge--failed');
    expect(within(basic).queryByText('Active')).toBeNull();
    expect(basic.textContent).toContain('Payment failed — update your payment method');
    // The period the failed payment was for is not paid: no renewal date is promised.
    expect(basic.textContent).not.toContain('renews');
    const meter = within(pro).getByRole('meter', { name: 'Professional slots used' });
    expect(meter.querySelectorAll('.slot-meter__segment')).toHaveLength(0);
    const fill = meter.querySelector<HTMLElement>('.slot-meter__fill')!;
    expect(fill.style.getPropertyValue('--share')).toBe(String(3 / 12));
  });

  it('fills the session plans from the subscriptions it loads', async () => {
    const { store } = await openDialog({ listSubscriptions: () => [aSubscription({ quantity: 4 })] });
    await waitFor(() => expect(store.get(sessionAtom).plans).toEqual([{ plan: 'basic', quantity: 4, cancelAt: null }]));
  });
});
