import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ascendingOrder } from './ascending-order';

/** The reference: a stable sort of positions with a comparator. */
const byComparator = (v: ArrayLike<number>) =>
  Array.from({ length: v.length }, (_, i) => i).sort((a, b) => v[a]! - v[b]! || a - b);

/**
 * Positions on a map in image pixels, to a millionth of a pixel (values closer than the order's step count as equal,
 * and its step is far finer than that here): negative ones too, and many exact ties.
 */
const position = fc.oneof(
  fc.integer({ min: -5, max: 10 }),
  fc.integer({ min: -2e9, max: 2e11 }).map((k) => k / 1e6),
);

describe('ascendingOrder', () => {
  it('orders positions by value, equal values in the order they come, like a stable sort', () => {
    fc.assert(
      fc.property(fc.array(position, { maxLength: 500 }), (values) => {
        expect(Array.from(ascendingOrder(values))).toEqual(byComparator(values));
      }),
      { numRuns: 300 },
    );
  });

  it('orders the same when the caller gives the largest absolute value', () => {
    fc.assert(
      fc.property(fc.array(position, { maxLength: 500 }), (values) => {
        const largest = values.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
        expect(Array.from(ascendingOrder(values, largest))).toEqual(byComparator(values));
      }),
      { numRuns: 300 },
    );
  });

  it('handles no values, one value, and a large list', () => {
    expect(Array.from(ascendingOrder([]))).toEqual([]);
    expect(Array.from(ascendingOrder([5]))).toEqual([0]);
    const many = Float64Array.from({ length: 100_000 }, (_, i) => ((i * 7919) % 100_003) / 7);
    expect(Array.from(ascendingOrder(many))).toEqual(byComparator(many));
  });

  it('tells apart values a thousandth of a pixel apart on a large map', () => {
    const values = [40_000.002, 40_000.001, 40_000, 0.001, 0];
    expect(Array.from(ascendingOrder(values))).toEqual([4, 3, 2, 1, 0]);
  });
});
