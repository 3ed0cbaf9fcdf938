import { describe, expect, it } from 'vitest';
import { SearchIndex, isFiltering } from './filter';

const index = new SearchIndex([
  { groups: ['fashion'], texts: ['Zara', 'Clothing for everyone', null, 'Fashion'] },
  { groups: ['food'], texts: ['Café Nero', 'Coffee', '<p>Pastries</p>', 'Food & drink'] },
  { groups: ['food', 'fashion'], texts: ['Crêpes & Co', undefined, 'Open late', 'Food & drink', 'Fashion'] },
]);

const matches = (query: string, groups: string[] = []) =>
  [...index.filter({ query, groups })].flatMap((m, i) => (m ? [i] : []));

describe('SearchIndex', () => {
  it('matches every term, case and accent insensitive, in any field', () => {
    expect(matches('cafe')).toEqual([1]);
    expect(matches('CREPES late')).toEqual([2]);
    expect(matches('drink')).toEqual([1, 2]);
    expect(matches('pastries')).toEqual([1]);
    expect(matches('zara coffee')).toEqual([]);
  });

  it('limits to the picked groups and combines them with the search', () => {
    expect(matches('', ['fashion'])).toEqual([0, 2]);
    expect(matches('', ['food', 'fashion'])).toEqual([0, 1, 2]);
    expect(matches('drink', ['fashion'])).toEqual([2]);
  });

  it('matches everything without criteria', () => {
    expect(matches('   ')).toEqual([0, 1, 2]);
    expect(isFiltering({ query: '  ', groups: [] })).toBe(false);
    expect(isFiltering({ query: 'x', groups: [] })).toBe(true);
  });

  it('says how well each record matches: its title is the search, starts with it, or the terms are elsewhere', () => {
    const lots = new SearchIndex(
      ['Lot 1', 'Lot 2', 'Lot 12', 'Lot 20'].map((title, i) => ({
        groups: [],
        texts: [title, `Price $${i + 2}00,000`],
      })),
    );
    // Lot 1 matches by its price ($200,000); Lot 12 has both terms in its title without starting with them.
    expect([...lots.filter({ query: 'lot 2', groups: [] })]).toEqual([1, 3, 1, 2]);
    expect([...lots.filter({ query: '  LOT   2 ', groups: [] })]).toEqual([1, 3, 1, 2]);
    expect([...lots.filter({ query: 'lot 1', groups: [] })]).toEqual([3, 0, 2, 0]);
    // Without a search every record matches alike.
    expect(new Set(lots.filter({ query: '', groups: [] }))).toEqual(new Set([2]));
  });
});
