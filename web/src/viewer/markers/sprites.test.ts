import { describe, expect, it } from 'vitest';
import { fittedLabelSize } from './sprites';

describe('fittedLabelSize', () => {
  it('keeps the marker’s own size for a label that fits', () => {
    expect(fittedLabelSize(10, 12, 16, 7)).toBe(10);
    expect(fittedLabelSize(10, 16, 16, 7)).toBe(10);
  });

  it('shrinks a wider label in proportion, so it fits', () => {
    // 22 px wide at 10 px, 16 px of room: 10 × 16 / 22 = 7.27…, kept to a tenth below.
    const size = fittedLabelSize(10, 22, 16, 7);
    expect(size).toBe(7.2);
    expect((22 * size) / 10).toBeLessThanOrEqual(16);
  });

  it('never goes below the smallest readable size', () => {
    expect(fittedLabelSize(10, 40, 16, 7)).toBe(7);
    expect(fittedLabelSize(25, 100, 40, 17.5)).toBe(17.5);
  });
});
