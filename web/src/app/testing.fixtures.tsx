/** Helpers for the web tests: render the real route table in a memory router with a given session. */
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { appRoutes } from './routes';
import { setAnalyticsSink } from '../lib/analytics';
import { SIGNED_OUT_SESSION, sessionAtom, type Session, type SessionUser } from '../state/session';

export const TEST_USER: SessionUser = {
  uid: 'user-1',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  photoURL: null,
  emailVerified: true,
  metadata: {},
};

/** A known, signed-out session. */
export const signedOut: Session = { ...SIGNED_OUT_SESSION, init: true };
/** A known, signed-in session. */
export const signedIn: Session = { ...SIGNED_OUT_SESSION, init: true, user: TEST_USER, userId: TEST_USER.uid };

export function renderRoutes(
  path: string,
  { session = signedOut, routes = appRoutes }: { session?: Session; routes?: RouteObject[] } = {},
) {
  const store = createStore();
  store.set(sessionAtom, session);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router, store };
}

/**
 * Per test, for files that mock the call client: it starts with no answers, the errors the app logs by design
 * (failed calls, refused avatars) stay out of the output, page views go nowhere, and what was rendered is unmounted afterwards.
 */
export function isolateEachTest(mockCall: { mockReset: () => unknown }): void {
  beforeEach(() => {
    mockCall.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setAnalyticsSink(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
}
