import { BILLING_TEXTS } from '@mapnest/shared/billing-texts';
import { BILLING_MESSAGES, type Subscription } from '@mapnest/shared/billing';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAnalyticsSink } from '../../lib/analytics';
import { renderRoutes, signedIn } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { NO_SLOTS, routeCalls } from '../maps/maps.fixtures';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
vi.mock('./billing-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./billing-api')>()),
  goToPaymentPage: vi.fn(),
}));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

/** An administrator viewing the app as user-1. */
const viewingAs = { ...signedIn, admin: true, isUserSimulated: true };
const basic: Subscription = {
  id: 'sub_1',
  plan: 'basic',
  quantity: 2,
  status: 'active',
  cancelAt: null,
  currentPeriodEnd: '2030-12-23T12:00:00.000Z',
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
  vi.restoreAllMocks();
});

/** The control is disabled and names the reason shown beside it. */
function disabledWithReason(control: HTMLElement) {
  expect((control as HTMLButtonElement).disabled).toBe(true);
  const note = document.getElementById(control.getAttribute('aria-describedby') ?? '');
  expect(note?.textContent).toBe(BILLING_MESSAGES.accountHolderOnly);
}

describe('payments while an administrator views as a user', () => {
  it('disables Subscribe and Manage in the plans dialog, saying why beside them, and asks the server nothing', async () => {
    const calls = routeCalls(mockCall, {
      listMaps: () => [],
      getSlots: () => ({ ...NO_SLOTS, basicUsed: 1, basicCapacity: 2, basicSubscribed: 2 }),
      listSubscriptions: () => [basic],
    });
    renderRoutes('/maps#subscribe', { session: viewingAs });
    const dialog = await screen.findByRole('dialog', { name: 'Pick your plan' });
    const manage = await within(dialog).findByRole('button', { name: 'Manage' });
    disabledWithReason(manage);
    const subscribe = within(within(dialog).getByRole('article', { name: 'Professional' })).getByRole('button', {
      name: 'Subscribe',
    });
    disabledWithReason(subscribe);
    fireEvent.click(subscribe);
    fireEvent.click(manage);
    expect(calls.callsTo('createCheckoutSession')).toEqual([]);
    expect(calls.callsTo('createPortalLink')).toEqual([]);
    expect(dialog.textContent).not.toContain('Error: something happened.');
  });

  it('disables Buy map slots on the maps page, and Buy slots and Payment portal on the Plan tab', async () => {
    const calls = routeCalls(mockCall, {
      listMaps: () => [],
      getSlots: () => NO_SLOTS,
      listSubscriptions: () => [basic],
      listLicenses: () => [],
    });
    renderRoutes('/maps', { session: viewingAs });
    disabledWithReason(await screen.findByRole('button', { name: 'Buy map slots' }));
    expect(screen.queryByRole('link', { name: 'Buy map slots' })).toBeNull();
    cleanup();

    renderRoutes('/maps#settings/Plan', { session: viewingAs });
    const panel = await screen.findByRole('tabpanel', { name: 'Plan' });
    disabledWithReason(await within(panel).findByRole('button', { name: 'Buy slots' }));
    const portal = within(panel).getByRole('button', { name: 'Payment portal' });
    disabledWithReason(portal);
    fireEvent.click(portal);
    expect(calls.callsTo('createPortalLink')).toEqual([]);
  });

  it('keeps every payment control enabled for the account holder', async () => {
    routeCalls(mockCall, { listMaps: () => [], getSlots: () => NO_SLOTS, listSubscriptions: () => [basic] });
    renderRoutes('/maps#subscribe', { session: signedIn });
    const dialog = await screen.findByRole('dialog', { name: 'Pick your plan' });
    expect(((await within(dialog).findByRole('button', { name: 'Manage' })) as HTMLButtonElement).disabled).toBe(false);
    expect(dialog.textContent).not.toContain(BILLING_MESSAGES.accountHolderOnly);
    expect(screen.getByRole('link', { name: 'Buy map slots' })).toBeTruthy();
  });
});

describe('test maps over the free limit', () => {
  it('explains "3 of 2 used" where the meter shows, on the maps page and the Plan tab', async () => {
    routeCalls(mockCall, {
      listMaps: () => [],
      getSlots: () => ({ ...NO_SLOTS, testMaps: 3 }),
      listSubscriptions: () => [],
      listLicenses: () => [],
    });
    renderRoutes('/maps', { session: signedIn });
    const slots = await screen.findByRole('region', { name: 'Map slots' });
    await within(slots).findByText(BILLING_TEXTS.testMapsOver);
    expect(slots.textContent).toContain('3 of 2 used');
    cleanup();

    renderRoutes('/maps#settings/Plan', { session: signedIn });
    const panel = await screen.findByRole('tabpanel', { name: 'Plan' });
    const list = await within(panel).findByLabelText('Map slots');
    expect(list.textContent).toContain(`Test maps3 of 2 used${BILLING_TEXTS.testMapsOver}`);
  });

  it('says nothing more at or under the limit', async () => {
    routeCalls(mockCall, {
      listMaps: () => [],
      getSlots: () => ({ ...NO_SLOTS, testMaps: 2 }),
      listSubscriptions: () => [],
    });
    renderRoutes('/maps', { session: signedIn });
    const slots = await screen.findByRole('region', { name: 'Map slots' });
    await within(slots).findByText(/2 of 2 used/);
    expect(slots.textContent).not.toContain(BILLING_TEXTS.testMapsOver);
  });
});
