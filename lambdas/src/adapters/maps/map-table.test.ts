/**
 * The maps table's transactions, against a mocked DynamoDB client: which cancellation reason (by item position)
 * becomes which domain error, and that anything else is rethrown untouched.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MapNotFoundError, MapVersionConflictError, SlotLimitError } from '../../lib/errors';
import { mapTable, type HistoryItem, type MapItem } from './map-table';

const ddb = mockClient(DynamoDBDocumentClient);
// The unit project shares a module cache per worker: the next file there gets the real client's send back.
afterAll(() => ddb.restore());
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const failNext = (err: Error) => ddb.on(TransactWriteCommand).rejects(err);

beforeEach(() => {
  ddb.reset();
  process.env.TABLE_NAME = 'mapnest-test';
  process.env.AWS_REGION = 'us-east-1';
});

const created = '2026-11-01T10:00:00.000Z';
const map = (fields: Partial<MapItem> = {}): MapItem => ({
  id: 'AbCdEfGhIjKlMnOpQrSt',
  title: 'Mall',
  uid: 'u1',
  author: 'u1',
  created,
  edited: created,
  state: 0,
  metrics: { layerCount: 1, locationCount: 0 },
  subscribed: false,
  version: 1,
  docKey: 'maps/v1.json',
  previewUrl: null,
  ...fields,
});
const entry = (version: number): HistoryItem => ({
  mapId: 'AbCdEfGhIjKlMnOpQrSt',
  version,
  docKey: `maps/v${version}.json`,
  name: null,
  created,
  title: 'Mall',
  metrics: { layerCount: 1, locationCount: 0 },
  kind: version === 1 ? 'create' : 'save',
  restoredFrom: null,
});
const commit = () =>
  mapTable.commitVersion({
    id: 'AbCdEfGhIjKlMnOpQrSt',
    baseVersion: 1,
    entry: entry(2),
    title: 'Mall',
    edited: created,
    previewUrl: null,
    base: { docKey: 'maps/v1.json', title: 'Mall', edited: created },
    docHash: 'hash-of-v2',
  });

describe('map table: create', () => {
  it('refuses a test map past the free limit as a slot limit (the slot counter is the third item)', async () => {
    failNext(cancelled('None', 'None', 'ConditionalCheckFailed'));
    const err = await mapTable.create(map(), entry(1), { enforceLimits: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SlotLimitError);
    expect(err).toMatchObject({ code: 'resource-exhausted', details: { slot: 'test' } });
  });

  it('reports a taken id as a plain error, and rethrows anything else', async () => {
    failNext(cancelled('ConditionalCheckFailed', 'None', 'None'));
    await expect(mapTable.create(map(), entry(1), { enforceLimits: true })).rejects.toThrow(
      'map id AbCdEfGhIjKlMnOpQrSt is already taken',
    );
    ddb.reset();
    failNext(new Error('boom'));
    await expect(mapTable.create(map(), entry(1), { enforceLimits: true })).rejects.toThrow('boom');
  });
});

describe('map table: commitVersion', () => {
  it('answers a lost race with the current version (409), read after the failed condition', async () => {
    failNext(cancelled('ConditionalCheckFailed', 'None'));
    ddb.on(GetCommand).resolves({ Item: { pk: 'MAP#x', sk: 'META', ...map({ version: 5 }) } });
    const err = await commit().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MapVersionConflictError);
    expect(err).toMatchObject({ code: 'aborted', details: { currentVersion: 5 } });
  });

  it('treats a transaction conflict the same way', async () => {
    failNext(cancelled('TransactionConflict', 'None'));
    ddb.on(GetCommand).resolves({ Item: { ...map({ version: 2 }) } });
    await expect(commit()).rejects.toMatchObject({ code: 'aborted', details: { currentVersion: 2 } });
  });

  it('answers not found when the map is gone or being deleted', async () => {
    failNext(cancelled('ConditionalCheckFailed', 'None'));
    ddb.on(GetCommand).resolves({});
    await expect(commit()).rejects.toBeInstanceOf(MapNotFoundError);
    ddb.on(GetCommand).resolves({ Item: { ...map({ deleting: true }) } });
    await expect(commit()).rejects.toBeInstanceOf(MapNotFoundError);
  });

  it('rethrows what it does not understand, without reading the map', async () => {
    failNext(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }));
    await expect(commit()).rejects.toThrow('throttled');
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
  });
});

describe('map table: changeState', () => {
  it('maps the map item failing to a conflict and the slot counter failing to the slot limit of the new state', async () => {
    failNext(cancelled('ConditionalCheckFailed', 'None'));
    await expect(mapTable.changeState(map(), 1, { enforceLimits: true, edited: created })).rejects.toBeInstanceOf(
      MapVersionConflictError,
    );
    ddb.reset();
    failNext(cancelled('None', 'ConditionalCheckFailed'));
    ddb.on(GetCommand).resolves({ Item: { proUsed: 2, proCapacity: 2 } });
    const err = await mapTable.changeState(map(), 3, { enforceLimits: true, edited: created }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SlotLimitError);
    // The plan's capacity goes with the refusal, so it can say "none" or "all in use" (ADR 019).
    expect(err).toMatchObject({ details: { slot: 'pro', capacity: 2 } });
  });
});

describe('map table: lapse', () => {
  it('never lapses a Basic map that is live on its own licence (it holds no slot)', async () => {
    expect(await mapTable.lapse(map({ state: 1, licenseEndsAt: '2031-01-01T00:00:00.000Z' }), created)).toBe(
      'map-changed',
    );
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('says which side moved: the counters (capacity covers use now) or the map', async () => {
    failNext(cancelled('None', 'ConditionalCheckFailed'));
    expect(await mapTable.lapse(map({ state: 1 }), created)).toBe('not-over');
    ddb.reset();
    failNext(cancelled('ConditionalCheckFailed', 'None'));
    expect(await mapTable.lapse(map({ state: 1 }), created)).toBe('map-changed');
    ddb.reset();
    ddb.on(TransactWriteCommand).resolves({});
    expect(await mapTable.lapse(map({ state: 1 }), created)).toBe('lapsed');
  });

  it('keeps the public copy it owes in its own transaction (ADR 047), as changeState does', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const owed = [{ kind: 'publish' as const, mapId: 'AbCdEfGhIjKlMnOpQrSt' }];
    await mapTable.lapse(map({ state: 1 }), created, owed);
    await mapTable.changeState(map({ state: 0 }), 1, { enforceLimits: true, edited: created, owed });
    for (const call of ddb.commandCalls(TransactWriteCommand)) {
      const items = call.args[0].input.TransactItems!;
      expect(items.at(-1)!.Put!.Item).toMatchObject({
        pk: 'FOLLOWUP#publish#AbCdEfGhIjKlMnOpQrSt',
        gsi3pk: 'DUE#follow-up',
        gsi3sk: `${created}#publish#AbCdEfGhIjKlMnOpQrSt`,
      });
    }
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });
});

describe('map table: when a map was Professional (ADR 074)', () => {
  const mapItem = () => ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!;

  it('starts a new map’s record in the write that creates it', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await mapTable.create(map({ state: 3 }), entry(1), { enforceLimits: false });
    expect(mapItem().Put!.Item!.counting).toEqual({ since: created, periods: [{ from: created }] });
  });

  it('opens a period in the write that makes a map Professional, conditioned on the record read', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const record = { since: created, periods: [] };
    const at = '2026-11-30T10:00:00.000Z';
    await mapTable.changeState(map({ state: 1, counting: record }), 3, { enforceLimits: true, edited: at });
    const update = mapItem().Update!;
    expect(update.UpdateExpression).toContain('#cn = :cn');
    expect(update.ExpressionAttributeNames!['#cn']).toBe('counting');
    expect(update.ExpressionAttributeValues![':cn']).toEqual({ since: created, periods: [{ from: at }] });
    expect(update.ConditionExpression).toContain('#cn = :oldCn');
    expect(update.ExpressionAttributeValues![':oldCn']).toEqual(record);
  });

  it('closes the period in the write that lapses a Professional map, starting the record of a map without one', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const promotedAt = '2026-11-20T10:00:00.000Z';
    const at = '2026-11-30T10:00:00.000Z';
    expect(await mapTable.lapse(map({ state: 3, promotedAt }), at)).toBe('lapsed');
    const update = mapItem().Update!;
    expect(update.UpdateExpression).toContain('#cn = :cn');
    expect(update.ConditionExpression).toContain('attribute_not_exists(#cn)');
    expect(update.ExpressionAttributeValues![':cn']).toEqual({
      since: promotedAt,
      periods: [{ from: promotedAt, to: at }],
    });
  });
});
