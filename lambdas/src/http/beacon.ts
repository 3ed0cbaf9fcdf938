/**
 * POST /api/beacon: the embed's analytics beacon (navigator.sendBeacon, `text/plain`, no cookies), on a route
 * with no authorizer. Every answer is 204 with no body except a refused body (400, 413, 415), a client address
 * over its own limit (429 with Retry-After) and a full minute for the map (429); bots and maps that are not
 * Professional are answered 204 with nothing written. The user agent is used for the bot check only, the source
 * address for the per-client limit only (as a hash that changes every window), and neither is stored
 * (docs/adr/015-map-analytics.md, docs/adr/025-beacon-abuse.md).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ANALYTICS_LIMITS } from '@mapnest/shared/analytics';
import { receiveBeacon } from '../domain/analytics';
import { logger } from '../lib/logger';

const reply = (statusCode: number, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'cache-control': 'no-store', ...headers },
  body: '',
});

export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  if (event.requestContext?.http?.method !== 'POST') return reply(405);
  // sendBeacon with a string sends text/plain, which needs no CORS preflight from a script-tag embed's page.
  const type = (event.headers?.['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/plain') return reply(415);
  if (!event.body) return reply(400);
  const body = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(body) > ANALYTICS_LIMITS.bodyBytes) return reply(413);
  const { outcome, retryAfterSeconds } = await receiveBeacon({
    body,
    userAgent: event.headers?.['user-agent'],
    client: event.requestContext?.http?.sourceIp ?? '',
  });
  if (outcome === 'invalid') return reply(400);
  if (outcome === 'client-limited') {
    logger.warn('beacon refused: the client is over its per-minute limit', { retryAfterSeconds });
    return reply(429, { 'retry-after': String(retryAfterSeconds) });
  }
  if (outcome === 'rate-limited') {
    logger.warn('beacon refused: the map is over its per-minute limit');
    return reply(429);
  }
  return reply(204);
};
