/**
 * The map document, schema version 1: what an author edits and a visitor sees (layers, locations,
 * groups, filters, styles, legend, wayfinding routes and settings). Stored as JSON in S3; API input
 * goes through `strictMapDocument`, stored or older documents through `restoreDocument` (map-restore).
 *
 * Coordinate spaces: `coord` and route points are normalised map space, [x, y] in 0..1 from the
 * top-left corner of the layer image; `latlon` is [lat, lon] in degrees (WGS 84, placed through the
 * Web Mercator calibration in `settings.geo`); pixel sizes (mapWidth, mapHeight) are image pixels.
 *
 * Ids (layers, locations, groups, styles, filters, routes, legend items, breakpoint names) match
 * `ID_PATTERN`: 1-64 ASCII letters, digits, '_' or '-', not starting with '-'. Such an id can be an
 * HTML/SVG element id (a location links to the SVG element with the same id), a CSS class suffix and
 * a URL parameter (`?location=a101`) without any escaping. Ids are case-sensitive.
 *
 * No field holds code: filters are declarative conditions, so the embed runs under a strict CSP.
 */
import * as z from 'zod';
import {
  SCHEMA_VERSION,
  MAP_LIMITS,
  ID_PATTERN,
  FIELD_KEY_PATTERN,
  COLOR_PATTERN,
  MERCATOR_MAX_LAT,
  MARKER_TYPES,
  LOCATION_ACTIONS,
  CONNECTOR_KINDS,
  LINK_TARGETS,
  POSITIONS,
  WHEEL_MODES,
  DIRECTORY_LAYOUTS,
  SIDES,
  BUILTIN_FIELDS,
  SEARCH_FIELDS,
  CONDITION_OPS,
  FILTER_TYPES,
  RESERVED_FIELD_KEYS,
  WEB_SCHEMES,
  FIELD_REF_PATTERN,
  SHORT_TEXT_PATTERN,
  LINK_SCHEMES,
  isSafeUrl,
  isShortText,
  type Position,
} from './map-rules';

export * from './map-rules';

// ---- Building blocks with messages an author can act on --------------------------------------

/** How restore may fix a value that fails its schema before checking it again (read by map-repair). */
export type RepairHint = 'id' | 'color' | 'url' | 'shortText' | 'fieldKey' | 'markerType';
const repairHints = new WeakMap<object, RepairHint>();
/** The repair hint of a schema node, if it has one. */
export function repairHintOf(schema: object): RepairHint | undefined {
  return repairHints.get(schema);
}
const hinted = <T extends object>(schema: T, hint: RepairHint): T => {
  repairHints.set(schema, hint);
  return schema;
};

type Issue = { input?: unknown };
const required = (expected: string) => (iss: Issue) => (iss.input === undefined ? 'Required' : expected);
const listOf = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

const text = (max: number) =>
  z.string({ error: required('Must be text') }).max(max, { error: `Must be at most ${max} characters` });
const bool = () => z.boolean({ error: required('Must be true or false') });
const num = (min: number, max: number) =>
  z
    .number({ error: required('Must be a number') })
    .min(min, { error: `Must be at least ${min}` })
    .max(max, { error: `Must be at most ${max}` });
const int = (min: number, max: number) => num(min, max).int({ error: 'Must be a whole number' });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: required(`Must be one of ${listOf(values)}`) });
const idOf = (what: string) =>
  hinted(
    z.string({ error: required(`Must be a ${what} id (text)`) }).regex(ID_PATTERN, {
      error: `A ${what} id must be 1-64 characters: letters, digits, "_" or "-", not starting with "-"`,
    }),
    'id',
  );
// References are checked for existence by the document check, which names the missing id.
const ref = () =>
  z.string({ error: required('Must be an id (text)') }).max(MAP_LIMITS.idLength, { error: 'No such id' });
const color = () =>
  hinted(
    z
      .string({ error: required('Must be a color') })
      .regex(COLOR_PATTERN, { error: 'Must be a hex color: #rgb, #rrggbb or #rrggbbaa' }),
    'color',
  );
const url = (schemes: ReadonlySet<string> = WEB_SCHEMES) =>
  hinted(
    text(MAP_LIMITS.urlLength).refine((v) => isSafeUrl(v, schemes), {
      error: `Must be a relative URL or one starting with ${[...schemes].map((s) => `${s}:`).join(', ')}, without spaces`,
    }),
    'url',
  );
const imageOrShortText = () =>
  hinted(
    text(MAP_LIMITS.urlLength).refine((v) => isShortText(v) || isSafeUrl(v), {
      error: 'Must be 1-3 characters of text or an image URL (relative, http: or https:, without spaces)',
    }),
    'url',
  );
const markerType = () => hinted(oneOf(MARKER_TYPES), 'markerType');
const fieldRef = () =>
  z
    .string({ error: required('Must be a field name') })
    .regex(FIELD_REF_PATTERN, { error: `Must be one of ${listOf(BUILTIN_FIELDS)} or "fields.<key>"` });
const unit = () => num(0, 1);
const coordinate = () => z.tuple([unit(), unit()], { error: required('Must be [x, y] with x and y between 0 and 1') });
const latLon = () =>
  z.tuple([num(-MERCATOR_MAX_LAT, MERCATOR_MAX_LAT), num(-180, 180)], {
    error: required('Must be [latitude, longitude] in degrees'),
  });
function strict<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (iss) => {
      if (iss.code === 'unrecognized_keys') {
        const keys = iss.keys;
        return `Unknown field${keys.length > 1 ? 's' : ''} ${listOf(keys)}`;
      }
      return iss.input === undefined ? 'Required' : 'Must be an object';
    },
  });
}
const list = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z.array(item, { error: required('Must be a list') }).max(max, { error: `At most ${max} ${what} are allowed` });

// ---- Document parts ------------------------------------------------------------------------

export const layerSchema = strict({
  id: idOf('layer'),
  name: text(MAP_LIMITS.nameLength).min(1, { error: 'A layer needs a name' }),
  /** The base image (SVG, PNG or JPG); '' for a blank canvas. */
  file: url().default(''),
});

const FIELD_KEY_MESSAGE =
  'A field name must be 1-64 characters: letters, digits, "_" or "-", starting with a letter or "_"';

export const locationSchema = strict({
  id: idOf('location'),
  title: text(MAP_LIMITS.titleLength).optional(),
  /** Short plain text for popups, tooltips and the directory. */
  about: text(MAP_LIMITS.aboutLength).optional(),
  /** Rich HTML, sanitised by the web at render time. */
  desc: text(MAP_LIMITS.descLength).optional(),
  thumb: imageOrShortText().optional(),
  image: url().optional(),
  link: url(LINK_SCHEMES).optional(),
  /** null: the viewer's default (the top window when embedded). */
  target: oneOf(LINK_TARGETS).nullable().optional(),
  /** Label of the "More" button; '' uses settings.text.more. */
  more: text(MAP_LIMITS.buttonLabelLength).optional(),
  phone: text(MAP_LIMITS.contactLength).optional(),
  email: text(MAP_LIMITS.contactLength).optional(),
  /** Opening hours, lines separated by ';'. */
  hours: text(MAP_LIMITS.contactLength).optional(),
  /** Marker or SVG element colour; a `style` takes precedence. */
  color: color().optional(),
  style: ref().optional(),
  /** 1-3 characters drawn inside the marker; '' for none. */
  label: hinted(
    z.string({ error: required('Must be text') }).regex(SHORT_TEXT_PATTERN, { error: 'Must be at most 3 characters' }),
    'shortText',
  ).optional(),
  scale: num(0.1, 10).optional(),
  /** Absent: settings.markerType. */
  type: markerType().optional(),
  /** Layer id; null or absent: shown on every layer. */
  layer: ref().nullable().optional(),
  groups: list(ref(), MAP_LIMITS.groupsPerLocation, 'groups per location').optional(),
  /** Absent: placed at `latlon` on a geo-calibrated map, else at the centre of the SVG element with the same id (see map-geo `locationPoint`). */
  coord: coordinate().optional(),
  latlon: latLon().optional(),
  /** Zoom level when the location is focused; absent: fitted to its SVG element. */
  zoom: num(1, MAP_LIMITS.maxZoom).optional(),
  /** null or absent: settings.popup.action. */
  action: oneOf(LOCATION_ACTIONS).nullable().optional(),
  /** Kept on the map but left out of the directory. */
  hide: bool().optional(),
  /** Neither clickable nor listed. */
  disable: bool().optional(),
  /** Custom values, usable as `fields.<key>` in filters and as `{{key}}` in about and desc. */
  fields: z
    .record(
      hinted(z.string().regex(FIELD_KEY_PATTERN, { error: FIELD_KEY_MESSAGE }), 'fieldKey'),
      text(MAP_LIMITS.fieldValueLength),
      {
        error: (iss) =>
          iss.code === 'invalid_key' ? FIELD_KEY_MESSAGE : required('Must be an object of text values')(iss),
      },
    )
    .optional(),
});

export const groupSchema = strict({
  id: idOf('group'),
  name: text(MAP_LIMITS.nameLength).min(1, { error: 'A group needs a name' }),
  color: color().optional(),
  /** Left out of the directory grouping and the group filter. */
  hide: bool().optional(),
});

export const conditionSchema = strict({
  field: fieldRef(),
  op: oneOf(CONDITION_OPS),
  /** Compared as text, or as numbers for lt/lte/gt/gte; unused by empty/notEmpty. */
  value: text(MAP_LIMITS.fieldValueLength).default(''),
});

const filterBase = {
  id: idOf('filter'),
  name: text(MAP_LIMITS.nameLength).default(''),
  disable: bool().default(false),
};

/** Pick groups: a location passes when it is in any (or all) of the picked groups. */
export const groupsFilterSchema = strict({
  ...filterBase,
  type: z.literal('groups'),
  /** The groups offered; empty offers every group that is not hidden. */
  groups: list(ref(), MAP_LIMITS.groups, 'groups').default([]),
  default: list(ref(), MAP_LIMITS.groups, 'groups').default([]),
  match: oneOf(['any', 'all'] as const).default('any'),
});

/** When checked, only locations meeting the condition pass. */
export const checkboxFilterSchema = strict({
  ...filterBase,
  type: z.literal('checkbox'),
  condition: conditionSchema,
  default: bool().default(false),
});

/** A choice of values for one field; the empty choice lets everything pass. */
export const dropdownFilterSchema = strict({
  ...filterBase,
  type: z.literal('dropdown'),
  field: fieldRef(),
  options: list(
    strict({
      value: text(MAP_LIMITS.nameLength).min(1, { error: 'An option needs a value' }),
      label: text(MAP_LIMITS.nameLength).optional(),
    }),
    MAP_LIMITS.filterOptions,
    'options',
  ).min(1, { error: 'A dropdown needs at least one option' }),
  /** An option value, or '' for no preselection. */
  default: text(MAP_LIMITS.nameLength).default(''),
  /** equals: the field equals the option (for groups: has that group); contains: the field contains it. */
  match: oneOf(['equals', 'contains'] as const).default('equals'),
});

export const filterSchema = z.discriminatedUnion(
  'type',
  [groupsFilterSchema, checkboxFilterSchema, dropdownFilterSchema],
  {
    // A bad or missing type is reported at filters.N.type; anything but an object at filters.N.
    error: (iss) =>
      typeof iss.input === 'object' && iss.input !== null && !Array.isArray(iss.input)
        ? `Must be one of ${listOf(FILTER_TYPES)}`
        : required('Must be a filter object')(iss),
  },
);

export const styleStateSchema = strict({
  fill: color().optional(),
  stroke: color().optional(),
  strokeWidth: num(0, 50).optional(),
  text: color().optional(),
});

export const styleSchema = strict({
  id: idOf('style'),
  name: text(MAP_LIMITS.nameLength).optional(),
  /** Applies to markers. */
  markers: bool().default(true),
  /** Applies to SVG elements. */
  svg: bool().default(true),
  normal: styleStateSchema.prefault({}),
  hover: styleStateSchema.prefault({}),
  active: styleStateSchema.prefault({}),
});

export const legendItemSchema = strict({
  id: idOf('legend item'),
  text: text(MAP_LIMITS.titleLength).default(''),
  /** An image URL or 1-3 characters; '' draws a coloured dot. */
  icon: imageOrShortText().default(''),
  color: color().optional(),
  scale: num(0.1, 10).default(1),
  /** Corner radius of the swatch in px. */
  radius: num(0, 100).default(4),
  disable: bool().default(false),
});

/** One wayfinding path: a corridor (open polyline) or an open area (closed polygon) on one layer. */
export const routeSchema = strict({
  id: idOf('route'),
  layer: ref(),
  points: list(coordinate(), MAP_LIMITS.routePoints, 'points').min(2, { error: 'A route needs at least 2 points' }),
  /** Closed polygon: every vertex connects to every other (open areas). */
  closed: bool().default(false),
  /** Location id, or a connector id shared by paths on different layers, that the path's loose end attaches to. */
  endpoint: idOf('endpoint').optional(),
  /** The endpoint is a floor connector (lift, stairs) joining layers. */
  connector: bool().default(false),
  /** What the connector is, for step lists ("Take the lift to First floor"); only meaningful with `connector`. */
  connectorKind: oneOf(CONNECTOR_KINDS).optional(),
  /** Cost multiplier of this path's length. */
  weight: num(0.01, 1000).default(1),
  /** Skipped by step-free routing. */
  inaccessible: bool().default(false),
});

/** Layout overrides for containers at most `below` px wide; the smallest matching one wins. */
export const breakpointSchema = strict({
  name: idOf('breakpoint'),
  below: int(1, 100_000),
  /** Stack the directory under the map. */
  portrait: bool().default(false),
  sidebarWidth: int(100, 2_000).optional(),
  layout: oneOf(DIRECTORY_LAYOUTS).optional(),
  columns: int(1, 12).optional(),
  /** Map container height in px. */
  height: int(100, 10_000).optional(),
  /** Whole element height in px (portrait only). */
  elementHeight: int(100, 20_000).optional(),
});

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
  legend: strict({
    position: position('top-left'),
    title: text(MAP_LIMITS.uiTextLength).default('Map legend'),
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
  /** Interface text, for translation. */
  text: strict({
    more: text(MAP_LIMITS.uiTextLength).default('More'),
    search: text(MAP_LIMITS.uiTextLength).default('Search'),
    clearAll: text(MAP_LIMITS.uiTextLength).default('Clear all'),
    found: text(MAP_LIMITS.uiTextLength).default('found'),
    noResults: text(MAP_LIMITS.uiTextLength).default('No results found.'),
    filters: text(MAP_LIMITS.uiTextLength).default('Filters'),
    wheelHint: text(MAP_LIMITS.uiTextLength).default('Use Ctrl + scroll to zoom the map'),
    from: text(MAP_LIMITS.uiTextLength).default('From'),
    to: text(MAP_LIMITS.uiTextLength).default('To'),
    go: text(MAP_LIMITS.uiTextLength).default('Go'),
  }).prefault({}),
});

const documentShape = strict({
  schemaVersion: z.literal(SCHEMA_VERSION, { error: `Must be ${SCHEMA_VERSION}` }),
  settings: settingsSchema,
  layers: list(layerSchema, MAP_LIMITS.layers, 'layers').min(1, { error: 'A map needs at least one layer' }),
  locations: list(locationSchema, MAP_LIMITS.locations, 'locations').default([]),
  groups: list(groupSchema, MAP_LIMITS.groups, 'groups').default([]),
  filters: list(filterSchema, MAP_LIMITS.filters, 'filters').default([]),
  styles: list(styleSchema, MAP_LIMITS.styles, 'styles').default([]),
  legend: list(legendItemSchema, MAP_LIMITS.legend, 'legend items').default([]),
  routes: list(routeSchema, MAP_LIMITS.routes, 'routes').default([]),
  breakpoints: list(breakpointSchema, MAP_LIMITS.breakpoints, 'breakpoints').default([]),
});

export type MapDocument = z.output<typeof documentShape>;
/** What a caller may send: defaults not yet filled in. */
export type MapDocumentInput = z.input<typeof documentShape>;
export type MapSettings = MapDocument['settings'];
export type Layer = z.output<typeof layerSchema>;
export type Location = z.output<typeof locationSchema>;
export type Group = z.output<typeof groupSchema>;
export type Condition = z.output<typeof conditionSchema>;
export type Filter = z.output<typeof filterSchema>;
export type GroupsFilter = z.output<typeof groupsFilterSchema>;
export type CheckboxFilter = z.output<typeof checkboxFilterSchema>;
export type DropdownFilter = z.output<typeof dropdownFilterSchema>;
export type Style = z.output<typeof styleSchema>;
export type StyleState = z.output<typeof styleStateSchema>;
export type LegendItem = z.output<typeof legendItemSchema>;
export type Route = z.output<typeof routeSchema>;
export type Breakpoint = z.output<typeof breakpointSchema>;
export type GeoCalibration = z.output<typeof geoSchema>;
/**
 * A document coordinate, as `Location.coord` and route points store it: [x, y] normalised to 0..1 across the
 * base image. The viewer's object forms (map, image and screen points) and the conversions between them are in
 * `web/src/map-core/coords.ts`.
 */
export type Coord = [number, number];

// ---- Whole-document rules: unique ids and references that exist ---------------------------

type Path = (string | number)[];
type Report = (path: Path, message: string) => void;

function checkUnique(
  ids: readonly string[],
  collection: string,
  what: string,
  report: Report,
  key = 'id',
): Set<string> {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) report([collection, i, key], `Duplicate ${what} ${key} "${id}"`);
    else seen.add(id);
  });
  return seen;
}

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

/**
 * The rules a field-by-field schema cannot see, reported with the path of the offending value:
 * duplicate ids, references to missing layers, groups, styles and locations, and consistency.
 */
export function checkDocument(doc: MapDocument, report: Report): void {
  const layers = checkUnique(ids(doc.layers), 'layers', 'layer', report);
  const locations = checkUnique(ids(doc.locations), 'locations', 'location', report);
  const groups = checkUnique(ids(doc.groups), 'groups', 'group', report);
  const styles = checkUnique(ids(doc.styles), 'styles', 'style', report);
  checkUnique(ids(doc.filters), 'filters', 'filter', report);
  checkUnique(ids(doc.legend), 'legend', 'legend item', report);
  checkUnique(ids(doc.routes), 'routes', 'route', report);
  checkUnique(
    doc.breakpoints.map((b) => b.name),
    'breakpoints',
    'breakpoint',
    report,
    'name',
  );

  const { settings } = doc;
  // With no layers at all, the schema's own "needs at least one layer" says it; every layer reference would repeat it.
  const knownLayer = (id: string) => layers.size === 0 || layers.has(id);
  if (settings.defaultLayer !== null && !knownLayer(settings.defaultLayer)) {
    report(['settings', 'defaultLayer'], `Unknown layer "${settings.defaultLayer}"`);
  }
  if (settings.startLocation !== null && !locations.has(settings.startLocation)) {
    report(['settings', 'startLocation'], `Unknown location "${settings.startLocation}"`);
  }
  if (settings.wayfinding.fixedFrom !== null && !locations.has(settings.wayfinding.fixedFrom)) {
    report(['settings', 'wayfinding', 'fixedFrom'], `Unknown location "${settings.wayfinding.fixedFrom}"`);
  }
  if (settings.directory.sort !== 'none')
    checkFieldRef(settings.directory.sort, ['settings', 'directory', 'sort'], report);

  doc.locations.forEach((loc, i) => {
    if (loc.layer != null && !knownLayer(loc.layer)) report(['locations', i, 'layer'], `Unknown layer "${loc.layer}"`);
    if (loc.style !== undefined && !styles.has(loc.style))
      report(['locations', i, 'style'], `Unknown style "${loc.style}"`);
    if (loc.groups) {
      const own = new Set<string>();
      loc.groups.forEach((g, j) => {
        if (!groups.has(g)) report(['locations', i, 'groups', j], `Unknown group "${g}"`);
        else if (own.has(g)) report(['locations', i, 'groups', j], `Group "${g}" is listed twice`);
        own.add(g);
      });
    }
    if (loc.fields) {
      const keys = Object.keys(loc.fields);
      if (keys.length > MAP_LIMITS.fieldsPerLocation) {
        report(['locations', i, 'fields'], `At most ${MAP_LIMITS.fieldsPerLocation} custom fields are allowed`);
      }
      for (const key of keys) {
        if (RESERVED_FIELD_KEYS.has(key))
          report(['locations', i, 'fields', key], `"${key}" is a built-in location field; choose another name`);
      }
    }
  });

  doc.filters.forEach((filter, i) => {
    if (filter.type === 'groups') {
      const offered = new Set(filter.groups);
      filter.groups.forEach((g, j) => {
        if (!groups.has(g)) report(['filters', i, 'groups', j], `Unknown group "${g}"`);
      });
      filter.default.forEach((g, j) => {
        if (!groups.has(g)) report(['filters', i, 'default', j], `Unknown group "${g}"`);
        else if (offered.size > 0 && !offered.has(g))
          report(['filters', i, 'default', j], `Group "${g}" is not offered by this filter`);
      });
    } else if (filter.type === 'checkbox') {
      checkFieldRef(filter.condition.field, ['filters', i, 'condition', 'field'], report);
    } else {
      checkFieldRef(filter.field, ['filters', i, 'field'], report);
      const values = new Set<string>();
      filter.options.forEach((o, j) => {
        if (values.has(o.value)) report(['filters', i, 'options', j, 'value'], `Duplicate option "${o.value}"`);
        values.add(o.value);
      });
      if (filter.default !== '' && !values.has(filter.default))
        report(['filters', i, 'default'], `"${filter.default}" is not one of the options`);
    }
  });

  doc.routes.forEach((route, i) => {
    if (!knownLayer(route.layer)) report(['routes', i, 'layer'], `Unknown layer "${route.layer}"`);
    if (route.closed && route.points.length < 3)
      report(['routes', i, 'points'], 'A closed route needs at least 3 points');
    if (route.connector && route.endpoint === undefined)
      report(['routes', i, 'endpoint'], 'A floor connector needs an endpoint id');
  });
}

function checkFieldRef(ref: string, path: Path, report: Report): void {
  if (ref.startsWith('fields.') && RESERVED_FIELD_KEYS.has(ref.slice(7))) {
    report(path, `"${ref.slice(7)}" is a built-in location field; use "${ref.slice(7)}" instead of "${ref}"`);
  }
}

const checkedDocument = documentShape.superRefine((doc, ctx) => {
  checkDocument(doc, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
});

// zod's runtime parser needs ~250 ms for 20,000 locations; its compiled parser about a third of that.
// Compiling uses `new Function`, so it happens on first parse, never under zod's `jitless` setting
// (pages with a strict CSP set it), and falls back to the runtime parser when evaluation is refused.
// A document the compiled parser rejects is parsed again by the runtime, which writes the messages.
let compiled: typeof checkedDocument | null | undefined;
function compiledParse(input: unknown): MapDocument | typeof z.INVALID {
  if (compiled === undefined) {
    const candidate = z.config().jitless ? checkedDocument : z.compile(checkedDocument);
    compiled = candidate === checkedDocument ? null : candidate;
  }
  if (compiled === null) return z.INVALID;
  const result = compiled.safeParse(input);
  return result.success ? result.data : z.INVALID;
}

/**
 * The strict schema for call input (createMap, saveMap, the editor): unknown keys, bad values,
 * duplicate ids and dangling references are errors whose path points at the offending value.
 */
export const strictMapDocument = z.withParser(checkedDocument, compiledParse);

/** The parsed document when `input` passes `strictMapDocument`, else undefined (faster: no error messages are written). */
export function parseIfValid(input: unknown): MapDocument | undefined {
  const fast = compiledParse(input);
  if (fast !== z.INVALID) return fast;
  // The compiled parser's answer already includes zod's own runtime fallback, so a rejection is final.
  if (compiled) return undefined;
  const result = checkedDocument.safeParse(input);
  return result.success ? result.data : undefined;
}

/** Counts shown in map lists (spec §3 Map.metrics). */
export function computeMetrics(doc: Pick<MapDocument, 'layers' | 'locations'>): {
  layerCount: number;
  locationCount: number;
} {
  return { layerCount: doc.layers.length, locationCount: doc.locations.length };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Settings of a new 1000x800 map (frozen: copy before changing). */
export const DEFAULT_SETTINGS: MapSettings = deepFreeze(settingsSchema.parse({ mapWidth: 1000, mapHeight: 800 }));

/** Options of a new map document. */
export interface BlankDocumentOptions {
  mapWidth?: number;
  mapHeight?: number;
  /** Base image URL of the first layer; '' (default) for a blank canvas. */
  file?: string;
  layerId?: string;
  layerName?: string;
}

/** A new, valid map document: one layer, default settings, 1000x800 unless given. */
export function blankDocument(opts: BlankDocumentOptions = {}): MapDocument {
  const settings = JSON.parse(JSON.stringify(DEFAULT_SETTINGS)) as MapSettings;
  settings.mapWidth = opts.mapWidth ?? 1000;
  settings.mapHeight = opts.mapHeight ?? 800;
  return {
    schemaVersion: SCHEMA_VERSION,
    settings,
    layers: [{ id: opts.layerId ?? 'layer-1', name: opts.layerName ?? 'Layer 1', file: opts.file ?? '' }],
    locations: [],
    groups: [],
    filters: [],
    styles: [],
    legend: [],
    routes: [],
    breakpoints: [{ name: 'mobile', below: 480, portrait: true }],
  };
}
