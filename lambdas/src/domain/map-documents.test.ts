/**
 * Calls that read a map and then one of its stored documents, against mocked DynamoDB and S3 clients: a delete that
 * lands between the two reads (the map marked deleting, its documents gone) is answered like any deleted map (404),
 * a version deleted meanwhile like a version no longer kept, and a document missing for no reason stays a fault.
 */
import { CopyObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '@mapnest/shared/keys';
import { DocumentGoneError, HistoryEntryNotFoundError, MapNotFoundError } from '../lib/errors';
import type { Identity } from '../lib/identity';
import { restoreMapHistory } from './map-history';
import type { Actor } from './maps';
import { publishMap } from './publishing';
import * as maps from './services/maps';

// S3 through the SDK's client, whose answers the mock scripts (s3-api-sdk.fixtures.ts).
vi.mock('../adapters/s3-api', () => import('../adapters/s3-api-sdk.fixtures'));

const ddb = mockClient(DynamoDBDocumentClient);
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
