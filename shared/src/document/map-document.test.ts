/* eslint-disable @typescript-eslint/no-explicit-any -- these tests damage documents field by field on purpose */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  blankDocument,
  computeMetrics,
  DEFAULT_SETTINGS,
  isSafeUrl,
  MAP_LIMITS,
  parseIfValid,
  SCHEMA_VERSION,
  strictMapDocument,
  type MapDocument,
  type MapDocumentInput,
} from './map-document';

/** A small valid document exercising every part of the schema. */
function sampleDocument(): MapDocumentInput {
  return {
    schemaVersion: 1,
    settings: {
      mapWidth: 1200,
      mapHeight: 900,
      defaultLayer: 'ground',
      startLocation: 'a101',
      geo: { extent: [-10, 40, 10, 55] },
    },
    layers: [
      { id: 'ground', name: 'Ground floor', file: 'https://cdn.example.com/ground.svg' },
      { id: 'first', name: 'First floor', file: '' },
    ],
    locations: [
      {
        id: 'a101',
        title: "Macy's",
        about: 'Shop & Save Big',
        desc: '<p>Big <b>store</b></p>',
        thumb: 'M',
        image: '/data/files/macys.jpg',
        link: 'https://macys.com',
        target: '_blank',
        more: 'Visit',
        phone: '555-0100',
        email: 'hi@macys.com',
        hours: 'Mon-Fri 9-5;Sat 10-2',
        color: '#E22130',
        style: 'anchor',
        label: 'A1',
        scale: 1.5,
        type: 'pin',
        layer: 'ground',
        groups: ['department-store'],
        coord: [0.2114, 0.563],
        latlon: [48.5, 2.3],
        zoom: 2.9,
        action: 'sidebar',
        hide: false,
        disable: false,
        fields: { price: '120', 'floor-area': '300 m2' },
      },
      { id: 'kiosk', layer: null, action: null },
    ],
    groups: [{ id: 'department-store', name: 'Department Store', color: '#336699', hide: false }],
    filters: [
      {
        id: 'categories',
        type: 'groups',
        name: 'Categories',
        groups: ['department-store'],
        default: ['department-store'],
      },
      {
        id: 'cheap',
        type: 'checkbox',
        name: 'Under 200',
        condition: { field: 'fields.price', op: 'lt', value: '200' },
      },
      {
        id: 'floor',
        type: 'dropdown',
        name: 'Floor',
        field: 'layer',
        options: [{ value: 'ground', label: 'Ground' }, { value: 'first' }],
        default: 'ground',
      },
    ],
    styles: [
      {
        id: 'anchor',
        name: 'Anchor store',
        normal: { fill: '#eee', stroke: '#333', strokeWidth: 1, text: '#000' },
        hover: { fill: '#fafafa' },
        active: { fill: '#fff', stroke: '#6082cc' },
      },
    ],
    legend: [{ id: 'open', text: 'Now open', icon: '', color: '#00ff00' }],
    routes: [
      {
        id: 'p1',
        layer: 'ground',
        points: [
          [0.1, 0.1],
          [0.5, 0.1],
        ],
        endpoint: 'a101',
      },
      {
        id: 'hall',
        layer: 'ground',
        points: [
          [0.1, 0.2],
          [0.3, 0.2],
          [0.3, 0.4],
        ],
        closed: true,
      },
      {
        id: 'lift-g',
        layer: 'ground',
        points: [
          [0.6, 0.6],
          [0.7, 0.6],
        ],
        endpoint: 'lift-1',
        connector: true,
        weight: 2,
        inaccessible: false,
      },
    ],
    breakpoints: [{ name: 'mobile', below: 480, portrait: true, layout: 'grid', columns: 2 }],
  };
}

/** `path: message` of every issue, as the API and the editor show them. */
function problems(input: unknown): string[] {
  const result = strictMapDocument.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);
}

function withChange(change: (doc: Record<string, any>) => void): unknown {
  const doc = sampleDocument() as Record<string, any>;
  change(doc);
  return doc;
}

describe('strictMapDocument', () => {
  it('accepts a document that uses every part of the schema', () => {
    expect(problems(sampleDocument())).toEqual([]);
  });

  it('fills default settings and lists, and keeps absent location fields absent', () => {
    const doc = strictMapDocument.parse({
      schemaVersion: 1,
      settings: { mapWidth: 10, mapHeight: 20 },
      layers: [{ id: 'l', name: 'L' }],
      locations: [{ id: 'a' }],
    });
    expect(doc.settings).toEqual({ ...DEFAULT_SETTINGS, mapWidth: 10, mapHeight: 20 });
    expect(doc.layers[0]!.file).toBe('');
    expect(doc.locations[0]).toEqual({ id: 'a' });
    expect(doc.groups).toEqual([]);
    expect(doc.routes).toEqual([]);
  });

  it('fills filter, style, legend and route defaults', () => {
    const doc = strictMapDocument.parse(sampleDocument());
    expect(doc.filters[1]).toMatchObject({ disable: false, default: false });
    expect(doc.styles[0]).toMatchObject({ markers: true, svg: true });
    expect(doc.legend[0]).toMatchObject({ scale: 1, radius: 4, disable: false });
    expect(doc.routes[0]).toMatchObject({ closed: false, connector: false, weight: 1, inaccessible: false });
  });

  it('names an unknown key and the object that holds it', () => {
    expect(problems(withChange((d) => (d.locations[1].colour = 'red')))).toEqual([
      'locations.1: Unknown field "colour"',
    ]);
    expect(problems(withChange((d) => (d.settings.zoom = { maxZoom: 3, speed: 1, wheelie: true })))).toEqual([
      'settings.zoom: Unknown fields "speed", "wheelie"',
    ]);
    expect(problems(withChange((d) => (d.extra = 1)))).toEqual([': Unknown field "extra"']);
  });

  it('reports a duplicate location id at the duplicate', () => {
    const doc = sampleDocument();
    doc.locations = Array.from({ length: 13 }, (_, i) => ({ id: i === 12 ? 'a101' : `loc-${i}` }));
    doc.locations[0]!.id = 'a101';
    doc.settings.startLocation = null;
    expect(problems(doc)).toEqual(['locations.12.id: Duplicate location id "a101"']);
  });

  it('reports duplicate ids in every list', () => {
    const errors = problems(
      withChange((d) => {
        d.layers.push({ id: 'ground', name: 'Again' });
        d.groups.push({ id: 'department-store', name: 'Again' });
        d.styles.push({ id: 'anchor' });
        d.filters.push({ id: 'cheap', type: 'groups' });
        d.legend.push({ id: 'open' });
        d.routes.push({
          id: 'p1',
          layer: 'ground',
          points: [
            [0, 0],
            [1, 1],
          ],
        });
        d.breakpoints.push({ name: 'mobile', below: 300 });
      }),
    );
    expect(errors).toEqual([
      'layers.2.id: Duplicate layer id "ground"',
      'groups.1.id: Duplicate group id "department-store"',
      'styles.1.id: Duplicate style id "anchor"',
      'filters.3.id: Duplicate filter id "cheap"',
      'legend.1.id: Duplicate legend item id "open"',
      'routes.3.id: Duplicate route id "p1"',
      'breakpoints.1.name: Duplicate breakpoint name "mobile"',
    ]);
  });

  it('reports references to layers, groups, styles and locations that do not exist', () => {
    const errors = problems(
      withChange((d) => {
        d.settings.defaultLayer = 'basement';
        d.settings.startLocation = 'z9';
        d.settings.wayfinding = { fixedFrom: 'entrance' };
        d.locations[0].layer = 'roof';
        d.locations[0].groups = ['department-store', 'food', 'department-store'];
        d.locations[0].style = 'gold';
        d.filters[0].default = ['food'];
        d.routes[0].layer = 'roof';
      }),
    );
    expect(errors).toEqual([
      'settings.defaultLayer: Unknown layer "basement"',
      'settings.startLocation: Unknown location "z9"',
      'settings.wayfinding.fixedFrom: Unknown location "entrance"',
      'locations.0.layer: Unknown layer "roof"',
      'locations.0.style: Unknown style "gold"',
      'locations.0.groups.1: Unknown group "food"',
      'locations.0.groups.2: Group "department-store" is listed twice',
      'filters.0.default.0: Unknown group "food"',
      'routes.0.layer: Unknown layer "roof"',
    ]);
  });

  it('lets each floor’s shape with a repeated id have a location of its own, one location per shape of a floor', () => {
    // Two floors drawn alike: each has its `lift` element.
    const floors = (locations: Record<string, unknown>[]) =>
      withChange((d) => {
        d.settings.startLocation = null;
        d.routes = [];
        d.locations = locations;
      });
    const lifts = [
      { id: 'lift', layer: 'ground' },
      { id: 'lift-2', layer: 'first', shape: 'lift' },
    ];
    expect(problems(floors(lifts))).toEqual([]);
    const parsed = strictMapDocument.parse(floors(lifts));
    expect(parsed.locations).toEqual(lifts);
    // A shape naming the location's own id is the same as none.
    expect(problems(floors([{ id: 'lift', layer: 'ground', shape: 'lift' }]))).toEqual([]);

    expect(problems(floors([...lifts, { id: 'lift-3', layer: 'first', shape: 'lift' }]))).toEqual([
      'locations.2.shape: Locations "lift-2" and "lift-3" both stand for the shape "lift" on the floor "First floor"; a shape of a floor has one location',
    ]);
    // The one with a `shape` is told, wherever it is in the list.
    expect(
      problems(
        floors([
          { id: 'stairs-1', layer: 'ground', shape: 'stairs' },
          { id: 'stairs', layer: 'ground' },
        ]),
      ),
    ).toEqual([
      'locations.0.shape: Locations "stairs" and "stairs-1" both stand for the shape "stairs" on the floor "Ground floor"; a shape of a floor has one location',
    ]);
    // A location on every floor stands for the shape with its id on each.
    expect(problems(floors([{ id: 'lift' }, { id: 'lift-2', layer: 'first', shape: 'lift' }]))).toEqual([
      'locations.1.shape: Location "lift" is on every floor, so it stands for the shape "lift" on the floor "First floor" too; location "lift-2" cannot stand for it there',
    ]);
    // ... so it cannot have a shape: there is no floor to find it on.
    for (const layer of [undefined, null])
      expect(problems(floors([{ id: 'lift-2', layer, shape: 'lift' }]))).toEqual([
        'locations.0.shape: Location "lift-2" is on every floor, where it stands for the shape with its own id; the shape "lift" needs a floor: choose one, or remove the shape',
      ]);
    expect(problems(floors([{ id: 'a', layer: 'ground', shape: 'a b' }]))).toEqual([
      'locations.0.shape: A shape id must be 1-64 characters: letters, digits, "_" or "-", not starting with "-"',
    ]);
  });

  it('keeps a custom field named "shape", which maps had before locations had a shape', () => {
    expect(problems(withChange((d) => (d.locations[0].fields = { shape: 'round' })))).toEqual([]);
  });

  it('accepts ids usable as element ids and URL parameters, and rejects others', () => {
    for (const id of ['a', 'A101', '101', '_x', 'room_1-b', 'x'.repeat(64)]) {
      expect(problems(withChange((d) => (d.locations[1].id = id))), id).toEqual([]);
    }
    for (const id of ['', '-a', 'a b', 'a.b', 'a/b', 'é', 'a#b', 'x'.repeat(65)]) {
      expect(problems(withChange((d) => (d.locations[1].id = id))), id).toEqual([
        'locations.1.id: A location id must be 1-64 characters: letters, digits, "_" or "-", not starting with "-"',
      ]);
    }
  });

  it('accepts #rgb, #rrggbb and #rrggbbaa colors only', () => {
    for (const color of ['#abc', '#AABBCC', '#aabbcc80'])
      expect(problems(withChange((d) => (d.groups[0].color = color)))).toEqual([]);
    for (const color of ['abc', '#abcd', 'red', '#ggg', 'rgb(0,0,0)']) {
      expect(problems(withChange((d) => (d.groups[0].color = color)))).toEqual([
        'groups.0.color: Must be a hex color: #rgb, #rrggbb or #rrggbbaa',
      ]);
    }
  });

  it('rejects script URLs, including ones disguised with whitespace or case', () => {
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
    ]) {
      expect(problems(withChange((d) => (d.locations[0].link = link))), link).toEqual([
        'locations.0.link: Must be a relative URL or one starting with http:, https:, mailto:, tel:, without spaces',
      ]);
    }
    expect(problems(withChange((d) => (d.locations[0].image = 'mailto:x@y.z')))).toHaveLength(1);
    for (const link of ['https://x.y/a?b=c#d', '/relative/path', 'page.html', 'mailto:a@b.c', 'tel:+15550100', '']) {
      expect(problems(withChange((d) => (d.locations[0].link = link))), link).toEqual([]);
    }
  });

  it('accepts thumbnails of up to 3 characters or an image URL', () => {
    for (const thumb of ['A', 'A 1', '😀😀😀', 'thumbs/a.png'])
      expect(problems(withChange((d) => (d.locations[0].thumb = thumb)))).toEqual([]);
    expect(problems(withChange((d) => (d.locations[0].thumb = 'no spaces allowed')))).toHaveLength(1);
  });

  it('limits labels to 3 characters, counting an emoji as one', () => {
    expect(problems(withChange((d) => (d.locations[0].label = '😀😀😀')))).toEqual([]);
    expect(problems(withChange((d) => (d.locations[0].label = '')))).toEqual([]);
    expect(problems(withChange((d) => (d.locations[0].label = 'ABCD')))).toEqual([
      'locations.0.label: Must be at most 3 characters',
    ]);
  });

  it('keeps coordinates inside the map and latitudes inside Web Mercator', () => {
    expect(problems(withChange((d) => (d.locations[0].coord = [1.01, 0.5])))).toEqual([
      'locations.0.coord.0: Must be at most 1',
    ]);
    expect(problems(withChange((d) => (d.locations[0].coord = [0.5])))).toHaveLength(1);
    expect(problems(withChange((d) => (d.locations[0].coord = '0.5,0.5')))).toEqual([
      'locations.0.coord: Must be [x, y] with x and y between 0 and 1',
    ]);
    expect(problems(withChange((d) => (d.locations[0].latlon = [89, 0])))).toEqual([
      'locations.0.latlon.0: Must be at most 85.0511287798',
    ]);
    expect(
      problems(
        withChange(
          (d) =>
            (d.routes[0].points = [
              [0, 0],
              [2, 0],
            ]),
        ),
      ),
    ).toEqual(['routes.0.points.1.0: Must be at most 1']);
  });

  it('says what is wrong with a value of the wrong type or a missing one', () => {
    expect(problems(withChange((d) => (d.settings.mapWidth = '1200')))).toEqual([
      'settings.mapWidth: Must be a number',
    ]);
    expect(problems(withChange((d) => (d.settings.mapWidth = 12.5)))).toEqual([
      'settings.mapWidth: Must be a whole number',
    ]);
    expect(problems(withChange((d) => delete d.settings.mapHeight))).toEqual(['settings.mapHeight: Required']);
    expect(problems(withChange((d) => (d.locations[0].hide = 'yes')))).toEqual([
      'locations.0.hide: Must be true or false',
    ]);
    expect(problems(withChange((d) => (d.locations[0].type = 'pin1')))).toEqual([
      'locations.0.type: Must be one of "hidden", "circle", "dot", "square", "rounded", "pin", "thumb", "text"',
    ]);
    expect(problems(withChange((d) => (d.locations[0].title = 5)))).toEqual(['locations.0.title: Must be text']);
    expect(problems(withChange((d) => (d.locations[0] = 'a101')))).toEqual(['locations.0: Must be an object']);
    expect(problems(withChange((d) => (d.schemaVersion = 2)))).toEqual(['schemaVersion: Must be 1']);
    expect(problems(withChange((d) => (d.layers = [])))).toEqual(['layers: A map needs at least one layer']);
    expect(problems(null)).toEqual([': Must be an object']);
  });

  it('caps text lengths', () => {
    expect(problems(withChange((d) => (d.locations[0].title = 'x'.repeat(MAP_LIMITS.titleLength + 1))))).toEqual([
      `locations.0.title: Must be at most ${MAP_LIMITS.titleLength} characters`,
    ]);
    expect(problems(withChange((d) => (d.locations[0].desc = 'x'.repeat(MAP_LIMITS.descLength + 1))))).toHaveLength(1);
    expect(problems(withChange((d) => (d.settings.css = 'x'.repeat(MAP_LIMITS.cssLength + 1))))).toHaveLength(1);
  });

  it('rejects more than 100,000 locations', () => {
    const doc = blankDocument() as Record<string, any>;
    doc.locations = Array.from({ length: MAP_LIMITS.locations + 1 }, (_, i) => ({ id: `l${i}` }));
    expect(problems(doc)).toEqual(['locations: At most 100000 locations are allowed']);
  });

  it('checks custom field names', () => {
    expect(problems(withChange((d) => (d.locations[0].fields = { 'bad key': 'x' })))).toEqual([
      'locations.0.fields.bad key: A field name must be 1-64 characters: letters, digits, "_" or "-", starting with a letter or "_"',
    ]);
    expect(problems(withChange((d) => (d.locations[0].fields = { title: 'x' })))).toEqual([
      'locations.0.fields.title: "title" is a built-in location field; choose another name',
    ]);
    expect(problems(withChange((d) => (d.locations[0].fields = { n: 5 })))).toEqual([
      'locations.0.fields.n: Must be text',
    ]);
    const many = Object.fromEntries(Array.from({ length: MAP_LIMITS.fieldsPerLocation + 1 }, (_, i) => [`f${i}`, 'x']));
    expect(problems(withChange((d) => (d.locations[0].fields = many)))).toEqual([
      'locations.0.fields: At most 100 custom fields are allowed',
    ]);
  });

  it('checks filters as declarative conditions', () => {
    expect(problems(withChange((d) => (d.filters[1] = { id: 'js', type: 'checkbox', logic: 'l.sale' })))).toEqual([
      'filters.1.condition: Required',
      'filters.1: Unknown field "logic"',
    ]);
    expect(problems(withChange((d) => (d.filters[1].type = 'slider')))).toEqual([
      'filters.1.type: Must be one of "groups", "checkbox", "dropdown"',
    ]);
    expect(problems(withChange((d) => delete d.filters[1].type))).toEqual([
      'filters.1.type: Must be one of "groups", "checkbox", "dropdown"',
    ]);
    expect(problems(withChange((d) => (d.filters[1] = 'cheap')))).toEqual(['filters.1: Must be a filter object']);
    expect(problems(withChange((d) => (d.filters[1].condition.field = 'price')))).toEqual([
      'filters.1.condition.field: Must be one of "id", "title", "about", "desc", "layer", "groups", "type", "style", "label", "phone", "email", "hours", "link", "color" or "fields.<key>"',
    ]);
    expect(problems(withChange((d) => (d.filters[1].condition.field = 'fields.title')))).toEqual([
      'filters.1.condition.field: "title" is a built-in location field; use "title" instead of "fields.title"',
    ]);
    expect(problems(withChange((d) => (d.filters[2].default = 'roof')))).toEqual([
      'filters.2.default: "roof" is not one of the options',
    ]);
    expect(problems(withChange((d) => d.filters[2].options.push({ value: 'ground' })))).toEqual([
      'filters.2.options.2.value: Duplicate option "ground"',
    ]);
    expect(problems(withChange((d) => ((d.filters[2].options = []), (d.filters[2].default = ''))))).toEqual([
      'filters.2.options: A dropdown needs at least one option',
    ]);
    expect(
      problems(
        withChange((d) => {
          d.groups.push({ id: 'food', name: 'Food' });
          d.filters[0].default = ['food'];
        }),
      ),
    ).toEqual(['filters.0.default.0: Group "food" is not offered by this filter']);
  });

  it('checks route consistency', () => {
    expect(problems(withChange((d) => (d.routes[0].closed = true)))).toEqual([
      'routes.0.points: A closed route needs at least 3 points',
    ]);
    expect(problems(withChange((d) => delete d.routes[2].endpoint))).toEqual([
      'routes.2.endpoint: A floor connector needs an endpoint id',
    ]);
    expect(problems(withChange((d) => (d.routes[0].points = [[0, 0]])))).toEqual([
      'routes.0.points: A route needs at least 2 points',
    ]);
    expect(problems(withChange((d) => (d.routes[0].weight = 0)))).toEqual(['routes.0.weight: Must be at least 0.01']);
  });

  it('checks the geo extent', () => {
    expect(problems(withChange((d) => (d.settings.geo = { extent: [10, 40, -10, 55] })))).toEqual([
      'settings.geo.extent: The minimum longitude and latitude must be below the maximum ones',
    ]);
    expect(problems(withChange((d) => (d.settings.geo = { extent: [0, 0, 1] })))).toHaveLength(1);
  });

  it('works inside a larger call input schema', () => {
    const input = z.strictObject({ mapId: z.string(), document: strictMapDocument });
    expect(input.safeParse({ mapId: 'm1', document: sampleDocument() }).success).toBe(true);
    const bad = input.safeParse({ mapId: 'm1', document: withChange((d) => (d.locations[0].layer = 'roof')) });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['document.locations.0.layer', 'Unknown layer "roof"'],
    ]);
  });

  it('parses a 20,000-location document', () => {
    const doc = blankDocument() as Record<string, any>;
    doc.groups = Array.from({ length: 50 }, (_, i) => ({ id: `g${i}`, name: `Group ${i}`, color: '#ff0000' }));
    doc.styles = [{ id: 'store', normal: { fill: '#eee' } }];
    doc.locations = Array.from({ length: 20_000 }, (_, i) => ({
      id: `loc-${i}`,
      title: `Location ${i}`,
      about: 'Short text',
      desc: '<p>Hello <b>world</b></p>',
      layer: 'layer-1',
      groups: [`g${i % 50}`, `g${(i + 7) % 50}`],
      coord: [(i % 100) / 100, Math.floor(i / 100) / 200],
      color: '#E22130',
      type: 'pin',
      style: 'store',
      link: 'https://example.com/x',
      fields: { price: String(i) },
    }));
    const parsed = strictMapDocument.parse(JSON.parse(JSON.stringify(doc)));
    expect(parsed.locations).toHaveLength(20_000);
    expect(parsed.locations[19_999]).toEqual(doc.locations[19_999]);
    doc.locations[19_999].id = 'loc-5';
    expect(problems(doc)).toEqual(['locations.19999.id: Duplicate location id "loc-5"']);
  });
});

describe('parseIfValid', () => {
  it('returns the parsed document for valid input and undefined otherwise', () => {
    expect(parseIfValid(sampleDocument())?.settings.zoom.maxZoom).toBe(4);
    expect(parseIfValid(withChange((d) => (d.locations[0].layer = 'roof')))).toBeUndefined();
    expect(parseIfValid('nope')).toBeUndefined();
  });
});

describe('isSafeUrl', () => {
  it('allows relative URLs and the given schemes only', () => {
    expect(isSafeUrl('a/b.svg')).toBe(true);
    expect(isSafeUrl('HTTPS://x.y')).toBe(true);
    expect(isSafeUrl('tel:1')).toBe(false);
    expect(isSafeUrl('a b')).toBe(false);
    expect(isSafeUrl('javascript\n:x')).toBe(false);
  });
});

describe('blankDocument', () => {
  it('is a valid 1000x800 document with one empty layer by default', () => {
    const doc = blankDocument();
    expect(strictMapDocument.parse(doc)).toEqual(doc);
    expect(doc.schemaVersion).toBe(SCHEMA_VERSION);
    expect(doc.settings).toMatchObject({ mapWidth: 1000, mapHeight: 800 });
    expect(doc.layers).toEqual([{ id: 'layer-1', name: 'Floor 1', file: '' }]);
    expect(doc.locations).toEqual([]);
  });

  it('takes the size, image and layer name it is given', () => {
    const doc = blankDocument({
      mapWidth: 2048,
      mapHeight: 1536,
      file: 'plan.png',
      layerName: 'Ground',
      layerId: 'ground',
    });
    expect(strictMapDocument.safeParse(doc).success).toBe(true);
    expect(doc.settings).toMatchObject({ mapWidth: 2048, mapHeight: 1536 });
    expect(doc.layers).toEqual([{ id: 'ground', name: 'Ground', file: 'plan.png' }]);
  });

  it('returns settings the caller may change without touching the defaults', () => {
    const doc = blankDocument();
    doc.settings.zoom.maxZoom = 9;
    expect(DEFAULT_SETTINGS.zoom.maxZoom).toBe(4);
    expect(Object.isFrozen(DEFAULT_SETTINGS.zoom)).toBe(true);
  });
});

describe('DEFAULT_SETTINGS', () => {
  it('holds the documented interface text', () => {
    expect(DEFAULT_SETTINGS.text).toMatchObject({
      more: 'More',
      search: 'Search',
      clearAll: 'Clear all',
      found: 'found',
      noResults: 'No results found.',
    });
    expect(DEFAULT_SETTINGS.search.fields).toEqual(['title', 'about', 'desc', 'groups', 'fields']);
  });
});

describe('computeMetrics', () => {
  it('counts layers and locations', () => {
    const doc: MapDocument = strictMapDocument.parse(sampleDocument());
    expect(computeMetrics(doc)).toEqual({ layerCount: 2, locationCount: 2 });
    expect(computeMetrics(blankDocument())).toEqual({ layerCount: 1, locationCount: 0 });
  });
});
