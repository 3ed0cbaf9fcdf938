import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { dependencyStates } from '../adapters/dependencies';
import { logger } from '../lib/logger';
import { refuseDirectAccess } from '../lib/origin-check';

/**
 * GET /api/health: each dependency (table, buckets, user pool) as 'ok' or 'down', and 503 when any is down, so
 * monitors and the local stack's supervisor see a dead dependency instead of a healthy-looking API. Only through
 * CloudFront (ADR 034): the canaries and monitors use the app's address; the execute-api address answers 403 without
 * reading any dependency.
 */
export const handler = async (event?: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const refused = refuseDirectAccess(event?.headers);
  if (refused) return refused;
  const dependencies = await dependencyStates();
  const down = Object.entries(dependencies).filter(([, state]) => state !== 'ok');
  if (down.length > 0) logger.warn('health: dependencies down', { down: down.map(([name]) => name) });
  return {
    statusCode: down.length > 0 ? 503 : 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify({
      status: down.length > 0 ? 'unavailable' : 'ok',
      service: 'mapnest',
      version: process.env.APP_VERSION ?? 'dev',
      dependencies,
    }),
  };
};
