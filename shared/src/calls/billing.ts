/**
 * The billing contract (product rules: Billing and licences): call input schemas, the shapes the billing calls
 * answer with, volume pricing and the pure rules that turn subscriptions and licences into slot capacity. Used by the
 * handlers, the web app and the local payments sandbox, so the price a visitor sees, the price Stripe charges
 * in the sandbox and the slots a subscription gives can never disagree.
 */
import * as z from 'zod/mini';
import { says } from '../zod-english';
import {
  LICENSE_BASIC_MONTHS,
  PAYMENT_RETURN_PATH,
  PRICES,
  QUANTITY_MAX,
  QUANTITY_MIN,
  type BillingPeriod,
  type MapStateValue,
  type PlanId,
} from '../constants';
import { mapIdSchema } from './maps';

export const planSchema = /* @__PURE__ */ z.enum(
  ['basic', 'pro'],
  /* @__PURE__ */ says('Plan must be "basic" or "pro"'),
);
export const periodSchema = /* @__PURE__ */ z.enum(['monthly', 'yearly'], {
  error: 'Billing period must be "monthly" or "yearly"',
});
export const quantitySchema = /* @__PURE__ */ z
  .number({
    // A request without a quantity is told so, not that its (absent) quantity is not a whole number.
    error: (issue) => (issue.input === undefined ? 'Quantity is required' : 'Quantity must be a whole number'),
  })
  .check(/* @__PURE__ */ z.int(/* @__PURE__ */ says('Quantity must be a whole number')))
  .check(/* @__PURE__ */ z.gte(QUANTITY_MIN, /* @__PURE__ */ says(`Quantity must be at least ${QUANTITY_MIN}`)))
  .check(/* @__PURE__ */ z.lte(QUANTITY_MAX, /* @__PURE__ */ says(`Quantity must be at most ${QUANTITY_MAX}`)));

export const createCheckoutSessionInput = /* @__PURE__ */ z.strictObject({
  plan: planSchema,
  period: periodSchema,
  quantity: quantitySchema,
});

/**
 * Where the payment portal may send the customer back to (the Plan tab or the maps page). A fixed list,
 * so the portal can never be made to redirect to another site.
 */
export const PORTAL_RETURN_PATHS = [PAYMENT_RETURN_PATH, '/maps', '/maps#subscribe'] as const;
export const createPortalLinkInput = /* @__PURE__ */ z.strictObject({
  returnPath: /* @__PURE__ */ z._default(
    /* @__PURE__ */ z.enum(PORTAL_RETURN_PATHS, {
      error: `Return path must be one of ${/* @__PURE__ */ PORTAL_RETURN_PATHS.join(', ')}`,
    }),
    PAYMENT_RETURN_PATH,
  ),
});

/** Marketplace purchase codes are UUID-shaped: 8-4-4-4-12 hexadecimal digits. */
export const PURCHASE_CODE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const purchaseCodeSchema = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.trim())
  .check(/* @__PURE__ */ z.toLowerCase())
  .check(
    /* @__PURE__ */ z.regex(
      PURCHASE_CODE_PATTERN,
      /* @__PURE__ */ says('A purchase code looks like 1a2b3c4d-1a2b-1a2b-1a2b-1a2b3c4d5e6f'),
    ),
  );
export const registerLicenseInput = /* @__PURE__ */ z.strictObject({
  purchaseCode: purchaseCodeSchema,
  mapId: mapIdSchema,
});

/** A subscription as the app sees it: plan, quantity, status and end, enough for the plan card's states. */
export interface Subscription {
  id: string;
  plan: PlanId;
  quantity: number;
  /**
   * 'active' and 'trialing' count towards slots. 'past_due' is listed too: Stripe is still retrying a failed payment
   * and the slots stay held meanwhile, so the customer sees the problem and the Manage button, never a second
   * Subscribe button for a plan they are still paying for (ADR 007).
   */
  status: 'active' | 'trialing' | 'past_due';
  /** Set when the subscription is cancelled and ends at this time (badge 'Canceled'). */
  cancelAt: string | null;
  currentPeriodEnd: string | null;
  period: BillingPeriod | null;
}

/** A registered marketplace licence: 6 months of Basic for one map. */
export interface License {
  /** The purchase code with all but its last group hidden. */
  code: string;
  mapId: string;
  registeredAt: string;
  /**
   * When its months begin: at registration, or, for a code registered on a map whose licence was still running, when
   * that licence ends (a second code extends the map's licence instead of running beside it).
   */
  startsAt: string;
  endsAt: string;
  /** True once its end has passed and the sweep has taken its slot back. */
  ended: boolean;
}

export interface RegisterLicenseResult {
  license: License;
  /** The map's state after registration: a test map goes live on its licence. */
  state: MapStateValue;
}

export interface RestoreLapsedResult {
  /** Maps made live or pro again. */
  restored: number;
  /** Maps still waiting for a free slot of their plan. */
  remaining: number;
}

/** Subscription statuses that hold slots: Stripe's retry window ('past_due') keeps them until it gives up. */
export const SLOT_HOLDING_STATUSES = ['active', 'trialing', 'past_due'] as const;
export function holdsSlots(status: string): status is Subscription['status'] {
  return (SLOT_HOLDING_STATUSES as readonly string[]).includes(status);
}

/** Volume discounts (tiers at 10, 50 and 100 maps), in percent off the plan's price per map. */
export const VOLUME_DISCOUNTS: readonly { from: number; percentOff: number }[] = [
  { from: 10, percentOff: 10 },
  { from: 50, percentOff: 15 },
  { from: 100, percentOff: 20 },
];

/** The discount that applies to a whole subscription of `quantity` maps (volume pricing: one tier for all). */
export function volumeDiscountPercent(quantity: number): number {
  let percent = 0;
  for (const tier of VOLUME_DISCOUNTS) if (quantity >= tier.from) percent = tier.percentOff;
  return percent;
}

/**
 * The price of one map for one billing period, in cents: monthly plans bill a month, annual plans bill twelve
 * months at the annual monthly rate. Volume tiers are whole-subscription (Stripe's tiers_mode 'volume').
 */
export function unitAmountCents(plan: PlanId, period: BillingPeriod, quantity: number): number {
  const months = period === 'yearly' ? 12 : 1;
  const base = PRICES[plan][period] * 100 * months;
  return Math.round((base * (100 - volumeDiscountPercent(quantity))) / 100);
}

/** What a subscription of `quantity` maps costs per billing period, in cents. */
export function totalAmountCents(plan: PlanId, period: BillingPeriod, quantity: number): number {
  return unitAmountCents(plan, period, quantity) * quantity;
}

/** '$1,234.50' or '$10' for whole dollars. */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** When a licence registered at `registeredAt` ends: LICENSE_BASIC_MONTHS calendar months later. */
export function licenseEndsAt(registeredAt: string): string {
  const d = new Date(registeredAt);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + LICENSE_BASIC_MONTHS);
  // 31 August + 6 months is the last day of February, not 3 March.
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString();
}

/** How many characters a masked purchase code shows at each end, as the marketplaces show their codes. */
const CODE_SHOWN_AT_EACH_END = 4;

/**
 * '1a2b****-****-****-****-********5e6f': the first and last 4 characters, so a customer with several licences tells
 * them apart from either end, and every other letter or digit masked, so the code cannot be reused. Any text is
 * masked, whatever its case or shape (a code too short to keep 8 characters hidden is masked whole), and a masked
 * code masks to itself, so the server's masked answer can go through it again in the browser.
 */
export function maskPurchaseCode(code: string): string {
  const shown = code.length >= 4 * CODE_SHOWN_AT_EACH_END ? CODE_SHOWN_AT_EACH_END : 0;
  const end = code.length - shown;
  return code.replace(/[0-9a-z]/gi, (char, at: number) => (at < shown || at >= end ? char : '*'));
}

/** Messages of the billing calls, shared by the server (which sends them) and the browser tests. */
export const BILLING_MESSAGES = {
  licenseUnknown:
    'This purchase code was not found on the marketplace. Check that you copied the whole code from your Envato downloads page.',
  licenseUsed: 'This purchase code is already registered. Each code can be registered for one map, once.',
  marketplaceUnreachable: 'The marketplace could not be reached to check this code. Try again in a few minutes.',
  paymentsUnavailable: 'Payments are not available right now. Try again in a few minutes.',
  noCustomer: 'You have no subscription yet. Pick a plan to start one.',
  /** The server's refusal to an administrator viewing as a user, and the app's reason beside the controls it disables. */
  accountHolderOnly: 'Only the account holder can buy or manage a subscription.',
  alreadySubscribed: (plan: PlanId) =>
    `You already have a ${plan === 'basic' ? 'Basic' : 'Professional'} subscription. Change its number of maps with Manage instead of starting a second one.`,
} as const;
