/**
 * A registration waiting for its email to be verified. The address survives a reload (sessionStorage) so the
 * verify-mail page can resend the link; the password stays in this page's memory only, never in storage, and
 * lets the page sign the user in as soon as the link is followed in another tab.
 */
import { SIGNED_IN_HOME } from '../../lib/next-path';

const KEY = 'mapnest.pendingSignUp';
/** Written by the tab that applied a verification link, read by the tab waiting on the verify-mail page. */
export const VERIFIED_EVENT_KEY = 'mapnest.emailVerified';

let password: string | null = null;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function setPendingSignUp(email: string, pw: string | null): void {
  session()?.setItem(KEY, email);
  password = pw;
}

/** The pending address, and the password when this page still holds it. */
export function pendingSignUp(): { email: string; password: string | null } | null {
  const email = session()?.getItem(KEY);
  return email ? { email, password } : null;
}

export function clearPendingSignUp(): void {
  session()?.removeItem(KEY);
  password = null;
}

/** Tells other tabs of this browser that `email` was just verified. */
export function announceVerified(email: string): void {
  try {
    window.localStorage.setItem(VERIFIED_EVENT_KEY, JSON.stringify({ email, at: Date.now() }));
  } catch {
    /* private mode: the other tab falls back to "sign in" */
  }
}

/** The address in a verified-announcement storage value, or null. */
export function verifiedEmailOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as { email?: unknown };
    return typeof parsed.email === 'string' ? parsed.email : null;
  } catch {
    return null;
  }
}

/**
 * A new account's first arrival at its maps, after its address was verified: the maps page says so once (a link
 * that signed in and went straight on said nothing, so nothing told the new user the verification had worked).
 * Carried in the navigation's state, so a reload, a bookmark or a shared address never shows it again.
 */
export const VERIFIED_MESSAGE = 'Your email address is verified, and you are signed in. Welcome to Mapnest.';

const ARRIVAL = { verified: true } as const;

/** Where to go once verified and signed in, and with what state (for `navigate(to, options)`). */
export const verifiedArrival = { to: SIGNED_IN_HOME, options: { replace: true, state: ARRIVAL } } as const;

/** True when a navigation's state says its page was reached just after a verification. */
export function arrivedVerified(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { verified?: unknown }).verified === true;
}
