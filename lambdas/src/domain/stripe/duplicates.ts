/**
 * One subscription per plan: Basic and Professional are two independent subscriptions, and more slots of a plan are
 * a change of quantity. Checkout refuses a plan the user holds and expires their older checkout pages of it
 * (payments.ts), but two pages opened at the same moment can both be paid. The second subscription to arrive is
 * then a duplicate: cancelled at once with its unused time credited (Stripe's proration on cancel), counted for no
 * slot, never listed, and its owner told what happened instead of "has started" (ADR: duplicate subscriptions).
 */
import type Stripe from 'stripe';
import { holdsSlots } from '@mapnest/shared/billing';
import type { PlanId } from '@mapnest/shared/constants';
import type { SubscriptionItem } from '../../adapters/billing/billing-table';
import type { FollowUpWork } from '../../adapters/follow-ups';
import { logger } from '../../lib/logger';
import type { Need } from '../billing-adapters';
import { duplicateSubscriptionNotice } from '../billing-notices';

type Next = Omit<SubscriptionItem, 'revision'>;
type Adapters = Need<'billingTable' | 'stripeSubscriptions'>;

/** The user's subscription of `plan` that holds their slots, other than `exceptId`; null when none. */
async function keptSubscription(a: Adapters, uid: string, plan: PlanId, exceptId: string) {
  const all = await a.billingTable.subscriptions(uid);
  const kept = all.filter(
    (s) => s.plan === plan && s.subscriptionId !== exceptId && holdsSlots(s.status) && !s.duplicateOf,
  );
  return kept[0] ?? null;
}

/**
 * What a subscription event writes when `next` is a duplicate: a subscription starting to hold slots of a plan
 * another of the user's subscriptions already holds (it is cancelled on Stripe first, so a failure leaves the event
 * to Stripe's retry), or one marked a duplicate before. Null when `next` is not a duplicate.
 */
export async function asDuplicate(
  a: Adapters,
  held: SubscriptionItem | null,
  next: Next,
): Promise<{ next: Next; owed: FollowUpWork[] } | null> {
  if (held?.duplicateOf) return { next: { ...next, counted: 0, duplicateOf: held.duplicateOf }, owed: [] };
  if (!holdsSlots(next.status) || (held && holdsSlots(held.status))) return null;
  const kept = await keptSubscription(a, next.uid, next.plan, next.subscriptionId);
  if (!kept) return null;
  await a.stripeSubscriptions.cancelNowWithCredit(next.subscriptionId);
  logger.warn('second subscription of a plan cancelled with its unused time credited', {
    uid: next.uid,
    plan: next.plan,
    cancelled: next.subscriptionId,
    kept: kept.subscriptionId,
  });
  const notice = duplicateSubscriptionNotice(kept, next);
  return {
    next: { ...next, counted: 0, duplicateOf: kept.subscriptionId },
    owed: [{ kind: 'notice', uid: next.uid, ...notice }],
  };
}

/**
 * `checkout.session.completed` for a plan the user already holds with another subscription: the session's new
 * subscription is cancelled at once, whichever of its events comes first (its own event, when it arrives, is marked
 * and the owner emailed by asDuplicate). Answers whether it was cancelled here.
 */
export async function cancelDuplicateCheckout(
  a: Adapters,
  uid: string,
  session: Stripe.Checkout.Session,
): Promise<boolean> {
  const plan = session.metadata?.plan;
  const ref = session.subscription;
  const subscriptionId = typeof ref === 'string' ? ref : ref?.id;
  if ((plan !== 'basic' && plan !== 'pro') || !subscriptionId) return false;
  const own = await a.billingTable.subscription(uid, subscriptionId);
  if (own && (own.duplicateOf || holdsSlots(own.status))) return false;
  if (!(await keptSubscription(a, uid, plan, subscriptionId))) return false;
  await a.stripeSubscriptions.cancelNowWithCredit(subscriptionId);
  logger.warn('checkout completed for a plan already held: its subscription cancelled with credit', {
    uid,
    plan,
    cancelled: subscriptionId,
  });
  return true;
}
