/**
 * The billing story in words, said once (ADR 019): the licence rule in both its halves (each map needs its own
 * licence; registering one gives the map 6 months of Basic), the two ways a map goes live, and the price lines. The pricing page, the plan dialog, the licence dialog, the terms, the FAQ,
 * Go live and the billing emails all quote these, so no screen or email can state a rule or a price another one
 * contradicts. Every number comes from the constants the server enforces.
 */
import { formatUsd, totalAmountCents, unitAmountCents } from './billing';
import {
  FREE_TEST_MAPS,
  LICENSE_BASIC_MONTHS,
  PLAN_NAMES,
  PRICES,
  type BillingPeriod,
  type PlanId,
} from '../constants';

// Module-level values are built in pure-annotated calls, so a bundle that uses one text (a call's slot refusal)
// does not keep the others: a template literal or property read at module level counts as a side effect to the
// bundlers otherwise (ADR 043, 047).
const months = /* @__PURE__ */ (() => `${LICENSE_BASIC_MONTHS} months`)();
const basic = /* @__PURE__ */ (() => PLAN_NAMES.basic)();

/**
 * Go live without a free slot: the two ways, for the map at hand. Also `BILLING_TEXTS.noFreeSlot`; a function of its
 * own so the slot refusal that every call writing the map table can raise does not carry all of the texts.
 */
export function noFreeSlot(plan: PlanId, capacity: number): string {
  return capacity === 0
    ? `You have no ${PLAN_NAMES[plan]} subscription slots. Subscribe to ${PLAN_NAMES[plan]}${plan === 'basic' ? `, or register a license for this map: it keeps this map live on ${basic} for ${months}` : ''}.`
    : `All your ${PLAN_NAMES[plan]} subscription slots are in use. Buy more ${PLAN_NAMES[plan]} slots${plan === 'basic' ? `, or register a license for this map: it keeps this map live on ${basic} for ${months} without a slot` : ''}.`;
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

const mapCount = (n: number) => `${n} ${n === 1 ? 'map' : 'maps'}`;
const slotCount = (n: number) => `${n} ${n === 1 ? 'slot' : 'slots'}`;

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
          value: `${mapCount(used)} on ${slotCount(capacity)}`,
          note: `${over} of them set by an administrator (no slot needed).`,
          meter: false,
        };
  }
  return {
    value: capacity === 0 ? `${mapCount(used)}, 0 slots: ${over} over` : `${used} of ${capacity} used, ${over} over`,
    note: `${over === 1 ? 'One map holds' : `${over} maps hold`} ${PLAN_NAMES[plan]} without a slot (an administrator can set a map’s plan). A change to your slots can send maps over them back to test, the most recently promoted first.`,
    meter: capacity > 0,
  };
}

export const BILLING_TEXTS = /* @__PURE__ */ (() =>
  ({
    /** The licence rule's first half (the licensing terms), as the pricing page and plan dialog have always said it. */
    licenseRule: `Each map also needs its own software license, purchased separately on the Envato marketplace. Registering a license gives that map ${months} of ${basic} usage.`,
    /** What the licence is for. */
    licensePurpose: `The license is your right to use the map software under the marketplace's licensing terms; it is bought once per map.`,
    /** The licence rule's second half: the two ways a map goes live. */
    goLiveWays: `Going live is a separate step from licensing: a map goes live on a slot of your subscription, which any of your maps can use, or on its registered license, which keeps that one map live on ${basic} for ${months} without using a slot.`,
    /** What happens when a licence's months are over. */
    licenseEnd: `When the ${months} are over, the map stays live on a free subscription slot, or goes back to test; nothing is deleted.`,
    /** Go live without a free slot: the two ways, for the map at hand. */
    noFreeSlot,
    /** A renewal payment failed and Stripe is retrying (the maps page banner, the Plan tab, the email). */
    paymentFailed: (plans: readonly PlanId[]) =>
      `The payment for your ${plans.map((p) => PLAN_NAMES[p]).join(' and ')} subscription failed. It is tried again over the next days and your maps stay live meanwhile; if the last try fails, the subscription ends and its maps go back to test.`,
    /**
     * Beside a test-map meter that reads more than the free limit ('3 of 2 used'): why, and when a new one can be
     * made. Maps whose slots or licences end go back to test whatever the limit; nothing is deleted.
     */
    testMapsOver: `More than the free ${FREE_TEST_MAPS}: maps went back to test when their slots or licenses ended. A new test map can be made once you hold fewer than ${FREE_TEST_MAPS}.`,
    /**
     * Licences registered and not ended, counted apart from subscription slots (two can be on one map: a second code
     * extends the first): '1 licence not yet ended: 6 months of Basic for its map, without a subscription slot'.
     */
    licensedCount: (n: number) =>
      n === 1
        ? `1 license not yet ended: ${months} of ${basic} for its map, without a subscription slot`
        : `${n} licenses not yet ended: ${months} of ${basic} each for the map it was registered on (a second one on a map extends it, from the end of the first), without a subscription slot`,
  }) as const)();

/** The whole licence story in the order every surface tells it: the rule, its purpose, the two ways, the end. */
export const LICENSE_STORY: readonly string[] = /* @__PURE__ */ (() => [
  BILLING_TEXTS.licenseRule,
  BILLING_TEXTS.licensePurpose,
  BILLING_TEXTS.goLiveWays,
  BILLING_TEXTS.licenseEnd,
])();

/** The price per map per month, as shown: '$10'. */
export function priceLabel(plan: PlanId, period: BillingPeriod): string {
  return `$${PRICES[plan][period]}`;
}

/** What the visitor is billed and how often, for one map. */
export function billingNote(plan: PlanId, period: BillingPeriod): string {
  if (period === 'monthly') return 'per map per month, billed monthly';
  return `per map per month, billed annually ($${PRICES[plan].yearly * 12} per map per year)`;
}

/**
 * A subscription in one line, volume discount included: '3 Basic map slots, billed monthly: $30 a month'. The
 * emails say it this way, from the same prices the dialog shows and the sandbox charges.
 */
export function subscriptionLine(plan: PlanId, period: BillingPeriod, quantity: number): string {
  const slots = `${quantity} ${PLAN_NAMES[plan]} map ${quantity === 1 ? 'slot' : 'slots'}`;
  const per = period === 'yearly' ? 'a year' : 'a month';
  const unit = unitAmountCents(plan, period, quantity);
  const each = quantity > 1 ? ` (${formatUsd(unit)} per map)` : '';
  return `${slots}, billed ${period === 'yearly' ? 'annually' : 'monthly'}: ${formatUsd(totalAmountCents(plan, period, quantity))} ${per}${each}`;
}
