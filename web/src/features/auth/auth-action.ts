/** What an /auth link asks for (the custom message trigger builds them: mode, email, code). */
export type AuthAction =
  | { kind: 'verifyEmail'; email: string; code: string }
  | { kind: 'resetPassword'; email: string; code: string }
  | { kind: 'verifyAndChangeEmail'; email: string | null; code: string }
  | { kind: 'oauth' }
  | { kind: 'invalid' };

const CODE = /^[A-Za-z0-9-]{4,64}$/;

export function parseAuthAction(search: string): AuthAction {
  const params = new URLSearchParams(search);
  const mode = params.get('mode');
  const code = params.get('code')?.trim() ?? '';
  const email = params.get('email')?.trim() || null;
  if (!mode) return params.has('code') && params.has('state') ? { kind: 'oauth' } : { kind: 'invalid' };
  if (!CODE.test(code)) return { kind: 'invalid' };
  if (mode === 'verifyAndChangeEmail') return { kind: mode, email, code };
  if ((mode === 'verifyEmail' || mode === 'resetPassword') && email) return { kind: mode, email, code };
  return { kind: 'invalid' };
}
