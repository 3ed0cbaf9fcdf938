/**
 * A paid map's way out of a plan whose slots ran out (a subscription ended, its quantity lowered): back to test
 * (`lapse`), or, for a Professional map, live on Basic (`lapseToBasic`) when its own licence or a free Basic slot
 * keeps it live, as the owner's emails promise. Each is conditioned on the plan still being over capacity, so
 * concurrent sweeps and webhooks move no more maps than needed, and keeps the map's public copy owed in its own
 * transaction (ADR 047).
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { MapState } from '@mapnest/shared/constants';
import { keys, TABLE_INDEXES } from '@mapnest/shared/keys';
import { slotPlanOf } from '@mapnest/shared/maps';
import { dynamo } from '../../lib/clients';
import { config } from '../../lib/config';
import { cancellationReasons, retryOnConflict } from '../aws-errors';
import { followUpPut, type FollowUpWork } from '../follow-up-items';
import { expiryKeys, type MapItem } from './map-items';
import type { TransactItem } from './slot-updates';
import { countingUpdate } from './state-update';

const table = () => config.tableName;
const DUE_PK = TABLE_INDEXES.byDue.pk;
const DUE_SK = TABLE_INDEXES.byDue.sk;

/** The slot counters' condition that a plan is still over capacity (a plan with no capacity left is over while used). */
const OVER = '(#u > #cap OR (attribute_exists(#u) AND attribute_not_exists(#cap) AND #u > :zero))';

/**
 * A map's move off its plan in one transaction: its own item's update, its owner's slot counters', and the follow-ups
 * it owes. 'done', or whose condition refused it: 'map' (it moved meanwhile), 'slots' (the counters' condition).
 */
async function moveOffPlan(
  mapUpdate: TransactItem,
  slotsUpdate: TransactItem,
  owed: readonly FollowUpWork[],
  at: string,
): Promise<'done' | 'map' | 'slots'> {
  const items = [mapUpdate, slotsUpdate, ...owed.map((work) => followUpPut(work, new Date(at)))];
  try {
    await retryOnConflict(() => dynamo.send(new TransactWriteCommand({ TransactItems: items })));
    return 'done';
  } catch (err) {
    const reasons = cancellationReasons(err);
    if (reasons?.[1] === 'ConditionalCheckFailed') return 'slots';
    if (reasons?.[0] === 'ConditionalCheckFailed') return 'map';
    throw err;
  }
}

/**
 * Sends a paid map back to test because its owner's slots of that plan ran out, if (and only if) the plan is
 * still over capacity: the condition on the counters makes concurrent sweeps and webhooks lapse no more maps
 * than needed. 'not-over': capacity covers use now; 'map-changed': the map moved meanwhile. `owed` (the map's
 * public copy) is kept in the same transaction (ADR 047).
 */
export async function lapse(
  map: MapItem,
  at: string,
  owed: readonly FollowUpWork[] = [],
): Promise<'lapsed' | 'not-over' | 'map-changed'> {
  const plan = slotPlanOf(map.state);
  if (!plan || (map.state !== MapState.LIVE && map.state !== MapState.PRO)) return 'map-changed';
  // A live map on its own licence holds no slot of the plan, so taking it off gives none back.
  if (map.state === MapState.LIVE && map.licenseEndsAt) return 'map-changed';
  const used = plan === 'basic' ? 'basicUsed' : 'proUsed';
  const capacity = plan === 'basic' ? 'basicCapacity' : 'proCapacity';
  // A Professional map's analytics stop counting here: its period closes in the same write (ADR 074).
  const counting = countingUpdate(map, MapState.TEST, at);
  const outcome = await moveOffPlan(
    {
      Update: {
        TableName: table(),
        Key: keys.map(map.id),
        // Back to test from `at`: it waits in the sweep's sparse index for its new expiry.
        UpdateExpression: `SET #s = :test, #sub = :false, #lf = :from, #ts = :at, #dpk = :dpk, #dsk = :dsk, ${counting.set}`,
        // A Basic map that got its own licence meanwhile holds no slot any more: it stays.
        ConditionExpression: `attribute_exists(pk) AND #s = :from AND attribute_not_exists(#d)${
          map.state === MapState.LIVE ? ' AND attribute_not_exists(#le)' : ''
        } AND ${counting.condition}`,
        ExpressionAttributeNames: {
          '#s': 'state',
          '#sub': 'subscribed',
          ...(map.state === MapState.LIVE ? { '#le': 'licenseEndsAt' } : {}),
          '#lf': 'lapsedFrom',
          '#ts': 'testSince',
          '#d': 'deleting',
          '#dpk': DUE_PK,
          '#dsk': DUE_SK,
          ...counting.names,
        },
        ExpressionAttributeValues: {
          ...counting.values,
          ':test': MapState.TEST,
          ':false': false,
          ':from': map.state,
          ':at': at,
          ':dpk': expiryKeys(map.id, at)[DUE_PK],
          ':dsk': expiryKeys(map.id, at)[DUE_SK],
        },
      },
    },
    {
      Update: {
        TableName: table(),
        Key: keys.userSlots(map.uid),
        UpdateExpression: 'SET #u = #u - :one, #t = if_not_exists(#t, :zero) + :one',
        ConditionExpression: OVER,
        ExpressionAttributeNames: { '#u': used, '#cap': capacity, '#t': 'testMaps' },
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      },
    },
    owed,
    at,
  );
  return outcome === 'done' ? 'lapsed' : outcome === 'slots' ? 'not-over' : 'map-changed';
}

/**
 * Moves a Professional map whose Professional slots ran out to Basic instead of test, when something keeps it live
 * there: its own running licence (it then holds no slot), else a free Basic slot (taken in the same write). Its
 * Professional analytics period closes as it leaves (ADR 074). 'moved'; 'no-room': Professional is no longer over
 * capacity, or no Basic slot is free (the caller then tries `lapse`, which tells the two apart); 'map-changed': the
 * map moved, or its licence started or ended, meanwhile.
 */
export async function lapseToBasic(
  map: MapItem,
  at: string,
  owed: readonly FollowUpWork[] = [],
): Promise<'moved' | 'no-room' | 'map-changed'> {
  if (map.state !== MapState.PRO) return 'map-changed';
  const onLicense = Boolean(map.licenseEndsAt);
  const counting = countingUpdate(map, MapState.LIVE, at);
  const basic = onLicense
    ? null
    : {
        set: ', #bu = if_not_exists(#bu, :zero) + :one',
        condition: ' AND attribute_exists(#bcap) AND ((attribute_not_exists(#bu) AND #bcap > :zero) OR #bu < #bcap)',
        names: { '#bu': 'basicUsed', '#bcap': 'basicCapacity' },
      };
  const outcome = await moveOffPlan(
    {
      Update: {
        TableName: table(),
        Key: keys.map(map.id),
        // Its promotion time is kept: it has been live since then, on one plan or the other. The plan it lost, and
        // when, name it in its owner's summary and on its card until the owner changes its state.
        UpdateExpression: `SET #s = :live, #sub = :true, #lf = :pro, #mb = :at, ${counting.set}`,
        // The licence read decides whether it takes a Basic slot: it must not have started or ended meanwhile.
        ConditionExpression: `attribute_exists(pk) AND #s = :pro AND attribute_not_exists(#d) AND ${
          onLicense ? '#le = :le' : 'attribute_not_exists(#le)'
        } AND ${counting.condition}`,
        ExpressionAttributeNames: {
          '#s': 'state',
          '#sub': 'subscribed',
          '#d': 'deleting',
          '#le': 'licenseEndsAt',
          '#lf': 'lapsedFrom',
          '#mb': 'movedToBasicAt',
          ...counting.names,
        },
        ExpressionAttributeValues: {
          ...counting.values,
          ':live': MapState.LIVE,
          ':pro': MapState.PRO,
          ':true': true,
          ':at': at,
          ...(onLicense ? { ':le': map.licenseEndsAt } : {}),
        },
      },
    },
    {
      Update: {
        TableName: table(),
        Key: keys.userSlots(map.uid),
        UpdateExpression: `SET #u = #u - :one${basic?.set ?? ''}`,
        ConditionExpression: `${OVER}${basic?.condition ?? ''}`,
        ExpressionAttributeNames: { '#u': 'proUsed', '#cap': 'proCapacity', ...basic?.names },
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      },
    },
    owed,
    at,
  );
  return outcome === 'done' ? 'moved' : outcome === 'slots' ? 'no-room' : 'map-changed';
}
