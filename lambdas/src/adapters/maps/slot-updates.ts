/**
 * The slot counters' share of the maps service's transactions: the update a map takes or gives back as it is
 * created, deleted or moved between states, with the capacity check that makes parallel requests unable to
 * exceed the free test-map limit or a plan's capacity.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { FREE_TEST_MAPS } from '@mapnest/shared/constants';
import { keys } from '@mapnest/shared/keys';
import { isTestState, slotPlanOf } from '@mapnest/shared/maps';
import { config } from '../../lib/config';
import { mergeUpdates, storageItem } from '../files/storage-usage';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const table = () => config.tableName;

/**
 * The counter a map in `state` occupies: test maps, Basic or Professional slots; demo and admin maps use none. A
 * live map on its own marketplace licence (`onLicense`) uses none either: the licence is its Basic, not a slot of
 * the subscription, so it is counted apart (`basicLicensed`) and its slot can serve no other map (ADR 019).
 */
export function counterOf(state: number, onLicense = false): 'testMaps' | 'basicUsed' | 'proUsed' | null {
  if (isTestState(state)) return 'testMaps';
  const plan = slotPlanOf(state);
  if (plan === 'basic' && onLicense) return null;
  return plan === 'basic' ? 'basicUsed' : plan === 'pro' ? 'proUsed' : null;
}

/** The slot counter change a map in `state` takes (+1) or gives back (-1), with the capacity check on take. */
export function slotUpdate(
  uid: string,
  state: number,
  delta: 1 | -1,
  enforceLimits: boolean,
  onLicense = false,
): TransactItem | null {
  const counter = counterOf(state, onLicense);
  if (!counter) return null;
  const update: TransactItem['Update'] = {
    TableName: table(),
    Key: keys.userSlots(uid),
    UpdateExpression: `SET #c = if_not_exists(#c, :zero) + :delta`,
    ExpressionAttributeNames: { '#c': counter },
    ExpressionAttributeValues: { ':zero': 0, ':delta': delta },
  };
  if (delta === 1 && enforceLimits) {
    if (counter === 'testMaps') {
      update.ConditionExpression = 'attribute_not_exists(#c) OR #c < :max';
      update.ExpressionAttributeValues![':max'] = FREE_TEST_MAPS;
    } else {
      // A counter never written is 0 used: room only when the capacity is above 0.
      update.ConditionExpression =
        'attribute_exists(#cap) AND ((attribute_not_exists(#c) AND #cap > :zero) OR #c < #cap)';
      update.ExpressionAttributeNames!['#cap'] = counter === 'basicUsed' ? 'basicCapacity' : 'proCapacity';
    }
  } else if (delta === -1) {
    // Never below zero, even if counters were repaired by hand.
    update.ConditionExpression = 'attribute_exists(#c) AND #c > :zero';
  }
  return { Update: update };
}

/**
 * One update of the slot counters for a map moving between states: the old counter goes down (not below
 * zero) and the new one up, refused past the free limit or the plan's capacity. Null when no counter changes.
 */
export function slotMove(
  uid: string,
  from: number,
  to: number,
  enforceLimits: boolean,
  onLicense = false,
): TransactItem | null {
  const give = counterOf(from, onLicense);
  const take = counterOf(to, onLicense);
  if (give === take) return null;
  if (!give) return slotUpdate(uid, to, 1, enforceLimits, onLicense);
  if (!take) return slotUpdate(uid, from, -1, false, onLicense);
  const takeUpdate = slotUpdate(uid, to, 1, enforceLimits, onLicense)!.Update!;
  const names = { ...takeUpdate.ExpressionAttributeNames, '#g': give };
  const values = { ...takeUpdate.ExpressionAttributeValues, ':one': 1 };
  // A counter that was never written counts as 1 here, so it ends at 0 rather than -1.
  return {
    Update: {
      ...takeUpdate,
      UpdateExpression: `${takeUpdate.UpdateExpression}, #g = if_not_exists(#g, :one) - :one`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

export const slotKind = (state: number): 'test' | 'basic' | 'pro' => slotPlanOf(state) ?? 'test';

/**
 * The counter updates of a map an administrator gives to another user, in the state it ends in: the old owner gives
 * back the map's slot and the bytes its versions are charged (`bytes`), the new owner takes both, the slot refused
 * past the new owner's limits (`enforceLimits`; the bytes are counted, never refused, as for any administrator's
 * write). The old owner's item first, then the new owner's; null where a user's counters do not change.
 */
export function ownerMove(
  from: { uid: string; state: number },
  to: { uid: string; state: number },
  bytes: number,
  enforceLimits: boolean,
): [TransactItem | null, TransactItem | null] {
  const withBytes = (slot: TransactItem | null, uid: string, delta: number) => {
    if (delta === 0) return slot;
    const storage = storageItem({ uid, bytes: delta, limit: null });
    return slot ? mergeUpdates(slot, storage) : storage;
  };
  return [
    withBytes(slotUpdate(from.uid, from.state, -1, false), from.uid, -bytes),
    withBytes(slotUpdate(to.uid, to.state, 1, enforceLimits), to.uid, bytes),
  ];
}
