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
});
