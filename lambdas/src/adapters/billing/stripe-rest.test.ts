/**
 * The contract of Mapnest's Stripe requests (ADR 046): the Stripe SDK and stripe-rest.ts are pointed at the same
 * recording server, given the same parameters, and must send the same requests (method, path, form body byte for
 * byte, API version, key, content type, idempotency key). The retries follow stripe-node's rule (its
 * RequestSender._shouldRetry and backoff), checked here against a scripted server. An upgrade of the `stripe` package
 * that changes its API version or encoding fails here.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CallError } from '@mapnest/shared/errors';
import {
  startRecordingServer,
  type Recorded,
  type RecordingServer,
  type ScriptedAnswer,
} from '../recording-server.fixtures';
import { checkoutParams, stripeGateway } from './stripe';
import {
  retryDelayMs,
  stripeCustomers,
  stripeForm,
  stripeRequest,
  stripeSubscriptions,
  timing,
  type StripeParams,
} from './stripe-rest';

type Seen = Recorded;

/** Answers, in order, for the requests to come; then 200 with `{ id, url }`. */
let answers: ScriptedAnswer[] = [];
let seen: Seen[] = [];
let server: RecordingServer;
let base: string;

beforeAll(async () => {
  server = await startRecordingServer('application/json', (request) => {
    seen.push(request);
    const answer = answers.shift() ?? { status: 200 };
    return {
      ...answer,
      body:
        answer.body ??
        (answer.status === 200
          ? { id: 'obj_1', url: 'https://checkout.example/s/1' }
          : { error: { type: answer.status >= 500 ? 'api_error' : 'invalid_request_error', message: 'no' } }),
    };
  });
  base = server.url;
  process.env.STRIPE_API_BASE = base;
  process.env.STRIPE_SECRET_KEY = 'sk_test_contract';
});

afterAll(async () => {
  delete process.env.STRIPE_API_BASE;
  delete process.env.STRIPE_SECRET_KEY;
  await server.close();
});

const { sleep, now } = timing;
afterEach(() => {
  answers = [];
  seen = [];
  timing.sleep = sleep;
  timing.now = now;
});

const sdk = () =>
  new Stripe('sk_test_contract', {
    host: '127.0.0.1',
    port: new URL(base).port,
    protocol: 'http',
    maxNetworkRetries: 2,
    telemetry: false,
  });

/** What must be the same: everything Stripe reads, not the client's own user-agent headers. */
const contract = (r: Seen) => ({
  method: r.method,
  path: r.path,
  body: r.body,
  authorization: r.headers.authorization,
  version: r.headers['stripe-version'],
  contentType: r.headers['content-type'],
  accept: r.headers.accept,
});

const checkout = {
  customerId: 'cus_123',
  uid: 'a1b2c3d4-0000-4000-8000-000000000001',
  priceId: 'price_basic_yearly',
  quantity: 3,
  plan: 'basic',
  period: 'yearly',
  successUrl: 'https://app.example/maps?paid=1&from=checkout',
  cancelUrl: 'https://app.example/maps#subscribe',
} as const;

describe('Stripe requests as the SDK sends them', () => {
  it('creates a customer with the same body, version and idempotency key', async () => {
    await sdk().customers.create(
      { email: 'o’brien+maps@example.com', metadata: { uid: 'u1' } },
      { idempotencyKey: 'mapnest-customer-u1' },
    );
    await stripeGateway.createCustomer({ uid: 'u1', email: 'o’brien+maps@example.com' });
    await sdk().customers.create({ metadata: { uid: 'u2' } }, { idempotencyKey: 'mapnest-customer-u2' });
    await stripeGateway.createCustomer({ uid: 'u2', email: null });
    expect(seen).toHaveLength(4);
    expect(contract(seen[1]!)).toEqual(contract(seen[0]!));
    expect(contract(seen[3]!)).toEqual(contract(seen[2]!));
    expect(seen[1]!.headers['idempotency-key']).toBe('mapnest-customer-u1');
    expect(seen[0]!.headers['idempotency-key']).toBe('mapnest-customer-u1');
    expect(seen[0]!.headers['stripe-version']).toBe(Stripe.API_VERSION);
    expect(seen[1]!.body).toBe('email=o%E2%80%99brien%2Bmaps%40example.com&metadata[uid]=u1');
  });

  it('creates a Checkout session and a portal session with the same requests, each POST keyed once', async () => {
    await sdk().checkout.sessions.create(checkoutParams(checkout) as Stripe.Checkout.SessionCreateParams);
    expect(await stripeGateway.createCheckoutSession(checkout)).toEqual({
      id: 'obj_1',
      url: 'https://checkout.example/s/1',
    });
    await sdk().billingPortal.sessions.create({ customer: 'cus_123', return_url: 'https://app.example/maps#plan' });
    await stripeGateway.createPortalSession({ customerId: 'cus_123', returnUrl: 'https://app.example/maps#plan' });
    expect(contract(seen[1]!)).toEqual(contract(seen[0]!));
    expect(contract(seen[3]!)).toEqual(contract(seen[2]!));
    expect(seen[1]!.body).toContain('line_items[0][adjustable_quantity][enabled]=true');
    expect(seen[1]!.body).toContain('success_url=https%3A%2F%2Fapp.example%2Fmaps%3Fpaid%3D1%26from%3Dcheckout');
    const keys = seen.map((r) => r.headers['idempotency-key']);
    expect(keys[1]).toMatch(/^mapnest-retry-[0-9a-f-]{36}$/);
    expect(keys[0]).toMatch(/^stripe-node-retry-/);
    expect(new Set(keys).size).toBe(4);
  });

  it("updates a customer's email with the same request", async () => {
    await sdk().customers.update('cus_7', { email: 'new+maps@example.com' });
    await stripeCustomers.setEmail('cus_7', 'new+maps@example.com');
    expect(contract(seen[1]!)).toEqual(contract(seen[0]!));
    expect(seen[1]!.path).toBe('/v1/customers/cus_7');
    expect(seen[1]!.body).toBe('email=new%2Bmaps%40example.com');
  });

  it('reads a subscription with a GET of the same version and no body or key', async () => {
    await sdk().subscriptions.retrieve('sub_9');
    await stripeSubscriptions.retrieve('sub_9');
    expect(contract(seen[1]!)).toEqual({ ...contract(seen[0]!), contentType: undefined });
    expect(seen[1]!.headers['idempotency-key']).toBeUndefined();
  });

  it('lists and expires open Checkout sessions of the plan, and cancels a subscription with credit, as the SDK does', async () => {
    const list = (ids: Array<[string, string | null]>) => ({
      status: 200,
      body: { object: 'list', data: ids.map(([id, plan]) => ({ id, metadata: plan ? { plan } : {} })) },
    });
    await sdk().checkout.sessions.list({ customer: 'cus_1', status: 'open', limit: 100 });
    await sdk().checkout.sessions.expire('cs_old');
    await sdk().subscriptions.cancel('sub_2', {
      invoice_now: true,
      prorate: true,
      cancellation_details: { comment: 'Second subscription of a plan held by sub_1' },
    });
    answers = [
      list([
        ['cs_old', 'basic'],
        ['cs_pro', 'pro'],
        ['cs_bare', null],
      ]),
      { status: 200 },
      { status: 400 },
    ];
    expect(await stripeGateway.expireOpenCheckoutSessions({ customerId: 'cus_1', plan: 'basic' })).toBe(1);
    await stripeSubscriptions.cancelNowWithCredit('sub_2', 'Second subscription of a plan held by sub_1');
    expect(contract(seen[3]!)).toEqual({ ...contract(seen[0]!), contentType: undefined });
    expect(contract(seen[4]!)).toEqual(contract(seen[1]!));
    // The other plan's page stays open; one without a plan is expired too (here it was paid meanwhile: 400).
    expect(seen.slice(4, 6).map((r) => r.path)).toEqual([
      '/v1/checkout/sessions/cs_old/expire',
      '/v1/checkout/sessions/cs_bare/expire',
    ]);
    expect({ ...contract(seen[6]!), contentType: undefined }).toEqual({
      ...contract(seen[2]!),
      contentType: undefined,
    });
    expect(seen[6]!.path).toBe(
      '/v1/subscriptions/sub_2?invoice_now=true&prorate=true&cancellation_details[comment]=Second%20subscription%20of%20a%20plan%20held%20by%20sub_1',
    );
    expect(seen[6]!.headers['idempotency-key']).toBe('mapnest-cancel-duplicate-sub_2');
  });

  it('encodes every kind of value as the SDK does', async () => {
    const params: StripeParams = {
      text: "a b&c=d/e?f#g!h'i(j)k*l~m",
      unicode: 'Café ☕ 地図',
      empty: '',
      cleared: null,
      skipped: undefined,
      yes: true,
      no: false,
      count: 0,
      ratio: 1.5,
      list: ['x', undefined, 'z'],
      nested: { deep: [{ a: 1, b: [true, 'y'] }], 'odd key': 'v' },
    };
    await sdk().rawRequest('POST', '/v1/anything', params as Record<string, unknown>);
    await stripeRequest({ method: 'POST', path: '/v1/anything', params });
    expect(seen[1]!.body).toBe(seen[0]!.body);
    expect(stripeForm(params)).toBe(seen[0]!.body);
    expect(seen[1]!.body).toContain('cleared=&');
    expect(seen[1]!.body).not.toContain('skipped');
  });
});

describe('retries, as the SDK retries', () => {
  const noWait = () => {
    const waits: number[] = [];
    timing.sleep = async (ms) => void waits.push(ms);
    return waits;
  };

  it('tries a 500, a 409 and a dropped connection again with the same key, then answers', async () => {
    const waits = noWait();
    answers = [{ status: 500 }, { status: 409 }];
    expect(await stripeGateway.createPortalSession({ customerId: 'cus_1', returnUrl: 'https://a.example/' })).toBe(
      'https://checkout.example/s/1',
    );
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(new Set(seen.map((r) => r.body)).size).toBe(1);
    expect(waits).toHaveLength(2);
    seen = [];
    answers = [{ status: 200, destroy: true }];
    await stripeSubscriptions.retrieve('sub_1');
    expect(seen).toHaveLength(2);
  });

  it('is unavailable after three failed tries, and when Stripe says not to retry', async () => {
    noWait();
    answers = [{ status: 503 }, { status: 502 }, { status: 500 }];
    const refused = stripeGateway.createCustomer({ uid: 'u3', email: null });
    await expect(refused).rejects.toBeInstanceOf(CallError);
    await expect(refused).rejects.toMatchObject({ code: 'unavailable' });
    expect(seen).toHaveLength(3);
    seen = [];
    answers = [{ status: 500, headers: { 'stripe-should-retry': 'false' } }];
    await expect(stripeRequest({ method: 'GET', path: '/v1/subscriptions/sub_2' })).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(seen).toHaveLength(1);
  });

  it('does not retry a 429 unless Stripe advises it, nor a refused request, which is a bug and not "unavailable"', async () => {
    noWait();
    answers = [{ status: 429 }];
    await expect(stripeSubscriptions.retrieve('sub_3')).rejects.toMatchObject({ code: 'unavailable' });
    expect(seen).toHaveLength(1);
    seen = [];
    answers = [{ status: 429, headers: { 'stripe-should-retry': 'true' } }];
    expect(await stripeSubscriptions.retrieve('sub_3')).toMatchObject({ id: 'obj_1' });
    expect(seen).toHaveLength(2);
    seen = [];
    answers = [{ status: 400 }];
    const bad = stripeGateway.createCheckoutSession(checkout);
    await expect(bad).rejects.toThrow(/Stripe answered 400 creating a Checkout session/);
    await expect(bad).rejects.not.toBeInstanceOf(CallError);
    expect(seen).toHaveLength(1);
  });

  it('starts no retry that the call has no time left to run: 24 s for all tries', async () => {
    const waits = noWait();
    // The deadline is set at 0; the first try's answer comes at 23 s, so a retry (0.5-1 s away) would have less than a
    // second.
    const clock = [0, 0];
    timing.now = () => clock.shift() ?? 23_000;
    answers = [{ status: 500 }, { status: 500 }];
    const refused = stripeSubscriptions.retrieve('sub_4');
    await expect(refused).rejects.toMatchObject({ code: 'unavailable' });
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('waits as the SDK does: from 0.5 s, doubling, at most 5 s, jitter in the upper half', () => {
    expect(retryDelayMs(1, () => 0)).toBe(500);
    expect(retryDelayMs(1, () => 1)).toBe(500);
    expect(retryDelayMs(2, () => 1)).toBe(1000);
    expect(retryDelayMs(2, () => 0)).toBe(500);
    expect(retryDelayMs(5, () => 1)).toBe(5000);
    expect(retryDelayMs(9, () => 0.5)).toBe(3750);
  });
});
