import { describe, expect, it } from 'vitest';
import { subscriptionNotice } from './billing-notices';

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
