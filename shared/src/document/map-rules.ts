/**
 * The map document's rules that need no schema library: limits, id and colour patterns, marker
 * types, and the URL checks. The schema (map-document) is built on them and re-exports them; code
 * that must stay small (the embed's viewer reading a CSV of locations, ids, geo placement) imports
 * them from here, which keeps zod out of its bundle. See map-document for what the ids mean.
 */

/** The schema version this module reads and writes. */
export const SCHEMA_VERSION = 1 as const;

/**
 * Hard caps of a map document; the strict schema rejects anything beyond them. The text lengths and `documentBytes`
 * are 4x the longest of their kind in the largest real maps we could model (ADR 027, large-maps.fixtures.ts).
 */
export const MAP_LIMITS = {
  idLength: 64,
  layers: 100,
  locations: 100_000,
  groups: 1_000,
  filters: 100,
  filterOptions: 200,
  styles: 500,
  legend: 200,
  routes: 50_000,
  routePoints: 5_000,
  breakpoints: 20,
  groupsPerLocation: 100,
  fieldsPerLocation: 100,
  fieldKeyLength: 64,
  fieldValueLength: 1_200,
  titleLength: 240,
  nameLength: 100,
  aboutLength: 1_200,
  descLength: 8_000,
  urlLength: 2_048,
  contactLength: 500,
  buttonLabelLength: 50,
  uiTextLength: 100,
  labelChars: 3,
  cssLength: 100_000,
  mapPixels: 100_000,
  maxZoom: 50,
  /** The whole document as JSON (UTF-8 bytes, uncompressed). */
  documentBytes: 32_000_000,
} as const;

/** Id rule shared by every id in the document (see the module comment for why). */
export const ID_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$/;
/** Custom field keys: usable as `{{key}}` placeholders and in `fields.<key>` references. */
export const FIELD_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
/** Hex colours: #rgb, #rrggbb or #rrggbbaa. */
export const COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
/** Web Mercator cannot show the poles; latitudes are kept inside its square. */
export const MERCATOR_MAX_LAT = 85.0511287798;

export const MARKER_TYPES = ['hidden', 'circle', 'dot', 'square', 'rounded', 'pin', 'thumb', 'text'] as const;
/** 'lightbox': a large modal dialog with the location's image, title, description and link (Mapplic's lightbox). */
export const LOCATION_ACTIONS = ['tooltip', 'sidebar', 'lightbox', 'link', 'none'] as const;
/** What joins floors at a connector endpoint: lifts and ramps are step-free, stairs and escalators are not. */
export const CONNECTOR_KINDS = ['lift', 'stairs', 'escalator', 'ramp'] as const;
export const LINK_TARGETS = ['_self', '_blank', '_parent', '_top'] as const;
export const POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'off'] as const;
/** The map's corners (a position that is shown). */
export const CORNER_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export const WHEEL_MODES = ['always', 'modifier', 'off'] as const;
export const DIRECTORY_LAYOUTS = ['list', 'grid'] as const;
export const SIDES = ['left', 'right'] as const;
/** Location properties a filter, sort or condition can read, besides `fields.<key>`. */
export const BUILTIN_FIELDS = [
  'id',
  'title',
  'about',
  'desc',
  'layer',
  'groups',
  'type',
  'style',
  'label',
  'phone',
  'email',
  'hours',
  'link',
  'color',
] as const;
/** What search can look in; 'groups' means group names, 'fields' means every custom field. */
export const SEARCH_FIELDS = [
  'title',
  'about',
  'desc',
  'groups',
  'fields',
  'id',
  'label',
  'phone',
  'email',
  'hours',
] as const;
export const CONDITION_OPS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'empty',
  'notEmpty',
  'lt',
  'lte',
  'gt',
  'gte',
] as const;
export const FILTER_TYPES = ['groups', 'checkbox', 'dropdown'] as const;

export type MarkerType = (typeof MARKER_TYPES)[number];
export type LocationAction = (typeof LOCATION_ACTIONS)[number];
export type Position = (typeof POSITIONS)[number];
export type BuiltinField = (typeof BUILTIN_FIELDS)[number];
export type SearchField = (typeof SEARCH_FIELDS)[number];
export type ConditionOp = (typeof CONDITION_OPS)[number];

/** Location keys of the schema; custom field keys may not reuse them, so `{{key}}` is never ambiguous. */
export const LOCATION_KEYS = [
  'id',
  'title',
  'about',
  'desc',
  'thumb',
  'image',
  'link',
  'target',
  'more',
  'phone',
  'email',
  'hours',
  'color',
  'style',
  'label',
  'scale',
  'type',
  'layer',
  'shape',
  'groups',
  'coord',
  'latlon',
  'zoom',
  'action',
  'hide',
  'disable',
  'fields',
] as const;
/**
 * The keys a custom field may not have: the location keys, except `shape`, which came after custom fields did. A map
 * may have a custom field named "shape" from before (a Mapplic export's, a CSV column's), and it stays valid; nothing
 * reads the two alike (`{{shape}}` and `fields.shape` are the field, filters cannot read a location's shape).
 */
export const RESERVED_FIELD_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ LOCATION_KEYS.filter((key) => key !== 'shape'),
);

export const FIELD_REF_PATTERN = /* @__PURE__ */ new RegExp(
  `^(?:${/* @__PURE__ */ BUILTIN_FIELDS.join('|')}|fields\\.[A-Za-z_][A-Za-z0-9_-]{0,63})$`,
);
const SCHEME_PATTERN = /^([A-Za-z][A-Za-z0-9+.-]*):/;
// Browsers strip or ignore whitespace and control characters while reading a URL's scheme
// ("java\tscript:"), so a URL may contain none of them: the scheme we check is the one a browser uses.
// eslint-disable-next-line no-control-regex
const URL_CHARS_PATTERN = /^[^\s\u0000-\u001f\u007f]*$/;
export const WEB_SCHEMES: ReadonlySet<string> = /* @__PURE__ */ new Set(['http', 'https']);
export const LINK_SCHEMES: ReadonlySet<string> = /* @__PURE__ */ new Set(['http', 'https', 'mailto', 'tel']);
export const SHORT_TEXT_PATTERN = /^[\s\S]{0,3}$/u;

/** True when `value` is safe as an href/src: no scheme (relative), or one of `schemes`. */
export function isSafeUrl(value: string, schemes: ReadonlySet<string> = WEB_SCHEMES): boolean {
  if (!URL_CHARS_PATTERN.test(value)) return false;
  const scheme = SCHEME_PATTERN.exec(value)?.[1];
  return scheme === undefined || schemes.has(scheme.toLowerCase());
}

/** A cell a spreadsheet fills to say there is none ("-", "n/a", "none", "TBC"): in an address column, no address. */
export const saysNone = (value: string): boolean => /^(?:[-–—?]+|n\/?a|none|nil|null|tb[acd])$/i.test(value.trim());

/** The endings of files, not of domains: "menu.html" is a page of the site, not the host "menu.html". */
const FILE_ENDINGS = /^(?:html?|php|aspx?|jsp|pdf|jpe?g|png|gif|svg|webp|txt|csv|xml|json)$/i;

/**
 * A link or image address as people write it ("www.bakery.com", "bakery.co.uk/menu") made one a browser opens, with
 * https:// in front. In a page, "www.bakery.com" is a path of the page's own site (the customer's page embedding the
 * map: https://their-site/shops/www.bakery.com), so such a link goes nowhere. Addresses with a scheme, paths ("/shops",
 * "menu.html", "#hours") and anything that is not a host name are kept as they are.
 */
export function webAddress(value: string): string {
  const v = value.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(v) || /^[/#?.]/.test(v)) return value;
  const labels = (/^[^/?#\s]+/.exec(v)?.[0] ?? '').split('.');
  const ending = labels.at(-1)!;
  if (labels.length < 2 || !labels.every((l) => /^[a-z0-9-]+$/i.test(l))) return value;
  if (!/^[a-z]{2,24}$/i.test(ending) || FILE_ENDINGS.test(ending)) return value;
  return `https://${v}`;
}

/**
 * A location's e-mail as written, without the "mailto:" a sheet copied from a web page may put before an address. It
 * may hold several, separated by commas, which the viewer lists under its Email button (an e-mail program's ";" between
 * them becomes a comma).
 */
export const emailAddress = (value: string): string =>
  value
    .trim()
    .replace(/\s*;\s*/g, ', ')
    .replace(/(^|,\s*)mailto:/gi, '$1');

/**
 * Why `value` (after `emailAddress`) would give a location an Email button that writes to nobody ("info at bakery.com",
 * "bakery.com", "Ask in store"), or null: each address (of a list separated by commas) has a name, one @, and a domain
 * with a dot after it. An empty value is no e-mail, and no problem.
 */
export function emailProblem(value: string): string | null {
  const parts = value.split(',').map((part) => part.trim());
  const bad = parts.find((part) => part !== '' && !/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(part));
  if (bad !== undefined) return `“${bad}” is not an e-mail address (name@example.com)`;
  // Empty is no e-mail (no Email button); only commas is none of an address.
  return parts.some(Boolean) || value.trim() === ''
    ? null
    : `“${value.trim()}” is not an e-mail address (name@example.com)`;
}

/**
 * Why a location's phone (several separated by commas, as the viewer lists them) would give a Call button that dials
 * nothing ("TBC", "Ask in store"), or null: the viewer dials a number's digits (and +), so each needs some.
 */
export function phoneProblem(value: string): string | null {
  const bad = value
    .split(',')
    .map((part) => part.trim())
    .find((part) => part !== '' && (part.match(/\d/g)?.length ?? 0) < 3);
  return bad === undefined ? null : `“${bad}” is not a phone number (no number to dial)`;
}

/** True for a thumbnail or legend icon given as 1-3 characters of text rather than an image URL. */
export function isShortText(value: string): boolean {
  return SHORT_TEXT_PATTERN.test(value);
}

/** True when `value` names a location property for filters and sorting: a built-in name or `fields.<key>`. */
export function isFieldRef(value: string): boolean {
  return FIELD_REF_PATTERN.test(value);
}

/** The settings that are groups of options, each an object filled with defaults by the schema (`geo`, null or a calibration, is not one). */
export const SETTINGS_GROUPS = [
  'layout',
  'zoom',
  'controls',
  'directory',
  'search',
  'filters',
  'popup',
  'legend',
  'wayfinding',
  'text',
] as const;
