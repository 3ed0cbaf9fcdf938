/**
 * Limits on what one account or one client can make the service do, where each attempt costs something real or
 * tells something: registering a licence looks the purchase code up at the marketplace, so guessing codes is limited
 * per account and per client address; asking whether an email address is free says whether someone has an account
 * with it, so asking is limited per account (both answered 429 with the seconds to wait).
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

/** Addresses one account may ask about before an email change: 10 a minute and 30 a day (a person needs a few). */
export const EMAIL_CHECK_LIMITS = { perMinute: 10, perDay: 30 } as const;

export const tooManyEmailChecks = (seconds: number) => `Too many email addresses checked. Try again in ${seconds} s.`;

/**
 * Counts one "is this address free?" question for the account; 429 with the wait when over a limit. Without it one
 * signed-in account could learn, hundreds of times a second, which addresses have Mapnest accounts.
 */
export async function countEmailCheck(uid: string): Promise<void> {
  const wait = await rateLimits.take(uid, [
    { scope: 'email-check-minute', windowSeconds: MINUTE, max: EMAIL_CHECK_LIMITS.perMinute },
    { scope: 'email-check-day', windowSeconds: DAY, max: EMAIL_CHECK_LIMITS.perDay },
  ]);
  if (wait > 0) {
    logger.warn('email check refused: rate limit', { uid, retryAfterSeconds: wait });
    throw new CallError('resource-exhausted', tooManyEmailChecks(wait), { retryAfterSeconds: wait });
  }
}
