/**
 * The days a map was not counted (docs/adr/074-days-a-map-was-not-counted.md), through the gateway: a map made
 * Professional today reports the days before as not counted rather than as days nobody came, and every change of its
 * state keeps the record of its Professional periods on the map's item.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { daysInRange, dayOf, type CountingRecord, type MapAnalytics } from '@mapnest/shared/analytics';
import { keys } from '@mapnest/shared/keys';
import { dynamo, tableName } from '../helpers/accounts';
import { documentWith } from '../helpers/documents';
import { sendBeacon } from '../helpers/beacons';
import { adminUser, call, createPublishedMap, createUser } from '../helpers/stack';

const visit = (mapId: string) => sendBeacon({ m: mapId, v: 1, o: {}, s: [], f: 0, r: 0 });

const record = async (id: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.map(id) }))).Item?.counting as
    CountingRecord | undefined;

describe('days a map was not counted', () => {
  it('reports the days before a map was made Professional today as not counted, and today as counted', async () => {
    const user = await createUser();
    const id = await createPublishedMap({ title: 'Just upgraded', mapData: documentWith(1) }, user);
    const made = await record(id);
    expect(made?.periods).toEqual([]);
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 5 }, await adminUser());
    await call('setMapState', { id, state: 3 }, user);
    expect((await record(id))?.periods).toEqual([{ from: expect.any(String) }]);
    expect(await visit(id)).toBe(204);

    const today = dayOf(new Date());
    const from = dayOf(new Date(Date.now() - 29 * 86_400_000));
    const report = await call<MapAnalytics>('getMapAnalytics', { id, from, to: today }, user);
    expect(report.counting).toEqual({
      since: today,
      notCounted: daysInRange(from, today).slice(0, -1),
      notRecorded: [],
    });
    expect(report.totals.views).toBe(1);
  });

  it('closes the period when the map stops being Professional, and opens another when it is again', async () => {
    const user = await createUser();
    const id = await createPublishedMap({ title: 'Lapsing', mapData: documentWith(1) }, user);
    await call('setUserSlots', { uid: user.uid, basic: 5, pro: 5 }, await adminUser());
    await call('setMapState', { id, state: 3 }, user);
    await call('setMapState', { id, state: 1 }, user);
    // An administrator's move goes through the same state change.
    await call('adminUpdateMap', { id, fields: { state: 3 } }, await adminUser());
    const periods = (await record(id))!.periods;
    expect(periods).toHaveLength(2);
    expect(periods[0]!.to).toEqual(expect.any(String));
    expect(periods[1]!.to).toBeUndefined();
    expect(Date.parse(periods[0]!.to!)).toBeLessThanOrEqual(Date.parse(periods[1]!.from));
  });

  it('closes the period when the map lapses for want of a slot, and opens one when it is restored', async () => {
    const user = await createUser();
    const admin = await adminUser();
    const id = await createPublishedMap({ title: 'Out of slots', mapData: documentWith(1) }, user);
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, admin);
    await call('setMapState', { id, state: 3 }, user);
    // Slots reduced by an administrator: billing sends the map back to test.
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 0 }, admin);
    const lapsed = (await record(id))!.periods;
    expect(lapsed).toEqual([{ from: expect.any(String), to: expect.any(String) }]);
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, admin);
    await call('restoreLapsedMaps', {}, user);
    const periods = (await record(id))!.periods;
    expect(periods).toHaveLength(2);
    expect(periods[0]).toEqual(lapsed[0]);
    expect(periods[1]!.to).toBeUndefined();
  });
});
