/**
 * A flood of saves (a hostile client once sent 184 saves of 1 MB in 15 s from one account, each a stored version and
 * a history entry): one account may write 120 versions a minute (and 1,800 an hour), saves and restores together, and
 * make 60 new maps a minute (and 600 a day), created and duplicated together. Past that the answer is 429 with
 * Retry-After and the project's message for being limited, and nothing is written; other accounts are not limited.
 * The editor's save queue, given that very answer, waits as long as asked and saves, without giving up.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@mapnest/shared/errors';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { MAP_VERSION_LIMITS, NEW_MAP_LIMITS } from '@mapnest/lambdas/domain/abuse-limits';
import { createCallClient } from '../../web/src/lib/call';
import { updateLocation } from '../../web/src/features/editor/actions/locations';
import { memoryBackup } from '../../web/src/features/editor/save/local-backup';
import { createSaveController, saveMessage, type SaveInput } from '../../web/src/features/editor/save/save-controller';
import { createEditorStore } from '../../web/src/features/editor/store';
import { buckets, s3 } from '../helpers/accounts';
import { documentWith } from '../helpers/documents';
import { call, createUser, rawCall, type RawAnswer, type TestUser } from '../helpers/stack';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Waits, when the minute has less than `seconds` left, for the next: the limits count in windows of whole minutes
 * (sliding over the previous one), so a flood inside one minute meets the limit at exactly its count.
 */
async function minuteWithRoom(seconds: number): Promise<void> {
  const into = (Date.now() / 1000) % 60;
  if (into > 60 - seconds) await new Promise((r) => setTimeout(r, (60 - into + 0.5) * 1000));
}

/** Saves sent at once in each round of the flood. */
const FLOOD_ROUND = 20;

async function documentKeys(mapId: string): Promise<string[]> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: buckets().documents, Prefix: `maps/${mapId}/` }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

/** What a refused write must leave as it was: the version, the history and the stored documents. */
async function snapshot(id: string, user: TestUser) {
  const { map, history } = await call<MapWithDocument>('getMap', { id }, user);
  return { version: map.version, history: history.map((h) => h.version), documents: await documentKeys(id) };
}

type ErrorBody = { error?: { status: string; message: string; details?: { retryAfterSeconds?: number } } };

/** A refusal for being limited: 429, Retry-After in whole seconds (at most a minute), the project's message. */
function expectLimited(answer: RawAnswer): number {
  const { error } = answer.body as ErrorBody;
  expect([answer.status, error?.status, error?.message]).toEqual([429, 'RESOURCE_EXHAUSTED', MESSAGES.tooManyAttempts]);
  const wait = Number(answer.headers.get('retry-after'));
  expect(Number.isInteger(wait) && wait >= 1 && wait <= 60, `Retry-After: ${wait}`).toBe(true);
  expect(error?.details).toEqual({ retryAfterSeconds: wait });
  return wait;
}

describe('a flood of saves from one account', () => {
  let refused: RawAnswer;

  it(`takes ${MAP_VERSION_LIMITS.perMinute} saves a minute, sent at once or not, and refuses the rest with 429 and Retry-After`, async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Flooded', mapData: documentWith(1) }, user);
    await minuteWithRoom(15);
    const started = Date.now();
    let version = 1;
    const statuses: number[] = [];
    // In rounds of saves sent at once on one base, as a hostile client would: one of each round is stored, the others
    // are refused as changed elsewhere, and every one counts, to exactly the limit (the counter's writes are atomic).
    for (let sent = 0; sent < MAP_VERSION_LIMITS.perMinute; sent += FLOOD_ROUND) {
      const round = Math.min(FLOOD_ROUND, MAP_VERSION_LIMITS.perMinute - sent);
      const base = version;
      const answers = await Promise.all(
        Array.from({ length: round }, (_, j) =>
          rawCall('saveMap', { id, baseVersion: base, mapData: documentWith(2 + ((sent + j) % 5)) }, user),
        ),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 200)
          version = Math.max(version, (answer.body as { data: { version: number } }).data.version);
      }
    }
    const took = Date.now() - started;
    const stored = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(stored).toBe(MAP_VERSION_LIMITS.perMinute / FLOOD_ROUND);
    const before = await snapshot(id, user);
    expect(before.version).toBe(stored + 1);
    // Past the limit: refused before anything is read or written, saves and restores alike.
    refused = await rawCall('saveMap', { id, baseVersion: version, mapData: documentWith(9) }, user);
    expectLimited(refused);
    const restoreId = 'flood-restore-1';
    const restored = await rawCall('restoreMapHistory', { mapId: id, historyMapId: 'v00000001', restoreId }, user);
    expectLimited(restored);
    expect(await snapshot(id, user)).toEqual(before);
    console.info(
      `[faults] save flood: ${MAP_VERSION_LIMITS.perMinute} saves in ${took} ms (${stored} stored, the rest changed elsewhere), then 429 (Retry-After ${refused.headers.get('retry-after')} s)`,
    );

    // Another account saves as usual meanwhile.
    const other = await createUser();
    const theirs = await call<string>('createMap', { title: 'Not flooded' }, other);
    expect((await rawCall('saveMap', { id: theirs, baseVersion: 1, mapData: documentWith(3) }, other)).status).toBe(
      200,
    );
  }, 120_000);

  it('the editor, answered that 429, waits as long as it asks and then saves, without giving up', async () => {
    expect(refused?.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    // The answer exactly as the server sent it, read by the app's own call client.
    const answered = createCallClient({
      fetch: async () =>
        new Response(JSON.stringify(refused.body), {
          status: refused.status,
          headers: { 'content-type': 'application/json', 'retry-after': refused.headers.get('retry-after')! },
        }),
    });
    vi.useFakeTimers();
    const doc = blankDocument();
    doc.locations = [{ id: 'shop', title: 'Shop', coord: [0.5, 0.5] }];
    const server = { version: 1, limited: true, saves: [] as SaveInput[], doc: doc as MapDocument };
    const store = createEditorStore(doc);
    const ctl = createSaveController({
      store,
      mapId: 'm1',
      version: 1,
      save: async (input) => {
        server.saves.push(input);
        // Limited: the call client throws the error it reads from the answer.
        if (server.limited) await answered('saveMap', input);
        server.version++;
        server.doc = input.mapData;
        return { version: server.version };
      },
      currentVersion: async () => server.version,
      fetchCurrent: async () => ({ doc: server.doc, version: server.version }),
      onRemote: () => undefined,
      backup: memoryBackup(),
      isOnline: () => true,
    });
    store.dispatch(updateLocation, { id: 'shop', patch: { title: 'Shop A' } });
    await ctl.saveNow();
    expect(ctl.getState()).toMatchObject({ status: 'error', version: 1 });
    expect(saveMessage(ctl.getState())).toBe(
      `Too many requests to the server; your changes are kept in this browser. Retrying in ${wait} s.`,
    );
    // Still limited after each wait: it keeps trying, as long as each answer asks, and never stops.
    await vi.advanceTimersByTimeAsync(wait * 1000 - 100);
    expect(server.saves).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(server.saves.length).toBeGreaterThan(5);
    expect(ctl.getState().message).not.toContain('Saving stopped');
    server.limited = false;
    await vi.advanceTimersByTimeAsync(wait * 1000 + 60_000);
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 2 });
    expect(server.doc.locations[0]!.title).toBe('Shop A');
    // Every attempt was the author's edit on the version it was made on, and it was stored once.
    expect(new Set(server.saves.map((s) => s.baseVersion))).toEqual(new Set([1]));
    expect(server.version).toBe(2);
    ctl.dispose();
  });
});

describe('a flood of new maps from one account', () => {
  it(`makes ${NEW_MAP_LIMITS.perMinute} maps a minute, created and duplicated together, and refuses the rest`, async () => {
    const user = await createUser();
    await minuteWithRoom(10);
    const first = await call<string>('createMap', { title: 'First' }, user);
    // Sent at once. A free account holds two test maps: exactly one more is made, the rest are refused for want of a
    // slot, and all count.
    const answers = await Promise.all(
      Array.from({ length: NEW_MAP_LIMITS.perMinute - 1 }, (_, i) =>
        rawCall(i % 2 ? 'duplicateMap' : 'createMap', i % 2 ? { id: first } : { title: 'More' }, user),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // A refusal for want of a slot is also a 429, with its own message (below).
    expect(answers.filter((a) => a.status !== 200 && a.status !== 429)).toEqual([]);
    for (const a of answers) expect((a.body as ErrorBody).error?.message).not.toBe(MESSAGES.tooManyAttempts);
    const listed = async () => (await call<Array<{ id: string }>>('listMaps', null, user)).length;
    expect(await listed()).toBe(2);
    expectLimited(await rawCall('createMap', { title: 'One more' }, user));
    expectLimited(await rawCall('duplicateMap', { id: first }, user));
    expect(await listed()).toBe(2);
  }, 60_000);
});
