import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { SIGNED_OUT_SESSION, sessionAtom } from '../../state/session';
import { renderRoutes, signedIn, signedOut } from '../../app/testing.fixtures';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: <Outlet />,
    children: [
      { element: <RequireAuth />, children: [{ path: 'maps/*', element: <h1>Protected</h1> }] },
      { element: <RedirectIfSignedIn />, children: [{ path: 'login', element: <h1>Login form</h1> }] },
      {
        path: 'wrapped',
        element: (
          <RequireAuth>
            <h1>Wrapped</h1>
          </RequireAuth>
        ),
      },
      { path: '*', element: <Where /> },
    ],
  },
];

// The landing spots need to show where the guard sent us.
const withLocation: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <Outlet />
        <Where />
      </>
    ),
    children: routes[0]!.children,
  },
];

describe('RequireAuth', () => {
  afterEach(cleanup);

  it('sends a signed-out user to /login with the attempted path as next', async () => {
    renderRoutes('/maps/abc?tab=history', { session: signedOut, routes: withLocation });
    expect(await screen.findByRole('heading', { name: 'Login form' })).toBeTruthy();
    expect(screen.getAllByTestId('where').at(-1)!.textContent).toBe('/login?next=%2Fmaps%2Fabc%3Ftab%3Dhistory');
  });

  it('shows the page to a signed-in user', async () => {
    renderRoutes('/maps/abc', { session: signedIn, routes });
    expect(await screen.findByRole('heading', { name: 'Protected' })).toBeTruthy();
  });

  it('waits for the session to initialise before deciding', async () => {
    const { store } = renderRoutes('/maps', { session: SIGNED_OUT_SESSION, routes: withLocation });
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
    expect(screen.queryByRole('heading', { name: 'Login form' })).toBeNull();
    act(() => store.set(sessionAtom, signedIn));
    expect(await screen.findByRole('heading', { name: 'Protected' })).toBeTruthy();
  });

  it('guards children passed directly', async () => {
    renderRoutes('/wrapped', { session: signedIn, routes });
    expect(await screen.findByRole('heading', { name: 'Wrapped' })).toBeTruthy();
  });
});

describe('RedirectIfSignedIn', () => {
  afterEach(cleanup);

  it('sends a signed-in user to /maps', async () => {
    renderRoutes('/login', { session: signedIn, routes: withLocation });
    expect(await screen.findByRole('heading', { name: 'Protected' })).toBeTruthy();
    expect(screen.getAllByTestId('where').at(-1)!.textContent).toBe('/maps');
  });

  it('sends a signed-in user to a safe next path', async () => {
    renderRoutes('/login?next=%2Fmaps%2Fxyz', { session: signedIn, routes: withLocation });
    expect(await screen.findByRole('heading', { name: 'Protected' })).toBeTruthy();
    expect(screen.getAllByTestId('where').at(-1)!.textContent).toBe('/maps/xyz');
  });

  it('ignores a next path that leaves the site', async () => {
    renderRoutes('/login?next=https%3A%2F%2Fevil.example', { session: signedIn, routes: withLocation });
    expect(await screen.findByRole('heading', { name: 'Protected' })).toBeTruthy();
    expect(screen.getAllByTestId('where').at(-1)!.textContent).toBe('/maps');
  });

  it('shows the login page to a signed-out user', async () => {
    renderRoutes('/login', { session: signedOut, routes });
    expect(await screen.findByRole('heading', { name: 'Login form' })).toBeTruthy();
  });

  it('moves a user who signs in on the login page on to next', async () => {
    const { store } = renderRoutes('/login?next=%2Fmaps%2Fnew', { session: signedOut, routes: withLocation });
    expect(await screen.findByRole('heading', { name: 'Login form' })).toBeTruthy();
    act(() => store.set(sessionAtom, signedIn));
    expect(await screen.findByRole('heading', { name: 'Protected' })).toBeTruthy();
    expect(screen.getAllByTestId('where').at(-1)!.textContent).toBe('/maps/new');
  });
});
