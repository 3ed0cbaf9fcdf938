/**
 * The billing service: Stripe subscriptions and marketplace licences become slot capacity, and capacity falling
 * below use sends the most recently promoted maps back to test (nothing is ever deleted). Every subscription change
 * is learnt from signed webhook events, processed once each and in order per subscription (ADR 007); Checkout and
 * the portal, which create Stripe sessions, are in stripe/payments.ts.
 */
import type Stripe from 'stripe';
import { MapState } from '@mapnest/shared/constants';
import {
  BILLING_MESSAGES,
  holdsSlots,
  licenseEndsAt,
  maskPurchaseCode,
  type License,
  type RegisterLicenseResult,
  type Subscription,
} from '@mapnest/shared/billing';
import { CallError } from '@mapnest/shared/errors';
import { isTestState, type SlotCounters } from '@mapnest/shared/maps';
import { logger } from '../lib/logger';
import type { LicenseItem, SubscriptionItem } from '../adapters/billing/billing-table';
import type { FollowUpWork } from '../adapters/follow-ups';
import { planOfPrice } from '../adapters/billing/stripe-prices';
import { MapVersionConflictError } from '../lib/errors';
import type { Actor } from './maps';
import { publishedOf } from './public-copy';
import { asDuplicate, cancelDuplicateCheckout } from './stripe/duplicates';
import { checkSubscription } from './stripe/stripe-events';
import {
  LICENSE_REMINDER_DAYS,
  licenseEndingNotice,
  licenseRegisteredNotice,
  paymentFailedNotice,
  renewalNotice,
  subscriptionNotice,
} from './billing/billing-notices';
import type { Need, SlotAdapters, StripeEventAdapters } from './billing-adapters';
import { reconcileSlots } from './billing/slot-lapses';

export { LAPSE_SUMMARY_GRACE_MS, reconcileSlots, restoreLapsedMaps } from './billing/slot-lapses';

function toSubscription(s: SubscriptionItem): Subscription {
  return {
    id: s.subscriptionId,
    plan: s.plan,
    quantity: s.quantity,
    status: s.status as Subscription['status'],
    cancelAt: s.cancelAt,
    currentPeriodEnd: s.currentPeriodEnd,
    period: s.period,
  };
}

/** The subscriptions that hold slots (active or trialing, plus past_due while Stripe retries), from our table. */
export async function listSubscriptions(a: Need<'billingTable'>, actor: Actor): Promise<Subscription[]> {
  const items = await a.billingTable.subscriptions(actor.subject);
  // A second subscription of a plan (stripe/duplicates.ts) is being cancelled: never shown as if intended.
  return items.filter((s) => holdsSlots(s.status) && !s.duplicateOf).map(toSubscription);
}

function toLicense(l: LicenseItem): License {
  return {
    code: maskPurchaseCode(l.code),
    mapId: l.mapId,
    registeredAt: l.registeredAt,
    startsAt: l.startsAt ?? l.registeredAt,
    endsAt: l.endsAt,
    ended: l.ended,
  };
}

export async function listLicenses(a: Need<'billingTable'>, actor: Actor): Promise<License[]> {
  const items = await a.billingTable.licenses(actor.subject);
  return items.sort((a, b) => b.registeredAt.localeCompare(a.registeredAt)).map(toLicense);
}

/**
 * A purchase code gives the map 6 months of Basic: a Basic slot that ends by itself, and a test map goes live on
 * it at once. A code is registered once, ever, across all accounts (the table's conditional put decides races). On a
 * map whose licence is still running, the months begin when it ends: a second code extends the licence (it would
 * otherwise be spent on months the map already has); the earlier licence's end then changes nothing for the map.
 */
export async function registerLicense(
  a: Need<'billingTable' | 'marketplace' | 'countLicenseAttempt' | 'accessible'>,
  actor: Actor,
  input: { purchaseCode: string; mapId: string },
  client: { sourceIp: string } = { sourceIp: '' },
): Promise<RegisterLicenseResult> {
  await a.countLicenseAttempt(actor.identity.uid, client.sourceIp);
  await a.accessible(actor.identity, input.mapId);
  if (await a.billingTable.license(input.purchaseCode))
    throw new CallError('already-exists', BILLING_MESSAGES.licenseUsed);
  const sale = await a.marketplace.verifyPurchase(input.purchaseCode);
  for (let attempt = 0; attempt < 3; attempt++) {
    const map = await a.accessible(actor.identity, input.mapId);
    const now = new Date().toISOString();
    const startsAt = map.licenseEndsAt && map.licenseEndsAt > now ? map.licenseEndsAt : now;
    const license: LicenseItem = {
      code: input.purchaseCode,
      uid: map.uid,
      mapId: map.id,
      registeredAt: now,
      startsAt,
      endsAt: licenseEndsAt(startsAt),
      ended: false,
      itemName: sale.itemName,
    };
    const promote = isTestState(map.state);
    // What the registration owes, written in its own transaction (ADR 047): the copy of a map it makes live, and
    // the confirmation.
    const owed: FollowUpWork[] = [
      ...(promote ? [{ kind: 'publish' as const, mapId: map.id }] : []),
      { kind: 'notice', uid: map.uid, ...licenseRegisteredNotice(license, map.title, promote, !!publishedOf(map)) },
    ];
    const outcome = await a.billingTable.registerLicense(
      license,
      {
        id: map.id,
        state: map.state,
        promote,
        previousLicenseEndsAt: map.licenseEndsAt ?? null,
        licenseEndsAt: license.endsAt,
        now,
      },
      owed,
    );
    if (outcome === 'used') throw new CallError('already-exists', BILLING_MESSAGES.licenseUsed);
    if (outcome === 'registered') {
      logger.info('licence registered', { mapId: map.id, uid: map.uid, item: sale.itemName });
      return { license: toLicense(license), state: promote ? MapState.LIVE : map.state };
    }
  }
  throw new MapVersionConflictError(null);
}

/**
 * Account deletion: the user's Stripe customer is deleted, so every subscription ends now and nobody is billed for
 * an account that is gone. Runs after the tombstone, so the `deleted` events Stripe sends back write nothing.
 * Answers whether a subscription holding slots was running, which this cancelled (the confirmation email says so).
 */
export async function deleteStripeCustomer(a: Need<'billingTable' | 'stripeCustomers'>, uid: string): Promise<boolean> {
  const customerId = await a.billingTable.customerOf(uid);
  if (!customerId) return false;
  const running = (await a.billingTable.subscriptions(uid)).some((s) => holdsSlots(s.status));
  // Deleting the customer cancels every subscription at once and removes the payment methods Stripe holds.
  await a.stripeCustomers.delete(customerId);
  logger.info('stripe customer deleted with the account', { uid, customerId, running });
  return running;
}

const iso = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;

/**
 * Whether `event` is older than the state we hold for its subscription (Stripe delivers in no set order): an
 * earlier event, any event after the subscription was deleted, or a 'created' event in the same second as the
 * state we already have (created always comes first).
 */
function isStale(held: SubscriptionItem, event: Stripe.Event): boolean {
  if (event.created < held.eventCreated) return true;
  if (held.status === 'canceled' && event.type !== 'customer.subscription.deleted') return true;
  return event.created === held.eventCreated && event.type === 'customer.subscription.created';
}

async function uidOf(
  a: Need<'billingTable'>,
  metadata: Record<string, string> | null | undefined,
  customer: unknown,
): Promise<string | null> {
  if (metadata?.uid) return metadata.uid;
  const customerId = typeof customer === 'string' ? customer : (customer as { id?: string } | null)?.id;
  return customerId ? a.billingTable.uidOfCustomer(customerId) : null;
}

/**
 * Two `updated` events of one subscription within the same second cannot be put in order by their times (Stripe's
 * `created` is in seconds and delivery order is not the order of changes): which one is the newest is then read
 * from Stripe itself, as Stripe's webhook guidance advises.
 */
function isOrderUnknown(held: SubscriptionItem, event: Stripe.Event): boolean {
  return (
    event.created === held.eventCreated &&
    event.type === 'customer.subscription.updated' &&
    held.eventType === 'customer.subscription.updated'
  );
}

/** The subscription as Stripe holds it now, validated like an event's; null when Stripe has no such subscription. */
async function currentSubscription(
  a: Need<'stripeSubscriptions'>,
  subscriptionId: string,
): Promise<Stripe.Subscription | null> {
  const current = await a.stripeSubscriptions.retrieve(subscriptionId);
  if (current === null) return null;
  const checked = checkSubscription(current);
  if (!checked) throw new Error(`Stripe answered subscription ${subscriptionId} in a shape we do not accept`);
  return checked;
}

/** The subscription item an event (or Stripe's current state) makes; null for an unknown price. */
async function subscriptionState(
  a: Need<'priceTable'>,
  uid: string,
  event: Stripe.Event,
  sub: Stripe.Subscription,
): Promise<Omit<SubscriptionItem, 'revision'> | null> {
  const item = sub.items?.data?.[0];
  const priced = item ? planOfPrice(await a.priceTable(), item.price.id) : null;
  if (!item || !priced) return null;
  const status = event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status;
  const quantity = item.quantity ?? 1;
  const legacy = sub as unknown as { current_period_end?: number };
  const periodEnd =
    (item as unknown as { current_period_end?: number }).current_period_end ?? legacy.current_period_end;
  return {
    uid,
    subscriptionId: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    plan: priced.plan,
    period: priced.period,
    quantity,
    status,
    cancelAt: iso(sub.cancel_at) ?? (sub.cancel_at_period_end ? iso(periodEnd) : null),
    currentPeriodEnd: iso(periodEnd),
    counted: holdsSlots(status) ? quantity : 0,
    eventCreated: event.created,
    eventType: event.type,
  };
}

async function applySubscription(
  a: StripeEventAdapters,
  event: Stripe.Event,
  sub: Stripe.Subscription,
): Promise<string> {
  const uid = await uidOf(a, sub.metadata, sub.customer);
  if (uid && (await a.accountStatus.anyDeleted([uid]))) {
    // The account is gone (its subscriptions were cancelled with it): nothing may be written for it again.
    await a.billingTable.recordEvent(event.id, event.type);
    return 'ignored';
  }
  const fromEvent = uid ? await subscriptionState(a, uid, event, sub) : null;
  if (!uid || !fromEvent) {
    logger.error('subscription event for an unknown customer or price', {
      eventId: event.id,
      subscription: sub.id,
      price: sub.items?.data?.[0]?.price.id,
    });
    await a.billingTable.recordEvent(event.id, event.type);
    return 'ignored';
  }
  for (let attempt = 0; attempt < 6; attempt++) {
    const held = await a.billingTable.subscription(uid, sub.id);
    if (held && isStale(held, event)) {
      await a.billingTable.recordEvent(event.id, event.type);
      return 'stale';
    }
    let next = fromEvent;
    if (held && isOrderUnknown(held, event)) {
      const current = await currentSubscription(a, sub.id);
      const resolved = current ? await subscriptionState(a, uid, event, current) : null;
      if (!resolved) {
        logger.warn('same-second subscription events, and Stripe has no usable current state: the held one stays', {
          eventId: event.id,
          subscription: sub.id,
        });
        await a.billingTable.recordEvent(event.id, event.type);
        return 'stale';
      }
      next = resolved;
    }
    // A second subscription of a plan already held is cancelled and counts nothing (stripe/duplicates.ts).
    const duplicate = await asDuplicate(a, held, next, sub.cancellation_details?.comment);
    if (duplicate) next = duplicate.next;
    // The customer's email (started, changed, ending, ended) is owed in the change's own transaction (ADR 047).
    const notice = duplicate ? null : subscriptionNotice(held, next);
    const owed: FollowUpWork[] = duplicate?.owed ?? (notice ? [{ kind: 'notice', uid, ...notice }] : []);
    const outcome = await a.billingTable.writeSubscription(next, held, event, owed);
    if (outcome === 'duplicate') return 'duplicate';
    if (outcome === 'applied') {
      const lost = held && (held.plan !== next.plan ? held.counted : held.counted - next.counted);
      if (lost && lost > 0) {
        const why =
          next.status === 'canceled'
            ? 'ended'
            : next.status === 'unpaid'
              ? 'ended after failed payments'
              : 'were reduced';
        await reconcileSlots(a, uid, why);
      }
      return 'applied';
    }
  }
  throw new Error(`subscription ${sub.id} kept changing while event ${event.id} was applied`);
}

/** The owner of an invoice, and the subscription it bills as we hold it (null when not known). */
async function invoiceSubscription(a: Need<'billingTable'>, invoice: Stripe.Invoice) {
  const uid = await uidOf(a, null, invoice.customer);
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  const ref = invoice.parent?.subscription_details?.subscription ?? legacy.subscription;
  const subscriptionId = typeof ref === 'string' ? ref : ref?.id;
  const sub = uid && subscriptionId ? await a.billingTable.subscription(uid, subscriptionId) : null;
  return { uid, sub };
}

/**
 * A paid renewal invoice ('subscription_cycle') gets its receipt emailed (the first invoice is the started email's):
 * the receipt owed, or null.
 */
async function renewalReceipt(a: Need<'billingTable'>, invoice: Stripe.Invoice): Promise<FollowUpWork | null> {
  if (invoice.billing_reason !== 'subscription_cycle') return null;
  const { uid, sub } = await invoiceSubscription(a, invoice);
  if (!uid || !sub) {
    logger.warn('renewal invoice for an unknown subscription: no receipt sent', { invoice: invoice.id });
    return null;
  }
  return { kind: 'notice', uid, ...renewalNotice(sub, invoice) };
}

/**
 * Tells owners whose licence ends within LICENSE_REMINDER_DAYS (the hourly sweep), once per licence: the reminder is
 * owed in the transaction that marks the licence reminded, so concurrent runs send it once and a run that stops half
 * way loses none.
 */
export async function remindEndingLicenses(
  a: Need<'billingTable' | 'mapTable'>,
  at: Date = new Date(),
): Promise<{ reminded: number }> {
  let reminded = 0;
  const horizon = new Date(at.getTime() + LICENSE_REMINDER_DAYS * 86_400_000);
  for (const license of await a.billingTable.dueLicenses(horizon, { unreminded: true })) {
    if (license.endsAt <= at.toISOString()) continue; // ending now: the end's own emails follow
    const map = await a.mapTable.get(license.mapId);
    // A licence whose map was deleted or moved on to a later licence needs no reminder; it is marked all the same.
    const owed =
      map && map.licenseEndsAt === license.endsAt
        ? ({ kind: 'notice', uid: license.uid, ...licenseEndingNotice(license, map.title) } as const)
        : undefined;
    if ((await a.billingTable.markReminded(license.code, at, owed)) && owed) reminded++;
  }
  return { reminded };
}

/** Applies one verified Stripe event; what it answers is logged. Errors propagate so Stripe retries. */
export async function handleStripeEvent(a: StripeEventAdapters, event: Stripe.Event): Promise<string> {
  if (await a.billingTable.seenEvent(event.id)) return 'duplicate';
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return applySubscription(a, event, event.data.object);
    case 'checkout.session.completed': {
      const session = event.data.object;
      const uid = session.metadata?.uid ?? session.client_reference_id;
      const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
      if (uid && customerId) await a.billingTable.rememberCustomer(uid, customerId);
      const cancelled = uid ? await cancelDuplicateCheckout(a, uid, session) : false;
      if (!(await a.billingTable.recordEvent(event.id, event.type))) return 'duplicate';
      return cancelled ? 'cancelled a second subscription of the plan' : 'applied';
    }
    case 'invoice.payment_failed': {
      // The email is owed with the event's record, in one transaction (ADR 047).
      const invoice = event.data.object;
      const { uid, sub } = await invoiceSubscription(a, invoice);
      const owed: FollowUpWork[] = uid ? [{ kind: 'notice', uid, ...paymentFailedNotice(invoice, sub) }] : [];
      return (await a.billingTable.recordEvent(event.id, event.type, owed)) ? 'applied' : 'duplicate';
    }
    case 'invoice.paid': {
      const receipt = await renewalReceipt(a, event.data.object);
      return (await a.billingTable.recordEvent(event.id, event.type, receipt ? [receipt] : []))
        ? 'applied'
        : 'duplicate';
    }
    default:
      return 'ignored';
  }
}

/**
 * Administrators grant Basic and Professional slots outside subscriptions. Lowering a grant below use lapses maps
 * like any other loss of slots.
 */
export async function setGrantedSlots(
  a: SlotAdapters & Need<'writeGrantedSlots'>,
  actor: Actor,
  input: { uid: string; basic: number; pro: number },
): Promise<SlotCounters> {
  if (!actor.identity.admin) throw new CallError('permission-denied', 'This action is for administrators.');
  await a.writeGrantedSlots(input.uid, input.basic, input.pro);
  await reconcileSlots(a, input.uid, 'were reduced by an administrator');
  return a.mapTable.slots(input.uid);
}

/** Ends licences whose 6 months are over (the hourly sweep), then lapses maps where that leaves too few slots. */
export async function endDueLicenses(
  a: SlotAdapters & Need<'billingTable'>,
  at: Date = new Date(),
): Promise<{ ended: number }> {
  let ended = 0;
  // The maps that were live on an ended licence, by owner: they now need a subscription slot, and are the first
  // to go back to test when none is free (the owner's other live maps keep theirs).
  const uncovered = new Map<string, Set<string>>();
  for (const license of await a.billingTable.dueLicenses(at)) {
    const outcome = await a.billingTable.endLicense(license);
    if (outcome === null) continue;
    ended++;
    if (outcome === 'needs-slot')
      uncovered.set(license.uid, (uncovered.get(license.uid) ?? new Set()).add(license.mapId));
  }
  for (const [uid, mapIds] of uncovered) await reconcileSlots(a, uid, 'from a marketplace license ended', mapIds);
  return { ended };
}
