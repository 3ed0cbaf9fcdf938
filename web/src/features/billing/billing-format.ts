/** Pure helpers that turn prices, quantities, subscriptions and licences into what the billing screens show. */
import {
  formatUsd,
  totalAmountCents,
  unitAmountCents,
  volumeDiscountPercent,
  VOLUME_DISCOUNTS,
} from '@mapnest/shared/billing';
import {
  PLAN_NAMES,
  PRICES,
  QUANTITY_MAX,
  QUANTITY_MIN,
  SLOT_METER_SEGMENTS_MAX,
  type BillingPeriod,
  type PlanId,
} from '@mapnest/shared/constants';

export { shortDate } from '../maps/map-format';

/** A quantity typed by hand: a whole number of maps within 1..1000, or null. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= QUANTITY_MIN && value <= QUANTITY_MAX ? value : null;
}

export interface PriceSummary {
  /** What one map costs per billing period: '$10'. */
  unit: string;
  /** '/ month' or '/ year'. */
  per: string;
  /** For annual billing, the monthly equivalent: '$8 a month'. */
  monthlyEquivalent: string | null;
  /** What the whole subscription costs per billing period. */
  total: string;
  /** The volume tier that applies ('10% volume discount at 10+ maps'), or null. */
  tier: string | null;
  /** The next tier, as an incentive ('10% off from 10 maps'), or null at the top tier. */
  nextTier: string | null;
}

/** The price lines of a plan card for a quantity and billing period (volume pricing: tiers at 10, 50 and 100). */
export function priceSummary(plan: PlanId, period: BillingPeriod, quantity: number): PriceSummary {
  const unitCents = unitAmountCents(plan, period, quantity);
  const percent = volumeDiscountPercent(quantity);
  const applied = VOLUME_DISCOUNTS.filter((t) => t.percentOff === percent && percent > 0).at(-1);
  const next = VOLUME_DISCOUNTS.find((t) => quantity < t.from);
  return {
    unit: formatUsd(unitCents),
    per: period === 'yearly' ? '/ year' : '/ month',
    monthlyEquivalent: period === 'yearly' ? `${formatUsd(Math.round(unitCents / 12))} a month` : null,
    total: formatUsd(totalAmountCents(plan, period, quantity)),
    tier: applied ? `${applied.percentOff}% volume discount at ${applied.from}+ maps` : null,
    nextTier: next ? `${next.percentOff}% off from ${next.from} maps` : null,
  };
}

/** The largest annual saving of one plan, in whole percent: '20'. */
export function annualSavingPercent(plan: PlanId): number {
  return Math.floor(((PRICES[plan].monthly - PRICES[plan].yearly) / PRICES[plan].monthly) * 100);
}

export type MeterShape = { kind: 'segments'; filled: readonly boolean[] } | { kind: 'bar'; share: number };

/**
 * The slot meter: one segment per slot up to SLOT_METER_SEGMENTS_MAX slots, a proportional bar
 * above that (or when more slots are used than held, which a lowered quantity can cause for a moment).
 */
export function meterShape(used: number, capacity: number): MeterShape {
  if (capacity > 0 && capacity <= SLOT_METER_SEGMENTS_MAX && used <= capacity) {
    return { kind: 'segments', filled: Array.from({ length: capacity }, (_, i) => i < used) };
  }
  return { kind: 'bar', share: capacity > 0 ? Math.min(1, used / capacity) : used > 0 ? 1 : 0 };
}

/** '3 of 5 Basic slots used', and how many are over when more are used than held: '3 of 2 Basic slots used, 1 over'. */
export function slotUsage(plan: PlanId, used: number, capacity: number): string {
  const over = used > capacity ? `, ${used - capacity} over` : '';
  return `${used} of ${capacity} ${PLAN_NAMES[plan]} ${capacity === 1 ? 'slot' : 'slots'} used${over}`;
}
