/**
 * The jQuery plugin's display options (v3-v7), which its WordPress admin wrote into the map's JSON next to `levels`:
 * each one Mapnest has an equivalent for is carried to it (through the v8 setting of the same meaning, which
 * convertSettings reads), and each one it has none for is named with the reason.
 */
import type { RepairLog } from '../repair/repair';
import { flag, isBlank, type Obj } from './values';

/** The legacy option and the v8 setting that means the same (read by convertSettings as a v8 export's would be). */
const AS_V8: Readonly<Record<string, string>> = {
  // The sidebar held the list of locations and its search box: without it, no directory (and so no search).
  sidebar: 'sidebar',
  zoombuttons: 'zoomButtons',
  // The "clear" button closed the location and zoomed back out: Mapnest's reset button.
  clearbutton: 'resetButton',
  fullscreen: 'fullscreen',
  deeplinking: 'deeplinking',
  mousewheel: 'mouseWheel',
  zoom: 'zoom',
  alphabetic: 'ordered',
  zoomoutclose: 'closeReset',
  moretext: 'moreText',
};

/** Why a legacy option Mapnest has no equivalent for is left out; the others get the general reason. */
const NO_EQUIVALENT: Readonly<Record<string, string>> = {
  hovertipdesc:
    'the hover tooltip showed the description; Mapnest’s shows the title, and the “about” text when that is on',
  developer: 'it showed coordinates under the pointer; the editor places locations instead',
  skin: 'Mapnest’s look comes from the primary colour, the styles and the map’s CSS',
  height: 'the page that embeds the map sets its height',
  portrait: 'Mapnest’s layout for narrow screens is set by breakpoints',
  searchfields: 'Mapnest searches the fields chosen in the search settings',
  selector: 'Mapnest binds SVG shapes by their ids',
  landmark: 'Mapnest binds SVG shapes by their ids',
  source: 'the JSON is the map itself',
};

/** Legacy keys migrateLegacy reads itself. */
const MIGRATED = new Set([
  'mapwidth',
  'mapheight',
  'mapWidth',
  'mapHeight',
  'maxscale',
  'maxZoom',
  'levels',
  'categories',
  'fillcolor',
  'defaultstyle',
  'styles',
  'minimap',
]);

/** A legacy `action` the map-wide default can take (a location's own is read with LEGACY_ACTIONS). */
const DEFAULT_ACTIONS: Readonly<Record<string, string>> = {
  tooltip: 'tooltip',
  lightbox: 'lightbox',
  sidebar: 'sidebar',
  'open-link': 'link',
  link: 'link',
  none: 'none',
  select: 'none',
};

/**
 * The legacy display options as v8 flat settings (`settings`), the search switch, which v8 has no flat setting for,
 * and every other option reported as ignored with its reason.
 */
export function legacyOptions(json: Obj, log: RepairLog): { settings: Obj; search?: unknown } {
  const settings: Obj = {};
  let search: unknown;
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(json)) {
    if (MIGRATED.has(key)) continue;
    if (key in AS_V8) settings[AS_V8[key]!] = value;
    else if (key === 'search') search = value;
    else if (key === 'hovertip') Object.assign(settings, hovertip(value, ignored));
    else if (key === 'action') {
      const action = typeof value === 'string' ? DEFAULT_ACTIONS[value.trim().toLowerCase()] : undefined;
      // 'default' was the plugin's own default: Mapnest's (a popup on the map) stands for it.
      if (action) settings.action = action;
      else if (typeof value !== 'string' || value.trim().toLowerCase() !== 'default') ignored.push(why(key));
    } else if (!(key === 'hovertipdesc' && flag(value) === false)) ignored.push(why(key));
  }
  if (ignored.length > 0) log.warn(`Ignored legacy options: ${ignored.join('; ')}`);
  return search === undefined ? { settings } : { settings, search };
}

/** `hovertip` is on/off, or an object whose `desc` also showed the description (which Mapnest does not). */
function hovertip(value: unknown, ignored: string[]): Obj {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const desc = (value as Obj).desc;
    if (!isBlank(desc) && flag(desc) !== false) ignored.push(why('hovertipdesc', 'hovertip.desc'));
    return { hoverTooltip: true };
  }
  return { hoverTooltip: value };
}

const why = (key: string, name = key) => `${name} (${NO_EQUIVALENT[key] ?? 'Mapnest has no equivalent option'})`;
