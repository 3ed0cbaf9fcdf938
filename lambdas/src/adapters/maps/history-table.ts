/**
 * A map's history entries in the single table: listed newest first, read one by one, named and deleted. New
 * entries are written by the map table's transactions, together with the metadata they belong to.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@mapnest/shared/keys';
import { dynamo } from '../../lib/clients';
import { config } from '../../lib/config';
import { HistoryEntryNotFoundError } from '../../lib/errors';
import { cancellationReasons, isConditionalCheckFailed, retryOnConflict } from '../aws-errors';
import { toHistory, type HistoryItem } from './map-items';
import { queryAll } from '../query-all';
import { storageItem } from '../files/storage-usage';

const table = () => config.tableName;

export async function history(mapId: string): Promise<HistoryItem[]> {
  const { pk, skPrefix } = keys.mapHistoryPrefix(mapId);
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix },
    ScanIndexForward: false,
    ConsistentRead: true,
  });
  return items.map(toHistory);
}

export async function historyEntry(mapId: string, version: number): Promise<HistoryItem | null> {
  const out = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.mapHistory(mapId, version), ConsistentRead: true }),
  );
  return out.Item ? toHistory(out.Item) : null;
}

export async function setHistoryName(mapId: string, version: number, name: string | null): Promise<void> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.mapHistory(mapId, version),
        UpdateExpression: 'SET #n = :n',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':n': name },
      }),
    );
  } catch (err) {
    if (isConditionalCheckFailed(err)) throw new HistoryEntryNotFoundError();
    throw err;
  }
}

/**
 * Deletes a history entry and gives its document's size back to the owner's storage count, together (ADR 027);
 * an entry already gone gives nothing back.
 */
export async function deleteHistoryEntry(
  entry: Pick<HistoryItem, 'mapId' | 'version' | 'size'>,
  owner: string,
): Promise<void> {
  const size = entry.size ?? 0;
  try {
    await retryOnConflict(() =>
      dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: table(),
                Key: keys.mapHistory(entry.mapId, entry.version),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            ...(size > 0 ? [storageItem({ uid: owner, bytes: -size, limit: null })] : []),
          ],
        }),
      ),
    );
  } catch (err) {
    if (cancellationReasons(err)?.[0] === 'ConditionalCheckFailed') return;
    throw err;
  }
}
