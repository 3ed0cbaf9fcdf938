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

/**
 * The answer of a public HTTP route (health, the Stripe webhook) to a request that did not come through CloudFront:
 * 403 with a JSON body that says nothing about the header; null when the request may go on (or the check is off).
 */
export function refuseDirectAccess(
  headers: Record<string, string | undefined> | undefined,
  accepted: readonly string[] | null = acceptedOriginSecrets(),
): { statusCode: 403; headers: Record<string, string>; body: string } | null {
  if (cameThroughOrigin(headers, accepted)) return null;
  return {
    statusCode: 403,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify({ error: DIRECT_ACCESS_MESSAGE }),
  };
}

/**
 * The header CloudFront's viewer-request functions on /api/* stamp with the viewer's address, replacing any value the
 * caller sent (infra/src/edge/viewer-functions.ts, ADR 028). Behind CloudFront, the connection's own address is an
 * edge server's, shared by many visitors.
 */
export const VIEWER_IP_HEADER = 'x-mapnest-viewer-ip';

/**
 * The client's address for per-client limits: the viewer address CloudFront stamped, when the request came through
 * CloudFront (the origin check is on and passed: only then is the stamp CloudFront's, not the caller's); else the
 * connection's address (the local stack's direct calls, a stage without the check).
 */
export function clientAddress(
  event: { headers?: Record<string, string | undefined>; requestContext?: { http?: { sourceIp?: string } } },
  accepted: readonly string[] | null = acceptedOriginSecrets(),
): string {
  const stamped = event.headers?.[VIEWER_IP_HEADER]?.trim();
  if (stamped && accepted !== null && cameThroughOrigin(event.headers, accepted)) return stamped;
  return event.requestContext?.http?.sourceIp ?? '';
}
