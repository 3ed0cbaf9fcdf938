/**
 * Licences and subscription slots are two ways for a map to go live, counted apart: a licence is its own map's
 * 6 months of Basic and adds no slot to the subscription, and a subscription slot serves any map. Against the
 * local stack: licences through the marketplace stand-in, subscriptions through signed webhook events.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { licenseEndsAt, type License, type RegisterLicenseResult } from '@mapnest/shared/billing';
import type { MapSummary, SlotCounters } from '@mapnest/shared/maps';
import { call, createUser, eventually, rawCall, type TestUser } from '../helpers/stack';
import { deliver, event, mailTo, nowSeconds, subscription } from '../helpers/stripe';

const slots = (user: TestUser) => call<SlotCounters>('getSlots', null, user);
const stateOf = async (user: TestUser, id: string) =>
  (await call<MapSummary[]>('listMaps', null, user)).find((m) => m.id === id)!;
const code = () => `00000000-${crypto.randomUUID().slice(9)}`;
const setState = (user: TestUser, id: string, state: number) =>
  rawCall('setMapState', { id, state }, { token: user.token });

beforeAll(() => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
});

describe('licensed maps are counted apart from subscription slots', () => {
  it('counts one subscribed and one licensed map as 1 of 1 slots used and 1 licence', async () => {
    const user = await createUser();
    await deliver(event('customer.subscription.created', subscription({ uid: user.uid, quantity: 1 })));
    const subscribed = await call<string>('createMap', { title: 'On the slot' }, user);
    expect((await setState(user, subscribed, 1)).status).toBe(200);
    const licensed = await call<string>('createMap', { title: 'On its licence' }, user);
    await call('registerLicense', { purchaseCode: code(), mapId: licensed }, user);

    expect(await slots(user)).toMatchObject({ basicUsed: 1, basicCapacity: 1, basicLicensed: 1, testMaps: 0 });
    expect((await stateOf(user, licensed)).state).toBe(1);
  });

  it('keeps the licensed map live when the subscription ends, and lends its licence to no other map', async () => {
    const user = await createUser();
    const sub = subscription({ uid: user.uid, quantity: 1 });
    const t = nowSeconds();
    await deliver(event('customer.subscription.created', sub, { created: t }));
    const licensed = await call<string>('createMap', { title: 'Licensed' }, user);
    await call('registerLicense', { purchaseCode: code(), mapId: licensed }, user);
    const subscribed = await call<string>('createMap', { title: 'Subscribed' }, user);
    expect((await setState(user, subscribed, 1)).status).toBe(200);

    await deliver(event('customer.subscription.deleted', { ...sub, status: 'canceled' }, { created: t + 1 }));
    // The subscription's map goes back to test; the licensed one stays live on its own licence.
    expect(await stateOf(user, subscribed)).toMatchObject({ state: 0, lapsedFrom: 1 });
    expect((await stateOf(user, licensed)).state).toBe(1);
    expect(await slots(user)).toMatchObject({ basicUsed: 0, basicCapacity: 0, basicLicensed: 1 });

    // No subscription slot: the other map cannot go live on the licence.
    expect((await setState(user, subscribed, 1)).status).toBe(429);
    // The licensed map goes back to test and live again on its licence, with no subscription.
    expect((await setState(user, licensed, 0)).status).toBe(200);
    expect((await setState(user, subscribed, 1)).status).toBe(429);
    expect((await setState(user, licensed, 1)).status).toBe(200);
    expect(await slots(user)).toMatchObject({ basicUsed: 0, basicCapacity: 0, basicLicensed: 1, testMaps: 1 });
  });

  it('keeps Professional maps live on Basic when Professional ends: on their own licence, else on a free Basic slot', async () => {
    const user = await createUser();
    const t = nowSeconds();
    const pro = subscription({ uid: user.uid, quantity: 3, plan: 'pro' });
    await deliver(event('customer.subscription.created', pro, { created: t }));
    await deliver(event('customer.subscription.created', subscription({ uid: user.uid, quantity: 1 }), { created: t }));
    const licensed = await call<string>('createMap', { title: 'Licensed Pro' }, user);
    const onSlot = await call<string>('createMap', { title: 'Pro on a slot' }, user);
    for (const id of [licensed, onSlot]) expect((await setState(user, id, 3)).status).toBe(200);
    await call('registerLicense', { purchaseCode: code(), mapId: licensed }, user);
    const third = await call<string>('createMap', { title: 'Third Pro' }, user);
    expect((await setState(user, third, 3)).status).toBe(200);
    expect(await slots(user)).toMatchObject({ proUsed: 3, basicUsed: 0, basicCapacity: 1, basicLicensed: 1 });

    await deliver(event('customer.subscription.deleted', { ...pro, status: 'canceled' }, { created: t + 1 }));
    const states = await Promise.all([licensed, onSlot, third].map((id) => stateOf(user, id)));
    // The newest first: the third takes the free Basic slot; the licensed one lives on its licence; the oldest, with
    // no slot left, goes back to test. Each says which plan it lost (its card: "Moved to Basic when…").
    expect(states.map((m) => [m.title, m.state, m.lapsedFrom])).toEqual([
      ['Licensed Pro', 1, 3],
      ['Pro on a slot', 0, 3],
      ['Third Pro', 1, 3],
    ]);
    // One email names them all: the map back in test, and the two on Basic now without directions and analytics.
    const summary = await eventually(
      () => mailTo(user.email),
      (mails) => mails.some((m) => m.subject.startsWith('A map went back to test')),
    );
    const text = summary.find((m) => m.subject.startsWith('A map went back to test'))!.text;
    expect(text).toContain('this map went back to test: "Pro on a slot".');
    expect(text).toMatch(/"(Licensed Pro|Third Pro)", "(Licensed Pro|Third Pro)" moved to Basic instead\./);
    expect(await slots(user)).toMatchObject({
      proUsed: 0,
      basicUsed: 1,
      basicCapacity: 1,
      basicLicensed: 1,
      testMaps: 1,
    });
    // Made Pro again when a Professional slot is free: the mark goes with the owner's change.
    await deliver(
      event('customer.subscription.created', subscription({ uid: user.uid, quantity: 1, plan: 'pro' }), {
        created: t + 2,
      }),
    );
    expect((await setState(user, third, 3)).status).toBe(200);
    expect((await stateOf(user, third)).lapsedFrom).toBeNull();
  });

  it('frees the subscription slot of a live map that gets its own licence', async () => {
    const user = await createUser();
    await deliver(event('customer.subscription.created', subscription({ uid: user.uid, quantity: 1 })));
    const first = await call<string>('createMap', { title: 'First' }, user);
    const second = await call<string>('createMap', { title: 'Second' }, user);
    expect((await setState(user, first, 1)).status).toBe(200);
    expect((await setState(user, second, 1)).status).toBe(429);
    await call('registerLicense', { purchaseCode: code(), mapId: first }, user);
    expect((await setState(user, second, 1)).status).toBe(200);
    expect(await slots(user)).toMatchObject({ basicUsed: 1, basicCapacity: 1, basicLicensed: 1 });
  });

  it('moves a map whose licence ended onto a free subscription slot, and sends it back to test when none is free', async () => {
    const user = await createUser();
    const sub = subscription({ uid: user.uid, quantity: 1 });
    await deliver(event('customer.subscription.created', sub));
    const kept = await call<string>('createMap', { title: 'Kept' }, user);
    await call('registerLicense', { purchaseCode: code(), mapId: kept }, user);
    const { endDueLicenses } = await import('../../lambdas/src/domain/services/billing');
    await endDueLicenses(new Date(Date.now() + 200 * 86_400_000));
    expect(await stateOf(user, kept)).toMatchObject({ state: 1, licenseEndsAt: null, lapsedFrom: null });
    expect(await slots(user)).toMatchObject({ basicUsed: 1, basicCapacity: 1, basicLicensed: 0 });

    // Now the slot is taken: the next map whose licence ends goes back to test, and the slot's map stays.
    const other = await call<string>('createMap', { title: 'Other' }, user);
    await call('registerLicense', { purchaseCode: code(), mapId: other }, user);
    await endDueLicenses(new Date(Date.now() + 200 * 86_400_000));
    expect(await stateOf(user, other)).toMatchObject({ state: 0, lapsedFrom: 1, licenseEndsAt: null });
    expect((await stateOf(user, kept)).state).toBe(1);
    expect(await slots(user)).toMatchObject({ basicUsed: 1, basicCapacity: 1, basicLicensed: 0 });
  });

  it('extends a running licence with a second code (its months begin when the first ends), and keeps the map live until then', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Twice licensed' }, user);
    const first = await call<RegisterLicenseResult>('registerLicense', { purchaseCode: code(), mapId: id }, user);
    const second = await call<RegisterLicenseResult>('registerLicense', { purchaseCode: code(), mapId: id }, user);
    // Not spent on months the map already had: they follow the first licence's.
    expect(second.license.startsAt).toBe(first.license.endsAt);
    expect(second.license.endsAt).toBe(licenseEndsAt(first.license.endsAt));
    expect(await stateOf(user, id)).toMatchObject({ state: 1, licenseEndsAt: second.license.endsAt });
    expect(await slots(user)).toMatchObject({ basicLicensed: 2, basicUsed: 0 });
    const listed = await call<License[]>('listLicenses', null, user);
    expect(listed.map((l) => [l.startsAt, l.endsAt])).toEqual(
      expect.arrayContaining([
        [first.license.startsAt, first.license.endsAt],
        [second.license.startsAt, second.license.endsAt],
      ]),
    );

    // The first licence ends: the map stays live on the second (no subscription, no slot needed).
    const { endDueLicenses } = await import('../../lambdas/src/domain/services/billing');
    const day = 86_400_000;
    await endDueLicenses(new Date(Date.parse(first.license.endsAt) + day));
    expect(await stateOf(user, id)).toMatchObject({ state: 1, licenseEndsAt: second.license.endsAt });
    expect(await slots(user)).toMatchObject({ basicLicensed: 1 });
    // The second ends: with no subscription slot the map goes back to test.
    await endDueLicenses(new Date(Date.parse(second.license.endsAt) + day));
    expect(await stateOf(user, id)).toMatchObject({ state: 0, licenseEndsAt: null, lapsedFrom: 1 });
    expect(await slots(user)).toMatchObject({ basicLicensed: 0 });
  });
});
