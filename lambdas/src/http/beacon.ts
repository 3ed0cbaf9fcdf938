/**
 * POST /api/beacon: the embed's analytics beacon (navigator.sendBeacon, `text/plain`, no cookies), on a route with no
 * authorizer. Every answer is 204 with no body except a refused body (400, 413, 415), a client address over its own
 * limit (429 with Retry-After) and a full minute for the map (429, Retry-After the next minute), each with one line of
 * text/plain saying why (the embed never reads them; whoever else sends beacons learns what to change); bots and maps
 * that are not Professional are answered 204 with nothing written. The user agent is used for the bot check only, the
 * source address for the per-client limit only (as a hash that changes every window), and neither is stored
 * (docs/adr/015-map-analytics.md, docs/adr/025-beacon-abuse.md).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ANALYTICS_LIMITS } from '@mapnest/shared/analytics';
import { receiveBeacon } from '../domain/analytics';
import { logger } from '../lib/logger';
import { DIRECT_ACCESS_MESSAGE, acceptedOriginSecrets, cameThroughOrigin, clientAddress } from '../lib/origin-check';

/** Why a beacon was refused, one line each, as the refusal's body. */
export const BEACON_REFUSALS = {
  method: 'Beacons are sent with POST.',
  contentType: 'Beacons are sent as text/plain (navigator.sendBeacon with a string).',
  empty: 'The beacon is empty.',
  tooLarge: `A beacon is at most ${ANALYTICS_LIMITS.bodyBytes / 1024} KB.`,
  invalid: 'This is not a beacon the map embed sends: JSON with its fields, within its limits.',
  clientLimited: (seconds: number) => `Too many beacons from this address. Try again in ${seconds} s.`,
  mapLimited: 'This map has counted all the beacons it can this minute. Try again in a minute.',
} as const;

const reply = (statusCode: number, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'cache-control': 'no-store', ...headers },
  body: '',
});

const refuse = (statusCode: number, why: string, headers: Record<string, string> = {}) => ({
  ...reply(statusCode, { 'content-type': 'text/plain; charset=utf-8', ...headers }),
  body: why,
});

export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  if (event.requestContext?.http?.method !== 'POST') return refuse(405, BEACON_REFUSALS.method);
  // Only through CloudFront (ADR 028): the execute-api address skips the WAF, and only then is the viewer address
  // CloudFront's stamp rather than the caller's claim.
  const accepted = acceptedOriginSecrets();
  if (!cameThroughOrigin(event.headers, accepted)) return refuse(403, DIRECT_ACCESS_MESSAGE);
  // sendBeacon with a string sends text/plain, which needs no CORS preflight from a script-tag embed's page.
  const type = (event.headers?.['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/plain') return refuse(415, BEACON_REFUSALS.contentType);
  if (!event.body) return refuse(400, BEACON_REFUSALS.empty);
  const body = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(body) > ANALYTICS_LIMITS.bodyBytes) return refuse(413, BEACON_REFUSALS.tooLarge);
  const { outcome, retryAfterSeconds } = await receiveBeacon({
    body,
    userAgent: event.headers?.['user-agent'],
    client: clientAddress(event, accepted),
  });
  if (outcome === 'invalid') return refuse(400, BEACON_REFUSALS.invalid);
  if (outcome === 'client-limited') {
    const wait = retryAfterSeconds ?? 60;
    logger.warn('beacon refused: the client is over its per-minute limit', { retryAfterSeconds: wait });
    return refuse(429, BEACON_REFUSALS.clientLimited(wait), { 'retry-after': String(wait) });
  }
  if (outcome === 'rate-limited') {
    logger.warn('beacon refused: the map is over its per-minute limit');
    return refuse(429, BEACON_REFUSALS.mapLimited, { 'retry-after': String(retryAfterSeconds ?? 60) });
  }
  return reply(204);
};
