import { useId, useState } from 'react';
import type { Subscription } from '@mapnest/shared/billing';
import { BILLING_PERIOD_LABELS, PLAN_NAMES, type BillingPeriod, type PlanId } from '@mapnest/shared/constants';
import { CheckList } from '../../components/CheckList';
import { SegmentedToggle } from '../../components/SegmentedToggle';
import { Spinner } from '../../components/Spinner';
import { PLAN_FEATURES, PLAN_TAGLINES } from './plans';
import { annualSavingPercent, priceSummary, shortDate } from './billing-format';
import { AccountHolderNote } from './AccountHolderOnly';
import { QuantityInput } from './QuantityInput';
import { SlotMeter } from './SlotMeter';

export interface PlanCardProps {
  plan: PlanId;
  /** The billing period the selector starts on (the pricing page's choice, else its default). */
  initialPeriod: BillingPeriod;
  /** The quantity the selector starts on (the choice left for the payment page, when Back brought the user here). */
  initialQuantity?: number;
  /** The plan's subscriptions that hold slots (normally one); empty shows the selectors and Subscribe. */
  subscriptions: readonly Subscription[];
  /** Slots of this plan in use and held (subscriptions, licences, grants), or null while unknown. */
  usage: { used: number; capacity: number } | null;
  /** A request of the dialog is in flight: every control is disabled. */
  disabled: boolean;
  /** This card's request is the one in flight: its button shows 'Starting...'. */
  starting: boolean;
  error: string | null;
  /** An administrator viewing as a user: Subscribe and Manage are the account holder's, so disabled, with why. */
  accountHolderOnly?: boolean;
  onSubscribe: (choice: { plan: PlanId; period: BillingPeriod; quantity: number }) => void;
  onManage: () => void;
}

/** Busy button content: a spinner (hidden from the accessible name) and 'Starting...'. */
function Starting() {
  return (
    <>
      <span aria-hidden="true" className="plan-offer__spinner">
        <Spinner size="sm" />
      </span>
      Starting...
    </>
  );
}

/**
 * One plan of the subscribe dialog. Without a subscription: quantity, Monthly/Annual, the price per
 * map and the total with the volume tier, and Subscribe. With one: the badge ('Payment failed' while Stripe is
 * retrying a renewal, 'Canceled' when it ends, else 'Active'), the payment problem in words, the slot meter and Manage.
 */
export function PlanCard({
  plan,
  initialPeriod,
  initialQuantity = 1,
  subscriptions,
  usage,
  disabled,
  starting,
  error,
  accountHolderOnly = false,
  onSubscribe,
  onManage,
}: PlanCardProps) {
  const titleId = useId();
  const noteId = useId();
  const describedBy = accountHolderOnly ? noteId : undefined;
  const [quantity, setQuantity] = useState(initialQuantity);
  const [period, setPeriod] = useState<BillingPeriod>(initialPeriod);
  const subscribed = subscriptions.length > 0;
  const name = PLAN_NAMES[plan];

  return (
    <article className={`plan-offer plan-offer--${plan}`} aria-labelledby={titleId}>
      <header className="plan-offer__header">
        <h3 id={titleId} className="plan-offer__name">
          {name}
        </h3>
        {subscribed && <StatusBadge plan={plan} subscriptions={subscriptions} />}
      </header>
      {subscribed ? (
        <Subscribed plan={plan} subscriptions={subscriptions} usage={usage} />
      ) : (
        <p className="plan-offer__tagline">{PLAN_TAGLINES[plan]}</p>
      )}
      <CheckList items={PLAN_FEATURES[plan]} className="plan-offer__features" />

      {!subscribed && (
        <PlanChoice
          plan={plan}
          quantity={quantity}
          onQuantity={setQuantity}
          period={period}
          onPeriod={setPeriod}
          disabled={disabled}
        />
      )}

      <div className="plan-offer__action">
        {subscribed ? (
          <button
            type="button"
            className="btn btn--secondary btn--block"
            disabled={disabled || accountHolderOnly}
            aria-describedby={describedBy}
            aria-busy={starting || undefined}
            onClick={onManage}
          >
            {starting ? <Starting /> : 'Manage'}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={disabled || accountHolderOnly}
            aria-describedby={describedBy}
            aria-busy={starting || undefined}
            onClick={() => onSubscribe({ plan, period, quantity })}
          >
            {starting ? <Starting /> : 'Subscribe'}
          </button>
        )}
        {accountHolderOnly && <AccountHolderNote id={noteId} className="plan-offer__note" />}
        {error && (
          <p className="form-alert form-alert--error plan-offer__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </article>
  );
}

interface PlanChoiceProps {
  plan: PlanId;
  quantity: number;
  onQuantity: (quantity: number) => void;
  period: BillingPeriod;
  onPeriod: (period: BillingPeriod) => void;
  disabled: boolean;
}

/** Before subscribing: how many maps, Monthly or Annual, and what it costs. */
function PlanChoice({ plan, quantity, onQuantity, period, onPeriod, disabled }: PlanChoiceProps) {
  return (
    <div className="plan-offer__choose">
      <QuantityInput value={quantity} onChange={onQuantity} disabled={disabled} />
      <SegmentedToggle
        label={`${PLAN_NAMES[plan]} billing period`}
        size="sm"
        value={period}
        onChange={onPeriod}
        className="plan-offer__period"
        options={[
          { value: 'monthly', label: BILLING_PERIOD_LABELS.monthly, disabled },
          {
            value: 'yearly',
            label: `${BILLING_PERIOD_LABELS.yearly} (save ${annualSavingPercent(plan)}%)`,
            disabled,
          },
        ]}
      />
      <Price plan={plan} period={period} quantity={quantity} />
    </div>
  );
}

/**
 * The card's status: 'Payment failed' while a renewal payment is being retried (past_due: the slots are kept, but
 * the subscription is not in good standing), else 'Canceled' when it ends, else 'Active'.
 */
function planStatus(subscriptions: readonly Pick<Subscription, 'status' | 'cancelAt'>[]): string {
  if (subscriptions.some((s) => s.status === 'past_due')) return 'Payment failed';
  // Several subscriptions of one plan are rare (two checkouts); the card is 'Canceled' only when all of them end.
  return subscriptions.every((s) => s.cancelAt) ? 'Canceled' : 'Active';
}

function StatusBadge({ plan, subscriptions }: { plan: PlanId; subscriptions: readonly Subscription[] }) {
  const status = planStatus(subscriptions);
  const tone = status === 'Payment failed' ? 'badge--failed' : `badge--${plan}`;
  return <span className={`badge ${tone} plan-offer__badge`}>{status}</span>;
}

function Subscribed({
  plan,
  subscriptions,
  usage,
}: {
  plan: PlanId;
  subscriptions: readonly Subscription[];
  usage: PlanCardProps['usage'];
}) {
  const quantity = subscriptions.reduce((sum, s) => sum + s.quantity, 0);
  return (
    <div className="plan-offer__status">
      {subscriptions.map((s) => (
        <p key={s.id} className="plan-offer__terms">
          {s.quantity} {s.quantity === 1 ? 'map' : 'maps'}
          {s.period ? `, billed ${s.period === 'yearly' ? 'annually' : 'monthly'}` : ''}
          {s.cancelAt ? (
            <>
              {' · '}
              <span className="plan-offer__ends">ends {shortDate(s.cancelAt)}</span>
            </>
          ) : s.currentPeriodEnd && s.status !== 'past_due' ? (
            // A past-due period is not paid for, so its end is no renewal date (the failure is said below).
            ` · renews ${shortDate(s.currentPeriodEnd)}`
          ) : null}
        </p>
      ))}
      {subscriptions.some((s) => s.status === 'past_due') && (
        <p className="form-alert form-alert--error plan-offer__past-due">
          Payment failed — update your payment method with Manage. Your slots are kept while the payment is retried.
        </p>
      )}
      <SlotMeter plan={plan} used={usage?.used ?? 0} capacity={usage?.capacity ?? quantity} />
    </div>
  );
}

function Price({ plan, period, quantity }: { plan: PlanId; period: BillingPeriod; quantity: number }) {
  const price = priceSummary(plan, period, quantity);
  return (
    <div className="plan-offer__price" aria-live="polite">
      <p className="plan-offer__unit">
        <span className="plan-offer__amount">{price.unit}</span> per map {price.per}
        {price.monthlyEquivalent && <span className="plan-offer__equivalent"> ({price.monthlyEquivalent})</span>}
      </p>
      <p className="plan-offer__total">
        Total <strong>{price.total}</strong> {price.per}
      </p>
      <p className={price.tier ? 'plan-offer__tier is-applied' : 'plan-offer__tier'}>{price.tier ?? price.nextTier}</p>
    </div>
  );
}
