/**
 * More test maps than the free 2: when slots run out, live maps go back to test whatever the test-map limit, so an
 * account can hold 3 of 2. The owner's email says what visitors see of maps that were never published (nothing),
 * and no new test map can be made until fewer than 2 are held.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_SLOTS_EXHAUSTED, type MapSummary, type SlotCounters } from '@mapnest/shared/maps';
import { call, createUser, rawCall, type TestUser } from '../helpers/stack';
import { deliver, event, mailTo, nowSeconds, subscription } from '../helpers/stripe';

const slots = (user: TestUser) => call<SlotCounters>('getSlots', null, user);
const maps = (user: TestUser) => call<MapSummary[]>('listMaps', null, user);

beforeAll(() => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
});

describe('test maps held over the free limit', () => {
  it('tells the owner never-published maps were never public, and refuses a new test map while 3 of 2 are held', async () => {
    const user = await createUser();
    const sub = subscription({ uid: user.uid, quantity: 3 });
    const t = nowSeconds();
    await deliver(event('customer.subscription.created', sub, { created: t }));
    for (const title of ['North', 'South', 'West']) {
      const id = await call<string>('createMap', { title }, user);
      await call('setMapState', { id, state: 1 }, user);
    }
    expect(await slots(user)).toMatchObject({ basicUsed: 3, testMaps: 0 });

    await deliver(event('customer.subscription.deleted', { ...sub, status: 'canceled' }, { created: t + 1 }));
    expect(await slots(user)).toMatchObject({ basicUsed: 0, basicCapacity: 0, testMaps: 3 });
    const lapsed = (await mailTo(user.email)).find((m) => /3 maps went back to test/.test(m.subject))!;
    expect(lapsed.text).toContain('Nothing was deleted. They were never published, so nothing of them is public.');
    expect(lapsed.text).not.toContain('stay visible on your website');

    const refused = await rawCall('createMap', { title: 'East' }, { token: user.token });
    expect(refused).toMatchObject({ body: { error: { message: TEST_SLOTS_EXHAUSTED } } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await maps(user)).map((m) => m.title).sort()).toEqual(['North', 'South', 'West']);
  });
});
