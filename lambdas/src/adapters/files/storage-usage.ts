/**
 * What each account stores (ADR 027): a byte counter (`storedBytes` on the user's slot item, next to the capacities
 * that decide the quota), moved with DynamoDB ADD in the same transaction as the write it counts. A kept map version
 * adds its document's size as its history entry is written and gives it back as the entry is deleted; library files
 * are counted by storage-files. Nothing lists S3 to count.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@mapnest/shared/keys';
import { storageQuotaOf } from '@mapnest/shared/storage';
import { dynamo } from '../../lib/clients';
import { config } from '../../lib/config';
import type { TransactItem } from '../maps/slot-updates';

const STORED = 'storedBytes';

/** An account's stored bytes and quota. */
export interface StorageUsage {
  used: number;
  quota: number;
}

/** Bytes a write adds to its owner's count (negative: gives back). */
export interface StorageCharge {
  uid: string;
  bytes: number;
  /** The owner's usage as read before the write, to enforce the quota; null for writes that are never refused. */
  limit: StorageUsage | null;
}

/** A write's share of a transaction that counts it: the counter's item, and the error when the quota refused it. */
export interface CountedWrite {
  item: TransactItem;
  refusal: () => Error;
}

export async function readStorageUsage(uid: string): Promise<StorageUsage> {
  const out = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: keys.userSlots(uid), ConsistentRead: true }),
  );
  const item = out.Item ?? {};
  const n = (name: string) => (typeof item[name] === 'number' ? (item[name] as number) : 0);
  return {
    used: Math.max(0, n(STORED)),
    quota: storageQuotaOf({ basicCapacity: n('basicCapacity'), proCapacity: n('proCapacity') }),
  };
}

/** The transaction item that adds the charge's bytes; with a limit, it fails past the quota. */
export function storageItem(charge: StorageCharge): TransactItem {
  const enforced = charge.limit !== null && charge.bytes > 0;
  return {
    Update: {
      TableName: config.tableName,
      Key: keys.userSlots(charge.uid),
      UpdateExpression: 'ADD #b :n',
      ...(enforced ? { ConditionExpression: 'attribute_not_exists(#b) OR #b <= :room' } : {}),
      ExpressionAttributeNames: { '#b': STORED },
      ExpressionAttributeValues: {
        ':n': charge.bytes,
        ...(enforced ? { ':room': charge.limit!.quota - charge.bytes } : {}),
      },
    },
  };
}

/**
 * Two updates of the same item as one (a transaction may touch an item only once): a map's slot and its storage
 * count both live on the user's slot item. Their expressions use different names, and both conditions must hold.
 */
export function mergeUpdates(first: TransactItem, second: TransactItem): TransactItem {
  const a = first.Update!;
  const b = second.Update!;
  const conditions = [a.ConditionExpression, b.ConditionExpression].filter(Boolean).map((c) => `(${c})`);
  return {
    Update: {
      ...a,
      UpdateExpression: `${a.UpdateExpression} ${b.UpdateExpression}`,
      ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
      ExpressionAttributeNames: { ...a.ExpressionAttributeNames, ...b.ExpressionAttributeNames },
      ExpressionAttributeValues: { ...a.ExpressionAttributeValues, ...b.ExpressionAttributeValues },
    },
  };
}
