/**
 * Map analytics days in the map's own time zone (docs/adr/072-analytics-time-zone.md), against an in-memory table and
 * published copy behind the adapters' own commands: a beacon counts on its day in the map's zone, a report's range
 * ends at the zone's today, and setting the zone records what it replaced.
 */
import { QueryCommand as RawQueryCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Beacon } from '@mapnest/shared/analytics';
import { MapState } from '@mapnest/shared/constants';
import { keys } from '@mapnest/shared/keys';
import type { MapItem } from '../adapters/maps/map-items';
import type { Identity } from '../lib/identity';

// S3 through the SDK's client, whose answers the mock scripts (s3-api-sdk.fixtures.ts).
vi.mock('../adapters/s3-api', () => import('../adapters/s3-api-sdk.fixtures'));
// A module an earlier file of this worker loaded keeps the real adapter (one module cache per worker): the modules
// under test are loaded afresh, after the mock (docs/adr/032-parallel-tests.md).
vi.resetModules();
const { getMapAnalytics, receiveBeacon, setMapAnalyticsZone } = await import('./analytics');

const ddb = mockClient(DynamoDBDocumentClient);
// The unit project shares a module cache per worker: the next file there gets the real client's send back.
afterAll(() => ddb.restore());
const s3 = mockClient(S3Client);
const OWNER: Identity = { uid: 'owner-1', email: 'o@example.com', emailVerified: true, name: 'O', admin: false };
const OTHER: Identity = { ...OWNER, uid: 'other-1' };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** The map items in the table, by map id. */
let stored: Map<string, Record<string, unknown>>;
/** The days beacons were added to, as `{mapId}/{day}`. */
let counted: string[];
/** Zone writes, and the zone another write sets just before the next one (a change made elsewhere meanwhile). */
let zoneWrites: number;
let changedMeanwhile: string | null;

function aMap(id: string, fields: Partial<MapItem> = {}): Record<string, unknown> {
  return {
    ...keys.map(id),
    id,
    title: 'Counted',
    uid: OWNER.uid,
    author: OWNER.uid,
    created: '2026-01-01T00:00:00.000Z',
    edited: '2026-01-01T00:00:00.000Z',
    state: MapState.PRO,
    metrics: { layerCount: 1, locationCount: 1 },
    subscribed: true,
    version: 1,
    docKey: `maps/${id}/v00000001.json`,
    previewUrl: null,
    ...fields,
  };
}

function update(input: {
  Key: { pk: string; sk: string };
  ConditionExpression?: string;
  ExpressionAttributeValues: Record<string, unknown>;
}) {
  if (input.Key.sk.startsWith('STATS#')) counted.push(`${input.Key.pk.slice(4)}/${input.Key.sk.slice(6)}`);
  const values = input.ExpressionAttributeValues;
  if (!(':zone' in values)) return {};
  zoneWrites++;
  const item = stored.get(input.Key.pk.slice(4))!;
  if (changedMeanwhile) {
    item.analyticsZone = changedMeanwhile;
    changedMeanwhile = null;
  }
  if ((item.analyticsZone ?? 'UTC') !== values[':previous'])
    throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
  Object.assign(item, { analyticsZone: values[':zone'], analyticsZoneChange: values[':change'] });
  return {};
}

beforeEach(() => {
  vi.stubEnv('TABLE_NAME', 'mapnest-test');
  vi.stubEnv('PUBLIC_BUCKET', 'public');
  vi.stubEnv('AWS_REGION', 'us-east-1');
  stored = new Map();
  counted = [];
  zoneWrites = 0;
  changedMeanwhile = null;
  ddb.reset();
  s3.reset();
  ddb.on(GetCommand).callsFake((input: { Key: { pk: string } }) => ({ Item: stored.get(input.Key.pk.slice(4)) }));
  ddb.on(UpdateCommand).callsFake(update);
  ddb.on(RawQueryCommand).resolves({ Items: [] });
  const published = JSON.stringify({ document: { locations: [{ id: 'shop' }] } });
  s3.on(GetObjectCommand).resolves({
    Body: { transformToByteArray: async () => new TextEncoder().encode(published) },
  } as never);
});

/** A visit's beacon for `mapId`, sent at `at` (each test uses a map id of its own: the map's state is cached). */
const visit = (mapId: string, at: string) =>
  receiveBeacon(
    {
      body: JSON.stringify({ m: mapId, v: 1, o: { shop: 1 }, s: [], f: 0, r: 0 } satisfies Beacon),
      userAgent: BROWSER,
      client: '',
    },
    new Date(at),
  );

describe('analytics days in the map’s time zone', () => {
  it('counts a beacon at 01:30 UTC for a New York map on the previous New York day', async () => {
    stored.set('nyEvening', aMap('nyEvening', { analyticsZone: 'America/New_York' }));
    expect(await visit('nyEvening', '2026-11-30T01:30:00Z')).toEqual({ outcome: 'recorded' });
    expect(counted).toEqual(['nyEvening/2026-11-29']);
  });

  it('counts a map that never chose a zone on the UTC day, as before', async () => {
    stored.set('utcEvening', aMap('utcEvening'));
    expect(await visit('utcEvening', '2026-11-30T01:30:00Z')).toEqual({ outcome: 'recorded' });
    expect(counted).toEqual(['utcEvening/2026-11-30']);
  });

  it('refuses a report ending after the zone’s today, and answers one ending on it with the zone and its change', async () => {
    const change = { at: '2026-11-20T12:00:00.000Z', from: 'UTC', day: '2026-11-20', until: '2026-11-20' };
    stored.set('nyReport', aMap('nyReport', { analyticsZone: 'America/New_York', analyticsZoneChange: change }));
    const at = new Date('2026-11-30T01:30:00Z');
    const late = getMapAnalytics(OWNER, { id: 'nyReport', from: '2026-11-01', to: '2026-11-30' }, at);
    await expect(late).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'The end date must not be after today (2026-11-29, America/New_York).',
    });
    expect(ddb.commandCalls(RawQueryCommand)).toHaveLength(0);
    const report = await getMapAnalytics(OWNER, { id: 'nyReport', from: '2026-11-01', to: '2026-11-29' }, at);
    expect(report).toMatchObject({ timeZone: 'America/New_York', zoneChange: change, to: '2026-11-29' });
  });

  it('sets a zone with the change it makes, and leaves the same zone again alone', async () => {
    const at = new Date('2026-11-30T01:30:00Z');
    stored.set('setZone', aMap('setZone'));
    const set = await setMapAnalyticsZone(OWNER, { id: 'setZone', zone: 'America/New_York' }, at);
    const change = { at: '2026-11-30T01:30:00.000Z', from: 'UTC', day: '2026-11-29', until: '2026-11-30' };
    expect(set).toMatchObject({ analyticsZone: 'America/New_York', analyticsZoneChange: change });
    expect(stored.get('setZone')).toMatchObject({ analyticsZone: 'America/New_York', analyticsZoneChange: change });
    await setMapAnalyticsZone(OWNER, { id: 'setZone', zone: 'America/New_York' }, at);
    expect(zoneWrites).toBe(1);
  });

  it('records the zone a change made meanwhile set as the one it replaced', async () => {
    stored.set('raced', aMap('raced'));
    changedMeanwhile = 'Europe/Paris';
    const after = await setMapAnalyticsZone(OWNER, { id: 'raced', zone: 'Asia/Tokyo' });
    expect(zoneWrites).toBe(2);
    expect(after.analyticsZoneChange?.from).toBe('Europe/Paris');
    expect(stored.get('raced')).toMatchObject({ analyticsZone: 'Asia/Tokyo' });
  });

  it('changes nothing on another user’s map, and lets an administrator change it', async () => {
    stored.set('theirs', aMap('theirs'));
    await expect(setMapAnalyticsZone(OTHER, { id: 'theirs', zone: 'Asia/Tokyo' })).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(zoneWrites).toBe(0);
    await setMapAnalyticsZone({ ...OTHER, admin: true }, { id: 'theirs', zone: 'Asia/Tokyo' });
    expect(stored.get('theirs')).toMatchObject({ analyticsZone: 'Asia/Tokyo' });
  });
});

describe('the days a report could not count (ADR 074)', () => {
  it('reports the days before a map became Professional as not counted, and counts the day it did', async () => {
    const madePro = '2026-11-29T10:00:00.000Z';
    const counting = { since: '2026-01-01T00:00:00.000Z', periods: [{ from: madePro }] };
    stored.set('justPro', aMap('justPro', { counting, promotedAt: madePro }));
    ddb.on(RawQueryCommand).resolves({
      Items: [{ day: { S: '2026-11-30' }, views: { N: '2' } }],
    });
    const at = new Date('2026-11-30T12:00:00Z');
    const report = await getMapAnalytics(OWNER, { id: 'justPro', from: '2026-11-27', to: '2026-11-30' }, at);
    expect(report.counting).toEqual({ since: '2026-11-29', notCounted: ['2026-11-27', '2026-11-28'], notRecorded: [] });
    expect(report.totals.views).toBe(2);
  });

  it('reports a map Professional since before records from when it last became Professional', async () => {
    stored.set('oldPro', aMap('oldPro', { promotedAt: '2026-11-28T22:00:00.000Z' }));
    const at = new Date('2026-11-30T12:00:00Z');
    const report = await getMapAnalytics(OWNER, { id: 'oldPro', from: '2026-11-27', to: '2026-11-30' }, at);
    expect(report.counting).toEqual({ since: '2026-11-28', notCounted: [], notRecorded: ['2026-11-27'] });
  });
});
