/**
 * Stripe price ids per plan and billing period: stage configuration (STRIPE_PRICES, JSON, from Parameter Store in
 * AWS), never code. Kept apart from the Stripe adapters so the webhook can map prices to plans without them.
 */
import * as z from 'zod/mini';
import type { BillingPeriod, PlanId } from '@mapnest/shared/constants';
import { requireSecret } from '../../lib/secrets';

const priceTableSchema = /* @__PURE__ */ z.object({
  basic: /* @__PURE__ */ z.object({
    monthly: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)),
    yearly: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)),
  }),
  pro: /* @__PURE__ */ z.object({
    monthly: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)),
    yearly: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)),
  }),
});
export type PriceTable = z.infer<typeof priceTableSchema>;

export async function priceTable(): Promise<PriceTable> {
  return priceTableSchema.parse(JSON.parse(await requireSecret('STRIPE_PRICES')));
}

/** The plan and period a Stripe price id sells, or null for a price that is not ours. */
export function planOfPrice(prices: PriceTable, priceId: string): { plan: PlanId; period: BillingPeriod } | null {
  for (const plan of ['basic', 'pro'] as const) {
    for (const period of ['monthly', 'yearly'] as const) if (prices[plan][period] === priceId) return { plan, period };
  }
  return null;
}
