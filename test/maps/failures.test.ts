/**
 * Failure injection: the maps service runs in this process against the test stack's emulators, with a
 * failure injected into one AWS call at a time. Whatever fails, the map stays readable at its previous
 * version and the caller gets an answer it can retry.
 */
import { MESSAGES } from '@mapnest/shared/errors';
import { S3Client, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi, type MockInstance } from 'vitest';
import type { MiddlewareStack } from '@smithy/types';
import { ORIGIN_SECRET_HEADER } from '@mapnest/lambdas/lib/origin-check';
import { FREE_TEST_MAPS } from '@mapnest/shared/constants';
import { documentWith } from '../helpers/documents';
import { createUser, type TestUser } from '../helpers/stack';

type Maps = typeof import('../../lambdas/src/domain/services/maps');
let maps: Maps;
let clients: typeof import('../../lambdas/src/lib/clients');
let objects: typeof import('../../lambdas/src/adapters/maps/map-objects');
let followUpRunner: (typeof import('../../lambdas/src/domain/services/follow-ups'))['followUpRunner'];
type FollowUps = (typeof import('../../lambdas/src/adapters/follow-ups'))['followUps'];
/**
 * The follow-ups held, through the real adapter. Read from the spy, not the table: another test file's sweep (run an
 * hour ahead, test/maps/follow-ups.test.ts) may do a held check at any moment, and delete it as done.
 */
let hold: MockInstance<FollowUps['hold']>;
let user: TestUser;
let actor: Parameters<Maps['saveMap']>[0];

/** Commands to fail, by name prefix (the document client sends TransactWriteItemsCommand); each entry fails once. */
const failures: string[] = vi.hoisted(() => []);
/** Objects written and deleted through s3-api (the documents and the public bucket), in order. */
const objectWrites: { operation: 'PutObject' | 'DeleteObject'; key: string }[] = vi.hoisted(() => []);

// S3 is reached through adapters/s3-api.ts (ADR 097): its operations fail as the SDK's commands did, before they are
// sent, named as those commands were.
vi.mock('../../lambdas/src/adapters/s3-api', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lambdas/src/adapters/s3-api')>();
  const s3Send: typeof real.s3Send = (operation, input, options) => {
    if (operation === 'PutObject' || operation === 'DeleteObject')
      objectWrites.push({ operation, key: String((input as { Key?: unknown }).Key) });
    const at = failures.findIndex((f) => `${operation}Command`.startsWith(f));
    if (at < 0) return real.s3Send(operation, input, options);
    failures.splice(at, 1);
    return Promise.reject(
      Object.assign(new Error(`injected failure of ${operation}Command`), {
        name: 'ServiceUnavailable',
        $metadata: { httpStatusCode: 503 },
      }),
    );
  };
  return { ...real, s3Send };
});
/** Commands whose answer is lost once after the service has done them (a reset connection); the SDK sends them again. */
const lostAnswers: string[] = [];
/** Commands that fail once after the service has done them, in a way the SDK does not retry (the caller must learn). */
const failedAfterDone: string[] = [];

function inject_(stack: MiddlewareStack<object, object>) {
  stack.add(
    (next, context) => async (args) => {
      const name = (context as { commandName?: string }).commandName ?? '';
      const at = failures.findIndex((f) => name.startsWith(f));
      if (at >= 0) {
        failures.splice(at, 1);
        throw Object.assign(new Error(`injected failure of ${name}`), {
          name: 'ServiceUnavailable',
          $metadata: { httpStatusCode: 503 },
        });
      }
      return next(args);
    },
    { step: 'initialize', name: 'failureInjection' },
  );
  // Inside the SDK's retries (deserialize runs within finalizeRequest's retry loop): the request is sent and done.
  stack.add(
    (next, context) => async (args) => {
      const name = (context as { commandName?: string }).commandName ?? '';
      const result = await next(args);
      const at = lostAnswers.findIndex((f) => name.startsWith(f));
      if (at >= 0) {
        lostAnswers.splice(at, 1);
        throw Object.assign(new Error(`injected lost answer of ${name}`), { code: 'ECONNRESET' });
      }
      const after = failedAfterDone.findIndex((f) => name.startsWith(f));
      if (after >= 0) {
        failedAfterDone.splice(after, 1);
        throw Object.assign(new Error(`injected failure after ${name} was done`), { name: 'UnknownError' });
      }
      return result;
    },
    { step: 'deserialize', name: 'lostAnswerInjection' },
  );
}

beforeAll(async () => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
  // The stack project shares one module cache per worker (isolate: false): a file run before this one in the same
  // worker may have loaded the real s3-api, which `vi.mock` cannot replace once loaded. Emptying the cache first makes
  // the imports below load the services afresh, over the mocked s3-api, whichever files ran before.
  vi.resetModules();
  clients = await import('../../lambdas/src/lib/clients');
  maps = await import('../../lambdas/src/domain/services/maps');
  objects = await import('../../lambdas/src/adapters/maps/map-objects');
  ({ followUpRunner } = await import('../../lambdas/src/domain/services/follow-ups'));
  hold = vi.spyOn((await import('../../lambdas/src/adapters/follow-ups')).followUps, 'hold');
  inject_(clients.dynamo.middlewareStack as unknown as MiddlewareStack<object, object>);
  user = await createUser();
  actor = {
    identity: { uid: user.uid, email: user.email, emailVerified: true, name: '', admin: false },
    subject: user.uid,
  };
});

// The stack project shares a module cache per worker: the next file in it gets the adapter back as it was.
afterAll(() => hold?.mockRestore());

afterEach(() => {
  failures.length = 0;
  lostAnswers.length = 0;
  failedAfterDone.length = 0;
});

async function currentDocument(id: string) {
  const { map, documentUrl } = await maps.getMap(actor, id);
  const doc = (await (await fetch(documentUrl)).json()) as { locations: unknown[] };
  return { version: map.version, locations: doc.locations.length };
}

/** The check held for the document `key` (the work asked for), and when the table has it due. */
async function heldCheck(key: string) {
  const at = hold.mock.calls.findIndex(([work]) => work.kind === 'unmade-document' && work.key === key);
  if (at < 0) return null;
  const stored = await hold.mock.results[at]!.value;
  return { work: hold.mock.calls[at]![0], id: stored.id, dueAt: Date.parse(stored.dueKey.split('#')[0]!) };
}

async function documentKeys(id: string): Promise<string[]> {
  const out = await new S3Client({ forcePathStyle: true }).send(
    new ListObjectsV2Command({ Bucket: process.env.DOCUMENTS_BUCKET, Prefix: `maps/${id}/` }),
  );
  return (out.Contents ?? []).map((o) => o.Key!);
}

describe('failure injection in the maps service', () => {
  it('keeps the previous version when storing the document fails', async () => {
    const id = await maps.createMap(actor, { title: 'S3 down', mapData: documentWith(2) });
    failures.push('PutObjectCommand');
    await expect(maps.saveMap(actor, { id, baseVersion: 1, mapData: documentWith(5) })).rejects.toThrow(/injected/);
    expect(await currentDocument(id)).toEqual({ version: 1, locations: 2 });
    // The retry succeeds.
    await maps.saveMap(actor, { id, baseVersion: 1, mapData: documentWith(5) });
    expect(await currentDocument(id)).toEqual({ version: 2, locations: 5 });
    await maps.deleteMap(actor, id);
  });

  it('answers a commit whose outcome cannot be known "unknown, retry", never "nothing was changed"', async () => {
    const id = await maps.createMap(actor, { title: 'DynamoDB down', mapData: documentWith(2) });
    objectWrites.length = 0;
    // The commit fails with a dependency error: whether it was done cannot be known from the error.
    failures.push('TransactWrite');
    const saveId = 'save-unknown-1';
    const attempt = maps.saveMap(actor, { id, baseVersion: 1, mapData: documentWith(7), saveId });
    await expect(attempt).rejects.toMatchObject({ code: 'unavailable', details: { outcome: 'unknown' } });
    await expect(attempt).rejects.not.toThrow(/Nothing was changed/);
    expect(await currentDocument(id)).toEqual({ version: 1, locations: 2 });
    // The retry with the same save id saves it, once.
    expect((await maps.saveMap(actor, { id, baseVersion: 1, mapData: documentWith(7), saveId })).version).toBe(2);
    expect((await maps.saveMap(actor, { id, baseVersion: 1, mapData: documentWith(7), saveId })).version).toBe(2);
    expect(await currentDocument(id)).toEqual({ version: 2, locations: 7 });
    // The failed try's document stayed, and its check was held: an hour on, it goes (the retry stored its own).
    const [tried, saved] = objectWrites.filter((w) => w.operation === 'PutObject' && w.key.startsWith(`maps/${id}/v`));
    expect(objectWrites.filter((w) => w.operation === 'DeleteObject')).toEqual([]);
    expect((await heldCheck(tried!.key))?.work).toEqual({
      kind: 'unmade-document',
      mapId: id,
      version: 2,
      key: tried!.key,
    });
    await followUpRunner.dropUnmadeDocument(id, 2, tried!.key);
    await followUpRunner.dropUnmadeDocument(id, 2, saved!.key);
    expect(await documentKeys(id)).not.toContain(tried!.key);
    expect(await currentDocument(id)).toEqual({ version: 2, locations: 7 });
    await maps.deleteMap(actor, id);
  });

  it('answers a committed save with its version when the commit reports a failure after it was done', async () => {
    const id = await maps.createMap(actor, { title: 'Done, then failed', mapData: documentWith(2) });
    failedAfterDone.push('TransactWrite');
    const saveId = 'save-after-done-1';
    const saved = await maps.saveMap(actor, { id, baseVersion: 1, mapData: documentWith(4), saveId });
    expect(failedAfterDone).toEqual([]);
    expect(saved.version).toBe(2);
    // The committed version keeps its document, and a retry of the same save is answered with the same outcome.
    expect(await currentDocument(id)).toEqual({ version: 2, locations: 4 });
    const again = await maps.saveMap(actor, { id, baseVersion: 1, mapData: documentWith(4), saveId });
    expect({ version: again.version, entry: again.entry.version }).toEqual({ version: 2, entry: 2 });
    expect((await maps.getMap(actor, id)).history.map((h) => h.version)).toEqual([2, 1]);
    // A different save on the old base is still a conflict.
    await expect(
      maps.saveMap(actor, { id, baseVersion: 1, mapData: documentWith(5), saveId: 'save-after-done-2' }),
    ).rejects.toMatchObject({ code: 'aborted' });
    expect(await currentDocument(id)).toEqual({ version: 2, locations: 4 });
    await maps.deleteMap(actor, id);
  });

  it('answers a new map made when its write reports a failure after it was done, its document kept', async () => {
    failedAfterDone.push('TransactWrite');
    const id = await maps.createMap(actor, { title: 'Made, then failed', mapData: documentWith(3) });
    expect(failedAfterDone).toEqual([]);
    expect(await currentDocument(id)).toEqual({ version: 1, locations: 3 });
    expect((await maps.listMaps(actor)).filter((m) => m.title === 'Made, then failed').map((m) => m.id)).toEqual([id]);
    await maps.deleteMap(actor, id);
  });

  it("answers a new map's failed write with its error and keeps its document, the write's outcome unknown", async () => {
    // A write that failed without a refusal may still land: its document stays, as a failed save's does, and a
    // follow-up held for an hour deletes it then unless the map was made with it.
    failures.push('TransactWrite');
    const before = new Set((await maps.listMaps(actor)).map((m) => m.id));
    objectWrites.length = 0;
    await expect(maps.createMap(actor, { title: 'Not made', mapData: documentWith(2) })).rejects.toThrow(/injected/);
    expect((await maps.listMaps(actor)).filter((m) => !before.has(m.id))).toEqual([]);
    const document = objectWrites.find((w) => w.operation === 'PutObject' && w.key.startsWith('maps/'))!;
    expect(document).toBeDefined();
    expect(objectWrites.filter((w) => w.operation === 'DeleteObject')).toEqual([]);
    const held = await heldCheck(document.key);
    expect(held?.work).toEqual({
      kind: 'unmade-document',
      mapId: document.key.split('/')[1],
      version: 1,
      key: document.key,
    });
    // Kept in the table under the document's own id, due in an hour.
    expect(held?.id).toBe(`document#${document.key}`);
    expect(held?.dueAt).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  it("deletes, an hour on, the document of a new map never made, and keeps a made map's", async () => {
    const made = await maps.createMap(actor, { title: 'Made', mapData: documentWith(1) });
    const [madeKey] = await documentKeys(made);
    await followUpRunner.dropUnmadeDocument(made, 1, madeKey!);
    expect(await documentKeys(made)).toEqual([madeKey]);
    await maps.deleteMap(actor, made);

    const unmade = 'NeverMadeMap' + Date.now().toString(36).padStart(8, '0');
    const key = `maps/${unmade}/v00000001-lost.json`;
    await new S3Client({ forcePathStyle: true }).send(
      new PutObjectCommand({ Bucket: process.env.DOCUMENTS_BUCKET, Key: key, Body: '{}' }),
    );
    expect(await documentKeys(unmade)).toEqual([key]);
    await followUpRunner.dropUnmadeDocument(unmade, 1, key);
    expect(await documentKeys(unmade)).toEqual([]);
    // Done again (a second sweep, or the map deleted meanwhile with its documents): a document gone is no error.
    await expect(followUpRunner.dropUnmadeDocument(unmade, 1, key)).resolves.toBeUndefined();
  });

  it("deletes a new map's document when its write is refused", async () => {
    const refused = await createUser();
    const refusedActor = { ...actor, identity: { ...actor.identity, uid: refused.uid }, subject: refused.uid };
    for (let i = 0; i < FREE_TEST_MAPS; i++) await maps.createMap(refusedActor, { title: `Test map ${i + 1}` });
    objectWrites.length = 0;
    await expect(maps.createMap(refusedActor, { title: 'One too many' })).rejects.toMatchObject({
      code: 'resource-exhausted',
    });
    const document = objectWrites.find((w) => w.operation === 'PutObject' && w.key.startsWith('maps/'));
    expect(objectWrites).toContainEqual({ operation: 'DeleteObject', key: document?.key });
  });

  it('saves once when the answer to the commit is lost and the SDK sends the commit again', async () => {
    // The transaction's idempotency token (ClientRequestToken, made once per command) makes the repeat a no-op that
    // succeeds; without it the repeat would find the new version and the author would be told of a conflict with
    // their own save.
    const id = await maps.createMap(actor, { title: 'Lost answer', mapData: documentWith(2) });
    lostAnswers.push('TransactWrite');
    const saved = await maps.saveMap(actor, { id, baseVersion: 1, mapData: documentWith(4) });
    expect(lostAnswers).toEqual([]);
    expect(saved.version).toBe(2);
    expect(await currentDocument(id)).toEqual({ version: 2, locations: 4 });
    expect(saved.history?.map((h) => h.version)).toEqual([2, 1]);
    await maps.deleteMap(actor, id);
  });

  it('answers a dependency failure with 503 UNAVAILABLE through the call preset', async () => {
    const { handler } = await import('../../lambdas/src/calls/save-map');
    const { lambdaContext } = await import('../../scripts/local/lambda/lambda-runtime');
    const id = await maps.createMap(actor, { title: 'Via handler', mapData: documentWith(1) });
    failures.push('PutObjectCommand');
    const event = {
      version: '2.0',
      routeKey: 'POST /api/fn/saveMap',
      rawPath: '/api/fn/saveMap',
      rawQueryString: '',
      // As API Gateway hands it on from CloudFront: with the secret origin header the calls check.
      headers: { 'content-type': 'application/json', [ORIGIN_SECRET_HEADER]: inject('stackEnv').ORIGIN_SECRETS },
      requestContext: {
        http: { method: 'POST' },
        requestId: 'test',
        authorizer: { jwt: { claims: { sub: user.uid, email: user.email, token_use: 'id' }, scopes: null } },
      },
      body: JSON.stringify({ data: { id, baseVersion: 1, mapData: documentWith(3) } }),
      isBase64Encoded: false,
    };
    const result = (await handler(event as never, lambdaContext('saveMap'))) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body).error.status).toBe('UNAVAILABLE');
    expect(await currentDocument(id)).toEqual({ version: 1, locations: 1 });
    await maps.deleteMap(actor, id);
  });

  it('stands by a delete that failed half-way, and finishes it from what the mark owed, leaving nothing behind', async () => {
    const id = await maps.createMap(actor, { title: 'Half deleted', mapData: documentWith(2) });
    await maps.saveMap(actor, { id, baseVersion: 1, mapData: documentWith(3) });
    failures.push('DeleteObjectsCommand');
    // Answered as done (ADR 114): the map is marked, gone for its author, and the rest is owed.
    await expect(maps.deleteMap(actor, id)).resolves.toBeNull();
    await expect(maps.getMap(actor, id)).rejects.toMatchObject({ code: 'not-found' });
    expect((await maps.listMaps(actor)).map((m) => m.id)).not.toContain(id);
    // The owed rest, made due at once, is finished by the table's stream (the injected failure was one request).
    const { mapTable } = await import('../../lambdas/src/adapters/maps/map-table');
    await expect.poll(() => mapTable.get(id), { timeout: 15_000 }).toBeNull();
    expect(await documentKeys(id)).toEqual([]);
    expect(await objects.mapObjects.publishedState(id)).toBeNull();
    expect(await mapTable.history(id)).toEqual([]);
  });

  it('answers a publication committed without its public copy as published with the copy owed, never as unchanged', async () => {
    const id = await maps.createMap(actor, { title: 'Published, copy owed', mapData: documentWith(2) });
    const { publishMap } = await import('../../lambdas/src/domain/publishing');
    // The public copy's write fails after the publication is committed.
    failures.push('PutObject');
    await expect(publishMap(actor, { id, version: 1 })).rejects.toMatchObject({
      code: 'unavailable',
      message: MESSAGES.publishCopyOwed,
      details: { committed: true },
    });
    expect((await maps.getMap(actor, id)).map.publishedVersion).toBe(1);
    // The copy kept as owed is written by the table's stream within seconds.
    await expect
      .poll(async () => (await objects.mapObjects.publishedState(id))?.version, {
        timeout: 15_000,
      })
      .toBe(1);
    await maps.deleteMap(actor, id);
  });

  it('answers a save stored whose history cannot be read back as saved, without the history, never as unchanged', async () => {
    const id = await maps.createMap(actor, { title: 'Saved, history unread', mapData: documentWith(2) });
    // After the commit: the pruning's read of the history fails, then the read of it for the answer.
    failures.push('Query', 'Query');
    const saved = await maps.saveMap(actor, { id, baseVersion: 1, mapData: documentWith(3), saveId: 'unread-1' });
    expect(failures).toEqual([]);
    expect({ version: saved.version, entry: saved.entry.version, map: saved.map.version }).toEqual({
      version: 2,
      entry: 2,
      map: 2,
    });
    expect(saved.history).toBeUndefined();
    // A retry of it after a lost answer is answered the same way.
    failures.push('Query', 'Query');
    const again = await maps.saveMap(actor, { id, baseVersion: 1, mapData: documentWith(3), saveId: 'unread-1' });
    expect(failures).toEqual([]);
    expect({ version: again.version, history: again.history }).toEqual({ version: 2, history: undefined });
    expect(await currentDocument(id)).toEqual({ version: 2, locations: 3 });
    await maps.deleteMap(actor, id);
  });

  it('answers a publication stored whose map cannot be read back as done, with the map as published', async () => {
    const id = await maps.createMap(actor, { title: 'Published, unread', mapData: documentWith(2) });
    const { publishMap, unpublishMap } = await import('../../lambdas/src/domain/publishing');
    // After the publication and its copy: the read of the history for the answer fails.
    failures.push('Query');
    const published = await publishMap(actor, { id, version: 1 });
    expect(failures).toEqual([]);
    expect(published.history).toBeUndefined();
    expect(published.map).toMatchObject({ publishedVersion: 1, publication: 'published', published: true });
    failures.push('Query');
    const offline = await unpublishMap(actor, { id });
    expect(failures).toEqual([]);
    expect(offline.history).toBeUndefined();
    expect(offline.map).toMatchObject({ publishedVersion: null, publication: 'offline', published: false });
    expect((await maps.getMap(actor, id)).map).toMatchObject({ publishedVersion: null, publication: 'offline' });
    await maps.deleteMap(actor, id);
  });

  it('makes an account’s deletion wait for each map wholly: a failed step is thrown, and the retry resumes it', async () => {
    const id = await maps.createMap(actor, { title: 'Strictly deleted', mapData: documentWith(2) });
    failures.push('DeleteObjectsCommand');
    await expect(maps.deleteMap(actor, id, { strict: true })).rejects.toThrow(/injected/);
    await expect(maps.getMap(actor, id)).rejects.toMatchObject({ code: 'not-found' });
  });
});
