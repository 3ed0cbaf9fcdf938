import { describe, expect, it } from 'vitest';
import { fitHint } from './search-hint';

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
