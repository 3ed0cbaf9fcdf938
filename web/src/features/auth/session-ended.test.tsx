/**
 * A session the server ended (a password reset elsewhere, "Sign out of all devices": ADR 079): the first call it
 * makes is answered 401 with the reason, and the app signs it out here too and takes it to the login page, which says
 * why. The real call client, session start and guards, with Cognito and the network stood in for.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Provider } from 'jotai';
import { createBrowserRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { call } from '../../lib/api';
import { SIGNED_OUT_SESSION, sessionAtom, sessionEndedAtom } from '../../state/session';
import { appStore } from '../../state/store';
import { signedIn, signedOut } from '../../app/testing.fixtures';
import { RedirectIfSignedIn, RequireAuth, SessionEndedRedirect } from './guards';
import LoginPage from './LoginPage';
import { loadAuthService, refreshSession, startSession } from './session-bootstrap';

const auth = vi.hoisted(() => {
  const renewals = { refuse: (): void => undefined };
  return {
    renewals,
    idToken: vi.fn(async (): Promise<string | null> => 'id-token'),
    signOutHere: vi.fn(async () => undefined),
    currentClaims: vi.fn(async (): Promise<unknown> => null),
    // What Amplify's failed renewal tells the session (auth-service.ts): the test calls it where Cognito refuses one.
    watchRefusedRenewals: vi.fn((refused: () => void) => {
      renewals.refuse = refused;
    }),
  };
});
vi.mock('./auth-service', () => auth);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}
function Maps() {
  return (
    <button type="button" onClick={() => void call('listMaps', null).catch(() => undefined)}>
      Load maps
    </button>
  );
}
const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <Outlet />
        <SessionEndedRedirect />
        <Where />
      </>
    ),
    children: [
      { element: <RequireAuth />, children: [{ path: 'maps', element: <Maps /> }] },
      { element: <RedirectIfSignedIn />, children: [{ path: 'login', element: <LoginPage /> }] },
      { path: 'pricing', element: <h1>Pricing</h1> },
    ],
  },
];

/** The API's answer to every call: the body and status a test sets. */
let answer: { status: number; body: unknown };
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  if (String(input).endsWith('/config.json')) return new Response('{}', { status: 404 });
  return new Response(JSON.stringify(answer.body), { status: answer.status });
});

/** The app's own kind of router, on the page's address (what the session code reads when it signs out). */
function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  const router = createBrowserRouter(routes);
  render(
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}
const where = () => screen.getAllByTestId('where').at(-1)!.textContent;

beforeAll(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await startSession();
  await loadAuthService();
});
beforeEach(() => {
  localStorage.clear();
  auth.signOutHere.mockClear();
  appStore.set(sessionEndedAtom, null);
  appStore.set(sessionAtom, signedIn);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a session the server ended', () => {
  it('is signed out here and taken to the login page, which says the password was changed', async () => {
    answer = {
      status: 401,
      body: {
        error: {
          status: 'UNAUTHENTICATED',
          message: 'You were signed out because your password was changed. Log in again.',
          details: { sessionEnded: 'passwordChanged' },
        },
      },
    };
    // From the Security tab, where "Sign out of all devices" is: the login page brings the person back to the maps.
    renderAt('/maps#settings/Security');
    await act(async () => screen.getByRole('button', { name: 'Load maps' }).click());
    expect((await screen.findByRole('status')).textContent).toBe(
      'You were signed out because your password was changed. Log in again.',
    );
    expect(where()).toBe('/login?next=%2Fmaps');
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(auth.signOutHere).toHaveBeenCalledTimes(1);
    expect(appStore.get(sessionAtom).user).toBeNull();
  });

  it('says "signed out of all devices" after that, and lets the person go elsewhere without bringing them back', async () => {
    answer = {
      status: 401,
      body: {
        error: {
          status: 'UNAUTHENTICATED',
          message: 'You were signed out of all devices. Log in again.',
          details: { sessionEnded: 'signedOutEverywhere' },
        },
      },
    };
    const router = renderAt('/maps');
    await act(async () => screen.getByRole('button', { name: 'Load maps' }).click());
    expect((await screen.findByRole('status')).textContent).toBe('You were signed out of all devices. Log in again.');
    await act(() => router.navigate('/pricing'));
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(where()).toBe('/pricing');
  });

  it('leaves a session alone on a 401 that names no reason (the gateway refusing an expired token)', async () => {
    answer = { status: 401, body: { message: 'Unauthorized' } };
    renderAt('/maps');
    await act(() => expect(call('listMaps', null)).rejects.toMatchObject({ code: 'unauthenticated' }));
    expect(auth.signOutHere).not.toHaveBeenCalled();
    expect(appStore.get(sessionAtom).user).not.toBeNull();
    expect(appStore.get(sessionEndedAtom)).toBeNull();
    expect(where()).toBe('/maps');
  });
});

/** An idle browser's tokens expired, and Cognito refuses to renew them: the refresh token was revoked (ADR 084). */
describe('a session Cognito no longer renews', () => {
  it('takes an open page to the login page, which says the session ended', async () => {
    auth.idToken.mockImplementationOnce(async () => {
      auth.renewals.refuse();
      return null;
    });
    // The call goes without a token, and the gateway refuses it without a reason.
    answer = { status: 401, body: { message: 'Unauthorized' } };
    renderAt('/maps');
    await act(async () => screen.getByRole('button', { name: 'Load maps' }).click());
    expect((await screen.findByRole('status')).textContent).toBe('Your session ended. Log in again.');
    expect(where()).toBe('/login?next=%2Fmaps');
    expect(auth.signOutHere).toHaveBeenCalledTimes(1);
    expect(appStore.get(sessionAtom).user).toBeNull();
  });

  it('says so on the login page a reloaded page is sent to', async () => {
    appStore.set(sessionAtom, SIGNED_OUT_SESSION);
    auth.currentClaims.mockImplementationOnce(async () => {
      auth.renewals.refuse();
      return null;
    });
    await act(async () => void (await refreshSession()));
    renderAt('/maps');
    expect((await screen.findByRole('status')).textContent).toBe('Your session ended. Log in again.');
    expect(where()).toBe('/login?next=%2Fmaps');
  });

  it('keeps the reason the server gave when the renewal is refused after it', async () => {
    appStore.set(sessionAtom, signedOut);
    appStore.set(sessionEndedAtom, 'signedOutEverywhere');
    auth.renewals.refuse();
    renderAt('/login');
    expect((await screen.findByRole('status')).textContent).toBe('You were signed out of all devices. Log in again.');
  });

  it('says nothing on the login page of a first visit or after a Log out', async () => {
    appStore.set(sessionAtom, signedOut);
    renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

/** Other tabs of the browser see only the shared tokens go, and read why from the tab whose session ended. */
describe('another tab of the same browser', () => {
  const tokensGone = () =>
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'CognitoIdentityServiceProvider.client-1.LastAuthUser', newValue: null }),
      );
    });

  it('follows a sign-in there, though the user’s name is stored before the tokens', async () => {
    appStore.set(sessionAtom, signedOut);
    const stored = (key: string, newValue: string) =>
      act(async () => {
        window.dispatchEvent(
          new StorageEvent('storage', { key: `CognitoIdentityServiceProvider.client-1.${key}`, newValue }),
        );
        await Promise.resolve();
      });
    // The name first: no token is stored yet, so the session read then is still signed out.
    auth.currentClaims.mockImplementationOnce(async () => null);
    await stored('LastAuthUser', 'user-1');
    expect(appStore.get(sessionAtom).user).toBeNull();
    // Then the tokens: the session is read again, and this tab is signed in.
    auth.currentClaims.mockImplementation(async () => ({ sub: 'user-1', email: 'ada@example.com' }));
    await stored('accessToken', 'access');
    await stored('idToken', 'id');
    await vi.waitFor(() => expect(appStore.get(sessionAtom).user?.uid).toBe('user-1'));
    auth.currentClaims.mockReset();
    auth.currentClaims.mockImplementation(async () => null);
  });

  it('says why when the tab whose session ended noted it a moment ago', async () => {
    localStorage.setItem('mapnest.sessionEnded', JSON.stringify({ reason: 'renewalRefused', at: Date.now() }));
    renderAt('/maps');
    await screen.findByRole('button', { name: 'Load maps' });
    await tokensGone();
    expect((await screen.findByRole('status')).textContent).toBe('Your session ended. Log in again.');
    expect(where()).toBe('/login?next=%2Fmaps');
  });

  it('says nothing after a Log out there, or for a note of an earlier end', async () => {
    localStorage.setItem(
      'mapnest.sessionEnded',
      JSON.stringify({ reason: 'passwordChanged', at: Date.now() - 10 * 60 * 1000 }),
    );
    renderAt('/maps');
    await screen.findByRole('button', { name: 'Load maps' });
    await tokensGone();
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(where()).toBe('/login?next=%2Fmaps');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('notes why for the other tabs when this one is ended, and forgets it at the next sign-in', async () => {
    auth.idToken.mockImplementationOnce(async () => {
      auth.renewals.refuse();
      return null;
    });
    answer = { status: 401, body: { message: 'Unauthorized' } };
    renderAt('/maps');
    await act(async () => screen.getByRole('button', { name: 'Load maps' }).click());
    await screen.findByRole('status');
    expect(JSON.parse(localStorage.getItem('mapnest.sessionEnded')!)).toMatchObject({ reason: 'renewalRefused' });
    auth.currentClaims.mockImplementationOnce(async () => ({ sub: 'user-1', email: 'ada@example.com' }));
    await act(async () => void (await refreshSession()));
    expect(localStorage.getItem('mapnest.sessionEnded')).toBeNull();
  });
});
