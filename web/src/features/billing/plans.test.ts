import { describe, expect, it } from 'vitest';
import { PRICES } from '@mapnest/shared/constants';
import { billingNote, maxAnnualSavingPercent, PLAN_FEATURES, priceLabel, PRICING_FAQ } from './plans';

describe('pricing content', () => {
  it('shows the prices per map per month', () => {
    expect([
      priceLabel('basic', 'monthly'),
      priceLabel('basic', 'yearly'),
      priceLabel('pro', 'monthly'),
      priceLabel('pro', 'yearly'),
    ]).toEqual(['$10', '$8', '$28', '$24']);
    expect(billingNote('pro', 'yearly')).toBe(
      `per map per month, billed annually ($${PRICES.pro.yearly * 12} per map per year)`,
    );
  });

  it('computes the largest annual saving (Basic: 20%)', () => {
    expect(maxAnnualSavingPercent()).toBe(20);
  });

  it('lists the plan features: Basic, and Professional adding wayfinding, analytics and priority support', () => {
    expect(PLAN_FEATURES.basic).toEqual([
      'Cloud map hosting',
      'Compatible with any platform',
      'Deployment in about 3 minutes',
      'Automatic updates',
    ]);
    expect(PLAN_FEATURES.pro).toEqual([
      'Everything in Basic',
      'Wayfinding extension',
      'Map analytics',
      'Priority support',
    ]);
  });

  it('answers the five FAQ topics of the subscribe dialog, including the volume tiers', () => {
    expect(PRICING_FAQ).toHaveLength(5);
    expect(PRICING_FAQ[3]!.answer).toContain('10, 50 and 100 maps');
    expect(PRICING_FAQ[3]!.answer).toContain('enterprise program');
  });
});
