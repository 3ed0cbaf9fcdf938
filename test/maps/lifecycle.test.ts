import { describe, expect, it } from 'vitest';
import { adminUser, baseUrl, call, createUser, rawCall } from '../helpers/stack';
import { documentWith } from '../helpers/documents';
import type { HistoryEntry, MapSummary, MapWithDocument, PublishedMap } from '@mapnest/shared/maps';

const errorOf = (body: unknown) =>
  (body as { error: { status: string; message: string; details?: Record<string, unknown> } }).error;

async function published(id: string) {
  const res = await fetch(`${baseUrl()}/data/maps/${id}.json`);
  return {
    status: res.status,
    headers: res.headers,
    body: res.status === 200 ? ((await res.json()) as PublishedMap) : null,
  };
}

describe('test map slots', () => {
  it('creates exactly 2 maps out of 10 parallel createMap calls from a fresh free account', async () => {
    const user = await createUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => rawCall('createMap', { title: `Parallel ${i}` }, { token: user.token })),
    );
    const created = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(created).toHaveLength(2);
    expect(refused).toHaveLength(8);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(errorOf(r.body).status).toBe('RESOURCE_EXHAUSTED');
      expect(errorOf(r.body).message).toContain('buy a map slot');
    }
    const maps = await call<MapSummary[]>('listMaps', null, user);
    expect(maps).toHaveLength(2);
    expect((await call<{ testMaps: number }>('getSlots', null, user)).testMaps).toBe(2);
  });

  it('gives a test slot back when a map is deleted', async () => {
    const user = await createUser();
    const a = await call<string>('createMap', { title: 'A' }, user);
    await call('createMap', { title: 'B' }, user);
    expect((await rawCall('createMap', { title: 'C' }, { token: user.token })).status).toBe(429);
    await call('deleteMap', a, user);
    expect((await rawCall('createMap', { title: 'C' }, { token: user.token })).status).toBe(200);
  });

  it('counts a duplicate against the test slots and keeps the original’s analytics time zone', async () => {
    const user = await createUser();
    const a = await call<string>('createMap', { title: 'Original' }, user);
    await call('setMapAnalyticsZone', { id: a, zone: 'America/New_York' }, user);
    const copy = await call<string>('duplicateMap', { id: a }, user);
    const maps = await call<MapSummary[]>('listMaps', null, user);
    // The copy counts its visits in the original's time zone, with no change of zone of its own to report.
    expect(maps.find((m) => m.id === copy)).toMatchObject({
      title: '[D] Original',
      analyticsZone: 'America/New_York',
      analyticsZoneChange: null,
    });
    expect((await rawCall('duplicateMap', { id: a }, { token: user.token })).status).toBe(429);
  });

  it('lets an administrator hold more than 2 test maps', async () => {
    const admin = await adminUser();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await call<string>('createMap', { title: `Admin ${i}` }, admin));
    expect(new Set(ids).size).toBe(3);
    const listed = await call<MapSummary[]>('listMaps', null, admin);
    for (const id of ids) expect(listed.find((m) => m.id === id)?.state, id).toBe(0);
    for (const id of ids) await call('deleteMap', id, admin);
  });
});

describe('saving', () => {
  it('lets exactly one of several parallel saves from the same base version win, and records every accepted version', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Race' }, user);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        rawCall('saveMap', { id, baseVersion: 1, mapData: documentWith(i + 1) }, { token: user.token }),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(1);
    for (const l of lost) {
      expect(l.status).toBe(409);
      expect(errorOf(l.body)).toMatchObject({ status: 'ABORTED', details: { currentVersion: 2 } });
    }
    const { map, history, documentUrl } = await call<MapWithDocument>('getMap', { id }, user);
    expect(map.version).toBe(2);
    expect(history.map((h) => h.version).sort()).toEqual([1, 2]);
    const doc = await (await fetch(documentUrl)).json();
    const winner = (won[0]!.body as { data: { metrics: { locationCount: number } } }).data.metrics.locationCount;
    expect(doc.locations).toHaveLength(winner);
    expect(map.metrics.locationCount).toBe(winner);
  });

  it('refuses a save from a stale version and keeps the newer work', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Stale' }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(5) }, user);
    const stale = await rawCall('saveMap', { id, baseVersion: 1, mapData: documentWith(1) }, { token: user.token });
    expect(stale.status).toBe(409);
    const { map } = await call<MapWithDocument>('getMap', { id }, user);
    expect(map.metrics.locationCount).toBe(5);
  });

  it('rejects an invalid document with a clear message and changes nothing', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Strict' }, user);
    const bad = documentWith(2);
    bad.locations[1]!.id = bad.locations[0]!.id;
    const answer = await rawCall('saveMap', { id, baseVersion: 1, mapData: bad }, { token: user.token });
    expect(answer.status).toBe(400);
    expect(errorOf(answer.body).message).toMatch(/locations\.1\.id/);
    const { map } = await call<MapWithDocument>('getMap', { id }, user);
    expect(map.version).toBe(1);
  });

  it('rejects a missing or over-long title', async () => {
    const user = await createUser();
    for (const title of ['', '   ', 'x'.repeat(101)]) {
      const answer = await rawCall('createMap', { title }, { token: user.token });
      expect(answer.status).toBe(400);
    }
    expect(await call<MapSummary[]>('listMaps', null, user)).toHaveLength(0);
  });
});

describe('history', () => {
  it('restores an older version as a new version, which can itself be undone', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'History', mapData: documentWith(1) }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(2) }, user);
    await call('saveMap', { id, baseVersion: 2, mapData: documentWith(3) }, user);
    const restored = await call<{ version: number }>(
      'restoreMapHistory',
      { mapId: id, historyMapId: 'v00000001' },
      user,
    );
    expect(restored.version).toBe(4);
    const { map, history, documentUrl } = await call<MapWithDocument>('getMap', { id }, user);
    expect(map.metrics.locationCount).toBe(1);
    expect((await (await fetch(documentUrl)).json()).locations).toHaveLength(1);
    expect(history[0]).toMatchObject({ version: 4, kind: 'restore', restoredFrom: 'v00000001' });
    await call('restoreMapHistory', { mapId: id, historyMapId: 'v00000003' }, user);
    expect((await call<MapWithDocument>('getMap', { id }, user)).map.metrics.locationCount).toBe(3);
  });

  it('answers a retried restore (same restoreId) with its first outcome and makes one version', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Retry', mapData: documentWith(1) }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(2) }, user);
    const input = { mapId: id, historyMapId: 'v00000001', restoreId: 'restore-lost-answer-1' };
    const first = await call<{ version: number; edited: string }>('restoreMapHistory', input, user);
    const retry = await call<{ version: number; edited: string }>('restoreMapHistory', input, user);
    expect(first.version).toBe(3);
    expect(retry).toEqual(first);
    // Two attempts of one restore at once: still one version, and both answered with it.
    const both = { ...input, restoreId: 'restore-lost-answer-2' };
    const [a, b] = await Promise.all([1, 2].map(() => call<{ version: number }>('restoreMapHistory', both, user)));
    expect(a).toEqual(b);
    const { map, history } = await call<MapWithDocument>('getMap', { id }, user);
    expect(map.version).toBe(4);
    expect(history.filter((h) => h.kind === 'restore').map((h) => h.version)).toEqual([4, 3]);
  });

  it('restores once of several restores at once, and tells the others the map changed while restoring', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Restores', mapData: documentWith(1) }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(2) }, user);
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        rawCall(
          'restoreMapHistory',
          { mapId: id, historyMapId: 'v00000001', restoreId: `restore-at-once-${n}` },
          { token: user.token },
        ),
      ),
    );
    const refused = answers.filter((a) => a.status !== 200);
    expect(answers.length - refused.length).toBeGreaterThanOrEqual(1);
    for (const a of refused)
      expect(a).toMatchObject({
        status: 409,
        body: {
          error: {
            status: 'ABORTED',
            message: expect.stringContaining('since you looked at it, so the version was not restored'),
          },
        },
      });
    const { map, history } = await call<MapWithDocument>('getMap', { id }, user);
    expect(history.filter((h) => h.kind === 'restore')).toHaveLength(answers.length - refused.length);
    expect(map.version).toBe(2 + answers.length - refused.length);
  });

  it('renames over the title the caller shows, and keeps one changed elsewhere since', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Riverside Mall', mapData: documentWith(1) }, user);
    // Another tab renamed it; this one still shows "Riverside Mall".
    await call('renameMap', { id, title: 'Riverside Mall 2027', replaces: 'Riverside Mall' }, user);
    const stale = await rawCall(
      'renameMap',
      { id, title: 'Riverside Mall – Level 1', replaces: 'Riverside Mall' },
      { token: user.token },
    );
    expect(stale).toMatchObject({
      status: 409,
      body: { error: { status: 'ABORTED', details: { map: { id, title: 'Riverside Mall 2027' } } } },
    });
    expect((await call<MapWithDocument>('getMap', { id }, user)).map.title).toBe('Riverside Mall 2027');
  });

  it('refuses a save id or restore id sent again with another request, and changes nothing for it', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Reused', mapData: documentWith(1) }, user);
    const save = { id, baseVersion: 1, mapData: documentWith(2), saveId: 'same-save-0001' };
    expect((await call<{ version: number }>('saveMap', save, user)).version).toBe(2);
    // Another document, or another base, under the same save id: refused, not answered "saved as version 2".
    for (const other of [
      { ...save, baseVersion: 2, mapData: documentWith(3) },
      { ...save, mapData: documentWith(3) },
      { ...save, baseVersion: 2 },
    ]) {
      const res = await rawCall('saveMap', other, { token: user.token });
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'This save id was already used for a different save. Send a new save with a new id.',
      });
    }
    // The retry of the save itself is still answered with its outcome.
    expect((await call<{ version: number }>('saveMap', save, user)).version).toBe(2);
    const restore = { mapId: id, historyMapId: 'v00000001', restoreId: 'restore-0001' };
    expect((await call<{ version: number }>('restoreMapHistory', restore, user)).version).toBe(3);
    const res = await rawCall('restoreMapHistory', { ...restore, historyMapId: 'v00000002' }, { token: user.token });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).message).toBe(
      'This restore id was already used to restore another version. Restore this one with a new id.',
    );
    // A save id used by a restore is another request too.
    expect(
      (await rawCall('saveMap', { ...save, baseVersion: 3, saveId: 'restore-0001' }, { token: user.token })).status,
    ).toBe(400);
    const { map } = await call<MapWithDocument>('getMap', { id }, user);
    expect(map.version).toBe(3);
    expect(map.metrics.locationCount).toBe(1);
  });

  it('names, renames and clears a version name, and refuses deleting the current version', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Names' }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(2) }, user);
    const named = await call<HistoryEntry>(
      'setMapHistoryName',
      { mapId: id, historyMapId: 'v00000001', name: '  Before launch ' },
      user,
    );
    expect(named.name).toBe('Before launch');
    const current = await rawCall('deleteMapHistory', { mapId: id, historyMapId: 'v00000002' }, { token: user.token });
    expect(current.status).toBe(400);
    expect(errorOf(current.body).status).toBe('FAILED_PRECONDITION');
    await call('deleteMapHistory', { mapId: id, historyMapId: 'v00000001' }, user);
    const { history } = await call<MapWithDocument>('getMap', { id }, user);
    expect(history.map((h) => h.historyMapId)).toEqual(['v00000002']);
    const gone = await rawCall('restoreMapHistory', { mapId: id, historyMapId: 'v00000001' }, { token: user.token });
    expect(gone.status).toBe(404);
  });

  it('keeps named versions forever and at least the last 50 unnamed ones', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Long history' }, user);
    await call('setMapHistoryName', { mapId: id, historyMapId: 'v00000001', name: 'First' }, user);
    let version = 1;
    for (let i = 0; i < 55; i++)
      version = (
        await call<{ version: number }>('saveMap', { id, baseVersion: version, mapData: documentWith(i % 3) }, user)
      ).version;
    const { history } = await call<MapWithDocument>('getMap', { id }, user);
    expect(history.find((h) => h.historyMapId === 'v00000001')?.name).toBe('First');
    const unnamed = history.filter((h) => !h.name);
    expect(unnamed.length).toBeGreaterThanOrEqual(50);
    expect(unnamed[0]!.version).toBe(56);
  }, 120_000);
});

describe('publishing', () => {
  it('keeps a new map unpublished until Publish, then serves it without owner data, with short edge caching and an ETag', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Public', mapData: documentWith(3) }, user);
    // Never published: a small notice (200, so the edge never holds an error answer), no document.
    const before = await published(id);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ id, offline: true });
    expect(before.body!.document).toBeUndefined();
    await call('publishMap', { id, version: 1 }, user);
    const pub = await published(id);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ id, title: 'Public', state: 0, expired: false, version: 1 });
    expect(pub.body!.document!.locations).toHaveLength(3);
    expect(JSON.stringify(pub.body)).not.toContain(user.email);
    expect(JSON.stringify(pub.body)).not.toContain(user.uid);
    expect(pub.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=2');
    const etag = pub.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${baseUrl()}/data/maps/${id}.json`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    // Saving changes the draft only: visitors keep version 1 until the author publishes version 2.
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(4) }, user);
    expect((await published(id)).body!.document!.locations).toHaveLength(3);
    await call('publishMap', { id, version: 2 }, user);
    expect((await published(id)).body!.document!.locations).toHaveLength(4);
  });

  it('shows the expiry notice instead of the map once a test map is 7 days old', async () => {
    const user = await createUser();
    const admin = await adminUser();
    const id = await call<string>('createMap', { title: 'Old test', mapData: documentWith(2) }, user);
    await call('publishMap', { id, version: 1 }, user);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    await call('adminUpdateMap', { id, fields: { created: eightDaysAgo } }, admin);
    const pub = await published(id);
    expect(pub.body).toMatchObject({ id, expired: true });
    expect(pub.body!.document).toBeUndefined();
    // The owner can still edit it, and publishing it does not bring it back.
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(3) }, user);
    await call('publishMap', { id, version: 2 }, user);
    expect((await published(id)).body!.expired).toBe(true);
  });

  it('removes the public copy, every version and the history when a map is deleted', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Gone', mapData: documentWith(2) }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(3) }, user);
    await call('deleteMap', id, user);
    expect((await published(id)).status).toBe(404);
    expect((await rawCall('getMap', { id }, { token: user.token })).status).toBe(404);
    expect(await call<MapSummary[]>('listMaps', null, user)).toEqual([]);
  });
});

describe('map states and paid slots', () => {
  it('refuses live without a Basic slot, allows it once slots are granted, and enforces capacity', async () => {
    const user = await createUser();
    const admin = await adminUser();
    const a = await call<string>('createMap', { title: 'A' }, user);
    const b = await call<string>('createMap', { title: 'B' }, user);
    const refused = await rawCall('setMapState', { id: a, state: 1 }, { token: user.token });
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body).message).toContain('Basic');
    await call('setUserSlots', { uid: user.uid, basic: 1, pro: 0 }, admin);
    const live = await call<MapSummary>('setMapState', { id: a, state: 1 }, user);
    expect(live).toMatchObject({ state: 1, subscribed: true, activeUntil: null });
    expect((await rawCall('setMapState', { id: b, state: 1 }, { token: user.token })).status).toBe(429);
    // The freed test slot can be used again.
    await call('createMap', { title: 'C' }, user);
    expect((await rawCall('setMapState', { id: a, state: 2 }, { token: user.token })).status).toBe(403);
    // Back to test is refused while two test maps are held.
    expect((await rawCall('setMapState', { id: a, state: 0 }, { token: user.token })).status).toBe(429);
    expect(await call('getSlots', null, user)).toMatchObject({ testMaps: 2, basicUsed: 1, basicCapacity: 1 });
  });
});
