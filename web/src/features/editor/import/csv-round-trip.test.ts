/**
 * File › Export… › "Locations as CSV" and File › Import… are each other's inverse: what the export writes (formula-like
 * values behind an apostrophe, every column, a byte order mark) imports back as the same locations, also after a
 * spreadsheet in a decimal-comma locale has saved the file again.
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { shapeProblems } from '@mapnest/shared/location-shapes';
import { blankDocument, type Location, type MapDocument } from '@mapnest/shared/map-document';
import { LINK_TARGETS, LOCATION_ACTIONS, MARKER_TYPES, RESERVED_FIELD_KEYS, saysNone } from '@mapnest/shared/map-rules';
import { csvToLocations } from '../../../viewer/csv/locations';
import { parseCsvRows } from '../../../viewer/csv/parse';
import { guessMapping, parseCsv, rowsToLocations } from './csv';
import { toCsv } from './export';
import { decodeTextFile } from './text-file';

/** Exported CSV text imported back into `doc`, as File › Import… does with the columns it guesses. */
function importBack(text: string, doc: MapDocument) {
  const csv = parseCsv(text);
  return { csv, ...rowsToLocations(csv, guessMapping(csv.headers), doc) };
}

/** A location as the CSV holds it: values that mean "not set" (null, false, '', no groups, no fields) left out. */
function meaning(l: Location): Location {
  const unset = (v: unknown) =>
    v === undefined || v === null || v === false || v === '' || (typeof v === 'object' && !Object.keys(v).length);
  return Object.fromEntries(Object.entries(l).filter(([, v]) => !unset(v))) as Location;
}

/** Characters that CSV, spreadsheets and the formula escape treat specially, and some that are merely not ASCII. */
const UNITS = [
  ...['=', '+', '-', '@', '\t', '\r', '\n', '\r\n', "'", "''", '"', ',', ';', '|', ' ', '#', '<', '&', '.', '0', '7'],
  ...['a', 'Z', 'é', 'Ö', 'ß', 'ç', 'ñ', '€', 'Ω', '中', '😀', '👩‍👩‍👧', '🇩🇪'],
];
/** Values QA found changed by a round trip. */
const SEEN = ['+44 20 7946 0001', '=SUM(A1)', '-Sale- Outlet', '@home', "'=already", "''+twice", "'", "'plain"];

/**
 * Text as an author may type it, up to `max` units. The import trims cells (spreadsheets pad them), so the values
 * start and end with something other than white space; a leading tab or CR, which the export escapes, is kept.
 */
const text = (max: number, units: readonly string[] = UNITS) =>
  fc.oneof(
    fc.constantFrom(...SEEN),
    fc
      .string({ unit: fc.constantFrom(...units), minLength: 1, maxLength: max })
      .map((s) => {
        const end = s.trimEnd();
        return /^[\t\r]/.test(end) ? end : end.trimStart();
      })
      .filter((s) => s !== ''),
  );
const id = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_-]{0,12}$/);
/** A custom field's key: never one of a location's own keys ("title", "coord"), which a map may not have. */
const fieldKey = fc
  .oneof(
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/),
    // Keys the readers could take for a built-in column, or for a one-cell position.
    fc.constantFrom('lat', 'Longitude', 'lng', 'Title', 'name', 'Target', 'tags', 'x', 'shape'),
    fc.constantFrom('position', 'coords', 'latlng', 'Coord', 'LatLon'),
  )
  .filter((key) => !RESERVED_FIELD_KEYS.has(key));
const zeroless = (n: number) => n + 0; // -0 is written "0"
const fraction = fc.double({ min: 0, max: 1, noNaN: true }).map(zeroless);

/**
 * Groups or layers: ids that may differ only in case ("gW", "gw"), names of any text, and some names that are another
 * item's id or name in another case (a group named "gw" beside the group whose id is "gW").
 */
const named = (prefix: string) =>
  fc
    .uniqueArray(
      fc.record({
        id: fc.oneof(id, fc.constantFrom('W', 'w', 'Food', 'food')).map((i) => `${prefix}${i}`),
        name: text(6),
      }),
      { minLength: 1, maxLength: 4, selector: (g) => g.id },
    )
    .chain((items) =>
      fc
        .array(
          fc.tuple(fc.nat(items.length - 1), fc.constantFrom('id', 'name'), fc.constantFrom('upper', 'lower', 'same')),
          {
            maxLength: items.length,
          },
        )
        .map((renames) => {
          const out = items.map((it) => ({ ...it }));
          renames.forEach(([from, what, kase], to) => {
            const text = items[from]![what];
            out[to]!.name = kase === 'upper' ? text.toUpperCase() : kase === 'lower' ? text.toLowerCase() : text;
          });
          return out;
        }),
    );

function locationArb(ids: { groups: string[]; layers: string[]; geo: boolean }): fc.Arbitrary<Location> {
  const short = text(3, ['=', '+', '-', '@', "'", '"', ',', ';', 'a', 'é', '😀', '7']).filter(
    (s) => [...s].length <= 3,
  );
  return fc
    .record(
      {
        title: text(20),
        about: text(20),
        desc: text(20),
        // A placeholder ("-", "n/a") in a phone or e-mail cell is read as none (saysNone): no value to round-trip.
        phone: text(10).filter((v) => !saysNone(v)),
        email: text(10).filter((v) => !saysNone(v)),
        hours: text(10),
        more: text(5),
        label: short,
        thumb: fc.oneof(short, fc.constant('/files/u/thumb.png')),
        link: fc.constantFrom('https://example.com/a?b=1,2;3&c="x"', '/files/u/menu.pdf', 'mailto:shop@example.com'),
        image: fc.constantFrom('https://example.com/i.jpg?w=1,2', '/files/u/photo.png'),
        target: fc.constantFrom(...LINK_TARGETS, null),
        color: fc.constantFrom('#fff', '#A0b1C2', '#11223344'),
        style: fc.constant('gold'),
        scale: fc.double({ min: 0.1, max: 10, noNaN: true }),
        type: fc.constantFrom(...MARKER_TYPES),
        layer: fc.constantFrom(...ids.layers, null),
        shape: id,
        groups: fc.uniqueArray(fc.constantFrom(...ids.groups), { maxLength: 3 }),
        coord: fc.tuple(fraction, fraction),
        ...(ids.geo
          ? {
              latlon: fc.tuple(
                fc.double({ min: -80, max: 80, noNaN: true }).map(zeroless),
                fc.double({ min: -179, max: 179, noNaN: true }).map(zeroless),
              ),
            }
          : {}),
        zoom: fc.double({ min: 1, max: 50, noNaN: true }),
        action: fc.constantFrom(...LOCATION_ACTIONS, null),
        hide: fc.boolean(),
        disable: fc.boolean(),
        fields: fc.dictionary(fieldKey, text(8), { maxKeys: 3 }),
      },
      { requiredKeys: [] },
    )
    .map((l) => {
      // A shape needs a floor.
      if (l.layer == null) delete l.shape;
      return l;
    }) as fc.Arbitrary<Location>;
}

/** A map with groups and layers named by anything (commas, the same name twice) and locations using them. */
const documents = fc
  .record({ groups: named('g'), layers: named('l'), geo: fc.boolean() })
  .chain(({ groups, layers, geo }) => {
    const ids = { groups: groups.map((g) => g.id), layers: layers.map((l) => l.id), geo };
    const locations = fc
      .uniqueArray(
        fc.tuple(id, locationArb(ids)).map(([i, l]) => ({ ...l, id: i })),
        { minLength: 1, maxLength: 8, selector: (l) => l.id },
      )
      // A map's rule: no two locations stand for one shape of a floor (a shape, or an id, of the same floor).
      .filter((locs) => shapeProblems(locs).length === 0);
    return locations.map((locs) => {
      const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
      doc.groups = groups;
      doc.layers = layers.map((l) => ({ ...l, file: '' }));
      doc.styles = [{ id: 'gold', base: {}, hover: {}, active: {} } as unknown as MapDocument['styles'][number]];
      if (geo) doc.settings.geo = { extent: [-180, -85, 180, 85] };
      doc.locations = locs;
      return doc;
    });
  });

/**
 * The file as Excel saves it again in a German or French locale: ';' between cells, numbers with a decimal comma,
 * quotes only where needed. Whether Excel keeps the apostrophe before a formula-like value as text or takes it as
 * its "text" mark (and saves the value without it) depends on how the file is opened: `apostrophe` says which.
 */
function resavedByEuropeanExcel(exported: string, apostrophe: 'kept' | 'taken'): string {
  const { data } = Papa.parse<string[]>(exported.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  const [header = [], ...rows] = data;
  const numeric = ['x', 'y', 'lat', 'lon', 'scale', 'zoom'].map((c) => header.indexOf(c));
  const cells = rows.map((row) =>
    row.map((cell, i) => {
      if (numeric.includes(i)) return cell.replace('.', ',');
      return apostrophe === 'taken' && /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
    }),
  );
  return `\uFEFF${Papa.unparse([header, ...cells], { delimiter: ';', newline: '\r\n' })}\r\n`;
}

describe('CSV export and import', () => {
  it('import back what was exported, for any locations (formula-like values, quotes, line breaks, emoji)', () => {
    fc.assert(
      fc.property(documents, (doc) => {
        const text = toCsv(doc);
        const back = importBack(text, doc);
        expect(back.csv.errors).toEqual([]);
        expect(back.issues).toEqual([]);
        expect(back.groups).toEqual([]);
        expect(back.locations).toEqual(doc.locations.map(meaning));
        // The viewer's CSV source reads the same file as the same locations.
        const viewer = csvToLocations(parseCsvRows(text), { ...doc, locations: [] });
        expect(viewer).toEqual({ locations: back.locations, groups: [], skipped: [] });
      }),
      { numRuns: 200 },
    );
  });

  it('keep the apostrophe in the file for spreadsheets, and take it off on import (editor and viewer)', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    doc.settings.geo = { extent: [-180, -85, 180, 85] };
    doc.locations = [
      { id: 'a', title: '-Sale- Outlet', phone: '+44 20 7946 0001', about: '=SUM(A1)', latlon: [-33.86, 151.2] },
      { id: 'b', title: '@home', hours: "'=quoted already", fields: { note: '\tindented' } },
    ];
    const text = toCsv(doc);
    expect(text).toContain(`"'-Sale- Outlet"`);
    expect(text).toContain(`"'+44 20 7946 0001"`);
    expect(text).toContain(`"'=SUM(A1)"`);
    expect(text).toContain(`"''=quoted already"`);
    // Numbers are numbers: Excel reads "-33.86" as one, and no formula starts with a minus and digits only.
    expect(text).toContain(',-33.86,151.2,');
    expect(importBack(text, doc).locations).toEqual(doc.locations);
    const viewer = csvToLocations(parseCsvRows(text), { ...doc, locations: [] });
    expect(viewer.skipped).toEqual([]);
    expect(viewer.locations).toEqual(doc.locations);
  });

  it('read every column the export writes as the property it was written from', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    doc.settings.geo = { extent: [-180, -85, 180, 85] };
    doc.locations = [{ id: 'a', link: 'https://example.com', target: '_blank', fields: { price: '4' } }];
    const { csv, locations } = importBack(toCsv(doc), doc);
    const mapping = guessMapping(csv.headers);
    expect(mapping).toEqual(csv.headers.map((h) => (h === 'price' ? 'field:price' : h)));
    expect(locations).toEqual(doc.locations);
  });

  it('write a shape column only for a map whose locations name shapes, and read it back with their floors', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500, layerId: 'f1', layerName: 'Floor 1' });
    doc.layers.push({ id: 'f2', name: 'Floor 2', file: '' });
    doc.locations = [
      { id: 'lift', layer: 'f1' },
      { id: 'lift-2', layer: 'f2', shape: 'lift' },
    ];
    const text = toCsv(doc);
    expect(text.split('\r\n')[0]).toContain(',layer,shape,');
    expect(importBack(text, doc)).toMatchObject({ issues: [], locations: doc.locations });
    const viewer = csvToLocations(parseCsvRows(text), { ...doc, locations: [] });
    expect(viewer).toMatchObject({ skipped: [], locations: doc.locations });
    expect(toCsv({ ...doc, locations: [{ id: 'lift', layer: 'f1' }] }).split('\r\n')[0]).not.toContain('shape');
  });

  it('keep custom fields named like a column, on a map without latitude and longitude too', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    doc.locations = [{ id: 'a', title: 'Shop', fields: { lat: '51°N', Title: 'Ms', Name: 'Ann' } }];
    const text = toCsv(doc);
    expect(text.split('\r\n')[0]).toMatch(/,lat,lon,.*,lat,Title,Name$/);
    expect(importBack(text, doc)).toMatchObject({ issues: [], locations: doc.locations });
  });

  it('name a group or layer by id when its name would not lead back to it', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    doc.layers = [
      { id: 'upper', name: 'Ground', file: '' },
      { id: 'ground', name: 'Upper', file: '' },
    ];
    doc.groups = [
      { id: 'food', name: 'Food, Drinks' },
      { id: 'shop-a', name: 'Shops' },
      { id: 'shop-b', name: 'shops' },
      { id: 'cafes', name: 'Cafés' },
    ];
    doc.locations = [{ id: 'a', layer: 'ground', groups: ['food', 'shop-a', 'shop-b', 'cafes'] }];
    const text = toCsv(doc);
    expect(text.split('\r\n')[1]).toContain(',ground,"food, shop-a, shops, Cafés",');
    expect(importBack(text, doc).locations).toEqual(doc.locations);
  });

  it('name a group by its id when another group has the same name and an id that differs only in case', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    doc.groups = [
      { id: 'gW', name: 'Plain' },
      { id: 'gN3', name: 'plain' },
      { id: 'gw', name: 'Ω' },
    ];
    doc.locations = [
      { id: 'a', groups: ['gW'] },
      { id: 'b', groups: ['gN3', 'gw'] },
    ];
    const text = toCsv(doc);
    expect(text.split('\r\n').slice(1, 3)).toEqual([
      expect.stringContaining(',gW,'),
      expect.stringContaining(',"plain, Ω",'),
    ]);
    expect(importBack(text, doc).locations).toEqual(doc.locations);
    const viewer = csvToLocations(parseCsvRows(text), { ...doc, locations: [] });
    expect(viewer).toMatchObject({ skipped: [], locations: doc.locations });
  });

  it('start the file with a UTF-8 byte order mark (Excel reads accents right), which neither reader keeps', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    doc.locations = [{ id: 'cafe', title: 'Café Müller' }];
    const text = toCsv(doc);
    expect(text.startsWith('\uFEFFid,title,')).toBe(true);
    const bytes = new TextEncoder().encode(text);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseCsv(text).headers[0]).toBe('id');
    expect(parseCsvRows(text).rows[0]![0]).toBe('id');
    expect(importBack(decodeTextFile(bytes), doc).locations).toEqual(doc.locations);
  });
});

describe('a CSV saved by Excel in a decimal-comma locale', () => {
  it('imports like the export it was made from', () => {
    fc.assert(
      fc.property(documents, (doc) => {
        const text = resavedByEuropeanExcel(toCsv(doc), 'kept');
        const back = importBack(text, doc);
        expect(back.issues).toEqual([]);
        expect(back.locations).toEqual(doc.locations.map(meaning));
        const viewer = csvToLocations(parseCsvRows(text), { ...doc, locations: [] });
        expect(viewer).toEqual({ locations: back.locations, groups: [], skipped: [] });
      }),
      { numRuns: 100 },
    );
  });

  it('imports formula-like values that Excel saved without their apostrophe', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    doc.locations = [
      { id: 'a', title: '-Sale- Outlet', phone: '+44 20 7946 0001', about: '=SUM(A1)', coord: [0.075, 0.03] },
      { id: 'b', title: '@home', scale: 1.5, fields: { note: '+1' } },
    ];
    const resaved = resavedByEuropeanExcel(toCsv(doc), 'taken');
    expect(resaved).toContain(';-Sale- Outlet;');
    expect(importBack(resaved, doc).locations).toEqual(doc.locations);
  });

  const GERMAN = [
    'id;title;groups;x;y;zoom;scale',
    'a1;Café, Bar;Food, Drinks;0,075;0,030;2,5;1,25',
    'a2;Shop;Shops;500;250,5;;',
    'a3;Dot decimals;;0.5;0.25;;',
    'a4;Exponent;;1,5E-05;0,5;;',
  ].join('\r\n');

  it('reads decimal commas in both readers, with dots still read', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    const editor = importBack(GERMAN, doc);
    expect(editor.issues).toEqual([]);
    expect(editor.locations.map((l) => [l.title, l.coord, l.zoom, l.scale])).toEqual([
      ['Café, Bar', [0.075, 0.03], 2.5, 1.25],
      ['Shop', [0.5, 0.501], undefined, undefined],
      ['Dot decimals', [0.5, 0.25], undefined, undefined],
      ['Exponent', [0.000015, 0.5], undefined, undefined],
    ]);
    const viewer = csvToLocations(parseCsvRows(GERMAN), doc);
    expect(viewer.skipped).toEqual([]);
    expect(viewer.locations).toEqual(editor.locations);
  });

  it('reads a semicolon-separated file whose text has more commas than it has columns', () => {
    const csv = parseCsv('title;about;x;y\r\nA;Open, late, cheap, good, fast;0,5;0,25\r\n');
    expect(csv.headers).toEqual(['title', 'about', 'x', 'y']);
    expect(csv.rows[0]).toEqual(['A', 'Open, late, cheap, good, fast', '0,5', '0,25']);
  });

  it('reads a ";" cell of two numbers in the viewer ("0,2 0,4")', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    const { locations, skipped } = csvToLocations(
      parseCsvRows('id;coord\np;0,2 0,4\nq;"[0,3; 0,6]"\nr;0.1,0.2\n'),
      doc,
    );
    expect(skipped).toEqual([]);
    expect(locations.map((l) => l.coord)).toEqual([
      [0.2, 0.4],
      [0.3, 0.6],
      [0.1, 0.2],
    ]);
  });

  it('still refuses what is not a number, with the same words, and changes nothing for it', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    const bad = 'id;x;y;zoom\na;0,075,5;0,1;\nb;1.234,5;0,1;\nc;0,1;0,1;2,5x\n';
    const editor = importBack(bad, doc);
    expect(editor.locations).toEqual([]);
    expect(editor.issues.map((i) => `Line ${i.line}: ${i.message}`)).toEqual([
      'Line 2: The position "0,075,5; 0,1" is not two numbers',
      'Line 3: The position "1.234,5; 0,1" is not two numbers',
      'Line 4: The zoom "2,5x" is not a number from 1 to 50',
    ]);
    expect(csvToLocations(parseCsvRows(bad), doc).skipped).toEqual(
      editor.issues.map((i) => `Line ${i.line}: ${i.message}`),
    );
  });

  it('keeps the existing rules in a comma-separated file: a decimal comma is not a number there', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    const editor = importBack('id,x,y\na,"0,075","0,030"\n', doc);
    expect(editor.issues.map((i) => i.message)).toEqual(['The position "0,075, 0,030" is not two numbers']);
    expect(csvToLocations(parseCsvRows('id\tx\ty\na\t0,5\t0,5\n'), doc).skipped).toEqual([
      'Line 2: The position "0,5, 0,5" is not two numbers',
    ]);
  });

  it('reads the file in Windows-1252 when Excel saved it as plain "CSV" rather than "CSV UTF-8"', () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    const ansi = Uint8Array.from(Buffer.from('id;title;x;y\r\na;Café Müller ?;0,5;0,5\r\n', 'latin1'));
    ansi[ansi.indexOf(0x3f)] = 0x80; // "€" in Windows-1252
    const { locations } = importBack(decodeTextFile(ansi), doc);
    expect(locations).toEqual([{ id: 'a', title: 'Café Müller €', coord: [0.5, 0.5] }]);
  });
});
