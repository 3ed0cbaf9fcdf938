/**
 * What a signed Stripe event must look like before anything of it is applied. A valid signature says the event
 * came from Stripe, not that its values make sense: quantities are held to the same schema as the checkout call
 * (a whole number of slots in range), ids and times to their shapes, and an event without an object is refused.
 * Refused events are answered 400 and logged (stripe-webhook.ts); nothing of them is written.
 */
import type Stripe from 'stripe';
import * as z from 'zod';
import { quantitySchema } from '@mapnest/shared/billing';

const id = z.string().min(1).max(255);
/** Unix seconds, from 2000 to 2100. */
const seconds = z.number().int().min(946_684_800).max(4_102_444_800);
const expandable = z.union([id, z.looseObject({ id })]);
const metadata = z.record(z.string(), z.string().max(500)).nullish();

const subscriptionSchema = z.looseObject({
  id,
  object: z.literal('subscription').optional(),
  customer: expandable,
  status: z.enum([
    'incomplete',
    'incomplete_expired',
    'trialing',
    'active',
    'past_due',
    'canceled',
    'unpaid',
    'paused',
  ]),
  metadata,
  cancel_at: seconds.nullish(),
  cancel_at_period_end: z.boolean().optional(),
  current_period_end: seconds.optional(),
  items: z.looseObject({
    data: z
      .array(
        z.looseObject({
          quantity: quantitySchema.optional(),
          current_period_end: seconds.optional(),
          price: z.looseObject({ id }),
        }),
      )
      .min(1, 'A subscription has at least one item'),
  }),
});

const OBJECTS: Record<string, z.ZodType> = {
  'customer.subscription.created': subscriptionSchema,
  'customer.subscription.updated': subscriptionSchema,
  'customer.subscription.deleted': subscriptionSchema,
  'checkout.session.completed': z.looseObject({
    customer: expandable.nullish(),
    metadata,
    client_reference_id: z.string().max(255).nullish(),
  }),
  'invoice.payment_failed': z.looseObject({ customer: expandable.nullish() }),
  'invoice.paid': z.looseObject({ customer: expandable.nullish() }),
};

const envelope = z.looseObject({
  id,
  type: z.string().min(1).max(100),
  created: seconds,
  data: z.looseObject({ object: z.looseObject({}) }),
});

const describe = (error: z.ZodError, prefix: string) => {
  const issue = error.issues[0]!;
  return `${[prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(event)'}: ${issue.message}`;
};

export type EventCheck = { ok: true; event: Stripe.Event } | { ok: false; problem: string };

/** The event if it has the shape and values Mapnest accepts; otherwise the first problem found. */
export function checkStripeEvent(value: unknown): EventCheck {
  const outer = envelope.safeParse(value);
  if (!outer.success) return { ok: false, problem: describe(outer.error, '') };
  const schema = OBJECTS[outer.data.type];
  if (schema) {
    const inner = schema.safeParse(outer.data.data.object);
    if (!inner.success) return { ok: false, problem: describe(inner.error, 'data.object') };
  }
  return { ok: true, event: value as Stripe.Event };
}

/** A subscription read from Stripe's API, held to the same schema as the events' (null when it is not one). */
export function checkSubscription(value: unknown): Stripe.Subscription | null {
  return subscriptionSchema.safeParse(value).success ? (value as Stripe.Subscription) : null;
}
