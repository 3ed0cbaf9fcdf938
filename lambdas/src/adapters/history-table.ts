/**
 * A map's history entries in the single table: listed newest first, read one by one, named and deleted. New
 * entries are written by the map table's transactions, together with the metadata they belong to.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@mapnest/shared/keys';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { HistoryEntryNotFoundError } from '../lib/errors';
import { isConditionalCheckFailed } from './aws-errors';
import { toHistory, type HistoryItem } from './map-items';
import { queryAll } from './query-all';

const table = () => config.tableName;

export const historyTable = {
  async history(mapId: string): Promise<HistoryItem[]> {
    const { pk, skPrefix } = keys.mapHistoryPrefix(mapId);
    const items = await queryAll({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix },
      ScanIndexForward: false,
      ConsistentRead: true,
    });
    return items.map(toHistory);
  },

  async historyEntry(mapId: string, version: number): Promise<HistoryItem | null> {
    const out = await dynamo.send(
      new GetCommand({ TableName: table(), Key: keys.mapHistory(mapId, version), ConsistentRead: true }),
    );
    return out.Item ? toHistory(out.Item) : null;
  },

  async setHistoryName(mapId: string, version: number, name: string | null): Promise<void> {
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
  },

  async deleteHistoryEntry(mapId: string, version: number): Promise<void> {
    await dynamo.send(new DeleteCommand({ TableName: table(), Key: keys.mapHistory(mapId, version) }));
  },
};
