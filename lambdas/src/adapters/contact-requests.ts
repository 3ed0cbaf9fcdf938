/**
 * The contact form's DynamoDB adapter: hourly rate-limit counters and the stored requests (kept a year, so nothing
 * is lost when the notification email fails), in the team's inbox (adapters/contact-inbox.ts reads and marks them),
 * and their senders' addresses for an account's deletion (apart from the inbox's reads, so that call carries little).
 */
import { createHash } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactDelivery } from '@mapnest/shared/contact';
import { CONTACT_INBOX, keys, TABLE_INDEXES, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { isConditionalCheckFailed } from './aws-errors';
import { queryAll } from './query-all';

const HOUR_S = 3600;
const KEEP_DAYS = 365;

export const contactRequests = {
  /**
   * Counts one request against a limit in the current hour: an atomic ADD on a counter item that refuses to pass
   * `max` (so parallel requests cannot overshoot) and expires with its hour. The key holds a hash, not the value.
   * False when the limit is reached.
   */
  async count(kind: 'email' | 'ip' | 'account', value: string, max: number, now: Date): Promise<boolean> {
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

  /**
   * Stores a request under its id, in the team's inbox and unread, to expire after a year; its delivery is not known
   * yet.
   */
  async store(
    id: string,
    received: Date,
    fields: { uid: string | null; priority: boolean; request: unknown },
  ): Promise<void> {
    await dynamo.send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...keys.contactRequest(id),
          ...keys.contactInbox(received.toISOString(), id),
          ...keys.contactUnread(received.toISOString(), id),
          type: 'contact',
          delivery: 'pending' satisfies ContactDelivery,
          id,
          received: received.toISOString(),
          ...fields,
          [TTL_ATTRIBUTE]: Math.floor(received.getTime() / 1000) + KEEP_DAYS * 86_400,
        },
      }),
    );
  },
  /** Records whether the team was emailed about a stored request (never creates a request that is gone). */
  async setDelivery(id: string, delivery: ContactDelivery): Promise<void> {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.contactRequest(id),
        UpdateExpression: 'SET #d = :d',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#d': 'delivery' },
        ExpressionAttributeValues: { ':d': delivery },
      }),
    );
  },

  /**
   * The key of every request in the inbox with the sender's address as typed and account (when sent signed in), for
   * an account's deletion to pick its own (addresses compare without case, which DynamoDB's filters cannot do).
   */
  async senders(): Promise<Array<{ key: { pk: string; sk: string }; email: string; uid: string | null }>> {
    const items = await queryAll({
      TableName: config.tableName,
      IndexName: TABLE_INDEXES.byOwner.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE_INDEXES.byOwner.pk, '#r': 'request', '#e': 'email' },
      ExpressionAttributeValues: { ':pk': CONTACT_INBOX },
      ProjectionExpression: 'pk, sk, #r.#e, uid',
    });
    return items.map((i) => ({
      key: { pk: String(i.pk), sk: String(i.sk) },
      email: String((i.request as { email?: unknown } | undefined)?.email ?? ''),
      uid: typeof i.uid === 'string' ? i.uid : null,
    }));
  },
};
