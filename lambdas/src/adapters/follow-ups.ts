/**
 * Follow-ups in the single table: what a committed change still owes (a map's public copy to write, an email to
 * send), kept until the table stream's trigger or the hourly sweep has done it (domain/follow-ups.ts, ADR 045, 047).
 * Each waiting follow-up carries the sparse due index's keys (GSI3, `DUE#follow-up`), so the sweep reads only what
 * is due; a follow-up done is deleted. The item itself is built
 * in follow-up-items.ts, which the changes that keep one in their own transaction import alone.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { keys, TABLE_INDEXES } from '@mapnest/shared/keys';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { isConditionalCheckFailed } from './aws-errors';
import { followUpId, followUpPut, type FollowUpWork } from './follow-up-items';
import { queryAll } from './query-all';

export { followUpId, type FollowUpWork };

/** A follow-up kept by `hold`: its id and the due key it was kept with. */
export interface HeldFollowUp {
  id: string;
  dueKey: string;
}

/** A follow-up as stored: its id, the work, the tries so far and when it is due again. */
export interface FollowUpItem {
  id: string;
  work: FollowUpWork;
  /** Tries made by the sweep (the first try, by the change itself, is not counted). */
  attempts: number;
  /** ISO time it was kept. */
  created: string;
  /** The sweep index's sort key: `{due ISO time}#{id}`. */
  dueKey: string;
}

const DUE_PK = TABLE_INDEXES.byDue.pk;
const DUE_SK = TABLE_INDEXES.byDue.sk;

/** A follow-up as a query gives it. */
function followUpOf(item: Record<string, unknown>): FollowUpItem {
  return {
    id: item.id as string,
    work: item.work as FollowUpWork,
    attempts: Number(item.attempts ?? 0),
    created: item.created as string,
    dueKey: item[DUE_SK] as string,
  };
}

/** A follow-up as the table's stream gives it: its new image, in DynamoDB's attribute values. */
export const followUpFromImage = (image: Record<string, unknown>): FollowUpItem =>
  followUpOf(unmarshall(image as Record<string, AttributeValue>));

/**
 * Moves a follow-up's due key from `from` to `to`, while it is as read, counting a try when `tried`: false when it
 * was taken, replaced or done meanwhile.
 */
async function moveDue(id: string, from: string, to: string, tried: boolean): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.followUp(id),
        UpdateExpression: tried ? 'SET #dsk = :next, #a = if_not_exists(#a, :zero) + :one' : 'SET #dsk = :next',
        ConditionExpression: '#dsk = :dsk',
        ExpressionAttributeNames: { '#dsk': DUE_SK, ...(tried ? { '#a': 'attempts' } : {}) },
        ExpressionAttributeValues: { ':dsk': from, ':next': to, ...(tried ? { ':zero': 0, ':one': 1 } : {}) },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Writes a follow-up kept at `at`, due at `dueAt`: its id and the due key it waits under. */
async function putFollowUp(work: FollowUpWork, at: Date, dueAt: Date, error?: string): Promise<HeldFollowUp> {
  const put = followUpPut(work, at, error, dueAt);
  await dynamo.send(new PutCommand(put.Put));
  return { id: put.Put.Item.id as string, dueKey: put.Put.Item[DUE_SK] as string };
}

export const followUps = {
  /**
   * Keeps `work`, due at once: the table's stream runs it (ADR 047), the sweep runs it again if that fails. `error`:
   * why a first try made by the change itself failed (none when the change only owed it).
   */
  async keep(work: FollowUpWork, at: Date, error?: string): Promise<string> {
    return (await putFollowUp(work, at, at, error)).id;
  },

  /**
   * Keeps `work` due only at `dueAt`, for a change of several writes that makes it due at once when it is complete
   * (`release`); if the change stops half way, the first sweep after `dueAt` does the work. Answers how to find it
   * again.
   */
  hold: (work: FollowUpWork, at: Date, dueAt: Date): Promise<HeldFollowUp> => putFollowUp(work, at, dueAt),

  /** Makes a held follow-up due at `at`, while it is as held: false when a runner took it meanwhile. */
  async release(held: HeldFollowUp, at: Date): Promise<boolean> {
    return moveDue(held.id, held.dueKey, `${at.toISOString()}#${held.id}`, false);
  },

  /** The follow-ups due at `at`, oldest first. */
  async due(at: Date): Promise<FollowUpItem[]> {
    const { pk, skBelow } = keys.dueBy('follow-up', at.toISOString());
    const items = await queryAll({
      TableName: config.tableName,
      IndexName: TABLE_INDEXES.byDue.name,
      KeyConditionExpression: '#pk = :pk AND #sk < :below',
      ExpressionAttributeNames: { '#pk': DUE_PK, '#sk': DUE_SK },
      ExpressionAttributeValues: { ':pk': pk, ':below': skBelow },
    });
    return items.map(followUpOf);
  },

  /**
   * Takes a due follow-up for one try: counts the try and makes it due again at `retryAt`, on condition that it is
   * still due as read (`dueKey`). Answers its new due key, or null when another run took it or it was replaced
   * meanwhile: then this run leaves it. A try that never reports back (the function stopped) is due at `retryAt`.
   */
  async take(item: FollowUpItem, retryAt: Date): Promise<string | null> {
    const next = `${retryAt.toISOString()}#${item.id}`;
    return (await moveDue(item.id, item.dueKey, next, true)) ? next : null;
  },

  /**
   * A follow-up done is deleted, only while it is as this try took it (`dueKey` after `take`): a newer follow-up kept
   * for the same map meanwhile stays due. Nothing of it is kept (an email's words are the customer's; the log line
   * 'follow-up done' records it), so account deletion leaves nothing behind (ADR 047). A stream record of it that
   * comes again finds it gone and is skipped.
   */
  async done(id: string, dueKey: string): Promise<void> {
    try {
      await dynamo.send(
        new DeleteCommand({
          TableName: config.tableName,
          Key: keys.followUp(id),
          ConditionExpression: '#dsk = :dsk',
          ExpressionAttributeNames: { '#dsk': DUE_SK },
          ExpressionAttributeValues: { ':dsk': dueKey },
        }),
      );
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
  },

  /**
   * Deletes a follow-up whose work its change did itself after all (a map's deletion, finished by the call that marked
   * it): unconditionally, since a runner that took it meanwhile finds the work done (a deletion of a map that is gone
   * is done at once) and its own `done` then finds it gone.
   */
  async forget(id: string): Promise<void> {
    await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: keys.followUp(id) }));
  },

  /** Notes why a try failed (the follow-up stays due at the time `take` gave it). */
  async failed(id: string, error: string): Promise<void> {
    await dynamo
      .send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.followUp(id),
          UpdateExpression: 'SET #e = :e',
          ConditionExpression: 'attribute_exists(#dsk)',
          ExpressionAttributeNames: { '#e': 'lastError', '#dsk': DUE_SK },
          ExpressionAttributeValues: { ':e': error },
        }),
      )
      .catch((err: unknown) => {
        if (!isConditionalCheckFailed(err)) throw err;
      });
  },
};

export type FollowUps = typeof followUps;
