/**
 * A map's analytics days in its own time zone (docs/adr/072-analytics-time-zone.md), through the gateway: the owner
 * sets the zone, beacons count on the zone's day, the report's range ends at the zone's today, and a zone the server
 * does not know, or someone else's map, is refused with nothing changed. Kiritimati (UTC+14) and Pago Pago (UTC-11)
 * are 25 hours apart, so their days always differ, and at least one differs from the UTC day, whenever this runs.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dayOf, type MapAnalytics } from '@mapnest/shared/analytics';
import { keys } from '@mapnest/shared/keys';
import type { MapSummary, MapWithDocument } from '@mapnest/shared/maps';
import { dynamo, tableName } from '../helpers/accounts';
import { documentWith } from '../helpers/documents';
import { sendBeacon } from '../helpers/beacons';
import { adminUser, call, createPublishedMap, createUser, rawCall, type TestUser } from '../helpers/stack';

const AHEAD = 'Pacific/Kiritimati';
const BEHIND = 'Pacific/Pago_Pago';

const visit = (mapId: string) => sendBeacon({ m: mapId, v: 1, o: {}, s: [], f: 1, r: 0 });

async function professionalMap(user: TestUser): Promise<string> {
  const id = await createPublishedMap({ title: 'Zoned', mapData: documentWith(1) }, user);
  await call('setUserSlots', { uid: user.uid, basic: 0, pro: 5 }, await adminUser());
  await call('setMapState', { id, state: 3 }, user);
  return id;
}

const storedDay = async (id: string, day: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.analytics(id, day) }))).Item;
const zoneOf = async (id: string, user: TestUser) => (await call<MapWithDocument>('getMap', { id }, user)).map;

describe('analytics time zone', () => {
  it('counts each map’s visits on its own zone’s day, and reports days up to that zone’s today', async () => {
    const user = await createUser();
    const ahead = await professionalMap(user);
    const behind = await professionalMap(user);
    const before = new Date();
    const set = await call<MapSummary>('setMapAnalyticsZone', { id: ahead, zone: AHEAD }, user);
    expect(set.analyticsZone).toBe(AHEAD);
    expect(set.analyticsZoneChange).toMatchObject({ from: 'UTC' });
    expect(Date.parse(set.analyticsZoneChange!.at)).toBeGreaterThanOrEqual(before.getTime() - 1000);
    await call('setMapAnalyticsZone', { id: behind, zone: BEHIND }, user);
    expect((await zoneOf(behind, user)).analyticsZone).toBe(BEHIND);

    expect(await visit(ahead)).toBe(204);
    expect(await visit(behind)).toBe(204);
    const [aheadDay, behindDay] = [dayOf(new Date(), AHEAD), dayOf(new Date(), BEHIND)];
    expect(aheadDay).not.toBe(behindDay);
    // Each visit is on its map's own day, and on no other.
    expect((await storedDay(ahead, aheadDay))?.views).toBe(1);
    expect(await storedDay(ahead, behindDay)).toBeUndefined();
    expect((await storedDay(behind, behindDay))?.views).toBe(1);
    expect(await storedDay(behind, aheadDay)).toBeUndefined();

    const report = await call<MapAnalytics>('getMapAnalytics', { id: ahead, from: aheadDay, to: aheadDay }, user);
    expect(report).toMatchObject({ timeZone: AHEAD, totals: { views: 1, filters: 1 } });
    // The day after Pago Pago's today is already today in Kiritimati, not yet there.
    const refused = await rawCall(
      'getMapAnalytics',
      { id: behind, from: behindDay, to: aheadDay },
      { token: user.token },
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(`must not be after today (${behindDay}, ${BEHIND})`);
  });

  it('refuses a zone the server does not know, and another user’s map, and changes nothing', async () => {
    const user = await createUser();
    const id = await createPublishedMap({ title: 'Zoned', mapData: documentWith(1) }, user);
    const unknown = await rawCall('setMapAnalyticsZone', { id, zone: 'Mars/Olympus' }, { token: user.token });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Unknown time zone');
    const other = await createUser();
    const theirs = await rawCall('setMapAnalyticsZone', { id, zone: 'Europe/Paris' }, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(await zoneOf(id, user)).toMatchObject({ analyticsZone: 'UTC', analyticsZoneChange: null });
    // An administrator may set it, as for the owner.
    await call('setMapAnalyticsZone', { id, zone: 'Europe/Paris' }, await adminUser());
    expect((await zoneOf(id, user)).analyticsZone).toBe('Europe/Paris');
  });
});
