/** The legacy Mapplic format (jQuery, v3-v7: levels with nested locations, categories) brought to the v8 shape. */
import { describe, isPlainObject, type RepairLog } from '../repair/repair';
import { legacyOptions } from './legacy-options';
import { asList, flag, isBlank, str, type Obj } from './values';

/** The marker type a legacy pin's CSS classes stand for. */
export function legacyPinType(pin: string): string {
  const classes = pin.toLowerCase().split(/\s+/);
  if (classes.includes('hidden')) return 'hidden';
  if (classes.some((c) => c.startsWith('circular'))) return 'circle';
  return 'pin';
}

/** A legacy action as ours; `open-link-new-tab` was window.open(location.link) in mapplic.js v4: a link in a new tab. */
/** The jQuery plugin's own pin classes (`hidden`, `circular`, `pin-classic`, `pin-md`, `pin-label`, `iconpin`…). */
const MAPPLIC_PIN_CLASS = /^(?:hidden|circular.*|pin|pin-.*|iconpin)$/i;

/**
 * The author's own classes on a legacy pin (`my-pharmacy`), which the map's custom CSS styled and Mapnest's markers do
 * not carry; none for a hidden pin, which shows nothing.
 */
export function lostPinClasses(pin: string): string[] {
  if (legacyPinType(pin) === 'hidden') return [];
  return pin.split(/\s+/).filter((c) => c !== '' && !MAPPLIC_PIN_CLASS.test(c));
}

/** The report's line for the pins whose classes were not carried (`"g103" (pin-md, my-pharmacy)`), or null. */
function lostPinWarning(lost: string[]): string | null {
  if (lost.length === 0) return null;
  const shown = lost.slice(0, 5);
  if (lost.length > 5) shown.push(`${lost.length - 5} more`);
  return (
    `locations: the pins of ${lost.length} location${lost.length === 1 ? '' : 's'} have CSS classes of the map’s own, ` +
    `which are not carried over (${shown.join(', ')}): Mapnest draws its own marker, in the location’s colour or style`
  );
}

const LEGACY_ACTIONS: Record<string, { action?: string; disable?: boolean; target?: string }> = {
  tooltip: { action: 'tooltip' },
  lightbox: { action: 'lightbox' },
  sidebar: { action: 'sidebar' },
  external: { action: 'sidebar' },
  'open-link': { action: 'link' },
  'open-link-new-tab': { action: 'link', target: '_blank' },
  link: { action: 'link' },
  none: { action: 'none' },
  select: { action: 'none' },
  disabled: { disable: true },
  default: {},
};

/**
 * A legacy map in the v8 shape, as Mapplic's own migrate() does, its display options carried (legacy-options). `places`
 * says where each of its `locations` is in the file (`levels[1].locations[4]`), for the report.
 */
export function migrateLegacy(json: Obj, log: RepairLog): Obj {
  const options = legacyOptions(json, log);
  const settings: Obj = {
    ...options.settings,
    mapWidth: json.mapwidth ?? json.mapWidth,
    mapHeight: json.mapheight ?? json.mapHeight,
    maxZoom: json.maxscale ?? json.maxZoom,
    // The jQuery plugin's default pin colour.
    primaryColor: isBlank(json.fillcolor) ? undefined : json.fillcolor,
  };
  const defaultStyle = str(json.defaultstyle);
  const layers: Obj[] = [];
  const locations: Obj[] = [];
  // Where each location is in the file, for the report (the list above is all levels' locations in one).
  const places: string[] = [];
  const lostPins: string[] = [];
  // The jQuery plugin's `minimap` option, or a level's small image: the map gets our minimap (of the floor's image).
  let minimap = flag(json.minimap) === true;
  asList(json.levels).forEach((level, i) => {
    if (!isPlainObject(level)) {
      log.warn(`levels.${i}: dropped ${describe(level)} (Must be a level object)`);
      return;
    }
    const id = str(level.id) || `level-${i + 1}`;
    layers.push({ id, name: level.title ?? level.name, file: level.map ?? level.file });
    if (flag(level.show) && settings.layer === undefined) settings.layer = id;
    if (!isBlank(level.minimap)) minimap = true;
    asList(level.locations).forEach((loc, j) => {
      if (!isPlainObject(loc)) return;
      places.push(`levels[${i}].locations[${j}]`);
      const { description, x, y, fill, category, thumbnail, img, pin, action, ...rest } = loc;
      const out: Obj = { ...rest, layer: id };
      if (description !== undefined && out.desc === undefined) out.desc = description;
      if (x !== undefined || y !== undefined) out.coord = [x, y];
      if (fill !== undefined && out.color === undefined) out.color = fill;
      if (category !== undefined && out.group === undefined) out.group = category;
      if (thumbnail !== undefined && out.thumb === undefined) out.thumb = thumbnail;
      if (img !== undefined && out.image === undefined) out.image = img;
      if (typeof pin === 'string' && out.type === undefined) out.type = legacyPinType(pin);
      const lost = typeof pin === 'string' ? lostPinClasses(pin) : [];
      if (lost.length > 0) lostPins.push(`"${str(loc.id)}" (${lost.join(', ')})`);
      if (defaultStyle !== '' && isBlank(out.style) && isBlank(out.color)) out.style = defaultStyle;
      if (typeof action === 'string') {
        const mapped = LEGACY_ACTIONS[action.trim().toLowerCase()];
        if (mapped) Object.assign(out, mapped);
        else out.action = action;
      }
      locations.push(out);
    });
  });
  const pins = lostPinWarning(lostPins);
  if (pins) log.warn(pins);
  if (minimap) settings.minimap = true;
  const groups = asList(json.categories).map((c) =>
    isPlainObject(c)
      ? {
          id: c.id,
          name: c.title ?? c.name,
          color: c.color,
          hide: c.show === undefined ? undefined : flag(c.show) === false,
        }
      : c,
  );
  const out: Obj = { settings, layers, locations, places, groups, styles: asList(json.styles).map(legacyStyle) };
  // The search box had no setting of its own in v8's flat settings: it goes to ours as it is.
  if (options.search !== undefined) out.search = options.search;
  return out;
}

/**
 * A legacy style in the v8 shape. The jQuery plugin wrote states as objects (`base`, `hover`,
 * `active`, each with `fill`, `stroke`, `stroke-width`, `color`) or, like v8, as flat keys. A legacy
 * style (a location's, its category's, or `defaultstyle`) was a class on the location's SVG element;
 * its pin took the location's `fill`, else its category's colour, else `fillcolor`. So the style
 * applies to SVG elements only, and pins keep the colours they had (a light room style painted over
 * every pin left them grey on a grey plan).
 */
function legacyStyle(raw: unknown): unknown {
  if (!isPlainObject(raw)) return raw;
  const out: Obj = { marker: false, svg: true };
  for (const [k, v] of Object.entries(raw)) if (!isPlainObject(v)) out[k] = v;
  const states = [
    ['base', 'base'],
    ['normal', 'base'],
    ['hover', 'hover'],
    ['active', 'active'],
  ] as const;
  for (const [key, prefix] of states) {
    const state = raw[key];
    if (!isPlainObject(state)) continue;
    const put = (name: string, value: unknown) => {
      if (!isBlank(value) && out[name] === undefined) out[name] = value;
    };
    put(`${prefix}-color`, state.fill ?? state['fill-color'] ?? state.background);
    put(`${prefix}-stroke`, state.stroke);
    put(prefix === 'base' ? 'text-color' : `${prefix}-text`, state.color ?? state.text);
    if (prefix === 'base') put('stroke-width', state['stroke-width'] ?? state.strokeWidth);
  }
  return out;
}
