import { describe, expect, it } from 'vitest';
import { blankDocument, parseIfValid, type Location, type MapDocument } from '@mapnest/shared/map-document';
import { LIST_BESIDE_MAP_LINES, MOST_NUMBERED, drawnByThePlan, listBesideMap, printSheets } from './print-plan';
import { buildModel } from '../../viewer/viewer-model';

/** A mall of two floors: shops in two groups, a lift on every floor, a hidden and a disabled location. */
function mall(): MapDocument {
  const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor' });
  doc.layers.push({ id: 'first', name: 'First floor', file: '' });
  doc.groups = [
    { id: 'food', name: 'Food & Drink', color: '#dd5500' },
    { id: 'staff', name: 'Staff', hide: true },
    { id: 'fashion', name: 'Fashion', color: '#cc1166' },
  ];
  const at = (id: string, title: string, more: Partial<Location> = {}): Location => ({
    id,
    title,
    coord: [0.5, 0.5],
    layer: 'ground',
    ...more,
  });
  doc.locations = [
    at('shop-10', 'Shop 10', { groups: ['fashion'] }),
    at('shop-9', 'Shop 9', { groups: ['fashion'], type: 'text' }),
    at('cafe', 'Café Lumière', { groups: ['staff', 'food'], type: 'hidden' }),
    at('bakery', 'bakery', { groups: ['food'], type: 'square', label: 'B' }),
    at('lift', 'Lift', { layer: null }),
    at('office', 'Office', { groups: ['staff'] }),
    at('bins', 'Bins', { hide: true }),
    at('plant', 'Plant room', { disable: true }),
    at('kiosk', 'Kiosk', { hide: true, action: 'lightbox' }),
    at('toys', 'Toy shop', { layer: 'first', groups: ['fashion'] }),
    at('untitled', ''),
  ];
  return doc;
}

const listOf = (doc: MapDocument, floor: string) =>
  printSheets(doc, { floors: [floor], listed: true, numbered: true })[0]!.groups.map((g) => [
    g.name,
    g.entries.map((e) => `${e.n} ${e.title}`),
  ]);

/** A site plan: lots drawn by the plan (no markers), tinted by their status group, one with a colour of its own. */
function sitePlan(): MapDocument {
  const doc = blankDocument({ layerId: 'site', layerName: 'Site' });
  doc.settings.markerType = 'hidden';
  doc.groups = [
    { id: 'available', name: 'Available', color: '#16a34a' },
    { id: 'sold', name: 'Sold', color: '#dc2626' },
  ];
  doc.locations = [
    { id: 'lot-1', title: 'Lot 1', groups: ['available'] },
    { id: 'lot-2', title: 'Lot 2', groups: ['sold'] },
    { id: 'lot-3', title: 'Lot 3', groups: ['sold'], color: '#7c3aed' },
    { id: 'office', title: 'Sales office', type: 'pin', coord: [0.5, 0.5] },
  ];
  return doc;
}

describe('a plan that draws its own locations', () => {
  it('is told from one whose locations have markers, by most of its listed locations', () => {
    expect(drawnByThePlan(sitePlan())).toBe(true);
    expect(drawnByThePlan(mall())).toBe(false);
    expect(drawnByThePlan(blankDocument())).toBe(false);
  });

  it('keeps each numbered lot’s status tint on paper, as the viewer paints it without a marker', () => {
    const doc = sitePlan();
    const [sheet] = printSheets(doc, { floors: ['site'], listed: true, numbered: true });
    const printed = sheet!.doc;
    const model = buildModel(printed);
    const region = (id: string) => model.locations.find((l) => l.id === id)!.region.fill;
    // The viewer's own tint, color-mix(in srgb, #16a34a 35%, #fff), on the numbered lot, now with a marker.
    expect(buildModel(doc).locations.find((l) => l.id === 'lot-1')!.region.fill).toBe(
      'color-mix(in srgb, #16a34a 35%, #fff)',
    );
    expect(region('lot-1')).toBe('#addfc0');
    expect(region('lot-2')).toBe('#f3b3b3');
    expect(printed.locations.find((l) => l.id === 'lot-1')!.type).toBe('circle');
    // A lot with a colour of its own is painted in it, as the viewer does; the pinned office has no tint to keep.
    expect(region('lot-3')).toBe('#7c3aed');
    expect(printed.locations.find((l) => l.id === 'office')!.style).toBeUndefined();
    expect(printed.styles).toHaveLength(2);
    expect(parseIfValid(printed)).toBeDefined();
  });
});

describe('printSheets', () => {
  it('numbers the listed locations of a floor by group, in the map’s order of groups, then by title as people read it', () => {
    expect(listOf(mall(), 'ground')).toEqual([
      ['Food & Drink', ['1 bakery', '2 Café Lumière']],
      ['Fashion', ['3 Shop 9', '4 Shop 10']],
      ['Other', ['5 Lift', '6 Office', '7 untitled']],
    ]);
    // The first floor has its own numbers from 1, and the lift shown on every floor is on both.
    expect(listOf(mall(), 'first')).toEqual([
      ['Fashion', ['1 Toy shop']],
      ['Other', ['2 Lift']],
    ]);
  });

  it('draws each number in its location’s marker, in a marker kind that shows a label, and leaves the rest as they are', () => {
    const doc = mall();
    const [sheet] = printSheets(doc, { floors: ['ground'], listed: true, numbered: true });
    const byId = new Map(sheet!.doc.locations.map((l) => [l.id, l]));
    expect(byId.get('bakery')).toMatchObject({ label: '1', type: 'square', action: 'none' });
    expect(byId.get('cafe')).toMatchObject({ label: '2', type: 'circle' });
    expect(byId.get('shop-9')).toMatchObject({ label: '3', type: 'circle' });
    expect(byId.get('lift')).toMatchObject({ label: '5', type: 'pin' });
    for (const id of ['bins', 'plant', 'toys']) expect(byId.get(id)).toBe(doc.locations.find((l) => l.id === id));
    expect(byId.get('kiosk')).toMatchObject({ action: 'none' });
    // The printed document is a map the viewer takes: it passes the map's own checks.
    expect(parseIfValid(sheet!.doc)).toBeDefined();
    // And the author's document is untouched.
    expect(doc.locations.find((l) => l.id === 'bakery')!.label).toBe('B');
  });

  it('shows the floor alone, without the visitor’s controls, and keeps the map’s legend open', () => {
    const doc = mall();
    doc.settings.csvUrl = 'https://example.com/shops.csv';
    doc.settings.legend.startClosed = true;
    const s = printSheets(doc, { floors: ['first'], listed: false, numbered: false })[0]!.doc.settings;
    expect(s.defaultLayer).toBe('first');
    expect(s.directory.enabled).toBe(false);
    expect([s.controls.zoomButtons, s.controls.resetButton, s.controls.fullscreen, s.controls.layerSwitcher]).toEqual([
      'off',
      'off',
      'off',
      'off',
    ]);
    expect([s.minimap.enabled, s.wayfinding.enabled, s.deepLinking, s.csvUrl, s.startLocation]).toEqual([
      false,
      false,
      false,
      '',
      null,
    ]);
    expect(s.legend).toMatchObject({ startClosed: false, toggle: false });
    // Nothing opens on a click or a hover: it would be printed over the map.
    expect(s.popup).toMatchObject({ action: 'none', hoverTooltip: false });
  });

  it('prints the chosen floors in the map’s order, and without numbers the map as visitors see it', () => {
    const doc = mall();
    const sheets = printSheets(doc, { floors: ['first', 'ground', 'gone'], listed: false, numbered: false });
    expect(sheets.map((s) => s.floorName)).toEqual(['Ground floor', 'First floor']);
    expect(sheets[0]!.groups).toEqual([]);
    // As visitors see it, but for a click's popup, which would print over the map.
    expect(sheets[0]!.doc.locations).toEqual(doc.locations.map((l) => (l.action ? { ...l, action: 'none' } : l)));
    expect(printSheets(doc, { floors: [], listed: true, numbered: true })).toEqual([]);
  });

  it('numbers up to 999 locations of a floor and lists the rest without numbers', () => {
    const doc = blankDocument();
    doc.locations = Array.from({ length: MOST_NUMBERED + 3 }, (_, i) => ({ id: `s${i}`, title: `Stand ${i}` }));
    const [sheet] = printSheets(doc, { floors: [doc.layers[0]!.id], listed: true, numbered: true });
    const entries = sheet!.groups[0]!.entries;
    expect(entries).toHaveLength(MOST_NUMBERED + 3);
    expect(entries[MOST_NUMBERED - 1]).toMatchObject({ n: 999, title: 'Stand 998' });
    expect(entries.at(-1)).toMatchObject({ n: null, title: 'Stand 1001' });
    expect(sheet!.unnumbered).toBe(3);
    expect(sheet!.doc.locations.filter((l) => l.label !== undefined)).toHaveLength(999);
    expect(parseIfValid(sheet!.doc)).toBeDefined();
  });

  it('tries a short list beside the map, and puts a long one on pages of its own', () => {
    const doc = blankDocument();
    const sheetOf = (n: number) => {
      doc.locations = Array.from({ length: n }, (_, i) => ({ id: `s${i}`, title: `Stand ${i}` }));
      return printSheets(doc, { floors: [doc.layers[0]!.id], listed: true, numbered: true })[0]!;
    };
    // One group ("Other"): its heading takes two lines.
    expect(listBesideMap(sheetOf(LIST_BESIDE_MAP_LINES - 2))).toBe(true);
    expect(listBesideMap(sheetOf(LIST_BESIDE_MAP_LINES - 1))).toBe(false);
  });

  it('lists without numbers, for a plan that names its own lots: every location, none drawn with a number', () => {
    const doc = blankDocument();
    doc.locations = Array.from({ length: MOST_NUMBERED + 3 }, (_, i) => ({ id: `lot-${i}`, title: `Lot ${i}` }));
    const [sheet] = printSheets(doc, { floors: [doc.layers[0]!.id], listed: true, numbered: false });
    expect(sheet!.groups[0]!.entries).toHaveLength(MOST_NUMBERED + 3);
    expect(sheet!.groups[0]!.entries.slice(0, 3)).toEqual([
      { n: null, id: 'lot-0', title: 'Lot 0' },
      { n: null, id: 'lot-1', title: 'Lot 1' },
      { n: null, id: 'lot-2', title: 'Lot 2' },
    ]);
    expect(sheet!.unnumbered).toBe(0);
    expect(sheet!.doc.locations).toEqual(doc.locations);
  });
});
