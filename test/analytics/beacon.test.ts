/**
 * The analytics beacon through the gateway: a visit's beacon counts the published map's locations and no others,
 * a map that is not Professional records nothing, bad requests change nothing. Everything here comes from one client
 * address (the test runner's), which may have 60 beacons a minute recorded; concurrent beacons from many visitors and
 * floods (from one address, and for one map from many) are in test/faults/beacon-flood.test.ts, which gives each
 * beacon its own client address.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, dayOf, type Beacon, type MapAnalytics } from '@mapnest/shared/analytics';
import { keys } from '@mapnest/shared/keys';
import { BEACON_REFUSALS } from '@mapnest/lambdas/http/beacon';
import { dynamo, tableName } from '../helpers/accounts';
import { documentWith } from '../helpers/documents';
import { adminUser, baseUrl, call, createPublishedMap, createUser, rawCall, type TestUser } from '../helpers/stack';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function send(body: unknown, opts: { type?: string; ua?: string } = {}): Promise<number> {
  return fetch(`${baseUrl()}/api/beacon`, {
    method: 'POST',
    headers: { 'content-type': opts.type ?? 'text/plain;charset=UTF-8', 'user-agent': opts.ua ?? BROWSER_UA },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });
}

const beacon = (m: string, extra: Partial<Beacon> = {}): Beacon => ({ m, v: 1, o: {}, s: [], f: 0, r: 0, ...extra });

async function mapWithState(user: TestUser, state: 0 | 3): Promise<string> {
  const id = await createPublishedMap({ title: 'Counted', mapData: documentWith(3) }, user);
  if (state === 3) {
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 5 }, await adminUser());
    await call('setMapState', { id, state: 3 }, user);
  }
  return id;
}

const today = () => dayOf(new Date());
const report = (id: string, user: TestUser) =>
  call<MapAnalytics>('getMapAnalytics', { id, from: today(), to: today() }, user);

describe('analytics beacon', () => {
  it('counts a visit’s opens of the published map’s locations, and no made-up ones', async () => {
    const user = await createUser();
    const id = await mapWithState(user, 3);
    const [a, b] = documentWith(3).locations.map((l) => l.id);
    expect(await send(beacon(id, { o: { [a!]: 2, [b!]: 1, 'made-up': 20 }, s: [['  Coffee ', true]], f: 1 }))).toBe(
      204,
    );
    expect(await send(beacon(id, { v: 0, o: { 'made-up': 20, 'also-made-up': 20 } }))).toBe(204);
    const r = await report(id, user);
    expect(r.totals).toEqual({ views: 1, opens: 3, searches: 1, searchesEmpty: 0, filters: 1, routes: 0 });
    expect(r.topLocations).toEqual([
      { key: a, count: 2 },
      { key: b, count: 1 },
    ]);
    expect(r.topSearches).toEqual([{ key: 'coffee', count: 1 }]);
    // The stored day holds counts only: nothing about who sent them (no IP address, no user agent).
    const item = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.analytics(id, today()) })))
      .Item!;
    expect(Object.keys(item).sort()).toEqual([
      'day',
      'expiresAt',
      'filters',
      'loc',
      'mapId',
      'opens',
      'pk',
      'q',
      'qn',
      'routes',
      'rt',
      'rtn',
      'searches',
      'searchesEmpty',
      'sk',
      'type',
      'views',
    ]);
  });

  it('counts search terms named like object members (constructor, __proto__) like any other', async () => {
    const user = await createUser();
    const id = await mapWithState(user, 3);
    const terms = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
    // The day's first beacon creates its item, the second adds to it: both ways must keep every term.
    expect(await send(beacon(id, { s: terms.map((t) => [t, false]) }))).toBe(204);
    expect(await send(beacon(id, { v: 0, s: terms.map((t) => [t, true]) }))).toBe(204);
    const r = await report(id, user);
    expect(r.totals).toMatchObject({ views: 1, searches: 8, searchesEmpty: 4 });
    const counted = (n: number) =>
      terms
        .map((t) => t.toLowerCase())
        .sort((a, b) => a.localeCompare(b))
        .map((key) => ({ key, count: n }));
    expect(r.topSearches).toEqual(counted(2));
    expect(r.emptySearches).toEqual(counted(1));
  });

  it('counts opens of locations whose ids are named like object members (__proto__, constructor)', async () => {
    const user = await createUser();
    const doc = documentWith(3);
    const ids = ['__proto__', 'constructor', 'toString'];
    doc.locations.forEach((l, i) => (l.id = ids[i]!));
    const id = await createPublishedMap({ title: 'Member ids', mapData: doc }, user);
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 5 }, await adminUser());
    await call('setMapState', { id, state: 3 }, user);
    // As the embed sends it (Object.fromEntries, then JSON): '__proto__' is an id like any other in the text.
    const opens = (counts: number[]) => JSON.stringify(Object.fromEntries(ids.map((k, i) => [k, counts[i]!])));
    const body = (v: number, counts: number[]) => `{"m":"${id}","v":${v},"o":${opens(counts)},"s":[],"f":0,"r":0}`;
    expect(body(1, [1, 1, 1])).toContain('"__proto__":1');
    // The day's first beacon creates its item, the second adds to it: both ways must count every id.
    expect(await send(body(1, [2, 1, 1]))).toBe(204);
    expect(await send(body(0, [3, 1, 0]))).toBe(204);
    const r = await report(id, user);
    expect(r.totals).toMatchObject({ views: 1, opens: 8 });
    expect(r.topLocations).toEqual([
      { key: '__proto__', count: 5 },
      { key: 'constructor', count: 2 },
      { key: 'toString', count: 1 },
    ]);
  });

  it('records nothing for a map that is not Professional, and stores no item for it', async () => {
    const user = await createUser();
    const id = await mapWithState(user, 0);
    expect(await send(beacon(id, { o: { a: 2 }, f: 3 }))).toBe(204);
    const item = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.analytics(id, today()) }));
    expect(item.Item).toBeUndefined();
    const rate = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.beaconRate(id, Math.floor(Date.now() / 60_000)) }),
    );
    expect(rate.Item).toBeUndefined();
    const a = await report(id, user);
    expect(a.pro).toBe(false);
    expect(a.totals.views).toBe(0);
  });

  it('drops bots, refuses bad bodies and wrong content types, and changes nothing for them', async () => {
    const user = await createUser();
    const id = await mapWithState(user, 3);
    expect(
      await send(beacon(id), { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
    ).toBe(204);
    expect(await send(beacon(id), { type: 'application/x-www-form-urlencoded' })).toBe(415);
    expect(await send('{not json')).toBe(400);
    expect(await send(beacon(id, { v: 5 as 1 }))).toBe(400);
    expect(await send({ ...beacon(id), extra: 1 })).toBe(400);
    expect(
      await send(JSON.stringify(beacon(id, { s: [['x'.repeat(200), true]] })) + ' '.repeat(ANALYTICS_LIMITS.bodyBytes)),
    ).toBe(413);
    // Past API Gateway's payload limit the gateway answers 413 before the Lambda (not as if the beacon were empty).
    expect(await send('x'.repeat(11 * 1024 * 1024))).toBe(413);
    // Each refusal says why in a line of text, for a client other than the embed.
    const refused = await fetch(`${baseUrl()}/api/beacon`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': BROWSER_UA },
      body: '{not json',
    });
    expect([refused.status, await refused.text()]).toEqual([400, BEACON_REFUSALS.invalid]);
    expect((await report(id, user)).totals.views).toBe(0);
    // The report is the owner's (or an administrator's): another user learns nothing.
    const other = await createUser();
    expect((await rawCall('getMapAnalytics', { id, from: today(), to: today() }, { token: other.token })).status).toBe(
      404,
    );
    expect(
      (await rawCall('getMapAnalytics', { id, from: today(), to: '2020-01-01' }, { token: user.token })).status,
    ).toBe(400);
  });

  it('deletes a map’s analytics with the map', async () => {
    const user = await createUser();
    const id = await mapWithState(user, 3);
    expect(await send(beacon(id, { f: 2 }))).toBe(204);
    const stored = () => dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.analytics(id, today()) }));
    expect((await stored()).Item).toBeDefined();
    await call('deleteMap', { id }, user);
    expect((await stored()).Item).toBeUndefined();
  });
});
