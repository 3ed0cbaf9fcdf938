import { describe, expect, it } from 'vitest';
import type { Filter, Location } from '@mapnest/shared/map-document';
import { defaultFilterValue, filterActive, meetsCondition, passesFilter } from './conditions';

const shop: Location = {
  id: 'a1',
  title: 'Zara',
  groups: ['fashion', 'new'],
  fields: { price: '120', floor: 'Ground' },
};

describe('conditions', () => {
  it('compares text without case and numbers as numbers', () => {
    expect(meetsCondition(shop, { field: 'title', op: 'equals', value: 'zara' })).toBe(true);
    expect(meetsCondition(shop, { field: 'fields.price', op: 'gt', value: '99' })).toBe(true);
    expect(meetsCondition(shop, { field: 'fields.price', op: 'lt', value: 'abc' })).toBe(false);
    expect(meetsCondition(shop, { field: 'about', op: 'empty', value: '' })).toBe(true);
    expect(meetsCondition(shop, { field: 'groups', op: 'contains', value: 'new' })).toBe(true);
    expect(meetsCondition(shop, { field: 'groups', op: 'notEquals', value: 'food' })).toBe(true);
  });

  it('applies group, checkbox and dropdown filters', () => {
    const groups: Filter = { id: 'g', name: '', disable: false, type: 'groups', groups: [], default: [], match: 'any' };
    expect(passesFilter(shop, groups, ['food'])).toBe(false);
    expect(passesFilter(shop, groups, ['food', 'fashion'])).toBe(true);
    expect(passesFilter(shop, { ...groups, match: 'all' }, ['food', 'fashion'])).toBe(false);
    expect(passesFilter(shop, groups, [])).toBe(true);
    const box: Filter = {
      id: 'c',
      name: 'Cheap',
      disable: false,
      type: 'checkbox',
      condition: { field: 'fields.price', op: 'lte', value: '50' },
      default: false,
    };
    expect(passesFilter(shop, box, false)).toBe(true);
    expect(passesFilter(shop, box, true)).toBe(false);
    const drop: Filter = {
      id: 'd',
      name: 'Floor',
      disable: false,
      type: 'dropdown',
      field: 'fields.floor',
      options: [{ value: 'Ground' }],
      default: '',
      match: 'equals',
    };
    expect(passesFilter(shop, drop, 'ground')).toBe(true);
    expect(passesFilter(shop, drop, 'First')).toBe(false);
    expect(defaultFilterValue(drop)).toBe('');
    expect(filterActive({ ...drop, disable: true }, 'ground')).toBe(false);
  });
});
