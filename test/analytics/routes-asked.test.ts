/**
 * The routes visitors ask for, against the stack: a beacon's [from, to, found] entries reach the owner's report as
 * routes asked for and routes not found, also on a day whose item was written before those lists existed.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dayOf, type Beacon, type MapAnalytics } from '@mapnest/shared/analytics';
import { keys } from '@mapnest/shared/keys';
import { dynamo, tableName } from '../helpers/accounts';
import { documentWith } from '../helpers/documents';
import { adminUser, baseUrl, call, createPublishedMap, createUser, type TestUser } from '../helpers/stack';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const send = (body: Beacon): Promise<number> =>
  fetch(`${baseUrl()}/api/beacon`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_UA },
    body: JSON.stringify(body),
  }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

/** A published Professional map whose locations are the route ends these tests ask for (others are not counted). */
async function proMap(user: TestUser): Promise<string> {
  const doc = documentWith(4);
  ['entrance', 'lift-a', 'cafe', 'roof'].forEach((id, i) => (doc.locations[i]!.id = id));
  const id = await createPublishedMap({ title: 'Routed', mapData: doc }, user);
  await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
  await call('setMapState', { id, state: 3 }, user);
  return id;
}

const today = () => dayOf(new Date());
const report = (id: string, user: TestUser) =>
  call<MapAnalytics>('getMapAnalytics', { id, from: today(), to: today() }, user);

describe('routes asked for', () => {
  it('are reported by their ends, with those that found no route', async () => {
    const user = await createUser();
    const id = await proMap(user);
    const beacon = (p: Beacon['p']): Beacon => ({ m: id, v: 1, o: {}, s: [], f: 0, r: p?.length ?? 0, p });
    expect(await send(beacon([['entrance', 'lift-a', true]]))).toBe(204);
    expect(
      await send(
        beacon([
          ['entrance', 'lift-a', true],
          ['cafe', 'roof', false],
        ]),
      ),
    ).toBe(204);
    // An embed from before the field sends none: still counted as before.
    expect(await send({ m: id, v: 1, o: {}, s: [], f: 0, r: 1 })).toBe(204);
    const a = await report(id, user);
    expect(a.totals.routes).toBe(4);
    expect(a.topRoutes).toEqual([
      { key: 'entrance>lift-a', count: 2 },
      { key: 'cafe>roof', count: 1 },
    ]);
    expect(a.failedRoutes).toEqual([{ key: 'cafe>roof', count: 1 }]);
    // A route whose ends are not location ids is refused with its beacon, and changes nothing.
    expect(await send(beacon([['a>b', 'c', true]]))).toBe(400);
    expect((await report(id, user)).totals.routes).toBe(4);
  });

  it('are added to a day written before the route lists existed', async () => {
    const user = await createUser();
    const id = await proMap(user);
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.analytics(id, today()),
          type: 'analytics-day',
          mapId: id,
          day: today(),
          views: 5,
          opens: 0,
          searches: 0,
          searchesEmpty: 0,
          filters: 0,
          routes: 0,
          loc: {},
          q: {},
          qn: {},
        },
      }),
    );
    expect(await send({ m: id, v: 1, o: {}, s: [], f: 0, r: 1, p: [['cafe', 'roof', false]] })).toBe(204);
    const a = await report(id, user);
    expect(a.totals.views).toBe(6);
    expect(a.topRoutes).toEqual([{ key: 'cafe>roof', count: 1 }]);
    expect(a.failedRoutes).toEqual([{ key: 'cafe>roof', count: 1 }]);
  });
});
