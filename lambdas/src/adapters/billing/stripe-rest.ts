/**
 * Stripe's REST API with fetch, as the Stripe SDK (stripe-node) sends it, for every function that calls Stripe: the
 * SDK is 246 kB of a bundle whose budget is 400 kB, and Mapnest uses eight of its endpoints (ADR 046). Requests are
 * the SDK's, byte for byte where it matters: the form encoding of the body (`stripeForm`), the pinned API version, an
 * idempotency key on every POST (the caller's, or one made for the request and kept across its retries), and its
 * retry rule (network failures, 409, 5xx and `stripe-should-retry: true`, twice, backing off from 0.5 s). The
 * contract test (stripe-rest.test.ts) runs the SDK next to this module and requires the same requests. Base URL
 * and key: api.stripe.com, or the local payments sandbox when STRIPE_API_BASE names one. Stripe being unreachable,
 * rate limiting or failing past the retries is `unavailable` (the caller, or Stripe's own retry, tries again); any
 * other answer is the caller's to read.
 */
import { randomUUID } from 'node:crypto';
import { BILLING_MESSAGES } from '@mapnest/shared/billing';
import { CallError } from '@mapnest/shared/errors';
import { requireSecret } from '../../lib/secrets';
import { logger } from '../../lib/logger';

/**
 * The Stripe API version every request asks for: the one the `stripe` package in lambdas/package.json pins
 * (`Stripe.API_VERSION`; the contract test fails when an upgrade changes it), so objects come in the shapes its types
 * describe, whatever the account's default version is.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** Retries after the first try, and the backoff's first and longest wait: stripe-node's defaults. */
const MAX_RETRIES = 2;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5_000;
/** Each try's time limit, as the payment calls set the SDK's. */
const TRY_TIMEOUT_MS = 20_000;
/**
 * All tries together: a call has 29 s before API Gateway gives up on it, so a slow first try leaves less for the
 * next ones, and no retry starts that could not get a second to run (the SDK knows no such limit).
 */
const TOTAL_TIMEOUT_MS = 24_000;
const MIN_TRY_MS = 1_000;

/** A request's parameters, as the SDK takes them: nested objects and arrays, strings, numbers and booleans. */
export type StripeParams = { [key: string]: StripeParam };
type StripeParam = string | number | boolean | null | undefined | StripeParam[] | { [key: string]: StripeParam };

/** encodeURIComponent with the SDK's (qs') extra escapes, brackets left readable (Stripe reads both). */
const encode = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%5B/g, '[')
    .replace(/%5D/g, ']');

/**
 * The form body Stripe reads: `a[b][0][c]=v` pairs in the parameters' own order, undefined left out, null as an
 * empty value (which clears a field), booleans and numbers as text: stripe-node's encoding.
 */
export function stripeForm(params: StripeParams): string {
  const pairs: string[] = [];
  const add = (key: string, value: StripeParam): void => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object') {
      pairs.push(`${encode(key)}=${encode(value === null ? '' : String(value))}`);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => add(`${key}[${i}]`, item));
    } else {
      for (const k of Object.keys(value)) add(`${key}[${k}]`, value[k]);
    }
  };
  for (const key of Object.keys(params)) add(key, params[key]);
  return pairs.join('&');
}

/** The SDK's wait before retry `n` (1, 2, …): exponential from 0.5 s, at most 5 s, with jitter in its upper half. */
export function retryDelayMs(n: number, random: () => number = Math.random): number {
  const ms = Math.min(FIRST_DELAY_MS * 2 ** (n - 1), MAX_DELAY_MS) * 0.5 * (1 + random());
  return Math.max(FIRST_DELAY_MS, ms);
}

/** Whether the SDK would try an answer again: Stripe's own advice first, then conflicts and server errors. */
function retryable(res: Response): boolean {
  const advice = res.headers.get('stripe-should-retry');
  if (advice === 'false') return false;
  if (advice === 'true') return true;
  return res.status === 409 || res.status >= 500;
}

export interface StripeRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** `/v1/…`, with its ids already URI-encoded. */
  path: string;
  /** A POST's parameters (sent form-encoded). */
  params?: StripeParams;
  /** For a request that must happen once whatever the retries, across calls (a customer per user). */
  idempotencyKey?: string;
}

/** The clock and the wait between tries (replaced in tests). */
export const timing = {
  now: () => Date.now(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/**
 * Sends one request, retried as the SDK does; answers the response when it is a success or a 4xx other than 429.
 * Unreachable, 429 or 5xx after the retries: `unavailable`.
 */
export async function stripeRequest(request: StripeRequest): Promise<Response> {
  const { method, path } = request;
  const base = process.env.STRIPE_API_BASE || 'https://api.stripe.com';
  const key = await requireSecret('STRIPE_SECRET_KEY');
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${key}`,
    'stripe-version': STRIPE_API_VERSION,
  };
  const idempotencyKey = request.idempotencyKey ?? (method === 'POST' ? `mapnest-retry-${randomUUID()}` : undefined);
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const body = method === 'POST' ? stripeForm(request.params ?? {}) : undefined;
  if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const deadline = timing.now() + TOTAL_TIMEOUT_MS;
  /** The wait before the next try, or null when there is no next try (none left, or no time for one). */
  const nextTry = (retries: number): number | null => {
    const wait = retryDelayMs(retries + 1);
    return retries < MAX_RETRIES && deadline - timing.now() - wait >= MIN_TRY_MS ? wait : null;
  };
  for (let retries = 0; ; retries++) {
    let res: Response | undefined;
    const limit = Math.min(TRY_TIMEOUT_MS, deadline - timing.now());
    try {
      res = await fetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(limit) });
    } catch (error) {
      const wait = nextTry(retries);
      if (wait !== null) {
        await timing.sleep(wait);
        continue;
      }
      logger.warn('stripe unreachable', { method, path, tries: retries + 1, error });
      throw new CallError('unavailable', BILLING_MESSAGES.paymentsUnavailable);
    }
    const wait = retryable(res) ? nextTry(retries) : null;
    if (wait !== null) {
      await res.body?.cancel();
      await timing.sleep(wait);
      continue;
    }
    if (res.status === 429 || res.status >= 500) {
      const text = (await res.text().catch(() => '')).slice(0, 300);
      logger.warn('stripe refused a request for now', { method, path, status: res.status, tries: retries + 1, text });
      throw new CallError('unavailable', BILLING_MESSAGES.paymentsUnavailable);
    }
    return res;
  }
}

/** The error for an answer the caller did not expect (a 4xx: a request Stripe found invalid is Mapnest's bug). */
export const unexpected = async (res: Response, what: string) =>
  new Error(`Stripe answered ${res.status} ${what}: ${(await res.text().catch(() => '')).slice(0, 300)}`);

/** A POST's JSON answer; a 4xx is `unexpected`. */
export async function stripePost<T>(path: string, params: StripeParams, what: string, idempotencyKey?: string) {
  const res = await stripeRequest({ method: 'POST', path, params, idempotencyKey });
  if (!res.ok) throw await unexpected(res, what);
  return (await res.json()) as T;
}

export const stripeCustomers = {
  /** Deletes the customer; one that is gone already counts as deleted, so a retried account deletion completes. */
  async delete(customerId: string): Promise<void> {
    const res = await stripeRequest({
      method: 'DELETE',
      path: `/v1/customers/${encodeURIComponent(customerId)}`,
      idempotencyKey: `mapnest-delete-${customerId}`,
    });
    if (res.ok || res.status === 404) return;
    throw await unexpected(res, `deleting customer ${customerId}`);
  },

  /** Sets the customer's email, where Stripe sends its receipts and invoices and what Checkout and the portal show. */
  async setEmail(customerId: string, email: string): Promise<void> {
    await stripePost(`/v1/customers/${encodeURIComponent(customerId)}`, { email }, `updating customer ${customerId}`);
  },
};

export const stripeSubscriptions = {
  /** The subscription as Stripe holds it now (unvalidated JSON), or null when Stripe has no such subscription. */
  async retrieve(subscriptionId: string): Promise<unknown> {
    const res = await stripeRequest({ method: 'GET', path: `/v1/subscriptions/${encodeURIComponent(subscriptionId)}` });
    if (res.status === 404) return null;
    if (!res.ok) throw await unexpected(res, `reading subscription ${subscriptionId}`);
    return res.json();
  },

  /**
   * Cancels a subscription at once, its unused time prorated and invoiced now (Stripe credits a negative final
   * invoice to the customer's balance, taken off their next invoices). One already cancelled, or gone, counts as
   * cancelled, so an event retried after a first try completes. `comment` is kept on the subscription as its
   * `cancellation_details.comment`, and comes back with its `deleted` event.
   */
  async cancelNowWithCredit(subscriptionId: string, comment: string): Promise<void> {
    const params = { invoice_now: true, prorate: true, cancellation_details: { comment } };
    const res = await stripeRequest({
      method: 'DELETE',
      path: `/v1/subscriptions/${encodeURIComponent(subscriptionId)}?${stripeForm(params)}`,
      idempotencyKey: `mapnest-cancel-duplicate-${subscriptionId}`,
    });
    if (res.ok || res.status === 404) return;
    const current = (await stripeSubscriptions.retrieve(subscriptionId)) as { status?: string } | null;
    if (current === null || current.status === 'canceled') return;
    throw await unexpected(res, `cancelling subscription ${subscriptionId}`);
  },
};
