/**
 * Importing Mapplic maps: the v8 JSON (settings, layers, locations, samples, groups, filters,
 * styles, breakpoints, legend, routes) and the legacy jQuery format (mapwidth/mapheight,
 * categories, levels with nested locations using x/y/description/fill). The translation builds a
 * version-1-shaped object from Mapplic's names; repair then coerces values, makes ids valid and
 * resolves references, so the result always passes the strict schema.
 *
 * What cannot be carried over is reported, never run: filter `logic` and `settings.exclude` are
 * JavaScript, which Mapnest never executes.
 */
import { BUILTIN_FIELDS, blankDocument, LOCATION_KEYS, type MapDocument } from './map-document';
import { toFieldKey, toId } from './map-ids';
import { describe, finishRepair, isPlainObject, RepairLog, repairDocument } from './map-repair';

/** An imported document, what was changed or left out, and the map title when the export had one. */
export interface ImportResult {
  document: MapDocument;
  warnings: string[];
  title?: string;
}

type Obj = Record<string, unknown>;

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : isPlainObject(v) ? Object.values(v) : []);

/** Mapplic writes booleans as true/"true"/1; undefined when not given. */
function flag(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    const w = v.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(w)) return true;
    if (['false', '0', 'no', 'off', ''].includes(w)) return false;
  }
  return undefined;
}

/** Control positions: '' or false is off, true the default position. */
function position(v: unknown): unknown {
  if (v === undefined || v === true || v === 'true') return undefined;
  if (v === '' || v === false || v === null || v === 'false') return 'off';
  return v;
}

function num(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Drops keys whose value is undefined, so repair fills defaults. */
function compact(obj: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    out[k] = isPlainObject(v) ? compact(v) : v;
  }
  return out;
}

// ---- Legacy (jQuery, v3-v7) to v8 shape, as Mapplic's own migrate() does ----------------------

function legacyPinType(pin: string): string {
  const classes = pin.toLowerCase().split(/\s+/);
  if (classes.includes('hidden')) return 'hidden';
  if (classes.some((c) => c.startsWith('circular'))) return 'circle';
  return 'pin';
}

const LEGACY_ACTIONS: Record<string, { action?: string; disable?: boolean }> = {
  tooltip: { action: 'tooltip' },
  lightbox: { action: 'tooltip' },
  sidebar: { action: 'sidebar' },
  external: { action: 'sidebar' },
  'open-link': { action: 'link' },
  link: { action: 'link' },
  none: { action: 'none' },
  select: { action: 'none' },
  disabled: { disable: true },
  default: {},
};

function migrateLegacy(json: Obj, log: RepairLog): Obj {
  const settings: Obj = {
    mapWidth: json.mapwidth ?? json.mapWidth,
    mapHeight: json.mapheight ?? json.mapHeight,
    maxZoom: json.maxscale ?? json.maxZoom,
  };
  const layers: Obj[] = [];
  const locations: Obj[] = [];
  let minimap = false;
  asList(json.levels).forEach((level, i) => {
    if (!isPlainObject(level)) {
      log.warn(`levels.${i}: dropped ${describe(level)} (Must be a level object)`);
      return;
    }
    const id = str(level.id) || `level-${i + 1}`;
    layers.push({ id, name: level.title ?? level.name, file: level.map ?? level.file });
    if (flag(level.show) && settings.layer === undefined) settings.layer = id;
    if (!isBlank(level.minimap)) minimap = true;
    for (const loc of asList(level.locations)) {
      if (!isPlainObject(loc)) continue;
      const { description, x, y, fill, category, thumbnail, img, pin, action, ...rest } = loc;
      const out: Obj = { ...rest, layer: id };
      if (description !== undefined && out.desc === undefined) out.desc = description;
      if (x !== undefined || y !== undefined) out.coord = [x, y];
      if (fill !== undefined && out.color === undefined) out.color = fill;
      if (category !== undefined && out.group === undefined) out.group = category;
      if (thumbnail !== undefined && out.thumb === undefined) out.thumb = thumbnail;
      if (img !== undefined && out.image === undefined) out.image = img;
      if (typeof pin === 'string' && out.type === undefined) out.type = legacyPinType(pin);
      if (typeof action === 'string') {
        const mapped = LEGACY_ACTIONS[action.trim().toLowerCase()];
        if (mapped) Object.assign(out, mapped);
        else out.action = action;
      }
      locations.push(out);
    }
  });
  if (minimap) log.warn('levels: minimaps are not carried over (the map view shows the whole map instead)');
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
  const known = new Set([
    'mapwidth',
    'mapheight',
    'mapWidth',
    'mapHeight',
    'maxscale',
    'maxZoom',
    'levels',
    'categories',
  ]);
  const ignored = Object.keys(json).filter((k) => !known.has(k));
  if (ignored.length > 0) log.warn(`Ignored legacy options: ${ignored.join(', ')}`);
  return { settings, layers, locations, groups };
}

// ---- Settings ----------------------------------------------------------------------------------

/** Every flat Mapplic v8 setting this importer reads; the rest are reported. */
const SETTING_KEYS = new Set([
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

const BUILTIN: ReadonlySet<string> = new Set(BUILTIN_FIELDS);

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

function convertSettings(s: Obj, log: RepairLog): Obj {
  const extent = Array.isArray(s.extent)
    ? s.extent
    : typeof s.extent === 'string'
      ? s.extent.split(/[\s,]+/).filter(Boolean)
      : undefined;
  if (!isBlank(s.exclude))
    log.warn(
      'settings.exclude: dropped (it is JavaScript, which Mapnest never runs; hide or disable those locations instead)',
    );
  const ignored = Object.keys(s).filter((k) => !SETTING_KEYS.has(k));
  if (ignored.length > 0) log.warn(`settings: ignored unsupported settings ${ignored.map((k) => `"${k}"`).join(', ')}`);
  const csvOn = flag(s.csvEnabled);
  return compact({
    mapWidth: s.mapWidth,
    mapHeight: s.mapHeight,
    defaultLayer: isBlank(s.layer) ? undefined : s.layer,
    startLocation: isBlank(s.location) ? undefined : s.location,
    padding: s.padding,
    primaryColor: isBlank(s.primaryColor) ? undefined : s.primaryColor,
    css: s.css,
    deepLinking: flag(s.deeplinking) ?? false,
    csvUrl: csvOn && !isBlank(s.csv) ? s.csv : undefined,
    geo: flag(s.geo) && extent ? { extent } : undefined,
    layout: { kiosk: flag(s.kiosk) },
    zoom: {
      enabled: flag(s.zoom),
      maxZoom: s.maxZoom,
      wheel: wheelMode(s.mouseWheel, s.mouseWheelShift),
      resetOnClose: flag(s.closeReset),
      reduceMotion: flag(s.reduceMotion),
    },
    controls: {
      zoomButtons: position(s.zoomButtons),
      resetButton: position(s.resetButton),
      fullscreen: position(s.fullscreen),
      layerSwitcher: position(s.layerSwitcher),
      buttonLabels: typeof s.accessibility === 'string' ? s.accessibility.trim().toLowerCase() === 'plus' : undefined,
    },
    directory: {
      enabled: flag(s.sidebar),
      position: flag(s.rightSidebar) === undefined ? undefined : flag(s.rightSidebar) ? 'right' : 'left',
      width: s.sidebarWidth,
      groupBy: flag(s.groupBy),
      sort: sortField(s.ordered, s.orderBy),
      thumbnails: flag(s.thumbnails),
      toggle: flag(s.toggleSidebar),
      startClosed: flag(s.sidebarClosed),
    },
    filters: {
      enabled: flag(s.filters),
      alwaysVisible: flag(s.filtersAlwaysVisible),
      startOpen: flag(s.filtersOpened),
    },
    popup: {
      action: isBlank(s.action) ? undefined : s.action,
      hoverTooltip: flag(s.hoverTooltip),
      hoverAbout: flag(s.hoverAbout),
    },
    legend: {
      position: s.legend === undefined ? undefined : position(s.legend),
      title: s.legendTitle,
      columns: s.legendColumns,
      horizontal: flag(s.legendHorizontal),
      toggle: flag(s.legendToggle),
      startClosed: flag(s.legendClosed),
    },
    wayfinding: {
      enabled: flag(s.wayfinding),
      position: position(s.wayfindingControls),
      startOpen: flag(s.wayfindingOpened),
      lineWidth: s.wayfindingLineWidth,
      lineColor: isBlank(s.wayfindingLineColor) ? undefined : s.wayfindingLineColor,
      speed: s.wayfindingSpeed,
      smoothing: isBlank(s.wayfindingSmoothing) ? 0 : s.wayfindingSmoothing,
      fixedFrom: isBlank(s.wayfindingFixedFrom) ? undefined : s.wayfindingFixedFrom,
      accessibleToggle: flag(s.wayfindingAccessibility),
    },
    text: {
      more: s.moreText,
      search: s.searchText,
      clearAll: s.clearText,
      found: s.foundText,
      noResults: s.noresultsText,
    },
  });
}

// ---- Groups, samples and locations -------------------------------------------------------------

class GroupIndex {
  readonly groups: Obj[] = [];
  private readonly byName = new Map<string, string>();
  private readonly byLowerName = new Map<string, string>();
  private readonly byId = new Map<string, string>();
  private readonly taken = new Set<string>();

  constructor(raw: unknown, log: RepairLog) {
    asList(raw).forEach((g, i) => {
      if (!isPlainObject(g)) {
        log.warn(`groups.${i}: dropped ${describe(g)} (Must be a group object)`);
        return;
      }
      const name = str(g.name) || str(g.title) || str(g.id);
      if (name === '') {
        log.warn(`groups.${i}: dropped a group with neither name nor id`);
        return;
      }
      this.add(name, str(g.id), { color: isBlank(g.color) ? undefined : g.color, hide: flag(g.hide) });
    });
  }

  private add(name: string, rawId: string, extra: Obj): string {
    let id = toId(rawId) || toId(name) || 'group';
    for (let n = 2; this.taken.has(id); n++) id = `${(toId(rawId) || toId(name) || 'group').slice(0, 60)}-${n}`;
    this.taken.add(id);
    this.groups.push(compact({ id, name, ...extra }));
    if (!this.byName.has(name)) this.byName.set(name, id);
    if (!this.byLowerName.has(name.toLowerCase())) this.byLowerName.set(name.toLowerCase(), id);
    if (rawId !== '' && !this.byId.has(rawId)) this.byId.set(rawId, id);
    return id;
  }

  /** Group id for a name (or id) a location or filter uses; unknown names become new groups. */
  resolve(ref: string, log: RepairLog, where: string): string {
    const found = this.byName.get(ref) ?? this.byId.get(ref) ?? this.byLowerName.get(ref.toLowerCase());
    if (found !== undefined) return found;
    const id = this.add(ref, '', {});
    log.warn(`${where}: created group "${ref}", which was used but not defined`);
    return id;
  }
}

/** Mapplic location keys with a place in our shape; any other key becomes a custom field. */
const LOCATION_MAPPED = new Set([
  ...LOCATION_KEYS,
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
const SAMPLE_SKIP = new Set(['id', 'sample', 'coord', 'latlon', 'x', 'y', 'lat', 'lon', 'lng']);

function mergeSample(sample: Obj | undefined, loc: Obj): Obj {
  if (!sample) return loc;
  const out: Obj = {};
  for (const [k, v] of Object.entries(sample)) if (!SAMPLE_SKIP.has(k) && !isBlank(v)) out[k] = v;
  for (const [k, v] of Object.entries(loc)) if (!isBlank(v) || !(k in out)) out[k] = v;
  return out;
}

function groupRefs(value: unknown): string[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(',')
      : value === undefined || value === null
        ? []
        : [value];
  return list.map(str).filter((s) => s !== '');
}

interface LocationContext {
  groups: GroupIndex;
  samples: Map<string, Obj>;
  mapWidth: number;
  mapHeight: number;
  log: RepairLog;
  pixelCoords: number;
}

function convertLocation(raw: Obj, i: number, ctx: LocationContext): Obj {
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
      fields[key] = String(value);
    else if (!isBlank(value))
      ctx.log.warn(`locations.${i}.${key}: dropped ${describe(value)} (custom fields hold text)`);
  }
  for (const key of [
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
    'zoom',
    'hide',
    'disable',
  ] as const) {
    if (!isBlank(loc[key])) out[key] = loc[key];
  }
  if (out.desc === undefined && !isBlank(loc.description)) out.desc = loc.description;
  if (out.thumb === undefined && !isBlank(loc.thumbnail)) out.thumb = loc.thumbnail;
  if (out.image === undefined && !isBlank(loc.img)) out.image = loc.img;
  if (out.color === undefined && !isBlank(loc.fill)) out.color = loc.fill;
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
    let [x, y] = coord;
    if ((x > 1 || y > 1) && x <= ctx.mapWidth && y <= ctx.mapHeight) {
      // Pixel coordinates from hand-written exports: the editor always wrote fractions.
      x /= ctx.mapWidth;
      y /= ctx.mapHeight;
      ctx.pixelCoords++;
    }
    out.coord = [x, y];
  } else if (!isBlank(loc.coord)) out.coord = loc.coord;
  if (!isBlank(loc.latlon)) out.latlon = loc.latlon;
  else if (num(loc.lat) !== undefined && num(loc.lon ?? loc.lng) !== undefined)
    out.latlon = [loc.lat, loc.lon ?? loc.lng];
  if (Object.keys(fields).length > 0) out.fields = fields;
  return out;
}

function coordOf(loc: Obj): [number, number] | undefined {
  const raw = loc.coord ?? (loc.x !== undefined || loc.y !== undefined ? [loc.x, loc.y] : undefined);
  const parts = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,;]+/).filter(Boolean) : undefined;
  if (!parts || parts.length !== 2) return undefined;
  const x = num(parts[0]);
  const y = num(parts[1]);
  return x === undefined || y === undefined ? undefined : [x, y];
}

// ---- Filters, styles, breakpoints, legend, routes -----------------------------------------------

function convertFilters(raw: unknown, groups: GroupIndex, log: RepairLog): Obj[] {
  const out: Obj[] = [];
  asList(raw).forEach((f, i) => {
    if (!isPlainObject(f)) return;
    const label = `filter "${str(f.name) || str(f.id) || i}"`;
    const type = str(f.type).toLowerCase();
    if (type === 'tags' || type === 'groups' || type === '') {
      const pick = (v: unknown, where: string) =>
        groupRefs(v).map((r) => groups.resolve(r, log, `filters.${i}.${where}`));
      out.push({
        id: f.id,
        type: 'groups',
        name: f.name,
        disable: flag(f.disable),
        groups: pick(f.value, 'value'),
        default: pick(f.default, 'default'),
      });
    } else if (!isBlank(f.logic)) {
      log.warn(
        `filters.${i}: dropped ${label} (its logic is JavaScript, which Mapnest never runs; recreate it with a field condition)`,
      );
    } else {
      log.warn(
        `filters.${i}: dropped ${label} (a ${type} filter without logic has nothing to match; recreate it with a field condition)`,
      );
    }
  });
  return out;
}

function convertStyles(raw: unknown): unknown[] {
  return asList(raw).map((s) => {
    if (!isPlainObject(s)) return s;
    const color = (v: unknown) => (isBlank(v) ? undefined : v);
    return compact({
      id: s.class ?? s.id,
      name: s.class ?? s.name,
      markers: flag(s.marker),
      svg: flag(s.svg),
      normal: {
        fill: color(s['base-color']),
        stroke: color(s['base-stroke']),
        strokeWidth: isBlank(s['stroke-width']) ? undefined : s['stroke-width'],
        text: color(s['text-color']),
      },
      hover: { fill: color(s['hover-color']), stroke: color(s['hover-stroke']), text: color(s['hover-text']) },
      active: { fill: color(s['active-color']), stroke: color(s['active-stroke']), text: color(s['active-text']) },
    });
  });
}

/** The widest breakpoint (Mapplic's "all-screens", below 8000) holds the base layout; the rest stay breakpoints. */
function convertBreakpoints(raw: unknown, settings: Obj): unknown[] {
  const list = asList(raw).filter(isPlainObject);
  const widest = list.reduce<Obj | undefined>(
    (best, b) => ((num(b.below) ?? 0) > (num(best?.below) ?? 0) ? b : best),
    undefined,
  );
  const out: unknown[] = [];
  for (const b of list) {
    if (b === widest && (num(b.below) ?? 0) >= 2000 && !flag(b.portrait)) {
      const directory = (settings.directory ??= {}) as Obj;
      const layout = (settings.layout ??= {}) as Obj;
      if (!isBlank(b.sidebar)) directory.width = b.sidebar;
      if (!isBlank(b.type)) directory.layout = b.type;
      if (!isBlank(b.column)) directory.columns = b.column;
      if (!isBlank(b.container)) layout.height = b.container;
      continue;
    }
    out.push(
      compact({
        name: b.name,
        below: b.below,
        portrait: flag(b.portrait),
        sidebarWidth: isBlank(b.sidebar) ? undefined : b.sidebar,
        layout: isBlank(b.type) ? undefined : b.type,
        columns: isBlank(b.column) ? undefined : b.column,
        height: isBlank(b.container) ? undefined : b.container,
        elementHeight: isBlank(b.element) ? undefined : b.element,
      }),
    );
  }
  return out;
}

function convertLegend(raw: unknown): unknown[] {
  return asList(raw).map((item) =>
    isPlainObject(item)
      ? compact({
          id: item.id,
          text: item.text,
          icon: item.icon,
          color: isBlank(item.color) ? undefined : item.color,
          scale: item.scale,
          radius: item.radius,
          disable: flag(item.disable),
        })
      : item,
  );
}

function convertRoutes(raw: unknown, mapWidth: number, mapHeight: number): unknown[] {
  return asList(raw).map((r) => {
    if (!isPlainObject(r)) return r;
    const numbers = Array.isArray(r.points)
      ? r.points.flat(2).map(num)
      : str(r.points)
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(num);
    const points: number[][] = [];
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      const x = numbers[i];
      const y = numbers[i + 1];
      if (x !== undefined && y !== undefined) points.push([x / mapWidth, y / mapHeight]);
    }
    return compact({
      id: r.id,
      layer: r.layer,
      points,
      closed: str(r.element).toLowerCase() === 'polygon',
      endpoint: isBlank(r.endpoint) ? undefined : r.endpoint,
      connector: str(r.connect).toLowerCase() === 'layer',
      weight: isBlank(r.weight) ? undefined : r.weight,
      inaccessible: flag(r.inaccessible),
    });
  });
}

// ---- Entry point -------------------------------------------------------------------------------

const V8_KEYS = new Set([
  'settings',
  'layers',
  'locations',
  'samples',
  'groups',
  'filters',
  'styles',
  'breakpoints',
  'legend',
  'routes',
  'target',
  'schemaVersion',
]);

function translate(json: Obj, log: RepairLog): { raw: Obj; title?: string } {
  const legacy = Array.isArray(json.levels) || 'mapwidth' in json || 'categories' in json;
  const source = legacy ? migrateLegacy(json, log) : json;
  if (!legacy) {
    const ignored = Object.keys(json).filter((k) => !V8_KEYS.has(k));
    if (ignored.length > 0) log.warn(`Ignored unknown top-level keys: ${ignored.join(', ')}`);
  }
  const flat: Obj = isPlainObject(source.settings) ? source.settings : {};
  const settings = convertSettings(flat, log);
  const mapWidth = num(flat.mapWidth) ?? 1000;
  const mapHeight = num(flat.mapHeight) ?? 800;

  const groups = new GroupIndex(source.groups, log);
  const samples = new Map<string, Obj>();
  for (const s of asList(source.samples)) if (isPlainObject(s) && str(s.id) !== '') samples.set(str(s.id), s);
  const rawLocations = asList(source.locations);
  for (const l of rawLocations)
    if (isPlainObject(l) && flag(l.sample) === true && str(l.id) !== '') samples.set(str(l.id), l);

  const ctx: LocationContext = { groups, samples, mapWidth, mapHeight, log, pixelCoords: 0 };
  const locations: unknown[] = [];
  rawLocations.forEach((l, i) => {
    if (!isPlainObject(l)) locations.push(l);
    else if (flag(l.sample) !== true) locations.push(convertLocation(l, i, ctx));
  });
  if (ctx.pixelCoords > 0)
    log.warn(
      `locations: converted pixel coordinates of ${ctx.pixelCoords} location${ctx.pixelCoords > 1 ? 's' : ''} to map fractions`,
    );

  const layers = asList(source.layers).map((l) =>
    isPlainObject(l) ? compact({ id: l.id, name: l.name ?? l.title, file: l.file ?? l.map ?? '' }) : l,
  );
  const filters = convertFilters(source.filters, groups, log);
  const raw: Obj = {
    settings,
    layers,
    locations,
    groups: groups.groups,
    filters,
    styles: convertStyles(source.styles),
    legend: convertLegend(source.legend),
    routes: convertRoutes(source.routes, mapWidth, mapHeight),
    breakpoints: convertBreakpoints(source.breakpoints, settings),
  };
  const title = str(flat.title);
  return title === '' ? { raw } : { raw, title };
}

/**
 * A Mapplic map (v8 JSON or the legacy levels/categories format, as an object or JSON text) as a
 * valid version-1 document; warnings list what was changed or left out. Never throws.
 */
export function importMapplic(json: unknown): ImportResult {
  const log = new RepairLog();
  try {
    let value = json;
    if (typeof value === 'string') value = JSON.parse(value);
    if (!isPlainObject(value))
      return { document: blankDocument(), warnings: ['The Mapplic file is not a JSON object; started an empty map.'] };
    const { raw, title } = translate(value, log);
    const document = finishRepair(repairDocument(raw, log), log);
    return title === undefined
      ? { document, warnings: log.list() }
      : { document, warnings: log.list(), title: title.slice(0, 100) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      document: blankDocument(),
      warnings: [...log.list(), `The Mapplic file could not be read (${reason}); started an empty map.`],
    };
  }
}
