/**
 * "Sign out of all devices" in the Security tab (ADR 079): asked first, then the call; on success this browser's
 * session ends too, on failure the dialog says so and the session stays.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '@mapnest/shared/errors';
import { signedIn } from '../../app/testing.fixtures';
import { sessionAtom, type Session } from '../../state/session';
import { SecurityTab, SIGN_OUT_EVERYWHERE_FAILED } from './SecurityTab';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', () => ({ call }));
const endSession = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../auth/session-bootstrap', async (original) => ({
  ...(await original<typeof import('../auth/session-bootstrap')>()),
  endSession,
}));

beforeEach(() => {
  call.mockReset();
  endSession.mockClear();
});
afterEach(cleanup);

function renderTab(session: Session = signedIn) {
  const store = createStore();
  store.set(sessionAtom, session);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <SecurityTab />
      </MemoryRouter>
    </Provider>,
  );
}
const open = () => act(async () => screen.getByRole('button', { name: 'Sign out of all devices' }).click());
const dialog = () => screen.getByRole('dialog', { name: 'Sign out of all devices?' });

describe('Sign out of all devices', () => {
  it('asks first: Cancel calls nothing', async () => {
    renderTab();
    await open();
    expect(dialog().textContent).toContain(
      'Every browser and device signed in to your account is signed out, this one too.',
    );
    await act(async () => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(call).not.toHaveBeenCalled();
    expect(endSession).not.toHaveBeenCalled();
  });

  it('signs out everywhere on confirmation, then ends this session with the same reason', async () => {
    call.mockResolvedValue(null);
    renderTab();
    await open();
    await act(async () => screen.getByRole('button', { name: 'Sign out everywhere' }).click());
    expect(call).toHaveBeenCalledWith('signOutEverywhere', null);
    expect(endSession).toHaveBeenCalledWith('signedOutEverywhere');
  });

  it('says a failure in the dialog and keeps this session', async () => {
    call.mockRejectedValue(new CallError('unavailable', 'The service is briefly unavailable.'));
    renderTab();
    await open();
    await act(async () => screen.getByRole('button', { name: 'Sign out everywhere' }).click());
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_OUT_EVERYWHERE_FAILED);
    expect(endSession).not.toHaveBeenCalled();
  });

  it('is not offered while an administrator views as another user, nor is deleting the account', () => {
    renderTab({ ...signedIn, admin: true, isUserSimulated: true, userId: 'user-ana' });
    expect(screen.getByRole('button', { name: 'Sign out of all devices' }).hasAttribute('disabled')).toBe(true);
    // The server refuses both while viewing as someone (the account would be the administrator's own).
    expect(screen.getByRole('button', { name: 'Delete account' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Stop viewing as another user to delete your own account/)).toBeTruthy();
  });
});
