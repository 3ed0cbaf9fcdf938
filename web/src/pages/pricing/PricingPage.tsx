import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { BILLING_PERIOD_LABELS, PLAN_NAMES, type BillingPeriod, type PlanId } from '@mapnest/shared/constants';
import { VOLUME_DISCOUNTS } from '@mapnest/shared/billing';
import { signedInAtom } from '../../state/session';
import { CheckList } from '../../components/CheckList';
import { FadeInStagger } from '../../components/FadeIn';
import { ArrowRightIcon } from '../../components/Icons';
import { SectionHeading } from '../../components/SectionHeading';
import { SegmentedToggle } from '../../components/SegmentedToggle';
import '../../styles/marketing.css';
import { PAGE_TITLES } from '../titles';
import {
  billingNote,
  DEFAULT_BILLING_PERIOD,
  FREE_TIER_NOTE,
  LICENSE_NOTE,
  LICENSE_NOTE_MORE,
  maxAnnualSavingPercent,
  PLAN_FEATURES,
  PLAN_TAGLINES,
  priceLabel,
  PRICING_FAQ,
  type PeriodCarried,
} from '../../features/billing/plans';

const PLANS: readonly PlanId[] = ['basic', 'pro'];

export default function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD);
  const signedIn = useAtomValue(signedInAtom);
  return (
    <>
      <PricingHero period={period} onPeriod={setPeriod} />
      <PlansSection period={period} signedIn={signedIn} />
      <PricingFaq />
    </>
  );
}

/** The title and the billing period toggle. */
function PricingHero({ period, onPeriod }: { period: BillingPeriod; onPeriod: (period: BillingPeriod) => void }) {
  const saving = maxAnnualSavingPercent();
  return (
    <section className="page-hero" aria-labelledby="pricing-title">
      <div className="container">
        <SectionHeading
          as="h1"
          id="pricing-title"
          align="center"
          eyebrow={PAGE_TITLES.pricing}
          title="Simple pricing per map"
          subtitle="Subscribe per map slot: each map you keep live on a subscription takes one. Every plan includes hosting, updates and support."
        />
        <div className="billing-toggle">
          <SegmentedToggle
            label="Billing period"
            size="lg"
            value={period}
            onChange={onPeriod}
            options={[
              { value: 'monthly', label: BILLING_PERIOD_LABELS.monthly },
              { value: 'yearly', label: `${BILLING_PERIOD_LABELS.yearly} (save up to ${saving}%)` },
            ]}
          />
        </div>
      </div>
    </section>
  );
}

/** The plan cards and the notes on free test maps, the licence and volume. */
function PlansSection({ period, signedIn }: { period: BillingPeriod; signedIn: boolean }) {
  const ctaTo = signedIn ? '/maps#subscribe' : '/register';
  return (
    <section className="section section--flush" aria-label="Plans">
      <div className="container">
        <FadeInStagger className="plan-grid">
          {PLANS.map((plan) => (
            <article key={plan} className={`plan-card plan-card--${plan}`} aria-labelledby={`plan-${plan}`}>
              <header className="plan-card__header">
                <h2 id={`plan-${plan}`} className="plan-card__name">
                  {PLAN_NAMES[plan]}
                </h2>
                {plan === 'pro' && <span className="badge badge--pro">Wayfinding included</span>}
              </header>
              <p className="plan-card__tagline">{PLAN_TAGLINES[plan]}</p>
              <p className="plan-card__price">
                <span className="plan-card__amount">{priceLabel(plan, period)}</span>
                <span className="plan-card__per">{billingNote(plan, period)}</span>
              </p>
              <CheckList items={PLAN_FEATURES[plan]} className="plan-card__features" />
              <Link
                to={ctaTo}
                // The plan dialog starts on the period chosen here.
                state={signedIn ? ({ period } satisfies PeriodCarried) : undefined}
                className={plan === 'pro' ? 'btn btn--primary btn--block' : 'btn btn--secondary btn--block'}
              >
                {signedIn ? `Choose ${PLAN_NAMES[plan]}` : 'Start for free'}
              </Link>
            </article>
          ))}
        </FadeInStagger>

        <div className="pricing-notes">
          <div className="note-card">
            <h2 className="note-card__title">Free test maps</h2>
            <p>{FREE_TIER_NOTE}</p>
          </div>
          <div className="note-card">
            <h2 className="note-card__title">License</h2>
            <p>{LICENSE_NOTE}</p>
            <p>{LICENSE_NOTE_MORE}</p>
          </div>
          <div className="note-card">
            <h2 className="note-card__title">Volume and enterprise</h2>
            <p>
              {VOLUME_DISCOUNTS.map((tier) => `${tier.percentOff}% off from ${tier.from} maps`).join(', ')}, on every
              map of the subscription, and an enterprise program for larger deployments.{' '}
              <Link to="/contact">Contact us</Link>.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

/** Questions about plans and billing. */
function PricingFaq() {
  return (
    <section className="section section--tinted" aria-labelledby="faq-title">
      <div className="container container--narrow">
        <SectionHeading id="faq-title" align="center" eyebrow="FAQ" title="Questions about plans and billing" />
        <div className="faq">
          {PRICING_FAQ.map((item) => (
            <details key={item.question} className="faq__item">
              <summary className="faq__question">{item.question}</summary>
              <p className="faq__answer">{item.answer}</p>
            </details>
          ))}
        </div>
        <p className="faq__more">
          Still have a question? <Link to="/contact">Get in touch</Link> or{' '}
          <Link to="/estimate">
            ask us to build your map <ArrowRightIcon size={14} className="inline-icon" />
          </Link>
        </p>
      </div>
    </section>
  );
}
