/**
 * Cognito's lockout after failed password sign-ins, which cognito-local lacks, so the local stack refuses a sign-in as
 * AWS does and the app's words for it can be tried (AWS's "Lockout behavior for failed sign-in attempts"):
 * - after 5 failed password sign-ins the user is locked out for 1 second, and each further failure doubles it: for n
 *   failures, 2^(n-5) seconds, at most about 15 minutes;
 * - every sign-in during a lockout, with the right password too, is answered NotAuthorizedException "Password attempts
 *   exceeded", and does not count as a failure;
 * - the count starts again after a sign-in that succeeds, or after 15 minutes without any sign-in attempt.
 * The user pool hides which addresses have accounts (existence.ts), so an unknown address is counted and locked alike.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local's internals ship no types */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const L = (p: string) => require(`cognito-local/lib/${p}`);

export const LOCKOUT_FREE_FAILURES = 5;
export const LOCKOUT_MAX_MS = 15 * 60_000;
export const LOCKOUT_QUIET_RESET_MS = 15 * 60_000;

const PASSWORD_FLOWS = new Set(['USER_PASSWORD_AUTH', 'ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH']);

interface Attempts {
  failures: number;
  lockedUntil: number;
  lastAttempt: number;
}

/** How long `failures` failed sign-ins lock a user out (0: not yet). */
export function lockoutMs(failures: number): number {
  if (failures < LOCKOUT_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - LOCKOUT_FREE_FAILURES), LOCKOUT_MAX_MS);
}

/** The lockout kept per user pool: `guard(target, request, run)` wraps each action the emulator answers. */
export function passwordLockout(now: () => number = Date.now) {
  const byUser = new Map<string, Attempts>();
  return async function guard(target: string, request: any, run: () => Promise<any>): Promise<any> {
    const flow = request?.AuthFlow;
    const username = request?.AuthParameters?.USERNAME;
    if (
      (target !== 'InitiateAuth' && target !== 'AdminInitiateAuth') ||
      !PASSWORD_FLOWS.has(flow) ||
      typeof username !== 'string'
    )
      return run();
    const key = username.trim().toLowerCase();
    const at = now();
    let attempts = byUser.get(key);
    if (attempts && at - attempts.lastAttempt >= LOCKOUT_QUIET_RESET_MS) attempts = undefined;
    attempts ??= { failures: 0, lockedUntil: 0, lastAttempt: at };
    attempts.lastAttempt = at;
    byUser.set(key, attempts);
    const { NotAuthorizedError } = L('errors');
    if (at < attempts.lockedUntil) throw new NotAuthorizedError('Password attempts exceeded');
    try {
      const answer = await run();
      byUser.delete(key);
      return answer;
    } catch (err) {
      if (err instanceof NotAuthorizedError && (err as Error).message === 'Incorrect username or password.') {
        attempts.failures++;
        attempts.lockedUntil = at + lockoutMs(attempts.failures);
      }
      throw err;
    }
  };
}
