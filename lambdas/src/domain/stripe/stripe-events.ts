/**
 * What a signed Stripe event must look like before anything of it is applied. A valid signature says the event
 * came from Stripe, not that its values make sense: quantities are held to the same schema as the checkout call
 * (a whole number of slots in range), ids and times to their shapes, and an event without an object is refused.
 * Refused events are answered 400 and logged (stripe-webhook.ts); nothing of them is written.
 */
import type Stripe from 'stripe';
import * as z from 'zod/mini';
import { says } from '@mapnest/shared/zod-english';
import { quantitySchema } from '@mapnest/shared/billing';

const id = /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)).check(/* @__PURE__ */ z.maxLength(255));
/** Unix seconds, from 2000 to 2100. */
const seconds = /* @__PURE__ */ z
  .number()
  .check(/* @__PURE__ */ z.int())
  .check(/* @__PURE__ */ z.gte(946_684_800))
  .check(/* @__PURE__ */ z.lte(4_102_444_800));
const expandable = /* @__PURE__ */ z.union([id, /* @__PURE__ */ z.looseObject({ id })]);
const metadata = /* @__PURE__ */ z.nullish(
  /* @__PURE__ */ z.record(
    /* @__PURE__ */ z.string(),
    /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.maxLength(500)),
  ),
);

const subscriptionSchema = /* @__PURE__ */ z.looseObject({
  id,
  object: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.literal('subscription')),
  customer: expandable,
  status: /* @__PURE__ */ z.enum([
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
  cancel_at: /* @__PURE__ */ z.nullish(seconds),
  cancel_at_period_end: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  current_period_end: /* @__PURE__ */ z.optional(seconds),
  // Why it was cancelled: the comment names the subscription that holds the plan when it was a duplicate.
  cancellation_details: /* @__PURE__ */ z.nullish(
    /* @__PURE__ */ z.looseObject({
      comment: /* @__PURE__ */ z.nullish(/* @__PURE__ */ z.string().check(/* @__PURE__ */ z.maxLength(5000))),
    }),
  ),
  items: /* @__PURE__ */ z.looseObject({
    data: z
      .array(
        /* @__PURE__ */ z.looseObject({
          quantity: /* @__PURE__ */ z.optional(quantitySchema),
          current_period_end: /* @__PURE__ */ z.optional(seconds),
          price: /* @__PURE__ */ z.looseObject({ id }),
        }),
      )
      .check(/* @__PURE__ */ z.minLength(1, /* @__PURE__ */ says('A subscription has at least one item'))),
  }),
});

const OBJECTS: Record<string, z.ZodMiniType> = {
  'customer.subscription.created': subscriptionSchema,
  'customer.subscription.updated': subscriptionSchema,
  'customer.subscription.deleted': subscriptionSchema,
  'checkout.session.completed': /* @__PURE__ */ z.looseObject({
    customer: /* @__PURE__ */ z.nullish(expandable),
    metadata,
    client_reference_id: /* @__PURE__ */ z.nullish(/* @__PURE__ */ z.string().check(/* @__PURE__ */ z.maxLength(255))),
  }),
  'invoice.payment_failed': /* @__PURE__ */ z.looseObject({ customer: /* @__PURE__ */ z.nullish(expandable) }),
  'invoice.paid': /* @__PURE__ */ z.looseObject({ customer: /* @__PURE__ */ z.nullish(expandable) }),
};

const envelope = /* @__PURE__ */ z.looseObject({
  id,
  type: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)).check(/* @__PURE__ */ z.maxLength(100)),
  created: seconds,
  data: /* @__PURE__ */ z.looseObject({ object: /* @__PURE__ */ z.looseObject({}) }),
});

const describe = (error: z.core.$ZodError, prefix: string) => {
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
