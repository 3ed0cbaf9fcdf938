/**
 * The Stripe adapter: the Stripe API calls of the payment calls (customers, Checkout, the billing portal), with the
 * SDK created once per container. Only the checkout and portal functions carry the SDK (240 KB): the webhook checks
 * signatures itself (lib/stripe-signature.ts) and account deletion uses stripe-rest.ts. The client talks to api.stripe.com, or to the local
 * payments sandbox when STRIPE_API_BASE names one (scripts/local/payments.ts): the same SDK calls either way.
 * Stripe's own failures become domain errors here; the rest is rethrown.
 */
import Stripe from 'stripe';
import type { BillingPeriod, PlanId } from '@mapnest/shared/constants';
import { BILLING_MESSAGES } from '@mapnest/shared/billing';
import { CallError } from '@mapnest/shared/errors';
import { requireSecret } from '../../lib/secrets';

let client: { key: string; stripe: Stripe } | undefined;

async function stripe(): Promise<Stripe> {
  const key = await requireSecret('STRIPE_SECRET_KEY');
  if (client?.key === key) return client.stripe;
  const base = process.env.STRIPE_API_BASE ? new URL(process.env.STRIPE_API_BASE) : null;
  const instance = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Mapnest' },
    ...(base ? { host: base.hostname, port: base.port, protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
  client = { key, stripe: instance };
  return instance;
}

/** Stripe being unreachable or overloaded is a 503 the customer may retry; anything else is our fault. */
function translate(err: unknown): never {
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    err instanceof Stripe.errors.StripeAPIError
  ) {
    throw new CallError('unavailable', BILLING_MESSAGES.paymentsUnavailable);
  }
  throw err;
}

export const stripeGateway = {
  /** A Stripe customer for the user; the idempotency key makes two racing first checkouts create one customer. */
  async createCustomer(args: { uid: string; email: string | null }): Promise<string> {
    try {
      const customer = await (
        await stripe()
      ).customers.create(
        { email: args.email ?? undefined, metadata: { uid: args.uid } },
        { idempotencyKey: `mapnest-customer-${args.uid}` },
      );
      return customer.id;
    } catch (err) {
      return translate(err);
    }
  },

  /** A Checkout session in subscription mode: one adjustable line item, tax on, promotion codes allowed. */
  async createCheckoutSession(args: {
    customerId: string;
    uid: string;
    priceId: string;
    quantity: number;
    plan: PlanId;
    period: BillingPeriod;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string> {
    try {
      const session = await (
        await stripe()
      ).checkout.sessions.create({
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
      if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
      return session.url;
    } catch (err) {
      return translate(err);
    }
  },

  async createPortalSession(args: { customerId: string; returnUrl: string }): Promise<string> {
    try {
      const session = await (
        await stripe()
      ).billingPortal.sessions.create({ customer: args.customerId, return_url: args.returnUrl });
      return session.url;
    } catch (err) {
      return translate(err);
    }
  },
};
