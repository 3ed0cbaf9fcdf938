/**
 * The Stripe webhook through the gateway, as Stripe calls it: signatures, replays, out-of-order delivery, and
 * subscriptions turning into slot capacity, with maps going back to test when capacity falls below use and
 * coming back with one click.
 */
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Subscription } from '@mapnest/shared/billing';
import { ORIGIN_SECRET_HEADER } from '@mapnest/lambdas/lib/origin-check';
import type { MapSummary, SlotCounters } from '@mapnest/shared/maps';
import {
  adminUser,
  anotherAdmin,
  baseUrl,
  call,
  createUser,
  rawCall,
  type TestUser,
  createPublishedMap,
} from '../helpers/stack';
import { deliver, event, nowSeconds, subscription } from '../helpers/stripe';

const slots = (user: TestUser) => call<SlotCounters>('getSlots', null, user);
const subs = (user: TestUser) => call<Subscription[]>('listSubscriptions', null, user);
const maps = (user: TestUser) => call<MapSummary[]>('listMaps', null, user);

async function mailTo(email: string): Promise<Array<{ subject: string; text: string }>> {
  const res = await fetch(`${baseUrl()}/_dev/mail.json?to=${encodeURIComponent(email)}`);
  return (await res.json()) as Array<{ subject: string; text: string }>;
}

/** A map made live (or pro) now; promotions are told apart by time, so each waits a moment. */
async function liveMap(user: TestUser, title: string, state: 1 | 3 = 1): Promise<string> {
  const id = await createPublishedMap({ title }, user);
  await call('setMapState', { id, state }, user);
  await new Promise((r) => setTimeout(r, 15));
  return id;
}

beforeAll(() => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
});

describe('signature', () => {
  it('accepts a correctly signed event and turns the subscription into slots', async () => {
    const user = await createUser();
    expect(await deliver(event('customer.subscription.created', subscription({ uid: user.uid, quantity: 3 })))).toBe(
      200,
    );
    expect(await slots(user)).toMatchObject({ basicSubscribed: 3, basicCapacity: 3 });
    expect(await subs(user)).toEqual([
      expect.objectContaining({ plan: 'basic', quantity: 3, status: 'active', cancelAt: null, period: 'monthly' }),
    ]);
  });

  it('answers 400 to a tampered body and changes nothing', async () => {
    const user = await createUser();
    const genuine = event('customer.subscription.created', subscription({ uid: user.uid, quantity: 1 }));
    const tampered = JSON.stringify(
      event('customer.subscription.created', subscription({ uid: user.uid, quantity: 900 })),
    );
    expect(await deliver(genuine, { payload: tampered })).toBe(400);
    expect(await deliver(genuine, { secret: 'whsec_not_ours' })).toBe(400);
    expect(await slots(user)).toMatchObject({ basicCapacity: 0, basicSubscribed: 0 });
    expect(await subs(user)).toEqual([]);
  });

  it('answers 400 to a stale signature (older than 5 minutes) and changes nothing', async () => {
    const user = await createUser();
    expect(
      await deliver(event('customer.subscription.created', subscription({ uid: user.uid, quantity: 2 })), {
        timestamp: nowSeconds() - 600,
      }),
    ).toBe(400);
    expect(await slots(user)).toMatchObject({ basicCapacity: 0 });
  });

  it('checks the signature over the decoded bytes when API Gateway hands the body base64-encoded', async () => {
    const user = await createUser();
    // Non-ASCII in the payload: re-serialising or decoding as Latin-1 would break the signature.
    const evt = event('customer.subscription.created', {
      ...subscription({ uid: user.uid, quantity: 4 }),
      description: 'Café Zürich ☕',
    });
    const payload = JSON.stringify(evt);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: inject('stackEnv').STRIPE_WEBHOOK_SECRET,
    });
    const { handler } = await import('../../lambdas/src/http/stripe-webhook');
    const base = {
      version: '2.0',
      routeKey: 'POST /api/stripe/webhook',
      rawPath: '/api/stripe/webhook',
      rawQueryString: '',
      requestContext: { http: { method: 'POST', path: '/api/stripe/webhook' } },
    } as unknown as Parameters<typeof handler>[0];
    // Through CloudFront, as Stripe posts to the app's address: the origin adds its secret header (ADR 034).
    const through = { 'stripe-signature': signature, [ORIGIN_SECRET_HEADER]: inject('stackEnv').ORIGIN_SECRETS };
    const tampered = await handler({
      ...base,
      headers: through,
      body: Buffer.from(payload.replace('4', '5')).toString('base64'),
      isBase64Encoded: true,
    });
    expect(tampered.statusCode).toBe(400);
    // The same signed event posted to the execute-api address (no origin header, or a guessed one) changes nothing.
    for (const headers of [
      { 'stripe-signature': signature },
      { 'stripe-signature': signature, [ORIGIN_SECRET_HEADER]: 'guessed' },
    ]) {
      const direct = await handler({
        ...base,
        headers,
        body: Buffer.from(payload).toString('base64'),
        isBase64Encoded: true,
      });
      expect(direct.statusCode).toBe(403);
    }
    expect(await slots(user)).not.toMatchObject({ basicCapacity: 4 });
    const answer = await handler({
      ...base,
      headers: through,
      body: Buffer.from(payload).toString('base64'),
      isBase64Encoded: true,
    });
    expect(answer.statusCode).toBe(200);
    expect(await slots(user)).toMatchObject({ basicCapacity: 4 });
  });

  it('answers 400 without a signature header, and 404 to other methods as API Gateway does', async () => {
    const res = await fetch(`${baseUrl()}/api/stripe/webhook`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect((await fetch(`${baseUrl()}/api/stripe/webhook`)).status).toBe(404);
  });
});

describe('delivery', () => {
  it('processes the same event once, however often Stripe delivers it', async () => {
    const user = await createUser();
    const once = event('customer.subscription.created', subscription({ uid: user.uid, quantity: 2 }));
    const statuses = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(once)));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await slots(user)).toMatchObject({ basicSubscribed: 2, basicCapacity: 2 });
    // Side effects happen once too: one failed payment, one email, however many deliveries.
    const customer = (once.data as { object: { customer: string } }).object.customer;
    await deliver(
      event('checkout.session.completed', {
        id: 'cs_test_once',
        object: 'checkout.session',
        customer,
        metadata: { uid: user.uid },
      }),
    );
    const failed = event('invoice.payment_failed', { id: 'in_once', object: 'invoice', customer, status: 'open' });
    for (let i = 0; i < 5; i++) expect(await deliver(failed)).toBe(200);
    expect((await mailTo(user.email)).filter((m) => /payment failed/i.test(m.subject))).toHaveLength(1);
  });

  it('keeps the newest state when `updated` arrives before `created`', async () => {
    const user = await createUser();
    const sub = subscription({ uid: user.uid, quantity: 2 });
    const t = nowSeconds();
    expect(
      await deliver(
        event('customer.subscription.updated', { ...sub, items: withQuantity(sub, 5) }, { created: t + 5 }),
      ),
    ).toBe(200);
    expect(await deliver(event('customer.subscription.created', sub, { created: t }))).toBe(200);
    expect(await slots(user)).toMatchObject({ basicSubscribed: 5, basicCapacity: 5 });
    expect((await subs(user))[0]).toMatchObject({ quantity: 5 });
  });

  it('never brings a deleted subscription back with a late update', async () => {
    const user = await createUser();
    const sub = subscription({ uid: user.uid, quantity: 2 });
    const t = nowSeconds();
    await deliver(event('customer.subscription.created', sub, { created: t }));
    await deliver(event('customer.subscription.deleted', { ...sub, status: 'canceled' }, { created: t + 1 }));
    await deliver(event('customer.subscription.updated', sub, { created: t + 1 }));
    expect(await slots(user)).toMatchObject({ basicSubscribed: 0, basicCapacity: 0 });
    expect(await subs(user)).toEqual([]);
  });

  it('keeps Basic and Professional subscriptions apart', async () => {
    const user = await createUser();
    await deliver(event('customer.subscription.created', subscription({ uid: user.uid, plan: 'basic', quantity: 2 })));
    await deliver(
      event(
        'customer.subscription.created',
        subscription({ uid: user.uid, plan: 'pro', period: 'yearly', quantity: 4 }),
      ),
    );
    expect(await slots(user)).toMatchObject({ basicCapacity: 2, proCapacity: 4 });
    expect((await subs(user)).map((s) => [s.plan, s.period, s.quantity]).sort()).toEqual([
      ['basic', 'monthly', 2],
      ['pro', 'yearly', 4],
    ]);
  });
});

function withQuantity(sub: Record<string, unknown>, quantity: number) {
  const items = sub.items as { data: Array<Record<string, unknown>> };
  return { ...items, data: [{ ...items.data[0], quantity }] };
}

describe('capacity below use', () => {
  it('sends the most recently promoted maps back to test, emails the owner, and brings them back with one click', async () => {
    const user = await createUser();
    const sub = subscription({ uid: user.uid, quantity: 3 });
    const t = nowSeconds();
    await deliver(event('customer.subscription.created', sub, { created: t }));
    const first = await liveMap(user, 'First');
    const second = await liveMap(user, 'Second');
    const third = await liveMap(user, 'Third');
    expect(await slots(user)).toMatchObject({ basicUsed: 3, basicCapacity: 3 });

    expect(
      await deliver(
        event('customer.subscription.updated', { ...sub, items: withQuantity(sub, 1) }, { created: t + 1 }),
      ),
    ).toBe(200);
    const after = new Map((await maps(user)).map((m) => [m.id, m]));
    expect(after.get(first)).toMatchObject({ state: 1, lapsedFrom: null });
    for (const id of [second, third]) {
      expect(after.get(id)).toMatchObject({ state: 0, lapsedFrom: 1, published: true });
      // Nothing deleted, and 7 days of test visibility from now, not from the map's creation.
      const until = Date.parse(after.get(id)!.activeUntil!);
      expect(until).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
      const published = await (await fetch(`${baseUrl()}/data/maps/${id}.json`)).json();
      expect(published).toMatchObject({ state: 0, expired: false });
    }
    expect(await slots(user)).toMatchObject({ basicUsed: 1, basicCapacity: 1, testMaps: 2 });
    const mail = await mailTo(user.email);
    expect(
      mail.some(
        (m) => /2 maps went back to test/.test(m.subject) && m.text.includes('"Second"') && m.text.includes('"Third"'),
      ),
    ).toBe(true);

    // Nothing comes back while slots are missing.
    expect(await call('restoreLapsedMaps', null, user)).toEqual({ restored: 0, remaining: 2 });
    await deliver(event('customer.subscription.updated', { ...sub, items: withQuantity(sub, 3) }, { created: t + 2 }));
    expect(await call('restoreLapsedMaps', null, user)).toEqual({ restored: 2, remaining: 0 });
    expect((await maps(user)).every((m) => m.state === 1 && m.lapsedFrom === null)).toBe(true);
    expect(await slots(user)).toMatchObject({ basicUsed: 3, basicCapacity: 3, testMaps: 0 });
  });

  it('shows a cancellation at period end, and lapses maps only when the subscription ends', async () => {
    const user = await createUser();
    const end = nowSeconds() + 20 * 86_400;
    const sub = subscription({ uid: user.uid, quantity: 1, periodEnd: end });
    const t = nowSeconds();
    await deliver(event('customer.subscription.created', sub, { created: t }));
    const map = await liveMap(user, 'Shop');
    await deliver(
      event(
        'customer.subscription.updated',
        { ...sub, cancel_at: end, cancel_at_period_end: true },
        { created: t + 1 },
      ),
    );
    expect((await subs(user))[0]).toMatchObject({ cancelAt: new Date(end * 1000).toISOString() });
    expect((await maps(user)).find((m) => m.id === map)).toMatchObject({ state: 1 });

    await deliver(
      event('customer.subscription.deleted', { ...sub, status: 'canceled', cancel_at: end }, { created: t + 2 }),
    );
    expect(await subs(user)).toEqual([]);
    expect((await maps(user)).find((m) => m.id === map)).toMatchObject({ state: 0, lapsedFrom: 1 });
    expect(await slots(user)).toMatchObject({ basicCapacity: 0, basicUsed: 0 });
  });

  it('keeps maps live while Stripe retries a failed payment, and lapses them when it gives up', async () => {
    const user = await createUser();
    const customer = `cus_fail${nowSeconds()}${Math.random().toString(16).slice(2, 8)}`;
    // Stripe links the customer to the user at checkout.
    await deliver(
      event('checkout.session.completed', {
        id: 'cs_test_x',
        object: 'checkout.session',
        customer,
        metadata: { uid: user.uid },
        client_reference_id: user.uid,
      }),
    );
    const sub = subscription({ uid: user.uid, customer, plan: 'pro', quantity: 1 });
    const t = nowSeconds();
    await deliver(event('customer.subscription.created', sub, { created: t }));
    const map = await liveMap(user, 'Campus', 3);

    expect(
      await deliver(
        event(
          'invoice.payment_failed',
          { id: 'in_1', object: 'invoice', customer, status: 'open' },
          { created: t + 1 },
        ),
      ),
    ).toBe(200);
    await deliver(event('customer.subscription.updated', { ...sub, status: 'past_due' }, { created: t + 1 }));
    expect((await subs(user))[0]).toMatchObject({ status: 'past_due' });
    expect((await maps(user)).find((m) => m.id === map)).toMatchObject({ state: 3 });
    expect((await mailTo(user.email)).some((m) => /payment failed/i.test(m.subject))).toBe(true);

    await deliver(event('customer.subscription.deleted', { ...sub, status: 'canceled' }, { created: t + 2 }));
    expect((await maps(user)).find((m) => m.id === map)).toMatchObject({ state: 0, lapsedFrom: 3 });
  });
});

describe('slots granted by an administrator', () => {
  it('lapses the newest map when a grant is lowered below use', async () => {
    const admin = await adminUser();
    const user = await createUser();
    await call('setUserSlots', { uid: user.uid, basic: 2, pro: 0 }, admin);
    const older = await liveMap(user, 'Older');
    const newer = await liveMap(user, 'Newer');
    expect(await call('setUserSlots', { uid: user.uid, basic: 1, pro: 0 }, admin)).toMatchObject({
      basicCapacity: 1,
      basicUsed: 1,
    });
    const states = new Map((await maps(user)).map((m) => [m.id, m.state]));
    expect([states.get(older), states.get(newer)]).toEqual([1, 0]);
  });

  it("keeps an administrator's own maps when their grant is lowered below use: they need no slot", async () => {
    const admin = await adminUser();
    const other = await anotherAdmin();
    await call('setUserSlots', { uid: other.uid, basic: 1, pro: 1 }, admin);
    const live = await liveMap(other, 'Live');
    const pro = await liveMap(other, 'Pro', 3);
    // Beyond the slots, set by the administrator on their own account.
    const extra = await liveMap(other, 'Extra', 3);
    expect(await call('setUserSlots', { uid: other.uid, basic: 0, pro: 0 }, admin)).toMatchObject({
      basicCapacity: 0,
      basicUsed: 1,
      proCapacity: 0,
      proUsed: 2,
    });
    const states = new Map((await maps(other)).map((m) => [m.id, m.state]));
    expect([states.get(live), states.get(pro), states.get(extra)]).toEqual([1, 3, 3]);
  });
});

describe('slot checks', () => {
  it('never exceeds capacity when many setMapState calls race', async () => {
    const user = await createUser();
    await deliver(event('customer.subscription.created', subscription({ uid: user.uid, quantity: 1 })));
    const a = await call<string>('createMap', { title: 'A' }, user);
    const b = await call<string>('createMap', { title: 'B' }, user);
    const answers = await Promise.all(
      [a, b, a, b, a, b].map((id) => rawCall('setMapState', { id, state: 1 }, { token: user.token })),
    );
    expect(answers.every((r) => [200, 409, 429].includes(r.status))).toBe(true);
    const live = (await maps(user)).filter((m) => m.state === 1);
    expect(live).toHaveLength(1);
    expect(await slots(user)).toMatchObject({ basicUsed: 1, basicCapacity: 1, testMaps: 1 });
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({ error: { status: 'RESOURCE_EXHAUSTED', details: { slot: 'basic' } } });
  });
});
