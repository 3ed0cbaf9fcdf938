/** Mapplic's locations: samples (templates) merged in, keys renamed to ours, other keys kept as custom fields, pixel coordinates made fractions. */
import { LOCATION_KEYS } from '../document/map-document';
import { describe, isPlainObject, type RepairLog } from '../repair/repair';
import { groupRefs, type GroupIndex } from './groups';
import { legacyPinType } from './legacy';
import { decodeEntities } from '../html-entities';
import { noteCode, type DescriptionCode } from './code';
import { plainText, removeEmbeds } from './text';
import { removeShortcodes, type DescriptionShortcodes } from './shortcodes';
import { isBlank, num, str, type Obj } from './values';

/**
 * Mapplic location keys with a place in our shape; any other key becomes a custom field. Mapplic has no `shape` (its
 * locations stand for the element with their id): a `shape` in an export is a custom field, as it always was, and a
 * location whose id another floor's location has gets its shape from repair (repairShapes).
 */
const LOCATION_MAPPED = /* @__PURE__ */ new Set([
  .../* @__PURE__ */ LOCATION_KEYS.filter((key) => key !== 'shape'),
  'sample',
  'group',
  'pin',
  'description',
  'thumbnail',
  'img',
  'fill',
  'x',
  'y',
  'category',
  'lat',
  'lon',
  'lng',
]);
/** Our location keys that Mapplic writes the same way, copied unless blank; the others are converted in convertLocation. */
const COPIED_KEYS = /* @__PURE__ */ LOCATION_KEYS.filter(
  (key) => !['type', 'layer', 'shape', 'groups', 'coord', 'latlon', 'action', 'fields'].includes(key),
);
const SAMPLE_SKIP = /* @__PURE__ */ new Set(['id', 'sample', 'coord', 'latlon', 'x', 'y', 'lat', 'lon', 'lng']);

function mergeSample(sample: Obj | undefined, loc: Obj): Obj {
  if (!sample) return loc;
  const out: Obj = {};
  for (const [k, v] of Object.entries(sample)) if (!SAMPLE_SKIP.has(k) && !isBlank(v)) out[k] = v;
  for (const [k, v] of Object.entries(loc)) if (!isBlank(v) || !(k in out)) out[k] = v;
  return out;
}

/** What converting a location needs: the groups, samples and map size, and where warnings and the pixel coordinate count go. */
export interface LocationContext {
  groups: GroupIndex;
  samples: Map<string, Obj>;
  mapWidth: number;
  mapHeight: number;
  log: RepairLog;
  pixelCoords: number;
  /** The scripts, handlers and javascript: links found in descriptions, for the report. */
  code: DescriptionCode;
  /** The WordPress shortcodes taken out of descriptions, for the report. */
  shortcodes: DescriptionShortcodes;
}

/** A Mapplic location (with its sample merged in) in our shape; values are left for repair to check. */
export function convertLocation(raw: Obj, i: number, ctx: LocationContext): Obj {
  const sampleId = str(raw.sample);
  let sample = ctx.samples.get(sampleId || 'def');
  if (sampleId !== '' && !sample) {
    ctx.log.warn(`locations.${i}: sample "${sampleId}" does not exist; used the default sample`);
    sample = ctx.samples.get('def');
  }
  const loc = mergeSample(sample, raw);
  const out: Obj = {};
  const fields: Obj = isPlainObject(loc.fields) ? { ...loc.fields } : {};
  for (const [key, value] of Object.entries(loc)) {
    if (LOCATION_MAPPED.has(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = decodeEntities(String(value));
    else if (!isBlank(value))
      ctx.log.warn(`locations.${i}.${key}: dropped ${describe(value)} (custom fields hold text)`);
  }
  for (const key of COPIED_KEYS) {
    if (!isBlank(loc[key])) out[key] = loc[key];
  }
  if (out.desc === undefined && !isBlank(loc.description)) out.desc = loc.description;
  if (out.thumb === undefined && !isBlank(loc.thumbnail)) out.thumb = loc.thumbnail;
  if (out.image === undefined && !isBlank(loc.img)) out.image = loc.img;
  if (out.color === undefined && !isBlank(loc.fill)) out.color = loc.fill;
  for (const key of PLAIN_TEXT_KEYS) if (key in out) out[key] = plainText(out[key]);
  if (typeof out.desc === 'string') out.desc = description(out.desc, i, str(loc.id), ctx);
  const type = str(loc.type).toLowerCase();
  if (type !== '') out.type = type === 'pin1' || type === 'pin2' ? 'pin' : type;
  else if (typeof loc.pin === 'string') out.type = legacyPinType(loc.pin);
  const action = str(loc.action).toLowerCase();
  if (action !== '' && action !== 'default') out.action = action;
  // Mapplic's empty layer means "every layer", which is our null.
  if (!isBlank(loc.layer)) out.layer = loc.layer;
  const refs = groupRefs(loc.groups ?? loc.group ?? loc.category);
  if (refs.length > 0)
    out.groups = [...new Set(refs.map((r) => ctx.groups.resolve(r, ctx.log, `locations.${i}.group`)))];
  const coord = coordOf(loc);
  if (coord) {
    const place = placeOn(coord, i, ctx);
    if (place) out.coord = place;
  } else if (!isBlank(loc.coord)) out.coord = loc.coord;
  if (!isBlank(loc.latlon)) out.latlon = loc.latlon;
  else if (num(loc.lat) !== undefined && num(loc.lon ?? loc.lng) !== undefined)
    out.latlon = [loc.lat, loc.lon ?? loc.lng];
  if (Object.keys(fields).length > 0) out.fields = fields;
  return out;
}

/** Our location keys shown as plain text, never as HTML: character references in them are decoded. */
const PLAIN_TEXT_KEYS = ['title', 'about', 'more', 'label'] as const;

/**
 * A description with its YouTube and Vimeo players, without its other embeds, each named in the report, nor its
 * WordPress shortcodes, and the code it holds noted for the report.
 */
function description(desc: string, i: number, id: string, ctx: LocationContext): string {
  const { html, removed } = removeEmbeds(removeShortcodes(desc, id || `#${i + 1}`, ctx.shortcodes));
  for (const what of removed)
    ctx.log.warn(`locations.${i}.desc: removed ${what}; Mapnest descriptions hold YouTube and Vimeo players only`);
  noteCode(html, id || `#${i + 1}`, ctx.code);
  return html;
}

/**
 * A position as fractions of the map: fractions as given, pixels within the map's size (hand-written exports; the
 * editor always wrote fractions) divided by it and counted. Anything else is neither, said, and left for the author to
 * place: read as pixels it was a pin in the map's corner, clamped a pin at its edge, where the map never drew it.
 */
function placeOn([x, y]: [number, number], i: number, ctx: LocationContext): [number, number] | undefined {
  const within = (v: number, max: number) => v >= 0 && v <= max;
  if (within(x, 1) && within(y, 1)) return [x, y];
  if (within(x, ctx.mapWidth) && within(y, ctx.mapHeight)) {
    ctx.pixelCoords++;
    return [x / ctx.mapWidth, y / ctx.mapHeight];
  }
  ctx.log.warn(
    `locations.${i}.coord: its position (${x}, ${y}) is neither fractions of the map (0 to 1) nor pixels within its ${ctx.mapWidth} × ${ctx.mapHeight}; left without a position for you to place`,
  );
  return undefined;
}

function coordOf(loc: Obj): [number, number] | undefined {
  const raw = loc.coord ?? (loc.x !== undefined || loc.y !== undefined ? [loc.x, loc.y] : undefined);
  const parts = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,;]+/).filter(Boolean) : undefined;
  if (!parts || parts.length !== 2) return undefined;
  const x = num(parts[0]);
  const y = num(parts[1]);
  return x === undefined || y === undefined ? undefined : [x, y];
}
