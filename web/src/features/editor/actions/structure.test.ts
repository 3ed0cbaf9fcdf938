import { describe, expect, it } from 'vitest';
import { blankDocument, strictMapDocument, type MapDocument } from '@mapnest/shared/map-document';
import { registeredActions } from './registry';
import { siteStatuses } from '@mapnest/shared/group-styles.fixtures';
import {
  addFilter,
  addGroup,
  addLayer,
  addStyle,
  importLocations,
  nextGroupColour,
  removeFilter,
  removeGroup,
  removeLayer,
  removeStyle,
  reorderFilter,
  reorderGroup,
  reorderLayer,
  reorderStyle,
  replaceDocument,
  setDefaultLayer,
  setMapSize,
  updateFilter,
  updateGroup,
  updateLayer,
  updateSettings,
  updateStyle,
} from './structure';
import './locations';

function sample(): MapDocument {
  const doc = blankDocument();
  doc.layers.push({ id: 'upper', name: 'Upper', file: 'upper.svg' });
  doc.groups = [
    { id: 'food', name: 'Food' },
    { id: 'shops', name: 'Shops' },
  ];
  doc.styles = [{ id: 'anchor', markers: true, svg: true, normal: { fill: '#ff0000' }, hover: {}, active: {} }];
  doc.filters = [
    {
      id: 'cat',
      name: 'Category',
      disable: false,
      type: 'groups',
      groups: ['food', 'shops'],
      default: ['food'],
      match: 'any',
    },
  ];
  doc.locations = [
    { id: 'a', coord: [0.1, 0.1], layer: 'layer-1', groups: ['food', 'shops'], style: 'anchor' },
    { id: 'b', coord: [0.5, 0.5], layer: 'upper' },
  ];
  doc.settings.defaultLayer = 'upper';
  doc.settings.startLocation = 'b';
  return doc;
}

const valid = (doc: MapDocument) => {
  const r = strictMapDocument.safeParse(doc);
  expect(r.success ? [] : r.error.issues).toEqual([]);
};

describe('layers', () => {
  it('adds, renames (rewriting references), reorders and picks the default layer', () => {
    let doc = addLayer.perform(sample(), { layer: { id: 'roof', name: 'Roof', file: '' } });
    expect(doc.layers.map((l) => l.id)).toEqual(['layer-1', 'upper', 'roof']);
    doc = updateLayer.perform(doc, { id: 'upper', patch: { id: 'first', name: 'First floor' } });
    expect(doc.locations[1]!.layer).toBe('first');
    expect(doc.settings.defaultLayer).toBe('first');
    doc = reorderLayer.perform(doc, { id: 'roof', to: 0 });
    expect(doc.layers[0]!.id).toBe('roof');
    doc = setDefaultLayer.perform(doc, { id: 'roof' });
    expect(doc.settings.defaultLayer).toBe('roof');
    valid(doc);
  });

  it('keeps the locations of a one-floor map on that floor when a second floor is added, in the same step', () => {
    const doc = blankDocument();
    doc.locations = [
      { id: 'lobby', coord: [0.1, 0.1] },
      { id: 'desk', coord: [0.2, 0.2], layer: null },
      { id: 'shop', coord: [0.3, 0.3], layer: 'layer-1' },
    ];
    const two = addLayer.perform(doc, { layer: { id: 'upper', name: 'Upper', file: '' } });
    expect(two.locations.map((l) => l.layer)).toEqual(['layer-1', 'layer-1', 'layer-1']);
    valid(two);
    // With floors to choose from, no floor is a choice (every floor): a third floor leaves it so.
    two.locations[0]!.layer = null;
    const three = addLayer.perform(two, { layer: { id: 'roof', name: 'Roof', file: '' } });
    expect(three.locations[0]!.layer).toBeNull();
  });

  it('rejects a duplicate layer id, a bad file URL and a missing name', () => {
    expect(() => addLayer.perform(sample(), { layer: { id: 'upper', name: 'x' } })).toThrow('already a layer');
    expect(() => updateLayer.perform(sample(), { id: 'upper', patch: { file: 'javascript:x' } })).toThrow('(file)');
    expect(() => updateLayer.perform(sample(), { id: 'upper', patch: { name: '' } })).toThrow('A layer needs a name');
  });

  it('deletes a layer with its locations, or keeps them on every layer', () => {
    const gone = removeLayer.perform(sample(), { id: 'upper', locations: 'delete' });
    expect(gone.locations.map((l) => l.id)).toEqual(['a']);
    expect(gone.settings.defaultLayer).toBeNull();
    expect(gone.settings.startLocation).toBeNull();
    valid(gone);
    const kept = removeLayer.perform(sample(), { id: 'upper', locations: 'unassign' });
    expect(kept.locations[1]).toEqual({ id: 'b', coord: [0.5, 0.5] });
    valid(kept);
  });

  it('keeps a deleted floor’s locations on every floor without the shapes they named there, unless one would clash', () => {
    const doc = sample();
    doc.layers.push({ id: 'third', name: 'Third', file: '' });
    doc.locations.push({ id: 'lift-3', layer: 'third', shape: 'lift' }, { id: 'lift', layer: 'upper' });
    const kept = removeLayer.perform(doc, { id: 'third', locations: 'unassign' });
    expect(kept.locations.find((l) => l.id === 'lift-3')).toEqual({ id: 'lift-3' });
    valid(kept);
    // Kept on every floor, `lift` would stand for the lift of the third floor too, which lift-3 stands for.
    expect(() => removeLayer.perform(doc, { id: 'upper', locations: 'unassign' })).toThrow(
      'Location "lift" is on every floor, so it stands for the shape "lift" on the floor "Third" too; location "lift-3" cannot stand for it there',
    );
  });

  it('refuses to delete the last layer', () => {
    const doc = removeLayer.perform(sample(), { id: 'upper', locations: 'delete' });
    expect(() => removeLayer.perform(doc, { id: 'layer-1', locations: 'delete' })).toThrow('at least one layer');
  });

  it('sets the map size and rejects impossible sizes', () => {
    expect(setMapSize.perform(sample(), { width: 2000.4, height: 1200 }).settings).toMatchObject({
      mapWidth: 2000,
      mapHeight: 1200,
    });
    expect(() => setMapSize.perform(sample(), { width: 0, height: 10 })).toThrow('Map size');
  });
});

describe('groups', () => {
  it('adds, renames (in locations and filters), reorders and deletes groups', () => {
    let doc = addGroup.perform(sample(), { group: { id: 'new', name: 'New', color: '#00ff00' } });
    doc = updateGroup.perform(doc, { id: 'food', patch: { id: 'eat', name: 'Eat' } });
    expect(doc.locations[0]!.groups).toEqual(['eat', 'shops']);
    expect(doc.filters[0]).toMatchObject({ groups: ['eat', 'shops'], default: ['eat'] });
    doc = reorderGroup.perform(doc, { id: 'new', to: 0 });
    expect(doc.groups.map((g) => g.id)).toEqual(['new', 'eat', 'shops']);
    doc = removeGroup.perform(doc, { id: 'eat' });
    expect(doc.locations[0]!.groups).toEqual(['shops']);
    expect(doc.filters[0]).toMatchObject({ groups: ['shops'], default: [] });
    doc = removeGroup.perform(doc, { id: 'shops' });
    expect(doc.locations[0]!.groups).toBeUndefined();
    valid(doc);
  });

  it('rejects a second group with the same name, whatever its case, and leaves a renamed group its own name', () => {
    expect(() => addGroup.perform(sample(), { group: { id: 'food-2', name: ' food ' } })).toThrow(
      'There is already a group named "Food"',
    );
    expect(() => updateGroup.perform(sample(), { id: 'shops', patch: { name: 'FOOD' } })).toThrow(
      'There is already a group named "Food"',
    );
    expect(updateGroup.perform(sample(), { id: 'food', patch: { name: 'FOOD' } }).groups[0]!.name).toBe('FOOD');
    expect(() => updateGroup.perform(sample(), { id: 'food', patch: { name: '   ' } })).toThrow('A group needs a name');
  });

  it('rejects a group without a name or with a bad colour', () => {
    expect(() => addGroup.perform(sample(), { group: { id: 'x', name: '' } })).toThrow('A group needs a name');
    expect(() => updateGroup.perform(sample(), { id: 'food', patch: { color: 'green' } })).toThrow('color');
  });
});

describe('styles', () => {
  it('adds, renames (in locations) and deletes styles', () => {
    let doc = addStyle.perform(sample(), { style: { id: 'sold', normal: { fill: '#999999' } } });
    expect(doc.styles[1]).toMatchObject({ id: 'sold', markers: true, svg: true, hover: {} });
    doc = updateStyle.perform(doc, { id: 'anchor', patch: { id: 'big', hover: { fill: '#00ff00' } } });
    expect(doc.locations[0]!.style).toBe('big');
    doc = removeStyle.perform(doc, { id: 'big' });
    expect(doc.locations[0]!.style).toBeUndefined();
    valid(doc);
  });
});

describe('reordering', () => {
  function withFour(): MapDocument {
    const doc = sample();
    delete doc.locations[0]!.style;
    doc.styles = ['s1', 's2', 's3', 's4'].map((id) => ({
      id,
      markers: true,
      svg: true,
      normal: {},
      hover: {},
      active: {},
    }));
    doc.filters = ['f1', 'f2', 'f3', 'f4'].map((id) => ({
      id,
      name: id,
      disable: false,
      type: 'groups' as const,
      groups: [],
      default: [],
      match: 'any' as const,
    }));
    return doc;
  }

  it('moves a style or a filter to a new position, down or up', () => {
    expect(reorderStyle.perform(withFour(), { id: 's1', to: 2 }).styles.map((s) => s.id)).toEqual([
      's2',
      's3',
      's1',
      's4',
    ]);
    expect(reorderStyle.perform(withFour(), { id: 's4', to: 0 }).styles.map((s) => s.id)).toEqual([
      's4',
      's1',
      's2',
      's3',
    ]);
    expect(reorderFilter.perform(withFour(), { id: 'f2', to: 3 }).filters.map((f) => f.id)).toEqual([
      'f1',
      'f3',
      'f4',
      'f2',
    ]);
    expect(reorderFilter.perform(withFour(), { id: 'f3', to: 0 }).filters.map((f) => f.id)).toEqual([
      'f3',
      'f1',
      'f2',
      'f4',
    ]);
    valid(reorderFilter.perform(withFour(), { id: 'f3', to: 0 }));
  });

  it('returns the same document when the entry stays in place, so no undo step is recorded', () => {
    const doc = withFour();
    expect(reorderStyle.perform(doc, { id: 's2', to: 1 })).toBe(doc);
    expect(reorderFilter.perform(doc, { id: 'f4', to: 10 })).toBe(doc);
    expect(reorderLayer.perform(doc, { id: 'layer-1', to: -3 })).toBe(doc);
    expect(reorderGroup.perform(doc, { id: 'shops', to: 1 })).toBe(doc);
  });

  it('clamps a position past either end', () => {
    expect(reorderFilter.perform(withFour(), { id: 'f1', to: 99 }).filters.map((f) => f.id)).toEqual([
      'f2',
      'f3',
      'f4',
      'f1',
    ]);
    expect(reorderStyle.perform(withFour(), { id: 's3', to: -5 }).styles.map((s) => s.id)).toEqual([
      's3',
      's1',
      's2',
      's4',
    ]);
  });

  it('rejects an unknown id and a position that is not a whole number', () => {
    expect(() => reorderStyle.perform(withFour(), { id: 'nope', to: 0 })).toThrow(
      'There is no style with the id "nope"',
    );
    expect(() => reorderFilter.perform(withFour(), { id: 'nope', to: 0 })).toThrow(
      'There is no filter with the id "nope"',
    );
    expect(() => reorderFilter.perform(withFour(), { id: 'f1', to: 1.5 })).toThrow(
      'A filter position must be a whole number',
    );
    expect(() => reorderLayer.perform(withFour(), { id: 'upper', to: Number.NaN })).toThrow(
      'A layer position must be a whole number',
    );
  });
});

describe('filters', () => {
  it('names the filter and its field when a change breaks a rule of the whole map', () => {
    const doc = sample();
    expect(() => updateFilter.perform(doc, { id: 'cat', filter: { ...doc.filters[0]!, default: ['ghost'] } })).toThrow(
      'Filter "cat" (default.0): Unknown group "ghost"',
    );
    const dropdown = {
      id: 'size',
      type: 'dropdown',
      name: 'Size',
      field: 'fields.size',
      options: [{ value: 'S' }, { value: 'S' }],
    };
    expect(() => addFilter.perform(doc, { filter: dropdown })).toThrow(
      'Filter "size" (options.1.value): Duplicate option "S"',
    );
    expect(() => addFilter.perform(doc, { filter: { ...dropdown, options: [{ value: 'S' }], default: 'M' } })).toThrow(
      'Filter "size" (default): "M" is not one of the options',
    );
  });

  it('adds, changes and deletes filters, rejecting unknown groups', () => {
    let doc = addFilter.perform(sample(), {
      filter: {
        id: 'open',
        type: 'checkbox',
        name: 'Open',
        condition: { field: 'fields.open', op: 'equals', value: 'yes' },
      },
    });
    expect(doc.filters).toHaveLength(2);
    doc = updateFilter.perform(doc, { id: 'cat', filter: { ...doc.filters[0]!, name: 'Categories' } });
    expect(doc.filters[0]!.name).toBe('Categories');
    expect(() => updateFilter.perform(doc, { id: 'cat', filter: { ...doc.filters[0]!, groups: ['ghost'] } })).toThrow(
      'Unknown group "ghost"',
    );
    doc = removeFilter.perform(doc, { id: 'open' });
    expect(doc.filters).toHaveLength(1);
    valid(doc);
  });
});

describe('settings.update', () => {
  it('merges nested setting groups', () => {
    const next = updateSettings.perform(sample(), {
      patch: { zoom: { maxZoom: 8 }, directory: { position: 'right' } },
    });
    expect(next.settings.zoom).toMatchObject({ maxZoom: 8, enabled: true, wheel: 'always' });
    expect(next.settings.directory.position).toBe('right');
    valid(next);
  });

  it('rejects out-of-range values and unknown references', () => {
    expect(() => updateSettings.perform(sample(), { patch: { zoom: { maxZoom: 500 } } })).toThrow(
      'Settings (zoom.maxZoom): Must be at most 50',
    );
    expect(() => updateSettings.perform(sample(), { patch: { startLocation: 'zz' } })).toThrow('Unknown location "zz"');
  });
});

describe('document.replace and location.import', () => {
  it('replaces the document only with a valid one', () => {
    const other = blankDocument({ mapWidth: 500 });
    expect(replaceDocument.perform(sample(), { doc: other }).settings.mapWidth).toBe(500);
    expect(() => replaceDocument.perform(sample(), { doc: { ...other, layers: [] } })).toThrow(
      'A map needs at least one layer',
    );
  });

  it('adds, merges or replaces locations, creating new groups', () => {
    const incoming = [
      { id: 'b', title: 'Bee', groups: ['cafes'] },
      { id: 'n', title: 'New', coord: [0.3, 0.3] as [number, number] },
    ];
    const groups = [{ id: 'cafes', name: 'Cafés' }];
    expect(() => importLocations.perform(sample(), { locations: incoming, groups, mode: 'add' })).toThrow(
      'already a location with the id "b"',
    );
    const merged = importLocations.perform(sample(), { locations: incoming, groups, mode: 'merge' });
    expect(merged.locations.map((l) => l.id)).toEqual(['a', 'b', 'n']);
    expect(merged.locations[1]).toMatchObject({ title: 'Bee', layer: 'upper', groups: ['cafes'] });
    valid(merged);
    const replaced = importLocations.perform(sample(), { locations: incoming, groups, mode: 'replace' });
    expect(replaced.locations.map((l) => l.id)).toEqual(['b', 'n']);
    valid(replaced);
  });

  it('draws a lot a row moves to another status in that status’s style, unless the row names one', () => {
    // The map has Available and the styles of both; the file names the group Sold, which the import makes.
    const doc = { ...blankDocument(), ...siteStatuses() };
    doc.groups = doc.groups.filter((g) => g.id === 'available');
    doc.locations = ['a', 'b'].map((id) => ({ id, coord: [0.5, 0.5], groups: ['available'], style: 'st-available' }));
    const rows = [
      { id: 'a', groups: ['sold'] },
      { id: 'b', groups: ['sold'], style: 'st-available' },
    ];
    const merged = importLocations.perform(doc, {
      locations: rows,
      groups: [{ id: 'sold', name: 'Sold' }],
      mode: 'merge',
    });
    expect(merged.locations.map((l) => l.style)).toEqual(['st-sold', 'st-available']);
  });

  it('imports nothing when one location is invalid', () => {
    expect(() => importLocations.perform(sample(), { locations: [{ id: 'x', color: 'nope' }], mode: 'add' })).toThrow(
      'locations.2.color',
    );
  });
});

describe('the registry', () => {
  it('holds every action under a unique name with a label', () => {
    const names = [...registeredActions().keys()];
    expect(names.length).toBeGreaterThanOrEqual(25);
    for (const a of registeredActions().values()) expect(a.label).not.toBe('');
  });
});

describe('nextGroupColour', () => {
  it('gives a new group a colour no group has, and none a visitor would take for the map’s own location colour', () => {
    expect(nextGroupColour([])).toBe('#2563eb');
    // The default location colour (#1370f2) is a blue: a group in the palette's blue would look ungrouped.
    expect(nextGroupColour([], '#1370f2')).toBe('#16a34a');
    expect(nextGroupColour(['#16a34a'], '#1370f2')).toBe('#dc2626');
    expect(nextGroupColour(['#16A34A', '#dc2626'], '#dc2626')).toBe('#2563eb');
  });

  it('gives a dozen groups a colour each, and then the least used, never the one like the map’s own', () => {
    const used: string[] = [];
    for (let i = 0; i < 14; i++) used.push(nextGroupColour(used, '#1370f2'));
    expect(new Set(used).size).toBe(14);
    expect(used).not.toContain('#2563eb');
    // Every one taken once: the least used again, in the palette's order, still not the primary's look-alike.
    const next = nextGroupColour(used, '#1370f2');
    expect(next).toBe('#16a34a');
    used.push(next);
    expect(nextGroupColour(used, '#1370f2')).toBe('#dc2626');
  });
});
