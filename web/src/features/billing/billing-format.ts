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

/** One plan's maps against its slots, as the maps list and the Plan tab say it. */
export interface SlotUse {
  /** '2 of 5 used', or what stands in for it when more maps hold the plan than there are slots. */
  value: string;
  /** Why the maps outnumber the slots and what follows from it, or null when they do not. */
  note: string | null;
  /** Whether a used-of-held meter says something true: not for maps that need no slot, nor for no slots at all. */
  meter: boolean;
}

const maps = (n: number) => `${n} ${n === 1 ? 'map' : 'maps'}`;
const slots = (n: number) => `${n} ${n === 1 ? 'slot' : 'slots'}`;

/**
 * A plan's maps against its slots. An administrator sets any map's plan without a free slot (product rules: Paid
 * slots), and the map counts against its owner's slots all the same, so a plan can hold more maps than slots: '2 of 0
 * used' with a meter said nothing true. An administrator's own such maps need no slot; anyone else's are over their
 * slots, and the recount after a change to their slots (a subscription that loses some, granted slots, a licence's
 * end) sends maps over them back to test, the most recently promoted first.
 */
export function slotUse(plan: PlanId, used: number, capacity: number, admin: boolean): SlotUse {
  if (used <= capacity) return { value: `${used} of ${capacity} used`, note: null, meter: true };
  const over = used - capacity;
  if (admin) {
    return capacity === 0
      ? {
          value: `${used} ${PLAN_NAMES[plan]} ${used === 1 ? 'map' : 'maps'}`,
          note: 'Set by an administrator (no slot needed).',
          meter: false,
        }
      : {
          value: `${maps(used)} on ${slots(capacity)}`,
          note: `${over} of them set by an administrator (no slot needed).`,
          meter: false,
        };
  }
  return {
    value: capacity === 0 ? `${maps(used)}, 0 slots: ${over} over` : `${used} of ${capacity} used, ${over} over`,
    note: `${over === 1 ? 'One map holds' : `${over} maps hold`} ${PLAN_NAMES[plan]} without a slot (an administrator can set a map’s plan). A change to your slots can send maps over them back to test, the most recently promoted first.`,
    meter: capacity > 0,
  };
}
