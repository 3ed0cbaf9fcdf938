// @vitest-environment jsdom
/**
 * Text typed in the search and not yet applied (the search waits for typing to pause on a big map, and always for
 * the next task) is the newest word on what to find: entries the directory shows meanwhile (its first fill, a
 * painted frame after it is made) do not put the old search back in the field.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { stubResizeObserver } from '../jsdom-page.fixtures';
import { buildModel, initialFilterState } from '../viewer-model';
import { Directory } from './directory';

beforeEach(() => stubResizeObserver());
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the search field', () => {
  it('keeps the text typed while the entries shown before it arrive', async () => {
    const doc = blankDocument();
    doc.locations = [
      { id: 'a', title: 'Shop A' },
      { id: 'c', title: 'Cafe C' },
    ];
    const model = buildModel(doc);
    const queries: string[] = [];
    const directory = new Directory(
      model,
      {
        onQuery: (q) => void queries.push(q),
        onFilterValue: () => {},
        onClear: () => {},
        onOpen: () => {},
        onHover: () => {},
      },
      (u) => u,
    );
    document.body.append(directory.el);
    directory.prepare();
    const field = directory.el.querySelector<HTMLInputElement>('.mn-search input')!;
    // Put in by a script or an assistive tool, which need not focus the field.
    field.value = 'cafe';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // The first fill comes before the search is applied: all the entries, with the search the map started with.
    directory.setEntries(model.locations, initialFilterState(model), false);
    expect(field.value).toBe('cafe');
    await vi.waitFor(() => expect(queries).toEqual(['cafe']));
    // Once applied, a search set from elsewhere (the page's API, a kiosk's start over) shows in the field as before.
    directory.setEntries(model.locations, { ...initialFilterState(model), query: 'shop' }, true);
    expect(field.value).toBe('shop');
  });
});
