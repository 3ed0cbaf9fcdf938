/**
 * Plan and FAQ copy (the plan features and the subscribe dialog's FAQ). The subscribe dialog can
 * import the same content so the pricing page and the dialog never disagree.
 */
import { BILLING_TEXTS } from '@mapnest/shared/billing-texts';
import {
  FREE_TEST_MAPS,
  PRICES,
  TEST_MAP_ACTIVE_DAYS,
  VOLUME_TIERS,
  type BillingPeriod,
  type PlanId,
} from '@mapnest/shared/constants';

export const PLAN_TAGLINES: Record<PlanId, string> = {
  basic: 'Everything you need to publish interactive maps on your website.',
  pro: 'For venues and campuses that need directions and insight.',
};

/** Basic features; Professional adds wayfinding, analytics and priority support. */
export const PLAN_FEATURES: Record<PlanId, readonly string[]> = {
  basic: ['Cloud map hosting', 'Compatible with any platform', 'Deployment in about 3 minutes', 'Automatic updates'],
  pro: ['Everything in Basic', 'Wayfinding extension', 'Map analytics', 'Priority support'],
};

/**
 * The billing period the pricing page and the plan dialog start on (the spec states none): Annual, the saving the
 * pricing page leads with. The plan dialog starts on the one the visitor chose on the pricing page when it is carried
 * over (`periodCarried`).
 */
export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'yearly';

/** The navigation state the pricing page's 'Choose …' links carry to the plan dialog: the period chosen there. */
export interface PeriodCarried {
  period: BillingPeriod;
}

/** The billing period carried in a location's state, or null when none (or something else) is carried. */
export function periodCarried(state: unknown): BillingPeriod | null {
  const period = (state as Partial<PeriodCarried> | null)?.period;
  return period === 'monthly' || period === 'yearly' ? period : null;
}

/** Price lines come from the one source of the billing texts. */
export { billingNote, priceLabel } from '@mapnest/shared/billing-texts';

/** The largest annual saving across plans, in whole percent. */
export function maxAnnualSavingPercent(): number {
  return Math.max(
    ...(Object.keys(PRICES) as PlanId[]).map((plan) =>
      Math.floor(((PRICES[plan].monthly - PRICES[plan].yearly) / PRICES[plan].monthly) * 100),
    ),
  );
}

export const FREE_TIER_NOTE = `Try it free: ${FREE_TEST_MAPS} test maps, each active for ${TEST_MAP_ACTIVE_DAYS} days. Subscribe only when you are ready to go live.`;

/** The licence note of the pricing page and the plan dialog: the rule, then the two ways to go live. */
export const LICENSE_NOTE = BILLING_TEXTS.licenseRule;
export const LICENSE_NOTE_MORE = `${BILLING_TEXTS.goLiveWays} ${BILLING_TEXTS.licenseEnd}`;

const tiers = VOLUME_TIERS.join(', ').replace(/, (\d+)$/, ' and $1');

/** The subscribe dialog's FAQ: cancelling, why a licence, both plans, discounts, refunds. */
export const PRICING_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. When you cancel, your subscription stays active until the end of the billing period you have paid for, and you will not be charged again.',
  },
  {
    question: 'Why do I need a license?',
    answer: [
      BILLING_TEXTS.licenseRule,
      BILLING_TEXTS.licensePurpose,
      'A subscription or a registered license unlocks cloud hosting and management, automatic updates and technical support.',
      BILLING_TEXTS.goLiveWays,
      BILLING_TEXTS.licenseEnd,
    ].join(' '),
  },
  {
    question: 'Can I have both Basic and Professional maps?',
    answer:
      'Yes. Basic and Professional slots are two independent subscriptions: each is billed on its own and cancelled separately.',
  },
  {
    question: 'Do you offer discounts?',
    answer: `Yes. Volume discounts apply at ${tiers} maps, and larger organisations can join our enterprise program. Contact us and we will prepare an offer.`,
  },
  {
    question: 'Can I get a refund?',
    answer:
      'Subscriptions are not refunded once active. You can try everything without subscribing: build and test your maps for free, and subscribe only when you need to go live. A second subscription of a plan you already have, bought by mistake, is cancelled at once and what it charged is credited, or refunded on request.',
  },
];
