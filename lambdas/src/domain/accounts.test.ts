import { describe, expect, it } from 'vitest';
import { signedInRecently } from './accounts';

describe('signedInRecently', () => {
  const now = 1_700_000_000_000;
  it('accepts a password entered within the last 5 minutes', () => {
    expect(signedInRecently(now / 1000 - 299, now)).toBe(true);
    expect(signedInRecently(now / 1000 - 300, now)).toBe(true);
  });
  it('refuses an older sign-in, and a token that does not say when', () => {
    expect(signedInRecently(now / 1000 - 301, now)).toBe(false);
    expect(signedInRecently(undefined, now)).toBe(false);
    expect(signedInRecently(0, now)).toBe(false);
  });
});
