import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blankDocument, DEFAULT_SETTINGS, strictMapDocument } from '../document/map-document';
import { importMapplic } from './mapplic-import';

/** The "mall" example of the Mapplic v8 WordPress plugin, abridged. */
const MALL = {
  settings: {
    mapWidth: 1000,
    mapHeight: 600,
    layer: 'ground',
    maxZoom: 4,
    zoom: true,
    sidebar: true,
    toggleSidebar: true,
    groupBy: true,
    thumbnails: true,
    filters: true,
    deeplinking: true,
    hoverTooltip: true,
    primaryColor: '#1476FF',
    moreText: 'Visit',
    layerSwitcher: 'top-right',
    zoomButtons: 'bottom-right',
    resetButton: 'bottom-right',
    fullscreen: 'bottom-left',
  },
  layers: [{ id: 'ground', name: 'Ground floor', file: 'mall-ground.svg' }],
  locations: [
    { id: 'def', sample: 'true', style: 'store', type: 'hidden' },
    {
      id: 'a101',
      title: "Macy's",
      about: 'Shop & Save Big',
      group: 'Department Store',
      layer: 'ground',
      coord: [0.2114, 0.563],
      zoom: '2.9254',
      style: 'anchor',
      color: '#E22130',
    },
  ],
  styles: [
    {
      class: 'store',
      svg: true,
      'base-color': '#e8e8e8',
      'hover-color': '#fafafa',
      'active-color': '#fff',
      'active-stroke': '#6082cc',
    },
  ],
  groups: [{ id: 'department-store', name: 'Department Store' }],
  filters: [
    { id: 'categories', type: 'tags', name: 'Categories', default: [] },
    { id: 'sale', name: 'On SALE', type: 'checkbox', default: false },
  ],
  breakpoints: [
    { name: 'all-screens', below: 8000, type: 'list', sidebar: 280, container: 600 },
    { name: 'tablet', below: 860, portrait: true, type: 'grid', column: 3 },
    { name: 'mobile', below: 480, portrait: true },
  ],
};

/** A legacy jQuery Mapplic (v4-v7) file: levels with nested locations, categories, x/y, fill, pin classes. */
const LEGACY = {
  mapwidth: '800',
  mapheight: '600',
  categories: [
    { id: 'furniture', title: 'Furniture', color: '#4cd3b8', show: 'false' },
    { id: 'electronics', title: 'Electronics', color: '#63aa9c' },
  ],
  levels: [
    {
      id: 'lower',
      title: 'Lower floor',
      map: 'images/mall/lower.svg',
      minimap: 'images/mall/lower-small.jpg',
      locations: [
        {
          id: 'gadget',
          title: 'Gadget Store',
          about: 'Lorem ipsum',
          description: '<p>Best gadgets in town</p>',
          category: 'electronics,furniture',
          link: 'http://example.com/gadget',
          x: '0.3994',
          y: '0.3165',
          pin: 'circular pin-md pin-label',
          label: 'G1',
          fill: '#c47',
          zoom: '3',
          thumbnail: 'images/thumbs/gadget.jpg',
          action: 'tooltip',
        },
        { id: 'lift', title: 'Lift', x: '0.5', y: '0.5', pin: 'hidden', action: 'disabled' },
      ],
    },
    {
      id: 'upper',
      title: 'Upper floor',
      map: 'images/mall/upper.svg',
      show: 'true',
      locations: [
        {
          id: 'sofa',
          title: 'Sofa World',
          category: 'Furniture',
          x: '0.7',
          y: '0.2',
          action: 'open-link',
          link: 'https://sofa.example',
          price: '$$',
        },
      ],
    },
  ],
  maxscale: 3,
  search: true,
};

/** A minimal v8 map around the given parts. */
function v8(parts: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) {
  return { settings: { mapWidth: 1000, mapHeight: 500, ...settings }, layers: [{ id: 'g', name: 'Ground' }], ...parts };
}

describe('importMapplic with the v8 "mall" example', () => {
  const { document, warnings, title } = importMapplic(MALL);

  it('produces a valid document', () => {
    expect(strictMapDocument.safeParse(document).success).toBe(true);
    expect(title).toBeUndefined();
  });

  it('reports only what it could not carry over', () => {
    expect(warnings).toEqual([
      'filters.1: dropped filter "On SALE" (a checkbox filter without logic has nothing to match; recreate it with a field condition)',
      'location "a101" (Macy\'s), style: removed the unknown style "anchor"',
    ]);
  });

  it('merges the def sample into the location and drops the sample itself', () => {
    expect(document.locations).toEqual([
      {
        id: 'a101',
        title: "Macy's",
        about: 'Shop & Save Big',
        color: '#E22130',
        type: 'hidden',
        layer: 'ground',
        groups: ['department-store'],
        coord: [0.2114, 0.563],
        zoom: 2.9254,
      },
    ]);
  });

  it('maps the flat settings to typed groups', () => {
    const s = document.settings;
    expect(s).toMatchObject({
      mapWidth: 1000,
      mapHeight: 600,
      defaultLayer: 'ground',
      primaryColor: '#1476FF',
      deepLinking: true,
      // Mapplic leaves a hidden-marker location's SVG element in the drawing's paint, whatever its group's colour.
      tintRegionsByGroup: false,
    });
    expect(s.zoom).toMatchObject({ enabled: true, maxZoom: 4 });
    expect(s.controls).toEqual({
      zoomButtons: 'bottom-right',
      resetButton: 'bottom-right',
      fullscreen: 'bottom-left',
      layerSwitcher: 'top-right',
      buttonLabels: false,
    });
    expect(s.directory).toMatchObject({
      enabled: true,
      toggle: true,
      groupBy: true,
      thumbnails: true,
      width: 280,
      layout: 'list',
    });
    expect(s.filters.enabled).toBe(true);
    expect(s.popup.hoverTooltip).toBe(true);
    expect(s.text.more).toBe('Visit');
    expect(s.layout.height).toBe(600);
  });

  it('maps layers, groups, styles, tag filters and breakpoints', () => {
    expect(document.layers).toEqual([{ id: 'ground', name: 'Ground floor', file: 'mall-ground.svg' }]);
    expect(document.groups).toEqual([{ id: 'department-store', name: 'Department Store' }]);
    expect(document.styles).toEqual([
      {
        id: 'store',
        name: 'store',
        markers: false,
        svg: true,
        normal: { fill: '#e8e8e8' },
        hover: { fill: '#fafafa' },
        active: { fill: '#fff', stroke: '#6082cc' },
      },
    ]);
    expect(document.filters).toEqual([
      { id: 'categories', type: 'groups', name: 'Categories', disable: false, groups: [], default: [], match: 'any' },
    ]);
    expect(document.breakpoints).toEqual([
      { name: 'tablet', below: 860, portrait: true, layout: 'grid', columns: 3 },
      { name: 'mobile', below: 480, portrait: true },
    ]);
  });
});

describe('importMapplic with a legacy levels/categories file', () => {
  const { document, warnings } = importMapplic(LEGACY);

  it('produces a valid document and reports what it left out', () => {
    expect(strictMapDocument.safeParse(document).success).toBe(true);
    expect(warnings).toEqual([]);
    expect(document.settings.search.enabled).toBe(true);
    expect(document.settings.tintRegionsByGroup).toBe(false);
  });

  it('keeps the minimap (a level had one) and the lightbox action', () => {
    expect(document.settings.minimap).toEqual({ enabled: true, position: 'bottom-left', narrow: false });
    const withLightbox = importMapplic({
      ...LEGACY,
      minimap: true,
      levels: [{ id: 'l', map: 'a.svg', locations: [{ id: 'shop', x: '0.5', y: '0.5', action: 'lightbox' }] }],
    });
    expect(withLightbox.warnings).toEqual([]);
    expect(withLightbox.document.settings.minimap.enabled).toBe(true);
    expect(withLightbox.document.locations[0]!.action).toBe('lightbox');
  });

  it('turns levels into layers and flattens their locations', () => {
    expect(document.settings).toMatchObject({ mapWidth: 800, mapHeight: 600, defaultLayer: 'upper' });
    expect(document.settings.zoom.maxZoom).toBe(3);
    expect(document.layers).toEqual([
      { id: 'lower', name: 'Lower floor', file: 'images/mall/lower.svg' },
      { id: 'upper', name: 'Upper floor', file: 'images/mall/upper.svg' },
    ]);
    expect(document.locations.map((l) => [l.id, l.layer])).toEqual([
      ['gadget', 'lower'],
      ['lift', 'lower'],
      ['sofa', 'upper'],
    ]);
  });

  it('renames legacy location keys and converts their values', () => {
    expect(document.locations[0]).toEqual({
      id: 'gadget',
      title: 'Gadget Store',
      about: 'Lorem ipsum',
      desc: '<p>Best gadgets in town</p>',
      thumb: 'images/thumbs/gadget.jpg',
      link: 'http://example.com/gadget',
      color: '#c47',
      label: 'G1',
      type: 'circle',
      layer: 'lower',
      groups: ['electronics', 'furniture'],
      coord: [0.3994, 0.3165],
      zoom: 3,
      action: 'tooltip',
    });
    expect(document.locations[1]).toMatchObject({ type: 'hidden', disable: true });
    expect(document.locations[2]).toMatchObject({ action: 'link', groups: ['furniture'], fields: { price: '$$' } });
  });

  it('turns categories into groups', () => {
    expect(document.groups).toEqual([
      { id: 'furniture', name: 'Furniture', color: '#4cd3b8', hide: true },
      { id: 'electronics', name: 'Electronics', color: '#63aa9c' },
    ]);
  });
});

describe('importMapplic with the legacy display options', () => {
  /** A jQuery Mapplic 5 map as its WordPress admin saved it: the display options beside the levels, as text. */
  const withOptions = (options: Record<string, unknown>) => ({
    mapwidth: '1200',
    mapheight: '800',
    categories: [{ id: 'food', title: 'Food', color: '#e67e22' }],
    levels: [
      {
        id: 'ground',
        title: 'Ground floor',
        map: 'images/mall/ground.svg',
        locations: [{ id: 'cafe', title: 'Café', category: 'food', x: '0.42', y: '0.31', pin: 'circular' }],
      },
    ],
    maxscale: '4',
    ...options,
  });

  it('carries the sidebar, search, hover tooltip and zoom buttons turned off to the settings that mean the same', () => {
    const { document, warnings } = importMapplic(
      withOptions({ sidebar: 'false', search: 'false', hovertip: 'false', zoombuttons: 'false' }),
    );
    expect(warnings).toEqual([]);
    expect(strictMapDocument.safeParse(document).success).toBe(true);
    expect(document.settings.directory.enabled).toBe(false);
    expect(document.settings.search.enabled).toBe(false);
    expect(document.settings.popup.hoverTooltip).toBe(false);
    expect(document.settings.controls.zoomButtons).toBe('off');
  });

  it('keeps them on, at Mapnest’s places, when the map had them on', () => {
    const { document, warnings } = importMapplic(
      withOptions({ sidebar: true, search: true, hovertip: true, zoombuttons: true }),
    );
    expect(warnings).toEqual([]);
    expect(document.settings.directory.enabled).toBe(true);
    expect(document.settings.search.enabled).toBe(true);
    expect(document.settings.popup.hoverTooltip).toBe(true);
    expect(document.settings.controls.zoomButtons).toBe('bottom-right');
  });

  it('carries the other options Mapnest has an equivalent for', () => {
    const { document, warnings } = importMapplic(
      withOptions({
        clearbutton: 'false',
        fullscreen: 'true',
        deeplinking: 'true',
        mousewheel: 'false',
        alphabetic: 'true',
        zoomoutclose: 'true',
        moretext: 'Details',
        action: 'lightbox',
      }),
    );
    expect(warnings).toEqual([]);
    expect(document.settings).toMatchObject({
      deepLinking: true,
      controls: { resetButton: 'off', fullscreen: 'bottom-left' },
      zoom: { wheel: 'off', resetOnClose: true },
      directory: { sort: 'title' },
      popup: { action: 'lightbox' },
      text: { more: 'Details' },
    });
  });

  it('names the options with no equivalent, each with its reason, and reads a hover tooltip object as on', () => {
    const { document, warnings } = importMapplic(
      withOptions({ hovertip: { desc: 'true' }, developer: 'false', skin: 'mapplic-dark', smartip: true }),
    );
    expect(document.settings.popup.hoverTooltip).toBe(true);
    expect(warnings).toEqual([
      'Ignored legacy options: hovertip.desc (the hover tooltip showed the description; Mapnest’s shows the title, and the “about” text when that is on); developer (it showed coordinates under the pointer; the editor places locations instead); skin (Mapnest’s look comes from the primary colour, the styles and the map’s CSS); smartip (Mapnest has no equivalent option)',
    ]);
  });
});

describe('importMapplic with legacy styles and colours', () => {
  const legacy = {
    mapwidth: 1000,
    mapheight: 800,
    fillcolor: '#e4572e',
    defaultstyle: 'room',
    styles: [
      {
        class: 'room',
        base: { fill: '#f0f0f0', stroke: '#999999' },
        hover: { fill: '#ffe08a' },
        active: { fill: '#4caf50' },
      },
      { class: 'hall', 'base-color': '#dddddd', svg: true },
    ],
    categories: [{ id: 'lab', title: 'Labs', color: '#7e57c2' }],
    levels: [
      {
        id: 'f1',
        title: '1F',
        map: 'floors/1f.svg',
        locations: [
          { id: 'r101', title: '101', x: 0.2, y: 0.3, category: 'lab' },
          { id: 'r102', title: '102', x: 0.4, y: 0.3, fill: '#123456' },
          { id: 'hall', title: 'Hall', x: 0.6, y: 0.3, style: 'hall' },
        ],
      },
    ],
  };
  const { document, warnings } = importMapplic(legacy);

  it('carries the styles, the default style and the pin colour over, and reports nothing as ignored', () => {
    expect(strictMapDocument.safeParse(document).success).toBe(true);
    expect(warnings.filter((w) => w.startsWith('Ignored'))).toEqual([]);
    expect(document.settings.primaryColor).toBe('#e4572e');
    // As in the jQuery plugin: the style is the SVG element's class, and pins keep their location's colour, their
    // category's, or fillcolor (r101's pin is the Labs purple, not the room style's light grey).
    expect(document.styles[0]).toMatchObject({
      id: 'room',
      markers: false,
      svg: true,
      normal: { fill: '#f0f0f0', stroke: '#999999' },
      hover: { fill: '#ffe08a' },
      active: { fill: '#4caf50' },
    });
    expect(document.styles[1]).toMatchObject({ id: 'hall', normal: { fill: '#dddddd' } });
    expect(document.locations.map((l) => [l.id, l.style, l.color])).toEqual([
      ['r101', 'room', undefined],
      ['r102', undefined, '#123456'],
      ['hall', 'hall', undefined],
    ]);
    expect(document.groups[0]).toMatchObject({ id: 'lab', color: '#7e57c2' });
  });
});

describe('importMapplic with a minimap and lightbox actions (Mapplic parity)', () => {
  it('keeps a v8 export’s minimap and lightbox actions, without reporting them as dropped', () => {
    const { document, warnings } = importMapplic(
      v8(
        { locations: [{ id: 'shop', layer: 'g', coord: [0.5, 0.5], action: 'lightbox' }] },
        { minimap: true, action: 'lightbox' },
      ),
    );
    expect(strictMapDocument.safeParse(document).success).toBe(true);
    expect(warnings.filter((w) => /minimap|lightbox|action/i.test(w))).toEqual([]);
    expect(document.settings.minimap.enabled).toBe(true);
    expect(document.settings.popup.action).toBe('lightbox');
    expect(document.locations[0]!.action).toBe('lightbox');
  });

  it('leaves the minimap off when the export has none', () => {
    expect(importMapplic(v8()).document.settings.minimap.enabled).toBe(false);
    expect(importMapplic(v8({}, { minimap: false })).document.settings.minimap.enabled).toBe(false);
  });
});

describe('importMapplic', () => {
  it('applies a named sample, then the location, and falls back to def for a missing one', () => {
    const { document, warnings } = importMapplic(
      v8({
        samples: [
          { id: 'def', phone: '555-0100', type: 'circle' },
          { id: 'sold', color: '#ff0000', about: 'Sold', type: 'square' },
        ],
        locations: [
          { id: 'lot1', sample: 'sold', about: '' },
          { id: 'lot2', about: 'Available' },
          { id: 'lot3', sample: 'reserved' },
        ],
      }),
    );
    expect(document.locations).toEqual([
      { id: 'lot1', about: 'Sold', color: '#ff0000', type: 'square' },
      { id: 'lot2', about: 'Available', phone: '555-0100', type: 'circle' },
      { id: 'lot3', phone: '555-0100', type: 'circle' },
    ]);
    expect(warnings).toEqual(['location "lot3": sample "reserved" does not exist; used the default sample']);
  });

  it('resolves groups by name, id or case, splits comma-separated lists and creates missing groups', () => {
    const { document, warnings } = importMapplic(
      v8({
        groups: [{ name: 'Food Court', id: 'fc' }, { name: 'Toys' }],
        locations: [
          { id: 'a', group: 'Food Court, toys ,fc, Now Open' },
          { id: 'b', group: ['Toys', 'Now Open'] },
        ],
      }),
    );
    expect(document.groups).toEqual([
      { id: 'fc', name: 'Food Court' },
      { id: 'Toys', name: 'Toys' },
      { id: 'Now-Open', name: 'Now Open' },
    ]);
    expect(document.locations.map((l) => l.groups)).toEqual([
      ['fc', 'Toys', 'Now-Open'],
      ['Toys', 'Now-Open'],
    ]);
    expect(warnings).toEqual(['location "a", group: created group "Now Open", which was used but not defined']);
  });

  it('reads numbers and coordinates given as strings', () => {
    const { document, warnings } = importMapplic(
      v8(
        {
          locations: [
            { id: 'a', coord: '0.25,0.5', zoom: '3', scale: '1.5' },
            { id: 'b', coord: ['0.1', '0.9'] },
          ],
        },
        { mapWidth: '1000', maxZoom: '6' },
      ),
    );
    expect(warnings).toEqual([]);
    expect(document.locations).toEqual([
      { id: 'a', coord: [0.25, 0.5], zoom: 3, scale: 1.5 },
      { id: 'b', coord: [0.1, 0.9] },
    ]);
    expect(document.settings.zoom.maxZoom).toBe(6);
  });

  it('converts coordinates given in pixels to fractions', () => {
    const { document, warnings } = importMapplic(v8({ locations: [{ id: 'a', coord: [500, 250] }] }));
    expect(document.locations[0]!.coord).toEqual([0.5, 0.5]);
    expect(warnings).toEqual(['locations: converted pixel coordinates of 1 location to map fractions']);
  });

  it('leaves a position that is neither fractions nor pixels of the map for the author to place, and counts only pixels', () => {
    const { document, warnings } = importMapplic({
      mapwidth: 800,
      mapheight: 600,
      levels: [
        {
          id: 'first',
          title: 'First',
          locations: [
            { id: 'toilets', x: '450', y: '300' },
            { id: 'odd', title: 'Odd coords', x: '1.7', y: '-0.2' },
            { id: 'far', x: '900', y: '10' },
          ],
        },
      ],
    });
    expect(document.locations).toEqual([
      { id: 'toilets', layer: 'first', coord: [0.5625, 0.5] },
      { id: 'odd', title: 'Odd coords', layer: 'first' },
      { id: 'far', layer: 'first' },
    ]);
    expect(warnings).toEqual([
      'location "odd" (Odd coords), coord: its position (1.7, -0.2) is neither fractions of the map (0 to 1) nor pixels within its 800 × 600; left without a position for you to place',
      'location "far", coord: its position (900, 10) is neither fractions of the map (0 to 1) nor pixels within its 800 × 600; left without a position for you to place',
      'locations: converted pixel coordinates of 1 location to map fractions',
    ]);
  });

  it('opens a legacy "open-link-new-tab" location’s link in a new tab', () => {
    const { document, warnings } = importMapplic({
      mapwidth: 800,
      mapheight: 600,
      levels: [
        {
          id: 'ground',
          locations: [{ id: 'info', action: 'open-link-new-tab', link: 'https://info.example.com' }],
        },
      ],
    });
    expect(document.locations[0]).toMatchObject({
      action: 'link',
      link: 'https://info.example.com',
      target: '_blank',
    });
    expect(warnings).toEqual([]);
  });

  it('names a category whose id an earlier one has, as it names such a location', () => {
    const { document, warnings } = importMapplic({
      mapwidth: 800,
      mapheight: 600,
      categories: [
        { id: 'food', title: 'Food &amp; Drink' },
        { id: 'food', title: 'Food dup' },
        // Ids made from names that make none are no ids of the file's: nothing to say.
        { title: '教室' },
        { title: '事務' },
      ],
      levels: [{ id: 'ground', locations: [{ id: 'cafe', category: 'food' }] }],
    });
    expect(document.groups.map((g) => g.id)).toEqual(['food', 'food-2', 'group', 'group-2']);
    expect(document.locations[0]!.groups).toEqual(['food']);
    expect(warnings).toEqual([
      'groups.1: renamed group "food" (Food dup) to "food-2" (the id is used more than once); the locations and ' +
        'filters that name "food" are in the first, "food" (Food & Drink)',
    ]);
  });

  it('names the classes of the map’s own on legacy pins, which are not carried over', () => {
    const pins = [
      'circular pin-md pin-label my-pharmacy',
      'pin-classic pin-sm my-atm-pin',
      'hidden my-lift',
      'pin-marker',
    ];
    const { document, warnings } = importMapplic({
      mapwidth: 800,
      mapheight: 600,
      levels: [{ id: 'ground', locations: pins.map((pin, i) => ({ id: `l${i}`, pin })) }],
    });
    expect(document.locations.map((l) => l.type)).toEqual(['circle', 'pin', 'hidden', 'pin']);
    expect(warnings).toEqual([
      'locations: the pins of 2 locations have CSS classes of the map’s own, which are not carried over ' +
        '("l0" (my-pharmacy), "l1" (my-atm-pin)): Mapnest draws its own marker, in the location’s colour or style',
    ]);
  });

  it('maps pin1 and pin2 to pin and keeps other marker types', () => {
    const { document } = importMapplic(
      v8({ locations: ['pin1', 'pin2', 'dot', 'thumb', 'text'].map((type, i) => ({ id: `l${i}`, type })) }),
    );
    expect(document.locations.map((l) => l.type)).toEqual(['pin', 'pin', 'dot', 'thumb', 'text']);
  });

  it('puts a location with an empty layer on every layer', () => {
    const { document } = importMapplic(
      v8({
        locations: [
          { id: 'a', layer: '' },
          { id: 'b', layer: 'g' },
        ],
      }),
    );
    expect(document.locations[0]).toEqual({ id: 'a' });
    expect(document.locations[1]!.layer).toBe('g');
  });

  it('puts a location whose level is not in the file on the floor the map opens on, and says so', () => {
    const layers = [
      { id: 'l1', name: 'Ground floor' },
      { id: 'l2', name: 'First floor' },
    ];
    const ghost = { id: 'ghost', layer: 'l9', type: 'circle', coord: [0.5, 0.5] };
    const opening = importMapplic(v8({ layers, locations: [ghost] }, { layer: 'l2' }));
    expect(opening.document.locations[0]!.layer).toBe('l2');
    expect(opening.warnings).toContainEqual(
      expect.stringContaining('its floor "l9" is not in the map; it is put on "First floor"'),
    );
    const first = importMapplic(v8({ layers, locations: [ghost] }));
    expect(first.document.locations[0]!.layer).toBe('l1');
    expect(first.warnings).toContainEqual(expect.stringContaining('it is put on "Ground floor"'));
  });

  it('names each location in the report by its id and title, as the file has it, not by its index in the import', () => {
    // v8: the def sample is no location of the map, yet it is the file's locations[0].
    const v8Report = importMapplic(
      v8({
        locations: [
          { id: 'def', sample: 'true', type: 'hidden' },
          { id: 'shop', title: 'Shop' },
          { id: 'weird', title: 'Weird Shop', layer: 'g', color: 'red' },
        ],
      }),
    ).warnings;
    expect(v8Report).toEqual([
      'location "weird" (Weird Shop), color: removed "red" (Must be a hex color: #rgb, #rrggbb or #rrggbbaa)',
    ]);
    // Legacy: the locations are in levels; an id used twice is found by its place in the file.
    const legacyReport = importMapplic({
      mapwidth: 800,
      mapheight: 600,
      levels: [
        { id: 'ground', title: 'Ground', locations: [{ id: 'a' }, { id: 'b', title: 'B &amp; Co' }] },
        {
          id: 'first',
          title: 'First',
          locations: [
            { id: 'a', title: 'A again' },
            { id: 'c', category: 'toys' },
          ],
        },
      ],
    }).warnings;
    expect(legacyReport).toEqual([
      'location "c", group: created group "toys", which was used but not defined',
      'location "a" (A again) at levels[1].locations[0]: renamed location "a" on the floor "First" to "a-2" (an earlier location has the id, and an id names one location in a map); it stands for the shape "a" of its floor',
    ]);
  });

  it('drops filters with JavaScript logic and the exclude setting, with warnings', () => {
    const { document, warnings } = importMapplic(
      v8(
        {
          groups: [{ name: 'Food' }],
          filters: [
            { id: 'sale', name: 'On sale', type: 'checkbox', logic: 'l.sale == "true"' },
            { id: 'size', name: 'Size', type: 'dropdown', value: ['S', 'M'], logic: 'l.size == value' },
            { id: 'tags', name: 'Tags', type: 'tags', default: ['Food'] },
          ],
        },
        { exclude: 'l.hidden == "1"' },
      ),
    );
    expect(document.filters).toEqual([
      { id: 'tags', type: 'groups', name: 'Tags', disable: false, groups: [], default: ['Food'], match: 'any' },
    ]);
    expect(warnings).toEqual([
      'settings.exclude: dropped (it is JavaScript, which Mapnest never runs; hide or disable those locations instead)',
      'filters.0: dropped filter "On sale" (its logic is JavaScript, which Mapnest never runs; recreate it with a field condition)',
      'filters.1: dropped filter "Size" (its logic is JavaScript, which Mapnest never runs; recreate it with a field condition)',
    ]);
    expect(JSON.stringify(document)).not.toContain('l.sale');
  });

  it('keeps extra location keys as custom fields', () => {
    const { document, warnings } = importMapplic(
      v8({ locations: [{ id: 'a', price: 120, 'Area m2': '80', sold: false, extra: { nested: 1 } }] }),
    );
    expect(document.locations[0]!.fields).toEqual({ price: '120', Area_m2: '80', sold: 'false' });
    expect(warnings).toEqual([
      'location "a", extra: dropped an object (custom fields hold text)',
      'location "a", fields: renamed the field "Area m2" to "Area_m2"',
    ]);
  });

  it('keeps a location id repeated on another floor as a location of its own, standing for that floor’s shape', () => {
    // Floor plans drawn per floor reuse ids: the legacy format nests each level's locations, v8 names their layer.
    const legacy = importMapplic({
      mapwidth: 800,
      mapheight: 600,
      levels: [
        { id: 'ground', title: 'Ground', map: 'g.svg', locations: [{ id: 'lift', title: 'Lift' }, { id: 'shop' }] },
        { id: 'first', title: 'First', map: 'f.svg', locations: [{ id: 'lift', title: 'Lift' }] },
      ],
    });
    expect(legacy.document.locations).toEqual([
      { id: 'lift', title: 'Lift', layer: 'ground' },
      { id: 'shop', layer: 'ground' },
      { id: 'lift-2', title: 'Lift', layer: 'first', shape: 'lift' },
    ]);
    expect(legacy.warnings).toEqual([
      'location "lift" (Lift) at levels[1].locations[0]: renamed location "lift" on the floor "First" to "lift-2" (an earlier location has the id, and an id names one location in a map); it stands for the shape "lift" of its floor',
    ]);
    expect(strictMapDocument.safeParse(legacy.document).success).toBe(true);

    // A third "lift" on a floor whose lift has a location already is renamed only (it cannot stand for that shape);
    // neither is one on every floor, nor one beside a location on every floor with the id.
    const { document, warnings } = importMapplic(
      v8({
        layers: [
          { id: 'g', name: 'Ground' },
          { id: 'f', name: 'First' },
        ],
        locations: [
          { id: 'lift', layer: 'g' },
          { id: 'lift', layer: 'f' },
          { id: 'lift', layer: 'f' },
          { id: 'wc' },
          { id: 'wc', layer: 'f' },
          { id: 'lift', layer: '' },
        ],
      }),
    );
    expect(document.locations).toEqual([
      { id: 'lift', layer: 'g' },
      { id: 'lift-2', layer: 'f', shape: 'lift' },
      { id: 'lift-3', layer: 'f' },
      { id: 'wc' },
      { id: 'wc-2', layer: 'f' },
      { id: 'lift-4' },
    ]);
    expect(warnings).toEqual([
      'location "lift" at locations[1]: renamed location "lift" on the floor "First" to "lift-2" (an earlier location has the id, and an id names one location in a map); it stands for the shape "lift" of its floor',
      'location "lift" at locations[2]: renamed location "lift" to "lift-3" (the id is used more than once)',
      'location "wc" at locations[4]: renamed location "wc" to "wc-2" (the id is used more than once)',
      'location "lift" at locations[5]: renamed location "lift" to "lift-4" (the id is used more than once)',
    ]);
    expect(strictMapDocument.safeParse(document).success).toBe(true);
  });

  it('keeps a Mapplic "shape" key as the custom field it always was', () => {
    const { document } = importMapplic(v8({ locations: [{ id: 'a', layer: 'g', shape: 'round' }] }));
    expect(document.locations[0]).toEqual({ id: 'a', layer: 'g', fields: { shape: 'round' } });
  });

  it('maps the remaining settings', () => {
    const { document, title, warnings } = importMapplic(
      v8(
        {},
        {
          title: 'Campus',
          location: 'a',
          padding: '20',
          kiosk: 'true',
          mouseWheel: true,
          mouseWheelShift: true,
          closeReset: true,
          reduceMotion: true,
          fullscreen: '',
          hoverAbout: true,
          accessibility: 'Plus',
          rightSidebar: true,
          sidebarWidth: 320,
          sidebarClosed: true,
          ordered: true,
          filtersAlwaysVisible: true,
          filtersOpened: true,
          csvEnabled: true,
          csv: 'data/locations.csv',
          css: '.x{}',
          legend: 'bottom-left',
          legendColumns: 2,
          legendHorizontal: true,
          legendToggle: false,
          legendClosed: true,
          legendTitle: 'Key',
          wayfinding: true,
          wayfindingControls: 'top-right',
          wayfindingOpened: true,
          wayfindingLineWidth: '4',
          wayfindingLineColor: '#00ff00',
          wayfindingSpeed: 1,
          wayfindingSmoothing: '',
          wayfindingFixedFrom: 'a',
          wayfindingAccessibility: false,
          searchText: 'Find',
          clearText: 'Reset',
          foundText: 'results',
          noresultsText: 'Nothing.',
          scrollTop: 100,
          bogus: 1,
        },
      ) as Record<string, unknown>,
    );
    expect(title).toBe('Campus');
    const s = document.settings;
    expect(s.startLocation).toBeNull();
    expect(s).toMatchObject({ padding: 20, css: '.x{}', csvUrl: 'data/locations.csv', layout: { kiosk: true } });
    expect(s.zoom).toMatchObject({ wheel: 'modifier', resetOnClose: true, reduceMotion: true });
    expect(s.controls).toMatchObject({ fullscreen: 'off', buttonLabels: true });
    expect(s.directory).toMatchObject({ position: 'right', width: 320, startClosed: true, sort: 'title' });
    expect(s.filters).toEqual({ enabled: true, alwaysVisible: true, startOpen: true });
    expect(s.popup.hoverAbout).toBe(true);
    expect(s.legend).toEqual({
      position: 'bottom-left',
      title: 'Key',
      columns: 2,
      horizontal: true,
      toggle: false,
      startClosed: true,
    });
    expect(s.wayfinding).toEqual({
      enabled: true,
      position: 'top-right',
      startOpen: true,
      lineWidth: 4,
      lineColor: '#00ff00',
      speed: 1,
      smoothing: 0,
      fixedFrom: null,
      accessibleToggle: false,
    });
    expect(s.text).toMatchObject({ search: 'Find', clearAll: 'Reset', found: 'results', noResults: 'Nothing.' });
    expect(warnings).toEqual([
      'settings: ignored unsupported settings "scrollTop", "bogus"',
      'settings.startLocation: removed the unknown location "a"',
      'settings.wayfinding.fixedFrom: removed the unknown location "a"',
    ]);
  });

  it('turns the mouse wheel off and sorts by a custom field', () => {
    const { document } = importMapplic(v8({}, { mouseWheel: 'false', ordered: false, orderBy: 'price' }));
    expect(document.settings.zoom.wheel).toBe('off');
    expect(document.settings.directory.sort).toBe('fields.price');
  });

  it('calibrates geographic maps and keeps latlon', () => {
    const { document } = importMapplic(
      v8({ locations: [{ id: 'paris', latlon: '48.8566, 2.3522' }] }, { geo: true, extent: '-10,40,10,60' }),
    );
    expect(document.settings.geo).toEqual({ extent: [-10, 40, 10, 60] });
    expect(document.locations[0]!.latlon).toEqual([48.8566, 2.3522]);
  });

  it('converts wayfinding paths from pixels to fractions', () => {
    const { document } = importMapplic(
      v8({
        locations: [{ id: 'a' }],
        routes: [
          { id: 'p-a', layer: 'g', points: '100,50 500,250', element: 'polyline', endpoint: 'a', weight: '2' },
          { id: 'hall', layer: 'g', points: '0,0 1000,0 1000,500', element: 'polygon', inaccessible: 'true' },
          { id: 'lift', layer: 'g', points: '10,10 20,10', endpoint: 'lift-1', connect: 'layer' },
        ],
      }),
    );
    expect(document.routes).toEqual([
      {
        id: 'p-a',
        layer: 'g',
        points: [
          [0.1, 0.1],
          [0.5, 0.5],
        ],
        closed: false,
        endpoint: 'a',
        connector: false,
        weight: 2,
        inaccessible: false,
      },
      {
        id: 'hall',
        layer: 'g',
        points: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
        closed: true,
        connector: false,
        weight: 1,
        inaccessible: true,
      },
      {
        id: 'lift',
        layer: 'g',
        points: [
          [0.01, 0.02],
          [0.02, 0.02],
        ],
        closed: false,
        endpoint: 'lift-1',
        connector: true,
        weight: 1,
        inaccessible: false,
      },
    ]);
  });

  it('imports the legend', () => {
    const { document } = importMapplic(
      v8({
        legend: [{ id: 'open', text: 'Open', icon: 'O', color: '#0f0', scale: '1.2', radius: 2, disable: 'false' }],
      }),
    );
    expect(document.legend).toEqual([
      { id: 'open', text: 'Open', icon: 'O', color: '#0f0', scale: 1.2, radius: 2, disable: false },
    ]);
  });

  it('makes ids from names and keeps references to them', () => {
    const { document } = importMapplic({
      settings: { mapWidth: 100, mapHeight: 100, layer: 'Floor 1' },
      layers: [{ id: 'Floor 1', name: 'Floor 1' }],
      locations: [{ id: 'Room 101', layer: 'Floor 1', style: 'big one' }],
      styles: [{ class: 'big one', 'base-color': '#000' }],
    });
    expect(document.settings.defaultLayer).toBe('Floor-1');
    expect(document.locations[0]).toEqual({ id: 'Room-101', layer: 'Floor-1', style: 'big-one' });
  });

  it('accepts JSON text', () => {
    const { document, warnings } = importMapplic(JSON.stringify(MALL));
    expect(document.locations[0]!.id).toBe('a101');
    expect(warnings).toHaveLength(2);
  });

  it('starts an empty map for input that is not a JSON object', () => {
    expect(importMapplic([1, 2])).toEqual({
      document: blankDocument(),
      warnings: ['The Mapplic file is not a JSON object; started an empty map.'],
    });
    const broken = importMapplic('{nope');
    expect(broken.document).toEqual(blankDocument());
    expect(broken.warnings[0]).toMatch(/^The Mapplic file could not be read/);
  });

  it('fills defaults for an empty object', () => {
    const { document } = importMapplic({});
    expect(document.settings).toEqual({ ...DEFAULT_SETTINGS, deepLinking: false, tintRegionsByGroup: false });
    expect(document.layers).toHaveLength(1);
  });
});

describe('importMapplic properties', () => {
  const scalar = fc.oneof(
    fc.constantFrom(
      '',
      'true',
      'false',
      '0.5',
      '12',
      'a101',
      'Food',
      'Food, Toys',
      'ground',
      'pin1',
      'polygon',
      'layer',
      '#fff',
      'top-left',
      null,
    ),
    fc.string({ maxLength: 8 }),
    fc.integer({ min: -10, max: 2000 }),
    fc.double({ min: -1, max: 2, noNaN: true }),
    fc.boolean(),
  );
  const value = fc.oneof(
    { weight: 5, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
  const obj = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 8 });
  const mapplicArb = fc.oneof(
    fc.record(
      {
        settings: obj([
          'mapWidth',
          'mapHeight',
          'layer',
          'zoom',
          'maxZoom',
          'mouseWheel',
          'geo',
          'extent',
          'legend',
          'wayfinding',
          'wayfindingFixedFrom',
          'location',
          'orderBy',
          'title',
        ]),
        layers: fc.array(obj(['id', 'name', 'file']), { maxLength: 3 }),
        locations: fc.array(
          obj([
            'id',
            'title',
            'sample',
            'group',
            'layer',
            'coord',
            'latlon',
            'type',
            'zoom',
            'style',
            'price',
            'x',
            'y',
          ]),
          { maxLength: 5 },
        ),
        samples: fc.array(obj(['id', 'type', 'color', 'group']), { maxLength: 2 }),
        groups: fc.array(obj(['id', 'name', 'color', 'hide']), { maxLength: 3 }),
        filters: fc.array(obj(['id', 'name', 'type', 'default', 'logic', 'value']), { maxLength: 3 }),
        styles: fc.array(obj(['class', 'base-color', 'marker', 'svg']), { maxLength: 2 }),
        breakpoints: fc.array(obj(['name', 'below', 'portrait', 'sidebar', 'type', 'column']), { maxLength: 3 }),
        legend: fc.array(obj(['id', 'text', 'icon', 'scale']), { maxLength: 2 }),
        routes: fc.array(obj(['id', 'layer', 'points', 'element', 'endpoint', 'connect', 'weight']), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        mapwidth: value,
        mapheight: value,
        categories: fc.array(obj(['id', 'title', 'color', 'show']), { maxLength: 3 }),
        levels: fc.array(
          fc.record(
            {
              id: value,
              title: value,
              map: value,
              show: value,
              locations: fc.array(obj(['id', 'x', 'y', 'category', 'pin', 'action', 'fill']), { maxLength: 3 }),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 3 },
        ),
      },
      { requiredKeys: [] },
    ),
  );

  it('never throws and always produces a valid document without falling back', () => {
    fc.assert(
      fc.property(fc.oneof(mapplicArb, fc.jsonValue()), (input) => {
        const { document, warnings } = importMapplic(input);
        const result = strictMapDocument.safeParse(document);
        expect(result.success ? [] : result.error.issues).toEqual([]);
        expect(warnings.some((w) => w.includes('could not be repaired'))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
