/**
 * Map analytics in the table (docs/adr/015-map-analytics.md): one item per map-day (`MAP#{id}` / `STATS#{day}`)
 * holding plain counters and three bounded maps (location opens, searches, searches with no result), all
 * changed by atomic ADDs; and one short-lived counter item per map-minute for the beacon rate limit.
 */
import { GetItemCommand, QueryCommand as RawQueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  ANALYTICS_LIMITS,
  DAY_COUNTERS,
  DEFAULT_ANALYTICS_ZONE,
  type AnalyticsZoneChange,
  emptyCounts,
  TOP_LISTS,
  type DayDelta,
  type StoredDay,
  type TopList,
} from '@mapnest/shared/analytics';
import { keys, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { isConditionalCheckFailed } from './aws-errors';

export interface DayUpdate {
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/**
 * The UpdateItem that adds `delta` to an existing map-day: ADD on each counter and on each list entry. It is
 * refused (conditional check) when the item does not exist yet (nested ADDs need their map) or when a list the
 * delta adds to already holds `cap` entries, so a list never grows past its cap.
 */
export function dayUpdate(delta: DayDelta, cap: number = ANALYTICS_LIMITS.listEntriesPerDay): DayUpdate {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds: string[] = [];
  for (const c of DAY_COUNTERS) {
    if (!delta[c]) continue;
    names[`#${c}`] = c;
    values[`:${c}`] = delta[c];
    adds.push(`#${c} :${c}`);
  }
  const conditions = ['attribute_exists(pk)'];
  for (const list of TOP_LISTS) {
    const entries = Object.entries(delta[list]);
    if (entries.length === 0) continue;
    names[`#${list}`] = list;
    values[':cap'] = cap;
    conditions.push(`size(#${list}) < :cap`);
    entries.forEach(([key, n], i) => {
      names[`#${list}${i}`] = key;
      values[`:${list}${i}`] = n;
      adds.push(`#${list}.#${list}${i} :${list}${i}`);
    });
  }
  return {
    UpdateExpression: `ADD ${adds.join(', ')}`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** The delta with, for each list already at its cap, only the entries the list holds already. */
export function withinCaps(
  delta: DayDelta,
  stored: Partial<Record<TopList, Record<string, number>>>,
  cap: number = ANALYTICS_LIMITS.listEntriesPerDay,
): DayDelta {
  const out: DayDelta = { ...delta };
  for (const list of TOP_LISTS) {
    const have = stored[list] ?? {};
    if (Object.keys(have).length < cap) continue;
    // Own entries only: `in` would find a term such as 'constructor' on any object.
    out[list] = Object.assign(
      emptyCounts(),
      Object.fromEntries(Object.entries(delta[list]).filter(([k]) => Object.hasOwn(have, k))),
    );
  }
  return out;
}

/** A stored list of counts from its raw attribute value, every key kept (see `storedDay`). */
function countsOf(value: AttributeValue | undefined): Record<string, number> | undefined {
  if (!value?.M) return undefined;
  return Object.assign(emptyCounts(), Object.fromEntries(Object.entries(value.M).map(([k, v]) => [k, Number(v.N)])));
}

/**
 * A stored map-day from its raw attribute values. The lists' keys are search terms and ids visitors sent, and the
 * document client's conversion writes each into a plain object, where a '__proto__' entry is lost; so the day's items
 * are read with the low-level commands and converted here.
 */
export function storedDay(item: Record<string, AttributeValue>): StoredDay {
  const day: StoredDay = { day: item.day?.S ?? '' };
  for (const c of DAY_COUNTERS) if (item[c]?.N !== undefined) day[c] = Number(item[c].N);
  for (const l of TOP_LISTS) {
    const counts = countsOf(item[l]);
    if (counts) day[l] = counts;
  }
  return day;
}

/** The lists `delta` adds to that a stored day does not have (a day written before the list existed). */
export function missingLists(delta: DayDelta, stored: Partial<Record<TopList, unknown>>): TopList[] {
  return TOP_LISTS.filter((l) => Object.keys(delta[l]).length > 0 && stored[l] === undefined);
}

/**
 * Gives a stored day the empty lists `delta` needs (nested ADDs need their map), without touching a list another
 * beacon made meanwhile: true when it added any, so the caller tries its update again.
 */
async function addMissingLists(
  key: Record<string, string>,
  delta: DayDelta,
  stored: Partial<Record<TopList, unknown>>,
): Promise<boolean> {
  const missing = missingLists(delta, stored);
  if (!missing.length) return false;
  // A day deleted meanwhile (its map was deleted) fails the condition: the caller's next try puts it anew.
  await dynamo
    .send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: `SET ${missing.map((l) => `#${l} = if_not_exists(#${l}, :empty)`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(missing.map((l) => [`#${l}`, l])),
        ExpressionAttributeValues: { ':empty': {} },
      }),
    )
    .catch((err: unknown) => {
      if (!isConditionalCheckFailed(err)) throw err;
    });
  return true;
}

/**
 * Deletes every map-day of a map (its analytics go with it); safe to repeat. A function of its own, not only a member
 * of `analyticsTable`: the calls that delete maps take it alone, so their bundles carry none of the beacon's writes.
 */
export async function deleteDays(mapId: string): Promise<number> {
  const prefix = keys.analyticsPrefix(mapId);
  let deleted = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': prefix.pk, ':prefix': prefix.skPrefix },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: { pk: item.pk, sk: item.sk } }));
      deleted++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return deleted;
}

export const analyticsTable = {
  /**
   * The map's state and the time zone of its analytics days, or null when there is no such map (or it is being
   * deleted): one small projected read.
   */
  async mapState(mapId: string): Promise<{ state: number; zone: string } | null> {
    const out = await dynamo.send(
      new GetCommand({
        TableName: config.tableName,
        Key: keys.map(mapId),
        ProjectionExpression: '#s, deleting, #z',
        ExpressionAttributeNames: { '#s': 'state', '#z': 'analyticsZone' },
      }),
    );
    const item = out.Item as { state?: number; deleting?: unknown; analyticsZone?: unknown } | undefined;
    if (!item || item.deleting || typeof item.state !== 'number') return null;
    const zone = typeof item.analyticsZone === 'string' ? item.analyticsZone : DEFAULT_ANALYTICS_ZONE;
    return { state: item.state, zone };
  },

  /**
   * Sets the time zone of a map's analytics days and records the change, if the zone is still `previous` (and the map
   * is not being deleted): false when it is not, and nothing changed.
   */
  async setZone(mapId: string, zone: string, change: AnalyticsZoneChange): Promise<boolean> {
    // A map whose owner never chose a zone has no attribute: its zone is the default.
    const stillPrevious =
      change.from === DEFAULT_ANALYTICS_ZONE ? '(attribute_not_exists(#z) OR #z = :previous)' : '#z = :previous';
    try {
      await dynamo.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.map(mapId),
          UpdateExpression: 'SET #z = :zone, #c = :change',
          ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(#d) AND ${stillPrevious}`,
          ExpressionAttributeNames: { '#z': 'analyticsZone', '#c': 'analyticsZoneChange', '#d': 'deleting' },
          ExpressionAttributeValues: { ':zone': zone, ':change': change, ':previous': change.from },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  },

  /** Counts one beacon in the map's current minute unless the minute is full: false when it is (nothing changed). */
  async takeBeaconSlot(mapId: string, at: Date): Promise<boolean> {
    const minute = Math.floor(at.getTime() / 60_000);
    try {
      await dynamo.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.beaconRate(mapId, minute),
          UpdateExpression: 'ADD #n :one SET #exp = :exp',
          ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
          ExpressionAttributeNames: { '#n': 'count', '#exp': TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ':one': 1,
            ':max': ANALYTICS_LIMITS.beaconsPerMapMinute,
            ':exp': (minute + 2) * 60,
          },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  },

  /**
   * Adds a beacon's counts to its map-day. The common case is one UpdateItem. The day's first beacon creates the
   * item empty with a conditional put (a racing first beacon's put then fails harmlessly) and adds with the update
   * again; a beacon that would push a full list past its cap re-reads the lists and adds only to entries they already
   * hold.
   */
  async addToDay(mapId: string, day: string, delta: DayDelta): Promise<void> {
    const key = keys.analytics(mapId, day);
    let current = delta;
    for (let attempt = 0; attempt < 5; attempt++) {
      // Everything this beacon had went to lists that are full: nothing is left to add.
      if (!DAY_COUNTERS.some((c) => current[c] > 0) && TOP_LISTS.every((l) => Object.keys(current[l]).length === 0))
        return;
      try {
        await dynamo.send(new UpdateCommand({ TableName: config.tableName, Key: key, ...dayUpdate(current) }));
        return;
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
      }
      const stored = await dynamo.send(
        new GetItemCommand({
          TableName: config.tableName,
          Key: { pk: { S: key.pk }, sk: { S: key.sk } },
          ConsistentRead: true,
          ProjectionExpression: ['pk', ...TOP_LISTS.map((l) => `#${l}`)].join(', '),
          ExpressionAttributeNames: Object.fromEntries(TOP_LISTS.map((l) => [`#${l}`, l])),
        }),
      );
      if (stored.Item) {
        const lists = storedDay(stored.Item);
        if (await addMissingLists(key, current, lists)) continue;
        current = withinCaps(current, lists);
        continue;
      }
      // The counts go in with the next update, not in this item: the document client cannot write every key visitors
      // send as a key of a map ('__proto__' is dropped, 'constructor' is refused), while update names carry any.
      const dayStart = Date.parse(`${day}T00:00:00Z`) / 1000;
      try {
        await dynamo.send(
          new PutCommand({
            TableName: config.tableName,
            Item: {
              ...key,
              type: 'analytics-day',
              mapId,
              day,
              ...Object.fromEntries(DAY_COUNTERS.map((c) => [c, 0])),
              ...Object.fromEntries(TOP_LISTS.map((l) => [l, {}])),
              [TTL_ATTRIBUTE]: dayStart + ANALYTICS_LIMITS.keptDays * 86_400,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
      }
    }
    throw new Error(`analytics: could not add to ${mapId}/${day} after 5 attempts`);
  },

  /** The stored map-days from `from` to `to` (days without beacons have no item). */
  async days(mapId: string, from: string, to: string): Promise<StoredDay[]> {
    const range = keys.analyticsRange(mapId, from, to);
    const days: StoredDay[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      // Read raw and converted by `storedDay`, which keeps every key of the lists.
      const page = await dynamo.send(
        new RawQueryCommand({
          TableName: config.tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': { S: range.pk }, ':from': { S: range.skFrom }, ':to': { S: range.skTo } },
          ExclusiveStartKey: start,
        }),
      );
      days.push(...(page.Items ?? []).map(storedDay));
      start = page.LastEvaluatedKey;
    } while (start);
    return days;
  },

  deleteDays,
};
