import { useEffect, useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'react-router';
import type { Subscription } from '@mapnest/shared/billing';
import { QUANTITY_MAX, type BillingPeriod, type PlanId } from '@mapnest/shared/constants';
import { MESSAGES } from '@mapnest/shared/errors';
import { reportError } from '../../lib/analytics';
import { sessionAtom } from '../../state/session';
import { CloseIcon } from '../../components/Icons';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { BILLING_TEXTS } from '@mapnest/shared/billing-texts';
import { DEFAULT_BILLING_PERIOD, LICENSE_NOTE, LICENSE_NOTE_MORE, PRICING_FAQ } from './plans';
import { loadSlotsAtom, slotsAtom } from '../maps/maps-state';
import { useViewingAsUser } from './AccountHolderOnly';
import { billingApi, goToPaymentPage } from './billing-api';
import { readPlanChoice, rememberPendingCheckout, rememberPlanChoice } from './checkout-pending';
import { PlanCard } from './PlanCard';
import { loadSubscriptionsAtom, subscriptionsAtom } from './subscriptions-state';
import './billing.css';

const PLANS: readonly PlanId[] = ['basic', 'pro'];

type InFlight = { plan: PlanId; action: 'subscribe' | 'manage' } | null;

export interface SubscribeDialogProps {
  open: boolean;
  /** The billing period chosen on the pricing page, carried over; null: the pricing page's default. */
  period?: BillingPeriod | null;
  onClose: () => void;
}

/**
 * The checkout and portal requests: one at a time, the card's error when one fails; on success the browser leaves
 * for the payment page.
 */
function usePaymentPageRequests(userId: string | null, subscriptions: readonly Subscription[]) {
  const [inFlight, setInFlight] = useState<InFlight>(null);
  const [errors, setErrors] = useState<Partial<Record<PlanId, string>>>({});
  const busy = inFlight !== null;

  const fail = (plan: PlanId, where: string, error: unknown) => {
    reportError(error, where);
    setInFlight(null);
    setErrors({ [plan]: MESSAGES.subscriptionError });
  };

  const subscribe = async ({ plan, period, quantity }: { plan: PlanId; period: BillingPeriod; quantity: number }) => {
    if (busy || !userId) return;
    // Back from the payment page reloads the dialog: it starts on this choice again.
    rememberPlanChoice(userId, plan, { period, quantity });
    setInFlight({ plan, action: 'subscribe' });
    setErrors({});
    try {
      const { url, id: sessionId } = await billingApi.createCheckoutSession(plan, period, quantity);
      if (typeof url !== 'string' || !url) throw new Error('The checkout session has no URL');
      const quantityBefore = subscriptions.filter((s) => s.plan === plan).reduce((sum, s) => sum + s.quantity, 0);
      rememberPendingCheckout({ uid: userId, sessionId, plan, quantity, quantityBefore, startedAt: Date.now() });
      // The dialog stays 'Starting...' while the browser leaves.
      goToPaymentPage(url);
    } catch (error) {
      fail(plan, 'billing:checkout', error);
    }
  };

  const manage = async (plan: PlanId) => {
    if (busy) return;
    setInFlight({ plan, action: 'manage' });
    setErrors({});
    try {
      const { url } = await billingApi.createPortalLink('/maps');
      if (typeof url !== 'string' || !url) throw new Error('The portal link has no URL');
      goToPaymentPage(url);
    } catch (error) {
      fail(plan, 'billing:portal', error);
    }
  };

  return { inFlight, errors, subscribe, manage };
}

/**
 * The subscribe dialog ('Pick your plan'): a Basic and a Professional card, the licence note and the
 * FAQ. While a checkout or portal request is in flight every control is disabled and the card's button says
 * 'Starting...'; then the browser leaves for the payment page. A failure resets the dialog and shows
 * 'Error: something happened.'
 */
export default function SubscribeDialog({ open, period = null, onClose }: SubscribeDialogProps) {
  const titleId = useId();
  const subtitleId = useId();
  const { userId } = useAtomValue(sessionAtom);
  const subscriptions = useAtomValue(subscriptionsAtom);
  const slots = useAtomValue(slotsAtom);
  const loadSubscriptions = useSetAtom(loadSubscriptionsAtom);
  const loadSlots = useSetAtom(loadSlotsAtom);
  const { inFlight, errors, subscribe, manage } = usePaymentPageRequests(userId, subscriptions.subscriptions);
  const viewingAsUser = useViewingAsUser();
  const busy = inFlight !== null;

  // What the cards show can change behind the dialog's back (a portal visit, a webhook): read it on every opening.
  useEffect(() => {
    if (!open) return;
    void loadSubscriptions().catch(() => undefined);
    void loadSlots();
  }, [open, userId, loadSubscriptions, loadSlots]);

  const left = (plan: PlanId) => (userId ? readPlanChoice(userId, plan) : null);
  const byPlan = (plan: PlanId): Subscription[] => subscriptions.subscriptions.filter((s) => s.plan === plan);
  const usage = (plan: PlanId) =>
    slots
      ? {
          used: plan === 'basic' ? slots.basicUsed : slots.proUsed,
          capacity: plan === 'basic' ? slots.basicCapacity : slots.proCapacity,
        }
      : null;

  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onClose}
      labelledBy={titleId}
      describedBy={subtitleId}
      className="subscribe-dialog"
    >
      <fieldset className="subscribe-dialog__form" disabled={busy} aria-busy={busy || undefined}>
        <SubscribeDialogHeader titleId={titleId} subtitleId={subtitleId} busy={busy} onClose={onClose} />

        {subscriptions.status === 'error' && subscriptions.subscriptions.length === 0 ? (
          <div className="form-alert form-alert--error subscribe-dialog__failed" role="alert">
            <p>
              Your subscriptions could not be loaded, so the plans are not shown.{' '}
              {subscriptions.reason ?? MESSAGES.subscriptionError}
            </p>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => void loadSubscriptions().catch(() => undefined)}
            >
              Try again
            </button>
          </div>
        ) : subscriptions.status !== 'ready' && subscriptions.subscriptions.length === 0 ? (
          <div className="subscribe-dialog__loading">
            <Spinner label="Loading your subscriptions" />
          </div>
        ) : (
          <div className="subscribe-dialog__plans">
            {PLANS.map((plan) => (
              <PlanCard
                // A period carried from the pricing page starts the cards afresh on it.
                key={`${plan}-${period ?? DEFAULT_BILLING_PERIOD}`}
                plan={plan}
                // The pricing page's period wins over the choice left for the payment page, which wins over defaults.
                initialPeriod={period ?? left(plan)?.period ?? DEFAULT_BILLING_PERIOD}
                initialQuantity={left(plan)?.quantity}
                subscriptions={byPlan(plan)}
                usage={usage(plan)}
                disabled={busy}
                starting={inFlight?.plan === plan}
                error={errors[plan] ?? null}
                accountHolderOnly={viewingAsUser}
                onSubscribe={(choice) => void subscribe(choice)}
                onManage={() => void manage(plan)}
              />
            ))}
          </div>
        )}

        <SubscribeDialogNotes titleId={titleId} licensed={slots?.basicLicensed ?? 0} />
      </fieldset>
    </Modal>
  );
}

function SubscribeDialogHeader({
  titleId,
  subtitleId,
  busy,
  onClose,
}: {
  titleId: string;
  subtitleId: string;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <div className="subscribe-dialog__head">
      <div>
        <h2 id={titleId} className="subscribe-dialog__title">
          Pick your plan
        </h2>
        <p id={subtitleId} className="subscribe-dialog__subtitle">
          Start or manage subscription
        </p>
      </div>
      <button
        type="button"
        className="subscribe-dialog__close"
        onClick={onClose}
        disabled={busy}
        aria-label="Close plans"
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** Below the plans: the licence note and the FAQ. */
function SubscribeDialogNotes({ titleId, licensed }: { titleId: string; licensed: number }) {
  return (
    <>
      <section className="subscribe-dialog__license" aria-label="License">
        <p>{LICENSE_NOTE}</p>
        <p>{LICENSE_NOTE_MORE}</p>
        {licensed > 0 && (
          <p className="subscribe-dialog__licensed">
            You have {BILLING_TEXTS.licensedCount(licensed)}; the slots above are apart from it.
          </p>
        )}
        <p>
          Have a purchase code already? Open a map’s menu and choose <strong>Register license</strong>.
        </p>
      </section>

      <section className="subscribe-dialog__faq" aria-labelledby={`${titleId}-faq`}>
        <h3 id={`${titleId}-faq`} className="subscribe-dialog__faq-title">
          Questions
        </h3>
        {PRICING_FAQ.map((item) => (
          <details key={item.question} className="subscribe-faq__item">
            <summary className="subscribe-faq__question">{item.question}</summary>
            <p className="subscribe-faq__answer">{item.answer}</p>
          </details>
        ))}
        <p className="subscribe-dialog__more">
          Need more than {QUANTITY_MAX.toLocaleString('en')} maps, or terms for your organisation?{' '}
          <Link to="/contact">Ask about the enterprise program</Link>.
        </p>
      </section>
    </>
  );
}
