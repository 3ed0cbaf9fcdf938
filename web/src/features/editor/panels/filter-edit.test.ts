import { describe, expect, it } from 'vitest';
import { blankDocument, MAP_LIMITS, type Filter, type MapDocument } from '@mapnest/shared/map-document';
import {
  conditionProblem,
  fieldChoices,
  filterNameProblem,
  offeredSummary,
  optionsText,
  parseOptions,
  suggestOptions,
  unusedFieldHint,
} from './filter-edit';

function mall(): MapDocument {
  const doc = blankDocument();
  doc.layers.push({ id: 'upper', name: 'Upper floor', file: '' });
  doc.groups = [
    { id: 'food', name: 'Food' },
    { id: 'shops', name: 'Shops' },
    { id: 'staff', name: 'Staff', hide: true },
  ];
  doc.locations = [
    { id: 'a', title: 'Bakery', groups: ['food'], fields: { size: 'M', floor: '10' } },
    { id: 'b', title: 'Books', groups: ['shops'], fields: { size: 'S' } },
    { id: 'c', title: 'Café', fields: { size: 'm' } },
    { id: 'd', title: 'Desk', fields: { size: 'XL' } },
  ];
  return doc;
}

const groupsFilter = (fields: Partial<Filter> = {}) =>
  ({ id: 'cat', name: '', disable: false, type: 'groups', groups: [], default: [], match: 'any', ...fields }) as Filter;

describe('what the directory offers', () => {
  it('says filters are off when the map turns them off', () => {
    const doc = mall();
    doc.settings.filters.enabled = false;
    expect(offeredSummary(doc)).toBe('Filters are off: the directory offers search only.');
  });

  it('falls back to the visible groups as tags when the map has no filters of its own', () => {
    expect(offeredSummary(mall())).toBe(
      'With no filters of its own, the directory offers the 2 visible groups as “Categories” tags.',
    );
    const one = mall();
    one.groups = one.groups.slice(0, 1);
    expect(offeredSummary(one)).toBe('The directory offers no filters: add a filter, or at least two visible groups.');
  });

  it('lists the filters that are on, in order, by name and kind, and counts the ones that are off', () => {
    const doc = mall();
    doc.filters = [
      {
        id: 'open',
        name: 'Open late',
        disable: false,
        type: 'checkbox',
        condition: { field: 'title', op: 'notEmpty', value: '' },
        default: false,
      },
      groupsFilter(),
      {
        id: 'old',
        name: 'Old',
        disable: true,
        type: 'checkbox',
        condition: { field: 'title', op: 'notEmpty', value: '' },
        default: false,
      },
    ];
    expect(offeredSummary(doc)).toBe(
      'The directory offers, in this order: Open late (checkbox), Categories (group tags). One filter is off.',
    );
  });
});

describe('dropdown options as text', () => {
  it('reads value or value=Label lines, trimming and skipping blank lines', () => {
    expect(parseOptions(' S \n\nM=Medium size\nL = Large = big \n')).toEqual({
      options: [{ value: 'S' }, { value: 'M', label: 'Medium size' }, { value: 'L', label: 'Large = big' }],
    });
  });

  it('writes options back as the same text', () => {
    const text = 'S\nM=Medium';
    const parsed = parseOptions(text);
    expect('options' in parsed && optionsText(parsed.options)).toBe(text);
  });

  it('names the line of a missing value, a repeated value or a value too long', () => {
    expect(parseOptions('S\n=Nothing')).toEqual({ error: 'Line 2: an option needs a value before “=”' });
    expect(parseOptions('S\nM\n\nS=Small')).toEqual({ error: 'Line 4: “S” is already an option (line 1)' });
    expect(parseOptions(`S\n${'x'.repeat(MAP_LIMITS.nameLength + 1)}`)).toEqual({
      error: `Line 2: a value can be at most ${MAP_LIMITS.nameLength} characters`,
    });
    expect(parseOptions(`S=${'x'.repeat(MAP_LIMITS.nameLength + 1)}`)).toEqual({
      error: `Line 1: a label can be at most ${MAP_LIMITS.nameLength} characters`,
    });
  });

  it('needs at least one option and at most the cap', () => {
    expect(parseOptions(' \n ')).toEqual({ error: 'A dropdown needs at least one option' });
    const many = Array.from({ length: MAP_LIMITS.filterOptions + 1 }, (_, i) => `v${i}`).join('\n');
    expect(parseOptions(many)).toEqual({
      error: `A dropdown holds at most ${MAP_LIMITS.filterOptions} options (this has ${MAP_LIMITS.filterOptions + 1})`,
    });
  });
});

describe('options suggested from the map', () => {
  it('offers layers and visible groups by id with their names', () => {
    expect(suggestOptions(mall(), 'layer').options).toEqual([
      { value: 'layer-1', label: 'Floor 1' },
      { value: 'upper', label: 'Upper floor' },
    ]);
    expect(suggestOptions(mall(), 'groups').options).toEqual([
      { value: 'food', label: 'Food' },
      { value: 'shops', label: 'Shops' },
    ]);
  });

  it('collects the distinct values of a field in natural order', () => {
    expect(suggestOptions(mall(), 'fields.size')).toEqual({
      options: [{ value: 'M' }, { value: 'm' }, { value: 'S' }, { value: 'XL' }],
      more: 0,
    });
    expect(suggestOptions(mall(), 'fields.nothing').options).toEqual([]);
  });

  it('keeps to the option cap and counts what it left out', () => {
    const doc = mall();
    doc.locations = Array.from({ length: MAP_LIMITS.filterOptions + 5 }, (_, i) => ({
      id: `l${i}`,
      fields: { n: String(i) },
    }));
    const { options, more } = suggestOptions(doc, 'fields.n');
    expect(options).toHaveLength(MAP_LIMITS.filterOptions);
    expect(options[0]).toEqual({ value: '0' });
    expect(options[2]).toEqual({ value: '2' });
    expect(more).toBe(5);
  });
});

describe('field and condition checks', () => {
  it('offers the built-in fields, then the custom fields in use', () => {
    const choices = fieldChoices(mall());
    expect(choices.slice(0, 2)).toEqual(['id', 'title']);
    expect(choices.slice(-2)).toEqual(['fields.floor', 'fields.size']);
  });

  it('hints when a custom field is named that no location has', () => {
    expect(unusedFieldHint(mall(), 'fields.size')).toBeNull();
    expect(unusedFieldHint(mall(), 'title')).toBeNull();
    expect(unusedFieldHint(mall(), 'fields.price')).toBe('No location has a “price” field yet.');
  });

  it('needs a number for a number comparison, and nothing else', () => {
    expect(conditionProblem({ op: 'gt', value: 'ten' })).toBe(
      '“is more than” compares numbers: enter a number as the value',
    );
    expect(conditionProblem({ op: 'lte', value: ' ' })).toBe(
      '“is at most” compares numbers: enter a number as the value',
    );
    expect(conditionProblem({ op: 'gte', value: '2.5' })).toBeNull();
    expect(conditionProblem({ op: 'contains', value: '' })).toBeNull();
  });

  it('needs a name for checkboxes and dropdowns, whose name is their only label', () => {
    expect(filterNameProblem('checkbox', ' ')).toBe('A checkbox needs a name: visitors see it next to the box');
    expect(filterNameProblem('dropdown', '')).toBe('A dropdown needs a name: visitors see it above the list');
    expect(filterNameProblem('groups', '')).toBeNull();
    expect(filterNameProblem('checkbox', 'Open now')).toBeNull();
  });
});
