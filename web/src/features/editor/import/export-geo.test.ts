/**
 * File › Export… › "Locations as GeoJSON" (and "as KML") and File › Import… are each other's inverse for what these
 * files hold: a location's position, title, texts, groups, floor, colour, contact details and custom fields.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankDocument, type Location, type MapDocument } from '@mapnest/shared/map-document';
import { locationPoint } from '@mapnest/shared/map-geo';
import { RESERVED_FIELD_KEYS } from '@mapnest/shared/map-rules';
import { importLocations } from '../actions/structure';
import { toGeoJson, toKml } from './export-geo';
import { parseGeoJson, pointsToLocations } from './geo';
import { parseKml } from './kml';
import { nodeXml } from './picked-files.fixtures';

const EXTENT: [number, number, number, number] = [-10, 35, 30, 60];

/** What the exports write of a location (its other properties are the map's JSON export's); KML's colours are six digits. */
const KEPT = ['id', 'title', 'about', 'desc', 'groups', 'layer', 'color', 'phone', 'email', 'link', 'hours', 'image'];
const kept = (l: Location, format: Format) =>
  Object.fromEntries(
    Object.entries(l)
      .filter(
        ([k, v]) =>
          (KEPT.includes(k) || (k === 'fields' && Object.keys(v as object).length)) &&
          !(k === 'groups' && !(v as string[]).length),
      )
      .map(([k, v]) => [k, k === 'color' && format === 'KML' ? sixDigits(v as string) : v]),
  );
const sixDigits = (c: string) => (c.length <= 5 ? `#${[...c.slice(1)].map((d) => d + d).join('')}` : c.slice(0, 7));

type Format = 'GeoJSON' | 'KML';
const read = (doc: MapDocument, format: Format) =>
  format === 'GeoJSON' ? parseGeoJson(toGeoJson(doc).text) : parseKml(toKml(doc, 'Map').text, nodeXml);

/** The export imported back into the same map over its locations (File › Import… with "Replace"). */
function importBack(doc: MapDocument, format: Format): MapDocument {
  const result = pointsToLocations(read(doc, format), doc, { floor: doc.layers[0]!.id });
  expect(result.issues).toEqual([]);
  return importLocations.perform(doc, { ...result, mode: 'replace' });
}

// Trimmed text with what JSON, HTML and the readers treat specially.
const text = fc
  .string({
    unit: fc.constantFrom('a', 'Z', 'é', '😀', ' ', ',', ';', '|', '"', '<', '&', ':', '\n', '7'),
    maxLength: 12,
  })
  .map((s) => s.trim())
  .filter((s) => s !== '');
// Field keys as authors name them, among them every name the import reads as something else.
const fieldKey = fc
  .oneof(
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/),
    fc.constantFrom('Name', 'TITLE', 'Description', 'summary', 'category', 'tags', 'Level', 'floor', 'website'),
    fc.constantFrom('marker-color', 'phoneNumber', 'gx_media_links', 'styleUrl', 'opening_hours', 'x', 'shape', 'ID'),
  )
  .filter((k) => !RESERVED_FIELD_KEYS.has(k));

const mapArb = fc
  .record({
    floors: fc.integer({ min: 1, max: 3 }),
    groupNames: fc.uniqueArray(fc.oneof(text, fc.constantFrom('Food, drinks', 'g-1', 'G-1', 'Shops')), {
      maxLength: 4,
      selector: (n) => n.toLowerCase(),
    }),
  })
  .chain(({ floors, groupNames }) => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 800 });
    doc.settings.geo = { extent: EXTENT };
    for (let i = 1; i < floors; i++)
      doc.layers.push({ id: `f${i}`, name: i === 1 ? 'Upper, east' : `F${i}`, file: '' });
    doc.groups = groupNames.map((name, i) => ({ id: `g-${i + 1}`, name }));
    const location = fc.record(
      {
        title: text,
        about: text,
        desc: text.map((t) => `<p>${t.replace(/[<&]/g, '')}</p>`),
        groups: fc.uniqueArray(fc.constantFrom(...doc.groups.map((g) => g.id), 'none'), { maxLength: 3 }),
        color: fc.constantFrom('#fff', '#a0b1c2', '#11223344'),
        phone: text,
        email: text,
        link: fc.constantFrom('https://example.com/a?b=1,2', 'mailto:shop@example.com'),
        hours: text,
        image: fc.constant('https://example.com/i.jpg'),
        fields: fc.dictionary(fieldKey, text, { maxKeys: 4 }),
        where: fc.oneof(
          fc.tuple(fc.double({ min: 36, max: 59, noNaN: true }), fc.double({ min: -9, max: 29, noNaN: true })),
          fc
            .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
            .map((c) => ({ coord: c })),
        ),
      },
      { requiredKeys: ['where'] },
    );
    return fc.uniqueArray(location, { minLength: 1, maxLength: 6, selector: (l) => l.title ?? '' }).map((locations) => {
      doc.locations = locations.map(({ where, groups, ...rest }, i) => ({
        id: `loc-${i}`,
        ...rest,
        ...(groups && { groups: groups.filter((g) => g !== 'none') }),
        ...(Array.isArray(where) ? { latlon: where } : where),
        ...(doc.layers.length > 1 && { layer: doc.layers[i % doc.layers.length]!.id }),
      })) as Location[];
      return doc;
    });
  });

describe.each(['GeoJSON', 'KML'] as const)('the %s export', (format) => {
  it('imports back as the same locations, in the same places', () => {
    fc.assert(
      fc.property(mapArb, (doc) => {
        const back = importBack(doc, format);
        expect(back.groups).toEqual(doc.groups);
        // KML holds a group's locations together in its folder: the same locations, by folder.
        const inOrder = (ls: Location[]) => (format === 'KML' ? [...ls].sort((a, b) => a.id.localeCompare(b.id)) : ls);
        const [before, after] = [inOrder(doc.locations), inOrder(back.locations)];
        expect(after.map((l) => kept(l, format))).toEqual(before.map((l) => kept(l, format)));
        after.forEach((l, i) => {
          const [x, y] = locationPoint(l, doc.settings)!;
          const [x0, y0] = locationPoint(before[i]!, doc.settings)!;
          expect(Math.abs(x - x0)).toBeLessThan(1e-6);
          expect(Math.abs(y - y0)).toBeLessThan(1e-6);
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('the GeoJSON export', () => {
  it('leaves out a location that stands for a shape of the plan, and says how many', () => {
    const doc = blankDocument();
    doc.settings.geo = { extent: EXTENT };
    doc.locations = [
      { id: 'hall', title: 'Hall' },
      { id: 'gate', title: 'Gate', coord: [0.5, 0.5] },
    ];
    const out = toGeoJson(doc);
    expect(out).toMatchObject({ points: 1, unplaced: 1 });
    expect(JSON.parse(out.text).features).toEqual([
      {
        type: 'Feature',
        id: 'gate',
        geometry: { type: 'Point', coordinates: [10, expect.closeTo(49.04, 2)] },
        properties: { id: 'gate', name: 'Gate' },
      },
    ]);
  });
});
