/**
 * Stripe events for tests, shaped and signed as Stripe sends them (the SDK's own test-header helper), delivered to
 * the real webhook route through the gateway.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { inject } from 'vitest';
import { baseUrl, call, streamSettled, type TestUser } from './stack';

const env = () => inject('stackEnv');
const rid = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface SubscriptionFields {
  id?: string;
  uid: string;
  customer?: string;
  plan?: 'basic' | 'pro';
  period?: 'monthly' | 'yearly';
  quantity?: number;
  status?: string;
  cancelAt?: number | null;
  periodEnd?: number;
}

/** A subscription object as the webhook receives it (price ids from the stack's STRIPE_PRICES). */
export function subscription(f: SubscriptionFields): Record<string, unknown> {
  const prices = JSON.parse(env().STRIPE_PRICES) as Record<string, Record<string, string>>;
  const periodEnd = f.periodEnd ?? nowSeconds() + 30 * 86_400;
  return {
    id: f.id ?? rid('sub'),
    object: 'subscription',
    customer: f.customer ?? rid('cus'),
    status: f.status ?? 'active',
    metadata: { uid: f.uid },
    cancel_at: f.cancelAt ?? null,
    cancel_at_period_end: Boolean(f.cancelAt),
    created: nowSeconds(),
    items: {
      object: 'list',
      data: [
        {
          id: rid('si'),
          object: 'subscription_item',
          quantity: f.quantity ?? 1,
          current_period_end: periodEnd,
          price: { id: prices[f.plan ?? 'basic']![f.period ?? 'monthly'], object: 'price' },
        },
      ],
    },
  };
}

export function event(
  type: string,
  object: Record<string, unknown>,
  opts: { id?: string; created?: number } = {},
): Record<string, unknown> {
  return {
    id: opts.id ?? rid('evt'),
    object: 'event',
    type,
    created: opts.created ?? nowSeconds(),
    livemode: false,
    data: { object },
  };
}

/** POSTs an event to the webhook, signed with the stack's secret (or as told), and answers the HTTP status. */
export async function deliver(
  evt: Record<string, unknown>,
  opts: { secret?: string; timestamp?: number; payload?: string } = {},
): Promise<number> {
  const payload = JSON.stringify(evt);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? env().STRIPE_WEBHOOK_SECRET,
    timestamp: opts.timestamp,
  });
  const res = await fetch(`${baseUrl()}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: opts.payload ?? payload,
  });
  await res.text();
  // What the event owes (public copies, emails) follows from the table's stream, as in AWS.
  await streamSettled();
  return res.status;
}

/** Submits a sandbox page's form button as a browser would, without following the redirect. */
export async function press(path: string, form: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/** The dev mailbox's messages to one address, oldest first. */
export async function mailTo(email: string): Promise<Array<{ subject: string; text: string; html: string }>> {
  const res = await fetch(`${baseUrl()}/_dev/mail.json?to=${encodeURIComponent(email)}`);
  return (await res.json()) as Array<{ subject: string; text: string; html: string }>;
}

/** Buys slots as a customer would: a Checkout session, then Pay on the sandbox's Checkout page. */
export async function buyInSandbox(
  user: TestUser,
  order: { plan: 'basic' | 'pro'; period: 'monthly' | 'yearly'; quantity: number },
): Promise<void> {
  const { url } = await call<{ url: string }>('createCheckoutSession', order, user);
  await press(`${new URL(url).pathname}/pay`, { quantity: String(order.quantity) });
}
