import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useLocation } from 'react-router';
import { BILLING_TEXTS } from '@mapnest/shared/billing-texts';
import { PAYMENT_RETURN_PATH } from '@mapnest/shared/constants';
import { loadSubscriptionsAtom, subscriptionsAtom } from './subscriptions-state';
import './billing.css';

/**
 * On the maps page, while Stripe retries a failed renewal ('past_due'): what happened and the way to fix it (the
 * Plan tab's payment portal), so the customer need not open Settings to learn their maps are at risk.
 */
export function PastDueBanner() {
  const { subscriptions, status } = useAtomValue(subscriptionsAtom);
  const load = useSetAtom(loadSubscriptionsAtom);
  const { pathname } = useLocation();
  // The session loads them at its start; a page opened before that (or for a user just viewed as) reads them here.
  useEffect(() => {
    if (status === 'idle') void load().catch(() => undefined);
  }, [status, load]);
  const plans = [...new Set(subscriptions.filter((s) => s.status === 'past_due').map((s) => s.plan))];
  if (plans.length === 0) return null;
  return (
    <section className="alert alert--error past-due-banner" role="alert" aria-label="Payment failed">
      <p className="alert__text">
        {BILLING_TEXTS.paymentFailed(plans)}{' '}
        <Link to={PAYMENT_RETURN_PATH} replace={pathname === '/maps'} className="alert__link">
          Update your payment method
        </Link>
      </p>
    </section>
  );
}
