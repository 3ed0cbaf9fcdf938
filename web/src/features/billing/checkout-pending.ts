/**
 * A checkout the user left for: remembered in sessionStorage before the browser goes to the payment
 * page, so the maps page it returns to knows to wait for the webhook. Stripe redirects back before or after it
 * calls the webhook, so the new subscription can take a moment to appear. Only a return that names the paid session
 * (`/maps?checkout=<its id>`, ADR 084) is one: the maps page opened any other way, after a declined card say, waits
 * for nothing.
 */
import { QUANTITY_MAX, QUANTITY_MIN, type BillingPeriod, type PlanId } from '@mapnest/shared/constants';

const KEY = 'mapnest.checkoutPending';
/** A pending checkout older than this is forgotten: the user did not come back from that payment page. */
export const CHECKOUT_PENDING_MAX_AGE_MS = 2 * 60 * 60 * 1000;

export interface PendingCheckout {
  uid: string;
  /** The Checkout session's id, which Stripe puts in the address it returns to once it is paid. */
  sessionId: string;
  plan: PlanId;
  quantity: number;
  /** Slots of the plan the user's subscriptions held before: the checkout is confirmed once they hold more. */
  quantityBefore: number;
  /** Epoch milliseconds when the user left for the payment page. */
  startedAt: number;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberPendingCheckout(pending: PendingCheckout): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(pending));
  } catch {
    /* a full or blocked storage only costs the confirmation message */
  }
}

export function forgetPendingCheckout(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    /* nothing to forget */
  }
}

/** The pending checkout of `uid`, if one was started recently; anything else stored under the key is dropped. */
export function readPendingCheckout(uid: string, now = Date.now()): PendingCheckout | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingCheckout>;
    const fresh =
      typeof value.startedAt === 'number' &&
      now - value.startedAt >= 0 &&
      now - value.startedAt < CHECKOUT_PENDING_MAX_AGE_MS;
    if (
      value.uid === uid &&
      typeof value.sessionId === 'string' &&
      value.sessionId !== '' &&
      (value.plan === 'basic' || value.plan === 'pro') &&
      typeof value.quantity === 'number' &&
      typeof value.quantityBefore === 'number' &&
      fresh
    ) {
      return value as PendingCheckout;
    }
  } catch {
    /* not ours */
  }
  forgetPendingCheckout();
  return null;
}

/**
 * The subscribe dialog's choice for a plan (quantity and period), remembered when Subscribe is pressed, so pressing
 * Back on the payment page (which loads the dialog afresh) finds the card as it was left, not on its defaults.
 */
export interface PlanChoice {
  period: BillingPeriod;
  quantity: number;
}
const choiceKey = (plan: PlanId) => `mapnest.subscribeDialog.${plan}`;

export function rememberPlanChoice(uid: string, plan: PlanId, choice: PlanChoice, now = Date.now()): void {
  try {
    storage()?.setItem(choiceKey(plan), JSON.stringify({ uid, ...choice, savedAt: now }));
  } catch {
    /* a full or blocked storage only costs the restored choice */
  }
}

/** The choice `uid` left the dialog with for `plan`, if recent and well formed; anything else is dropped. */
export function readPlanChoice(uid: string, plan: PlanId, now = Date.now()): PlanChoice | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(choiceKey(plan)) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PlanChoice & { uid: string; savedAt: number }>;
    const fresh =
      typeof v.savedAt === 'number' && now - v.savedAt >= 0 && now - v.savedAt < CHECKOUT_PENDING_MAX_AGE_MS;
    const quantity = v.quantity;
    if (
      v.uid === uid &&
      fresh &&
      (v.period === 'monthly' || v.period === 'yearly') &&
      typeof quantity === 'number' &&
      Number.isInteger(quantity) &&
      quantity >= QUANTITY_MIN &&
      quantity <= QUANTITY_MAX
    ) {
      return { period: v.period, quantity };
    }
  } catch {
    /* not ours */
  }
  try {
    storage()?.removeItem(choiceKey(plan));
  } catch {
    /* nothing to drop */
  }
  return null;
}
