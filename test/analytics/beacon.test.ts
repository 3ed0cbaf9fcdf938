/**
 * The analytics beacon against the stack: concurrent beacons lose no count, a flood for a map stops at its
 * per-minute limit, a map that is not Professional records nothing, and bad requests change nothing.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, dayOf, type Beacon, type MapAnalytics } from '@mapnest/shared/analytics';
import { keys } from '@mapnest/shared/keys';
import { dynamo, tableName } from '../helpers/accounts';
import { documentWith } from '../helpers/documents';
import { adminUser, baseUrl, call, createUser, rawCall, type TestUser } from '../helpers/stack';

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
  const id = await call<string>('createMap', { title: 'Counted', mapData: documentWith(3) }, user);
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
  it('counts 50 concurrent beacons for a Professional map without losing one', async () => {
    const user = await createUser();
    const id = await mapWithState(user, 3);
    const loc = documentWith(3).locations[0]!.id;
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(
          beacon(id, {
            o: { [loc]: 1 },
            s: [[i % 2 ? '  Coffee ' : 'pharmacy', i % 2 === 1]],
            f: 1,
            r: i % 5 === 0 ? 1 : 0,
          }),
        ),
      ),
    );
    expect(
      statuses.every((s) => s === 204),
      statuses.join(','),
    ).toBe(true);

    const a = await report(id, user);
    expect(a.pro).toBe(true);
    expect(a.totals).toEqual({ views: 50, opens: 50, searches: 50, searchesEmpty: 25, filters: 50, routes: 10 });
    expect(a.days).toEqual([
      { day: today(), views: 50, opens: 50, searches: 50, searchesEmpty: 25, filters: 50, routes: 10 },
    ]);
    expect(a.topLocations).toEqual([{ key: loc, count: 50 }]);
    // Terms are trimmed and lowercased; 'pharmacy' found nothing.
    expect(a.topSearches).toEqual([
      { key: 'coffee', count: 25 },
      { key: 'pharmacy', count: 25 },
    ]);
    expect(a.emptySearches).toEqual([{ key: 'pharmacy', count: 25 }]);
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
  }, 60_000);

  it('stops a flood of beacons for a map at its per-minute limit: refused beacons count nothing', async () => {
    const user = await createUser();
    const id = await mapWithState(user, 3);
    const cap = ANALYTICS_LIMITS.beaconsPerMapMinute;
    // Start early in a minute, so the flood almost always falls within one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 50));
    const started = Math.floor(Date.now() / 60_000);
    const statuses: number[] = [];
    for (let sent = 0; sent < cap + 40; sent += 40) {
      statuses.push(...(await Promise.all(Array.from({ length: 40 }, () => send(beacon(id, { f: 1 }))))));
    }
    const minutes = Math.floor(Date.now() / 60_000) - started + 1;
    const accepted = statuses.filter((s) => s === 204).length;
    expect(statuses.filter((s) => s !== 204 && s !== 429)).toEqual([]);
    // Within one minute exactly the cap passes; a run that crosses into the next minute may pass up to the cap again.
    if (minutes === 1) {
      expect(accepted).toBe(cap);
      expect(statuses.filter((s) => s === 429)).toHaveLength(statuses.length - cap);
    } else expect(accepted).toBeLessThanOrEqual(cap * minutes);
    const a = await report(id, user);
    expect(a.totals.views).toBe(accepted);
    expect(a.totals.filters).toBe(accepted);
  }, 120_000);

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
