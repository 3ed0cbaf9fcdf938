import { describe, expect, it } from 'vitest';
import { meterShape, parseQuantity, priceSummary, slotUsage } from './billing-format';

describe('parseQuantity', () => {
  it('accepts whole numbers from 1 to 1000 only', () => {
    expect(parseQuantity('1')).toBe(1);
    expect(parseQuantity(' 1000 ')).toBe(1000);
    for (const bad of ['0', '1001', '1.5', '1e2', '-1', '', 'ten', '0x10']) expect(parseQuantity(bad)).toBeNull();
  });
});

describe('priceSummary', () => {
  it('prices Basic monthly per map and in total, with the next tier as an incentive', () => {
    expect(priceSummary('basic', 'monthly', 3)).toEqual({
      unit: '$10',
      per: '/ month',
      monthlyEquivalent: null,
      total: '$30',
      tier: null,
      nextTier: '10% off from 10 maps',
    });
  });

  it('bills annual plans for twelve months and names the tier that applies', () => {
    const pro = priceSummary('pro', 'yearly', 10);
    expect(pro.unit).toBe('$259.20'); // 24 × 12 × 0.9
    expect(pro.per).toBe('/ year');
    expect(pro.monthlyEquivalent).toBe('$21.60 a month');
    expect(pro.total).toBe('$2,592');
    expect(pro.tier).toBe('10% volume discount at 10+ maps');
    expect(pro.nextTier).toBe('15% off from 50 maps');
    expect(priceSummary('basic', 'monthly', 50).tier).toBe('15% volume discount at 50+ maps');
    expect(priceSummary('basic', 'monthly', 1000)).toMatchObject({
      unit: '$8',
      total: '$8,000',
      tier: '20% volume discount at 100+ maps',
      nextTier: null,
    });
  });
});

describe('meterShape', () => {
  it('draws one segment per slot up to 8 slots', () => {
    expect(meterShape(3, 5)).toEqual({ kind: 'segments', filled: [true, true, true, false, false] });
    const eight = meterShape(8, 8);
    expect(eight.kind === 'segments' && eight.filled).toHaveLength(8);
  });

  it('draws a proportional bar above 8 slots, or when more are used than held', () => {
    expect(meterShape(3, 9)).toEqual({ kind: 'bar', share: 3 / 9 });
    expect(meterShape(3, 2)).toEqual({ kind: 'bar', share: 1 });
    expect(meterShape(0, 0)).toEqual({ kind: 'bar', share: 0 });
  });

  it('says the usage in words', () => {
    expect(slotUsage('basic', 1, 1)).toBe('1 of 1 Basic slot used');
    expect(slotUsage('pro', 2, 12)).toBe('2 of 12 Professional slots used');
    expect(slotUsage('basic', 3, 2)).toBe('3 of 2 Basic slots used, 1 over');
  });
});
