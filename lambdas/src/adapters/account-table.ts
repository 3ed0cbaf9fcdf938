/**
 * The accounts service's DynamoDB adapter: the user's profile item and everything stored under the user's
 * partition (USER#{uid}: profile, slot counters, subscription records), plus the two questions about maps the
 * accounts service asks (which maps the user owns, and re-pointing map authors after an email change).
 */
import { BatchWriteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, TABLE_INDEXES } from '@mapnest/shared/keys';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { cancellationReasons, isConditionalCheckFailed, retryOnConflict } from './aws-errors';
import { followUpPut, type FollowUpWork } from './follow-up-items';
import { queryAll } from './query-all';

const table = () => config.tableName;

type Key = { pk: string; sk: string };

export const accountTable = {
  /** Records the account's current email on its profile item (created on first write). */
  async putProfileEmail(uid: string, email: string, updated: string): Promise<void> {
    await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.user(uid),
        UpdateExpression: 'SET #t = :t, #u = :uid, #e = :e, #up = :up',
        ExpressionAttributeNames: { '#t': 'type', '#u': 'uid', '#e': 'email', '#up': 'updated' },
        ExpressionAttributeValues: { ':t': 'profile', ':uid': uid, ':e': email, ':up': updated },
      }),
    );
  },

  /**
   * Records a changed email on the profile item while it still holds `previous`, and in the same transaction keeps
   * `owed` (the email telling the previous address, ADR 047): false, and nothing kept, when the profile no longer holds
   * `previous` (a retried or concurrent call recorded this change first), so a change is told once.
   */
  async recordEmailChange(
    uid: string,
    change: { previous: string; email: string; updated: string },
    owed: FollowUpWork,
  ): Promise<boolean> {
    const update = {
      TableName: table(),
      Key: keys.user(uid),
      UpdateExpression: 'SET #t = :t, #u = :uid, #e = :e, #up = :up',
      ConditionExpression: '#e = :previous',
      ExpressionAttributeNames: { '#t': 'type', '#u': 'uid', '#e': 'email', '#up': 'updated' },
      ExpressionAttributeValues: {
        ':t': 'profile',
        ':uid': uid,
        ':e': change.email,
        ':up': change.updated,
        ':previous': change.previous,
      },
    };
    try {
      await retryOnConflict(() =>
        dynamo.send(
          new TransactWriteCommand({
            TransactItems: [{ Update: update }, followUpPut(owed, new Date(change.updated))],
          }),
        ),
      );
      return true;
    } catch (err) {
      if (cancellationReasons(err)?.[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  },

  /** The email last recorded on the profile item (a verified address, from a token), or null. */
  async profileEmail(uid: string): Promise<string | null> {
    const out = await dynamo.send(
      new GetCommand({
        TableName: table(),
        Key: keys.user(uid),
        ProjectionExpression: '#e',
        ExpressionAttributeNames: { '#e': 'email' },
      }),
    );
    const email = out.Item?.email;
    return typeof email === 'string' ? email : null;
  },

  /** The keys of every item in the user's partition (profile, slots, subscriptions, and anything added later). */
  async userItemKeys(uid: string): Promise<Key[]> {
    const items = await queryAll({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.user(uid).pk },
      ProjectionExpression: 'pk, sk',
      ConsistentRead: true,
    });
    return items.map((i) => ({ pk: String(i.pk), sk: String(i.sk) }));
  },

  /** Deletes items by key, 25 per request (the DynamoDB limit), retrying what DynamoDB leaves unprocessed. */
  async deleteItems(itemKeys: readonly Key[]): Promise<void> {
    for (let i = 0; i < itemKeys.length; i += 25) {
      let requests = itemKeys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      for (let attempt = 0; requests.length; attempt++) {
        if (attempt >= 8) throw new Error(`could not delete ${requests.length} item(s) after ${attempt} attempts`);
        if (attempt) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        const out = await dynamo.send(new BatchWriteCommand({ RequestItems: { [table()]: requests } }));
        requests = (out.UnprocessedItems?.[table()] ?? []) as typeof requests;
      }
    }
  },

  /** Ids of every map the user owns, including maps whose deletion was interrupted. */
  async ownedMaps(uid: string): Promise<Array<{ id: string; author: string }>> {
    const index = TABLE_INDEXES.byOwner;
    const items = await queryAll({
      TableName: table(),
      IndexName: index.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': index.pk, '#id': 'id', '#a': 'author' },
      ExpressionAttributeValues: { ':pk': keys.mapsByOwner(uid) },
      ProjectionExpression: '#id, #a',
    });
    return items.map((i) => ({ id: String(i.id), author: String(i.author) }));
  },

  /**
   * Moves one map's author from `from` to `to` (with its index key), only if the author is still `from` and the
   * map still belongs to `uid`; answers whether it changed.
   */
  async reauthorMap(mapId: string, uid: string, from: string, to: string): Promise<boolean> {
    try {
      await dynamo.send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.map(mapId),
          UpdateExpression: 'SET #a = :to, #apk = :apk',
          ConditionExpression: 'attribute_exists(pk) AND #a = :from AND #uid = :uid',
          ExpressionAttributeNames: { '#a': 'author', '#apk': TABLE_INDEXES.byAuthor.pk, '#uid': 'uid' },
          ExpressionAttributeValues: { ':to': to, ':from': from, ':uid': uid, ':apk': keys.mapsByAuthor(to) },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  },
};
