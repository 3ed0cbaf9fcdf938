/**
 * The map item's share of a state change (map-table.ts changeState): the new state with what goes with it (when it
 * was promoted, when its test period began, its place in the expiry sweep's index) and, when an administrator gives
 * the map to another user, its new owner, conditioned on what was read so a racing change is not overwritten.
 */
import { countingAfter } from '@mapnest/shared/analytics';
import type { MapStateValue } from '@mapnest/shared/constants';
import { keys, TABLE_INDEXES } from '@mapnest/shared/keys';
import { isTestState, slotPlanOf } from '@mapnest/shared/maps';
import { config } from '../../lib/config';
import { expiryKeys, type MapItem } from './map-items';
import type { TransactItem } from './slot-updates';

const DUE_PK = TABLE_INDEXES.byDue.pk;
const DUE_SK = TABLE_INDEXES.byDue.sk;

/**
 * The analytics counting record's share of a change of state (ADR 074): the record after the change, conditioned on
 * the record read, so a change from the same state that came in between (Professional and back) is not lost.
 */
export function countingUpdate(map: MapItem, state: number, at: string) {
  return {
    set: '#cn = :cn',
    condition: map.counting ? '#cn = :oldCn' : 'attribute_not_exists(#cn)',
    names: { '#cn': 'counting' },
    values: { ':cn': countingAfter(map, state, at), ...(map.counting ? { ':oldCn': map.counting } : {}) },
  };
}

/** The map item's update of changeState, conditioned on the state (and, for a new owner, owner and version) read. */
export function stateUpdate(
  map: MapItem,
  state: MapStateValue,
  opts: { edited: string; owner?: { uid: string } },
): TransactItem {
  // Into a paid state: remember when (slots running out take the newest first). Back to test from a paid state:
  // its 7 days start now. Either way the owner moved it, so it is no longer waiting to come back.
  const counting = countingUpdate(map, state, opts.edited);
  const sets = ['#s = :s', '#sub = :sub', '#e = :e', counting.set];
  const removes = ['#lf', '#mb'];
  const values: Record<string, unknown> = {
    ':s': state,
    ':sub': slotPlanOf(state) !== null,
    ':old': map.state,
    ':e': opts.edited,
    ...counting.values,
  };
  if (slotPlanOf(state)) {
    sets.push('#pa = :e');
  } else if (isTestState(state) && !isTestState(map.state)) {
    sets.push('#ts = :e');
  }
  // The sweep's sparse index: a map entering test waits for its expiry there, a map leaving test does not.
  if (isTestState(state) && !isTestState(map.state)) {
    const due = expiryKeys(map.id, opts.edited);
    sets.push('#dpk = :dpk', '#dsk = :dsk');
    Object.assign(values, { ':dpk': due[DUE_PK], ':dsk': due[DUE_SK] });
  } else if (!isTestState(state)) {
    removes.push('#dpk', '#dsk');
  }
  const dueNames: Record<string, string> =
    sets.some((x) => x.startsWith('#dpk')) || removes.includes('#dpk') ? { '#dpk': DUE_PK, '#dsk': DUE_SK } : {};
  // A new owner: the owner index key moves with it; a save meanwhile would have charged the old owner its bytes.
  let ownerCondition = '';
  const ownerNames: Record<string, string> = {};
  if (opts.owner) {
    sets.push('#uid = :uid', '#opk = :opk');
    ownerCondition = ' AND #uid = :oldUid AND #v = :v';
    Object.assign(ownerNames, { '#uid': 'uid', '#opk': TABLE_INDEXES.byOwner.pk, '#v': 'version' });
    Object.assign(values, {
      ':uid': opts.owner.uid,
      ':opk': keys.mapsByOwner(opts.owner.uid),
      ':oldUid': map.uid,
      ':v': map.version,
    });
  }
  return {
    Update: {
      TableName: config.tableName,
      Key: keys.map(map.id),
      UpdateExpression: `SET ${sets.join(', ')} REMOVE ${removes.join(', ')}`,
      // The licence read decides which counter the map uses: it must not have started or ended meanwhile.
      ConditionExpression: `attribute_exists(pk) AND #s = :old AND attribute_not_exists(#d) AND ${
        map.licenseEndsAt ? '#le = :le' : 'attribute_not_exists(#le)'
      } AND ${counting.condition}${ownerCondition}`,
      ExpressionAttributeNames: {
        '#s': 'state',
        '#sub': 'subscribed',
        '#e': 'edited',
        '#d': 'deleting',
        '#le': 'licenseEndsAt',
        '#lf': 'lapsedFrom',
        '#mb': 'movedToBasicAt',
        ...counting.names,
        ...(sets.some((x) => x.startsWith('#pa')) ? { '#pa': 'promotedAt' } : {}),
        ...(sets.some((x) => x.startsWith('#ts')) ? { '#ts': 'testSince' } : {}),
        ...dueNames,
        ...ownerNames,
      },
      ExpressionAttributeValues: map.licenseEndsAt ? { ...values, ':le': map.licenseEndsAt } : values,
    },
  };
}
