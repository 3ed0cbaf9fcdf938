import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { renderRoutes } from '../../app/testing.fixtures';
import AuthActionPage, { LINK_USED_MESSAGE, PASSWORD_MAY_HAVE_CHANGED } from './AuthActionPage';

/** The Cognito side, as the page sees it through the auth service. */
const auth = vi.hoisted(() => ({
  confirmRegistration: vi.fn<(email: string, code: string) => Promise<void>>(),
  currentClaims: vi.fn<() => Promise<unknown>>(),
  signInWithLink: vi.fn<(email: string, token: string) => Promise<boolean>>(),
  completePasswordReset: vi.fn<(email: string, code: string, password: string) => Promise<void>>(),
}));
const refreshSession = vi.hoisted(() => vi.fn(async () => ({})));
vi.mock('./session-bootstrap', async (original) => ({
  ...(await original<typeof import('./session-bootstrap')>()),
  loadAuthService: async () => auth,
  refreshSession,
}));

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}
const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <Outlet />
        <Where />
      </>
    ),
    children: [
      { path: 'auth', element: <AuthActionPage /> },
      { path: 'maps', element: <h1>Your maps</h1> },
    ],
  },
];

const TOKEN = 'AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB';
const link = (token: string | null) =>
  `/auth?mode=verifyEmail&email=ada%40example.com${token ? `&token=${token}` : ''}&code=123456`;
const nameError = (name: string) => Object.assign(new Error(name), { name });

beforeEach(() => {
  auth.confirmRegistration.mockReset().mockResolvedValue(undefined);
  auth.currentClaims.mockReset().mockResolvedValue(null);
  auth.signInWithLink.mockReset().mockResolvedValue(true);
  auth.completePasswordReset.mockReset().mockResolvedValue(undefined);
  refreshSession.mockClear();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the verification link', () => {
  it('confirms the code, signs in with the token and lands on the maps', async () => {
    renderRoutes(link(TOKEN), { routes });
    await screen.findByRole('heading', { name: 'Your maps' });
    expect(screen.getByTestId('where').textContent).toBe('/maps');
    expect(auth.confirmRegistration).toHaveBeenCalledWith('ada@example.com', '123456');
    expect(auth.signInWithLink).toHaveBeenCalledWith('ada@example.com', TOKEN);
    expect(auth.confirmRegistration.mock.invocationCallOrder[0]).toBeLessThan(
      auth.signInWithLink.mock.invocationCallOrder[0]!,
    );
    expect(refreshSession).toHaveBeenCalled();
  });

  it('takes the token out of the address before talking to Cognito', async () => {
    let addressAtConfirm = '';
    auth.confirmRegistration.mockImplementation(async () => {
      addressAtConfirm = screen.getByTestId('where').textContent ?? '';
    });
    auth.signInWithLink.mockRejectedValue(nameError('NotAuthorizedException'));
    renderRoutes(link(TOKEN), { routes });
    await screen.findByText(/Your email address is verified\./);
    expect(addressAtConfirm).toBe('/auth?mode=verifyEmail&email=ada%40example.com&code=123456');
    expect(screen.getByTestId('where').textContent).not.toContain('token');
  });

  it('says verified and why it cannot sign in when the token is refused, and offers to log in', async () => {
    auth.signInWithLink.mockRejectedValue(nameError('NotAuthorizedException'));
    renderRoutes(link(TOKEN), { routes });
    await screen.findByText(`Your email address is verified. ${LINK_USED_MESSAGE}`);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?email=ada%40example.com');
  });

  it('without a token, verifies as before and does not sign in', async () => {
    renderRoutes(link(null), { routes });
    await screen.findByText('Your email address is verified.');
    expect(auth.signInWithLink).not.toHaveBeenCalled();
  });

  it('does not sign in over a session already open in this browser', async () => {
    auth.currentClaims.mockResolvedValue({ sub: 'someone-else' });
    renderRoutes(link(TOKEN), { routes });
    await screen.findByText('Your email address is verified.');
    expect(auth.signInWithLink).not.toHaveBeenCalled();
  });

  it('opened again (code used, token used): says the link is no longer valid and does not sign in', async () => {
    auth.confirmRegistration.mockRejectedValue(nameError('CodeMismatchException'));
    auth.signInWithLink.mockRejectedValue(nameError('NotAuthorizedException'));
    renderRoutes(link(TOKEN), { routes });
    await screen.findByText('This link is not valid, or it has already been used.');
    expect(screen.getByTestId('where').textContent).not.toBe('/maps');
  });

  it('opened again after the address was verified: says it is verified already, not that the link is invalid', async () => {
    // Cognito's answer to a second confirmation of a confirmed account.
    const confirmed = Object.assign(new Error('User cannot be confirmed. Current status is CONFIRMED'), {
      name: 'NotAuthorizedException',
    });
    auth.confirmRegistration.mockRejectedValue(confirmed);
    renderRoutes(link(null), { routes });
    await screen.findByText('Your email address is already verified.');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    cleanup();
    // With its sign-in token used up as well, it says so beside it.
    auth.signInWithLink.mockRejectedValue(nameError('NotAuthorizedException'));
    renderRoutes(link(TOKEN), { routes });
    await screen.findByText(`Your email address is already verified. ${LINK_USED_MESSAGE}`);
    expect(screen.getByTestId('where').textContent).not.toBe('/maps');
  });

  it('still signs in once with a live token after the code was already applied (a reload after a failed sign-in)', async () => {
    auth.confirmRegistration.mockRejectedValue(nameError('NotAuthorizedException'));
    renderRoutes(link(TOKEN), { routes });
    await screen.findByRole('heading', { name: 'Your maps' });
  });

  it('ignores a malformed token', async () => {
    renderRoutes(link('not-a-token'), { routes });
    await screen.findByText('Your email address is verified.');
    expect(auth.signInWithLink).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('where').textContent).not.toContain('token'));
  });
});

describe('the password reset link', () => {
  const resetLink = '/auth?mode=resetPassword&email=ada%40example.com&code=654321';
  async function saveNewPassword() {
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'New-pass-2' } });
    fireEvent.change(screen.getByLabelText(/^Repeat the new password/), { target: { value: 'New-pass-2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' })));
  }

  it('says the password may have changed, not that the reset failed, when the trigger ending the sessions fails', async () => {
    // Cognito's answer when the PostConfirmation trigger throws: the password was changed before it ran.
    auth.completePasswordReset.mockRejectedValue(
      Object.assign(new Error('PostConfirmation failed with error The other sessions could not all be ended..'), {
        name: 'UserLambdaValidationException',
      }),
    );
    renderRoutes(resetLink, { routes });
    await saveNewPassword();
    expect(auth.completePasswordReset).toHaveBeenCalledWith('ada@example.com', '654321', 'New-pass-2');
    expect(await screen.findByRole('heading', { name: 'Log in with your new password' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(PASSWORD_MAY_HAVE_CHANGED);
    expect(PASSWORD_MAY_HAVE_CHANGED).toMatch(/may have been changed.*Sign out of all devices in Settings > Security/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?email=ada%40example.com');
  });

  it('still says a refused code is a link that did not work', async () => {
    auth.completePasswordReset.mockRejectedValue(nameError('CodeMismatchException'));
    renderRoutes(resetLink, { routes });
    await saveNewPassword();
    expect((await screen.findByRole('alert')).textContent).not.toMatch(/may have been changed/);
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeTruthy();
  });
});
