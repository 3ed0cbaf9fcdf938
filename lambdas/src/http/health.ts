import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { dependencyStates } from '../adapters/dependencies';
import { logger } from '../lib/logger';
import { refuseDirectAccess } from '../lib/origin-check';

/**
 * How long one read of the dependencies answers `GET /api/health?shared` (ms): the footer of every marketing page
 * states the service's health from it, so a busy page costs each instance one read of the dependencies in this
 * time, not one per visitor (the user pool's read, DescribeUserPool, has a low request quota). Monitors, the canary
 * and the local stack's supervisor ask without `shared` and always get a fresh read.
 */
export const SHARED_READ_MS = 15_000;

let shared: { at: number; states: ReturnType<typeof dependencyStates> } | null = null;

/** The dependencies' states, read now, or (`reuse`) from a read at most SHARED_READ_MS old. */
function readStates(reuse: boolean, now = Date.now()): ReturnType<typeof dependencyStates> {
  if (reuse && shared && now - shared.at < SHARED_READ_MS) return shared.states;
  const states = dependencyStates();
  shared = { at: now, states };
  return states;
}

/**
 * GET /api/health: each dependency (table, buckets, user pool) as 'ok' or 'down', and 503 when any is down, so
 * monitors and the local stack's supervisor see a dead dependency instead of a healthy-looking API. Only through
 * CloudFront (ADR 034): the canaries and monitors use the app's address; the execute-api address answers 403 without
 * reading any dependency. `?shared` may answer from a read a few seconds old (SHARED_READ_MS).
 */
export const handler = async (event?: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const refused = refuseDirectAccess(event?.headers);
  if (refused) return refused;
  const dependencies = await readStates(event?.queryStringParameters?.shared !== undefined);
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
