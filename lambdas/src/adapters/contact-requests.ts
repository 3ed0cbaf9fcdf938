/**
 * The contact form's DynamoDB adapter: hourly rate-limit counters and the stored requests (kept a year, so nothing
 * is lost when the notification email fails), listed newest first for the team's inbox.
 */
import { createHash } from 'node:crypto';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  CONTACT_DELIVERIES,
  type ContactDelivery,
  type ContactInboxEntry,
  type ContactInboxPage,
} from '@mapnest/shared/contact';
import { keys, TABLE_INDEXES, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
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

  /** Stores a request under its id, in the team's inbox, to expire after a year; its delivery is not known yet. */
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
          ...keys.contactInbox(received.toISOString(), id),
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
   * The team's inbox, newest first: up to `limit` requests received before the page key `before` (a request's
   * GSI1 sort key, as `more` answered it). Requests past their expiry that TTL has not removed yet are left out.
   */
  async list(limit: number, before: string | undefined, now: Date): Promise<ContactInboxPage> {
    const { name, pk, sk } = TABLE_INDEXES.byOwner;
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: name,
        KeyConditionExpression: before ? '#pk = :pk AND #sk < :before' : '#pk = :pk',
        ExpressionAttributeNames: { '#pk': pk, ...(before ? { '#sk': sk } : {}) },
        ExpressionAttributeValues: { ':pk': 'CONTACTS', ...(before ? { ':before': before } : {}) },
        ScanIndexForward: false,
        // One more than a page: whether there is a next page is known without a second read.
        Limit: limit + 1,
      }),
    );
    const items = out.Items ?? [];
    const nowS = Math.floor(now.getTime() / 1000);
    const requests = items
      .slice(0, limit)
      .filter((item) => !(typeof item[TTL_ATTRIBUTE] === 'number' && item[TTL_ATTRIBUTE] <= nowS))
      .map(toInboxEntry);
    const last = items.length > limit ? items[limit - 1] : undefined;
    return { requests, more: last ? String(last[sk]) : null };
  },
};

function toInboxEntry(item: Record<string, unknown>): ContactInboxEntry {
  const delivery = CONTACT_DELIVERIES.find((d) => d === item.delivery) ?? 'pending';
  return {
    id: String(item.id),
    received: String(item.received),
    delivery,
    uid: typeof item.uid === 'string' ? item.uid : null,
    request: item.request as ContactInboxEntry['request'],
  };
}
