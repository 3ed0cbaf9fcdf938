import { describe, expect, it } from 'vitest';
import { fillPlaceholders, staleAboutWords, staleGroupWords, unknownPlaceholders } from './about-text';
import { blankDocument } from './map-document';
import { publishChecks } from './publish-checks';

const groups = [
  { id: 'available', name: 'Available' },
  { id: 'reserved', name: 'Reserved' },
  { id: 'sold', name: 'Sold' },
  { id: 'sold-stc', name: 'Sold STC' },
];

describe('fillPlaceholders', () => {
  it('fills custom fields first, then the built-ins, and keeps an unknown placeholder as typed', () => {
    const loc = { id: 'lot-12', title: 'Lot 12', fields: { price: '£285,000', bedrooms: '3' } };
    expect(fillPlaceholders('{{group}}, {{ bedrooms }} bedrooms, {{price}} ({{title}}) {{size}}', loc, ['Sold'])).toBe(
      'Sold, 3 bedrooms, £285,000 (Lot 12) {{size}}',
    );
    expect(
      fillPlaceholders('{{price}}', { id: 'x', fields: { price: '<b>' } }, [], (v) => v.replace('<', '&lt;')),
    ).toBe('&lt;b>');
    expect(unknownPlaceholders('{{size}} {{price}} {{group}} {{size}}', loc)).toEqual(['size']);
  });
});

describe('staleGroupWords', () => {
  it('names the groups a text names while the location is not in them, as whole words in any case', () => {
    expect(staleGroupWords('Available, 3 bedrooms, £285,000', ['sold'], groups)).toEqual(['Available']);
    expect(staleGroupWords('Now available and reserved', ['sold'], groups)).toEqual(['Available', 'Reserved']);
    expect(staleGroupWords('Available, 3 bedrooms', ['available'], groups)).toEqual([]);
    expect(staleGroupWords('Unavailable until spring; a soldier’s cottage', [], groups)).toEqual([]);
  });

  it('takes the location’s own group titles out first, so a lot in “Sold STC” does not name “Sold”', () => {
    expect(staleGroupWords('Sold STC', ['sold-stc'], groups)).toEqual([]);
    expect(staleGroupWords('Sold STC', ['sold'], groups)).toEqual(['Sold STC']);
  });

  it('reads the About as visitors do, its placeholders filled', () => {
    const lot = { id: 'lot-3', about: '{{status}}, {{group}}', groups: ['sold'], fields: { status: 'Available' } };
    expect(staleAboutWords(lot, groups)).toEqual(['Available']);
    expect(staleAboutWords({ ...lot, about: '{{group}}, 2 bedrooms' }, groups)).toEqual([]);
  });
});

describe('the stale About publish check', () => {
  it('notes, never blocking, the locations whose About names a group they are not in', () => {
    const doc = blankDocument({ file: 'files/plan.svg', layerName: 'Site', mapWidth: 1000, mapHeight: 800 });
    doc.groups.push(...groups);
    doc.locations.push(
      { id: 'lot-1', title: 'Lot 1', about: 'Available, 3 bedrooms', groups: ['sold'], coord: [0.1, 0.1] },
      { id: 'lot-2', title: 'Lot 2', about: 'Available, 2 bedrooms', groups: ['available'], coord: [0.2, 0.1] },
    );
    const check = publishChecks(doc, 0).find((c) => c.id === 'stale-about');
    expect(check).toEqual({
      id: 'stale-about',
      severity: 'warning',
      message:
        '1 location’s About text names a group it is not in, so visitors may read an old status: Lot 1 says “Available”. Use {{group}} in the text to show the location’s groups as they are.',
    });
    doc.locations[0]!.about = '{{group}}, 3 bedrooms';
    expect(publishChecks(doc, 0).some((c) => c.id === 'stale-about')).toBe(false);
  });
});
