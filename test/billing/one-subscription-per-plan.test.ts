/**
 * One subscription per plan, through the payments sandbox: opening a checkout expires the user's older checkout
 * pages of the plan (a page left open in another tab cannot be paid after a newer one), and a second subscription
 * that is paid all the same (two pages opened at the same moment) is cancelled at once with its unused time
 * credited, counts no slot, is never listed, and its owner is told the truth instead of "has started".
 */
import type Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Subscription } from '@mapnest/shared/billing';
import type { SlotCounters } from '@mapnest/shared/maps';
import { baseUrl, call, createUser, eventually, streamSettled, type TestUser } from '../helpers/stack';
import { deliver, event, mailTo, press, subscription } from '../helpers/stripe';

const slots = (user: TestUser) => call<SlotCounters>('getSlots', null, user);
const subs = (user: TestUser) => call<Subscription[]>('listSubscriptions', null, user);
const checkout = (user: TestUser, order: { plan: 'basic' | 'pro'; period: 'monthly' | 'yearly'; quantity: number }) =>
  call<{ url: string }>('createCheckoutSession', order, user);
const path = (url: string) => new URL(url).pathname;

/** A request to the sandbox's Stripe API, as the handlers' adapter sends it. */
async function stripeApi(method: string, apiPath: string, form?: Record<string, string>) {
  const env = inject('stackEnv');
  const res = await fetch(`${env.STRIPE_API_BASE}${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return (await res.json()) as Record<string, unknown>;
}

beforeAll(() => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
});

describe('one subscription per plan', () => {
  it('expires the checkout page left open in another tab when a newer one is opened for the plan', async () => {
    const user = await createUser();
    const tabB = await checkout(user, { plan: 'basic', period: 'yearly', quantity: 1 });
    const otherPlan = await checkout(user, { plan: 'pro', period: 'monthly', quantity: 1 });
    const tabA = await checkout(user, { plan: 'basic', period: 'monthly', quantity: 2 });

    const expired = await fetch(tabB.url);
    expect(expired.status).toBe(410);
    const page = await expired.text();
    expect(page).toContain('This checkout has expired');
    expect(page).toContain('Nothing can be paid on this page, and you were not charged.');
    expect(page).toContain(`href="${baseUrl()}/maps#subscribe"`);
    expect(page).not.toContain('>Pay</button>');
    // The Professional page is another plan's: it stays open.
    expect((await fetch(otherPlan.url)).status).toBe(200);

    expect((await press(`${path(tabA.url)}/pay`, { quantity: '2' })).status).toBe(303);
    await eventually(
      () => slots(user),
      (s) => s.basicCapacity === 2,
    );
    // Tab B pays too: refused, nothing sold.
    const late = await press(`${path(tabB.url)}/pay`, { quantity: '1' });
    expect(late.status).toBe(410);
    expect(await late.text()).toContain('This checkout has expired');
    await streamSettled();
    expect(await subs(user)).toEqual([expect.objectContaining({ plan: 'basic', period: 'monthly', quantity: 2 })]);
    expect(await slots(user)).toMatchObject({ basicCapacity: 2, basicSubscribed: 2 });
    // The email is sent after the subscription is stored (its notice follows the record): waited for, not assumed.
    const started = await eventually(
      async () => (await mailTo(user.email)).filter((m) => /Basic subscription has started/.test(m.subject)),
      (m) => m.length > 0,
    );
    expect(started).toHaveLength(1);
  });

  it('cancels a second subscription of the plan paid all the same, credits it, and says so', async () => {
    const user = await createUser();
    const first = await checkout(user, { plan: 'basic', period: 'monthly', quantity: 2 });
    // A second page made at the same moment as the first (two calls racing): the expiry cannot close this.
    const firstSession = await stripeApi('GET', `/v1/checkout/sessions/${path(first.url).split('/').pop()}`);
    const raced = await stripeApi('POST', '/v1/checkout/sessions', {
      mode: 'subscription',
      customer: String(firstSession.customer),
      'line_items[0][price]': JSON.parse(inject('stackEnv').STRIPE_PRICES).basic.yearly,
      'line_items[0][quantity]': '1',
      success_url: `${baseUrl()}/maps`,
      cancel_url: `${baseUrl()}/maps#subscribe`,
      'metadata[uid]': user.uid,
      'metadata[plan]': 'basic',
      'subscription_data[metadata][uid]': user.uid,
      'subscription_data[metadata][plan]': 'basic',
    });

    await press(`${path(first.url)}/pay`, { quantity: '2' });
    await eventually(
      () => slots(user),
      (s) => s.basicCapacity === 2,
    );
    await streamSettled();
    expect((await press(`${path(String(raced.url))}/pay`, { quantity: '1' })).status).toBe(303);

    const cancelled = await eventually(
      async () => (await stripeApi('GET', `/v1/checkout/sessions/${String(raced.id)}`)).subscription,
      (id) => typeof id === 'string',
    );
    const second = await eventually(
      () => stripeApi('GET', `/v1/subscriptions/${String(cancelled)}`),
      (s) => s.status === 'canceled',
    );
    expect(second.status).toBe('canceled');
    await eventually(
      async () => (await mailTo(user.email)).map((m) => m.subject),
      (s) => s.some((subject) => subject.startsWith('Your second Basic subscription was cancelled')),
    );
    await streamSettled();

    // The first subscription alone is shown and counted.
    expect(await subs(user)).toEqual([expect.objectContaining({ plan: 'basic', period: 'monthly', quantity: 2 })]);
    expect(await slots(user)).toMatchObject({ basicCapacity: 2, basicSubscribed: 2 });
    const mail = await mailTo(user.email);
    expect(mail.filter((m) => /Basic subscription has started/.test(m.subject))).toHaveLength(1);
    expect(mail.filter((m) => /subscription has ended/.test(m.subject))).toEqual([]);
    const notice = mail.find((m) => m.subject.startsWith('Your second Basic subscription was cancelled'))!;
    expect(notice.text).toContain('we cancelled the second one at once; it added no slots');
    expect(notice.text).toContain('credited to your account and taken off your next invoices');
    // The sandbox's portal shows the credit: the whole year just paid, less the seconds used.
    const portal = await call<{ url: string }>('createPortalLink', { returnPath: '/maps#settings/Plan' }, user);
    const portalPage = await (await fetch(portal.url)).text();
    expect(portalPage).toMatch(/Account credit: \$9[56](\.\d\d)?, taken off your next invoices\./);
    expect(portalPage.match(/<section /g)).toHaveLength(1);
    // Stripe keeps why it was cancelled: the subscription that holds the plan.
    const kept = (await subs(user))[0]!.id;
    expect(second.cancellation_details).toMatchObject({ comment: `Second subscription of a plan held by ${kept}` });
  });

  it('tells the owner of a second subscription whose deletion arrives before any other of its events, once', async () => {
    const user = await createUser();
    const customer = `cus_${user.uid.slice(0, 12)}`;
    const kept = subscription({ uid: user.uid, customer, plan: 'basic', quantity: 2 });
    expect(await deliver(event('customer.subscription.created', kept))).toBe(200);
    // Cancelled as a duplicate at its checkout; Stripe delivers its deletion first and its creation after.
    const second = subscription({ uid: user.uid, customer, plan: 'basic', quantity: 1 });
    const created = event('customer.subscription.created', second);
    const deleted = event('customer.subscription.deleted', {
      ...second,
      status: 'canceled',
      cancellation_details: { comment: `Second subscription of a plan held by ${String(kept.id)}`, reason: null },
    });
    expect(await deliver(deleted)).toBe(200);
    expect(await deliver(created)).toBe(200);

    const subjects = (await mailTo(user.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s.startsWith('Your second Basic subscription was cancelled'))).toHaveLength(1);
    expect(subjects.filter((s) => /subscription has ended/.test(s))).toEqual([]);
    expect(await subs(user)).toEqual([expect.objectContaining({ id: kept.id, quantity: 2 })]);
    expect(await slots(user)).toMatchObject({ basicCapacity: 2, basicSubscribed: 2 });
  });

  it('lets one of two subscriptions of a plan starting at the same moment hold its slots, and has the other read again', async () => {
    // The webhook's checks read first and write after: two events processed at the same moment (two Lambdas) could
    // both find no other subscription of the plan. The write itself claims the plan (ADR 059).
    const { billingTable } = await import('../../lambdas/src/adapters/billing/billing-table');
    const user = await createUser();
    const started = (id: string) => ({
      uid: user.uid,
      subscriptionId: `sub_${id}_${user.uid.slice(0, 8)}`,
      customerId: `cus_${user.uid.slice(0, 8)}`,
      plan: 'basic' as const,
      period: 'monthly' as const,
      quantity: 1,
      status: 'active',
      cancelAt: null,
      currentPeriodEnd: null,
      counted: 1,
      eventCreated: Math.floor(Date.now() / 1000),
      eventType: 'customer.subscription.created',
    });
    const outcomes = await Promise.all(
      ['a', 'b'].map((id) =>
        billingTable.writeSubscription(started(id), null, {
          id: `evt_${id}_${user.uid}`,
          type: 'customer.subscription.created',
        }),
      ),
    );
    expect(outcomes.sort()).toEqual(['applied', 'conflict']);
    expect(await slots(user)).toMatchObject({ basicCapacity: 1, basicSubscribed: 1 });
    const kept = (await billingTable.subscriptions(user.uid)).map((s) => s.subscriptionId);
    expect(kept).toHaveLength(1);

    // When the kept one ends, the plan is free again: a new subscription of it holds the slots.
    const [held] = await billingTable.subscriptions(user.uid);
    const { revision: _r, ...ended } = { ...held!, status: 'canceled', counted: 0 };
    expect(await billingTable.writeSubscription(ended, held!, { id: `evt_end_${user.uid}`, type: 't' })).toBe(
      'applied',
    );
    expect(await billingTable.writeSubscription(started('c'), null, { id: `evt_c_${user.uid}`, type: 't' })).toBe(
      'applied',
    );
    expect(await slots(user)).toMatchObject({ basicCapacity: 1, basicSubscribed: 1 });
  });

  it('cancels the second of two subscriptions of a plan whose events are handled at the same moment', async () => {
    const op = await import('../../lambdas/src/domain/billing');
    const { billingTable } = await import('../../lambdas/src/adapters/billing/billing-table');
    const { anyDeleted } = await import('../../lambdas/src/adapters/account-status');
    const { priceTable } = await import('../../lambdas/src/adapters/billing/stripe-prices');
    const { followUps } = await import('../../lambdas/src/adapters/follow-ups');
    const table = await import('../../lambdas/src/adapters/maps/map-table');
    const cancelled: string[] = [];
    // Two webhook Lambdas at once, with the real table; Stripe's side recorded (these subscriptions are made up here).
    const adapters = {
      mapTable: {
        get: table.get,
        list: table.list,
        slots: table.slots,
        lapse: table.lapse,
        changeState: table.changeState,
        lapseToBasic: table.lapseToBasic,
      },
      followUps,
      isAdministrator: async () => false,
      billingTable,
      accountStatus: { anyDeleted },
      priceTable,
      stripeSubscriptions: {
        retrieve: async () => null,
        cancelNowWithCredit: async (id: string) => void cancelled.push(id),
      },
    };
    const user = await createUser();
    const customer = `cus_${user.uid.slice(0, 12)}`;
    const both = [1, 2].map(() => subscription({ uid: user.uid, customer, plan: 'pro', quantity: 1 }));
    await Promise.all(
      both.map((s) =>
        op.handleStripeEvent(adapters, event('customer.subscription.created', s) as unknown as Stripe.Event),
      ),
    );
    await streamSettled();
    expect(cancelled).toHaveLength(1);
    const stored = await billingTable.subscriptions(user.uid);
    expect(stored.find((s) => s.subscriptionId === cancelled[0])).toMatchObject({
      counted: 0,
      duplicateOf: expect.any(String),
    });
    expect(await subs(user)).toHaveLength(1);
    expect(await slots(user)).toMatchObject({ proCapacity: 1, proSubscribed: 1 });
  });
});
