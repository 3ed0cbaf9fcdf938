/**
 * Plan and FAQ copy (spec §1 plan features, §2 subscribe dialog FAQ). The subscribe dialog can
 * import the same content so the pricing page and the dialog never disagree.
 */
import {
  FREE_TEST_MAPS,
  LICENSE_BASIC_MONTHS,
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

/** Spec §1: Basic features; Professional adds wayfinding, analytics and priority support. */
export const PLAN_FEATURES: Record<PlanId, readonly string[]> = {
  basic: ['Cloud map hosting', 'Compatible with any platform', 'Deployment in about 3 minutes', 'Automatic updates'],
  pro: ['Everything in Basic', 'Wayfinding extension', 'Map analytics', 'Priority support'],
};

/** The price per map per month, as shown: '$10'. */
export function priceLabel(plan: PlanId, period: BillingPeriod): string {
  return `$${PRICES[plan][period]}`;
}

/** What the visitor is billed and how often, for one map. */
export function billingNote(plan: PlanId, period: BillingPeriod): string {
  if (period === 'monthly') return 'per map per month, billed monthly';
  return `per map per month, billed annually ($${PRICES[plan].yearly * 12} per map per year)`;
}

/** The largest annual saving across plans, in whole percent. */
export function maxAnnualSavingPercent(): number {
  return Math.max(
    ...(Object.keys(PRICES) as PlanId[]).map((plan) =>
      Math.floor(((PRICES[plan].monthly - PRICES[plan].yearly) / PRICES[plan].monthly) * 100),
    ),
  );
}

export const FREE_TIER_NOTE = `Try it free: ${FREE_TEST_MAPS} test maps, each active for ${TEST_MAP_ACTIVE_DAYS} days. Subscribe only when you are ready to go live.`;

export const LICENSE_NOTE = `Each map also needs its own software license, purchased separately on the Envato marketplace. Registering a license gives that map ${LICENSE_BASIC_MONTHS} months of Basic usage.`;

const tiers = VOLUME_TIERS.join(', ').replace(/, (\d+)$/, ' and $1');

/** The subscribe dialog's FAQ (spec §2), in the order the spec lists it. */
export const PRICING_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. When you cancel, your subscription stays active until the end of the billing period you have paid for, and you will not be charged again.',
  },
  {
    question: 'Why do I need a license?',
    answer: `Every map you publish needs its own software license, bought separately on the Envato marketplace. A subscription or a registered license unlocks cloud hosting and management, automatic updates and technical support, and registering a license gives that map ${LICENSE_BASIC_MONTHS} months of Basic usage.`,
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
      'Subscriptions are not refunded once active. You can try everything without subscribing: build and test your maps for free, and subscribe only when you need to go live.',
  },
];
