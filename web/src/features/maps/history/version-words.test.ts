import { describe, expect, it } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { diffDocuments } from '@mapnest/shared/publish-checks';
import { versionChangeWords } from './version-words';

const words = (before: MapDocument, after: MapDocument) => versionChangeWords(diffDocuments(before, after));

describe('versionChangeWords', () => {
  const before = blankDocument({ layerName: 'Ground' });
  before.locations = [
    { id: 'a', title: 'Harrow & Finch', coord: [0.1, 0.1] },
    { id: 'b', title: 'Paper Fox', coord: [0.2, 0.2] },
  ];

  it('says nothing when nothing differs', () => {
    expect(words(before, structuredClone(before))).toBeNull();
  });

  it('names one change by name, several by count with the first three names, and the parts', () => {
    const after = structuredClone(before);
    after.locations[0]!.title = 'Harrow and Finch';
    after.locations.pop();
    for (const n of [1, 2, 3, 4, 5]) after.locations.push({ id: `k${n}`, title: `Kiosk ${n}`, coord: [0.5, 0.5] });
    after.layers.push({ id: 'upper', name: 'Upper', file: '' });
    after.settings.primaryColor = '#aa3355';
    expect(words(before, after)).toBe(
      '5 locations added (“Kiosk 1”, “Kiosk 2”, “Kiosk 3” and 2 more); “Harrow & Finch → Harrow and Finch” changed; “Paper Fox” removed; floors changed (“Upper” added); settings changed (primary colour)',
    );
  });

  it('names what changed of the groups, as of the floors', () => {
    const grouped = structuredClone(before);
    grouped.groups = [{ id: 'food', name: 'Food & Drink' }];
    const after = structuredClone(grouped);
    after.groups[0]!.name = 'Food & Dining';
    expect(words(grouped, after)).toBe('groups changed (“Food & Drink” renamed “Food & Dining”)');
  });
});
