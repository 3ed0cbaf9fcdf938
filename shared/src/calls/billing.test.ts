import { describe, expect, it } from 'vitest';
import { createCheckoutSessionInput, maskPurchaseCode } from './billing';

const problems = (input: unknown) => {
  const parsed = createCheckoutSessionInput.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('checkout input', () => {
  it('says a missing quantity is missing, and a wrong one what is wrong with it', () => {
    expect(problems({ plan: 'basic', period: 'monthly' })).toEqual(['quantity: Quantity is required']);
    expect(problems({ plan: 'basic', period: 'monthly', quantity: '3' })).toEqual([
      'quantity: Quantity must be a whole number',
    ]);
    expect(problems({ plan: 'basic', period: 'monthly', quantity: 1.5 })).toEqual([
      'quantity: Quantity must be a whole number',
    ]);
    expect(problems({ plan: 'basic', period: 'monthly', quantity: 1001 })).toEqual([
      'quantity: Quantity must be at most 1000',
    ]);
    expect(problems({ plan: 'basic', period: 'monthly', quantity: 3 })).toEqual([]);
  });
});

describe('masked purchase codes', () => {
  it('shows the first and last 4 characters and masks every other letter and digit', () => {
    expect(maskPurchaseCode('1a2b3c4d-1a2b-1a2b-1a2b-1a2b3c4d5e6f')).toBe('1a2b****-****-****-****-********5e6f');
  });

  it('tells apart codes that differ only at their start', () => {
    // Two codes that end alike: a mask of their last 12 characters showed the same text for both.
    const a = maskPurchaseCode('00000000-0000-4000-8000-1a2b3c4d5e6f');
    const b = maskPurchaseCode('ffff0000-0000-4000-8000-1a2b3c4d5e6f');
    expect(a).not.toBe(b);
    expect([a, b]).toEqual(['0000****-****-****-****-********5e6f', 'ffff****-****-****-****-********5e6f']);
  });

  it('masks a code in capitals or of another shape, and a short text whole', () => {
    expect(maskPurchaseCode('1A2B3C4D-1A2B-1A2B-1A2B-1A2B3C4D5E6F')).toBe('1A2B****-****-****-****-********5E6F');
    expect(maskPurchaseCode('1a2b3c4d1a2b1a2b1a2b1a2b3c4d5e6f')).toBe('1a2b************************5e6f');
    expect(maskPurchaseCode('1a2b-3c4d-5e6f')).toBe('****-****-****');
  });

  it('keeps at most 8 characters of a code in sight', () => {
    const code = '9f8e7d6c-5b4a-4938-8271-605f4e3d2c1b';
    const masked = maskPurchaseCode(code);
    expect(masked).toHaveLength(code.length);
    expect(masked.replace(/[*-]/g, '')).toHaveLength(8);
  });

  it('masks a masked code to itself, so the browser may mask what the server already masked', () => {
    const once = maskPurchaseCode('1a2b3c4d-1a2b-1a2b-1a2b-1a2b3c4d5e6f');
    expect(maskPurchaseCode(once)).toBe(once);
  });
});
