import { describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import type { ResolvedLocation } from '../viewer-model';
import { buildModel } from '../viewer-model';
import type { Directory } from './directory';
import { COUNT_SAID_AFTER_MS, Filtering } from './filtering';

/** A site plan of lots in the map's order, each with its price as its description. */
function lots(sort: 'none' | 'title') {
  const doc = blankDocument();
  doc.settings.directory.sort = sort;
  doc.locations = ['Lot 1', 'Lot 12', 'Lot 20', 'Lot 2', 'Lot 3'].map((title, i) => ({
    id: `lot-${i}`,
    title,
    about: `$${i + 2}50,000`,
  }));
  const shown: string[][] = [];
  const said: string[] = [];
  const waits: (number | undefined)[] = [];
  const directory = {
    setEntries: (entries: readonly ResolvedLocation[]) => shown.push(entries.map((l) => l.title)),
  } as unknown as Directory;
  const filtering = new Filtering({
    model: buildModel(doc),
    directory,
    mapId: 'm1',
    emit: () => {},
    masked: () => {},
    filled: () => {},
    say: (text, wait) => void (said.push(text), waits.push(wait)),
  });
  return { filtering, shown, said, waits };
}

describe('the directory’s search results', () => {
  it('list the location whose title is the search first, then titles that start with it, then the rest', () => {
    const { filtering, shown, said, waits } = lots('none');
    filtering.setQuery('lot 2');
    // Said once the typing pauses (a second), not at every key.
    expect(waits.at(-1)).toBe(COUNT_SAID_AFTER_MS);
    expect(COUNT_SAID_AFTER_MS).toBe(1000);
    // Lot 1 ($250,000) and Lot 12 match too, after them, in the map's order.
    expect(shown.at(-1)).toEqual(['Lot 2', 'Lot 20', 'Lot 1', 'Lot 12']);
    expect(said.at(-1)).toBe('4 found');
    filtering.setQuery('');
    expect(shown.at(-1)).toEqual(['Lot 1', 'Lot 12', 'Lot 20', 'Lot 2', 'Lot 3']);
    // Cleared: how many there are again, as the directory shows it (the region kept "4 found" before).
    expect(said.at(-1)).toBe('5 locations');
  });

  it('say none found in the words the directory shows, the map’s own', () => {
    const { filtering, said } = lots('none');
    filtering.setQuery('zzz');
    expect(said.at(-1)).toBe('No results found.');
  });

  it('keep the directory’s own sort within each kind of match', () => {
    const { filtering, shown } = lots('title');
    filtering.setQuery('lot');
    expect(shown.at(-1)).toEqual(['Lot 1', 'Lot 2', 'Lot 3', 'Lot 12', 'Lot 20']);
    filtering.setQuery('2');
    expect(shown.at(-1)).toEqual(['Lot 1', 'Lot 2', 'Lot 12', 'Lot 20']);
  });
});
