/**
 * A registration waiting for its email to be verified. The address survives a reload (sessionStorage) so the
 * verify-mail page can resend the link; the password stays in this page's memory only, never in storage, and
 * lets the page sign the user in as soon as the link is followed in another tab.
 */
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
