/**
 * Limits on what one account or one client can make the service do, where each attempt costs something real or
 * tells something: registering a licence looks the purchase code up at the marketplace, so guessing codes is limited
 * per account and per client address; asking whether an email address is free says whether someone has an account
 * with it, so asking is limited per account; each version saved or restored is a stored document and a history entry,
 * and each new map a document and a public copy, so writing them is limited per account (all answered 429 with the
 * seconds to wait, which the 429's Retry-After header carries too).
 */
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import { rateLimits, type RateLimit } from '../adapters/rate-limits';
import { logger } from '../lib/logger';

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;

/** Purchase codes one account may try: 10 a minute and 50 a day. */
export const LICENSE_ATTEMPT_LIMITS = { perMinute: 10, perDay: 50 } as const;

/**
 * Purchase codes one client address may try, whatever the accounts: three accounts' worth a minute and five a day. An
 * office or a venue shares one address; one account reaching its own limit there must not stop the others, while
 * many accounts made to guess from one machine are still held.
 */
export const LICENSE_CLIENT_LIMITS = { perMinute: 30, perDay: 250 } as const;

const limits = (by: string, max: { perMinute: number; perDay: number }): RateLimit[] => [
  { scope: `license-${by}-minute`, windowSeconds: MINUTE, max: max.perMinute },
  { scope: `license-${by}-day`, windowSeconds: DAY, max: max.perDay },
];

export const tooManyLicenseAttempts = (seconds: number) => `Too many purchase codes tried. Try again in ${seconds} s.`;
export const tooManyLicenseAttemptsFromNetwork = (seconds: number) =>
  `Too many purchase codes were tried from your network. Try again in ${seconds} s.`;

/**
 * Counts one licence registration attempt for the account, then for the client (an account past its own limit is not
 * counted against the others on its address); 429 with the wait when over a limit.
 */
export async function countLicenseAttempt(uid: string, sourceIp: string): Promise<void> {
  const byAccount = await rateLimits.take(uid, limits('account', LICENSE_ATTEMPT_LIMITS));
  const byClient =
    byAccount || !sourceIp ? 0 : await rateLimits.take(sourceIp, limits('client', LICENSE_CLIENT_LIMITS));
  const wait = byAccount || byClient;
  if (wait > 0) {
    logger.warn('licence registration refused: rate limit', {
      uid,
      by: byAccount ? 'account' : 'client',
      retryAfterSeconds: wait,
    });
    const message = byAccount ? tooManyLicenseAttempts(wait) : tooManyLicenseAttemptsFromNetwork(wait);
    throw new CallError('resource-exhausted', message, { retryAfterSeconds: wait });
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

/**
 * Versions one account may write, saves and restores together: 120 a minute and 1,800 an hour. The editor saves one
 * version at a time per tab, 3 s after the last edit (AUTOSAVE_DELAY_MS) or on Ctrl+S when something changed, and
 * retries after 2 s at the soonest: a tab saving flat out makes about 20 a minute, and a person edits in one tab at a
 * time. An hour of such editing is about 1,200; a script sending 12 saves of 1 MB a second is held to these.
 */
export const MAP_VERSION_LIMITS = { perMinute: 120, perHour: 1_800 } as const;

/**
 * New maps one account may make, created and duplicated together: 60 a minute and 600 a day. A person makes each with
 * a dialog or a menu, a few a minute at the most, and a free account holds two test maps at a time.
 */
export const NEW_MAP_LIMITS = { perMinute: 60, perDay: 600 } as const;

/** Counts one write for the account against `limits`; 429 with the project's message and the wait when over one. */
async function countWrite(uid: string, what: string, limits: RateLimit[]): Promise<void> {
  const wait = await rateLimits.take(uid, limits);
  if (wait > 0) {
    logger.warn(`${what} refused: rate limit`, { uid, retryAfterSeconds: wait });
    throw new CallError('resource-exhausted', MESSAGES.tooManyAttempts, { retryAfterSeconds: wait });
  }
}

/** Counts one version written (saveMap, restoreMapHistory) for the account; 429 with the wait when over a limit. */
export function countMapVersion(uid: string): Promise<void> {
  return countWrite(uid, 'map version', [
    { scope: 'map-version-minute', windowSeconds: MINUTE, max: MAP_VERSION_LIMITS.perMinute },
    { scope: 'map-version-hour', windowSeconds: HOUR, max: MAP_VERSION_LIMITS.perHour },
  ]);
}

/** Counts one new map (createMap, duplicateMap) for the account; 429 with the wait when over a limit. */
export function countNewMap(uid: string): Promise<void> {
  return countWrite(uid, 'new map', [
    { scope: 'new-map-minute', windowSeconds: MINUTE, max: NEW_MAP_LIMITS.perMinute },
    { scope: 'new-map-day', windowSeconds: DAY, max: NEW_MAP_LIMITS.perDay },
  ]);
}
