import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  DARK_TEXT,
  LIGHT_TEXT,
  NON_TEXT_CONTRAST,
  contrastRatio,
  focusRingOnWhite,
  primaryTextOnWhite,
  readableTextOn,
} from './contrast';

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

describe('the primary colour as text on white', () => {
  it('keeps a colour that reads on white as it is', () => {
    expect(primaryTextOnWhite('#0b5cd5')).toBe('#0b5cd5');
    expect(primaryTextOnWhite('#4f46e5')).toBe('#4f46e5');
  });

  it('darkens a light colour, keeping its hue, until it reads on white', () => {
    const text = primaryTextOnWhite('#1476ff');
    expect(text).not.toBe('#1476ff');
    expect(contrastRatio(text, LIGHT_TEXT)!).toBeGreaterThanOrEqual(AA_CONTRAST);
    // Darkened, not replaced: blue stays the largest channel.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16));
    expect(b!).toBeGreaterThan(g!);
    expect(g!).toBeGreaterThan(r!);
  });

  it('reaches 4.5:1 on white for every grey and a sweep of colours, and the dark ink for what it cannot read', () => {
    for (let v = 0; v < 256; v += 5) {
      for (const c of [
        [v, v, v],
        [255, 255, v],
        [255, v, 0],
        [0, v, 255],
      ]) {
        const hex = `#${c.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
        expect(contrastRatio(primaryTextOnWhite(hex), LIGHT_TEXT)!, hex).toBeGreaterThanOrEqual(AA_CONTRAST);
      }
    }
    expect(primaryTextOnWhite('#ffd40080')).toBe(DARK_TEXT);
  });
});

describe('the primary colour as a focus ring', () => {
  it('keeps a primary that reaches 3:1 on white, the default blue among them', () => {
    for (const hex of ['#1370f2', '#0b5cd5', '#e11d48', '#15803d', '#000000', '#808080']) {
      expect(focusRingOnWhite(hex), hex).toBe(hex);
    }
  });

  it('darkens a pale primary until its ring reaches 3:1 on white', () => {
    for (const hex of ['#f7e58a', '#ffffff', '#ffd400', '#a7f3d0', '#fbcfe8', '#00ff00', '#7dd3fc']) {
      const ring = focusRingOnWhite(hex);
      expect(ring, hex).not.toBe(hex);
      expect(contrastRatio(ring, LIGHT_TEXT)!, hex).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
    }
    // Darkened, not replaced by black: the yellow stays yellow (red and green above blue).
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(focusRingOnWhite('#f7e58a').slice(i, i + 2), 16));
    expect(r!).toBeGreaterThan(b!);
    expect(g!).toBeGreaterThan(b!);
  });

  it('reaches 3:1 on white for a sweep of colours, and the dark ink for a colour it cannot read', () => {
    for (let v = 0; v < 256; v += 5) {
      for (const c of [
        [v, v, v],
        [255, 255, v],
        [v, 255, 255],
      ]) {
        const hex = `#${c.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
        expect(contrastRatio(focusRingOnWhite(hex), LIGHT_TEXT)!, hex).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
      }
    }
    expect(focusRingOnWhite('rgb(255 255 0)')).toBe(DARK_TEXT);
  });
});
