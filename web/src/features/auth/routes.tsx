/** The accounts pages: login, register (with the verification flag), reset, the verify-mail page and /auth. */
import type { RouteObject } from 'react-router';
import { RedirectIfSignedIn } from './guards';
import { lazyPage } from '../../components/lazy-page';

const bare = (title: string) => ({ title, hideNav: true });

export const authRoutes: RouteObject[] = [
  {
    element: <RedirectIfSignedIn />,
    children: [
      { path: 'login', handle: bare('Log in'), ...lazyPage(() => import('./LoginPage')) },
      // The register page's default export renders it with the verification flag set: new users verify first.
      { path: 'register', handle: bare('Create account'), ...lazyPage(() => import('./RegisterPage')) },
      { path: 'reset', handle: bare('Reset password'), ...lazyPage(() => import('./ResetPage')) },
    ],
  },
  { path: 'verify-mail', handle: bare('Verify your email address'), ...lazyPage(() => import('./VerifyMailPage')) },
  { path: 'auth', handle: { title: 'Account' }, ...lazyPage(() => import('./AuthActionPage')) },
];
