/**
 * What one save costs on the server: the saveMap handler runs against mocked DynamoDB and S3 clients that keep a
 * small map in memory, and the test counts what it reads. (The browser side, one call per save, is counted in
 * web/src/features/editor/save-path.test.ts.) Before the call contract was typed, a save was saveMap followed by
 * getMap (2 calls): 1 tombstone read, 3 map item reads, 2 history queries and 1 S3 document read; see ADR 012.
 */
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import { blankDocument } from '@mapnest/shared/map-document';
import { keys } from '@mapnest/shared/keys';
import type { CallEvent } from './lib/callable';

// S3 through the SDK's client, whose answers the mock scripts (s3-api-sdk.fixtures.ts).
vi.mock('./adapters/s3-api', () => import('./adapters/s3-api-sdk.fixtures'));
// A module an earlier file of this worker loaded keeps the real adapter (one module cache per worker): the modules
// under test are loaded afresh, after the mock (docs/adr/032-parallel-tests.md).
vi.resetModules();
const { handler: saveMap } = await import('./calls/save-map');

const ddb = mockClient(DynamoDBDocumentClient);
// The unit project shares a module cache per worker: the next file there gets the real client's send back.
afterAll(() => ddb.restore());
const s3 = mockClient(S3Client);
const UID = '0f0e0d0c-0b0a-4908-8706-050403020100';
const MAP_ID = 'AbCdEfGhIjKlMnOpQrSt';
const created = '2026-11-01T10:00:00.000Z';

/** The stored map: its metadata item and history items, changed by the transactions the handler sends. */
let map: Record<string, unknown>;
let history: Record<string, unknown>[];

beforeEach(() => {
  process.env.TABLE_NAME = 'mapnest-test';
  process.env.DOCUMENTS_BUCKET = 'docs';
  process.env.PUBLIC_BUCKET = 'public';
  process.env.AWS_REGION = 'us-east-1';
  process.env.LOG_SILENT = '1';
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
  ddb.reset();
  s3.reset();
  map = {
    ...keys.map(MAP_ID),
    type: 'map',
    id: MAP_ID,
    title: 'Mall',
    uid: UID,
    author: UID,
    created,
    edited: created,
    state: 1,
    metrics: { layerCount: 1, locationCount: 0 },
    subscribed: true,
    version: 1,
    docKey: 'maps/v1.json',
    previewUrl: null,
  };
  history = [
    {
      ...keys.mapHistory(MAP_ID, 1),
      type: 'history',
      mapId: MAP_ID,
      version: 1,
      docKey: 'maps/v1.json',
      name: null,
      created,
      title: 'Mall',
      metrics: map.metrics,
      kind: 'create',
      restoredFrom: null,
    },
  ];
  ddb.on(BatchGetCommand).resolves({ Responses: { 'mapnest-test': [] } });
  // A rate-limit counter the account has not used yet has no item.
  ddb
    .on(GetCommand)
    .callsFake((input: { Key?: Record<string, unknown> }) =>
      isRateCounter(input) ? {} : { Item: structuredClone(map) },
    );
  ddb.on(UpdateCommand).resolves({});
  ddb.on(QueryCommand).callsFake(() => ({
    Items: structuredClone(history).sort((a, b) => (b.version as number) - (a.version as number)),
  }));
  ddb.on(TransactWriteCommand).callsFake(
    (input: {
      TransactItems: Array<{
        Update?: { ExpressionAttributeValues?: Record<string, unknown> };
        Put?: { Item: Record<string, unknown> };
      }>;
    }) => {
      for (const t of input.TransactItems) {
        if (t.Put?.Item.type === 'history') history.push(t.Put.Item);
        const v = t.Update?.ExpressionAttributeValues ?? {};
        if (typeof v[':v'] === 'number')
          map = {
            ...map,
            version: v[':v'],
            edited: v[':e'] ?? map.edited,
            title: v[':t'] ?? map.title,
            docKey: v[':k'] ?? map.docKey,
          };
      }
      return {};
    },
  );
  s3.on(PutObjectCommand).resolves({});
  s3.on(GetObjectCommand).resolves({
    Body: { transformToString: async () => JSON.stringify(blankDocument()) },
  } as never);
});

const event = (data: unknown): CallEvent => ({
  version: '2.0',
  routeKey: 'POST /api/fn/saveMap',
  rawPath: '/api/fn/saveMap',
  rawQueryString: '',
  isBase64Encoded: false,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ data }),
  requestContext: {
    accountId: '1',
    apiId: 'api',
    domainName: 'example.com',
    domainPrefix: 'example',
    requestId: 'r1',
    routeKey: 'POST /api/fn/saveMap',
    stage: '$default',
    time: '',
    timeEpoch: 0,
    http: { method: 'POST', path: '/api/fn/saveMap', protocol: 'HTTP/1.1', sourceIp: '192.0.2.1', userAgent: 'test' },
    authorizer: {
      principalId: '',
      integrationLatency: 0,
      jwt: { claims: { sub: UID, token_use: 'id', email: 'a@example.com' }, scopes: [] },
    },
  },
});
const context = { awsRequestId: 'r1', getRemainingTimeInMillis: () => 30_000 } as Context;

/** Whether a command's key is a rate-limit counter's (adapters/rate-limits.ts). */
const isRateCounter = (input: { Key?: Record<string, unknown> }) => String(input.Key?.pk).startsWith('RATE#');

const count = () => ({
  tombstoneReads: ddb.commandCalls(BatchGetCommand).length,
  mapReads: ddb.commandCalls(GetCommand).filter((c) => !isRateCounter(c.args[0].input)).length,
  rateLimitReads: ddb.commandCalls(GetCommand).filter((c) => isRateCounter(c.args[0].input)).length,
  rateLimitCounts: ddb.commandCalls(UpdateCommand).filter((c) => isRateCounter(c.args[0].input)).length,
  historyQueries: ddb.commandCalls(QueryCommand).length,
  transactions: ddb.commandCalls(TransactWriteCommand).length,
  documentReads: s3.commandCalls(GetObjectCommand).length,
  objectWrites: s3.commandCalls(PutObjectCommand).length,
});

describe('one save', () => {
  it('costs one call and reads what it must, and no document back from S3', async () => {
    const doc = blankDocument();
    const res = await saveMap(event({ id: MAP_ID, baseVersion: 1, mapData: doc }), context);
    expect(res.statusCode, String(res.body)).toBe(200);
    expect(count()).toEqual({
      tombstoneReads: 1, // the account was not deleted (calls that write)
      mapReads: 2, // the map before the save, and its owner's storage use and quota (ADR 027)
      rateLimitReads: 2, // the account's versions written, the last minute's and the last hour's (abuse-limits.ts)
      rateLimitCounts: 2, // this save counted in both
      historyQueries: 1, // pruning reads the history once, and the answer carries what remains
      transactions: 1,
      documentReads: 0,
      objectWrites: 1, // the new version: a save changes the draft, and visitors keep the published copy (ADR 018)
    });
    const { data } = JSON.parse(String(res.body)) as {
      data: {
        version: number;
        map: { version: number; title: string };
        entry: { historyMapId: string; kind: string };
        history: Array<{ version: number }>;
      };
    };
    expect(data.version).toBe(2);
    expect(data.map).toMatchObject({ id: MAP_ID, version: 2, title: 'Mall' });
    expect(data.entry).toMatchObject({ historyMapId: 'v00000002', version: 2, kind: 'save' });
    expect(data.history.map((h) => h.version)).toEqual([2, 1]);
    const written = s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input);
    expect(written.map((w) => w.Bucket)).not.toContain('public');
    expect((JSON.parse(String(written[0]!.Body)) as { layers: unknown[] }).layers).toEqual(doc.layers);
  });
});
