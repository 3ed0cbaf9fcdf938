import { beforeEach, describe, expect, it } from 'vitest';
import { FREE_TEST_MAPS, MapState } from '@mapnest/shared/constants';
import { slotMove, slotUpdate } from './slot-updates';

describe('slot counter updates', () => {
  beforeEach(() => {
    process.env.TABLE_NAME = 'mapnest-test';
  });

  it('takes a test-map slot under the free limit, and a paid slot under the plan capacity', () => {
    const test = slotUpdate('u1', MapState.TEST, 1, true)!.Update!;
    expect(test.ExpressionAttributeNames).toEqual({ '#c': 'testMaps' });
    expect(test.ConditionExpression).toBe('attribute_not_exists(#c) OR #c < :max');
    expect(test.ExpressionAttributeValues).toMatchObject({ ':max': FREE_TEST_MAPS, ':delta': 1 });
    const pro = slotUpdate('u1', MapState.PRO, 1, true)!.Update!;
    expect(pro.ExpressionAttributeNames).toEqual({ '#c': 'proUsed', '#cap': 'proCapacity' });
    expect(slotUpdate('u1', MapState.LIVE, 1, false)!.Update!.ConditionExpression).toBeUndefined();
  });

  it('never gives back below zero, and demo and admin maps use no counter', () => {
    expect(slotUpdate('u1', MapState.LIVE, -1, true)!.Update!.ConditionExpression).toBe(
      'attribute_exists(#c) AND #c > :zero',
    );
    expect(slotUpdate('u1', MapState.DEMO, 1, true)).toBeNull();
    expect(slotUpdate('u1', MapState.ADMIN, -1, true)).toBeNull();
  });

  it('moves a map between counters in one update: the new one checked, the old one down', () => {
    const move = slotMove('u1', MapState.TEST, MapState.LIVE, true)!.Update!;
    expect(move.UpdateExpression).toBe(
      'SET #c = if_not_exists(#c, :zero) + :delta, #g = if_not_exists(#g, :one) - :one',
    );
    expect(move.ExpressionAttributeNames).toEqual({ '#c': 'basicUsed', '#cap': 'basicCapacity', '#g': 'testMaps' });
    expect(slotMove('u1', MapState.LIVE, MapState.LIVE, true)).toBeNull();
    expect(slotMove('u1', MapState.DEMO, MapState.PRO, true)!.Update!.ExpressionAttributeNames).toMatchObject({
      '#c': 'proUsed',
    });
    expect(slotMove('u1', MapState.PRO, MapState.ADMIN, true)!.Update!.ExpressionAttributeValues).toMatchObject({
      ':delta': -1,
    });
  });

  it('gives a live map on its own licence no counter: it neither takes nor gives back a Basic slot', () => {
    expect(slotUpdate('u1', MapState.LIVE, 1, true, true)).toBeNull();
    expect(slotMove('u1', MapState.TEST, MapState.LIVE, true, true)!.Update!.ExpressionAttributeValues).toMatchObject({
      ':delta': -1,
    });
    expect(slotMove('u1', MapState.LIVE, MapState.PRO, true, true)!.Update!.ExpressionAttributeNames).toEqual({
      '#c': 'proUsed',
      '#cap': 'proCapacity',
    });
  });
});
