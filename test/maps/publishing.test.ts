/**
 * Drafts and publishing (ADR 018) through the local stack: saving changes the draft only, Publish releases a kept
 * version, Unpublish takes the map offline, Restore goes into the draft; each release is served at once.
 */
import { describe, expect, it } from 'vitest';
import type { PublicationResult } from '@mapnest/shared/calls';
import { MISSING_FLOOR_FILE_PREFIX } from '@mapnest/shared/publish-checks';
import type { MapSummary, MapWithDocument, PublishedMap } from '@mapnest/shared/maps';
import { adminUser, baseUrl, call, createUser, rawCall } from '../helpers/stack';
import { documentWith } from '../helpers/documents';

async function published(id: string): Promise<PublishedMap> {
  const res = await fetch(`${baseUrl()}/data/maps/${id}.json`);
  expect(res.status).toBe(200);
  return (await res.json()) as PublishedMap;
}

/** Waits (at most 5 s, the promise to authors) until visitors get what `ok` accepts. */
async function visibleWithin5s(id: string, ok: (p: PublishedMap) => boolean): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (ok(await published(id))) return Date.now() - start;
    if (Date.now() - start > 5000) throw new Error('visitors did not get the release within 5 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const errorOf = (body: unknown) => (body as { error: { status: string; message: string } }).error;

describe('drafts and publishing', () => {
  it('saves drafts that visitors do not see until Publish, and reports the status', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Draft', mapData: documentWith(2) }, user);
    let map = (await call<MapWithDocument>('getMap', { id }, user)).map;
    expect(map).toMatchObject({ publication: 'never', publishedVersion: null, published: false });

    const first = await call<PublicationResult>('publishMap', { id, version: 1 }, user);
    expect(first.map).toMatchObject({ publication: 'published', publishedVersion: 1, published: true });
    expect(first.history?.find((h) => h.version === 1)?.publishedAt).toBeTruthy();
    await visibleWithin5s(id, (p) => p.document?.locations.length === 2);

    const saved = await call<{ map: MapSummary }>('saveMap', { id, baseVersion: 1, mapData: documentWith(5) }, user);
    expect(saved.map).toMatchObject({ publication: 'changes', publishedVersion: 1 });
    expect((await published(id)).document!.locations).toHaveLength(2);

    // A rename is part of the draft too.
    await call('renameMap', { id, title: 'Renamed' }, user);
    expect((await published(id)).title).toBe('Draft');

    const second = await call<PublicationResult>('publishMap', { id, version: 2 }, user);
    expect(second.map).toMatchObject({ publication: 'published', publishedVersion: 2 });
    const ms = await visibleWithin5s(id, (p) => p.document?.locations.length === 5 && p.title === 'Renamed');
    expect(ms).toBeLessThan(5000);
    map = (await call<MapWithDocument>('getMap', { id }, user)).map;
    expect(map.publication).toBe('published');
  });

  it('says a draft saved back to what visitors see is published (an edit undone, then saved)', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Undone', mapData: documentWith(2) }, user);
    await call('publishMap', { id, version: 1 }, user);
    const edited = await call<{ map: MapSummary }>('saveMap', { id, baseVersion: 1, mapData: documentWith(3) }, user);
    expect(edited.map).toMatchObject({ version: 2, publication: 'changes' });
    const undone = await call<{ map: MapSummary }>('saveMap', { id, baseVersion: 2, mapData: documentWith(2) }, user);
    expect(undone.map).toMatchObject({ version: 3, publishedVersion: 1, publication: 'published', restoreOf: null });
    expect((await call<MapWithDocument>('getMap', { id }, user)).map.publication).toBe('published');
    // Another version published, and the draft is no longer what visitors see.
    await call('publishMap', { id, version: 2 }, user);
    expect((await call<MapWithDocument>('getMap', { id }, user)).map.publication).toBe('changes');
    // Offline, then published again with the draft's document: published.
    await call('unpublishMap', { id }, user);
    expect((await call<MapWithDocument>('getMap', { id }, user)).map.publication).toBe('offline');
    const again = await call<PublicationResult>('publishMap', { id, version: 1 }, user);
    expect(again.map).toMatchObject({ publishedVersion: 1, publication: 'published' });
    await call('renameMap', { id, title: 'Renamed' }, user);
    expect((await call<MapWithDocument>('getMap', { id }, user)).map.publication).toBe('changes');
  });

  it('republishes an earlier version, takes the map offline and brings it back, each within 5 s', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Releases', mapData: documentWith(1) }, user);
    await call('publishMap', { id, version: 1 }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(3) }, user);
    await call('publishMap', { id, version: 2 }, user);
    await visibleWithin5s(id, (p) => p.version === 2);

    const back = await call<PublicationResult>('publishMap', { id, version: 1 }, user);
    expect(back.map).toMatchObject({ publication: 'changes', publishedVersion: 1, version: 2 });
    await visibleWithin5s(id, (p) => p.version === 1 && p.document?.locations.length === 1);

    const off = await call<PublicationResult>('unpublishMap', { id }, user);
    expect(off.map).toMatchObject({ publication: 'offline', publishedVersion: null, published: false });
    await visibleWithin5s(id, (p) => p.offline === true && p.document === undefined);
    // The draft and the history are untouched.
    const after = await call<MapWithDocument>('getMap', { id }, user);
    expect(after.map.version).toBe(2);
    expect(after.history.map((h) => h.version).sort()).toEqual([1, 2]);

    await call('publishMap', { id, version: 2 }, user);
    await visibleWithin5s(id, (p) => p.version === 2 && !p.offline);
  });

  it('restores into the draft only: the live map is untouched until Publish', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Restore', mapData: documentWith(20) }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(11) }, user);
    await call('saveMap', { id, baseVersion: 2, mapData: documentWith(20) }, user);
    await call('publishMap', { id, version: 3 }, user);
    const restored = await call<{ version: number }>(
      'restoreMapHistory',
      { mapId: id, historyMapId: 'v00000002' },
      user,
    );
    expect(restored.version).toBe(4);
    expect((await published(id)).document!.locations).toHaveLength(20);
    const { map } = await call<MapWithDocument>('getMap', { id }, user);
    // An open editor elsewhere is told the version it reads restores version 2 (restoreOf).
    expect(map).toMatchObject({ version: 4, publishedVersion: 3, publication: 'changes', restoreOf: 2 });

    // Restoring the published version discards the draft's changes: the draft is what visitors see, and says so
    // until its next change.
    await call('restoreMapHistory', { mapId: id, historyMapId: 'v00000003' }, user);
    const same = await call<MapWithDocument>('getMap', { id }, user);
    expect(same.map).toMatchObject({ version: 5, publishedVersion: 3, publication: 'published', restoreOf: 3 });
    const edited = await call<{ map: MapSummary }>('saveMap', { id, baseVersion: 5, mapData: documentWith(3) }, user);
    expect(edited.map).toMatchObject({ version: 6, publishedVersion: 3, publication: 'changes', restoreOf: null });
    // A restore asked against version 6 while version 7 was saved elsewhere meanwhile: refused, nothing replaced.
    await call('saveMap', { id, baseVersion: 6, mapData: documentWith(4) }, user);
    const stale = await rawCall(
      'restoreMapHistory',
      { mapId: id, historyMapId: 'v00000003', expectedVersion: 6 },
      { token: user.token },
    );
    expect(stale).toMatchObject({
      status: 409,
      body: {
        error: {
          status: 'ABORTED',
          message: expect.stringContaining('changed elsewhere'),
          details: { currentVersion: 7 },
        },
      },
    });
    expect((await call<MapWithDocument>('getMap', { id }, user)).map.version).toBe(7);
    await call('restoreMapHistory', { mapId: id, historyMapId: 'v00000003', expectedVersion: 7 }, user);
    await call('renameMap', { id, title: 'Renamed since' }, user);
    expect((await call<MapWithDocument>('getMap', { id }, user)).map.publication).toBe('changes');
  });

  it('refuses to delete the published version, and going live does not publish the draft', async () => {
    const user = await createUser();
    const admin = await adminUser();
    await call('setUserSlots', { uid: user.uid, basic: 1, pro: 0 }, admin);
    const id = await call<string>('createMap', { title: 'Live', mapData: documentWith(2) }, user);
    await call('publishMap', { id, version: 1 }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(6) }, user);
    const refused = await rawCall('deleteMapHistory', { mapId: id, historyMapId: 'v00000001' }, { token: user.token });
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body).message).toContain('visitors see');
    await call('setMapState', { id, state: 1 }, user);
    const live = await published(id);
    expect(live).toMatchObject({ state: 1, version: 1 });
    expect(live.document!.locations).toHaveLength(2);
    await call('setMapState', { id, state: 0 }, user);
    expect(await published(id)).toMatchObject({ state: 0, version: 1 });
  });

  it('blocks publishing a floor whose stored file is missing, and changes nothing', async () => {
    const user = await createUser();
    const doc = documentWith(2);
    doc.layers[0]!.file = `/files/${user.uid}/files/abcdef-gone.svg`;
    const id = await call<string>('createMap', { title: 'Broken floor', mapData: doc }, user);
    const refused = await rawCall('publishMap', { id, version: 1 }, { token: user.token });
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body).message.startsWith(MISSING_FLOOR_FILE_PREFIX)).toBe(true);
    expect(await published(id)).toMatchObject({ offline: true });
    const { map } = await call<MapWithDocument>('getMap', { id }, user);
    expect(map.publication).toBe('never');
  });

  it('answers 404 for a version that is not kept and for another user’s map', async () => {
    const user = await createUser();
    const other = await createUser();
    const id = await call<string>('createMap', { title: 'Mine', mapData: documentWith(1) }, user);
    expect((await rawCall('publishMap', { id, version: 9 }, { token: user.token })).status).toBe(404);
    expect((await rawCall('publishMap', { id, version: 1 }, { token: other.token })).status).toBe(404);
    expect((await rawCall('unpublishMap', { id }, { token: other.token })).status).toBe(404);
  });
});
