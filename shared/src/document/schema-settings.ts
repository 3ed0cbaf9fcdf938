/** The schema of a map's settings: its size and look, and one group of options per part of the viewer. */
import * as z from 'zod/mini';
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
    .check(
      /* @__PURE__ */ z.refine(([minLon, minLat, maxLon, maxLat]) => minLon < maxLon && minLat < maxLat, {
        error: 'The minimum longitude and latitude must be below the maximum ones',
      }),
    ),
});

/** A new map's primary colour. */
export const DEFAULT_PRIMARY_COLOR = '#1370f2';

const position = (fallback: Position) => /* @__PURE__ */ z._default(oneOf(POSITIONS), fallback);

export const settingsSchema = /* @__PURE__ */ strict({
  /** Pixel size of the layer images; every layer shares it. */
  mapWidth: /* @__PURE__ */ int(1, MAP_LIMITS.mapPixels),
  mapHeight: /* @__PURE__ */ int(1, MAP_LIMITS.mapPixels),
  /** Layer shown first; null: the first layer. */
  defaultLayer: /* @__PURE__ */ z._default(/* @__PURE__ */ z.nullable(/* @__PURE__ */ ref()), null),
  /** Location opened on load; null: none. */
  startLocation: /* @__PURE__ */ z._default(/* @__PURE__ */ z.nullable(/* @__PURE__ */ ref()), null),
  /** Space kept around the map when it is fitted, in px. */
  padding: /* @__PURE__ */ z._default(/* @__PURE__ */ int(0, 1_000), 0),
  /**
   * The default blue takes white text at WCAG AA (4.54:1): a new map passes the publish check on contrast. (Mapplic's
   * #1476ff, 4.15:1, took dark text.)
   */
  primaryColor: /* @__PURE__ */ z._default(/* @__PURE__ */ color(), DEFAULT_PRIMARY_COLOR),
  markerType: /* @__PURE__ */ z._default(/* @__PURE__ */ markerType(), 'pin'),
  /**
   * A location shown by its SVG element alone (its marker hidden), without a colour or an SVG style of its own, paints
   * its region in a tint of its group's colour (ADR 096). A Mapplic import turns it off: Mapplic leaves such a region
   * in the drawing's own paint. Absent from maps published before it existed: the viewer reads it as on.
   */
  tintRegionsByGroup: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
  /** Author CSS, scoped to the map by the viewer. */
  css: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.cssLength), ''),
  /** Opening a location writes ?location=<id>, and such a URL opens it. */
  deepLinking: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
  /** CSV of extra locations loaded at view time ('' for none); document locations win on duplicate ids. */
  csvUrl: /* @__PURE__ */ z._default(/* @__PURE__ */ url(), ''),
  /** Web Mercator calibration, enabling latlon placement; null: not a geographic map. */
  geo: /* @__PURE__ */ z._default(/* @__PURE__ */ z.nullable(/* @__PURE__ */ geoSchema), null),
  layout: /* @__PURE__ */ z.prefault(
    /* @__PURE__ */ strict({
      /** Map container height in px; null keeps the map's aspect ratio. */
      height: /* @__PURE__ */ z._default(/* @__PURE__ */ z.nullable(/* @__PURE__ */ int(100, 10_000)), null),
      /**
       * Kiosk mode: fill the whole viewport (100vh) and start over after 90 s without input (web/src/viewer/kiosk/;
       * product rules: The viewer and the embed).
       */
      kiosk: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
    }),
    {},
  ),
  zoom: /* @__PURE__ */ z.prefault(
    /* @__PURE__ */ strict({
      enabled: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
      maxZoom: /* @__PURE__ */ z._default(/* @__PURE__ */ num(1, MAP_LIMITS.maxZoom), 4),
      /** 'modifier': the wheel zooms only with Ctrl/⌘ held (trackpad pinch included); plain scrolling scrolls the page. */
      wheel: /* @__PURE__ */ z._default(/* @__PURE__ */ oneOf(WHEEL_MODES), 'always'),
      /** Zoom back out when a popup closes. */
      resetOnClose: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
      reduceMotion: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
    }),
    {},
  ),
  controls: /* @__PURE__ */ z.prefault(
    /* @__PURE__ */ strict({
      zoomButtons: /* @__PURE__ */ position('bottom-right'),
      resetButton: /* @__PURE__ */ position('bottom-right'),
      fullscreen: /* @__PURE__ */ position('bottom-left'),
      /** Shown only when the map has more than one layer. */
      layerSwitcher: /* @__PURE__ */ position('top-right'),
      /** Text labels beside control icons. */
      buttonLabels: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
    }),
    {},
  ),
  directory: /* @__PURE__ */ z.prefault(
    /* @__PURE__ */ strict({
      enabled: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
      position: /* @__PURE__ */ z._default(/* @__PURE__ */ oneOf(SIDES), 'left'),
      layout: /* @__PURE__ */ z._default(/* @__PURE__ */ oneOf(DIRECTORY_LAYOUTS), 'list'),
      columns: /* @__PURE__ */ z._default(/* @__PURE__ */ int(1, 12), 2),
      width: /* @__PURE__ */ z._default(/* @__PURE__ */ int(100, 2_000), 300),
      groupBy: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
      /** 'none' keeps document order. */
      sort: /* @__PURE__ */ z._default(
        /* @__PURE__ */ z.union([/* @__PURE__ */ z.literal('none'), /* @__PURE__ */ fieldRef()], {
          error: `Must be "none", one of ${/* @__PURE__ */ listOf(BUILTIN_FIELDS)} or "fields.<key>"`,
        }),
        'none',
      ),
      thumbnails: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
      /** The visitor can collapse the directory. */
      toggle: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
      startClosed: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
    }),
    {},
  ),
  search: /* @__PURE__ */ z.prefault(
    /* @__PURE__ */ strict({
      enabled: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
      fields: /* @__PURE__ */ z._default(
        /* @__PURE__ */ list(/* @__PURE__ */ oneOf(SEARCH_FIELDS), SEARCH_FIELDS.length, 'search fields'),
        ['title', 'about', 'desc', 'groups', 'fields'],
      ),
    }),
    {},
  ),
  filters: /* @__PURE__ */ z.prefault(
    /* @__PURE__ */ strict({
      enabled: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
      /** Always shown rather than behind a toggle. */
      alwaysVisible: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
      startOpen: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
    }),
    {},
  ),
  popup: /* @__PURE__ */ z.prefault(
    /* @__PURE__ */ strict({
      /** What clicking a location does unless the location says otherwise. */
      action: /* @__PURE__ */ z._default(/* @__PURE__ */ oneOf(LOCATION_ACTIONS), 'tooltip'),
      hoverTooltip: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
      /** Show `about` in the hover tooltip too. */
      hoverAbout: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
    }),
    {},
  ),
  /**
   * A small overview of the current floor in a corner, with a rectangle round the part in view; clicking, dragging or
   * the arrow keys on it move the view. Absent from maps published before it existed: the viewer reads it as off.
   */
  minimap: /* @__PURE__ */ z.prefault(
    /* @__PURE__ */ strict({
      enabled: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
      position: /* @__PURE__ */ z._default(/* @__PURE__ */ oneOf(CORNER_POSITIONS), 'bottom-left'),
      /** Also shown on narrow viewers (under 520 px), where it is hidden by default. */
      narrow: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
    }),
    {},
  ),
  legend: /* @__PURE__ */ z.prefault(
    /* @__PURE__ */ strict({
      position: /* @__PURE__ */ position('top-left'),
      title: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.uiTextLength), LEGEND_TITLE_DEFAULT),
      columns: /* @__PURE__ */ z._default(/* @__PURE__ */ int(1, 12), 1),
      horizontal: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
      toggle: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
      startClosed: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
    }),
    {},
  ),
  wayfinding: /* @__PURE__ */ z.prefault(
    /* @__PURE__ */ strict({
      enabled: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
      position: /* @__PURE__ */ position('top-left'),
      startOpen: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
      lineWidth: /* @__PURE__ */ z._default(/* @__PURE__ */ num(0.5, 50), 3),
      /** null: primaryColor. */
      lineColor: /* @__PURE__ */ z._default(/* @__PURE__ */ z.nullable(/* @__PURE__ */ color()), null),
      /** Seconds to draw each floor's segment. */
      speed: /* @__PURE__ */ z._default(/* @__PURE__ */ num(0, 60), 2),
      /** Corner radius in px; 0 draws sharp corners. */
      smoothing: /* @__PURE__ */ z._default(/* @__PURE__ */ num(0, 100), 0),
      /** Fixed start ("you are here", kiosks); null lets the visitor choose. */
      fixedFrom: /* @__PURE__ */ z._default(/* @__PURE__ */ z.nullable(/* @__PURE__ */ ref()), null),
      /** Offer the step-free toggle. */
      accessibleToggle: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
      /** Metres per map image pixel, for distances in step lists; absent: from `geo` if calibrated, else no distances. */
      metresPerPixel: /* @__PURE__ */ z.optional(/* @__PURE__ */ num(0.0001, 1000)),
    }),
    {},
  ),
  /** The viewer's language: 'auto' follows the visitor's browser (else English). */
  language: /* @__PURE__ */ z._default(/* @__PURE__ */ oneOf(LANGUAGE_SETTINGS), 'auto'),
  /** Interface texts the author sets; one still equal to its English default is translated by the viewer. */
  text: /* @__PURE__ */ z.prefault(
    /* @__PURE__ */ strict({
      more: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.uiTextLength), UI_TEXT_DEFAULTS.more),
      search: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.uiTextLength), UI_TEXT_DEFAULTS.search),
      clearAll: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.uiTextLength), UI_TEXT_DEFAULTS.clearAll),
      found: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.uiTextLength), UI_TEXT_DEFAULTS.found),
      noResults: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.uiTextLength), UI_TEXT_DEFAULTS.noResults),
      filters: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.uiTextLength), UI_TEXT_DEFAULTS.filters),
      wheelHint: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.uiTextLength), UI_TEXT_DEFAULTS.wheelHint),
      from: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.uiTextLength), UI_TEXT_DEFAULTS.from),
      to: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.uiTextLength), UI_TEXT_DEFAULTS.to),
      go: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.uiTextLength), UI_TEXT_DEFAULTS.go),
    }),
    {},
  ),
});

// Every group of options map-rules names is a setting here (map-rules stays free of the schema, so it is checked here).
SETTINGS_GROUPS satisfies readonly (keyof typeof settingsSchema.shape)[];
