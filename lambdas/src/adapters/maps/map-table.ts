/**
 * The maps service's DynamoDB adapter: map metadata, history entries and per-user slot counters in the single
 * table. Every multi-item change is one transaction with conditions, so parallel requests cannot break a rule
 * (two test maps, paid slot capacity, one winner per base version).
 */
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FREE_TEST_MAPS, type MapStateValue } from '@mapnest/shared/constants';
import { keys, TABLE_INDEXES } from '@mapnest/shared/keys';
import { newCounting } from '@mapnest/shared/analytics';
import { dynamo } from '../../lib/clients';
import { config } from '../../lib/config';
import { cancellationReasons, isConditionalCheckFailed, retryOnConflict } from '../aws-errors';
import { MapNotFoundError, MapVersionConflictError, SlotLimitError } from '../../lib/errors';
import {
  historyItem,
  metaItem,
  saveRecordItem,
  toMap,
  type CommittedSave,
  type HistoryItem,
  type MapItem,
  type SaveRequest,
} from './map-items';
import { deleteHistoryEntry, history, historyEntry, setHistoryName } from './history-table';
import { setPublication } from './publication-table';
import { queryAll } from '../query-all';
import { followUpPut, type FollowUpWork } from '../follow-up-items';
import type { HeldFollowUp } from '../follow-ups';
import { readSlots } from './slot-table';
import { ownerMove, slotKind, slotMove, slotUpdate, type TransactItem } from './slot-updates';
import { stateUpdate } from './state-update';
import { lapse, lapseToBasic } from './map-lapse';

export { lapse, lapseToBasic };
import { mergeUpdates, type CountedWrite } from '../files/storage-usage';

export { expiryKeys, type HistoryItem, type MapItem, type SlotsItem } from './map-items';
export { history, historyEntry, setHistoryName, deleteHistoryEntry } from './history-table';
export { setPublication } from './publication-table';
export { readSlots as slots } from './slot-table';

const table = () => config.tableName;
const DUE_PK = TABLE_INDEXES.byDue.pk;
const DUE_SK = TABLE_INDEXES.byDue.sk;

export async function get(id: string): Promise<MapItem | null> {
  const out = await dynamo.send(new GetCommand({ TableName: table(), Key: keys.map(id), ConsistentRead: true }));
  return out.Item ? toMap(out.Item) : null;
}

/** Maps by owner (or by author), oldest first, without maps being deleted. */
export async function list(by: 'owner' | 'author', uid: string): Promise<MapItem[]> {
  const index = by === 'owner' ? TABLE_INDEXES.byOwner : TABLE_INDEXES.byAuthor;
  const pk = by === 'owner' ? keys.mapsByOwner(uid) : keys.mapsByAuthor(uid);
  const items = await queryAll({
    TableName: table(),
    IndexName: index.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': index.pk },
    ExpressionAttributeValues: { ':pk': pk },
  });
  return items.filter((item) => !item.deleting).map(toMap);
}

/**
 * Creates the map and its first history entry, taking a test-map slot (refused past the free limit) and counting
 * the document in the owner's storage (refused past the quota).
 */
export async function create(
  map: MapItem,
  first: HistoryItem,
  opts: { enforceLimits: boolean; storage?: CountedWrite },
): Promise<void> {
  const slot = slotUpdate(map.uid, map.state, 1, opts.enforceLimits);
  // The slot and the storage count are both on the user's slot item: one update of it.
  const counters = slot && opts.storage ? mergeUpdates(slot, opts.storage.item) : (slot ?? opts.storage?.item);
  const items: TransactItem[] = [
    {
      Put: {
        // Its analytics counting record starts with it (ADR 074): a copy is counted from its own creation.
        Item: metaItem({ ...map, counting: newCounting(map.state, map.created) }),
        TableName: table(),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Put: { TableName: table(), Item: historyItem(first) } },
    ...(counters ? [counters] : []),
  ];
  try {
    await retryOnConflict(() => dynamo.send(new TransactWriteCommand({ TransactItems: items })));
  } catch (err) {
    const reasons = cancellationReasons(err);
    if (reasons?.[2] === 'ConditionalCheckFailed') {
      // Merged, either condition may have failed: a full test-map allowance is the slot's.
      if (!opts.storage || (slot && (await readSlots(map.uid)).testMaps >= FREE_TEST_MAPS))
        throw new SlotLimitError(slotKind(map.state));
      throw opts.storage.refusal();
    }
    if (reasons?.[0] === 'ConditionalCheckFailed') throw new Error(`map id ${map.id} is already taken`);
    throw err;
  }
}

/**
 * Moves the map to a new version if, and only if, it is still at `baseVersion`, and records the history entry
 * in the same transaction. A stale editor gets MapVersionConflictError and nothing changes.
 */
export async function commitVersion(args: {
  id: string;
  baseVersion: number;
  entry: HistoryItem;
  title: string;
  edited: string;
  previewUrl: string | null;
  /**
   * The version being replaced, for a map stored before drafts existed (no publishedVersion attribute): that
   * version was public, so it becomes the published one and the new version is a draft (ADR 018).
   */
  base: { docKey: string; title: string; edited: string };
  copyOf?: number; // the version a restore copies, kept on the map until its next version (MapItem.draftCopyOf)
  docHash: string; // the new version's documentHash (MapItem.docHash)
  /** The editor's id for this save: recorded in the same transaction, so a retry can learn it was committed. */
  saveId?: string;
  /** What the save id was sent with, recorded with it (see SaveRequest). */
  request?: SaveRequest;
  /** The new document's bytes, added to the owner's storage in the same transaction (refused past the quota). */
  storage?: CountedWrite;
}): Promise<void> {
  const { id, baseVersion, entry } = args;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table(),
        Key: keys.map(id),
        UpdateExpression:
          'SET #v = :v, #k = :k, #e = :e, #m = :m, #t = :t, #p = :p, #pv = if_not_exists(#pv, :base), ' +
          '#pdk = if_not_exists(#pdk, :bk), #pt = if_not_exists(#pt, :bt), #pa = if_not_exists(#pa, :be), #h = :h' +
          (args.copyOf === undefined ? ' REMOVE #c' : ', #c = :c'),
        ConditionExpression: 'attribute_exists(pk) AND #v = :base AND attribute_not_exists(#d)',
        ExpressionAttributeNames: {
          '#v': 'version',
          '#k': 'docKey',
          '#e': 'edited',
          '#m': 'metrics',
          '#t': 'title',
          '#p': 'previewUrl',
          '#d': 'deleting',
          '#pv': 'publishedVersion',
          '#pdk': 'publishedDocKey',
          '#pt': 'publishedTitle',
          '#pa': 'publishedAt',
          '#c': 'draftCopyOf',
          '#h': 'docHash',
        },
        ExpressionAttributeValues: {
          ...(args.copyOf === undefined ? {} : { ':c': args.copyOf }),
          ':h': args.docHash,
          ':v': entry.version,
          ':k': entry.docKey,
          ':e': args.edited,
          ':m': entry.metrics,
          ':t': args.title,
          ':p': args.previewUrl,
          ':base': baseVersion,
          ':bk': args.base.docKey,
          ':bt': args.base.title,
          ':be': args.base.edited,
        },
      },
    },
    { Put: { TableName: table(), Item: historyItem(entry), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  if (args.saveId)
    items.push({ Put: { TableName: table(), Item: saveRecordItem(id, args.saveId, entry, args.request) } });
  if (args.storage) items.push(args.storage.item);
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    const reasons = cancellationReasons(err);
    // A stale base is answered first: the editor merges, and a save that still does not fit is refused then.
    if (args.storage && reasons?.[0] === 'None' && reasons.at(-1) === 'ConditionalCheckFailed')
      throw args.storage.refusal();
    if (reasons && (reasons.includes('ConditionalCheckFailed') || reasons.includes('TransactionConflict'))) {
      const current = await get(id);
      if (!current || current.deleting) throw new MapNotFoundError();
      throw new MapVersionConflictError(current.version);
    }
    throw err;
  }
}

/** The version a save id committed, with its history entry as written and the request it was committed for, or null. */
export async function committedSave(id: string, saveId: string): Promise<CommittedSave | null> {
  const out = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.mapSave(id, saveId), ConsistentRead: true }),
  );
  if (!out.Item) return null;
  const request = out.Item.request as SaveRequest | undefined;
  return { entry: out.Item.entry as HistoryItem, ...(request ? { request } : {}) };
}

/**
 * Sets the map's title; with `replaces`, only while its title is that one. False: not set, its title is another (or
 * the map is gone, which a read tells).
 */
export async function rename(id: string, title: string, edited: string, replaces?: string): Promise<boolean> {
  const only = replaces === undefined ? {} : { ':old': replaces };
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.map(id),
        UpdateExpression: 'SET #t = :t, #e = :e',
        ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(#d)${':old' in only ? ' AND #t = :old' : ''}`,
        ExpressionAttributeNames: { '#t': 'title', '#e': 'edited', '#d': 'deleting' },
        ExpressionAttributeValues: { ':t': title, ':e': edited, ...only },
      }),
    );
    return true;
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
    if (replaces === undefined) throw new MapNotFoundError();
    return false;
  }
}

/**
 * First step of a delete: hide the map from every reader, and owe the rest of its deletion, held until `dueAt` (the
 * two together or neither); a retried delete finds it marked and resumes. Answers how to find the follow-up again.
 */
export async function markDeleting(id: string, at: Date, dueAt: Date): Promise<HeldFollowUp> {
  const owed = followUpPut({ kind: 'delete-map', mapId: id }, at, undefined, dueAt);
  const marking = dynamo.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: table(),
            Key: keys.map(id),
            UpdateExpression: 'SET #d = :t',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#d': 'deleting' },
            ExpressionAttributeValues: { ':t': true },
          },
        },
        owed,
      ],
    }),
  );
  await marking.catch((err: unknown) => {
    // Deleted meanwhile (a second tab's delete finished first).
    if (cancellationReasons(err)?.[0] === 'ConditionalCheckFailed') throw new MapNotFoundError();
    throw err;
  });
  return { id: owed.Put.Item.id as string, dueKey: owed.Put.Item[DUE_SK] as string };
}

/** Last step of a delete: the metadata goes and the map's slot is given back, together. */
export async function finishDelete(map: MapItem): Promise<void> {
  const slot = slotUpdate(map.uid, map.state, -1, false, Boolean(map.licenseEndsAt));
  await retryOnConflict(() =>
    dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: table(),
              Key: keys.map(map.id),
              ConditionExpression: '#d = :t',
              ExpressionAttributeNames: { '#d': 'deleting' },
              ExpressionAttributeValues: { ':t': true },
            },
          },
          ...(slot ? [slot] : []),
        ],
      }),
    ),
  ).catch(async (err: unknown) => {
    // The slot counter may already be zero (repaired by hand): delete the map regardless of the counter.
    const reasons = cancellationReasons(err);
    if (reasons?.[1] === 'ConditionalCheckFailed' && reasons[0] !== 'ConditionalCheckFailed') {
      await dynamo.send(new DeleteCommand({ TableName: table(), Key: keys.map(map.id) }));
      return;
    }
    if (reasons?.[0] === 'ConditionalCheckFailed') return; // already gone
    throw err;
  });
}

/**
 * Moves a map to another state, giving back the old slot and taking the new one in one transaction, with what the
 * change owes (`opts.owed`: the map's public copy, ADR 047) kept in it. With `opts.owner` (an administrator giving the
 * map to another user) the map changes owner in the same transaction: its slot and the `bytes` its versions are
 * charged move from the old owner's counters to the new owner's (slot-updates.ts ownerMove), if no save came between.
 */
export async function changeState(
  map: MapItem,
  state: MapStateValue,
  opts: {
    enforceLimits: boolean;
    edited: string;
    owed?: readonly FollowUpWork[];
    owner?: { uid: string; bytes: number };
  },
): Promise<void> {
  const owner = opts.owner?.uid ?? map.uid;
  // The item that gives a slot (and bytes) back to the old owner, and the one that takes them: for a map that stays
  // with its owner, one update of the owner's counters (a map on its own licence holds no slot).
  const [give, take] = opts.owner
    ? ownerMove(map, { uid: owner, state }, opts.owner.bytes, opts.enforceLimits)
    : [null, slotMove(map.uid, map.state, state, opts.enforceLimits, Boolean(map.licenseEndsAt))];
  const items: TransactItem[] = [stateUpdate(map, state, opts), ...(give ? [give] : []), ...(take ? [take] : [])];
  // After the map and its counters, so the cancellation reasons below keep their places.
  items.push(...(opts.owed ?? []).map((work) => followUpPut(work, new Date(opts.edited))));
  try {
    await retryOnConflict(() => dynamo.send(new TransactWriteCommand({ TransactItems: items })));
  } catch (err) {
    const reasons = cancellationReasons(err);
    if (reasons?.[0] === 'ConditionalCheckFailed') throw new MapVersionConflictError(null);
    if (take && reasons?.[give ? 2 : 1] === 'ConditionalCheckFailed') {
      const kind = slotKind(state);
      const slots = kind === 'test' ? null : await readSlots(owner);
      throw new SlotLimitError(kind, slots ? (kind === 'basic' ? slots.basicCapacity : slots.proCapacity) : undefined);
    }
    throw err;
  }
}

/**
 * Test maps whose 7 days ended at or before `at` and that the sweep has not expired yet: one query on the sparse
 * index (GSI3), so the sweep reads what is due, not the whole table.
 */
export async function dueTestMaps(
  at: Date,
): Promise<Array<Pick<MapItem, 'id' | 'state' | 'created' | 'testSince'> & { dueKey: string }>> {
  const { pk, skBelow } = keys.dueBy('test-map', at.toISOString());
  const items = await queryAll({
    TableName: table(),
    IndexName: TABLE_INDEXES.byDue.name,
    KeyConditionExpression: '#pk = :pk AND #sk < :below',
    FilterExpression: 'attribute_not_exists(#d)',
    ExpressionAttributeNames: {
      '#pk': DUE_PK,
      '#sk': DUE_SK,
      '#d': 'deleting',
      '#s': 'state',
      '#ts': 'testSince',
    },
    ExpressionAttributeValues: { ':pk': pk, ':below': skBelow },
    ProjectionExpression: 'id, #s, created, #ts, #sk',
  });
  return items.map((item) => ({
    id: item.id as string,
    state: item.state as MapStateValue,
    created: item.created as string,
    testSince: item.testSince as string | undefined,
    dueKey: item[DUE_SK] as string,
  }));
}

/** Takes an expired test map out of the sweep's index unless it moved meanwhile (a new test period): false then. */
export async function clearDue(mapId: string, dueKey: string): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.map(mapId),
        UpdateExpression: 'REMOVE #dpk, #dsk',
        ConditionExpression: '#dsk = :dsk',
        ExpressionAttributeNames: { '#dpk': DUE_PK, '#dsk': DUE_SK },
        ExpressionAttributeValues: { ':dsk': dueKey },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Writes metadata fields as an administrator; owner changes move the index keys with them. */
export async function adminPut(map: MapItem): Promise<void> {
  await dynamo.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table(), Item: metaItem(map), ConditionExpression: 'attribute_exists(pk)' } },
      ],
    }),
  );
}

/**
 * The map table as one object (with the history, publication and slot functions), as the maps operations take it
 * (ADR 037). The Lambdas bind each operation to an object of the functions it uses only (domain/services/), so a
 * call's bundle carries no table function, and no DynamoDB command, it never uses.
 */
export const mapTable = {
  // Written out, never spread from another object: esbuild keeps a spread, and every function it names, in every bundle.
  history,
  historyEntry,
  setHistoryName,
  deleteHistoryEntry,
  setPublication,
  slots: readSlots,
  get,
  list,
  create,
  commitVersion,
  committedSave,
  rename,
  markDeleting,
  finishDelete,
  changeState,
  lapse,
  lapseToBasic,
  dueTestMaps,
  clearDue,
  adminPut,
};
