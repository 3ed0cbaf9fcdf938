/**
 * Library files in their owner's storage count (ADR 027): a file adds its size once when it arrives (a marker item per
 * file, written in the same transaction as the counter, makes a repeat change nothing) and gives it back as it is
 * deleted.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/clients';
import { config } from '../../lib/config';
import { cancellationReasons, retryOnConflict } from '../aws-errors';
import { readStorageUsage, storageItem, type StorageCharge } from './storage-usage';
import type { TransactItem } from '../maps/slot-updates';

const table = () => config.tableName;

/** The key of the marker that says a library file is counted, and how many bytes. */
const fileKey = (uid: string, key: string) => ({ pk: `USER#${uid}`, sk: `FILE#${key}` });

export const storedFiles = {
  /**
   * Counts a library file once (a repeat for the same key, such as the check after an SVG was sanitised, changes
   * nothing). False when the quota cannot hold it.
   */
  async add(uid: string, key: string, bytes: number): Promise<boolean> {
    const limit = await readStorageUsage(uid);
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
        dynamo.send(new TransactWriteCommand({ TransactItems: [marker, storageItem(charge)] })),
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
  async remove(uid: string, key: string): Promise<void> {
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
              storageItem({ uid, bytes: -size, limit: null }),
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
