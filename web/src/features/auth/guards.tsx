/**
 * Route guards (product rules: Accounts and sign-in). Use them as layout routes (`{ element: <RequireAuth />, children: [...] }`)
 * or around an element. Both wait for the session's `init` flag so a signed-in user reloading a
 * protected page is not bounced to /login before the auth state is known.
 */
import { useEffect, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../components/Spinner';
import { SignedInEmailGate } from './EmailGate';
import { loginPathFor, safeNextPath, SIGNED_IN_HOME } from '../../lib/next-path';
import { leavingPathAtom, sessionAtom, sessionEndedAtom } from '../../state/session';

/** Signed-out users go to /login?next=<the path they tried>; signed-in users see the page (once their email is verified). */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, init } = useAtomValue(sessionAtom);
  const location = useLocation();
  const leaving = useAtomValue(leavingPathAtom);
  if (!init) return <PageLoading label="Checking your session" />;
  // Signed out here on the way to / (the landing page is still loading): not a page to log in to again.
  if (!user && leaving === location.pathname) return <PageLoading label="Signing out" />;
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search + location.hash)} replace />;
  // The email gate: an unverified address sees 'Verify your email address' instead of the page.
  if (!user.emailVerified) return <SignedInEmailGate />;
  return children ?? <Outlet />;
}

/** For /login, /register and /reset: signed-in users go to a safe `next` path, else to /maps. */
export function RedirectIfSignedIn({ children }: { children?: ReactNode }) {
  const { user, init } = useAtomValue(sessionAtom);
  const location = useLocation();
  if (!init) return <PageLoading label="Checking your session" />;
  if (user) return <Navigate to={safeNextPath(location.search) ?? SIGNED_IN_HOME} replace />;
  return children ?? <Outlet />;
}

/**
 * A session the server ended (a password reset, "Sign out of all devices": ADR 079) goes from the page it was on to
 * the login page, which says why, and comes back to that page once logged in again. Only from that page: the person
 * may then go anywhere without logging in.
 */
export function SessionEndedRedirect() {
  const reason = useAtomValue(sessionEndedAtom);
  const { user } = useAtomValue(sessionAtom);
  const leaving = useAtomValue(leavingPathAtom);
  const setLeaving = useSetAtom(leavingPathAtom);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!reason || user || !leaving) return;
    // The page stays marked as left until the login page shows: its own guard would otherwise send it there first.
    if (leaving === pathname) void navigate(loginPathFor(pathname + search), { replace: true });
    else setLeaving(null);
  }, [reason, user, leaving, pathname, search, navigate, setLeaving]);
  return null;
}
