/**
 * Payments: Stripe Checkout for buying map slots and the billing portal for managing them (ADR 007), through
 * Stripe's REST API as the SDK sends it (adapters/billing/stripe.ts, ADR 046).
 */
import { CHECKOUT_RETURN_PARAM, type BillingPeriod, type PlanId } from '@mapnest/shared/constants';
import { BILLING_MESSAGES, holdsSlots } from '@mapnest/shared/billing';
import { CallError } from '@mapnest/shared/errors';
import { config } from '../../lib/config';
import { billingTable } from '../../adapters/billing/billing-table';
import { priceTable } from '../../adapters/billing/stripe-prices';
import { stripeGateway } from '../../adapters/billing/stripe';
import type { Actor } from '../maps';

/** Payments are the account holder's own: an administrator viewing as a user sees them but cannot buy or manage. */
function ownAccount(actor: Actor): string {
  if (actor.subject !== actor.identity.uid) {
    throw new CallError('permission-denied', BILLING_MESSAGES.accountHolderOnly);
  }
  return actor.subject;
}

async function customerFor(uid: string, email: string | null): Promise<string> {
  const stored = await billingTable.customerOf(uid);
  if (stored) return stored;
  return billingTable.rememberCustomer(uid, await stripeGateway.createCustomer({ uid, email }));
}

export async function createCheckoutSession(
  actor: Actor,
  input: { plan: PlanId; period: BillingPeriod; quantity: number },
): Promise<{ url: string; id: string }> {
  const uid = ownAccount(actor);
  // One subscription per plan: more slots of a plan are a quantity change in the portal, never a
  // second subscription billed beside the first (a second tab, an old page).
  const held = (await billingTable.subscriptions(uid)).find(
    (s) => s.plan === input.plan && holdsSlots(s.status) && !s.duplicateOf,
  );
  if (held) throw new CallError('failed-precondition', BILLING_MESSAGES.alreadySubscribed(input.plan));
  const prices = await priceTable();
  const customerId = await customerFor(uid, actor.identity.email ?? null);
  // That check runs only when a session is made: a checkout page left open in another tab could still be paid after
  // this one. Stripe's advice: expire the customer's other open sessions for the plan first, so only the newest
  // page can take a payment (two made at the same moment are caught when paid: domain/stripe/duplicates.ts).
  await stripeGateway.expireOpenCheckoutSessions({ customerId, plan: input.plan });
  const session = await stripeGateway.createCheckoutSession({
    customerId,
    uid,
    priceId: prices[input.plan][input.period],
    quantity: input.quantity,
    plan: input.plan,
    period: input.period,
    // Stripe puts the paid session's id in place of the template: the maps page waits for the payment only on a
    // return whose id is the one this tab left for (CheckoutReturn.tsx, ADR 084), not on any later visit.
    successUrl: `${config.appOrigin}/maps?${CHECKOUT_RETURN_PARAM}={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${config.appOrigin}/maps#subscribe`,
  });
  return { url: session.url, id: session.id };
}

export async function createPortalLink(actor: Actor, input: { returnPath: string }): Promise<{ url: string }> {
  const uid = ownAccount(actor);
  const customerId = await billingTable.customerOf(uid);
  if (!customerId) throw new CallError('failed-precondition', BILLING_MESSAGES.noCustomer);
  return {
    url: await stripeGateway.createPortalSession({ customerId, returnUrl: `${config.appOrigin}${input.returnPath}` }),
  };
}
