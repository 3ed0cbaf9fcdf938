/**
 * The billing emails a customer expects, through the real mail path into the dev mailbox: subscription started,
 * changed, ending, ended and renewed (with its receipt), payment failed, licence registered and licence ending in
 * 14 days. Each quotes the prices and rules of the one source (shared/src/calls/billing-texts.ts) the dialogs show.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BILLING_TEXTS, subscriptionLine } from '@mapnest/shared/billing-texts';
import type { Subscription } from '@mapnest/shared/billing';
import { call, createPublishedMap, createUser, eventually, streamSettled, type TestUser } from '../helpers/stack';
import { buyInSandbox, deliver, event, mailTo, nowSeconds, press, subscription } from '../helpers/stripe';

const code = () => `00000000-${crypto.randomUUID().slice(9)}`;
const subjects = async (user: TestUser) => (await mailTo(user.email)).map((m) => m.subject);
const find = async (user: TestUser, subject: RegExp) =>
  (await mailTo(user.email)).filter((m) => subject.test(m.subject));

beforeAll(() => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
});

describe('subscription emails', () => {
  it('tells the customer a subscription started, changed, is ending and ended, each once', async () => {
    const user = await createUser();
    const end = nowSeconds() + 20 * 86_400;
    const sub = subscription({ uid: user.uid, quantity: 3, periodEnd: end });
    const t = nowSeconds();
    const created = event('customer.subscription.created', sub, { created: t });
    await deliver(created);
    await deliver(created); // a replay sends nothing again
    const [started, ...again] = await find(user, /Your Basic subscription has started/);
    expect(again).toEqual([]);
    // The same price line the plan dialog computes: 3 maps at $10.
    expect(started!.text).toContain(subscriptionLine('basic', 'monthly', 3));
    expect(started!.text).toContain('$30 a month ($10 per map)');
    expect(started!.text).toContain(BILLING_TEXTS.goLiveWays);

    const items = (q: number) => ({
      ...(sub.items as object),
      data: [{ ...(sub.items as { data: object[] }).data[0], quantity: q }],
    });
    await deliver(event('customer.subscription.updated', { ...sub, items: items(12) }, { created: t + 1 }));
    const [changed] = await find(user, /Your Basic subscription has changed/);
    // The volume discount from 10 maps, as the dialog shows it.
    expect(changed!.text).toContain(`It is now ${subscriptionLine('basic', 'monthly', 12)}`);
    expect(changed!.text).toContain('$108 a month ($9 per map)');
    expect(changed!.text).toContain(`(was ${subscriptionLine('basic', 'monthly', 3)})`);

    await deliver(
      event(
        'customer.subscription.updated',
        { ...sub, items: items(12), cancel_at: end, cancel_at_period_end: true },
        { created: t + 2 },
      ),
    );
    const [ending] = await find(user, /Your Basic subscription ends on /);
    expect(ending!.text).toContain('you will not be charged again');

    await deliver(
      event('customer.subscription.deleted', { ...sub, items: items(12), status: 'canceled' }, { created: t + 3 }),
    );
    expect(await find(user, /Your Basic subscription has ended/)).toHaveLength(1);
    expect((await subjects(user)).filter((s) => /subscription/.test(s))).toHaveLength(4);
  });

  it('emails a receipt for a renewal, never for the first invoice, and the payment failure', async () => {
    const user = await createUser();
    const customer = `cus_mail${nowSeconds()}${Math.random().toString(16).slice(2, 8)}`;
    await deliver(
      event('checkout.session.completed', {
        id: 'cs_x',
        object: 'checkout.session',
        customer,
        metadata: { uid: user.uid },
      }),
    );
    const sub = subscription({ uid: user.uid, customer, plan: 'pro', period: 'yearly', quantity: 1 });
    await deliver(event('customer.subscription.created', sub));
    const invoice = (reason: string) => ({
      id: `in_${reason}`,
      object: 'invoice',
      customer,
      status: 'paid',
      billing_reason: reason,
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${reason}`,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    });
    await deliver(event('invoice.paid', invoice('subscription_create')));
    expect(await find(user, /renewed/)).toEqual([]);
    await deliver(event('invoice.paid', invoice('subscription_cycle')));
    const [renewed] = await find(user, /Your Professional subscription has renewed/);
    expect(renewed!.text).toContain('Your receipt: https://invoice.stripe.com/i/acct_test/subscription_cycle');
    expect(renewed!.text).toContain(subscriptionLine('pro', 'yearly', 1));
    expect(renewed!.text).toContain('$288 a year');

    await deliver(
      event('invoice.payment_failed', {
        id: 'in_f',
        object: 'invoice',
        customer,
        status: 'open',
        currency: 'usd',
        amount_due: 28800,
      }),
    );
    const failed = await find(user, /Your payment failed/);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.text).toContain('We could not collect the payment of $288 for your map slots.');
  });

  it('sends the started and renewal emails for a purchase and a renewal in the payments sandbox', async () => {
    const user = await createUser();
    await buyInSandbox(user, { plan: 'basic', period: 'monthly', quantity: 2 });
    const started = await eventually(
      () => find(user, /Your Basic subscription has started/),
      (m) => m.length > 0,
    );
    expect(started[0]!.text).toContain(subscriptionLine('basic', 'monthly', 2));

    const portal = await call<{ url: string }>('createPortalLink', { returnPath: '/maps#settings/Plan' }, user);
    const [sub] = await call<Subscription[]>('listSubscriptions', null, user);
    await press(`${new URL(portal.url).pathname}/period-end`, { subscription: sub!.id });
    const renewed = await eventually(
      () => find(user, /Your Basic subscription has renewed/),
      (m) => m.length > 0,
    );
    // The sandbox links no hosted receipt: the email points at the payment portal's invoices.
    expect(renewed[0]!.text).toContain('Your receipt is in the payment portal, from the Plan tab:');
    // The invoice comes before the subscription's update, as Stripe's may: the next renewal is still the end of the
    // period it paid for, not the end of the one it renewed on.
    const [after] = await eventually(
      () => call<Subscription[]>('listSubscriptions', null, user),
      ([s]) => s!.currentPeriodEnd !== sub!.currentPeriodEnd,
    );
    const next = new Date(after!.currentPeriodEnd!).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(renewed[0]!.text).toContain(`The next renewal is on ${next}.`);
  });
});

describe('a renewal payment that fails in the payments sandbox', () => {
  it('names the subscription, says when a retry collects it, and says why a subscription ended after the last try', async () => {
    const user = await createUser();
    await buyInSandbox(user, { plan: 'basic', period: 'monthly', quantity: 2 });
    const portal = await call<{ url: string }>('createPortalLink', { returnPath: '/maps#settings/Plan' }, user);
    const [sub] = await eventually(
      () => call<Subscription[]>('listSubscriptions', null, user),
      (s) => s.length === 1,
    );
    const act = (action: string) => press(`${new URL(portal.url).pathname}/${action}`, { subscription: sub!.id });
    /** The first email whose subject matches, once it has come. */
    const mailed = async (subject: RegExp) =>
      (
        await eventually(
          () => find(user, subject),
          (m) => m.length > 0,
        )
      )[0]!;
    /** Once the subscription's status, as the app has it, is `status`. */
    const statusIs = (status: string) =>
      eventually(
        () => call<Subscription[]>('listSubscriptions', null, user),
        ([s]) => s!.status === status,
      );
    await act('renewal-fails');
    const failed = await mailed(/Your Basic payment failed/);
    expect(failed.text).toContain(`for your Basic subscription (${subscriptionLine('basic', 'monthly', 2)}).`);
    await statusIs('past_due');
    await act('retry-succeeds');
    expect((await mailed(/Your Basic payment went through/)).text).toContain(
      'The renewal payment that failed has now been collected',
    );
    await statusIs('active');
    // Fails again, and every retry fails: the end says why.
    await act('renewal-fails');
    await statusIs('past_due');
    await act('retries-exhausted');
    const ended = await mailed(/Your Basic subscription has ended/);
    expect(ended.text).toContain('has ended because its renewal payment could not be collected after the last attempt');
  });
});

describe('licence emails', () => {
  it('confirms a registration, and reminds once 14 days before the licence ends', async () => {
    const user = await createUser();
    const map = await call<string>('createMap', { title: 'Harbour' }, user);
    const { license } = await call<{ license: { endsAt: string } }>(
      'registerLicense',
      { purchaseCode: code(), mapId: map },
      user,
    );
    // The email a change owes follows from the table's stream (ADR 047); `call` waited for it.
    const [registered] = await find(user, /License registered for "Harbour"/);
    expect(registered!.text).toContain('it gives this map 6 months of Basic');
    // Live now, but never published: visitors see it once its owner publishes it (ADR 018).
    expect(registered!.text).toContain('The map is live now: visitors see it once you publish it.');
    expect(registered!.text).toContain(BILLING_TEXTS.goLiveWays);

    // A published map goes live for its visitors at once: nothing more to do.
    const shown = await createPublishedMap({ title: 'Pier' }, user);
    await call('registerLicense', { purchaseCode: code(), mapId: shown }, user);
    const [pier] = await find(user, /License registered for "Pier"/);
    expect(pier!.text).toContain('The map is live now.');
    expect(pier!.text).not.toContain('publish');

    const { remindEndingLicenses } = await import('../../lambdas/src/domain/services/billing');
    const ends = Date.parse(license.endsAt);
    await remindEndingLicenses(new Date(ends - 20 * 86_400_000)); // too early
    await streamSettled();
    expect(await find(user, /license of "Harbour" ends/)).toEqual([]);
    await remindEndingLicenses(new Date(ends - 13 * 86_400_000));
    await remindEndingLicenses(new Date(ends - 12 * 86_400_000)); // the next hourly runs send nothing again
    await streamSettled();
    const reminders = await find(user, /The license of "Harbour" ends on /);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(BILLING_TEXTS.licenseEnd);
  });
});
