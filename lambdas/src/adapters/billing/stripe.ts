/**
 * The Stripe calls of the payment calls: a customer, a Checkout session, a billing portal session. Sent through
 * stripe-rest.ts, as the Stripe SDK sends them (ADR 046): the same parameters, version, idempotency keys and retries,
 * without the SDK's 246 kB in the two functions. Stripe being unavailable is `unavailable` (the customer may retry);
 * a request Stripe refuses is Mapnest's fault, a 500.
 */
import type { BillingPeriod, PlanId } from '@mapnest/shared/constants';
import { stripePost, type StripeParams } from './stripe-rest';

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
  async createCheckoutSession(args: CheckoutArgs): Promise<string> {
    const session = await stripePost<{ id: string; url: string | null }>(
      '/v1/checkout/sessions',
      checkoutParams(args),
      `creating a Checkout session for ${args.uid}`,
    );
    if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
    return session.url;
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
