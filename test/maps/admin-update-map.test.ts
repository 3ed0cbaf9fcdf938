/**
 * adminUpdateMap's owner and state changes keep every user's slot counters and stored bytes right: they move with the
 * map in the state change's transaction, to a user who exists and has room for it, or not at all.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { MapState } from '@mapnest/shared/constants';
import { keys } from '@mapnest/shared/keys';
import type { MapSummary, SlotCounters } from '@mapnest/shared/maps';
import { dynamo, tableName } from '../helpers/accounts';
import { documentWith } from '../helpers/documents';
import { adminUser, call, createUser, rawCall, type TestUser } from '../helpers/stack';

const errorOf = (body: unknown) => (body as { error: { status: string; message: string } }).error;

async function storedBytes(uid: string): Promise<number> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.userSlots(uid), ConsistentRead: true }),
  );
  return (out.Item?.storedBytes as number | undefined) ?? 0;
}

const slotsOf = (user: TestUser) => call<SlotCounters>('getSlots', null, user);

describe('adminUpdateMap', () => {
  it("gives a live map to another user only with a free slot, moving both users' slots and stored bytes", async () => {
    const [admin, a, b] = await Promise.all([adminUser(), createUser(), createUser()]);
    await call('setUserSlots', { uid: b.uid, basic: 1, pro: 0 }, admin);
    const id = await call<string>('createMap', { title: 'Moving', mapData: documentWith(3) }, b);
    await call('setMapState', { id, state: MapState.LIVE }, b);
    const bBytes = await storedBytes(b.uid);
    expect(bBytes).toBeGreaterThan(0);

    // A has no Basic slot: refused, and nothing moves.
    const refused = await rawCall('adminUpdateMap', { id, fields: { uid: a.uid } }, { token: admin.token });
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body).message).toBe(
      `User ${a.uid} has no free Basic slot for this map: this change would leave them over their slots. Grant them a slot first, or choose another state.`,
    );
    expect((await call<MapSummary[]>('listMaps', null, b)).map((m) => m.id)).toEqual([id]);
    expect(await slotsOf(b)).toMatchObject({ basicUsed: 1, testMaps: 0 });
    expect(await slotsOf(a)).toMatchObject({ basicUsed: 0 });

    await call('setUserSlots', { uid: a.uid, basic: 1, pro: 0 }, admin);
    const moved = await call<MapSummary>('adminUpdateMap', { id, fields: { uid: a.uid } }, admin);
    expect(moved).toMatchObject({ id, state: MapState.LIVE });
    expect((await call<MapSummary[]>('listMaps', null, a)).map((m) => m.id)).toEqual([id]);
    expect(await call<MapSummary[]>('listMaps', null, b)).toEqual([]);
    expect(await slotsOf(a)).toMatchObject({ basicUsed: 1, basicCapacity: 1 });
    expect(await slotsOf(b)).toMatchObject({ basicUsed: 0, testMaps: 0 });
    expect(await storedBytes(a.uid)).toBe(bBytes);
    expect(await storedBytes(b.uid)).toBe(0);
    // B is not locked out of test maps by a map they no longer have.
    await call('createMap', { title: 'Still mine' }, b);
  });

  it('refuses to give a map to a user who does not exist', async () => {
    const [admin, b] = await Promise.all([adminUser(), createUser()]);
    const id = await call<string>('createMap', { title: 'Kept' }, b);
    const answer = await rawCall('adminUpdateMap', { id, fields: { uid: 'not-a-real-user' } }, { token: admin.token });
    expect(answer.status).toBe(404);
    expect(errorOf(answer.body).message).toBe('There is no user with this id.');
    expect((await call<MapSummary[]>('listMaps', null, b)).map((m) => m.id)).toEqual([id]);
  });

  it("counts a state change in the owner's slots, refused past them", async () => {
    const [admin, b] = await Promise.all([adminUser(), createUser()]);
    const id = await call<string>('createMap', { title: 'To pro' }, b);
    const refused = await rawCall('adminUpdateMap', { id, fields: { state: MapState.PRO } }, { token: admin.token });
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body).message).toContain(`User ${b.uid} has no free Professional slot for this map`);
    expect(await slotsOf(b)).toMatchObject({ testMaps: 1, proUsed: 0 });

    await call('setUserSlots', { uid: b.uid, basic: 0, pro: 1 }, admin);
    await call('adminUpdateMap', { id, fields: { state: MapState.PRO, title: 'Now pro' } }, admin);
    expect(await slotsOf(b)).toMatchObject({ testMaps: 0, proUsed: 1 });
    expect((await call<MapSummary[]>('listMaps', null, b))[0]).toMatchObject({ state: MapState.PRO, title: 'Now pro' });
  });
});
