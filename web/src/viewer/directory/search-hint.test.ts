import { describe, expect, it } from 'vitest';
import { fitHint, fitHintSize } from './search-hint';

/** Every character 1 wide: widths are lengths. */
const chars = (s: string) => [...s].length;
const HINT = 'Search shops, food and services';

describe('the search field’s placeholder', () => {
  it('is the whole hint when it fits', () => {
    expect(fitHint(HINT, 31, chars)).toBe(HINT);
    expect(fitHint(HINT, 200, chars)).toBe(HINT);
  });

  it('ends after the last whole word that fits, with an ellipsis, never in a word or on a comma', () => {
    // 'Search shops, food and serv…' is what the browser's own ellipsis showed in 28 characters.
    expect(fitHint(HINT, 28, chars)).toBe('Search shops, food and…');
    expect(fitHint(HINT, 23, chars)).toBe('Search shops, food and…');
    expect(fitHint(HINT, 22, chars)).toBe('Search shops, food…');
    expect(fitHint(HINT, 14, chars)).toBe('Search shops…');
    expect(fitHint(HINT, 13, chars)).toBe('Search shops…');
    expect(fitHint('Search dealers by name, city or country', 30, chars)).toBe('Search dealers by name, city…');
    expect(fitHint('Search: lots & amenities', 18, chars)).toBe('Search: lots…');
  });

  it('keeps the first word (with its ellipsis) when not even that fits: the browser cuts the rest', () => {
    expect(fitHint(HINT, 5, chars)).toBe('Search…');
    expect(fitHint('Supercalifragilistic', 5, chars)).toBe('Supercalifragilistic');
  });

  it('cuts between words in languages written without spaces', () => {
    const hint = '店舗・レストラン・サービスを検索';
    const fitted = fitHint(hint, 10, chars, 'ja');
    expect(fitted.endsWith('…')).toBe(true);
    expect(chars(fitted)).toBeLessThanOrEqual(10);
    expect(hint.startsWith(fitted.slice(0, -1))).toBe(true);
    // Not after the middle dot it stopped at, and on a boundary the language's word rules give.
    expect(fitted).not.toMatch(/・…$/);
    const ends = [...new Intl.Segmenter('ja', { granularity: 'word' }).segment(hint)].map(
      (s) => s.index + s.segment.length,
    );
    expect(ends).toContain(fitted.length - 1);
  });

  it('is cut in right-to-left hints too, its ellipsis at the end of the text', () => {
    expect(fitHint('ابحث عن المتاجر والمطاعم والخدمات', 20, chars, 'ar')).toBe('ابحث عن المتاجر…');
  });
});

describe('the search field’s placeholder in a narrow field', () => {
  /** Every character `size / 13` wide: the hint's 31 characters take 31 at 13 px, 28.6 at 12 px. */
  const atSize = (s: string, size: number) => (chars(s) * size) / 13;

  it('keeps the placeholder’s own size when the hint fits whole', () => {
    expect(fitHintSize(HINT, 31, 13, atSize)).toEqual({ text: HINT, size: 13 });
  });

  it('shows the whole hint a pixel smaller where only that fits it (a phone on its side), rather than cutting it', () => {
    expect(fitHintSize(HINT, 30, 13, atSize)).toEqual({ text: HINT, size: 12 });
    expect(fitHintSize(HINT, 28.7, 13, atSize)).toEqual({ text: HINT, size: 12 });
  });

  it('cuts it after a whole word, at the smaller size, where even that does not fit', () => {
    expect(fitHintSize(HINT, 24, 13, atSize)).toEqual({ text: 'Search shops, food and…', size: 12 });
  });

  it('goes no smaller than 12 px', () => {
    expect(fitHintSize(HINT, 28, 12, atSize)).toEqual({ text: 'Search shops, food and…', size: 12 });
    expect(fitHintSize(HINT, 40, 17, atSize).size).toBe(16);
  });
});
