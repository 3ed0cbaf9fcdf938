/**
 * What each account stores (ADR 027): a byte counter (`storedBytes` on the user's slot item, next to the capacities
 * that decide the quota), moved with DynamoDB ADD in the same transaction as the write it counts. A kept map version
 * adds its document's size as its history entry is written and gives it back as the entry is deleted; a library
 * file adds its size once when it arrives (a marker item per file makes that idempotent) and gives it back on delete.
 * Nothing lists S3 to count.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@mapnest/shared/keys';
import { storageQuotaOf } from '@mapnest/shared/storage';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { StorageQuotaError } from '../lib/errors';
import { cancellationReasons, retryOnConflict } from './aws-errors';
import type { TransactItem } from './slot-updates';

const table = () => config.tableName;
const STORED = 'storedBytes';

/** An account's stored bytes and quota. */
export interface StorageUsage {
  used: number;
  quota: number;
}

/** Bytes a write adds to its owner's count; `limit` (the usage read before) refuses it past the quota. */
export interface StorageCharge {
  uid: string;
  bytes: number;
  /** The owner's usage as read before the write, to enforce the quota; null for writes that are never refused. */
  limit: StorageUsage | null;
}

/** The key of the marker that says a library file is counted, and how many bytes. */
const fileKey = (uid: string, key: string) => ({ pk: `USER#${uid}`, sk: `FILE#${key}` });

export const storageUsage = {
  async of(uid: string): Promise<StorageUsage> {
    const out = await dynamo.send(
      new GetCommand({ TableName: table(), Key: keys.userSlots(uid), ConsistentRead: true }),
    );
    const item = out.Item ?? {};
    const n = (name: string) => (typeof item[name] === 'number' ? (item[name] as number) : 0);
    return {
      used: Math.max(0, n(STORED)),
      quota: storageQuotaOf({ basicCapacity: n('basicCapacity'), proCapacity: n('proCapacity') }),
    };
  },

  /** Refuses a charge the usage read before cannot hold (nothing is written). */
  check(charge: StorageCharge): void {
    if (charge.limit && charge.bytes > 0 && charge.limit.used + charge.bytes > charge.limit.quota)
      throw storageUsage.refusal(charge);
  },

  /** The transaction item that adds `bytes` (negative: gives back); enforced, it fails past the quota. */
  item(charge: StorageCharge): TransactItem {
    const enforced = charge.limit !== null && charge.bytes > 0;
    return {
      Update: {
        TableName: table(),
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
  },

  refusal(charge: StorageCharge): StorageQuotaError {
    const usage = charge.limit ?? { used: 0, quota: 0 };
    return new StorageQuotaError({ needed: charge.bytes, used: usage.used, quota: usage.quota });
  },

  /**
   * Counts a library file once (a repeat for the same key, such as the check after an SVG was sanitised, changes
   * nothing). False when the quota cannot hold it.
   */
  async addFile(uid: string, key: string, bytes: number): Promise<boolean> {
    const limit = await storageUsage.of(uid);
    const charge: StorageCharge = { uid, bytes, limit };
    if (limit.used + bytes > limit.quota) return false;
    const marker: TransactItem = {
      Put: {
        TableName: table(),
        Item: { ...fileKey(uid, key), type: 'file', size: bytes },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
    try {
      await retryOnConflict(() =>
        dynamo.send(new TransactWriteCommand({ TransactItems: [marker, storageUsage.item(charge)] })),
      );
      return true;
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (reasons?.[0] === 'ConditionalCheckFailed') return true; // counted already
      if (reasons?.[1] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  },

  /** Gives back what a library file was counted for, once, as it is deleted. */
  async removeFile(uid: string, key: string): Promise<void> {
    const out = await dynamo.send(new GetCommand({ TableName: table(), Key: fileKey(uid, key), ConsistentRead: true }));
    const size = typeof out.Item?.size === 'number' ? out.Item.size : null;
    if (size === null) return;
    try {
      await retryOnConflict(() =>
        dynamo.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: table(),
                  Key: fileKey(uid, key),
                  ConditionExpression: '#s = :s',
                  ExpressionAttributeNames: { '#s': 'size' },
                  ExpressionAttributeValues: { ':s': size },
                },
              },
              storageUsage.item({ uid, bytes: -size, limit: null }),
            ],
          }),
        ),
      );
    } catch (err) {
      if (cancellationReasons(err)?.[0] === 'ConditionalCheckFailed') return; // given back by a racing delete
      throw err;
    }
  },
};
