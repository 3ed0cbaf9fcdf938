/**
 * The contact form's DynamoDB adapter: hourly rate-limit counters and the stored requests (kept a year, so nothing
 * is lost when the notification email fails).
 */
import { createHash } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { isConditionalCheckFailed } from './aws-errors';

const HOUR_S = 3600;
const KEEP_DAYS = 365;

export const contactRequests = {
  /**
   * Counts one request against a limit in the current hour: an atomic ADD on a counter item that refuses to pass
   * `max` (so parallel requests cannot overshoot) and expires with its hour. The key holds a hash, not the value.
   * False when the limit is reached.
   */
  async count(kind: 'email' | 'ip', value: string, max: number, now: Date): Promise<boolean> {
    const hour = Math.floor(now.getTime() / 1000 / HOUR_S) * HOUR_S;
    const digest = createHash('sha256').update(value).digest('hex').slice(0, 32);
    try {
      await dynamo.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: { pk: `RATE#contact-${kind}#${digest}`, sk: `HOUR#${hour}` },
          UpdateExpression: 'ADD #n :one SET #t = :t, #exp = :exp',
          ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
          ExpressionAttributeNames: { '#n': 'count', '#t': 'type', '#exp': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':one': 1, ':max': max, ':t': 'rate-limit', ':exp': hour + 2 * HOUR_S },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  },

  /** Stores a request under its id, to expire after a year. */
  async store(
    id: string,
    received: Date,
    fields: { uid: string | null; sourceIp: string; request: unknown },
  ): Promise<void> {
    await dynamo.send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...keys.contactRequest(id),
          type: 'contact',
          id,
          received: received.toISOString(),
          ...fields,
          [TTL_ATTRIBUTE]: Math.floor(received.getTime() / 1000) + KEEP_DAYS * 86_400,
        },
      }),
    );
  },
};
