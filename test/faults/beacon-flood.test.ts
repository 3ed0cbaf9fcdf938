/**
 * Forged analytics beacons (docs/adr/025-beacon-abuse.md). One anonymous client sending 1,000 beacons full of made-up
 * location ids and formula-like search terms gets 60 recorded and 429 for the rest, without taking the map's own
 * per-minute slots; only the published map's locations are counted, terms are stored cleaned and the CSV export
 * defuses them; a real visitor's beacon right after is recorded. The map's own limit still holds for beacons from
 * many addresses, and 50 visitors' concurrent beacons lose no count.
 *
 * The handler runs in this process, as Lambda runs it, and each beacon arrives as through CloudFront: from one edge
 * server's address, the visitor's address stamped by the edge. So the flood's client is its own (it does not limit
 * the rest of the suite, all from 127.0.0.1 through the gateway), many visitors are many addresses behind the same
 * edge, and a beacon straight to the API (no origin secret) is refused.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ANALYTICS_LIMITS, analyticsCsv, dayOf, type Beacon, type MapAnalytics } from '@mapnest/shared/analytics';
import { keys } from '@mapnest/shared/keys';
import { ORIGIN_SECRET_HEADER, VIEWER_IP_HEADER } from '@mapnest/lambdas/lib/origin-check';
import { dynamo, tableName } from '../helpers/accounts';
import { documentWith } from '../helpers/documents';
import { adminUser, call, createPublishedMap, createUser, type TestUser } from '../helpers/stack';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

beforeAll(() => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
});

/** One CloudFront edge server's address: in AWS every visitor's request reaches the API from addresses like it. */
const EDGE_ADDRESS = '130.176.1.2';

/**
 * Posts a beacon to the handler as it arrives through CloudFront: from an edge server's address, with the origin
 * secret and the visitor's address `viewerIp` stamped by CloudFront's viewer-request function (ADR 028).
 */
async function sendFrom(viewerIp: string, body: Beacon): Promise<{ status: number; retryAfter?: string }> {
  const { handler } = await import('../../lambdas/src/http/beacon');
  const event = {
    version: '2.0',
    routeKey: 'POST /api/beacon',
    rawPath: '/api/beacon',
    rawQueryString: '',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': BROWSER_UA,
      [ORIGIN_SECRET_HEADER]: inject('stackEnv').ORIGIN_SECRETS,
      [VIEWER_IP_HEADER]: viewerIp,
    },
    requestContext: { http: { method: 'POST', sourceIp: EDGE_ADDRESS }, requestId: randomUUID() },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  };
  const result = await handler(event as never);
  return { status: result.statusCode!, retryAfter: result.headers?.['retry-after'] as string | undefined };
}

async function proMap(user: TestUser): Promise<string> {
  const id = await createPublishedMap({ title: 'Flooded', mapData: documentWith(3) }, user);
  await call('setUserSlots', { uid: user.uid, basic: 0, pro: 5 }, await adminUser());
  await call('setMapState', { id, state: 3 }, user);
  return id;
}

const today = () => dayOf(new Date());
const report = (id: string, user: TestUser) =>
  call<MapAnalytics>('getMapAnalytics', { id, from: today(), to: today() }, user);
const minute = () => Math.floor(Date.now() / 60_000);
const byte = () => Math.floor(Math.random() * 250) + 1;

/**
 * Stops this process's clock at the start of the current minute, so that a flood falls in one of the limits'
 * minutes however long it takes, without waiting for a fresh one: the handler runs here and reads the time from
 * `Date`. Only `Date` stands still; timers and the network run as usual.
 */
function clockAtStartOfMinute(): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(now / 60_000) * 60_000);
}

afterEach(() => {
  vi.useRealTimers();
});

/** The map's recorded beacons per its own per-minute slots, over the minutes from `from` to now. */
async function mapSlotsTaken(id: string, from: number): Promise<number> {
  let taken = 0;
  for (let m = from; m <= minute(); m++) {
    const item = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.beaconRate(id, m) }));
    taken += Number(item.Item?.count ?? 0);
  }
  return taken;
}

describe('a flood of forged beacons', () => {
  it('from one client: 60 recorded, then 429; made-up ids uncounted, terms cleaned, the next visitor counted', async () => {
    const user = await createUser();
    const id = await proMap(user);
    const real = documentWith(3).locations[0]!.id;
    const flooder = `198.51.100.${byte()}`;
    const visitor = `203.0.113.${byte()}`;
    const limit = ANALYTICS_LIMITS.beaconsPerClientMinute;
    const forged = (i: number): Beacon => ({
      m: id,
      v: 1,
      // 50 opens, the most a beacon may carry: one of a real location, 49 of ids the map does not have.
      o: { [real]: 1, [`made-up-${i}-a`]: 20, [`made-up-${i}-b`]: 20, [`made-up-${i}-c`]: 9 },
      s: [
        [`=HYPERLINK("http://evil.example/?${i % 3}")\u0000\r\n`, false],
        ['\u202e  +SUM(1;2)\t\u200b ', true],
      ],
      f: 1,
      r: 1,
      p: [[real, `made-up-${i}`, false]],
    });

    clockAtStartOfMinute();
    const startMinute = minute();
    const started = performance.now();
    const answers: Array<{ status: number; retryAfter?: string }> = [];
    for (let i = 0; i < 1000; i += 10) {
      answers.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => sendFrom(flooder, forged(i + j))))));
    }
    const seconds = (performance.now() - started) / 1000;
    const minutes = minute() - startMinute + 1;
    const accepted = answers.filter((a) => a.status === 204).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status !== 204 && a.status !== 429)).toEqual([]);
    for (const a of refused) expect(Number(a.retryAfter)).toBeGreaterThan(0);
    if (minutes === 1) {
      // Batches of 10 in turn: the first 60 beacons are recorded, every later one refused.
      expect(answers.slice(0, limit).every((a) => a.status === 204)).toBe(true);
      expect(answers.slice(limit).every((a) => a.status === 429)).toBe(true);
    } else {
      // Across a window's edge the sliding window lets the part of the last minute that slid out be used again.
      expect(accepted).toBeGreaterThanOrEqual(limit);
      expect(accepted).toBeLessThanOrEqual(limit + Math.ceil((limit * seconds) / 60) + 1);
    }

    // A real visitor, right after, from another address: recorded.
    const after = await sendFrom(visitor, { m: id, v: 1, o: { [real]: 1 }, s: [['Coffee', true]], f: 0, r: 0 });
    expect(after.status).toBe(204);

    const a = await report(id, user);
    // Only the real location's opens count: one per recorded beacon.
    expect(a.totals).toEqual({
      views: accepted + 1,
      opens: accepted + 1,
      searches: accepted * 2 + 1,
      searchesEmpty: accepted,
      filters: accepted,
      routes: accepted,
    });
    expect(a.topLocations).toEqual([{ key: real, count: accepted + 1 }]);
    expect(a.topRoutes).toEqual([]);
    const stored = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.analytics(id, today()) })))
      .Item!;
    expect(Object.keys(stored.loc)).toEqual([real]);
    // Terms are stored cleaned: no control or invisible characters, at most 40 characters.
    const terms = a.topSearches.map((e) => e.key).sort();
    expect(terms).toEqual([
      '+sum(1;2)',
      '=hyperlink("http://evil.example/?0")',
      '=hyperlink("http://evil.example/?1")',
      '=hyperlink("http://evil.example/?2")',
      'coffee',
    ]);
    // The owner's CSV export defuses them: no cell starts a formula.
    const csv = analyticsCsv(a);
    expect(csv).toContain(`"'=hyperlink(""http://evil.example/?0"")",`);
    expect(csv).toContain(`'+sum(1;2),${accepted}\r\n`);
    expect(csv.split(/\r\n|,/).filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    // Refused beacons took none of the map's slots: the map's minute holds the recorded ones and the visitor's.
    expect(await mapSlotsTaken(id, startMinute)).toBe(accepted + 1);
    console.info(
      `[faults] beacon flood (one client): 1000 beacons in ${seconds.toFixed(1)} s, ${accepted} recorded, ${refused.length} answered 429; counted ${a.totals.views} views and ${a.totals.opens} opens (the flood's 49,000 opens of made-up ids: 0), ${terms.length} distinct terms; the next visitor: ${after.status}`,
    );
  }, 180_000);

  it('for one map from many clients stops at the map’s per-minute limit: refused beacons count nothing', async () => {
    const user = await createUser();
    const id = await proMap(user);
    const cap = ANALYTICS_LIMITS.beaconsPerMapMinute;
    clockAtStartOfMinute();
    const started = minute();
    const answers: Array<{ status: number; retryAfter?: string }> = [];
    // Each beacon from an address of its own, so only the map's limit applies.
    for (let sent = 0; sent < cap + 40; sent += 40) {
      const batch = Array.from({ length: 40 }, (_, i) => sendFrom(`2001:db8::${(sent + i).toString(16)}`, beacon(id)));
      answers.push(...(await Promise.all(batch)));
    }
    const statuses = answers.map((a) => a.status);
    // Refused until the next minute (the clock stands at a minute's start): Retry-After says so.
    for (const a of answers.filter((x) => x.status === 429)) expect(Number(a.retryAfter)).toBe(60);
    const minutes = minute() - started + 1;
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

  it('from 50 visitors at once: every beacon counted, none lost', async () => {
    const user = await createUser();
    const id = await proMap(user);
    const loc = documentWith(3).locations[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        sendFrom(
          `192.0.2.${i + 1}`,
          beacon(id, {
            o: { [loc]: 1 },
            s: [[i % 2 ? '  Coffee ' : 'pharmacy', i % 2 === 1]],
            f: 1,
            r: i % 5 === 0 ? 1 : 0,
          }),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(204));
    const a = await report(id, user);
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
  }, 60_000);

  it('straight to the API, not through CloudFront: refused, whatever address it claims, and nothing counted', async () => {
    const user = await createUser();
    const id = await proMap(user);
    const { handler } = await import('../../lambdas/src/http/beacon');
    const direct = (headers: Record<string, string>) =>
      handler({
        version: '2.0',
        routeKey: 'POST /api/beacon',
        rawPath: '/api/beacon',
        rawQueryString: '',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_UA, ...headers },
        requestContext: { http: { method: 'POST', sourceIp: '198.51.100.77' }, requestId: randomUUID() },
        body: JSON.stringify(beacon(id)),
        isBase64Encoded: false,
      } as never);
    expect((await direct({})).statusCode).toBe(403);
    expect((await direct({ [VIEWER_IP_HEADER]: '192.0.2.200', [ORIGIN_SECRET_HEADER]: 'guess' })).statusCode).toBe(403);
    expect((await report(id, user)).totals.views).toBe(0);
  }, 60_000);
});

function beacon(m: string, extra: Partial<Beacon> = {}): Beacon {
  return { m, v: 1, o: {}, s: [], f: 1, r: 0, ...extra };
}
