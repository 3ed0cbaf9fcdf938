/**
 * What visitors see (ADR 018): the map item's published version, and the history entry it came from, moved together.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@mapnest/shared/keys';
import { dynamo } from '../../lib/clients';
import { config } from '../../lib/config';
import { HistoryEntryNotFoundError, MapNotFoundError } from '../../lib/errors';
import { cancellationReasons, retryOnConflict } from '../aws-errors';
import type { TransactItem } from './slot-updates';

const table = () => config.tableName;

/**
 * Publishes a kept version (`to`), or takes the map offline (`to` null), and marks the published history entry
 * with the time, in one transaction: the entry must still exist (not deleted meanwhile) and the map must not be
 * being deleted.
 */
export async function setPublication(
  id: string,
  to: { version: number; docKey: string; title: string; at: string; hash: string } | null,
  at: string,
): Promise<void> {
  const names = {
    '#pv': 'publishedVersion',
    '#pdk': 'publishedDocKey',
    '#pt': 'publishedTitle',
    '#pa': 'publishedAt',
    '#d': 'deleting',
    '#ph': 'publishedHash',
  };
  const meta: TransactItem = to
    ? {
        Update: {
          TableName: table(),
          Key: keys.map(id),
          UpdateExpression: 'SET #pv = :v, #pdk = :k, #pt = :t, #pa = :a, #ph = :h',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#d)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':v': to.version, ':k': to.docKey, ':t': to.title, ':a': to.at, ':h': to.hash },
        },
      }
    : {
        Update: {
          TableName: table(),
          Key: keys.map(id),
          UpdateExpression: 'SET #pv = :null, #pdk = :null, #pt = :null, #ph = :null, #u = :a',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#d)',
          ExpressionAttributeNames: {
            '#pv': names['#pv'],
            '#pdk': names['#pdk'],
            '#pt': names['#pt'],
            '#ph': names['#ph'],
            '#d': names['#d'],
            '#u': 'unpublishedAt',
          },
          ExpressionAttributeValues: { ':null': null, ':a': at },
        },
      };
  const items: TransactItem[] = [meta];
  if (to) {
    items.push({
      Update: {
        TableName: table(),
        Key: keys.mapHistory(id, to.version),
        UpdateExpression: 'SET #pa = :a',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#pa': 'publishedAt' },
        ExpressionAttributeValues: { ':a': to.at },
      },
    });
  }
  try {
    await retryOnConflict(() => dynamo.send(new TransactWriteCommand({ TransactItems: items })));
  } catch (err) {
    const reasons = cancellationReasons(err);
    if (reasons?.[0] === 'ConditionalCheckFailed') throw new MapNotFoundError();
    if (reasons?.[1] === 'ConditionalCheckFailed') throw new HistoryEntryNotFoundError();
    throw err;
  }
}
