/** The sandbox's records as Stripe-shaped objects (the fields the handlers read, in Stripe's names). */
import { unitAmountCents } from '@mapnest/shared/billing';
import { id, nowSeconds, priceInfo, type CheckoutSession, type Json, type Subscription } from './model';

/** A subscription as Stripe's API and webhooks show it. */
export function subscriptionObject(s: Subscription): Json {
  const info = priceInfo(s.price)!;
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    metadata: s.metadata,
    created: s.created,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
    canceled_at: s.canceledAt,
    ended_at: s.status === 'canceled' ? s.canceledAt : null,
    cancellation_details: {
      comment: s.cancelComment ?? null,
      feedback: null,
      reason: s.status === 'canceled' || s.cancelAtPeriodEnd ? 'cancellation_requested' : null,
    },
    livemode: false,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${s.id}`,
      data: [
        {
          id: s.itemId,
          object: 'subscription_item',
          quantity: s.quantity,
          subscription: s.id,
          current_period_start: s.periodStart,
          current_period_end: s.periodEnd,
          price: {
            id: s.price,
            object: 'price',
            product: `prod_local_${info.plan}`,
            currency: 'usd',
            unit_amount: unitAmountCents(info.plan, info.period, 1),
            recurring: { interval: info.period === 'yearly' ? 'year' : 'month', interval_count: 1 },
          },
        },
      ],
    },
  };
}

/** An invoice of a subscription's current period, paid or still open. */
export function invoiceObject(
  s: Subscription,
  status: 'paid' | 'open',
  reason: 'subscription_create' | 'subscription_cycle' = 'subscription_cycle',
): Json {
  const info = priceInfo(s.price)!;
  const amount = unitAmountCents(info.plan, info.period, s.quantity) * s.quantity;
  return {
    id: id('in'),
    object: 'invoice',
    customer: s.customer,
    status,
    currency: 'usd',
    amount_due: amount,
    amount_paid: status === 'paid' ? amount : 0,
    attempt_count: 1,
    // Why Stripe made the invoice: the app emails a receipt for renewals ('subscription_cycle') only.
    billing_reason: reason,
    // Stripe links its hosted receipt; the sandbox has none, so the app's email links the Plan tab instead.
    hosted_invoice_url: null,
    parent: { type: 'subscription_details', subscription_details: { subscription: s.id, metadata: s.metadata } },
    // As Stripe's: one line for the subscription, billed for the period it starts.
    lines: {
      object: 'list',
      data: [{ object: 'line_item', quantity: s.quantity, period: { start: s.periodStart, end: s.periodEnd } }],
    },
    created: nowSeconds(),
    livemode: false,
  };
}

/** A Checkout session, with the URL of its hosted page while it is open. */
export function sessionObject(c: CheckoutSession, appOrigin: string): Json {
  return {
    id: c.id,
    object: 'checkout.session',
    mode: 'subscription',
    customer: c.customer,
    status: c.status,
    payment_status: c.status === 'complete' ? 'paid' : 'unpaid',
    url: c.status === 'open' ? `${appOrigin}/_dev/checkout/${c.id}` : null,
    success_url: c.successUrl,
    cancel_url: c.cancelUrl,
    metadata: c.metadata,
    client_reference_id: c.clientReferenceId,
    subscription: c.subscription,
    livemode: false,
  };
}
