/**
 * Deleting a Stripe customer, the one Stripe call of account deletion: Stripe then cancels the customer's
 * subscriptions at once (sending `customer.subscription.deleted` for each) and removes their payment methods, and
 * nobody is billed for an account that no longer exists. One REST call with fetch instead of the Stripe SDK, which
 * would take the account-deletion function past its bundle budget; base URL and key as the SDK adapter reads them.
 */
import { BILLING_MESSAGES } from '@mapnest/shared/billing';
import { CallError } from '@mapnest/shared/errors';
import { requireSecret } from '../lib/secrets';
import { logger } from '../lib/logger';

export const stripeCustomers = {
  /** Deletes the customer; one that is gone already counts as deleted, so a retried account deletion completes. */
  async delete(customerId: string): Promise<void> {
    const base = process.env.STRIPE_API_BASE || 'https://api.stripe.com';
    const key = await requireSecret('STRIPE_SECRET_KEY');
    let res: Response;
    try {
      res = await fetch(`${base}/v1/customers/${encodeURIComponent(customerId)}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': `mapnest-delete-${customerId}` },
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      logger.warn('stripe unreachable while deleting a customer', { customerId, error });
      throw new CallError('unavailable', BILLING_MESSAGES.paymentsUnavailable);
    }
    if (res.ok || res.status === 404) return;
    const body = (await res.text().catch(() => '')).slice(0, 300);
    if (res.status === 429 || res.status >= 500) {
      logger.warn('stripe refused a customer deletion for now', { customerId, status: res.status, body });
      throw new CallError('unavailable', BILLING_MESSAGES.paymentsUnavailable);
    }
    throw new Error(`Stripe answered ${res.status} deleting customer ${customerId}: ${body}`);
  },
};
