import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminUser, baseUrl, call, createUser, createPublishedMap } from '../helpers/stack';
import { documentWith } from '../helpers/documents';
import { MapState } from '@mapnest/shared/constants';

let sweep: typeof import('../../lambdas/src/domain/expiry');

beforeAll(async () => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
  sweep = await import('../../lambdas/src/domain/expiry');
});

describe('test map expiry sweep', () => {
  it('replaces the public copy of test maps older than 7 days with the expiry notice, and leaves others alone', async () => {
    const user = await createUser();
    const admin = await adminUser();
    const fresh = await createPublishedMap({ title: 'Fresh', mapData: documentWith(1) }, user);
    const old = await createPublishedMap({ title: 'Old', mapData: documentWith(1) }, user);
    // Back-date the map's metadata without republishing it, as time passing would.
    const { mapTable } = await import('../../lambdas/src/adapters/maps/map-table');
    const item = (await mapTable.get(old))!;
    await mapTable.adminPut({ ...item, created: new Date(Date.now() - 8 * 86_400_000).toISOString() });
    expect((await (await fetch(`${baseUrl()}/data/maps/${old}.json`)).json()).expired).toBe(false);

    const result = await sweep.expireTestMaps();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const oldCopy = await (await fetch(`${baseUrl()}/data/maps/${old}.json`)).json();
    expect(oldCopy).toMatchObject({ id: old, expired: true });
    expect(oldCopy.document).toBeUndefined();
    expect((await (await fetch(`${baseUrl()}/data/maps/${fresh}.json`)).json()).expired).toBe(false);
    // A second sweep has nothing left to do for this map.
    const again = await sweep.expireTestMaps();
    expect(again.expired).toBe(0);
    await call('deleteMap', old, admin);
  });

  it('reads only what is due from the sparse index: a map leaves it when it goes live and comes back with a new expiry', async () => {
    const user = await createUser();
    const admin = await adminUser();
    const { mapTable } = await import('../../lambdas/src/adapters/maps/map-table');
    const id = await createPublishedMap({ title: 'Indexed', mapData: documentWith(1) }, user);
    const dueIds = async (at: Date) => (await mapTable.dueTestMaps(at)).map((m) => m.id);
    // Due 7 days after creation, not before.
    expect(await dueIds(new Date(Date.now() + 6 * 86_400_000))).not.toContain(id);
    expect(await dueIds(new Date(Date.now() + 8 * 86_400_000))).toContain(id);

    const live = new Date(Date.now() + 86_400_000).toISOString();
    await mapTable.changeState((await mapTable.get(id))!, MapState.LIVE, { enforceLimits: false, edited: live });
    expect(await dueIds(new Date(Date.now() + 30 * 86_400_000))).not.toContain(id);

    // Back to test, 8 days ago as far as the table knows: its 7 days count from then, so it is due now.
    // (The sweep runs at the real time: other test files' maps in the shared stack stay untouched.)
    const back = new Date(Date.now() - 8 * 86_400_000);
    await mapTable.changeState((await mapTable.get(id))!, MapState.TEST, {
      enforceLimits: false,
      edited: back.toISOString(),
    });
    expect(await dueIds(new Date(back.getTime() + 6 * 86_400_000))).not.toContain(id);
    expect(await dueIds(new Date())).toContain(id);

    // The sweep expires it and takes it out of the index, so later runs do not read it again.
    const result = await sweep.expireTestMaps();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await (await fetch(`${baseUrl()}/data/maps/${id}.json`)).json()).expired).toBe(true);
    expect(await dueIds(new Date(Date.now() + 86_400_000))).not.toContain(id);
    await call('deleteMap', id, admin);
  });
});
