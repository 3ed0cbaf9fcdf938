import { describe, expect, it } from 'vitest';
import { lapseSummaryNotice, renewalNotice, subscriptionNotice } from './billing-notices';

const held = (plan: 'basic' | 'pro') =>
  ({
    plan,
    period: 'monthly',
    quantity: 2,
    status: 'active',
    cancelAt: null,
    currentPeriodEnd: '2026-12-29T00:00:00.000Z',
  }) as const;

describe('subscriptionNotice, a subscription started', () => {
  it('names the button that uses a Basic slot (Go live) and the two ways a map goes live', () => {
    const notice = subscriptionNotice(null, held('basic'))!;
    expect(notice.subject).toBe('Your Basic subscription has started');
    const text = notice.paragraphs.join('\n');
    expect(text).toContain('Make a map live with Go live on its card');
    expect(text).toContain('registered license');
    expect(text).not.toContain('Make Pro');
  });

  it('names the button that uses a Professional slot (Make Pro), and not licences, which are Basic only', () => {
    const notice = subscriptionNotice(null, held('pro'))!;
    expect(notice.subject).toBe('Your Professional subscription has started');
    const text = notice.paragraphs.join('\n');
    expect(text).toContain('Use Make Pro on a map');
    expect(text).not.toContain('Go live');
    expect(text).not.toContain('license');
  });
});

describe('lapseSummaryNotice, maps back to test', () => {
  const map = (title: string, published: 'yes' | 'never' | 'offline') => ({
    title,
    lapsedFrom: 1 as const,
    publishedVersion: published === 'yes' ? 3 : null,
    publishedDocKey: published === 'yes' ? `maps/${title}/3.json` : undefined,
    unpublishedAt: published === 'offline' ? '2026-11-01T00:00:00.000Z' : undefined,
  });

  it('says a map never published was never public, not that it stays visible for 7 days', () => {
    const text = lapseSummaryNotice([map('Mall', 'never')], 'were reduced').paragraphs.join('\n');
    expect(text).toContain('Nothing was deleted. It was never published, so nothing of it is public.');
    expect(text).not.toContain('stay visible');
    // One map is "it", in every sentence of the email.
    expect(text).toContain('Buy slots and bring it back with one click');
    expect(lapseSummaryNotice([map('A', 'yes'), map('B', 'yes')], 'ended').paragraphs[2]).toContain('bring them back');
  });

  it('keeps the 7 days for published maps, and tells each kind apart', () => {
    const published = lapseSummaryNotice([map('A', 'yes'), map('B', 'yes')], 'ended').paragraphs[1];
    expect(published).toBe(
      'Nothing was deleted. Test maps stay visible on your website for 7 days; after that visitors see a notice instead of the map.',
    );
    const mixed = lapseSummaryNotice([map('A', 'yes'), map('B', 'never'), map('C', 'never')], 'ended').paragraphs[1];
    expect(mixed).toBe(
      'Nothing was deleted. "A" stays visible on your website for 7 days; after that visitors see a notice instead of the map. "B", "C" were never published, so nothing of them is public.',
    );
    const offline = lapseSummaryNotice([map('D', 'offline')], 'ended').paragraphs[1];
    expect(offline).toBe('Nothing was deleted. It is not published, so nothing of it is public.');
  });
});

describe('the failed payment email', () => {
  it('says how much could not be collected, in the prices’ dollars', async () => {
    const { paymentFailedNotice } = await import('./billing-notices');
    expect(paymentFailedNotice({ currency: 'usd', amount_due: 10800 }).paragraphs[0]).toBe(
      'We could not collect the payment of $108 for your map slots. Stripe will try again over the next days, and your maps stay live meanwhile.',
    );
    expect(paymentFailedNotice({ currency: 'eur', amount_due: 10800 }).paragraphs[0]).toMatch(
      /^We could not collect the payment for your map slots\./,
    );
  });

  it('names the subscription when the invoice’s is known (an owner may have Basic and Professional)', async () => {
    const { paymentFailedNotice } = await import('./billing-notices');
    const notice = paymentFailedNotice({ currency: 'usd', amount_due: 2000 }, held('pro'));
    expect(notice.subject).toBe('Your Professional payment failed');
    expect(notice.paragraphs[0]).toMatch(
      /^We could not collect the payment of \$20 for your Professional subscription \(/,
    );
  });
});

describe('renewalNotice, a payment collected on a retry', () => {
  it('says the failed payment went through, not that the subscription renewed', () => {
    for (const notice of [
      renewalNotice(held('basic'), { attempt_count: 2 }),
      renewalNotice({ ...held('basic'), status: 'past_due' }, {}),
    ]) {
      expect(notice.subject).toBe('Your Basic payment went through');
      expect(notice.paragraphs[0]).toMatch(/^The renewal payment that failed has now been collected/);
    }
    expect(renewalNotice(held('basic'), { attempt_count: 1 }).subject).toBe('Your Basic subscription has renewed');
  });
});

describe('renewalNotice, a renewal paid', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;
  // The stored subscription as it is when Stripe's invoice comes before the subscription's update: the period paid for.
  const stale = { ...held('basic'), currentPeriodEnd: '2026-12-02T10:00:00.000Z' };
  const first = (invoice: Parameters<typeof renewalNotice>[1]) => renewalNotice(stale, invoice).paragraphs[0];

  it('dates the next renewal by the period the invoice paid for, not the stored period it ended', () => {
    const lines = { data: [{ period: { end: at('2027-01-02T10:00:00.000Z') } }] };
    expect(first({ created: at('2026-12-02T10:00:05.000Z'), lines })).toContain(
      'The next renewal is on January 2, 2027.',
    );
  });

  it('names no date rather than the period just paid for, when the invoice has no lines', () => {
    expect(first({ created: at('2026-12-02T10:00:05.000Z') })).not.toContain('next renewal');
    // The subscription's update came first: its stored end is the new period's.
    const updated = { ...stale, currentPeriodEnd: '2027-01-02T10:00:00.000Z' };
    expect(renewalNotice(updated, { created: at('2026-12-02T10:00:05.000Z') }).paragraphs[0]).toContain(
      'The next renewal is on January 2, 2027.',
    );
  });
});
