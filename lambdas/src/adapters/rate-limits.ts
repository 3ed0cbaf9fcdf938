/**
 * Sliding-window rate limits in the table. Each key has one counter item per fixed window; a request is let through
 * when the current window's count plus the previous window's count, weighted by how much of the previous window is
 * still inside the last `windowSeconds`, stays under `max` (the estimate Cloudflare and others use for a sliding
 * log at the cost of two counters). A fixed window alone lets a client make 2 × max requests across a window's edge,
 * and makes "10 a minute" depend on when the minute started.
 *
 * The count is raised by an atomic ADD that refuses to pass the remaining allowance, so parallel requests cannot
 * overshoot. Keys hold a salted hash, never the value (an email address, a client's address): the salt changes with
 * every window, so a key cannot be linked to the same address two windows apart, and no counter outlives the window
 * after its own by more than a minute.
 */
import { createHash } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { isConditionalCheckFailed } from './aws-errors';

export interface RateLimit {
  /** What is limited and by what, e.g. 'license-account' (part of the key). */
  scope: string;
  windowSeconds: number;
  max: number;
}

/** The salted hash of a value for one window: unlinkable across windows and scopes. */
function windowKey(scope: string, value: string, windowStart: number): string {
  const salt = `${process.env.RATE_LIMIT_SALT ?? config.tableName}:${scope}:${windowStart}`;
  return createHash('sha256').update(`${salt}\u0000${value}`).digest('hex').slice(0, 32);
}

function counterKey(limit: RateLimit, value: string, windowStart: number) {
  return { pk: `RATE#${limit.scope}#${windowKey(limit.scope, value, windowStart)}`, sk: `WIN#${windowStart}` };
}

/**
 * How many of the previous window's requests still count, `elapsed` seconds into the current window: its count
 * weighted by the share of it still inside the sliding window, rounded up (a limit errs on the side of refusing).
 */
export function carriedOver(previous: number, elapsed: number, windowSeconds: number): number {
  return Math.ceil((previous * (windowSeconds - elapsed)) / windowSeconds);
}

/**
 * The whole seconds from `elapsed` (into the current window) until one more request would be let through, when it
 * is refused now: the previous window's weight has to fall far enough, and if the current window is full itself,
 * that happens only in the next window (where the current count becomes the previous one).
 */
export function secondsUntilAllowed(
  previous: number,
  current: number,
  max: number,
  elapsed: number,
  windowSeconds: number,
): number {
  const W = windowSeconds;
  let at: number; // seconds after the current window's start
  if (current < max) {
    // carriedOver(previous, t) <= max - current - 1  ⇔  previous * (W - t) / W <= max - current - 1
    at = W - ((max - current - 1) * W) / previous;
  } else {
    // In the next window: carriedOver(current, t') <= max - 1  ⇔  t' >= W - (max - 1) * W / current
    at = W + W - ((max - 1) * W) / current;
  }
  return Math.max(1, Math.ceil(at - elapsed));
}

export const rateLimits = {
  /**
   * Counts one request against each limit in turn; the seconds until a request would be let through by the first
   * refusing limit, or 0 when every limit let this one through (and counted it).
   */
  async take(value: string, limits: readonly RateLimit[], now: Date = new Date()): Promise<number> {
    const nowSeconds = now.getTime() / 1000;
    for (const limit of limits) {
      const W = limit.windowSeconds;
      const windowStart = Math.floor(nowSeconds / W) * W;
      const elapsed = nowSeconds - windowStart;
      const previousItem = await dynamo.send(
        new GetCommand({
          TableName: config.tableName,
          Key: counterKey(limit, value, windowStart - W),
          ProjectionExpression: '#n',
          ExpressionAttributeNames: { '#n': 'count' },
          ConsistentRead: true,
        }),
      );
      const previous = Number(previousItem.Item?.count ?? 0);
      const allowance = limit.max - carriedOver(previous, elapsed, W);
      const refuse = async (): Promise<number> => {
        const current = await dynamo.send(
          new GetCommand({
            TableName: config.tableName,
            Key: counterKey(limit, value, windowStart),
            ProjectionExpression: '#n',
            ExpressionAttributeNames: { '#n': 'count' },
            ConsistentRead: true,
          }),
        );
        return secondsUntilAllowed(previous, Number(current.Item?.count ?? 0), limit.max, elapsed, W);
      };
      if (allowance <= 0) return refuse();
      try {
        await dynamo.send(
          new UpdateCommand({
            TableName: config.tableName,
            Key: counterKey(limit, value, windowStart),
            UpdateExpression: 'ADD #n :one SET #t = :t, #exp = :exp',
            ConditionExpression: 'attribute_not_exists(#n) OR #n < :allowance',
            ExpressionAttributeNames: { '#n': 'count', '#t': 'type', '#exp': TTL_ATTRIBUTE },
            ExpressionAttributeValues: {
              ':one': 1,
              ':allowance': allowance,
              ':t': 'rate-limit',
              // Read as the previous window until the next one ends.
              ':exp': windowStart + 2 * W + 60,
            },
          }),
        );
      } catch (err) {
        if (isConditionalCheckFailed(err)) return refuse();
        throw err;
      }
    }
    return 0;
  },
};
