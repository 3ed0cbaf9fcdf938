import { SIGN_IN_TOKEN_PATTERN } from '@mapnest/shared/accounts';

/**
 * What an /auth link asks for (the custom message trigger builds them: mode, email, code, and for a new account's
 * verification a one-time sign-in token, ADR 036; a malformed token is ignored).
 */
export type AuthAction =
  | { kind: 'verifyEmail'; email: string; code: string; signInToken: string | null }
  | { kind: 'resetPassword'; email: string; code: string }
  | { kind: 'verifyAndChangeEmail'; email: string | null; code: string }
  | { kind: 'oauth' }
  | { kind: 'invalid' };

const CODE = /^[A-Za-z0-9-]{4,64}$/;

/** The same query without the sign-in token: the page removes it from the address bar once read. */
export function withoutSignInToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('token');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export function parseAuthAction(search: string): AuthAction {
  const params = new URLSearchParams(search);
  const mode = params.get('mode');
  const code = params.get('code')?.trim() ?? '';
  const email = params.get('email')?.trim() || null;
  if (!mode) return params.has('code') && params.has('state') ? { kind: 'oauth' } : { kind: 'invalid' };
  if (!CODE.test(code)) return { kind: 'invalid' };
  if (mode === 'verifyAndChangeEmail') return { kind: mode, email, code };
  if (mode === 'verifyEmail' && email) {
    const token = params.get('token') ?? '';
    return { kind: mode, email, code, signInToken: SIGN_IN_TOKEN_PATTERN.test(token) ? token : null };
  }
  if (mode === 'resetPassword' && email) return { kind: mode, email, code };
  return { kind: 'invalid' };
}
