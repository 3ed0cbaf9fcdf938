import { describe, expect, it } from 'vitest';
import { counted, number, uiLocale } from './words';

describe('counted', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(counted(1, 'style')).toBe('1 style');
    expect(counted(0, 'style')).toBe('0 styles');
    expect(counted(3, 'style')).toBe('3 styles');
    expect(counted(2, 'entry', 'entries')).toBe('2 entries');
    expect(counted(1, 'entry', 'entries')).toBe('1 entry');
  });

  it('groups the digits of a large count: "10,000 locations", as "Delete 10,000" does', () => {
    expect(counted(10_000, 'location')).toBe('10,000 locations');
    expect(number(12_345)).toBe('12,345');
    expect(number(999)).toBe('999');
  });
});

describe('uiLocale', () => {
  it('writes dates the way of the first English the browser lists, in English words', () => {
    expect(uiLocale(['en-GB', 'en-US'])).toBe('en-GB');
    expect(uiLocale(['de-DE', 'en-AU'])).toBe('en-AU');
    expect(uiLocale(['EN'])).toBe('en');
    // A tag that is not one is passed over.
    expect(uiLocale(['en-', 'en-GB'])).toBe('en-GB');
    // No English listed: plain English, never another language's month names in an English sentence.
    expect(uiLocale(['de-DE', 'fr'])).toBe('en');
    expect(uiLocale([])).toBe('en');
    // Not English, though it starts with the letters.
    expect(uiLocale(['eno'])).toBe('en');
    expect(
      new Intl.DateTimeFormat(uiLocale(['en-GB']), { dateStyle: 'medium' }).format(Date.UTC(2026, 11, 3, 12)),
    ).toBe('3 Dec 2026');
  });
});
