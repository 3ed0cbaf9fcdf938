/**
 * The billing calls against the local stack: Checkout and the portal through the payments sandbox (the real
 * Stripe adapter talking to it, its pages sending signed events to the real webhook), licences through the
 * marketplace stand-in, and who may call what.
 */
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { License, RegisterLicenseResult, Subscription } from '@mapnest/shared/billing';
import { BILLING_MESSAGES } from '@mapnest/shared/billing';
import type { MapSummary, SlotCounters } from '@mapnest/shared/maps';
import { adminUser, baseUrl, call, createUser, eventually, rawCall, type TestUser } from '../helpers/stack';
import { waitForMail } from '../helpers/accounts';
import { buyInSandbox, deliver, event, press, subscription } from '../helpers/stripe';

const slots = (user: TestUser) => call<SlotCounters>('getSlots', null, user);
const subs = (user: TestUser) => call<Subscription[]>('listSubscriptions', null, user);

const code = (first: string) => `${first}-${crypto.randomUUID().slice(9)}`;

beforeAll(() => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
});

describe('checkout through the payments sandbox', () => {
  it('sells slots: Checkout page, Pay, and the subscription arrives by webhook', async () => {
    const user = await createUser();
    const { url, id } = await call<{ url: string; id: string }>(
      'createCheckoutSession',
      { plan: 'basic', period: 'yearly', quantity: 12 },
      user,
    );
    expect(url).toMatch(new RegExp(`^${baseUrl()}/_dev/checkout/cs_test_\\w+$`));
    expect(url.endsWith(`/${id}`)).toBe(true);
    const page = await (await fetch(url)).text();
    // 12 maps: the 10+ tier (10% off $96 a year) = $86.40 each, $1,036.80 in all.
    expect(page).toContain('$86.40 per map per year (10% volume discount)');
    expect(page).toContain('$1,036.80');
    for (const button of ['Pay', 'Fail payment', 'Cancel']) expect(page).toContain(`>${button}</button>`);

    const declined = await press(`${new URL(url).pathname}/fail`, { quantity: '12' });
    expect(await declined.text()).toContain('Your card was declined.');
    expect(await subs(user)).toEqual([]);

    const paid = await press(`${new URL(url).pathname}/pay`, { quantity: '3' });
    expect(paid.status).toBe(303);
    // As Stripe does, the paid session's id in place of {CHECKOUT_SESSION_ID}: the maps page waits only for it.
    expect(paid.headers.get('location')).toBe(`${baseUrl()}/maps?checkout=${id}`);
    const counters = await eventually(
      () => slots(user),
      (s) => s.basicCapacity === 3,
    );
    expect(counters).toMatchObject({ basicSubscribed: 3, basicCapacity: 3 });
    expect(await subs(user)).toEqual([
      expect.objectContaining({ plan: 'basic', period: 'yearly', quantity: 3, status: 'active', cancelAt: null }),
    ]);
    // A completed session cannot be paid twice, and a second Basic subscription is not started beside the first.
    expect((await press(`${new URL(url).pathname}/pay`, { quantity: '3' })).status).toBe(410);
    expect(
      await rawCall('createCheckoutSession', { plan: 'basic', period: 'monthly', quantity: 1 }, { token: user.token }),
    ).toMatchObject({
      status: 400,
      body: { error: { status: 'FAILED_PRECONDITION', message: BILLING_MESSAGES.alreadySubscribed('basic') } },
    });
    expect(
      (await call<{ url: string }>('createCheckoutSession', { plan: 'pro', period: 'monthly', quantity: 1 }, user)).url,
    ).toContain('/_dev/checkout/');
  });

  it('cancel returns to the subscribe dialog and sells nothing', async () => {
    const user = await createUser();
    const { url } = await call<{ url: string }>(
      'createCheckoutSession',
      { plan: 'pro', period: 'monthly', quantity: 1 },
      user,
    );
    const cancelled = await press(`${new URL(url).pathname}/cancel`);
    expect(cancelled.headers.get('location')).toBe(`${baseUrl()}/maps#subscribe`);
    expect(await slots(user)).toMatchObject({ proCapacity: 0 });
  });

  it('reuses the customer across checkouts and opens the portal, which changes quantity and cancels at period end', async () => {
    const user = await createUser();
    expect(
      await rawCall('createPortalLink', { returnPath: '/maps#settings/Plan' }, { token: user.token }),
    ).toMatchObject({
      status: 400,
      body: { error: { status: 'FAILED_PRECONDITION', message: BILLING_MESSAGES.noCustomer } },
    });
    await call<{ url: string }>('createCheckoutSession', { plan: 'pro', period: 'monthly', quantity: 2 }, user);
    const second = await call<{ url: string }>(
      'createCheckoutSession',
      { plan: 'pro', period: 'monthly', quantity: 2 },
      user,
    );
    // The newer page is the one that can be paid: opening it expired the first (one-subscription-per-plan.test.ts).
    await press(`${new URL(second.url).pathname}/pay`, { quantity: '2' });
    await eventually(
      () => slots(user),
      (s) => s.proCapacity === 2,
    );

    const { url } = await call<{ url: string }>('createPortalLink', { returnPath: '/maps#settings/Plan' }, user);
    expect(url).toMatch(new RegExp(`^${baseUrl()}/_dev/portal/bps_\\w+$`));
    const portal = await (await fetch(url)).text();
    expect(portal).toContain(`href="${baseUrl()}/maps#settings/Plan"`);
    const [sub] = await subs(user);
    const lowered = await press(`${new URL(url).pathname}/quantity`, { subscription: sub!.id, quantity: '1' });
    expect(lowered.status).toBe(303);
    await eventually(
      () => slots(user),
      (s) => s.proCapacity === 1,
    );
    await press(`${new URL(url).pathname}/cancel`, { subscription: sub!.id });
    const cancelled = await eventually(
      () => subs(user),
      (s) => Boolean(s[0]?.cancelAt),
    );
    expect(cancelled[0]!.cancelAt).toBe(cancelled[0]!.currentPeriodEnd);
    // Only one Stripe customer: the portal lists the one subscription.
    expect((await (await fetch(url)).text()).match(/<section /g)).toHaveLength(1);
  });

  it('cancels the subscriptions of a deleted account, and writes nothing for it when Stripe confirms', async () => {
    const user = await createUser();
    await buyInSandbox(user, { plan: 'basic', period: 'monthly', quantity: 2 });
    const [sub] = await eventually(
      () => subs(user),
      (s) => s.length === 1,
    );
    expect(await call('deleteUserData', null, user)).toBeNull();

    const env = inject('stackEnv');
    const base = new URL(env.STRIPE_API_BASE!);
    const stripe = new Stripe(env.STRIPE_SECRET_KEY, { host: base.hostname, port: base.port, protocol: 'http' });
    expect((await stripe.subscriptions.retrieve(sub!.id)).status).toBe('canceled');
    // The confirmation to the address the account had says so.
    const farewell = await waitForMail(user.email, { subject: /^Your account has been deleted/ });
    expect(farewell.text).toContain('Its subscriptions were cancelled at once, without a refund');
    // Stripe's events may arrive after the account is gone (this one late, as a retry would): answered, nothing written.
    expect(
      await deliver(
        event(
          'customer.subscription.deleted',
          subscription({ id: sub!.id, uid: user.uid, quantity: 2, status: 'canceled' }),
        ),
      ),
    ).toBe(200);
    expect(await deliver(event('customer.subscription.updated', subscription({ uid: user.uid, quantity: 9 })))).toBe(
      200,
    );
    const { billingTable } = await import('../../lambdas/src/adapters/billing/billing-table');
    const { mapTable } = await import('../../lambdas/src/adapters/maps/map-table');
    expect(await billingTable.subscriptions(user.uid)).toEqual([]);
    expect(await mapTable.slots(user.uid)).toMatchObject({ basicCapacity: 0, basicSubscribed: 0 });
  });

  it('refuses bad input and changes nothing', async () => {
    const user = await createUser();
    for (const data of [
      { plan: 'basic', period: 'monthly', quantity: 0 },
      { plan: 'basic', period: 'monthly', quantity: 1001 },
      { plan: 'basic', period: 'monthly', quantity: 1.5 },
      { plan: 'gold', period: 'monthly', quantity: 1 },
      { plan: 'basic', period: 'weekly', quantity: 1 },
      { plan: 'basic', period: 'monthly', quantity: 1, price: 'price_x' },
    ]) {
      expect((await rawCall('createCheckoutSession', data, { token: user.token })).status, JSON.stringify(data)).toBe(
        400,
      );
    }
    expect(
      (await rawCall('createPortalLink', { returnPath: 'https://evil.example/' }, { token: user.token })).status,
    ).toBe(400);
    expect(
      (await rawCall('createPortalLink', { returnPath: '//evil.example/maps' }, { token: user.token })).status,
    ).toBe(400);
  });
});

describe('licences', () => {
  it('gives a test map 6 months of Basic, once per code, ever', async () => {
    const user = await createUser();
    const other = await createUser();
    const map = await call<string>('createMap', { title: 'Hotel' }, user);
    const purchase = code('00000000');
    const result = await call<RegisterLicenseResult>(
      'registerLicense',
      { purchaseCode: purchase.toUpperCase(), mapId: map },
      user,
    );
    expect(result.state).toBe(1);
    const months = (Date.parse(result.license.endsAt) - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(5.9);
    expect(months).toBeLessThan(6.1);
    expect(result.license.code).toBe(`${purchase.slice(0, 4)}****-****-****-****-********${purchase.slice(-4)}`);
    // The licence is the map's own, counted apart from subscription slots.
    expect(await slots(user)).toMatchObject({ basicLicensed: 1, basicCapacity: 0, basicUsed: 0, testMaps: 0 });
    const listed = await call<MapSummary[]>('listMaps', null, user);
    expect(listed[0]).toMatchObject({ state: 1, licenseEndsAt: result.license.endsAt });
    // The public copy follows from the table's stream (ADR 047); `call` waited for it.
    expect((await (await fetch(`${baseUrl()}/data/maps/${map}.json`)).json()).state).toBe(1);
    expect(await call<License[]>('listLicenses', null, user)).toEqual([result.license]);

    // Used: by the same account on another map, and by anyone else.
    const second = await call<string>('createMap', { title: 'Annex' }, user);
    const elsewhere = await call<string>('createMap', { title: 'Theirs' }, other);
    for (const [who, mapId] of [
      [user, second],
      [other, elsewhere],
    ] as const) {
      expect(await rawCall('registerLicense', { purchaseCode: purchase, mapId }, { token: who.token })).toMatchObject({
        status: 409,
        body: { error: { status: 'ALREADY_EXISTS', message: BILLING_MESSAGES.licenseUsed } },
      });
    }
    expect(await slots(other)).toMatchObject({ basicLicensed: 0, basicCapacity: 0 });
  });

  it('refuses a code the marketplace does not know, and malformed codes, changing nothing', async () => {
    const user = await createUser();
    const map = await call<string>('createMap', { title: 'Plan' }, user);
    expect(
      await rawCall('registerLicense', { purchaseCode: code('1a2b3c4d'), mapId: map }, { token: user.token }),
    ).toMatchObject({
      status: 404,
      body: { error: { status: 'NOT_FOUND', message: BILLING_MESSAGES.licenseUnknown } },
    });
    for (const purchaseCode of ['', 'not-a-code', '00000000-0000-0000-0000-00000000000g', `${code('00000000')}x`]) {
      expect(
        (await rawCall('registerLicense', { purchaseCode, mapId: map }, { token: user.token })).status,
        purchaseCode,
      ).toBe(400);
    }
    expect(await slots(user)).toMatchObject({ basicLicensed: 0, testMaps: 1 });
  });

  it('registers one code once when two registrations race', async () => {
    const user = await createUser();
    const a = await call<string>('createMap', { title: 'A' }, user);
    const b = await call<string>('createMap', { title: 'B' }, user);
    const purchase = code('00000000');
    const answers = await Promise.all(
      [a, b, a, b].map((mapId) => rawCall('registerLicense', { purchaseCode: purchase, mapId }, { token: user.token })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await slots(user)).toMatchObject({ basicLicensed: 1, basicCapacity: 0, basicUsed: 0, testMaps: 1 });
  });

  it('ends after 6 months in the sweep, and the map goes back to test like a lapsed subscription', async () => {
    const user = await createUser();
    const map = await call<string>('createMap', { title: 'Expo' }, user);
    await call('registerLicense', { purchaseCode: code('00000000'), mapId: map }, user);
    const { endDueLicenses } = await import('../../lambdas/src/domain/services/billing');
    expect((await endDueLicenses(new Date(Date.now() + 90 * 86_400_000))).ended).toBe(0);
    const { ended } = await endDueLicenses(new Date(Date.now() + 200 * 86_400_000));
    expect(ended).toBeGreaterThanOrEqual(1);
    expect(await slots(user)).toMatchObject({ basicLicensed: 0, basicCapacity: 0, basicUsed: 0, testMaps: 1 });
    expect((await call<MapSummary[]>('listMaps', null, user))[0]).toMatchObject({
      state: 0,
      lapsedFrom: 1,
      licenseEndsAt: null,
    });
    expect((await call<License[]>('listLicenses', null, user))[0]).toMatchObject({ ended: true });
    // A slot bought and Go live: the answer is the map as written, no longer waiting to come back (the card's
    // "went back to test" note goes with it), and the list says the same.
    await deliver(event('customer.subscription.created', subscription({ uid: user.uid, quantity: 1 })));
    const live = await call<MapSummary>('setMapState', { id: map, state: 1 }, user);
    expect(live).toMatchObject({ state: 1, lapsedFrom: null });
    expect((await call<MapSummary[]>('listMaps', null, user))[0]).toMatchObject({ state: 1, lapsedFrom: null });
    // Back to test: its 7 days start now, in the answer as in the list.
    const back = await call<MapSummary>('setMapState', { id: map, state: 0 }, user);
    const listed = (await call<MapSummary[]>('listMaps', null, user))[0]!;
    expect(back.activeUntil).toBe(listed.activeUntil);
    expect(Date.parse(back.activeUntil!)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
  });
});

describe('who may call', () => {
  const calls: Array<[string, unknown]> = [
    ['createCheckoutSession', { plan: 'basic', period: 'monthly', quantity: 1 }],
    ['createPortalLink', { returnPath: '/maps' }],
    ['listSubscriptions', null],
    ['listLicenses', null],
    ['registerLicense', { purchaseCode: '00000000-0000-4000-8000-000000000000', mapId: 'abc' }],
    ['restoreLapsedMaps', null],
  ];

  it('refuses signed-out callers', async () => {
    for (const [name, data] of calls) expect((await rawCall(name, data)).status, name).toBe(401);
  });

  it("lets nobody register a licence on another user's map", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const map = await call<string>('createMap', { title: 'Mine' }, owner);
    expect(
      (await rawCall('registerLicense', { purchaseCode: code('00000000'), mapId: map }, { token: stranger.token }))
        .status,
    ).toBe(404);
    expect(await slots(owner)).toMatchObject({ basicLicensed: 0, testMaps: 1 });
  });

  it('shows an administrator viewing as a user their subscriptions, but leaves buying and managing to the user', async () => {
    const admin = await adminUser();
    const user = await createUser();
    expect(await call('listSubscriptions', null, admin, user.uid)).toEqual([]);
    for (const name of ['createCheckoutSession', 'createPortalLink']) {
      const data = calls.find(([n]) => n === name)![1];
      expect((await rawCall(name, data, { token: admin.token, viewAs: user.uid })).status, name).toBe(403);
    }
  });
});
