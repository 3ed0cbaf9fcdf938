import { describe, expect, it } from 'vitest';
import { CLOCK_MARGIN_MS, untilPastTheSecondOf } from './account-status';

describe('the end of every session', () => {
  it('answers once its second (and the clock margin) is over, so a sign-in after it is never in its second', () => {
    const at = Date.parse('2026-12-02T09:30:15.250Z');
    expect(untilPastTheSecondOf(at, at)).toBe(750 + CLOCK_MARGIN_MS);
    expect(untilPastTheSecondOf(at, at + 700)).toBe(50 + CLOCK_MARGIN_MS);
    expect(untilPastTheSecondOf(at, at + 750 + CLOCK_MARGIN_MS)).toBe(0);
    expect(untilPastTheSecondOf(at, at + 5000)).toBe(0);
    // A mark on the second's first millisecond waits the whole second.
    expect(untilPastTheSecondOf(Date.parse('2026-12-02T09:30:15.000Z'), Date.parse('2026-12-02T09:30:15.000Z'))).toBe(
      1000 + CLOCK_MARGIN_MS,
    );
  });
});
