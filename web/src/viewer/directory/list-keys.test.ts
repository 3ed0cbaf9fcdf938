import { describe, expect, it } from 'vitest';
import { swatchText } from './list-keys';

describe('an entry’s swatch', () => {
  it('shows the number a title ends with, so a site plan’s lots are told apart, else the first letter', () => {
    expect(swatchText('Lot 12', '', '')).toBe('12');
    expect(swatchText('Suite 204', '', '')).toBe('204');
    expect(swatchText('Unit 4B', '', '')).toBe('4B');
    // Longer than a swatch holds, or no number at the end: the first letter, as before.
    expect(swatchText('Lot 1204', '', '')).toBe('L');
    expect(swatchText('Riverside Café', '', '')).toBe('R');
    expect(swatchText('café', '', '')).toBe('C');
    expect(swatchText('Building B', '', '')).toBe('B');
  });

  it('keeps the author’s thumbnail text and label first', () => {
    expect(swatchText('Lot 12', '', 'A')).toBe('A');
    expect(swatchText('Lot 12', 'L12', '')).toBe('L12');
    expect(swatchText('Lot 12', 'x', 'https://example.com/lot.png')).toBe('x');
  });
});
