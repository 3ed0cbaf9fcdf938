/**
 * The billing service's DynamoDB adapter: Stripe customers, subscriptions, webhook event records and marketplace
 * licences in the single table. Every change to slot capacity happens in the same transaction as the record that
 * justifies it (a subscription's new state, a licence registered or ended), so capacity can never drift from what
 * is stored, and a replayed or racing webhook changes nothing twice.
 */
import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { MapState, type BillingPeriod, type PlanId } from '@mapnest/shared/constants';
import { keys, TABLE_INDEXES, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { followUpPut, type FollowUpWork } from '../follow-up-items';
import { dynamo } from '../../lib/clients';
import { config } from '../../lib/config';
import { cancellationReasons, isConditionalCheckFailed, retryOnConflict } from '../aws-errors';
import { queryAll } from '../query-all';
import { holdsSlots } from '@mapnest/shared/billing';
import { capacityUpdate, eventRecord, holderAttribute, licenseSlotsUpdate, type HolderChange } from './billing-items';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
const table = () => config.tableName;

export interface SubscriptionItem {
  uid: string;
  subscriptionId: string;
  customerId: string;
  plan: PlanId;
  period: BillingPeriod | null;
  quantity: number;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  status: string;
  cancelAt: string | null;
  currentPeriodEnd: string | null;
  /** Slots this subscription adds to its plan's capacity in the state held (0 unless it holds slots). */
  counted: number;
  /** `created` (epoch seconds) of the Stripe event whose state this is: older events are ignored. */
  eventCreated: number;
  eventType: string;
  /** Optimistic concurrency: each write expects the revision it read. */
  revision: number;
  /**
   * Set on a second subscription of a plan the user already had (two checkouts paid): the id of the one kept. It
   * counts no slots, is not listed, and was cancelled at once with its unused time credited (stripe/duplicates.ts).
   */
  duplicateOf?: string;
}

export interface LicenseItem {
  code: string;
  uid: string;
  mapId: string;
  registeredAt: string;
  /** When its months begin (absent: at registration, as every licence registered before extensions). */
  startsAt?: string;
  endsAt: string;
  ended: boolean;
  itemName: string;
}

export type SubscriptionWrite = 'applied' | 'duplicate' | 'conflict';

function strip<T>(item: Record<string, unknown> | undefined): T | null {
  if (!item) return null;
  const { pk: _pk, sk: _sk, type: _type, [TTL_ATTRIBUTE]: _ttl, gsi3pk: _dpk, gsi3sk: _dsk, ...rest } = item;
  return rest as T;
}

/** Whether a subscription's state holds its plan's slots (a duplicate never does). */
const holding = (s: Pick<SubscriptionItem, 'status' | 'duplicateOf'> | null) =>
  !!s && holdsSlots(s.status) && !s.duplicateOf;

/**
 * The plan holder a subscription's change claims or releases (billing-items.ts, ADR 059): it claims its plan when it
 * starts holding slots, and releases the one it held when it stops, or moves to the other plan, if it is the one
 * named (a subscription that held slots before holders were kept is named nowhere).
 */
async function holderChange(
  next: Omit<SubscriptionItem, 'revision'>,
  prev: SubscriptionItem | null,
): Promise<HolderChange | undefined> {
  const claim = holding(next) && !holding(prev) ? next.plan : undefined;
  let release: PlanId | undefined;
  if (prev && holding(prev) && (!holding(next) || next.plan !== prev.plan)) {
    const slots = await dynamo.send(
      new GetCommand({ TableName: table(), Key: keys.userSlots(next.uid), ConsistentRead: true }),
    );
    if (slots.Item?.[holderAttribute(prev.plan)] === next.subscriptionId) release = prev.plan;
  }
  return claim || release ? { subscriptionId: next.subscriptionId, claim, release } : undefined;
}

function queryPrefix(pk: string, skPrefix: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix },
    ConsistentRead: true,
  });
}

export const billingTable = {
  async customerOf(uid: string): Promise<string | null> {
    const out = await dynamo.send(
      new GetCommand({ TableName: table(), Key: keys.customer(uid), ConsistentRead: true }),
    );
    return typeof out.Item?.customerId === 'string' ? out.Item.customerId : null;
  },

  /**
   * Remembers the user's Stripe customer, both ways. When another request stored one first, that one wins and is
   * returned, so a user never ends up with two customers in our table.
   */
  async rememberCustomer(uid: string, customerId: string): Promise<string> {
    try {
      await dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: table(),
                Item: { ...keys.customer(uid), type: 'customer', uid, customerId },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: table(),
                Item: { ...keys.stripeCustomer(customerId), type: 'stripe-customer', uid, customerId },
              },
            },
          ],
        }),
      );
      return customerId;
    } catch (err) {
      if (cancellationReasons(err)?.[0] === 'ConditionalCheckFailed') {
        const stored = await billingTable.customerOf(uid);
        if (stored) return stored;
      }
      throw err;
    }
  },

  async uidOfCustomer(customerId: string): Promise<string | null> {
    const out = await dynamo.send(
      new GetCommand({ TableName: table(), Key: keys.stripeCustomer(customerId), ConsistentRead: true }),
    );
    return typeof out.Item?.uid === 'string' ? out.Item.uid : null;
  },

  async subscription(uid: string, subscriptionId: string): Promise<SubscriptionItem | null> {
    const out = await dynamo.send(
      new GetCommand({ TableName: table(), Key: keys.subscription(uid, subscriptionId), ConsistentRead: true }),
    );
    return strip<SubscriptionItem>(out.Item);
  },

  async subscriptions(uid: string): Promise<SubscriptionItem[]> {
    const { pk, skPrefix } = keys.subscriptionPrefix(uid);
    return (await queryPrefix(pk, skPrefix)).map((i) => strip<SubscriptionItem>(i)!);
  },

  /** Whether this event id was processed already (a cheap check before any work; the write re-checks). */
  async seenEvent(eventId: string): Promise<boolean> {
    const out = await dynamo.send(
      new GetCommand({ TableName: table(), Key: keys.webhookEvent(eventId), ConsistentRead: true }),
    );
    return Boolean(out.Item);
  },

  /**
   * Records an event id as processed, with what the event owes (its email, ADR 047) in the same transaction; false
   * when it was recorded already (a replay), and then nothing is owed again.
   */
  async recordEvent(
    eventId: string,
    eventType: string,
    owed: readonly FollowUpWork[] = [],
    now: Date = new Date(),
  ): Promise<boolean> {
    const record = eventRecord(eventId, eventType, now);
    try {
      if (owed.length === 0) await dynamo.send(new PutCommand(record.Put!));
      else {
        const items = [record, ...owed.map((work) => followUpPut(work, now))];
        await retryOnConflict(() => dynamo.send(new TransactWriteCommand({ TransactItems: items })));
      }
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err) || cancellationReasons(err)?.[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  },

  /**
   * Stores a subscription's new state, the event id that brought it, the capacity change it makes, and what it owes,
   * in one transaction. 'duplicate': the event was processed before. 'conflict': the subscription changed since `prev`
   * was read (a concurrent event), or another subscription started holding the plan's slots first; read again and
   * retry.
   */
  async writeSubscription(
    next: Omit<SubscriptionItem, 'revision'>,
    prev: SubscriptionItem | null,
    event: { id: string; type: string },
    /** What the change owes (the customer's email, ADR 047), written with it. */
    owed: readonly FollowUpWork[] = [],
    now: Date = new Date(),
  ): Promise<SubscriptionWrite> {
    const deltas: Partial<Record<PlanId, number>> = {};
    if (prev) deltas[prev.plan] = (deltas[prev.plan] ?? 0) - prev.counted;
    deltas[next.plan] = (deltas[next.plan] ?? 0) + next.counted;
    const capacity = capacityUpdate(next.uid, deltas, await holderChange(next, prev));
    const items: TransactItem[] = [
      eventRecord(event.id, event.type, now),
      {
        Put: {
          TableName: table(),
          Item: {
            ...keys.subscription(next.uid, next.subscriptionId),
            type: 'subscription',
            ...next,
            revision: (prev?.revision ?? 0) + 1,
          },
          ConditionExpression: prev ? '#r = :r' : 'attribute_not_exists(pk)',
          ...(prev
            ? { ExpressionAttributeNames: { '#r': 'revision' }, ExpressionAttributeValues: { ':r': prev.revision } }
            : {}),
        },
      },
      ...(capacity ? [capacity] : []),
      ...owed.map((work) => followUpPut(work, now)),
    ];
    try {
      await retryOnConflict(() => dynamo.send(new TransactWriteCommand({ TransactItems: items })));
      return 'applied';
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (reasons?.[0] === 'ConditionalCheckFailed') return 'duplicate';
      // The subscription's revision, or the plan's holder on the slot counters (the third item when present).
      if (reasons?.[1] === 'ConditionalCheckFailed' || (capacity && reasons?.[2] === 'ConditionalCheckFailed')) {
        return 'conflict';
      }
      throw err;
    }
  },

  async license(code: string): Promise<LicenseItem | null> {
    const out = await dynamo.send(
      new GetCommand({ TableName: table(), Key: keys.license(code), ConsistentRead: true }),
    );
    return strip<LicenseItem>(out.Item);
  },

  async licenses(uid: string): Promise<LicenseItem[]> {
    const { pk, skPrefix } = keys.userLicensePrefix(uid);
    return (await queryPrefix(pk, skPrefix)).map((i) => strip<LicenseItem>(i)!);
  },

  /**
   * Registers a licence once ever (conditional put on the code's own item) and counts it with the owner's licences,
   * all in one transaction with the map it is for: a test map goes live on it, and a live map that held a
   * subscription slot gives that slot back (the licence now keeps it live). A licence adds no slot to the
   * subscription's capacity: it is this map's own (ADR 019).
   * 'used': the code is registered already. 'map-changed': the map's state or licence moved since it was read.
   */
  async registerLicense(
    license: LicenseItem,
    map: {
      id: string;
      state: number;
      promote: boolean;
      /** The map's licence end as read (null: none), which decides the counters; the write is conditioned on it. */
      previousLicenseEndsAt: string | null;
      licenseEndsAt: string;
      now: string;
    },
    /** What the registration owes (the map's public copy, the confirmation email), kept in the same transaction. */
    owed: readonly FollowUpWork[] = [],
  ): Promise<'registered' | 'used' | 'map-changed'> {
    const freesSlot = map.state === MapState.LIVE && !map.previousLicenseEndsAt;
    const mapSets = ['#le = :le', ...(map.promote ? ['#s = :live', '#sub = :true', '#pa = :now'] : [])];
    const items: TransactItem[] = [
      // The code's own item waits in the sweep's sparse index (GSI3) until its end; the user's copy does not.
      {
        Put: {
          TableName: table(),
          Item: {
            ...keys.license(license.code),
            type: 'license',
            ...license,
            ...keys.due('license', license.endsAt, license.code),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: table(),
          Item: { ...keys.userLicense(license.uid, license.code), type: 'user-license', ...license },
        },
      },
      licenseSlotsUpdate(license.uid, map.promote, freesSlot),
      {
        Update: {
          TableName: table(),
          Key: keys.map(map.id),
          // A promoted map is no longer a test map: out of the sweep's expiry index (#dpk, #dsk) too.
          UpdateExpression: `SET ${mapSets.join(', ')}${map.promote ? ' REMOVE #lf, #ts, #dpk, #dsk' : ''}`,
          ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(#d) AND #s = :old AND ${
            map.previousLicenseEndsAt ? '#le = :prevLe' : 'attribute_not_exists(#le)'
          }`,
          ExpressionAttributeNames: {
            '#le': 'licenseEndsAt',
            '#s': 'state',
            '#d': 'deleting',
            ...(map.promote
              ? {
                  '#sub': 'subscribed',
                  '#pa': 'promotedAt',
                  '#lf': 'lapsedFrom',
                  '#ts': 'testSince',
                  '#dpk': TABLE_INDEXES.byDue.pk,
                  '#dsk': TABLE_INDEXES.byDue.sk,
                }
              : {}),
          },
          ExpressionAttributeValues: {
            ':le': map.licenseEndsAt,
            ':old': map.state,
            ...(map.previousLicenseEndsAt ? { ':prevLe': map.previousLicenseEndsAt } : {}),
            ...(map.promote ? { ':live': 1, ':true': true, ':now': map.now } : {}),
          },
        },
      },
      ...owed.map((work) => followUpPut(work, new Date(map.now))),
    ];
    try {
      await retryOnConflict(() => dynamo.send(new TransactWriteCommand({ TransactItems: items })));
      return 'registered';
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (reasons?.[0] === 'ConditionalCheckFailed') return 'used';
      if (reasons?.[3] === 'ConditionalCheckFailed') return 'map-changed';
      throw err;
    }
  },

  /**
   * Licences whose end has passed and whose slot is still counted (the hourly sweep): a query on the sparse index
   * (GSI3), where a licence waits from its registration until it is ended.
   */
  async dueLicenses(at: Date, opts: { unreminded?: boolean } = {}): Promise<LicenseItem[]> {
    const { pk, skBelow } = keys.dueBy('license', at.toISOString());
    const items = await queryAll({
      TableName: table(),
      IndexName: TABLE_INDEXES.byDue.name,
      KeyConditionExpression: '#pk = :pk AND #sk < :below',
      FilterExpression: opts.unreminded ? '#ended = :false AND attribute_not_exists(#rem)' : '#ended = :false',
      ExpressionAttributeNames: {
        '#pk': TABLE_INDEXES.byDue.pk,
        '#sk': TABLE_INDEXES.byDue.sk,
        '#ended': 'ended',
        ...(opts.unreminded ? { '#rem': 'remindedAt' } : {}),
      },
      ExpressionAttributeValues: { ':pk': pk, ':below': skBelow, ':false': false },
    });
    return items.map((item) => strip<LicenseItem>(item)!);
  },

  /**
   * Marks a licence's end reminder as sent, once: false when another run marked it first. The reminder `owed` is kept
   * in the same transaction (ADR 047), so a run that stops after the mark cannot lose the email.
   */
  async markReminded(code: string, at: Date, owed?: FollowUpWork): Promise<boolean> {
    const mark = {
      TableName: table(),
      Key: keys.license(code),
      UpdateExpression: 'SET #rem = :at',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#rem)',
      ExpressionAttributeNames: { '#rem': 'remindedAt' },
      ExpressionAttributeValues: { ':at': at.toISOString() },
    };
    try {
      if (owed)
        await retryOnConflict(() =>
          // Due when written, whatever time the sweep marks by.
          dynamo.send(new TransactWriteCommand({ TransactItems: [{ Update: mark }, followUpPut(owed, new Date())] })),
        );
      else await dynamo.send(new UpdateCommand(mark));
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err) || cancellationReasons(err)?.[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  },

  /**
   * Ends a licence, once: null when it had ended already, otherwise what became of its map (`leaveLicense`).
   */
  async endLicense(license: LicenseItem): Promise<'needs-slot' | 'left' | 'unchanged' | null> {
    // The code's own item (condition true) also leaves the sweep's sparse index.
    const ended = (key: { pk: string; sk: string }, condition: boolean): TransactItem => ({
      Update: {
        TableName: table(),
        Key: key,
        UpdateExpression: condition ? 'SET #e = :true REMOVE #dpk, #dsk' : 'SET #e = :true',
        ...(condition ? { ConditionExpression: '#e = :false' } : {}),
        ExpressionAttributeNames: {
          '#e': 'ended',
          ...(condition ? { '#dpk': TABLE_INDEXES.byDue.pk, '#dsk': TABLE_INDEXES.byDue.sk } : {}),
        },
        ExpressionAttributeValues: { ':true': true, ...(condition ? { ':false': false } : {}) },
      },
    });
    try {
      await retryOnConflict(() =>
        dynamo.send(
          new TransactWriteCommand({
            TransactItems: [
              ended(keys.license(license.code), true),
              ended(keys.userLicense(license.uid, license.code), false),
              {
                Update: {
                  TableName: table(),
                  Key: keys.userSlots(license.uid),
                  UpdateExpression: 'ADD #bl :minusOne',
                  ExpressionAttributeNames: { '#bl': 'basicLicensed' },
                  ExpressionAttributeValues: { ':minusOne': -1 },
                },
              },
            ],
          }),
        ),
      );
    } catch (err) {
      if (cancellationReasons(err)?.[0] === 'ConditionalCheckFailed') return null;
      throw err;
    }
    return billingTable.leaveLicense(license);
  },

  /**
   * The map of an ended licence no longer shows it, unless a later one was registered on it meanwhile. A live map
   * that was on it now needs a subscription slot: it takes one in the same transaction (unchecked, so use may pass
   * capacity; the caller then lapses it). 'needs-slot': it did; 'left': the map was not live; 'unchanged': another
   * licence covers the map, or the map is gone.
   */
  async leaveLicense(license: LicenseItem): Promise<'needs-slot' | 'left' | 'unchanged'> {
    const leave = (live: boolean): TransactItem => ({
      Update: {
        TableName: table(),
        Key: keys.map(license.mapId),
        UpdateExpression: 'REMOVE #le',
        ConditionExpression: live ? '#le = :end AND #s = :live' : '#le = :end',
        ExpressionAttributeNames: { '#le': 'licenseEndsAt', ...(live ? { '#s': 'state' } : {}) },
        ExpressionAttributeValues: { ':end': license.endsAt, ...(live ? { ':live': MapState.LIVE } : {}) },
      },
    });
    try {
      await retryOnConflict(() =>
        dynamo.send(
          new TransactWriteCommand({
            TransactItems: [
              leave(true),
              {
                Update: {
                  TableName: table(),
                  Key: keys.userSlots(license.uid),
                  UpdateExpression: 'SET #bu = if_not_exists(#bu, :zero) + :one',
                  ExpressionAttributeNames: { '#bu': 'basicUsed' },
                  ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
                },
              },
            ],
          }),
        ),
      );
      return 'needs-slot';
    } catch (err) {
      if (cancellationReasons(err)?.[0] !== 'ConditionalCheckFailed') throw err;
    }
    try {
      await dynamo.send(new UpdateCommand(leave(false).Update!));
      return 'left';
    } catch (err) {
      if (isConditionalCheckFailed(err)) return 'unchanged';
      throw err;
    }
  },
};
