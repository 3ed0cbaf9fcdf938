import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminUser, baseUrl, call, createUser } from '../helpers/stack';
import { documentWith } from '../helpers/documents';

let sweep: typeof import('../../lambdas/src/triggers/expire-test-maps');

beforeAll(async () => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
  sweep = await import('../../lambdas/src/triggers/expire-test-maps');
});

describe('test map expiry sweep', () => {
  it('replaces the public copy of test maps older than 7 days with the expiry notice, and leaves others alone', async () => {
    const user = await createUser();
    const admin = await adminUser();
    const fresh = await call<string>('createMap', { title: 'Fresh', mapData: documentWith(1) }, user);
    const old = await call<string>('createMap', { title: 'Old', mapData: documentWith(1) }, user);
    // Back-date the map's metadata without republishing it, as time passing would.
    const { mapTable } = await import('../../lambdas/src/adapters/map-table');
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
});
