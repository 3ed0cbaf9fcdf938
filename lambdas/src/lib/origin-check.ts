/**
 * The API is meant to be reached only through CloudFront (ADR 028): CloudFront adds a secret header to every
 * request it forwards to the API, and calls refuse requests without it, so the HTTP API's own execute-api address
 * (which no authorizer can close for public calls, and which skips the edge's WAF, headers and token gate) answers
 * 403. The accepted values come from the environment (`ORIGIN_SECRETS`, comma-separated, so a rotation can accept
 * the old and the new value for a while); without it the check is off (unit tests calling handlers directly).
 */
import { timingSafeEqual } from 'node:crypto';

/** The header CloudFront (and the local gateway) adds to every request it forwards to the API. */
export const ORIGIN_SECRET_HEADER = 'x-mapnest-origin';
/** The environment variable listing the accepted values (comma-separated); unset means no check. */
export const ORIGIN_SECRETS_ENV = 'ORIGIN_SECRETS';
/** What a request that did not come through CloudFront is told (nothing about the header). */
export const DIRECT_ACCESS_MESSAGE = 'Use the app’s address; this endpoint is not served directly.';

/** The accepted values, or null when the check is off. Empty entries never match anything. */
export function acceptedOriginSecrets(env: NodeJS.ProcessEnv = process.env): string[] | null {
  const raw = env[ORIGIN_SECRETS_ENV];
  if (raw === undefined) return null;
  return raw
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/**
 * Whether a request carries one of the accepted values (compared in constant time). With the check on but no
 * accepted value configured (an empty variable), nothing passes: a misconfiguration closes the API, not opens it.
 */
export function cameThroughOrigin(
  headers: Record<string, string | undefined> | undefined,
  accepted: readonly string[] | null,
): boolean {
  if (accepted === null) return true;
  const sent = headers?.[ORIGIN_SECRET_HEADER];
  if (typeof sent !== 'string' || sent === '') return false;
  const given = Buffer.from(sent, 'utf8');
  let match = false;
  for (const value of accepted) {
    const expected = Buffer.from(value, 'utf8');
    if (expected.length === given.length && timingSafeEqual(expected, given)) match = true;
  }
  return match;
}
