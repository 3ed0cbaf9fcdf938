/**
 * The team's inbox in the table (ADR 055, 062): stored contact requests listed newest first from their GSI1
 * partition, the unread ones counted from their sparse GSI2 partition, marked read or answered by a conditional
 * update.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  CONTACT_DELIVERIES,
  type ContactInboxEntry,
  type ContactMark,
  type ContactInboxPage,
} from '@mapnest/shared/contact';
import { CONTACT_INBOX, CONTACT_UNREAD, keys, TABLE_INDEXES, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { isConditionalCheckFailed } from './aws-errors';

/** A mark as stored on the request: who (address and id) and when. */
export interface StoredMark {
  by: string;
  uid: string;
  at: string;
}

/** What to change: `true` marks, `false` unmarks, absent leaves the mark as it is. */
export interface MarkChange {
  read?: boolean | undefined;
  answered?: boolean | undefined;
}

const epochS = (now: Date) => Math.floor(now.getTime() / 1000);
/** Requests past their year that TTL has not removed yet are no longer in the inbox. */
const expired = (item: Record<string, unknown>, nowS: number) =>
  typeof item[TTL_ATTRIBUTE] === 'number' && item[TTL_ATTRIBUTE] <= nowS;

export const contactInbox = {
  /**
   * Newest first: up to `limit` requests received before the page key `before` (a request's GSI1 sort key, as `more`
   * answered it), only those not marked answered when `needsAnswer`. Reads on until a page is full or the inbox ends,
   * so a filtered page is never short while older matches remain.
   */
  async list(
    limit: number,
    input: { before?: string | undefined; needsAnswer?: boolean | undefined },
    now: Date,
  ): Promise<Omit<ContactInboxPage, 'unread'>> {
    const { name, pk, sk } = TABLE_INDEXES.byOwner;
    const { before, needsAnswer } = input;
    const nowS = epochS(now);
    const kept: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamo.send(
        new QueryCommand({
          TableName: config.tableName,
          IndexName: name,
          KeyConditionExpression: before ? '#pk = :pk AND #sk < :before' : '#pk = :pk',
          ExpressionAttributeNames: { '#pk': pk, ...(before ? { '#sk': sk } : {}) },
          ExpressionAttributeValues: { ':pk': CONTACT_INBOX, ...(before ? { ':before': before } : {}) },
          ScanIndexForward: false,
          // One more than a page: whether there is a next page is known without a second read.
          Limit: limit + 1,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) {
        if (!expired(item, nowS) && !(needsAnswer && item.answered)) kept.push(item);
      }
      start = out.LastEvaluatedKey;
    } while (start && kept.length <= limit);
    const last = kept.length > limit ? kept[limit - 1] : undefined;
    return { requests: kept.slice(0, limit).map(toInboxEntry), more: last ? String(last[sk]) : null };
  },

  /** How many requests in the inbox are unread: its sparse GSI2 partition holds those and no others. */
  async unreadCount(now: Date): Promise<number> {
    const { name, pk } = TABLE_INDEXES.byAuthor;
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamo.send(
        new QueryCommand({
          TableName: config.tableName,
          IndexName: name,
          KeyConditionExpression: '#pk = :pk',
          FilterExpression: 'attribute_not_exists(#exp) OR #exp > :now',
          ExpressionAttributeNames: { '#pk': pk, '#exp': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':pk': CONTACT_UNREAD, ':now': epochS(now) },
          Select: 'COUNT',
          ExclusiveStartKey: start,
        }),
      );
      count += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start);
    return count;
  },

  /**
   * Marks or unmarks a request in one conditional update, which touches only the marks it changes: another
   * administrator's mark of the other kind, made at the same moment, is kept, and a request already marked keeps its
   * first mark (who and when). A request the inbox no longer holds (deleted, or past its year) is never created
   * again: null.
   */
  async mark(id: string, change: MarkChange, mark: StoredMark, now: Date): Promise<ContactInboxEntry | null> {
    const set: string[] = [];
    const remove: string[] = [];
    if (change.read === true) {
      set.push('#read = if_not_exists(#read, :mark)');
      remove.push('#upk', '#usk');
    } else if (change.read === false) {
      set.push('#upk = :unread', '#usk = #isk');
      remove.push('#read');
    }
    if (change.answered === true) set.push('#answered = if_not_exists(#answered, :mark)');
    if (change.answered === false) remove.push('#answered');
    const { byOwner, byAuthor } = TABLE_INDEXES;
    try {
      const out = await dynamo.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.contactRequest(id),
          UpdateExpression: [
            set.length ? `SET ${set.join(', ')}` : '',
            remove.length ? `REMOVE ${remove.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join(' '),
          ConditionExpression: '#ipk = :inbox AND (attribute_not_exists(#exp) OR #exp > :now)',
          ExpressionAttributeNames: {
            '#ipk': byOwner.pk,
            '#exp': TTL_ATTRIBUTE,
            ...(change.read !== undefined ? { '#read': 'read', '#upk': byAuthor.pk, '#usk': byAuthor.sk } : {}),
            ...(change.read === false ? { '#isk': byOwner.sk } : {}),
            ...(change.answered !== undefined ? { '#answered': 'answered' } : {}),
          },
          ExpressionAttributeValues: {
            ':inbox': CONTACT_INBOX,
            ':now': epochS(now),
            ...(change.read === true || change.answered === true ? { ':mark': mark } : {}),
            ...(change.read === false ? { ':unread': CONTACT_UNREAD } : {}),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toInboxEntry(out.Attributes ?? {});
    } catch (err) {
      if (isConditionalCheckFailed(err)) return null;
      throw err;
    }
  },
};

function markOf(value: unknown): ContactMark | null {
  if (!value || typeof value !== 'object') return null;
  const { by, at } = value as Record<string, unknown>;
  return typeof by === 'string' && typeof at === 'string' ? { by, at } : null;
}

function toInboxEntry(item: Record<string, unknown>): ContactInboxEntry {
  const delivery = CONTACT_DELIVERIES.find((d) => d === item.delivery) ?? 'pending';
  return {
    id: String(item.id),
    received: String(item.received),
    delivery,
    uid: typeof item.uid === 'string' ? item.uid : null,
    priority: item.priority === true,
    request: item.request as ContactInboxEntry['request'],
    read: markOf(item.read),
    answered: markOf(item.answered),
  };
}
