/**
 * Calls that read a map and then one of its stored documents, against mocked DynamoDB and S3 clients: a delete that
 * lands between the two reads (the map marked deleting, its documents gone) is answered like any deleted map (404),
 * a version deleted meanwhile like a version no longer kept, and a document missing for no reason stays a fault.
 * And the deletion itself, against in-memory stand-ins: marked with the rest owed, finished at once or by the owed
 * follow-up when a step fails.
 */
import { CopyObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '@mapnest/shared/keys';
import type { MapItem } from '../adapters/maps/map-items';
import type { Identity } from '../lib/identity';
import type { DeletionStores } from './map-adapters';
import type { Actor } from './maps';

// S3 through the SDK's client, whose answers the mock scripts (s3-api-sdk.fixtures.ts).
vi.mock('../adapters/s3-api', () => import('../adapters/s3-api-sdk.fixtures'));
// A module an earlier file of this worker loaded keeps the real adapter (one module cache per worker): the modules
// under test are loaded afresh, after the mock (docs/adr/032-parallel-tests.md).
vi.resetModules();
const { DocumentGoneError, HistoryEntryNotFoundError, MapNotFoundError } = await import('../lib/errors');
const { deleteWholeMap, finishOwedDeletion } = await import('./map-deletion');
const { restoreMapHistory } = await import('./map-history');
const { publishMap } = await import('./publishing');
const maps = await import('./services/maps');

const ddb = mockClient(DynamoDBDocumentClient);
// The unit project shares a module cache per worker: the next file there gets the real client's send back.
afterAll(() => ddb.restore());
const s3 = mockClient(S3Client);
const UID = '0f0e0d0c-0b0a-4908-8706-050403020100';
const MAP_ID = 'AbCdEfGhIjKlMnOpQrSt';
const created = '2026-11-01T10:00:00.000Z';
const actor: Actor = { subject: UID, identity: { uid: UID, admin: false } as Identity };

/** The stored map item and its history entries by version; a test changes them to stand for another writer. */
let map: Record<string, unknown> | null;
let history: Map<number, Record<string, unknown>>;

const entry = (version: number) => ({
  ...keys.mapHistory(MAP_ID, version),
  type: 'history',
  mapId: MAP_ID,
  version,
  docKey: `maps/${MAP_ID}/v${version}.json`,
  name: null,
  created,
  title: 'Mall',
  metrics: { layerCount: 1, locationCount: 0 },
  kind: 'save',
  restoredFrom: null,
  size: 100,
});

/** S3 answers that the object is not there, after `meanwhile` (the delete or prune that removed it) has run. */
function missingAfter(meanwhile: () => void) {
  return () => {
    meanwhile();
    throw new NoSuchKey({ message: 'The specified key does not exist.', $metadata: { httpStatusCode: 404 } });
  };
}
const deleted = () => {
  map = { ...map, deleting: true };
};

beforeEach(() => {
  process.env.TABLE_NAME = 'mapnest-test';
  process.env.DOCUMENTS_BUCKET = 'docs';
  process.env.PUBLIC_BUCKET = 'public';
  process.env.AWS_REGION = 'us-east-1';
  process.env.LOG_SILENT = '1';
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
    version: 2,
    docKey: `maps/${MAP_ID}/v2.json`,
    previewUrl: null,
    publishedVersion: 1,
    publishedDocKey: `maps/${MAP_ID}/v1.json`,
    publishedTitle: 'Mall',
    publishedAt: created,
    unpublishedAt: null,
  };
  history = new Map([
    [1, entry(1)],
    [2, entry(2)],
  ]);
  ddb.on(GetCommand).callsFake((input: { Key: { sk: string } }) => {
    if (input.Key.sk === keys.map(MAP_ID).sk) return { Item: map ? structuredClone(map) : undefined };
    const found = [...history.values()].find((h) => h.sk === input.Key.sk);
    return { Item: found ? structuredClone(found) : undefined };
  });
});

const notFound = { code: 'not-found', message: 'This map does not exist, or you do not have access to it.' };

describe('a document read after its map', () => {
  it('publishMap answers not found when the map is deleted between reading it and reading the document', async () => {
    s3.on(GetObjectCommand).callsFake(missingAfter(deleted));
    const publishing = publishMap(actor, { id: MAP_ID, version: 2 });
    await expect(publishing).rejects.toBeInstanceOf(MapNotFoundError);
    await expect(publishing).rejects.toMatchObject(notFound);
  });

  it('publishMap answers "no longer kept" when the version is pruned meanwhile, and a fault when nothing explains it', async () => {
    s3.on(GetObjectCommand).callsFake(missingAfter(() => history.delete(1)));
    await expect(publishMap(actor, { id: MAP_ID, version: 1 })).rejects.toMatchObject({
      code: 'not-found',
      message: 'That version of the map is no longer kept.',
    });
    s3.on(GetObjectCommand).callsFake(missingAfter(() => {}));
    await expect(publishMap(actor, { id: MAP_ID, version: 2 })).rejects.toBeInstanceOf(DocumentGoneError);
  });

  it('restoreMapHistory answers not found when the map is deleted before its version is copied', async () => {
    s3.on(CopyObjectCommand).callsFake(missingAfter(deleted));
    await expect(restoreMapHistory(actor, { mapId: MAP_ID, historyMapId: 'v00000001' })).rejects.toMatchObject(
      notFound,
    );
  });

  it('restoreMapHistory answers not found when the map is deleted before the copy is read', async () => {
    s3.on(CopyObjectCommand).resolves({});
    s3.on(GetObjectCommand).callsFake(missingAfter(deleted));
    await expect(restoreMapHistory(actor, { mapId: MAP_ID, historyMapId: 'v00000001' })).rejects.toMatchObject(
      notFound,
    );
  });

  it('restoreMapHistory answers that the version is gone when it is deleted before it is copied', async () => {
    s3.on(CopyObjectCommand).callsFake(missingAfter(() => history.delete(1)));
    await expect(restoreMapHistory(actor, { mapId: MAP_ID, historyMapId: 'v00000001' })).rejects.toBeInstanceOf(
      HistoryEntryNotFoundError,
    );
  });

  it('duplicateMap answers not found when the map is deleted between reading it and reading its document', async () => {
    s3.on(GetObjectCommand).callsFake(missingAfter(() => (map = null)));
    await expect(maps.duplicateMap(actor, MAP_ID)).rejects.toMatchObject(notFound);
  });
});

/** A map's items and objects in memory, with S3 failing while `s3Down`; `log` lists the steps done, in order. */
function memoryMap() {
  const state = {
    item: { id: MAP_ID, uid: UID, deleting: false } as MapItem | null,
    published: true,
    documents: 3,
    history: [1, 2, 3],
    analyticsDays: 5,
    owed: null as { id: string; dueKey: string } | null,
    s3Down: false,
    log: [] as string[],
  };
  const s3Step = (name: string, work: () => void) => async () => {
    if (state.s3Down)
      throw Object.assign(new Error('Service is unable to handle request.'), { name: 'ServiceUnavailable' });
    work();
    state.log.push(name);
  };
  const a = {
    mapTable: {
      get: async () => (state.item ? { ...state.item } : null),
      markDeleting: async (id: string, _at: Date, dueAt: Date) => {
        state.item = { ...state.item!, deleting: true };
        state.owed = { id: `delete#${id}`, dueKey: `${dueAt.toISOString()}#delete#${id}` };
        state.log.push('mark');
        return state.owed;
      },
      history: async () => state.history.map((version) => ({ version }) as never),
      deleteHistoryEntry: async (entry: { version: number }) => {
        state.history = state.history.filter((v) => v !== entry.version);
      },
      finishDelete: async () => {
        state.item = null;
        state.log.push('finish');
      },
    },
    mapObjects: {
      unpublish: s3Step('unpublish', () => (state.published = false)),
      deleteAllDocuments: s3Step('documents', () => (state.documents = 0)),
    },
    analyticsTable: {
      deleteDays: async () => {
        state.analyticsDays = 0;
      },
    },
    followUps: {
      release: async (held: { id: string; dueKey: string }, at: Date) => {
        state.owed = { id: held.id, dueKey: `${at.toISOString()}#${held.id}` };
        state.log.push('release');
        return true;
      },
      forget: async () => {
        state.owed = null;
        state.log.push('forget');
      },
    },
  } as unknown as DeletionStores;
  return { a, state, map: () => state.item! };
}

describe('deleting a map', () => {
  it('marks it, does the rest at once and forgets what it owed', async () => {
    const { a, state, map } = memoryMap();
    await deleteWholeMap(a, map());
    expect(state.log).toEqual(['mark', 'unpublish', 'documents', 'finish', 'forget']);
    expect(state).toMatchObject({
      item: null,
      published: false,
      documents: 0,
      history: [],
      analyticsDays: 0,
      owed: null,
    });
  });

  it('stands once marked when S3 fails after: the rest is owed at once, and the follow-up finishes it', async () => {
    const { a, state, map } = memoryMap();
    state.s3Down = true;
    const before = Date.now();
    // Answered as done: the map is gone for its author (marked), so "Nothing was changed" would be false.
    await expect(deleteWholeMap(a, map())).resolves.toBeUndefined();
    expect(state.item?.deleting).toBe(true);
    expect(state.published).toBe(true);
    expect(state.log).toEqual(['mark', 'release']);
    // Held for an hour when marked, made due now by the failure, for the stream to try at once.
    expect(Date.parse(state.owed!.dueKey.split('#')[0]!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(state.owed!.dueKey.split('#')[0]!)).toBeLessThan(before + 60_000);
    // The stream's try while S3 is still down fails, so the follow-up stays due.
    await expect(finishOwedDeletion(a, MAP_ID)).rejects.toThrow('Service is unable to handle request.');
    state.s3Down = false;
    await finishOwedDeletion(a, MAP_ID);
    expect(state).toMatchObject({
      item: null,
      published: false,
      documents: 0,
      history: [],
      analyticsDays: 0,
      owed: null,
    });
  });

  it('throws the failure for an account’s deletion (strict), which must not go on, while still owing the rest', async () => {
    const { a, state, map } = memoryMap();
    state.s3Down = true;
    await expect(deleteWholeMap(a, map(), { strict: true })).rejects.toThrow('Service is unable to handle request.');
    expect([state.item?.deleting, state.log]).toEqual([true, ['mark', 'release']]);
    // The account's retry resumes the marked map without marking it again.
    state.s3Down = false;
    await deleteWholeMap(a, { ...map() }, { strict: true });
    expect(state.log).toEqual(['mark', 'release', 'unpublish', 'documents', 'finish', 'forget']);
  });

  it('owes nothing for a map that is gone, and never deletes a map that is not being deleted', async () => {
    const { a, state } = memoryMap();
    await finishOwedDeletion(a, MAP_ID);
    expect(state.log).toEqual([]);
    expect(state.item).not.toBeNull();
    state.item = null;
    await finishOwedDeletion(a, MAP_ID);
    expect(state.log).toEqual([]);
  });
});
