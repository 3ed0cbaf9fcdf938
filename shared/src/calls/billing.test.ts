import { describe, expect, it } from 'vitest';
import { createCheckoutSessionInput } from './billing';

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
