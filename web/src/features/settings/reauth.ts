/** The re-authentication step shared by the email change and the account deletion. */
import type { FormEvent } from 'react';
import { RECENT_SIGN_IN_MS } from '@mapnest/shared/accounts';
import { classifyAuthError, type AuthErrorCategory } from '../auth/auth-errors';
import { signInAgeMs, signInMethods } from '../auth/claims';
import { loadAuthService, refreshSession } from '../auth/session-bootstrap';

/** The user's sign-in methods, and whether their last password entry is too old for a sensitive change. */
export async function reauthStatus(): Promise<{
  stale: boolean;
  methods: { withPassword: boolean; withGoogle: boolean };
}> {
  const claims = await (await loadAuthService()).currentClaims();
  return { stale: signInAgeMs(claims) > RECENT_SIGN_IN_MS, methods: signInMethods(claims) };
}

/** Re-enters the password; on success the session holds fresh tokens. */
export async function reauthenticateWithPassword(email: string, password: string): Promise<void> {
  await (await loadAuthService()).reauthenticate(email, password);
  await refreshSession();
}

/** Google users re-authenticate by signing in with Google again (the page leaves; the change is made again after). */
export async function reauthenticateWithGoogle(): Promise<void> {
  try {
    await (await loadAuthService()).signInWithGoogle();
  } catch (err) {
    // Google re-auth failures are only logged, never shown.
    console.error('Google re-authentication failed', err);
  }
}

/** The steps both dialogs' state machines take while the password is re-entered. */
export type ReauthEvent =
  { type: 'reauthStarted' } | { type: 'reauthFailed'; category: AuthErrorCategory } | { type: 'reauthSucceeded' };

export interface PasswordReauth {
  busy: boolean;
  /** The signed-in user's email; null when the session has none. */
  email: string | null | undefined;
  password: string;
  dispatch(event: ReauthEvent): void;
  /** What the dialog says when the password is empty or the session has no email (each dialog words it its own way). */
  missing(what: 'password' | 'email'): void;
  /** The change the password was asked for, made again with fresh tokens. */
  then(): Promise<void>;
}

/**
 * The password form's submit in the email change and the account deletion: nothing while busy, the dialog's own
 * message for a missing password or email, then re-authenticate, report the outcome, and on success redo the change.
 */
export async function submitPasswordReauth(event: FormEvent<HTMLFormElement>, reauth: PasswordReauth): Promise<void> {
  event.preventDefault();
  if (reauth.busy) return;
  if (!reauth.password) return reauth.missing('password');
  if (!reauth.email) return reauth.missing('email');
  reauth.dispatch({ type: 'reauthStarted' });
  try {
    await reauthenticateWithPassword(reauth.email, reauth.password);
  } catch (err) {
    reauth.dispatch({ type: 'reauthFailed', category: classifyAuthError(err) });
    return;
  }
  reauth.dispatch({ type: 'reauthSucceeded' });
  await reauth.then();
}
