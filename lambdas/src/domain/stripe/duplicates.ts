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
import { duplicateSubscriptionNotice } from '../billing/billing-notices';

type Next = Omit<SubscriptionItem, 'revision'>;

const COMMENT_PREFIX = 'Second subscription of a plan held by ';
/**
 * The reason a duplicate is cancelled with, kept by Stripe as its `cancellation_details.comment`: its `deleted` event
 * names the subscription that holds the plan even when it arrives before any other event of it (duplicateOfComment).
 */
export const duplicateComment = (keptId: string) => `${COMMENT_PREFIX}${keptId}`;
/** The subscription a cancellation comment names as the one that holds the plan, or null for any other comment. */
export function duplicateOfComment(comment: string | null | undefined): string | null {
  const id = comment?.startsWith(COMMENT_PREFIX) ? comment.slice(COMMENT_PREFIX.length) : '';
  return /^sub_\w{1,250}$/.test(id) ? id : null;
}
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
  cancelComment?: string | null,
): Promise<{ next: Next; owed: FollowUpWork[] } | null> {
  if (held?.duplicateOf) return { next: { ...next, counted: 0, duplicateOf: held.duplicateOf }, owed: [] };
  if (held && holdsSlots(held.status)) return null;
  if (!holdsSlots(next.status)) return cancelledAsDuplicate(a, next, cancelComment);
  const kept = await keptSubscription(a, next.uid, next.plan, next.subscriptionId);
  if (!kept) return null;
  await a.stripeSubscriptions.cancelNowWithCredit(next.subscriptionId, duplicateComment(kept.subscriptionId));
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
 * The first event of a subscription is its `deleted` event, and its cancellation comment says it was cancelled as a
 * duplicate (by cancelDuplicateCheckout, or by asDuplicate on a try whose write failed): Stripe delivers in no set
 * order, and its `created` event, arriving later, is stale. It is marked, and its owner told, here. Null otherwise.
 */
async function cancelledAsDuplicate(
  a: Adapters,
  next: Next,
  comment: string | null | undefined,
): Promise<{ next: Next; owed: FollowUpWork[] } | null> {
  const keptId = duplicateOfComment(comment);
  if (!keptId || next.status !== 'canceled') return null;
  const kept = await keptSubscription(a, next.uid, next.plan, next.subscriptionId);
  if (kept?.subscriptionId !== keptId) return null;
  logger.warn('a cancelled second subscription of a plan arrived first as deleted: marked and its owner told', {
    uid: next.uid,
    cancelled: next.subscriptionId,
    kept: keptId,
  });
  return {
    next: { ...next, counted: 0, duplicateOf: keptId },
    owed: [{ kind: 'notice', uid: next.uid, ...duplicateSubscriptionNotice(kept, next) }],
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
  const kept = await keptSubscription(a, uid, plan, subscriptionId);
  if (!kept) return false;
  await a.stripeSubscriptions.cancelNowWithCredit(subscriptionId, duplicateComment(kept.subscriptionId));
  logger.warn('checkout completed for a plan already held: its subscription cancelled with credit', {
    uid,
    plan,
    cancelled: subscriptionId,
  });
  return true;
}
