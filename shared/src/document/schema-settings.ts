/** The schema of a map's settings: its size and look, and one group of options per part of the viewer. */
import * as z from 'zod';
import {
  MAP_LIMITS,
  MERCATOR_MAX_LAT,
  LOCATION_ACTIONS,
  POSITIONS,
  CORNER_POSITIONS,
  WHEEL_MODES,
  DIRECTORY_LAYOUTS,
  SIDES,
  BUILTIN_FIELDS,
  SEARCH_FIELDS,
  SETTINGS_GROUPS,
  type Position,
} from './map-rules';
import {
  bool,
  color,
  fieldRef,
  int,
  list,
  listOf,
  markerType,
  num,
  oneOf,
  ref,
  required,
  strict,
  text,
  url,
} from './schema-blocks';
import { LANGUAGE_SETTINGS, LEGEND_TITLE_DEFAULT, UI_TEXT_DEFAULTS } from './viewer-languages';

export const geoSchema = /* @__PURE__ */ strict({
  /** [minLon, minLat, maxLon, maxLat] in degrees of the layer image's edges (Web Mercator). */
  extent: /* @__PURE__ */ z
    .tuple(
      [
        /* @__PURE__ */ num(-180, 180),
        /* @__PURE__ */ num(-MERCATOR_MAX_LAT, MERCATOR_MAX_LAT),
        /* @__PURE__ */ num(-180, 180),
        /* @__PURE__ */ num(-MERCATOR_MAX_LAT, MERCATOR_MAX_LAT),
      ],
      {
        error: /* @__PURE__ */ required('Must be [minLon, minLat, maxLon, maxLat]'),
      },
    )
    .refine(([minLon, minLat, maxLon, maxLat]) => minLon < maxLon && minLat < maxLat, {
      error: 'The minimum longitude and latitude must be below the maximum ones',
    }),
});

const position = (fallback: Position) => oneOf(POSITIONS).default(fallback);

export const settingsSchema = /* @__PURE__ */ strict({
  /** Pixel size of the layer images; every layer shares it. */
  mapWidth: /* @__PURE__ */ int(1, MAP_LIMITS.mapPixels),
  mapHeight: /* @__PURE__ */ int(1, MAP_LIMITS.mapPixels),
  /** Layer shown first; null: the first layer. */
  defaultLayer: /* @__PURE__ */ ref().nullable().default(null),
  /** Location opened on load; null: none. */
  startLocation: /* @__PURE__ */ ref().nullable().default(null),
  /** Space kept around the map when it is fitted, in px. */
  padding: /* @__PURE__ */ int(0, 1_000).default(0),
  primaryColor: /* @__PURE__ */ color().default('#1476ff'),
  markerType: /* @__PURE__ */ markerType().default('pin'),
  /** Author CSS, scoped to the map by the viewer. */
  css: /* @__PURE__ */ text(MAP_LIMITS.cssLength).default(''),
  /** Opening a location writes ?location=<id>, and such a URL opens it. */
  deepLinking: /* @__PURE__ */ bool().default(true),
  /** CSV of extra locations loaded at view time ('' for none); document locations win on duplicate ids. */
  csvUrl: /* @__PURE__ */ url().default(''),
  /** Web Mercator calibration, enabling latlon placement; null: not a geographic map. */
  geo: /* @__PURE__ */ geoSchema.nullable().default(null),
  layout: /* @__PURE__ */ strict({
    /** Map container height in px; null keeps the map's aspect ratio. */
    height: /* @__PURE__ */ int(100, 10_000).nullable().default(null),
    /** Fill the whole viewport (100vh). */
    kiosk: /* @__PURE__ */ bool().default(false),
  }).prefault({}),
  zoom: /* @__PURE__ */ strict({
    enabled: /* @__PURE__ */ bool().default(true),
    maxZoom: /* @__PURE__ */ num(1, MAP_LIMITS.maxZoom).default(4),
    /** 'modifier': the wheel zooms only with Ctrl/⌘ held (trackpad pinch included); plain scrolling scrolls the page. */
    wheel: /* @__PURE__ */ oneOf(WHEEL_MODES).default('always'),
    /** Zoom back out when a popup closes. */
    resetOnClose: /* @__PURE__ */ bool().default(false),
    reduceMotion: /* @__PURE__ */ bool().default(false),
  }).prefault({}),
  controls: /* @__PURE__ */ strict({
    zoomButtons: /* @__PURE__ */ position('bottom-right'),
    resetButton: /* @__PURE__ */ position('bottom-right'),
    fullscreen: /* @__PURE__ */ position('bottom-left'),
    /** Shown only when the map has more than one layer. */
    layerSwitcher: /* @__PURE__ */ position('top-right'),
    /** Text labels beside control icons. */
    buttonLabels: /* @__PURE__ */ bool().default(false),
  }).prefault({}),
  directory: /* @__PURE__ */ strict({
    enabled: /* @__PURE__ */ bool().default(true),
    position: /* @__PURE__ */ oneOf(SIDES).default('left'),
    layout: /* @__PURE__ */ oneOf(DIRECTORY_LAYOUTS).default('list'),
    columns: /* @__PURE__ */ int(1, 12).default(2),
    width: /* @__PURE__ */ int(100, 2_000).default(300),
    groupBy: /* @__PURE__ */ bool().default(false),
    /** 'none' keeps document order. */
    sort: /* @__PURE__ */ z
      .union([/* @__PURE__ */ z.literal('none'), /* @__PURE__ */ fieldRef()], {
        error: `Must be "none", one of ${/* @__PURE__ */ listOf(BUILTIN_FIELDS)} or "fields.<key>"`,
      })
      .default('none'),
    thumbnails: /* @__PURE__ */ bool().default(true),
    /** The visitor can collapse the directory. */
    toggle: /* @__PURE__ */ bool().default(true),
    startClosed: /* @__PURE__ */ bool().default(false),
  }).prefault({}),
  search: /* @__PURE__ */ strict({
    enabled: /* @__PURE__ */ bool().default(true),
    fields: /* @__PURE__ */ list(/* @__PURE__ */ oneOf(SEARCH_FIELDS), SEARCH_FIELDS.length, 'search fields').default([
      'title',
      'about',
      'desc',
      'groups',
      'fields',
    ]),
  }).prefault({}),
  filters: /* @__PURE__ */ strict({
    enabled: /* @__PURE__ */ bool().default(true),
    /** Always shown rather than behind a toggle. */
    alwaysVisible: /* @__PURE__ */ bool().default(false),
    startOpen: /* @__PURE__ */ bool().default(false),
  }).prefault({}),
  popup: /* @__PURE__ */ strict({
    /** What clicking a location does unless the location says otherwise. */
    action: /* @__PURE__ */ oneOf(LOCATION_ACTIONS).default('tooltip'),
    hoverTooltip: /* @__PURE__ */ bool().default(true),
    /** Show `about` in the hover tooltip too. */
    hoverAbout: /* @__PURE__ */ bool().default(false),
  }).prefault({}),
  /**
   * A small overview of the current floor in a corner, with a rectangle round the part in view; clicking, dragging or
   * the arrow keys on it move the view. Absent from maps published before it existed: the viewer reads it as off.
   */
  minimap: /* @__PURE__ */ strict({
    enabled: /* @__PURE__ */ bool().default(false),
    position: /* @__PURE__ */ oneOf(CORNER_POSITIONS).default('bottom-left'),
    /** Also shown on narrow viewers (under 520 px), where it is hidden by default. */
    narrow: /* @__PURE__ */ bool().default(false),
  }).prefault({}),
  legend: /* @__PURE__ */ strict({
    position: /* @__PURE__ */ position('top-left'),
    title: /* @__PURE__ */ text(MAP_LIMITS.uiTextLength).default(LEGEND_TITLE_DEFAULT),
    columns: /* @__PURE__ */ int(1, 12).default(1),
    horizontal: /* @__PURE__ */ bool().default(false),
    toggle: /* @__PURE__ */ bool().default(true),
    startClosed: /* @__PURE__ */ bool().default(false),
  }).prefault({}),
  wayfinding: /* @__PURE__ */ strict({
    enabled: /* @__PURE__ */ bool().default(false),
    position: /* @__PURE__ */ position('top-left'),
    startOpen: /* @__PURE__ */ bool().default(false),
    lineWidth: /* @__PURE__ */ num(0.5, 50).default(3),
    /** null: primaryColor. */
    lineColor: /* @__PURE__ */ color().nullable().default(null),
    /** Seconds to draw each floor's segment. */
    speed: /* @__PURE__ */ num(0, 60).default(2),
    /** Corner radius in px; 0 draws sharp corners. */
    smoothing: /* @__PURE__ */ num(0, 100).default(0),
    /** Fixed start ("you are here", kiosks); null lets the visitor choose. */
    fixedFrom: /* @__PURE__ */ ref().nullable().default(null),
    /** Offer the step-free toggle. */
    accessibleToggle: /* @__PURE__ */ bool().default(true),
    /** Metres per map image pixel, for distances in step lists; absent: from `geo` if calibrated, else no distances. */
    metresPerPixel: /* @__PURE__ */ num(0.0001, 1000).optional(),
  }).prefault({}),
  /** The viewer's language: 'auto' follows the visitor's browser (else English). */
  language: /* @__PURE__ */ oneOf(LANGUAGE_SETTINGS).default('auto'),
  /** Interface texts the author sets; one still equal to its English default is translated by the viewer. */
  text: /* @__PURE__ */ strict({
    more: /* @__PURE__ */ text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.more),
    search: /* @__PURE__ */ text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.search),
    clearAll: /* @__PURE__ */ text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.clearAll),
    found: /* @__PURE__ */ text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.found),
    noResults: /* @__PURE__ */ text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.noResults),
    filters: /* @__PURE__ */ text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.filters),
    wheelHint: /* @__PURE__ */ text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.wheelHint),
    from: /* @__PURE__ */ text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.from),
    to: /* @__PURE__ */ text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.to),
    go: /* @__PURE__ */ text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.go),
  }).prefault({}),
});

// Every group of options map-rules names is a setting here (map-rules stays free of the schema, so it is checked here).
SETTINGS_GROUPS satisfies readonly (keyof typeof settingsSchema.shape)[];
