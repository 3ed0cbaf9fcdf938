/**
 * Fixed-window rate limits in the table: one counter item per key and window, raised by an atomic ADD that refuses
 * to pass `max` (parallel requests cannot overshoot) and expiring with its window. Keys hold a salted hash, never
 * the value (an email address, a client's address): the salt changes with every window, so a key cannot be linked
 * to the same address in another window, and nothing of it outlives the window by more than a minute.
 */
import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

export const rateLimits = {
  /**
   * Counts one request against each limit in turn; the seconds until the first refusing window ends, or 0 when
   * every limit let it through.
   */
  async take(value: string, limits: readonly RateLimit[], now: Date = new Date()): Promise<number> {
    const seconds = Math.floor(now.getTime() / 1000);
    for (const limit of limits) {
      const windowStart = seconds - (seconds % limit.windowSeconds);
      try {
        await dynamo.send(
          new UpdateCommand({
            TableName: config.tableName,
            Key: { pk: `RATE#${limit.scope}#${windowKey(limit.scope, value, windowStart)}`, sk: `WIN#${windowStart}` },
            UpdateExpression: 'ADD #n :one SET #t = :t, #exp = :exp',
            ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
            ExpressionAttributeNames: { '#n': 'count', '#t': 'type', '#exp': TTL_ATTRIBUTE },
            ExpressionAttributeValues: {
              ':one': 1,
              ':max': limit.max,
              ':t': 'rate-limit',
              ':exp': windowStart + limit.windowSeconds + 60,
            },
          }),
        );
      } catch (err) {
        if (isConditionalCheckFailed(err)) return Math.max(1, windowStart + limit.windowSeconds - seconds);
        throw err;
      }
    }
    return 0;
  },
};
