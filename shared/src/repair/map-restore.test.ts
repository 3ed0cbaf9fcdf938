/* eslint-disable @typescript-eslint/no-explicit-any -- these tests damage documents field by field on purpose */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type * as z from 'zod/mini';
import {
  blankDocument,
  LOCATION_KEYS,
  repairHintOf,
  strictMapDocument,
  type MapDocument,
  type MapDocumentInput,
} from '../document/map-document';
import { RepairLog, repairDocument } from './repair';
import { MAP_LIMITS } from '../document/map-rules';
import { restoreDocument } from './map-restore';

function validDocument(): MapDocumentInput {
  return {
    schemaVersion: 1,
    settings: { mapWidth: 1000, mapHeight: 600, defaultLayer: 'ground', startLocation: 'a101' },
    layers: [
      { id: 'ground', name: 'Ground', file: 'ground.svg' },
      { id: 'first', name: 'First', file: 'first.svg' },
    ],
    locations: [
      {
        id: 'a101',
        title: 'Shop',
        layer: 'ground',
        groups: ['food'],
        style: 'store',
        coord: [0.5, 0.5],
        fields: { price: '12' },
      },
      { id: 'b201', title: 'Cafe', layer: 'first', coord: [0.1, 0.2] },
    ],
    groups: [{ id: 'food', name: 'Food' }],
    filters: [{ id: 'cat', type: 'groups', groups: ['food'] }],
    styles: [{ id: 'store', normal: { fill: '#eee' } }],
    legend: [{ id: 'l1', text: 'Open' }],
    routes: [
      {
        id: 'r1',
        layer: 'ground',
        points: [
          [0, 0],
          [0.5, 0.5],
        ],
        endpoint: 'a101',
      },
    ],
    breakpoints: [{ name: 'mobile', below: 480, portrait: true }],
  };
}

const isValid = (doc: unknown) => strictMapDocument.safeParse(doc).success;
const repairFailed = (warnings: string[]) => warnings.some((w) => w.includes('could not be repaired'));

describe('restoreDocument', () => {
  it('returns a valid document as parsed, without warnings', () => {
    const input = validDocument();
    const { document, warnings } = restoreDocument(JSON.parse(JSON.stringify(input)));
    expect(warnings).toEqual([]);
    expect(document).toEqual(strictMapDocument.parse(input));
  });

  it('reads a document given as JSON text', () => {
    const { document, warnings } = restoreDocument(JSON.stringify(validDocument()));
    expect(warnings).toEqual([]);
    expect(document.locations).toHaveLength(2);
  });

  it('starts an empty map for input that is not a JSON object', () => {
    for (const input of [null, 5, 'not json', '[1,2]', [], undefined]) {
      const { document, warnings } = restoreDocument(input);
      expect(document).toEqual(blankDocument());
      expect(warnings).toHaveLength(1);
    }
    expect(restoreDocument('{oops').warnings).toEqual(['The document is not valid JSON; started an empty map.']);
  });

  it('fills missing settings and lists with defaults', () => {
    const { document, warnings } = restoreDocument({
      schemaVersion: 1,
      settings: { mapWidth: 500, mapHeight: 400 },
      layers: [{ id: 'a', name: 'A' }],
    });
    expect(warnings).toEqual([]);
    expect(document.settings.zoom.maxZoom).toBe(4);
    expect(document.settings.text.noResults).toBe('No results found.');
    expect(document.locations).toEqual([]);
  });

  it('coerces numbers and booleans given as strings', () => {
    const input = validDocument() as Record<string, any>;
    input.settings.mapWidth = '1200';
    input.settings.zoom = { maxZoom: '6', enabled: 'false' };
    input.locations[0].coord = ['0.25', '0.75'];
    input.locations[0].zoom = '2.5';
    input.locations[0].hide = 'true';
    input.locations[1].coord = '0.3, 0.4';
    const { document, warnings } = restoreDocument(input);
    expect(warnings).toEqual([]);
    expect(document.settings.mapWidth).toBe(1200);
    expect(document.settings.zoom).toMatchObject({ maxZoom: 6, enabled: false });
    expect(document.locations[0]).toMatchObject({ coord: [0.25, 0.75], zoom: 2.5, hide: true });
    expect(document.locations[1]!.coord).toEqual([0.3, 0.4]);
  });

  it('clamps coordinates and numbers that are out of range', () => {
    const input = validDocument() as Record<string, any>;
    input.locations[0].coord = [1.2, -0.1];
    input.settings.zoom = { maxZoom: 500 };
    const { document, warnings } = restoreDocument(input);
    expect(document.locations[0]!.coord).toEqual([1, 0]);
    expect(document.settings.zoom.maxZoom).toBe(50);
    expect(warnings).toEqual([
      'settings.zoom.maxZoom: 500 is out of range; set to 50',
      'locations.0.coord.0: 1.2 is out of range; set to 1',
      'locations.0.coord.1: -0.1 is out of range; set to 0',
    ]);
  });

  it('fixes or removes values that do not fit, saying what it did', () => {
    const input = validDocument() as Record<string, any>;
    input.locations[0].color = 'E22130';
    input.locations[0].link = 'javascript:alert(1)';
    input.locations[0].image = 'my photo.jpg';
    input.locations[0].type = 'PIN2';
    input.locations[0].label = 'ABCDE';
    input.locations[0].title = 'x'.repeat(300);
    input.settings.directory = { layout: 'tiles' };
    const { document, warnings } = restoreDocument(input);
    expect(document.locations[0]).toMatchObject({
      color: '#E22130',
      image: 'my%20photo.jpg',
      type: 'pin',
      label: 'ABC',
      title: 'x'.repeat(MAP_LIMITS.titleLength),
    });
    expect(document.locations[0]!.link).toBeUndefined();
    expect(document.settings.directory.layout).toBe('list');
    expect(warnings).toEqual([
      'settings.directory.layout: replaced "tiles" with the default "list" (Must be one of "list", "grid")',
      `locations.0.title: shortened "${'x'.repeat(40)}…" to "${'x'.repeat(40)}…"`,
      'locations.0.link: removed "javascript:alert(1)" (Must be a relative URL or one starting with http:, https:, mailto:, tel:, without spaces)',
      'locations.0.label: shortened "ABCDE" to "ABC"',
    ]);
  });

  it('drops entries it cannot repair and names them', () => {
    const input = validDocument() as Record<string, any>;
    input.locations.push(42, { id: 'c1', coord: 'nowhere' }, { id: 'c2', title: 'Fine' });
    input.routes.push({ id: 'r2', layer: 'ground', points: [[0, 0]] });
    const { document, warnings } = restoreDocument(input);
    expect(document.locations.map((l) => l.id)).toEqual(['a101', 'b201', 'c1', 'c2']);
    expect(document.locations[2]!.coord).toBeUndefined();
    expect(document.routes.map((r) => r.id)).toEqual(['r1']);
    expect(warnings).toEqual([
      'locations.2: dropped 42 (Must be a location object)',
      'locations.3.coord: removed "nowhere" (Must be [x, y] with x and y between 0 and 1)',
      'routes.1: dropped route "r2" (points: A route needs at least 2 points)',
    ]);
  });

  it('drops dangling references', () => {
    const input = validDocument() as Record<string, any>;
    input.locations[0].layer = 'roof';
    input.locations[0].groups = ['food', 'toys'];
    input.locations[0].style = 'gold';
    input.settings.defaultLayer = 'basement';
    input.settings.startLocation = 'gone';
    input.filters[0].groups = ['toys', 'food'];
    input.routes.push({
      id: 'r2',
      layer: 'roof',
      points: [
        [0, 0],
        [1, 1],
      ],
    });
    const { document, warnings } = restoreDocument(input);
    expect(document.locations[0]).toMatchObject({ groups: ['food'] });
    // On the first floor (the map's default floor is unknown too), not on every floor.
    expect(document.locations[0]).toMatchObject({ layer: 'ground' });
    expect(document.locations[0]).not.toHaveProperty('style');
    expect(document.settings).toMatchObject({ defaultLayer: null, startLocation: null });
    expect(document.filters[0]).toMatchObject({ groups: ['food'] });
    expect(document.routes.map((r) => r.id)).toEqual(['r1']);
    expect(warnings).toEqual([
      'locations.0.layer: location "a101": its floor "roof" is not in the map; it is put on "Ground", the floor the map opens on',
      'locations.0.style: removed the unknown style "gold" from location "a101"',
      'locations.0.groups: removed the unknown group "toys" from location "a101"',
      'settings.defaultLayer: removed the unknown layer "basement"',
      'settings.startLocation: removed the unknown location "gone"',
      'filters.0.groups: removed the unknown group "toys"',
      'routes.1: dropped route "r2" (unknown layer "roof")',
    ]);
  });

  it('renames duplicate and invalid ids, keeping references on the first holder', () => {
    const input = validDocument() as Record<string, any>;
    input.layers.push({ id: 'ground', name: 'Ground again' });
    input.layers[1].id = 'First Floor';
    input.locations[1].layer = 'First Floor';
    input.locations.push({ id: 'a101', title: 'Copy' }, { title: 'No id' });
    const { document, warnings } = restoreDocument(input);
    expect(document.layers.map((l) => l.id)).toEqual(['ground', 'First-Floor', 'ground-2']);
    expect(document.locations.map((l) => l.id)).toEqual(['a101', 'b201', 'a101-2', 'location']);
    expect(document.locations[1]!.layer).toBe('First-Floor');
    expect(document.settings.startLocation).toBe('a101');
    expect(warnings).toEqual([
      'layers.1: renamed layer "First Floor" to "First-Floor" ("First Floor" is not a valid id)',
      'layers.2: renamed layer "ground" to "ground-2" (the id is used more than once)',
      'locations.2: renamed location "a101" to "a101-2" (the id is used more than once)',
      'locations.3: the location had no id; named it "location"',
    ]);
  });

  it('keeps one location per shape of a floor, and lets an id repeated on another floor stand for its shape there', () => {
    const input = validDocument() as Record<string, any>;
    input.locations.push(
      { id: 'a101', layer: 'first' },
      { id: 'x', layer: 'first', shape: 'b201' },
      { id: 'y', shape: 'a101' },
      { id: 'z', layer: 'ground', shape: 'stairs' },
    );
    const { document, warnings } = restoreDocument(input);
    expect(document.locations.slice(2)).toEqual([
      { id: 'a101-2', layer: 'first', shape: 'a101' },
      { id: 'x', layer: 'first' },
      { id: 'y' },
      { id: 'z', layer: 'ground', shape: 'stairs' },
    ]);
    expect(document.settings.startLocation).toBe('a101');
    expect(warnings).toEqual([
      'locations.2: renamed location "a101" on the floor "First" to "a101-2" (an earlier location has the id, and an id names one location in a map); it stands for the shape "a101" of its floor',
      'locations.4.shape: removed the shape "a101" from location "y", which is on every floor (it stands for the shape with its own id there)',
      'locations.3.shape: removed the shape "b201" from location "x" (location "b201" stands for it on the same floor)',
    ]);
    expect(isValid(document)).toBe(true);
  });

  it('gives a location whose shape is taken the shape with its own id back, from one that named it as its shape', () => {
    const input = validDocument() as Record<string, any>;
    input.locations = [
      { id: 'x', layer: 'first', shape: 'lift' },
      { id: 'y', layer: 'first', shape: 'shop' },
      { id: 'shop', layer: 'first', shape: 'lift' },
    ];
    const { document, warnings } = restoreDocument(input);
    // Every location kept: "shop" cannot have the lift, so it stands for its own shape, which "y" named.
    expect(document.locations).toEqual([
      { id: 'x', layer: 'first', shape: 'lift' },
      { id: 'y', layer: 'first' },
      { id: 'shop', layer: 'first' },
    ]);
    expect(warnings).toEqual([
      'locations.2.shape: removed the shape "lift" from location "shop" (location "x" stands for it on the same floor)',
      'locations.1.shape: removed the shape "shop" from location "y" (location "shop" stands for the shape with its own id on the same floor)',
      'settings.startLocation: removed the unknown location "a101"',
    ]);
    expect(isValid(document)).toBe(true);
  });

  it('fixes cross-field rules', () => {
    const input = validDocument() as Record<string, any>;
    input.routes[0].closed = true;
    input.routes.push({
      id: 'lift',
      layer: 'first',
      points: [
        [0, 0],
        [0.1, 0],
      ],
      connector: true,
    });
    input.filters.push({
      id: 'f',
      type: 'dropdown',
      field: 'fields.title',
      options: [{ value: 'a' }, { value: 'a' }],
      default: 'b',
    });
    input.locations[1].fields = { title: 'taken', about_: 'also', about: 'x' };
    const { document, warnings } = restoreDocument(input);
    expect(document.routes[0]!.closed).toBe(false);
    expect(document.routes[1]!.connector).toBe(false);
    expect(document.filters[1]).toMatchObject({ field: 'title', options: [{ value: 'a' }], default: '' });
    expect(document.locations[1]!.fields).toEqual({ title_: 'taken', about_: 'also', about__: 'x' });
    expect(warnings).toHaveLength(5);
  });

  it('summarises unknown fields once per kind of object', () => {
    const input = validDocument() as Record<string, any>;
    input.locations[0].colour = 'red';
    input.locations[1].colour = 'blue';
    input.settings.zoom = { speed: 3 };
    const { warnings } = restoreDocument(input);
    expect(warnings).toEqual([
      'settings.zoom: dropped unknown field "speed"',
      'locations.0: dropped unknown field "colour" (and in 1 more place)',
    ]);
  });

  it('keeps the warning list short', () => {
    const input = validDocument() as Record<string, any>;
    input.settings.startLocation = null;
    input.locations = Array.from({ length: 500 }, (_, i) => ({ id: `l${i}`, color: 'nope' }));
    const { document, warnings } = restoreDocument(input);
    expect(document.locations).toHaveLength(500);
    expect(warnings).toHaveLength(101);
    expect(warnings[100]).toBe('... and 400 more warnings.');
  });

  it('repairs missing map size and layers', () => {
    const { document, warnings } = restoreDocument({
      schemaVersion: 1,
      settings: { mapWidth: 'wide' },
      locations: [{ id: 'a', layer: 'x' }],
    });
    expect(document.settings).toMatchObject({ mapWidth: 1000, mapHeight: 800 });
    expect(document.layers).toEqual([{ id: 'layer-1', name: 'Floor 1', file: '' }]);
    expect(warnings.slice(0, 3)).toEqual([
      'settings.mapWidth: replaced "wide"; set to 1000',
      'settings.mapHeight: missing; set to 800',
      'layers: the map had no usable layer; added an empty one',
    ]);
  });

  it('gives a layer without a name its raw id as the name', () => {
    const { document } = restoreDocument({
      schemaVersion: 1,
      settings: { mapWidth: 10, mapHeight: 10 },
      layers: [{ id: 'Ground Floor' }],
    });
    expect(document.layers).toEqual([{ id: 'Ground-Floor', name: 'Ground Floor', file: '' }]);
  });

  it('reads a document without a schema version in our shape as version 1', () => {
    const input = validDocument() as Record<string, any>;
    delete input.schemaVersion;
    input.settings.zoom = { maxZoom: 3 };
    const { document, warnings } = restoreDocument(input);
    expect(warnings).toEqual(['The document has no schema version; read it as version 1.']);
    expect(document.locations[0]!.groups).toEqual(['food']);
    expect(document.settings.zoom.maxZoom).toBe(3);
  });

  it('migrates a Mapplic-shaped document (schema version 0 or none) through the importer', () => {
    for (const schemaVersion of [undefined, 0]) {
      const { document, warnings } = restoreDocument({
        schemaVersion,
        settings: { mapWidth: '800', mapHeight: '600', zoom: true },
        layers: [{ id: 'l1', name: 'Floor' }],
        locations: [{ id: 'x1', title: 'Shop', group: 'Food, Toys', layer: '', type: 'pin1' }],
        groups: [{ name: 'Food' }, { name: 'Toys' }],
      });
      expect(warnings).toEqual([]);
      expect(document.locations[0]).toEqual({ id: 'x1', title: 'Shop', groups: ['Food', 'Toys'], type: 'pin' });
      expect(document.settings.mapWidth).toBe(800);
    }
  });

  it('reads a document from a newer app as version 1 with a warning', () => {
    const input = validDocument() as Record<string, any>;
    input.schemaVersion = 2;
    input.locations[0].hologram = true;
    const { document, warnings } = restoreDocument(input);
    expect(document.schemaVersion).toBe(1);
    expect(warnings).toEqual([
      'The document has schema version 2, newer than this app reads (1); fields it does not know were dropped.',
      'locations.0: dropped unknown field "hologram"',
    ]);
  });

  it('gives the same document, without warnings, when restoring its own output', () => {
    const input = validDocument() as Record<string, any>;
    input.locations.push({ id: 'a101', coord: [2, 2], groups: 'food,nope' }, 'junk');
    const first = restoreDocument(input);
    expect(first.warnings.length).toBeGreaterThan(0);
    const second = restoreDocument(JSON.parse(JSON.stringify(first.document)));
    expect(second.warnings).toEqual([]);
    expect(second.document).toEqual(first.document);
  });

  it('restores a 20,000-location document with a problem in it', () => {
    const input = blankDocument() as Record<string, any>;
    input.locations = Array.from({ length: 20_000 }, (_, i) => ({
      id: `loc-${i}`,
      title: `Location ${i}`,
      coord: [0.5, 0.5],
      layer: 'layer-1',
      fields: { n: String(i) },
    }));
    input.locations[19_999].id = 'loc-0';
    const { document, warnings } = restoreDocument(input);
    expect(document.locations).toHaveLength(20_000);
    expect(document.locations[19_999]!.id).toBe('loc-0-2');
    expect(warnings).toEqual([
      'locations.19999: renamed location "loc-0" to "loc-0-2" (the id is used more than once)',
    ]);
  });
});

// ---- Properties ---------------------------------------------------------------------------------

const plausibleScalar = fc.oneof(
  fc.constantFrom(
    '',
    'a101',
    'ground',
    'food',
    'store',
    'true',
    'false',
    '0.5',
    '12',
    '#fff',
    'E22130',
    'pin1',
    'tooltip',
    'https://x.y/a b',
    'javascript:x',
    'top-left',
    'off',
    null,
  ),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 5000 }),
  fc.double({ min: -2, max: 2, noNaN: true }),
  fc.boolean(),
);
const anyValue = fc.oneof(
  { weight: 6, arbitrary: plausibleScalar },
  { weight: 1, arbitrary: fc.array(plausibleScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
const keyed = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: 8 });
const withId = (keys: string[]) =>
  fc
    .tuple(
      fc.oneof(fc.constantFrom('a101', 'ground', 'food', 'store', 'x y', '', '-'), fc.string({ maxLength: 8 })),
      keyed(keys),
    )
    .map(([id, rest]) => ({ id, ...rest }));

const locationArb = fc.oneof(
  withId([...LOCATION_KEYS, 'colour', 'group', 'sample']),
  fc.record(
    {
      id: fc.constantFrom('a101', 'b2'),
      coord: fc.array(anyValue, { maxLength: 3 }),
      groups: fc.array(plausibleScalar, { maxLength: 3 }),
      fields: fc.dictionary(fc.string({ maxLength: 6 }), anyValue, { maxKeys: 4 }),
    },
    { requiredKeys: ['id'] },
  ),
);
const settingsGroup = (keys: string[]) => fc.oneof(keyed(keys), anyValue);
const settingsArb = fc.record(
  {
    mapWidth: anyValue,
    mapHeight: anyValue,
    defaultLayer: anyValue,
    startLocation: anyValue,
    geo: fc.oneof(fc.record({ extent: fc.array(anyValue, { maxLength: 5 }) }), anyValue),
    zoom: settingsGroup(['enabled', 'maxZoom', 'wheel', 'resetOnClose', 'speed']),
    directory: settingsGroup(['enabled', 'position', 'layout', 'columns', 'sort', 'width']),
    search: settingsGroup(['enabled', 'fields']),
    text: settingsGroup(['more', 'search', 'noResults']),
    wayfinding: settingsGroup(['enabled', 'fixedFrom', 'lineColor', 'speed']),
  },
  { requiredKeys: [] },
);
const v1Arb = fc.record(
  {
    schemaVersion: fc.constantFrom(1, '1', 2),
    settings: settingsArb,
    layers: fc.array(withId(['name', 'file', 'title']), { maxLength: 3 }),
    locations: fc.array(locationArb, { maxLength: 6 }),
    groups: fc.array(withId(['name', 'color', 'hide']), { maxLength: 3 }),
    filters: fc.array(
      fc.oneof(
        withId(['type', 'name', 'groups', 'default', 'match']),
        fc.record({
          id: fc.constant('f'),
          type: fc.constantFrom('groups', 'checkbox', 'dropdown', 'tags'),
          condition: keyed(['field', 'op', 'value']),
          field: anyValue,
          options: fc.array(keyed(['value', 'label']), { maxLength: 3 }),
          default: anyValue,
        }),
      ),
      { maxLength: 3 },
    ),
    styles: fc.array(withId(['name', 'normal', 'hover', 'markers']), { maxLength: 2 }),
    legend: fc.array(withId(['text', 'icon', 'scale']), { maxLength: 2 }),
    routes: fc.array(withId(['layer', 'points', 'closed', 'endpoint', 'connector', 'weight']), { maxLength: 3 }),
    breakpoints: fc.array(keyed(['name', 'below', 'portrait', 'columns']), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);

const POOL = ['a101', 'b201', 'ground', 'first', 'food', 'store', 'x y', ''];

/**
 * Documents drawn from the strict schema itself: mostly well-formed values, ids and references
 * from one small pool (so duplicates and dangling references are common), and at any node, now
 * and then, an arbitrary value instead.
 */
function fromSchema(schema: z.ZodMiniType): fc.Arbitrary<unknown> {
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  const hint = repairHintOf(schema);
  const checks: { check: string; pattern?: RegExp; value?: number }[] = (def.checks ?? []).map((c: any) => c._zod.def);
  const bound = (name: string) => checks.find((c) => c.check === name)?.value;
  let base: fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      base = fc.option(fromSchema(def.innerType), { nil: undefined });
      break;
    case 'nullable':
      base = fc.option(fromSchema(def.innerType), { nil: null });
      break;
    case 'object':
      base = fc.record(
        Object.fromEntries(
          Object.entries(def.shape as Record<string, z.ZodMiniType>).map(([k, v]) => [k, fromSchema(v)]),
        ),
        { requiredKeys: [] },
      );
      break;
    case 'array':
      base = fc.array(fromSchema(def.element), { maxLength: 4 });
      break;
    case 'tuple':
      base = fc.tuple(...(def.items as z.ZodMiniType[]).map(fromSchema));
      break;
    case 'string':
      if (hint === 'color') base = fc.constantFrom('#fff', '#E22130', 'E22130', '#abcd', 'red');
      else if (hint === 'url')
        base = fc.constantFrom('', 'a.svg', 'https://x.y/p', 'javascript:alert(1)', 'a b.png', 'A1');
      else if (hint === 'shortText') base = fc.string({ maxLength: 5 });
      else if (hint === 'fieldKey') base = fc.constantFrom('price', 'title', 'bad key', '__proto__');
      else if (checks.some((c) => c.pattern) && hint !== 'id')
        base = fc.constantFrom('title', 'groups', 'layer', 'fields.price', 'fields.title', 'none', 'bogus');
      else base = fc.oneof(fc.constantFrom(...POOL), fc.string({ maxLength: 6 }));
      break;
    case 'number': {
      const isInt = checks.some((c) => c.check === 'number_format');
      const low = bound('greater_than') ?? -10;
      const high = Math.min(bound('less_than') ?? 10_000, 100_000);
      base = isInt
        ? fc.integer({ min: low - 1, max: high + 1 })
        : fc.double({ min: low - 0.5, max: high + 0.5, noNaN: true, noDefaultInfinity: true });
      break;
    }
    case 'boolean':
      base = fc.boolean();
      break;
    case 'enum':
      base = fc.constantFrom(...Object.values(def.entries as Record<string, string>));
      break;
    case 'literal':
      base = fc.constantFrom(...(def.values as unknown[]));
      break;
    case 'union':
      base = fc.oneof(...(def.options as z.ZodMiniType[]).map(fromSchema));
      break;
    case 'record':
      base = fc.dictionary(fc.constantFrom('price', 'title', 'bad key', 'n'), fromSchema(def.valueType), {
        maxKeys: 3,
      });
      break;
    default:
      base = anyValue;
  }
  return fc.oneof({ weight: 20, arbitrary: base }, { weight: 1, arbitrary: anyValue });
}
const schemaArb = fromSchema(strictMapDocument);

/** A valid document with some leaves and branches replaced by arbitrary values. */
const mutatedArb = fc.array(fc.tuple(fc.nat(), anyValue), { minLength: 1, maxLength: 4 }).map((mutations) => {
  const doc = JSON.parse(JSON.stringify(validDocument())) as Record<string, unknown>;
  const slots: [Record<string, unknown> | unknown[], string | number][] = [];
  const collect = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        slots.push([node, i]);
        collect(child);
      });
    } else if (node && typeof node === 'object') {
      for (const [k, child] of Object.entries(node)) {
        slots.push([node as Record<string, unknown>, k]);
        collect(child);
      }
    }
  };
  collect(doc);
  for (const [at, value] of mutations) {
    const [holder, key] = slots[at % slots.length]!;
    (holder as Record<string | number, unknown>)[key] = value;
  }
  return doc;
});

describe('restoreDocument properties', () => {
  it('never throws and always returns a document the strict schema accepts, for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (input) => {
        const { document, warnings } = restoreDocument(input);
        expect(isValid(document)).toBe(true);
        expect(repairFailed(warnings)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('repairs arbitrary version-1-shaped documents into valid ones without falling back', () => {
    fc.assert(
      fc.property(v1Arb, (input) => {
        const { document, warnings } = restoreDocument(input);
        expect(isValid(document)).toBe(true);
        expect(repairFailed(warnings)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('repairs documents drawn from the schema into valid ones without falling back', () => {
    fc.assert(
      fc.property(schemaArb, (input) => {
        const { document, warnings } = restoreDocument(input);
        expect(isValid(document)).toBe(true);
        expect(repairFailed(warnings)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('repairs damaged valid documents into valid ones without falling back', () => {
    fc.assert(
      fc.property(mutatedArb, (input) => {
        const { document, warnings } = restoreDocument(input);
        expect(isValid(document)).toBe(true);
        expect(repairFailed(warnings)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('repairs to a valid document on its own, before any safety net', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          v1Arb,
          mutatedArb,
          schemaArb.filter((d) => typeof d === 'object' && d !== null && !Array.isArray(d)),
        ),
        (input) => {
          const repaired: MapDocument = repairDocument(input as Record<string, unknown>, new RepairLog());
          const result = strictMapDocument.safeParse(repaired);
          expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reaches a fixed point: restoring restored output changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(v1Arb, mutatedArb, schemaArb), (input) => {
        // Compared as stored JSON, where -0 and 0 are the same.
        const first = JSON.parse(JSON.stringify(restoreDocument(input).document));
        const second = restoreDocument(first);
        expect(second.warnings).toEqual([]);
        expect(second.document).toEqual(first);
      }),
      { numRuns: 200 },
    );
  });
});
