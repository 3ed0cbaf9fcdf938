/**
 * Stripe's REST API with fetch, for the functions that must not carry the Stripe SDK (240 KB past their bundle
 * budget): account deletion deletes the customer, the webhook reads a subscription's current state. Base URL and
 * key as the SDK adapter reads them (the local payments sandbox when STRIPE_API_BASE names one). Stripe being
 * unreachable, rate limiting or failing is `unavailable` (the caller, or Stripe's own retry, tries again).
 */
import { BILLING_MESSAGES } from '@mapnest/shared/billing';
import { CallError } from '@mapnest/shared/errors';
import { requireSecret } from '../../lib/secrets';
import { logger } from '../../lib/logger';

/** One request; answers the response when it is a success or a 4xx other than 429. */
async function stripeRequest(
  method: 'GET' | 'DELETE',
  path: string,
  opts: { idempotencyKey?: string } = {},
): Promise<Response> {
  const base = process.env.STRIPE_API_BASE || 'https://api.stripe.com';
  const key = await requireSecret('STRIPE_SECRET_KEY');
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, { method, headers, signal: AbortSignal.timeout(20_000) });
  } catch (error) {
    logger.warn('stripe unreachable', { method, path, error });
    throw new CallError('unavailable', BILLING_MESSAGES.paymentsUnavailable);
  }
  if (res.status === 429 || res.status >= 500) {
    const body = (await res.text().catch(() => '')).slice(0, 300);
    logger.warn('stripe refused a request for now', { method, path, status: res.status, body });
    throw new CallError('unavailable', BILLING_MESSAGES.paymentsUnavailable);
  }
  return res;
}

const unexpected = async (res: Response, what: string) =>
  new Error(`Stripe answered ${res.status} ${what}: ${(await res.text().catch(() => '')).slice(0, 300)}`);

export const stripeCustomers = {
  /** Deletes the customer; one that is gone already counts as deleted, so a retried account deletion completes. */
  async delete(customerId: string): Promise<void> {
    const res = await stripeRequest('DELETE', `/v1/customers/${encodeURIComponent(customerId)}`, {
      idempotencyKey: `mapnest-delete-${customerId}`,
    });
    if (res.ok || res.status === 404) return;
    throw await unexpected(res, `deleting customer ${customerId}`);
  },
};

export const stripeSubscriptions = {
  /** The subscription as Stripe holds it now (unvalidated JSON), or null when Stripe has no such subscription. */
  async retrieve(subscriptionId: string): Promise<unknown> {
    const res = await stripeRequest('GET', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`);
    if (res.status === 404) return null;
    if (!res.ok) throw await unexpected(res, `reading subscription ${subscriptionId}`);
    return res.json();
  },
};
