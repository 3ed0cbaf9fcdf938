// @vitest-environment jsdom
// (Descriptions are searched through the page's HTML parser: map-core/text-search.ts.)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { importMapplic } from '@mapnest/shared/mapplic-import';
import {
  BUILTIN_GROUP_FILTER,
  buildLayerMarkers,
  buildModel,
  directoryOrder,
  filterMask,
  initialFilterState,
  isFilterActive,
} from './viewer-model';

// jsdom's URL is not Node's: paths are made from this file's own.
const here = dirname(fileURLToPath(import.meta.url));
const demo = JSON.parse(readFileSync(join(here, '../../public/demo/riverside-centre.json'), 'utf8')) as MapDocument;
const ids = (mask: Uint8Array, doc: MapDocument) => doc.locations.filter((_, i) => mask[i]).map((l) => l.id);

describe('buildModel', () => {
  it('resolves each location’s marker, colour, action and floor from the document', () => {
    const m = buildModel(demo);
    const lifts = m.byId.get('lifts')!;
    expect(lifts.layer).toBeNull();
    expect(lifts.kind).toBe('circle');
    expect(lifts.action).toBe('tooltip');
    const voltage = m.byId.get('voltage')!;
    expect(voltage.kind).toBe('hidden');
    expect(voltage.region.fill).toBe('#dcf0fb');
    expect(voltage.fill).toBe('#0284c7');
    expect(m.defaultLayer).toBe('ground');
  });

  it('colours a legacy Mapplic export’s pins as the jQuery plugin did: their category’s colour, under a default style', () => {
    const legacy = JSON.parse(
      readFileSync(join(here, '../../../test/fixtures/mapplic/campus-v4.json'), 'utf8'),
    ) as Record<string, unknown>;
    const m = buildModel(importMapplic(legacy).document);
    // `defaultstyle: "light"` (#f4f4f4) is the rooms' class; the shop's pin is its category's orange.
    expect(m.byId.get('shop')!.fill).toBe('#e67e22');
    expect(m.byId.get('shop')!.region.fill).toBe('#f4f4f4');
  });

  it('fills {{placeholders}} from custom fields, escaping them inside descriptions', () => {
    const doc = blankDocument();
    doc.locations = [
      { id: 'a', title: 'A', about: 'Unit {{unit}}', desc: '<p>{{unit}}</p>', fields: { unit: '<b>G1</b>' } },
    ];
    const a = buildModel(doc).locations[0]!;
    expect(a.about).toBe('Unit <b>G1</b>');
    expect(a.desc).toBe('<p>&#60;b&#62;G1&#60;/b&#62;</p>');
  });

  it('filters by search across title, about, description and group names, and by group tags', () => {
    const m = buildModel(demo);
    const state = initialFilterState(m);
    expect(isFilterActive(m, state)).toBe(false);
    expect(filterMask(m, state).every((v) => v === 1)).toBe(true);
    expect(ids(filterMask(m, { ...state, query: 'BUGGY' }), demo)).toEqual(['customer-service']);
    expect(ids(filterMask(m, { ...state, query: 'kids toys' }), demo).sort()).toEqual(['kids-kingdom', 'little-ones']);
    const tags = ids(
      filterMask(m, { ...state, values: { ...state.values, [BUILTIN_GROUP_FILTER]: ['entertainment'] } }),
      demo,
    );
    expect(tags.sort()).toEqual(['playzone', 'starlight']);
    const late = ids(filterMask(m, { ...state, values: { ...state.values, 'open-late': true } }), demo);
    expect(late).toContain('fitlab');
    expect(late).not.toContain('voltage');
  });

  it('orders the directory by the configured field and leaves hidden locations out', () => {
    const doc = blankDocument();
    doc.settings.directory.sort = 'title';
    doc.locations = [
      { id: 'b', title: 'Beta 10' },
      { id: 'a', title: 'beta 9' },
      { id: 'h', title: 'Alpha', hide: true },
    ];
    expect(directoryOrder(buildModel(doc)).map((l) => l.id)).toEqual(['a', 'b']);
    // Prices with thousands separators, as numbers: a million after the six-digit ones.
    doc.locations = [
      { id: 'million', title: '£1,050,000' },
      { id: 'low', title: '£99,950' },
      { id: 'mid', title: '£325,000' },
    ];
    expect(directoryOrder(buildModel(doc)).map((l) => l.id)).toEqual(['low', 'mid', 'million']);
  });

  it('lists a floor’s markers top to bottom, including those on every floor, without hidden ones', () => {
    const m = buildModel(demo);
    const markers = buildLayerMarkers(m, 'first', null);
    const list = [...markers.loc].map((i) => m.locations[i]!);
    expect(list.every((l) => l.kind !== 'hidden' && (l.layer === 'first' || l.layer === null))).toBe(true);
    expect(list.map((l) => l.id)).toContain('lifts');
    for (let i = 1; i < markers.count; i++) expect(markers.ys[i]!).toBeGreaterThanOrEqual(markers.ys[i - 1]!);
    const xs = [...markers.xs];
    const ys = [...markers.ys];
    expect(markers.bounds).toEqual({
      minX: Math.min(...xs),
      minY: Math.min(...ys),
      maxX: Math.max(...xs),
      maxY: Math.max(...ys),
    });
    for (let k = 0; k < markers.count; k++) {
      const c = m.locations[markers.loc[k]!]!.coord!;
      expect([markers.xs[k], markers.ys[k]]).toEqual([c[0] * m.image.width, c[1] * m.image.height]);
    }
    expect(buildLayerMarkers(m, 'first', new Uint8Array(m.locations.length)).bounds).toEqual({
      minX: Infinity,
      minY: Infinity,
      maxX: -Infinity,
      maxY: -Infinity,
    });
  });

  it('shares frozen group lists and region colours between locations that have the same, and nothing else', () => {
    const doc = blankDocument();
    doc.groups = [
      { id: 'food', name: 'Food', color: '#ea580c' },
      { id: 'kids', name: 'Kids', color: '#0284c7' },
    ];
    doc.styles = [{ id: 'lit', markers: false, svg: true, normal: { fill: '#fde68a' }, hover: {}, active: {} }];
    doc.locations = [
      { id: 'a', title: 'A', groups: ['food'], color: '#db2777', coord: [0.1, 0.2] },
      { id: 'b', title: 'B', groups: ['food'], color: '#db2777', coord: [0.3, 0.4] },
      { id: 'c', title: 'C', groups: ['kids', 'food'], color: '#16a34a' },
      { id: 'd', title: 'D', groups: ['gone'], style: 'lit' },
      { id: 'e', title: 'E', style: 'lit', color: '#db2777' },
    ];
    const [a, b, c, d, e] = buildModel(doc).locations;
    expect(a!.groupIds).toEqual(['food']);
    expect(a!.groupNames).toEqual(['Food']);
    expect(b!.groupIds).toBe(a!.groupIds);
    expect(b!.groupNames).toBe(a!.groupNames);
    expect(Object.isFrozen(a!.groupIds) && Object.isFrozen(a!.groupNames)).toBe(true);
    expect(c!.groupIds).toEqual(['kids', 'food']);
    expect(c!.groupNames).toEqual(['Kids', 'Food']);
    expect(c!.fill).toBe('#16a34a');
    expect(d!.groupIds).toEqual([]);
    // The colour fills the region; every other region colour is left to the SVG.
    expect(Object.entries(a!.region).filter(([, v]) => v !== null)).toEqual([['fill', '#db2777']]);
    expect(Object.keys(a!.region)).toHaveLength(7);
    expect(b!.region).toBe(a!.region);
    expect(Object.isFrozen(a!.region)).toBe(true);
    expect(c!.region.fill).toBe('#16a34a');
    expect(d!.region.fill).toBe('#fde68a');
    expect(e!.region.fill).toBe('#fde68a');
    expect(e!.region).not.toBe(d!.region);
    expect(a!.coord).toEqual([0.1, 0.2]);
    expect(c!.coord).toBeNull();
  });

  it('tints the region of a location shown by its SVG element alone in its group’s colour, as its marker would be', () => {
    const doc = blankDocument();
    doc.groups = [
      { id: 'available', name: 'Available', color: '#16a34a' },
      { id: 'sold', name: 'Sold', color: '#64748b' },
      { id: 'plain', name: 'Plain' },
    ];
    doc.styles = [{ id: 'lit', markers: false, svg: true, normal: { fill: '#fde68a' }, hover: {}, active: {} }];
    doc.locations = [
      { id: 'lot-1', groups: ['available'], type: 'hidden' },
      { id: 'lot-2', groups: ['available'], type: 'hidden' },
      { id: 'lot-3', groups: ['sold'], type: 'hidden' },
      { id: 'lot-4', groups: ['sold'], type: 'hidden', color: '#dc2626' },
      { id: 'lot-5', groups: ['sold'], type: 'hidden', style: 'lit' },
      { id: 'lot-6', groups: ['plain'], type: 'hidden' },
      { id: 'pin', groups: ['available'], type: 'pin' },
    ];
    const [l1, l2, l3, l4, l5, l6, pin] = buildModel(doc).locations;
    expect(l1!.region.fill).toBe('color-mix(in srgb, #16a34a 35%, #fff)');
    expect(l2!.region).toBe(l1!.region);
    expect(l3!.region.fill).toBe('color-mix(in srgb, #64748b 35%, #fff)');
    // The location's own colour and an SVG style are the author's and win; a group without a colour paints nothing.
    expect(l4!.region.fill).toBe('#dc2626');
    expect(l5!.region.fill).toBe('#fde68a');
    expect(l6!.region.fill).toBeNull();
    // A marker shows the group's colour itself: the drawing keeps its own paint.
    expect(pin!.region.fill).toBeNull();
    expect(pin!.fill).toBe('#16a34a');

    // Turned off (a Mapplic import), such a region keeps the drawing's own paint; the author's colour still paints.
    doc.settings.tintRegionsByGroup = false;
    const [o1, , o3, o4] = buildModel(doc).locations;
    expect([o1!.region.fill, o3!.region.fill, o4!.region.fill]).toEqual([null, null, '#dc2626']);
    // Absent (a map published before the setting), it is on.
    delete (doc.settings as Partial<typeof doc.settings>).tintRegionsByGroup;
    expect(buildModel(doc).locations[0]!.region.fill).toBe('color-mix(in srgb, #16a34a 35%, #fff)');
  });
});
