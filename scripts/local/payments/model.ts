/**
 * The payments sandbox's model: its constants (keys and price ids the local stack hands to the handlers), the
 * records it keeps (customers, Checkout and portal sessions, subscriptions), and the context every part shares.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BillingPeriod, PlanId } from '@mapnest/shared/constants';
import { planOfPrice } from '@mapnest/lambdas/adapters/billing/stripe-prices';

/** The API key the handlers use with the sandbox; it is refused by real Stripe, and the sandbox refuses any other. */
export const SANDBOX_SECRET_KEY = 'sk_test_mapnest_local_sandbox';
/** The webhook signing secret when STRIPE_WEBHOOK_SECRET is not set (local only). */
export const LOCAL_WEBHOOK_SECRET = 'whsec_mapnest_local';
/** The marketplace token the sandbox's purchase-code check accepts (local only). */
export const SANDBOX_MARKETPLACE_TOKEN = 'mapnest-local-marketplace-token';
/** Price ids of the sandbox, as STRIPE_PRICES hands them to the handlers. */
export const SANDBOX_PRICES: Record<PlanId, Record<BillingPeriod, string>> = {
  basic: { monthly: 'price_local_basic_monthly', yearly: 'price_local_basic_yearly' },
  pro: { monthly: 'price_local_pro_monthly', yearly: 'price_local_pro_yearly' },
};

export const priceInfo = (priceId: string) => planOfPrice(SANDBOX_PRICES, priceId);

export type Json = Record<string, unknown>;

export interface Customer {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  created: number;
  /** Stripe's customer balance in cents: negative is credit, taken off the next invoices. */
  balance?: number;
}
export interface CheckoutSession {
  id: string;
  customer: string;
  price: string;
  quantity: number;
  min: number;
  max: number;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  clientReferenceId: string | null;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  created: number;
}
export interface PortalSession {
  id: string;
  customer: string;
  returnUrl: string;
  created: number;
}
export interface Subscription {
  id: string;
  customer: string;
  price: string;
  quantity: number;
  status: string;
  metadata: Record<string, string>;
  created: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  /** The `cancellation_details.comment` of a cancel by the API (absent on older records). */
  cancelComment?: string | null;
  itemId: string;
}

export interface State {
  customers: Record<string, Customer>;
  sessions: Record<string, CheckoutSession>;
  portals: Record<string, PortalSession>;
  subscriptions: Record<string, Subscription>;
  idempotency: Record<string, { status: number; body: Json }>;
}

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Stripe's form encoding (`line_items[0][price]=…`, `metadata[uid]=…`) back into objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Json;
    });
  }
  return root;
}

export const addPeriod = (start: number, period: BillingPeriod) => {
  const d = new Date(start * 1000);
  if (period === 'yearly') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
};

/** What every part of the sandbox shares: its records, saving them, webhook delivery, and the app's origin. */
export interface SandboxContext {
  state: State;
  save(): void;
  deliver(type: string, object: Json): void;
  appOrigin(): string;
}

/** The records kept in `dataFile` between runs (memory only without one; a damaged file starts afresh). */
export function loadState(dataFile: string | undefined): { state: State; save: () => void } {
  let state: State = { customers: {}, sessions: {}, portals: {}, subscriptions: {}, idempotency: {} };
  if (dataFile && existsSync(dataFile)) {
    try {
      state = { ...state, ...(JSON.parse(readFileSync(dataFile, 'utf8')) as Partial<State>) };
    } catch {
      /* a damaged file starts a fresh sandbox */
    }
  }
  const save = () => {
    if (dataFile) writeFileSync(dataFile, JSON.stringify(state));
  };

  return { state, save };
}
