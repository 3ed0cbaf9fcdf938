/**
 * Requests a hostile or hurried client sends: a save on a version the map never had is bad input, not a change made
 * elsewhere (no merge, nothing changed), while a retried save is still answered with the version it made; and the
 * same state change sent twice at once (a double click on "Go live", two tabs) succeeds for both, moving the map once.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { MapStateValue } from '@mapnest/shared/constants';
import type { MapSummary, MapWithDocument } from '@mapnest/shared/maps';
import { MapStateChangedError, MapVersionConflictError } from '@mapnest/lambdas/lib/errors';
import { buckets, dynamo, s3, tableName } from '../helpers/accounts';
import { documentWith } from '../helpers/documents';
import { adminUser, call, createUser, rawCall, streamSettled, type TestUser } from '../helpers/stack';

/** What a refused save must leave as it was: the version, the history, the stored documents and bytes. */
async function snapshot(id: string, user: TestUser) {
  const { map, history } = await call<MapWithDocument>('getMap', { id }, user);
  const objects = await s3().send(new ListObjectsV2Command({ Bucket: buckets().documents, Prefix: `maps/${id}/` }));
  const slots = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: { pk: `USER#${user.uid}`, sk: 'SLOTS' }, ConsistentRead: true }),
  );
  return {
    version: map.version,
    history: history.map((h) => h.version),
    objects: (objects.Contents ?? []).map((o) => o.Key).sort(),
    storedBytes: slots.Item?.storedBytes as number | undefined,
  };
}

const save = (id: string, baseVersion: number, count: number, user: TestUser, saveId?: string) =>
  rawCall('saveMap', { id, baseVersion, mapData: documentWith(count), ...(saveId ? { saveId } : {}) }, user);

type Answer = { status: number; body: { data?: MapSummary; error?: { status: string; message: string } } };

describe('a save on a version the map never had', () => {
  it('is refused as bad input (400, not the 409 that opens a merge) and changes nothing', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Ahead', mapData: documentWith(1) }, user);
    expect((await save(id, 1, 2, user)).status).toBe(200);
    const before = await snapshot(id, user);
    for (const baseVersion of [3, 50]) {
      const answer = (await save(id, baseVersion, 5, user, `ahead-save-${baseVersion}`)) as Answer;
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: `This save is based on version ${baseVersion} of the map, which it has not reached (it is at version 2). Nothing was changed: save on top of the version you last opened.`,
        details: { baseVersion, currentVersion: 2 },
      });
      expect(answer.body.error?.message).not.toBe(new MapVersionConflictError(2).message);
    }
    expect(await snapshot(id, user)).toEqual(before);
    // A save on the version it has is saved, and one on an older version is still a change made elsewhere.
    expect((await save(id, 2, 3, user)).status).toBe(200);
    const stale = (await save(id, 2, 4, user)) as Answer;
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(new MapVersionConflictError(3).message);
  });

  it('does not stop a retried save from being answered with the version it made, also after later saves', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Retried', mapData: documentWith(1) }, user);
    const first = await call<{ version: number }>(
      'saveMap',
      { id, baseVersion: 1, mapData: documentWith(2), saveId: 'save-one' },
      user,
    );
    const second = await call<{ version: number }>(
      'saveMap',
      { id, baseVersion: 2, mapData: documentWith(3), saveId: 'save-two' },
      user,
    );
    expect([first.version, second.version]).toEqual([2, 3]);
    const before = await snapshot(id, user);
    // Each retry is the save as it was first sent (same base, document and id): its answer, not a conflict.
    const retried = await call<{ version: number }>(
      'saveMap',
      { id, baseVersion: 1, mapData: documentWith(2), saveId: 'save-one' },
      user,
    );
    const again = await call<{ version: number }>(
      'saveMap',
      { id, baseVersion: 2, mapData: documentWith(3), saveId: 'save-two' },
      user,
    );
    expect([retried.version, again.version]).toEqual([2, 3]);
    expect(await snapshot(id, user)).toEqual(before);
  });
});

describe('the same state change sent twice at once', () => {
  /** `n` calls moving the map to `state` at the same moment. */
  const atOnce = async (n: number, id: string, state: MapStateValue, user: TestUser) => {
    const answers = (await Promise.all(
      Array.from({ length: n }, () => rawCall('setMapState', { id, state }, user)),
    )) as Answer[];
    await streamSettled();
    return answers;
  };

  it('succeeds for both with the map in the state asked, and moves it (and its slot) once', async () => {
    const user = await createUser();
    await call('setUserSlots', { uid: user.uid, basic: 1, pro: 0 }, await adminUser());
    const id = await call<string>('createMap', { title: 'Double click' }, user);
    // Several rounds, so the calls meet inside the change (both read the old state) and not only one after the other.
    for (let round = 0; round < 4; round++) {
      for (const state of [1, 0] as const) {
        const answers = await atOnce(3, id, state, user);
        expect(answers.map((a) => [a.status, a.body.error?.message])).toEqual(Array(3).fill([200, undefined]));
        for (const a of answers) expect(a.body.data).toMatchObject({ id, state, subscribed: state === 1 });
        const map = (await call<MapWithDocument>('getMap', { id }, user)).map;
        expect(map.state).toBe(state);
        expect(await call('getSlots', null, user)).toMatchObject({ basicUsed: state === 1 ? 1 : 0 });
      }
    }
  });

  it('refuses a different change made at the same moment with a state change’s message, never the merge’s', async () => {
    const user = await createUser();
    await call('setUserSlots', { uid: user.uid, basic: 1, pro: 1 }, await adminUser());
    const id = await call<string>('createMap', { title: 'Two tabs' }, user);
    for (let round = 0; round < 4; round++) {
      const [live, pro] = (await Promise.all([
        rawCall('setMapState', { id, state: 1 }, user),
        rawCall('setMapState', { id, state: 3 }, user),
      ])) as Answer[];
      await streamSettled();
      const applied: number[] = [];
      for (const [answer, state] of [
        [live!, 1],
        [pro!, 3],
      ] as const) {
        if (answer.status === 200) applied.push(state);
        else expect([answer.status, answer.body.error?.message]).toEqual([409, new MapStateChangedError().message]);
      }
      expect(applied.length).toBeGreaterThan(0);
      const { map } = await call<MapWithDocument>('getMap', { id }, user);
      expect(applied).toContain(map.state);
      await call('setMapState', { id, state: 0 }, user);
    }
  });
});
