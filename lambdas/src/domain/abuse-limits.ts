/**
 * Limits on what one account or one client can make the service do, where each attempt costs something real:
 * registering a licence looks the purchase code up at the marketplace, so guessing codes is limited per account and
 * per client address (answered 429 with the seconds to wait).
 */
import { CallError } from '@mapnest/shared/errors';
import { rateLimits, type RateLimit } from '../adapters/rate-limits';
import { logger } from '../lib/logger';

const MINUTE = 60;
const DAY = 86_400;

/** Purchase codes one account, or one client address, may try: 10 a minute and 50 a day. */
export const LICENSE_ATTEMPT_LIMITS = { perMinute: 10, perDay: 50 } as const;

const limits = (by: string): RateLimit[] => [
  { scope: `license-${by}-minute`, windowSeconds: MINUTE, max: LICENSE_ATTEMPT_LIMITS.perMinute },
  { scope: `license-${by}-day`, windowSeconds: DAY, max: LICENSE_ATTEMPT_LIMITS.perDay },
];

export const tooManyLicenseAttempts = (seconds: number) => `Too many purchase codes tried. Try again in ${seconds} s.`;

/** Counts one licence registration attempt for the account and the client; 429 with the wait when over a limit. */
export async function countLicenseAttempt(uid: string, sourceIp: string): Promise<void> {
  const wait =
    (await rateLimits.take(uid, limits('account'))) ||
    (sourceIp ? await rateLimits.take(sourceIp, limits('client')) : 0);
  if (wait > 0) {
    logger.warn('licence registration refused: rate limit', { uid, retryAfterSeconds: wait });
    throw new CallError('resource-exhausted', tooManyLicenseAttempts(wait), { retryAfterSeconds: wait });
  }
}
