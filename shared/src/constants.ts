/** Business constants and limits (product rules: Limits and constants), in one place for web, lambdas and infra. */

/** Map states: 0 test, 1 live (Basic), 2 demo, 3 pro (Professional), 9 admin. State below LIVE counts as a test map. */
export const MapState = { TEST: 0, LIVE: 1, DEMO: 2, PRO: 3, ADMIN: 9 } as const;
export type MapStateValue = (typeof MapState)[keyof typeof MapState];
export const MAP_STATES: readonly MapStateValue[] = [0, 1, 2, 3, 9];

export const FREE_TEST_MAPS = 2;
export const TEST_MAP_ACTIVE_DAYS = 7;
export const TEST_MAP_ACTIVE_MS = TEST_MAP_ACTIVE_DAYS * 24 * 60 * 60 * 1000;

export type PlanId = 'basic' | 'pro';
export type BillingPeriod = 'monthly' | 'yearly';

/** Price per map per month in US dollars, by plan and billing period. */
export const PRICES: Record<PlanId, Record<BillingPeriod, number>> = {
  basic: { monthly: 10, yearly: 8 },
  pro: { monthly: 28, yearly: 24 },
};
export const PLAN_NAMES: Record<PlanId, string> = { basic: 'Basic', pro: 'Professional' };
export const BILLING_PERIOD_LABELS: Record<BillingPeriod, string> = { monthly: 'Monthly', yearly: 'Annual' };

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 1000;
export const VOLUME_TIERS = [10, 50, 100] as const;
export const LICENSE_BASIC_MONTHS = 6;
/** Only subscriptions in these states count towards slots. */
export const COUNTED_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;
/** Slot meter: one segment per slot up to this many, a proportional bar above. */
export const SLOT_METER_SEGMENTS_MAX = 8;

export const AVATAR_MAX_BYTES = 100_000;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const NAME_MAX = 50;
export const USER_ID_MAX = 128;
export const MAP_TITLE_MAX = 100;
export const HISTORY_NAME_MAX = 100;
/** Unnamed history entries kept per map at the least; named ones are kept forever. */
export const HISTORY_UNNAMED_KEEP = 50;
/** Past those, the last unnamed version of each day is kept for this many days (and of each hour for a day). */
export const HISTORY_DAILY_DAYS = 30;
export const STORAGE_LIST_MAX = 1000;

export const CALL_TIMEOUT_MS = 70_000;
export const SCROLL_RESET_MS = 200;
export const INLINE_SAVE_MIN_SPINNER_MS = 300;
export const MODAL_ANIMATION_MS = 300;
export const DIALOG_CLEAR_DELAY_MS = 300;
export const RESET_SENT_DELAY_MS = 300;
export const PAGE_FADE_S = 0.2;
export const SETTINGS_DIALOG_HEIGHT_PX = 520;

export const DUPLICATE_TITLE_PREFIX = '[D] ';
export const PAYMENT_RETURN_PATH = '/maps#settings/Plan';
/**
 * The query parameter of Checkout's success address (`/maps?checkout={CHECKOUT_SESSION_ID}`): Stripe puts the paid
 * session's id in it, and the maps page confirms the payment only when it names the session this tab left for.
 */
export const CHECKOUT_RETURN_PARAM = 'checkout';
export const BRAND = 'Mapnest';
export const ADMIN_GROUP = 'admins';
/**
 * How long the web client's tokens live: the user pool client in AWS (infra's auth construct) and the local stack's
 * emulated one alike, so that a token kept after signing out (or after the account is gone) works locally exactly as
 * long as it would in production.
 */
export const TOKEN_VALIDITY = { idHours: 1, accessHours: 1, refreshDays: 30 } as const;

/** The page title: '{title} - {brand}', or only the brand when there is no title. */
export function pageTitle(title?: string | null): string {
  const t = title?.trim();
  return t ? `${t} - ${BRAND}` : BRAND;
}
