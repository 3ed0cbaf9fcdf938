/**
 * The Stripe calls of the payment calls: a customer, a Checkout session, a billing portal session. Sent through
 * stripe-rest.ts, as the Stripe SDK sends them (ADR 046): the same parameters, version, idempotency keys and retries,
 * without the SDK's 246 kB in the two functions. Stripe being unavailable is `unavailable` (the customer may retry);
 * a request Stripe refuses is Mapnest's fault, a 500.
 */
import type { BillingPeriod, PlanId } from '@mapnest/shared/constants';
import { stripeForm, stripePost, stripeRequest, unexpected, type StripeParams } from './stripe-rest';

export interface CheckoutArgs {
  customerId: string;
  uid: string;
  priceId: string;
  quantity: number;
  plan: PlanId;
  period: BillingPeriod;
  successUrl: string;
  cancelUrl: string;
}

/** A Checkout session's parameters: subscription mode, one line item whose quantity the customer can change. */
export const checkoutParams = (args: CheckoutArgs): StripeParams => ({
  mode: 'subscription',
  customer: args.customerId,
  customer_update: { address: 'auto', name: 'auto' },
  line_items: [
    {
      price: args.priceId,
      quantity: args.quantity,
      adjustable_quantity: { enabled: true, minimum: 1, maximum: 1000 },
    },
  ],
  allow_promotion_codes: true,
  automatic_tax: { enabled: true },
  tax_id_collection: { enabled: true },
  billing_address_collection: 'required',
  success_url: args.successUrl,
  cancel_url: args.cancelUrl,
  client_reference_id: args.uid,
  metadata: { uid: args.uid, plan: args.plan, period: args.period },
  subscription_data: { metadata: { uid: args.uid, plan: args.plan } },
});

export const stripeGateway = {
  /** A Stripe customer for the user; the idempotency key makes two racing first checkouts create one customer. */
  async createCustomer(args: { uid: string; email: string | null }): Promise<string> {
    const customer = await stripePost<{ id: string }>(
      '/v1/customers',
      { email: args.email ?? undefined, metadata: { uid: args.uid } },
      `creating the customer of ${args.uid}`,
      `mapnest-customer-${args.uid}`,
    );
    return customer.id;
  },

  /** A Checkout session in subscription mode: one adjustable line item, tax on, promotion codes allowed. */
  async createCheckoutSession(args: CheckoutArgs): Promise<{ id: string; url: string }> {
    const session = await stripePost<{ id: string; url: string | null }>(
      '/v1/checkout/sessions',
      checkoutParams(args),
      `creating a Checkout session for ${args.uid}`,
    );
    if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
    return { id: session.id, url: session.url };
  },

  /**
   * Expires the customer's open Checkout sessions for `plan` (and any without a plan), as Stripe advises against a
   * second purchase from an older page: an expired session's page refuses to take a payment. A session that is no
   * longer open (paid or expired meanwhile) is left as it is; the webhook's duplicate check covers one just paid.
   * Answers how many were expired.
   */
  async expireOpenCheckoutSessions(args: { customerId: string; plan: PlanId }): Promise<number> {
    const query = stripeForm({ customer: args.customerId, status: 'open', limit: 100 });
    const res = await stripeRequest({ method: 'GET', path: `/v1/checkout/sessions?${query}` });
    if (!res.ok) throw await unexpected(res, `listing the open Checkout sessions of ${args.customerId}`);
    const list = (await res.json()) as { data?: Array<{ id: string; metadata?: Record<string, string> | null }> };
    let expired = 0;
    for (const session of list.data ?? []) {
      const plan = session.metadata?.plan;
      if (plan && plan !== args.plan) continue;
      const path = `/v1/checkout/sessions/${encodeURIComponent(session.id)}/expire`;
      const done = await stripeRequest({ method: 'POST', path, params: {} });
      // 400: the session is not open any more (paid or expired since the list was read).
      if (!done.ok && done.status !== 400) throw await unexpected(done, `expiring Checkout session ${session.id}`);
      await done.body?.cancel();
      if (done.ok) expired++;
    }
    return expired;
  },

  async createPortalSession(args: { customerId: string; returnUrl: string }): Promise<string> {
    const session = await stripePost<{ url: string }>(
      '/v1/billing_portal/sessions',
      { customer: args.customerId, return_url: args.returnUrl },
      `opening the billing portal of ${args.customerId}`,
    );
    return session.url;
  },
};
