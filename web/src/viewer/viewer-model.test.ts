import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import {
  BUILTIN_GROUP_FILTER,
  buildLayerMarkers,
  buildModel,
  directoryOrder,
  filterMask,
  initialFilterState,
  isFilterActive,
} from './viewer-model';

const demo = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../public/demo/riverside-centre.json', import.meta.url)), 'utf8'),
) as MapDocument;
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
  });

  it('lists a floor’s markers top to bottom, including those on every floor, without hidden ones', () => {
    const m = buildModel(demo);
    const markers = buildLayerMarkers(m, 'first', null);
    const list = [...markers.loc].map((i) => m.locations[i]!);
    expect(list.every((l) => l.kind !== 'hidden' && (l.layer === 'first' || l.layer === null))).toBe(true);
    expect(list.map((l) => l.id)).toContain('lifts');
    for (let i = 1; i < markers.count; i++) expect(markers.ys[i]!).toBeGreaterThanOrEqual(markers.ys[i - 1]!);
  });
});
