import { BILLING_TEXTS } from '@mapnest/shared/billing-texts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { License, Subscription } from '@mapnest/shared/billing';
import { CallError } from '@mapnest/shared/errors';
import { setAnalyticsSink } from '../../lib/analytics';
import { renderRoutes, signedIn } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { goToPaymentPage } from '../billing/billing-api';
import { aMap, deferred, NO_SLOTS, routeCalls } from '../maps/maps.fixtures';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
vi.mock('../billing/billing-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../billing/billing-api')>()),
  goToPaymentPage: vi.fn(),
}));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;
const navigateAway = vi.mocked(goToPaymentPage);

const SUB: Subscription = {
  id: 'sub_1',
  plan: 'basic',
  quantity: 3,
  status: 'active',
  cancelAt: null,
  currentPeriodEnd: '2030-12-23T12:00:00.000Z',
  period: 'monthly',
};
const LICENSES: License[] = [
  {
    code: '1a2b****-****-****-****-********5e6f',
    mapId: 'map00000000000000001',
    registeredAt: '2030-05-23T12:00:00.000Z',
    startsAt: '2030-05-23T12:00:00.000Z',
    endsAt: '2030-11-23T12:00:00.000Z',
    ended: false,
  },
  {
    code: '9f8e****-****-****-****-********ffff',
    mapId: 'map00000000000000077',
    registeredAt: '2029-01-10T12:00:00.000Z',
    startsAt: '2029-01-10T12:00:00.000Z',
    endsAt: '2029-07-10T12:00:00.000Z',
    ended: true,
  },
];
const SLOTS = {
  ...NO_SLOTS,
  testMaps: 1,
  basicUsed: 2,
  basicCapacity: 5,
  basicSubscribed: 3,
  basicGranted: 2,
  basicLicensed: 2,
  proUsed: 0,
  proCapacity: 0,
};

beforeEach(() => {
  mockCall.mockReset();
  navigateAway.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setAnalyticsSink(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openPlanTab(handlers: Record<string, (data: unknown) => unknown>, session = signedIn) {
  const calls = routeCalls(mockCall, {
    listMaps: () => [aMap()],
    getSlots: () => SLOTS,
    listSubscriptions: () => [SUB],
    listLicenses: () => LICENSES,
    ...handlers,
  });
  const view = renderRoutes('/maps#settings/Plan', { session });
  const panel = await screen.findByRole('tabpanel', { name: 'Plan' });
  return { ...view, calls, panel };
}

describe('Plan tab', () => {
  it('shows slots used and held per plan, and licensed maps apart from the slots', async () => {
    const { panel } = await openPlanTab({});
    const list = await within(panel).findByLabelText('Map slots');
    expect(list.textContent).toContain('Test maps1 of 2 used');
    expect(list.textContent).toContain('Basic2 of 5 used3 subscribed · 2 granted');
    expect(list.textContent).toContain(`Licensed maps${BILLING_TEXTS.licensedCount(2)}`);
    // No Professional slots held and none in use: said in words, with the button the tab offers for more.
    expect(list.textContent).toContain('ProfessionalNone yetGet them with “Buy slots” below.');
    expect(list.textContent).not.toContain('0 of 0');
  });

  it('tells an administrator that maps they set to a plan need no slot, and a user viewed how many are over', async () => {
    const getSlots = () => ({ ...SLOTS, proUsed: 2, proCapacity: 0 });
    const admin = { ...signedIn, admin: true };
    const { panel, unmount } = await openPlanTab({ getSlots }, admin);
    let list = await within(panel).findByLabelText('Map slots');
    expect(list.textContent).toContain('Professional2 Professional mapsSet by an administrator (no slot needed).');
    expect(list.textContent).not.toContain('2 of 0 used');
    unmount();

    // Viewing as a user, the administrator reads what that user reads.
    const viewing = await openPlanTab({ getSlots }, { ...admin, isUserSimulated: true, userId: 'user-2' });
    list = await within(viewing.panel).findByLabelText('Map slots');
    expect(list.textContent).toContain('Professional2 maps, 0 slots: 2 over2 maps hold Professional without a slot');
  });

  it('tells a user with no slots that they have none yet, and to get them with See plans', async () => {
    const { panel } = await openPlanTab({
      getSlots: () => ({ ...NO_SLOTS, testMaps: 1 }),
      listSubscriptions: () => [],
      listLicenses: () => [],
    });
    const list = await within(panel).findByLabelText('Map slots');
    await waitFor(() => expect(within(panel).getByRole('link', { name: 'See plans' })).toBeTruthy());
    const rows = [...list.querySelectorAll('dl > div')].map((row) => row.textContent);
    expect(rows).toEqual([
      'Test maps1 of 2 used',
      'BasicNone yetGet them with “See plans” below.',
      'ProfessionalNone yetGet them with “See plans” below.',
    ]);
  });

  it('describes the subscription and offers Buy slots and the payment portal', async () => {
    const answer = deferred<{ url: string }>();
    const { panel, calls } = await openPlanTab({ createPortalLink: () => answer.promise });
    expect(await within(panel).findByText('Basic · 3 maps, billed monthly · renews Dec 23, 2030')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Buy slots' }).getAttribute('href')).toBe('/maps#subscribe');
    const portal = within(panel).getByRole('button', { name: 'Payment portal' }) as HTMLButtonElement;
    fireEvent.click(portal);
    expect(portal.disabled).toBe(true);
    expect(calls.callsTo('createPortalLink')).toEqual([{ returnPath: '/maps#settings/Plan' }]);
    await act(async () => answer.resolve({ url: 'https://billing.example/p' }));
    expect(navigateAway).toHaveBeenCalledWith('https://billing.example/p');
  });

  it('only logs a failed portal link and enables the button again', async () => {
    const { panel } = await openPlanTab({
      createPortalLink: () => {
        throw new CallError('internal', 'INTERNAL');
      },
    });
    const portal = (await within(panel).findByRole('button', { name: 'Payment portal' })) as HTMLButtonElement;
    fireEvent.click(portal);
    await waitFor(() => expect(portal.disabled).toBe(false));
    expect(console.error).toHaveBeenCalled();
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(panel.textContent).not.toContain('Error: something happened.');
    expect(navigateAway).not.toHaveBeenCalled();
  });

  it('offers no payment portal without a subscription', async () => {
    const { panel } = await openPlanTab({ listSubscriptions: () => [], listLicenses: () => [] });
    expect(await within(panel).findByText('None registered.')).toBeTruthy();
    await waitFor(() => expect(within(panel).getByRole('link', { name: 'See plans' })).toBeTruthy());
    expect(within(panel).queryByRole('button', { name: 'Payment portal' })).toBeNull();
    expect(panel.textContent).toContain('Free: up to 2 test maps');
  });

  it('lists registered licences with their map, masked code and end', async () => {
    const { panel } = await openPlanTab({});
    const list = await within(panel).findByRole('list', { name: 'Registered licenses' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Riverside Mall'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toBe(
      'Riverside Mall · ends Nov 23, 20301a2b****-****-****-****-********5e6f',
    );
    expect(within(list).getAllByRole('listitem')[1]!.textContent).toBe(
      'A deleted map · ended9f8e****-****-****-****-********ffff',
    );
  });

  it('says when a licence that extends another starts', async () => {
    const extension: License = {
      code: '2b3c****-****-****-****-********6f70',
      mapId: 'map00000000000000001',
      registeredAt: '2099-06-01T12:00:00.000Z',
      startsAt: '2099-11-23T12:00:00.000Z',
      endsAt: '2100-05-23T12:00:00.000Z',
      ended: false,
    };
    const { panel } = await openPlanTab({ listLicenses: () => [extension] });
    const list = await within(panel).findByRole('list', { name: 'Registered licenses' });
    await waitFor(() =>
      expect(within(list).getByRole('listitem').textContent).toBe(
        'Riverside Mall · starts Nov 23, 2099, ends May 23, 21002b3c****-****-****-****-********6f70',
      ),
    );
  });

  it('says that a past-due payment failed', async () => {
    const { panel } = await openPlanTab({ listSubscriptions: () => [{ ...SUB, status: 'past_due' }] });
    expect((await within(panel).findByText(/Payment failed/)).textContent).toContain(
      'Payment failed — update your payment method',
    );
    // The period the failed payment was for is not paid: no renewal date is promised.
    expect(panel.textContent).toContain('Basic · 3 maps, billed monthly Payment failed');
    expect(panel.textContent).not.toContain('renews');
  });

  describe('granted slots', () => {
    const VIEWED = '0a1b2c3d-0000-4000-8000-000000000042';
    const viewingAs = { ...signedIn, admin: true, isUserSimulated: true, userId: VIEWED };

    it("lets an administrator viewing as a user change that user's granted slots", async () => {
      const { panel, calls } = await openPlanTab(
        { setUserSlots: () => ({ ...SLOTS, basicCapacity: 7, basicGranted: 4, proCapacity: 1, proGranted: 1 }) },
        viewingAs,
      );
      const basic = (await within(panel).findByLabelText('Basic')) as HTMLInputElement;
      expect(basic.value).toBe('2');
      fireEvent.change(basic, { target: { value: '4' } });
      fireEvent.change(within(panel).getByLabelText('Professional'), { target: { value: '1' } });
      fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
      expect(await within(panel).findByText('Granted slots saved.')).toBeTruthy();
      expect(calls.callsTo('setUserSlots')).toEqual([{ uid: VIEWED, basic: 4, pro: 1 }]);
      const list = within(panel).getByLabelText('Map slots');
      expect(list.textContent).toContain('Basic2 of 7 used3 subscribed · 4 granted');
      expect(list.textContent).toContain('Professional0 of 1 used');
    });

    it('refuses a count that is not a whole number without asking the server', async () => {
      const { panel, calls } = await openPlanTab({}, viewingAs);
      fireEvent.change(await within(panel).findByLabelText('Basic'), { target: { value: '-1' } });
      fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
      expect(within(panel).getByRole('alert').textContent).toBe('Granted slots are whole numbers from 0 to 100,000.');
      expect(calls.callsTo('setUserSlots')).toEqual([]);
    });

    it('is not offered to a user, nor to an administrator on their own account', async () => {
      for (const session of [signedIn, { ...signedIn, admin: true }]) {
        const { panel, unmount } = await openPlanTab({}, session);
        await within(panel).findByLabelText('Map slots');
        expect(within(panel).queryByText('Granted slots')).toBeNull();
        unmount();
      }
    });
  });
});
