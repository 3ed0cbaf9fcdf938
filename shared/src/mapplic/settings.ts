/** Mapplic's flat settings sorted into our groups of options; settings that cannot be carried over are reported. */
import { BUILTIN_FIELDS } from '../document/map-document';
import { toFieldKey } from '../document/map-ids';
import type { RepairLog } from '../repair/repair';
import { plainText } from './text';
import { compact, flag, isBlank, position, str, type Obj } from './values';

/** Every flat Mapplic v8 setting this importer reads; the rest are reported. */
const SETTING_KEYS = /* @__PURE__ */ new Set([
  'title',
  'mapWidth',
  'mapHeight',
  'layer',
  'layerSwitcher',
  'geo',
  'extent',
  'location',
  'padding',
  'kiosk',
  'zoom',
  'maxZoom',
  'zoomButtons',
  'resetButton',
  'mouseWheel',
  'mouseWheelShift',
  'closeReset',
  'reduceMotion',
  'fullscreen',
  'hoverTooltip',
  'hoverAbout',
  'deeplinking',
  'accessibility',
  'action',
  'sidebar',
  'ordered',
  'orderBy',
  'groupBy',
  'thumbnails',
  'toggleSidebar',
  'sidebarClosed',
  'rightSidebar',
  'sidebarWidth',
  'filters',
  'filtersAlwaysVisible',
  'filtersOpened',
  'exclude',
  'csvEnabled',
  'csv',
  'primaryColor',
  'css',
  'moreText',
  'searchText',
  'clearText',
  'foundText',
  'noresultsText',
  'minimap',
  'legend',
  'legendColumns',
  'legendHorizontal',
  'legendToggle',
  'legendClosed',
  'legendTitle',
  'wayfinding',
  'wayfindingControls',
  'wayfindingOpened',
  'wayfindingLineWidth',
  'wayfindingLineColor',
  'wayfindingSpeed',
  'wayfindingSmoothing',
  'wayfindingFixedFrom',
  'wayfindingAccessibility',
]);

const BUILTIN: ReadonlySet<string> = /* @__PURE__ */ new Set(BUILTIN_FIELDS);

function sortField(ordered: unknown, orderBy: unknown): string | undefined {
  const by = str(orderBy);
  if (by !== '') {
    if (by === 'group') return 'groups';
    return BUILTIN.has(by) ? by : `fields.${toFieldKey(by)}`;
  }
  const on = flag(ordered);
  return on === undefined ? undefined : on ? 'title' : 'none';
}

function wheelMode(wheel: unknown, shift: unknown): string | undefined {
  if (flag(wheel) === false) return 'off';
  if (flag(shift)) return 'modifier';
  return wheel === undefined ? undefined : 'always';
}

/** `settings.exclude` (JavaScript) and settings this importer does not read, reported. */
function reportLeftOut(s: Obj, log: RepairLog): void {
  if (!isBlank(s.exclude))
    log.warn(
      'settings.exclude: dropped (it is JavaScript, which Mapnest never runs; hide or disable those locations instead)',
    );
  const ignored = Object.keys(s).filter((k) => !SETTING_KEYS.has(k));
  if (ignored.length > 0) log.warn(`settings: ignored unsupported settings ${ignored.map((k) => `"${k}"`).join(', ')}`);
}

/** The geographic calibration, when `geo` is on and an extent is given (a list, or text of four numbers). */
function geoCalibration(s: Obj): Obj | undefined {
  const extent = Array.isArray(s.extent)
    ? s.extent
    : typeof s.extent === 'string'
      ? s.extent.split(/[\s,]+/).filter(Boolean)
      : undefined;
  return flag(s.geo) && extent ? { extent } : undefined;
}

const zoomSettings = (s: Obj): Obj => ({
  enabled: flag(s.zoom),
  maxZoom: s.maxZoom,
  wheel: wheelMode(s.mouseWheel, s.mouseWheelShift),
  resetOnClose: flag(s.closeReset),
  reduceMotion: flag(s.reduceMotion),
});

const controlSettings = (s: Obj): Obj => ({
  zoomButtons: position(s.zoomButtons),
  resetButton: position(s.resetButton),
  fullscreen: position(s.fullscreen),
  layerSwitcher: position(s.layerSwitcher),
  buttonLabels: typeof s.accessibility === 'string' ? s.accessibility.trim().toLowerCase() === 'plus' : undefined,
});

const directorySettings = (s: Obj): Obj => ({
  enabled: flag(s.sidebar),
  position: flag(s.rightSidebar) === undefined ? undefined : flag(s.rightSidebar) ? 'right' : 'left',
  width: s.sidebarWidth,
  groupBy: flag(s.groupBy),
  sort: sortField(s.ordered, s.orderBy),
  thumbnails: flag(s.thumbnails),
  toggle: flag(s.toggleSidebar),
  startClosed: flag(s.sidebarClosed),
});

const filterSettings = (s: Obj): Obj => ({
  enabled: flag(s.filters),
  alwaysVisible: flag(s.filtersAlwaysVisible),
  startOpen: flag(s.filtersOpened),
});

const popupSettings = (s: Obj): Obj => ({
  action: isBlank(s.action) ? undefined : s.action,
  hoverTooltip: flag(s.hoverTooltip),
  hoverAbout: flag(s.hoverAbout),
});

const legendSettings = (s: Obj): Obj => ({
  position: s.legend === undefined ? undefined : position(s.legend),
  title: plainText(s.legendTitle),
  columns: s.legendColumns,
  horizontal: flag(s.legendHorizontal),
  toggle: flag(s.legendToggle),
  startClosed: flag(s.legendClosed),
});

const wayfindingSettings = (s: Obj): Obj => ({
  enabled: flag(s.wayfinding),
  position: position(s.wayfindingControls),
  startOpen: flag(s.wayfindingOpened),
  lineWidth: s.wayfindingLineWidth,
  lineColor: isBlank(s.wayfindingLineColor) ? undefined : s.wayfindingLineColor,
  speed: s.wayfindingSpeed,
  smoothing: isBlank(s.wayfindingSmoothing) ? 0 : s.wayfindingSmoothing,
  fixedFrom: isBlank(s.wayfindingFixedFrom) ? undefined : s.wayfindingFixedFrom,
  accessibleToggle: flag(s.wayfindingAccessibility),
});

const textSettings = (s: Obj): Obj => ({
  more: plainText(s.moreText),
  search: plainText(s.searchText),
  clearAll: plainText(s.clearText),
  found: plainText(s.foundText),
  noResults: plainText(s.noresultsText),
});

/** Mapplic's flat settings as our settings object; values are left for repair to check. */
export function convertSettings(s: Obj, log: RepairLog): Obj {
  reportLeftOut(s, log);
  const csvOn = flag(s.csvEnabled);
  return compact({
    mapWidth: s.mapWidth,
    mapHeight: s.mapHeight,
    defaultLayer: isBlank(s.layer) ? undefined : s.layer,
    startLocation: isBlank(s.location) ? undefined : s.location,
    padding: s.padding,
    primaryColor: isBlank(s.primaryColor) ? undefined : s.primaryColor,
    css: s.css,
    // Mapplic paints a location's SVG element in its own colour or style only; its groups colour markers and the list.
    tintRegionsByGroup: false,
    deepLinking: flag(s.deeplinking) ?? false,
    csvUrl: csvOn && !isBlank(s.csv) ? s.csv : undefined,
    geo: geoCalibration(s),
    layout: { kiosk: flag(s.kiosk) },
    zoom: zoomSettings(s),
    controls: controlSettings(s),
    directory: directorySettings(s),
    filters: filterSettings(s),
    popup: popupSettings(s),
    // Mapplic's minimap showed a small image per level; ours draws the floor's own image small.
    minimap: { enabled: flag(s.minimap) },
    legend: legendSettings(s),
    wayfinding: wayfindingSettings(s),
    text: textSettings(s),
  });
}
