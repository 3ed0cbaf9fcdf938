/**
 * The billing emails a customer expects (ADR 019): a subscription started, changed, cancelled or ended, renewed
 * (with its receipt), a licence registered or ending in 14 days. Each is worded here from the shared billing texts
 * and prices (`@mapnest/shared/billing-texts`), so an email never states a rule or price the app does not, and
 * sent through the one mail path (SES in AWS, the dev mailbox locally) by the follow-ups' runner. The decisions are
 * pure functions of the state before and after a change; each is owed in the transaction of the change that causes
 * it, or held before it (the summary of lapsed maps), never after it (ADR 047).
 */
import { formatUsd, holdsSlots } from '@mapnest/shared/billing';
import { isTestState } from '@mapnest/shared/maps';
import { BILLING_TEXTS, subscriptionLine } from '@mapnest/shared/billing-texts';
import {
  LICENSE_BASIC_MONTHS,
  MapState,
  PAYMENT_RETURN_PATH,
  PLAN_NAMES,
  TEST_MAP_ACTIVE_DAYS,
} from '@mapnest/shared/constants';
import type { LicenseItem, SubscriptionItem } from '../../adapters/billing/billing-table';
import type { MapItem } from '../../adapters/maps/map-table';
import { config } from '../../lib/config';

/** An email before it is addressed: its subject and its paragraphs (plain text; links as URLs). */
export interface Notice {
  subject: string;
  paragraphs: string[];
}

/** Days before a licence's end that its owner is told. */
export const LICENSE_REMINDER_DAYS = 14;

/** 'December 23, 2026'. */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const planTab = () => `${config.appOrigin}${PAYMENT_RETURN_PATH}`;
const mapsPage = () => `${config.appOrigin}/maps`;
type Held = Pick<SubscriptionItem, 'plan' | 'period' | 'quantity' | 'status' | 'cancelAt' | 'currentPeriodEnd'>;
const line = (s: Held) => subscriptionLine(s.plan, s.period ?? 'monthly', s.quantity);

/**
 * The owner's maps that went back to test at `at` (reconcileSlots) and are test maps still: what their summary
 * names, worded when it is sent.
 */
export const lapsedAt = <M extends Pick<MapItem, 'lapsedFrom' | 'testSince' | 'state'>>(
  maps: readonly M[],
  at: string,
) => maps.filter((m) => m.lapsedFrom !== undefined && m.testSince === at && isTestState(m.state));

type LapsedMap = Pick<MapItem, 'title' | 'lapsedFrom' | 'publishedVersion' | 'publishedDocKey' | 'unpublishedAt'>;
const titles = (maps: readonly LapsedMap[]) => maps.map((m) => `"${m.title}"`).join(', ');
/** Whether visitors see a published version of the map (publishedOf in public-copy.ts; stored before drafts: yes). */
const isPublished = (m: LapsedMap) =>
  m.publishedVersion === undefined || (m.publishedVersion !== null && !!m.publishedDocKey);

/**
 * What the lapsed maps are to visitors, true of each: published ones stay visible for the test days, and the others
 * were never published (or were taken offline), so nothing of them is public, as the maps page's notice says.
 */
function visibilityText(maps: readonly LapsedMap[]): string {
  const shown = maps.filter(isPublished);
  const hidden = maps.filter((m) => !isPublished(m));
  const days = `for ${TEST_MAP_ACTIVE_DAYS} days; after that visitors see a notice instead of the map.`;
  if (hidden.length === 0) return `Nothing was deleted. Test maps stay visible on your website ${days}`;
  const one = hidden.length === 1;
  const never = hidden.every((m) => !m.unpublishedAt);
  const verb = never ? (one ? 'was never' : 'were never') : one ? 'is not' : 'are not';
  const why = `${verb} published, so nothing of ${one ? 'it' : 'them'} is public.`;
  if (shown.length === 0) return `Nothing was deleted. ${one ? 'It' : 'They'} ${why}`;
  const stay = shown.length === 1 ? 'stays' : 'stay';
  return `Nothing was deleted. ${titles(shown)} ${stay} visible on your website ${days} ${titles(hidden)} ${why}`;
}

/** The owner's Professional maps that moved to Basic at `at` (reconcileSlots) and are there still. */
export const movedToBasicAt = <M extends Pick<MapItem, 'lapsedFrom' | 'movedToBasicAt' | 'state'>>(
  maps: readonly M[],
  at: string,
) => maps.filter((m) => m.lapsedFrom === MapState.PRO && m.movedToBasicAt === at && m.state === MapState.LIVE);

/**
 * What the owner is told when maps left a plan because their slots `why` ('ran out', 'ended', …), from their maps as
 * they are when it is sent: those that went back to test at `at` and are test maps still, and the Professional ones
 * that moved to Basic at `at` and are there still. Null when none are (nothing is sent).
 */
export function lapseSummaryOf(maps: readonly MapItem[], why: string, at: string): Notice | null {
  const lapsed = lapsedAt(maps, at);
  const moved = movedToBasicAt(maps, at);
  if (lapsed.length === 0 && moved.length === 0) return null;
  return lapseSummaryNotice(lapsed, why, moved);
}

/**
 * What the owner is told when maps went back to test because their slots `why` ('ran out', 'ended', …): `maps` as
 * they are after the lapse (`lapsedFrom`: the plan they had); and `moved`, Professional maps that moved to Basic
 * instead (their own licence or a free Basic slot keeps them live, without Professional's directions and analytics).
 */
export function lapseSummaryNotice(maps: readonly LapsedMap[], why: string, moved: readonly LapsedMap[] = []): Notice {
  const plans = [...new Set(maps.map((m) => PLAN_NAMES[m.lapsedFrom === 3 ? 'pro' : 'basic']))].join(' and ');
  const one = maps.length === 1;
  const m = moved.length === 1;
  const movedParagraphs = moved.length
    ? [
        maps.length
          ? `${titles(moved)} moved to ${PLAN_NAMES.basic} instead.`
          : `Your ${PLAN_NAMES.pro} map slots ${why}, so ${m ? 'this map' : 'these maps'} moved to ${PLAN_NAMES.basic}: ${titles(moved)}.`,
        `${m ? 'It stays' : 'They stay'} live on your website on ${m ? 'its' : 'their'} own license or a ${PLAN_NAMES.basic} slot, without ${PLAN_NAMES.pro}'s directions and analytics.${maps.length ? '' : ' Nothing was deleted.'}`,
        `Make ${m ? 'it' : 'them'} Pro again from ${m ? 'its card' : 'their cards'} once you have a free ${PLAN_NAMES.pro} slot: ${mapsPage()}`,
      ]
    : [];
  if (maps.length === 0)
    return {
      subject: m ? `A map moved to ${PLAN_NAMES.basic}` : `${moved.length} maps moved to ${PLAN_NAMES.basic}`,
      paragraphs: movedParagraphs,
    };
  return {
    subject: one ? 'A map went back to test' : `${maps.length} maps went back to test`,
    paragraphs: [
      `Your ${plans} map slots ${why}, so ${one ? 'this map' : 'these maps'} went back to test: ${titles(maps)}.`,
      visibilityText(maps),
      `Buy slots and bring ${one ? 'it' : 'them'} back with one click: ${config.appOrigin}/maps#subscribe`,
      ...movedParagraphs,
    ],
  };
}

/**
 * What the customer is told about a subscription that moved from `held` (null: first seen) to `next`: started,
 * ended, cancellation scheduled, or changed (quantity, plan, period, cancellation undone). Null when nothing they
 * asked for changed (a status Stripe moves by itself, such as past_due, has its own email).
 */
export function subscriptionNotice(held: Held | null, next: Held): Notice | null {
  const plan = PLAN_NAMES[next.plan];
  const was = held !== null && holdsSlots(held.status);
  const is = holdsSlots(next.status);
  if (!was && is)
    return {
      subject: `Your ${plan} subscription has started`,
      paragraphs: [
        `Thank you. Your subscription is active: ${line(next)}.`,
        // The button on a map's card is named for the plan: Go live (Basic), Make Pro (Professional).
        ...(next.plan === 'pro'
          ? [`Each slot keeps one map live on ${plan}. Use Make Pro on a map's card: ${mapsPage()}`]
          : [
              `Each slot keeps one map live. Make a map live with Go live on its card: ${mapsPage()}`,
              BILLING_TEXTS.goLiveWays,
            ]),
        `Manage the subscription and its invoices from the Plan tab: ${planTab()}`,
      ],
    };
  if (!was) return null;
  if (!is)
    return {
      subject: `Your ${plan} subscription has ended`,
      paragraphs: [
        held.status === 'past_due'
          ? `Your subscription (${line(held)}) has ended because its renewal payment could not be collected after the last attempt. You will not be charged again.`
          : `Your subscription (${line(held)}) has ended, and you will not be charged again.`,
        'Maps that were live on its slots go back to test, unless another slot or their own license keeps them live; you get a separate email naming them. Nothing is deleted.',
        `Subscribe again at any time: ${config.appOrigin}/maps#subscribe`,
      ],
    };
  if (!held.cancelAt && next.cancelAt)
    return {
      subject: `Your ${plan} subscription ends on ${longDate(next.cancelAt)}`,
      paragraphs: [
        `Your subscription (${line(next)}) is cancelled. It stays active until ${longDate(next.cancelAt)} and you will not be charged again.`,
        'On that day, maps live on its slots go back to test, unless another slot or their own license keeps them live. Nothing is deleted.',
        `Changed your mind? Renew it from the Plan tab before then: ${planTab()}`,
      ],
    };
  const changes: string[] = [];
  if (held.plan !== next.plan || held.quantity !== next.quantity || held.period !== next.period)
    changes.push(`It is now ${line(next)} (was ${line(held)}).`);
  if (held.cancelAt && !next.cancelAt)
    changes.push(
      `It is no longer cancelled: it renews${next.currentPeriodEnd ? ` on ${longDate(next.currentPeriodEnd)}` : ''}.`,
    );
  if (changes.length === 0) return null;
  return {
    subject: `Your ${plan} subscription has changed`,
    paragraphs: [...changes, `See your slots and invoices in the Plan tab: ${planTab()}`],
  };
}

/**
 * A second subscription of a plan the customer already had (two checkout pages paid), cancelled at once with its
 * unused time credited (stripe/duplicates.ts): what happened, what it cost them (nothing kept), and the way to a refund.
 */
export function duplicateSubscriptionNotice(kept: Held, duplicate: Held): Notice {
  const plan = PLAN_NAMES[duplicate.plan];
  return {
    subject: `Your second ${plan} subscription was cancelled`,
    paragraphs: [
      `You paid for a ${plan} subscription (${line(duplicate)}) while you already had one (${line(kept)}), probably from a second checkout page. One subscription per plan holds all its slots, so we cancelled the second one at once; it added no slots and will not be charged again.`,
      'Its unused time, almost all of what you paid for it, is credited to your account and taken off your next invoices.',
      `Your ${plan} subscription (${line(kept)}) and your maps are unchanged. To have more slots, change its quantity in the payment portal from the Plan tab: ${planTab()}`,
      `Would you rather have the credit refunded to your card? Write to us at ${config.appOrigin}/contact and we will refund it.`,
    ],
  };
}

/**
 * A renewal payment failed and Stripe tries again: the customer is told, with the way to fix it, and how much it was
 * (the invoice's amount due, in cents, when in US dollars as every price is).
 */
/** A renewal payment that failed; `sub`: the subscription it was for, named when known (an owner may have two). */
export const paymentFailedNotice = (
  invoice: { currency?: string; amount_due?: number } = {},
  sub: Held | null = null,
): Notice => ({
  subject: sub ? `Your ${PLAN_NAMES[sub.plan]} payment failed` : 'Your payment failed',
  paragraphs: [
    `We could not collect the payment${invoice.currency === 'usd' && invoice.amount_due ? ` of ${formatUsd(invoice.amount_due)}` : ''} for ${sub ? `your ${PLAN_NAMES[sub.plan]} subscription (${line(sub)})` : 'your map slots'}. Stripe will try again over the next days, and your maps stay live meanwhile.`,
    `Please check your payment method: ${planTab()}`,
    'If the payment still fails after the last attempt, the subscription ends and its maps go back to test. Nothing is deleted.',
  ],
});

/** What a paid renewal invoice tells: its receipt, when it was made, and the periods of its lines (Unix seconds). */
export interface RenewalInvoice {
  hosted_invoice_url?: string | null;
  /** How many times Stripe tried to collect it: more than one after a failed attempt. */
  attempt_count?: number;
  created?: number;
  lines?: { data?: ReadonlyArray<{ period?: { end?: number } | null }> } | null;
}

/**
 * When the period a renewal paid for ends: the end of its lines' period (Stripe bills a renewal for the period it
 * starts). An invoice without lines falls back to the stored subscription's end only once that is the new period's:
 * Stripe may send the invoice before the subscription's own update, while the stored end is still the period just
 * paid for (a renewal on December 2 said the next was on January 2, the date it renewed on). Null: not known.
 */
export function renewedUntil(invoice: RenewalInvoice, held: Pick<Held, 'currentPeriodEnd'>): string | null {
  const ends = (invoice.lines?.data ?? []).flatMap((l) => (typeof l.period?.end === 'number' ? [l.period.end] : []));
  if (ends.length) return new Date(Math.max(...ends) * 1000).toISOString();
  const made = (invoice.created ?? Date.now() / 1000) * 1000;
  const stored = held.currentPeriodEnd;
  return stored && Date.parse(stored) > made + 86_400_000 ? stored : null;
}

/** A renewal's receipt: Stripe's hosted invoice when it links one, otherwise the Plan tab's invoices. */
export function renewalNotice(sub: Held, invoice: RenewalInvoice): Notice {
  const next = renewedUntil(invoice, sub);
  const receiptUrl = invoice.hosted_invoice_url ?? null;
  const then = next ? ` The next renewal is on ${longDate(next)}.` : '';
  // Paid on a retry after a failed attempt (the owner was emailed that it failed): said to be settled.
  const settled = (invoice.attempt_count ?? 1) > 1 || sub.status === 'past_due';
  return {
    subject: settled
      ? `Your ${PLAN_NAMES[sub.plan]} payment went through`
      : `Your ${PLAN_NAMES[sub.plan]} subscription has renewed`,
    paragraphs: [
      settled
        ? `The renewal payment that failed has now been collected, and your subscription is in good standing: ${line(sub)}.${then}`
        : `Your subscription renewed: ${line(sub)}.${then}`,
      receiptUrl
        ? `Your receipt: ${receiptUrl}`
        : `Your receipt is in the payment portal, from the Plan tab: ${planTab()}`,
    ],
  };
}

/**
 * A licence registered. `wentLive`: it made a test map live; `published`: visitors see a published version of it
 * (when not, the map is live but visitors see it only once its owner publishes it, ADR 018).
 */
export function licenseRegisteredNotice(
  license: Pick<LicenseItem, 'endsAt' | 'startsAt' | 'registeredAt'>,
  title: string,
  wentLive: boolean,
  published = true,
): Notice {
  const live = wentLive ? ` The map is live now${published ? '.' : ': visitors see it once you publish it.'}` : '';
  const after =
    license.startsAt && license.startsAt > license.registeredAt
      ? ` after the license it has, which ends on ${longDate(license.startsAt)}`
      : '';
  return {
    subject: `License registered for "${title}"`,
    paragraphs: [
      `Your purchase code is registered for "${title}": it gives this map ${LICENSE_BASIC_MONTHS} months of ${PLAN_NAMES.basic}${after}, until ${longDate(license.endsAt)}.${live}`,
      BILLING_TEXTS.goLiveWays,
      BILLING_TEXTS.licenseEnd,
      `Your maps: ${mapsPage()}`,
    ],
  };
}

export function licenseEndingNotice(license: Pick<LicenseItem, 'endsAt'>, title: string): Notice {
  return {
    subject: `The license of "${title}" ends on ${longDate(license.endsAt)}`,
    paragraphs: [
      `The ${LICENSE_BASIC_MONTHS} months of ${PLAN_NAMES.basic} that your purchase code gave "${title}" end on ${longDate(license.endsAt)}.`,
      BILLING_TEXTS.licenseEnd,
      `To keep it live, have a free subscription slot then, or register a new purchase code for it: ${mapsPage()}`,
      `Plans and slots: ${config.appOrigin}/maps#subscribe`,
    ],
  };
}
