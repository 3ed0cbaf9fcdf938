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

export const geoSchema = strict({
  /** [minLon, minLat, maxLon, maxLat] in degrees of the layer image's edges (Web Mercator). */
  extent: z
    .tuple(
      [
        num(-180, 180),
        num(-MERCATOR_MAX_LAT, MERCATOR_MAX_LAT),
        num(-180, 180),
        num(-MERCATOR_MAX_LAT, MERCATOR_MAX_LAT),
      ],
      {
        error: required('Must be [minLon, minLat, maxLon, maxLat]'),
      },
    )
    .refine(([minLon, minLat, maxLon, maxLat]) => minLon < maxLon && minLat < maxLat, {
      error: 'The minimum longitude and latitude must be below the maximum ones',
    }),
});

const position = (fallback: Position) => oneOf(POSITIONS).default(fallback);

export const settingsSchema = strict({
  /** Pixel size of the layer images; every layer shares it. */
  mapWidth: int(1, MAP_LIMITS.mapPixels),
  mapHeight: int(1, MAP_LIMITS.mapPixels),
  /** Layer shown first; null: the first layer. */
  defaultLayer: ref().nullable().default(null),
  /** Location opened on load; null: none. */
  startLocation: ref().nullable().default(null),
  /** Space kept around the map when it is fitted, in px. */
  padding: int(0, 1_000).default(0),
  primaryColor: color().default('#1476ff'),
  markerType: markerType().default('pin'),
  /** Author CSS, scoped to the map by the viewer. */
  css: text(MAP_LIMITS.cssLength).default(''),
  /** Opening a location writes ?location=<id>, and such a URL opens it. */
  deepLinking: bool().default(true),
  /** CSV of extra locations loaded at view time ('' for none); document locations win on duplicate ids. */
  csvUrl: url().default(''),
  /** Web Mercator calibration, enabling latlon placement; null: not a geographic map. */
  geo: geoSchema.nullable().default(null),
  layout: strict({
    /** Map container height in px; null keeps the map's aspect ratio. */
    height: int(100, 10_000).nullable().default(null),
    /** Fill the whole viewport (100vh). */
    kiosk: bool().default(false),
  }).prefault({}),
  zoom: strict({
    enabled: bool().default(true),
    maxZoom: num(1, MAP_LIMITS.maxZoom).default(4),
    /** 'modifier': the wheel zooms only with Ctrl/⌘ held (trackpad pinch included); plain scrolling scrolls the page. */
    wheel: oneOf(WHEEL_MODES).default('always'),
    /** Zoom back out when a popup closes. */
    resetOnClose: bool().default(false),
    reduceMotion: bool().default(false),
  }).prefault({}),
  controls: strict({
    zoomButtons: position('bottom-right'),
    resetButton: position('bottom-right'),
    fullscreen: position('bottom-left'),
    /** Shown only when the map has more than one layer. */
    layerSwitcher: position('top-right'),
    /** Text labels beside control icons. */
    buttonLabels: bool().default(false),
  }).prefault({}),
  directory: strict({
    enabled: bool().default(true),
    position: oneOf(SIDES).default('left'),
    layout: oneOf(DIRECTORY_LAYOUTS).default('list'),
    columns: int(1, 12).default(2),
    width: int(100, 2_000).default(300),
    groupBy: bool().default(false),
    /** 'none' keeps document order. */
    sort: z
      .union([z.literal('none'), fieldRef()], {
        error: `Must be "none", one of ${listOf(BUILTIN_FIELDS)} or "fields.<key>"`,
      })
      .default('none'),
    thumbnails: bool().default(true),
    /** The visitor can collapse the directory. */
    toggle: bool().default(true),
    startClosed: bool().default(false),
  }).prefault({}),
  search: strict({
    enabled: bool().default(true),
    fields: list(oneOf(SEARCH_FIELDS), SEARCH_FIELDS.length, 'search fields').default([
      'title',
      'about',
      'desc',
      'groups',
      'fields',
    ]),
  }).prefault({}),
  filters: strict({
    enabled: bool().default(true),
    /** Always shown rather than behind a toggle. */
    alwaysVisible: bool().default(false),
    startOpen: bool().default(false),
  }).prefault({}),
  popup: strict({
    /** What clicking a location does unless the location says otherwise. */
    action: oneOf(LOCATION_ACTIONS).default('tooltip'),
    hoverTooltip: bool().default(true),
    /** Show `about` in the hover tooltip too. */
    hoverAbout: bool().default(false),
  }).prefault({}),
  /**
   * A small overview of the current floor in a corner, with a rectangle round the part in view; clicking, dragging or
   * the arrow keys on it move the view. Absent from maps published before it existed: the viewer reads it as off.
   */
  minimap: strict({
    enabled: bool().default(false),
    position: oneOf(CORNER_POSITIONS).default('bottom-left'),
    /** Also shown on narrow viewers (under 520 px), where it is hidden by default. */
    narrow: bool().default(false),
  }).prefault({}),
  legend: strict({
    position: position('top-left'),
    title: text(MAP_LIMITS.uiTextLength).default(LEGEND_TITLE_DEFAULT),
    columns: int(1, 12).default(1),
    horizontal: bool().default(false),
    toggle: bool().default(true),
    startClosed: bool().default(false),
  }).prefault({}),
  wayfinding: strict({
    enabled: bool().default(false),
    position: position('top-left'),
    startOpen: bool().default(false),
    lineWidth: num(0.5, 50).default(3),
    /** null: primaryColor. */
    lineColor: color().nullable().default(null),
    /** Seconds to draw each floor's segment. */
    speed: num(0, 60).default(2),
    /** Corner radius in px; 0 draws sharp corners. */
    smoothing: num(0, 100).default(0),
    /** Fixed start ("you are here", kiosks); null lets the visitor choose. */
    fixedFrom: ref().nullable().default(null),
    /** Offer the step-free toggle. */
    accessibleToggle: bool().default(true),
    /** Metres per map image pixel, for distances in step lists; absent: from `geo` if calibrated, else no distances. */
    metresPerPixel: num(0.0001, 1000).optional(),
  }).prefault({}),
  /** The viewer's language: 'auto' follows the visitor's browser (else English). */
  language: oneOf(LANGUAGE_SETTINGS).default('auto'),
  /** Interface texts the author sets; one still equal to its English default is translated by the viewer. */
  text: strict({
    more: text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.more),
    search: text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.search),
    clearAll: text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.clearAll),
    found: text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.found),
    noResults: text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.noResults),
    filters: text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.filters),
    wheelHint: text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.wheelHint),
    from: text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.from),
    to: text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.to),
    go: text(MAP_LIMITS.uiTextLength).default(UI_TEXT_DEFAULTS.go),
  }).prefault({}),
});

// Every group of options map-rules names is a setting here (map-rules stays free of the schema, so it is checked here).
SETTINGS_GROUPS satisfies readonly (keyof typeof settingsSchema.shape)[];
