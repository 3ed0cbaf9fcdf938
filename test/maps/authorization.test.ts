/**
 * The authorization matrix of the maps service: every call, tried by an anonymous caller, the owner, another
 * user and an administrator, with the expected allow or deny asserted for each, and every refused call shown to
 * change nothing the owner can see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, createUser, rawCall, type TestUser } from '../helpers/stack';
import { documentWith } from '../helpers/documents';
import type { MapSummary, MapWithDocument } from '@mapnest/shared/maps';

type Who = 'anonymous' | 'owner' | 'other' | 'admin';
interface Case {
  call: string;
  /** Builds the payload against a fresh map owned by `owner`. */
  data: (ctx: { mapId: string; version: number; historyMapId: string; ownerUid: string }) => unknown;
  expect: Record<Who, number>;
}

const own = { anonymous: 401, owner: 200, other: 404, admin: 200 };
const adminOnly = { anonymous: 401, owner: 403, other: 403, admin: 200 };
const anyUser = { anonymous: 401, owner: 200, other: 200, admin: 200 };

const cases: Case[] = [
  { call: 'listMaps', data: () => null, expect: anyUser },
  { call: 'getSlots', data: () => null, expect: anyUser },
  { call: 'getProfile', data: () => null, expect: anyUser },
  { call: 'getMap', data: (c) => ({ id: c.mapId }), expect: own },
  { call: 'saveMap', data: (c) => ({ id: c.mapId, baseVersion: c.version, mapData: documentWith(2) }), expect: own },
  { call: 'renameMap', data: (c) => ({ id: c.mapId, title: 'Renamed' }), expect: own },
  { call: 'duplicateMap', data: (c) => ({ id: c.mapId }), expect: own },
  {
    call: 'setMapHistoryName',
    data: (c) => ({ mapId: c.mapId, historyMapId: c.historyMapId, name: 'Named' }),
    expect: own,
  },
  { call: 'restoreMapHistory', data: (c) => ({ mapId: c.mapId, historyMapId: c.historyMapId }), expect: own },
  { call: 'deleteMapHistory', data: (c) => ({ mapId: c.mapId, historyMapId: c.historyMapId }), expect: own },
  { call: 'setMapState', data: (c) => ({ id: c.mapId, state: 0 }), expect: own },
  { call: 'setMapAnalyticsZone', data: (c) => ({ id: c.mapId, zone: 'Europe/Paris' }), expect: own },
  { call: 'deleteMap', data: (c) => c.mapId, expect: own },
  { call: 'adminUpdateMap', data: (c) => ({ id: c.mapId, fields: { title: 'By admin' } }), expect: adminOnly },
  { call: 'setUserSlots', data: (c) => ({ uid: c.ownerUid, basic: 1, pro: 0 }), expect: adminOnly },
];

let users: Record<Exclude<Who, 'anonymous'>, TestUser>;
/**
 * The map every refused call is tried on, and its owner (a user of its own: a free account holds two test maps, and
 * an allowed duplicateMap needs both of the owner's).
 */
let refused: Awaited<ReturnType<typeof freshMap>> & { owner: TestUser };

const REFUSED_TITLE = 'Refused calls map';

beforeAll(async () => {
  users = { owner: await createUser(), other: await createUser(), admin: await adminUser() };
  const owner = await createUser();
  refused = { ...(await freshMap(owner, REFUSED_TITLE)), owner };
});
afterAll(() => deleteQuietly(refused.mapId));

/** A map with two versions (so there is a history entry that is not the current one). */
async function freshMap(owner: TestUser, title = 'Matrix map') {
  const mapId = await call<string>('createMap', { title }, owner);
  const saved = await call<{ version: number }>(
    'saveMap',
    { id: mapId, baseVersion: 1, mapData: documentWith(1) },
    owner,
  );
  return { mapId, version: saved.version, historyMapId: 'v00000001', ownerUid: owner.uid };
}

/**
 * What a refused call must leave as it was, as the owner reads it: the map and its history, the owner's maps of that
 * title or a copy's (a refused duplicateMap makes none) and the owner's slots (a refused setUserSlots grants none).
 */
async function ownerView() {
  const { mapId, owner } = refused;
  const [{ map, history }, maps, slots] = await Promise.all([
    call<MapWithDocument>('getMap', { id: mapId }, owner),
    call<MapSummary[]>('listMaps', null, owner),
    call<unknown>('getSlots', null, owner),
  ]);
  const titled = maps.filter((m) => m.title.includes(REFUSED_TITLE)).map((m) => m.id);
  return { map, history, titled, slots };
}

async function deleteQuietly(mapId: string) {
  await rawCall('deleteMap', mapId, { token: users.admin.token });
}

describe('authorization matrix of the maps service', () => {
  for (const c of cases) {
    for (const who of ['anonymous', 'owner', 'other', 'admin'] as const) {
      const allowed = c.expect[who] === 200;
      it(`${c.call} as ${who} answers ${c.expect[who]}${allowed ? '' : ' and changes nothing'}`, async () => {
        // A call that is allowed gets a map of its own; a refused one is tried on the shared map, which stays as it was.
        const ctx = allowed ? await freshMap(users.owner) : refused;
        const before = allowed ? null : await ownerView();
        const caller = who === 'anonymous' ? undefined : who === 'owner' && !allowed ? refused.owner : users[who];
        const answer = await rawCall(c.call, c.data(ctx), { token: caller?.token });
        expect(answer.status, JSON.stringify(answer.body)).toBe(c.expect[who]);
        if (before) return expect(await ownerView()).toEqual(before);
        if (c.call === 'duplicateMap') await deleteQuietly((answer.body as { data: string }).data);
        await deleteQuietly(ctx.mapId);
      });
    }
  }

  it('hides the existence of a map from another user (same answer as a missing map)', async () => {
    const ctx = await freshMap(users.owner);
    const theirs = await rawCall('getMap', { id: ctx.mapId }, { token: users.other.token });
    const missing = await rawCall('getMap', { id: 'DoesNotExist00000000' }, { token: users.other.token });
    expect(theirs).toMatchObject({ status: 404, body: missing.body });
    await deleteQuietly(ctx.mapId);
  });

  it("lets an administrator list a user's maps by viewing as that user, and refuses that to a non-administrator", async () => {
    const ctx = await freshMap(users.owner);
    const asAdmin = await call<Array<{ id: string }>>('listMaps', null, users.admin, users.owner.uid);
    expect(asAdmin.map((m) => m.id)).toContain(ctx.mapId);
    const asOther = await rawCall('listMaps', null, { token: users.other.token, viewAs: users.owner.uid });
    expect(asOther.status).toBe(403);
    const ownList = await call<Array<{ id: string }>>('listMaps', null, users.other);
    expect(ownList.map((m) => m.id)).not.toContain(ctx.mapId);
    await deleteQuietly(ctx.mapId);
  });
});
