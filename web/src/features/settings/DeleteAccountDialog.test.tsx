import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isolateEachTest, renderRoutes, signedIn } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { aMap, NO_SLOTS, routeCalls } from '../maps/maps.fixtures';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

isolateEachTest(mockCall);

async function openDeletion(slots: typeof NO_SLOTS) {
  routeCalls(mockCall, { listMaps: () => [aMap()], getSlots: () => slots });
  renderRoutes('/maps#settings/Security', { session: signedIn });
  const panel = await screen.findByRole('tabpanel', { name: 'Security' });
  fireEvent.click(within(panel).getByRole('button', { name: 'Delete account' }));
  return screen.findByRole('dialog', { name: 'Delete account' });
}

describe('deleting an account', () => {
  it('says first that its subscriptions end with it, without a refund, and that its licenses go', async () => {
    const dialog = await openDeletion({ ...NO_SLOTS, basicSubscribed: 2, proSubscribed: 1, basicLicensed: 1 });
    expect((await within(dialog).findByTestId('billing-ends')).textContent).toBe(
      'Your Basic subscription (2 slots) and your Professional subscription (1 slot) are cancelled with it, at once: you are not charged again, and the time left in the period you paid for is not refunded. 1 registered license goes with your maps.',
    );
  });

  it('says nothing of billing to an account that pays for nothing', async () => {
    const dialog = await openDeletion({ ...NO_SLOTS, basicGranted: 3 });
    await within(dialog).findByLabelText('Your email address');
    await waitFor(() => expect(mockCall.mock.calls.some((c) => c[0] === 'getSlots')).toBe(true));
    // Lets the counters' answer arrive.
    await act(async () => undefined);
    expect(within(dialog).queryByTestId('billing-ends')).toBeNull();
  });
});
