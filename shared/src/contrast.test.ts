import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, DARK_TEXT, LIGHT_TEXT, contrastRatio, readableTextOn } from './contrast';

describe('text on the primary colour', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#9dc04c')).toBeCloseTo(2.08, 2);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    expect(contrastRatio('red', '#fff')).toBeNull();
  });

  it('keeps white where it reads and picks dark text on light colours such as #9dc04c', () => {
    expect(readableTextOn('#0b5cd5')).toBe(LIGHT_TEXT);
    // The default blue is 4.05:1 with white: its text turns dark too.
    expect(contrastRatio(readableTextOn('#1476ff'), '#1476ff')!).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(readableTextOn('#9dc04c')).toBe(DARK_TEXT);
    expect(contrastRatio(DARK_TEXT, '#9dc04c')!).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('reaches 4.5:1 on every grey and on a sweep of colours', () => {
    for (let v = 0; v < 256; v += 5) {
      for (const c of [
        [v, v, v],
        [v, 255 - v, 128],
        [255, v, 0],
        [0, v, 255],
      ]) {
        const hex = `#${c.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
        expect(contrastRatio(readableTextOn(hex), hex)!, hex).toBeGreaterThanOrEqual(AA_CONTRAST);
      }
    }
  });
});
