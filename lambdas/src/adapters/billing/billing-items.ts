/**
 * The items of the billing table's transactions (billing-table.ts): a webhook event's record, the slot counters a
 * subscription or a licence changes. Each is one write of a transaction that also stores what justifies it.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { PlanId } from '@mapnest/shared/constants';
import { keys, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { config } from '../../lib/config';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
const table = () => config.tableName;

/** How long a processed event id is remembered: Stripe retries a delivery for up to 3 days. */
const EVENT_MEMORY_SECONDS = 30 * 24 * 3600;

/** A webhook event's record: written once (a replay finds it), remembered 30 days. */
export function eventRecord(eventId: string, eventType: string, now: Date): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: {
        ...keys.webhookEvent(eventId),
        type: 'webhook-event',
        eventId,
        eventType,
        receivedAt: now.toISOString(),
        [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + EVENT_MEMORY_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Which subscription holds a plan's slots, kept on the slot counters' item (`basicHolder`, `proHolder`): claimed in
 * the transaction in which a subscription starts holding slots, on condition that no other holds them, and released
 * in the one in which it stops. Two checkouts of one plan paid at the same moment cannot both start counting: the
 * second transaction fails, and the webhook reads again and finds the first (ADR 059).
 */
export interface HolderChange {
  subscriptionId: string;
  /** The plan this subscription starts holding. */
  claim?: PlanId;
  /** The plan this subscription held and no longer holds (only when it is the one named). */
  release?: PlanId;
}

/** The slot counters' attribute naming a plan's holder. */
export const holderAttribute = (plan: PlanId) => `${plan}Holder`;

/**
 * One update of the slot counters that adds `delta` to a plan's subscribed slots and its capacity together, and
 * claims or releases a plan's holder (HolderChange); null when it changes nothing.
 */
export function capacityUpdate(
  uid: string,
  deltas: Partial<Record<PlanId, number>>,
  holder?: HolderChange,
): TransactItem | null {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, number | string> = {};
  for (const plan of ['basic', 'pro'] as const) {
    const d = deltas[plan] ?? 0;
    if (d === 0) continue;
    parts.push(`#${plan}S :${plan}, #${plan}C :${plan}`);
    names[`#${plan}S`] = `${plan}Subscribed`;
    names[`#${plan}C`] = `${plan}Capacity`;
    values[`:${plan}`] = d;
  }
  const clauses = parts.length > 0 ? [`ADD ${parts.join(', ')}`] : [];
  const conditions: string[] = [];
  if (holder?.claim || holder?.release) values[':sid'] = holder.subscriptionId;
  if (holder?.claim) {
    names['#claim'] = holderAttribute(holder.claim);
    clauses.push('SET #claim = :sid');
    conditions.push('(attribute_not_exists(#claim) OR #claim = :sid)');
  }
  if (holder?.release) {
    names['#release'] = holderAttribute(holder.release);
    clauses.push('REMOVE #release');
    conditions.push('#release = :sid');
  }
  if (clauses.length === 0) return null;
  return {
    Update: {
      TableName: table(),
      Key: keys.userSlots(uid),
      UpdateExpression: clauses.join(' '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(conditions.length > 0 ? { ConditionExpression: conditions.join(' AND ') } : {}),
    },
  };
}

/** A registered licence's counters: counted with the licences; its map leaves test, or gives back its slot. */
export function licenseSlotsUpdate(uid: string, promote: boolean, freesSlot: boolean): TransactItem {
  const parts = ['#bl :one', ...(promote ? ['#tm :minusOne'] : []), ...(freesSlot ? ['#bu :minusOne'] : [])];
  return {
    Update: {
      TableName: table(),
      Key: keys.userSlots(uid),
      UpdateExpression: `ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: {
        '#bl': 'basicLicensed',
        ...(promote ? { '#tm': 'testMaps' } : {}),
        ...(freesSlot ? { '#bu': 'basicUsed' } : {}),
      },
      ExpressionAttributeValues: { ':one': 1, ...(promote || freesSlot ? { ':minusOne': -1 } : {}) },
    },
  };
}
