/** The re-authentication step shared by the email change and the account deletion (spec §4). */
import { RECENT_SIGN_IN_MS } from '@mapnest/shared/accounts';
import { signInAgeMs, signInMethods } from '../auth/claims';
import { loadAuthService, refreshSession } from '../auth/session-bootstrap';

/** The user's sign-in methods, and whether their last password entry is too old for a sensitive change. */
export async function reauthStatus(): Promise<{ stale: boolean; methods: { withPassword: boolean; withGoogle: boolean } }> {
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
    // Google re-auth failures are only logged (spec §8).
    console.error('Google re-authentication failed', err);
  }
}
