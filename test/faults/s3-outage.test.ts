/**
 * S3 answering 503 ServiceUnavailable to every request for a while (a regional S3 event), on a stack of this test's
 * own: each call answers the truth meanwhile ("Nothing was changed" only when nothing was), visitors get a server
 * error they may retry (never "not found"), and once S3 is back the retried save is kept once, nothing is half-kept,
 * and a map deleted during the outage is wholly gone after its owed follow-up runs. The figures go to
 * docs/reliability.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@mapnest/shared/errors';
import type { Stack } from '../../scripts/local/stack';
import { documentWith } from '../helpers/documents';
import { ownStackCall, ownStackUser } from '../helpers/own-stack';

let stack: Stack;
let dataDir: string;

/** A signed-in user of this test's own stack. */
const signedUpUser = () => ownStackUser(stack);
const call = (token: string, name: string, data: unknown) => ownStackCall(stack, token, name, data);

const publicCopy = (id: string) => fetch(`${stack.url}/data/maps/${id}.json`);
const unavailable = { status: 503, body: { error: { status: 'UNAVAILABLE', message: MESSAGES.unavailable } } };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mapnest-s3-outage-'));
  const { startStack } = await import('../../scripts/local/stack');
  stack = await startStack({ port: 0, dataDir });
}, 120_000);

afterAll(async () => {
  stack?.s3.outage(false);
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('S3 unavailable for a while', () => {
  it('answers the truth meanwhile, and keeps nothing half-done once it is back', async () => {
    const token = await signedUpUser();
    const [kept, deleted] = [
      (await call(token, 'createMap', { title: 'Kept' })).body.data as string,
      (await call(token, 'createMap', { title: 'Deleted' })).body.data as string,
    ];
    for (const id of [kept, deleted]) {
      expect((await call(token, 'saveMap', { id, baseVersion: 1, mapData: documentWith(2) })).status).toBe(200);
      expect((await call(token, 'publishMap', { id, version: 2 })).status).toBe(200);
    }
    await stack.settled();
    expect((await publicCopy(deleted)).status).toBe(200);

    stack.s3.outage(true);
    const health = await fetch(`${stack.url}/api/health`);
    expect(health.status).toBe(503);
    expect((await health.json()).dependencies).toMatchObject({
      table: 'ok',
      documentsBucket: 'down',
      publicBucket: 'down',
      uploadsBucket: 'down',
    });
    const saveId = randomUUID();
    const save = { id: kept, baseVersion: 2, mapData: documentWith(3), saveId };
    expect(await call(token, 'saveMap', save)).toMatchObject(unavailable);
    expect(await call(token, 'publishMap', { id: kept, version: 1 })).toMatchObject(unavailable);
    expect(await call(token, 'createMap', { title: 'Third' })).toMatchObject({ status: 503 });
    // A visitor's download fails as a server error, which the viewer tries again; never as a map that is gone.
    const down = await publicCopy(kept);
    expect(down.status).toBe(503);
    expect(await down.text()).toContain('<Code>ServiceUnavailable</Code>');
    // A delete stands once the map is marked: it is gone from its author's list, and the rest of it is owed.
    expect(await call(token, 'deleteMap', { id: deleted })).toMatchObject({ status: 200 });
    expect((await call(token, 'getMap', { id: deleted })).status).toBe(404);
    const listed = await call(token, 'listMaps', {});
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(deleted);
    // A kept version deleted: gone from the history, its document's removal owed.
    const first = (await call(token, 'getMap', { id: kept })).body.data.history.find(
      (h: { version: number }) => h.version === 1,
    );
    expect(await call(token, 'deleteMapHistory', { mapId: kept, historyMapId: first.historyMapId })).toMatchObject({
      status: 200,
    });
    // Taken offline in the table, its public copy not removed yet: said as it is, not as "Nothing was changed".
    expect(await call(token, 'unpublishMap', { id: kept })).toMatchObject({
      status: 503,
      body: { error: { status: 'UNAVAILABLE', message: MESSAGES.unpublishCopyOwed, details: { committed: true } } },
    });
    // The table's stream tries what is owed at once, and fails while S3 is down.
    await stack.settled();
    expect((await call(token, 'getMap', { id: deleted })).status).toBe(404);

    stack.s3.outage(false);
    expect((await fetch(`${stack.url}/api/health`)).status).toBe(200);
    // The editor's retry of the refused save, with its save id: kept once, as the next version.
    const retried = await call(token, 'saveMap', save);
    expect(retried.status).toBe(200);
    expect(retried.body.data.version).toBe(3);
    const map = (await call(token, 'getMap', { id: kept })).body.data;
    expect(map.map).toMatchObject({ version: 3, publishedVersion: null });
    expect(map.history.map((h: { version: number }) => h.version)).toEqual([3, 2]);
    const doc = await (await fetch(map.documentUrl)).json();
    expect(doc.locations).toHaveLength(3);
    expect((await call(token, 'createMap', { title: 'Third' })).status).toBe(429);

    // What was owed: the deleted map's rest (public copy, documents, slot), the deleted version's document and the
    // offline map's public copy. Their tries during the outage failed, so the sweep (hourly) does them; the slot is
    // given back with the deleted map: a new test map fits again.
    // Until then visitors still get the published copy of the map taken offline.
    expect(await (await publicCopy(kept)).json()).toMatchObject({ id: kept, version: 2 });
    const { retryFollowUps } = await import('../../lambdas/src/domain/follow-ups');
    const { followUpRunner } = await import('../../lambdas/src/domain/services/follow-ups');
    expect(await retryFollowUps(followUpRunner, new Date(Date.now() + 3_600_000 + 60_000))).toMatchObject({
      done: 3,
      failed: 0,
    });
    expect((await publicCopy(deleted)).status).toBe(404);
    expect(await (await publicCopy(kept)).json()).toMatchObject({ id: kept, offline: true, version: 0 });
    expect((await call(token, 'createMap', { title: 'Third' })).status).toBe(200);
  }, 120_000);
});
