/**
 * Signing out and deleting the account go to /. The guard of the page left must not see the
 * signed-out session first and send the person to /login?next=…: the page is marked as being left,
 * the app navigates to / (with a notice for the landing page, if any), and the session is cleared
 * once the app is there. A page that holds navigation (the editor saving first) is waited for; if the
 * person chooses to stay there, they stay signed in.
 */
import type { NavigateFunction } from 'react-router';
import { leavingPathAtom } from '../../state/session';
import { appStore } from '../../state/store';
import { signOutAndClear } from '../auth/session-bootstrap';

/** What the landing page shows after an account was left this way. */
export interface LandingNotice {
  notice: string;
}

export const ACCOUNT_DELETED_NOTICE = 'Your account was deleted, with its maps and files.';

const WAIT_FOR_LANDING_MS = 20_000;

function until(test: () => boolean, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const tick = () => {
      if (test()) resolve(true);
      else if (Date.now() - started > timeoutMs) resolve(false);
      else setTimeout(tick, 50);
    };
    tick();
  });
}

/** Goes to / and then signs out; resolves false when the page held navigation and the person stayed. */
export async function signOutToLanding(navigate: NavigateFunction, notice?: string): Promise<boolean> {
  appStore.set(leavingPathAtom, window.location.pathname);
  await navigate('/', { replace: true, state: notice ? ({ notice } satisfies LandingNotice) : null });
  const arrived = await until(() => window.location.pathname === '/', WAIT_FOR_LANDING_MS);
  if (!arrived) {
    appStore.set(leavingPathAtom, null);
    return false;
  }
  await signOutAndClear();
  // Once the landing page shows, the page left is like any other protected page again.
  setTimeout(() => appStore.set(leavingPathAtom, null), 3000);
  return true;
}
