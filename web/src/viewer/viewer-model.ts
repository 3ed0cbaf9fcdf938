/**
 * Resolves a map document into what the viewer draws and lists: each location's effective marker,
 * colours, action, placement and searchable text, computed once per document so rendering,
 * hit testing and search never consult styles, groups or settings again.
 */
import type {
  Group,
  Layer,
  LocationAction,
  MapDocument,
  MapSettings,
  Location,
  Style,
} from '@mapnest/shared/map-document';
import type { FilterValue } from '../map-core/conditions';
import { defaultFilterValue, fieldText, passesFilter } from '../map-core/conditions';
import type { Rect, Size } from '../map-core/coords';
import { SearchIndex } from '../map-core/filter';
// map-geo imports only the zod-free rules (map-rules), so it costs the embed a few lines.
import { latLonToMap } from '@mapnest/shared/map-geo';
// Zod-free too: which shape a location stands for (ADR 061).
import { shapeOf } from '@mapnest/shared/location-shapes';
import { fillPlaceholders } from '@mapnest/shared/about-text';
import type { MarkerKind } from '../map-core/marker-geometry';
import { PointIndex } from '../map-core/spatial-index';
import { ascendingOrder } from '../map-core/ascending-order';
import { htmlToText, queryTerms } from '../map-core/text-search';
import { escapeHtml } from './sanitize';
import { ViewerText, type ViewerLanguageMessages } from './i18n/messages';

export interface ResolvedLocation {
  readonly index: number;
  readonly source: Location;
  readonly id: string;
  readonly title: string;
  readonly about: string;
  /** Rich description with placeholders filled in; still unsanitised. */
  readonly desc: string;
  readonly kind: MarkerKind;
  readonly fill: string;
  readonly stroke: string | null;
  readonly textColor: string | null;
  readonly hoverFill: string | null;
  readonly activeFill: string | null;
  /** Region colours when the style applies to SVG elements (null keeps the SVG's own paint). */
  readonly region: {
    fill: string | null;
    stroke: string | null;
    strokeWidth: number | null;
    hoverFill: string | null;
    hoverStroke: string | null;
    activeFill: string | null;
    activeStroke: string | null;
  };
  readonly scale: number;
  readonly label: string;
  /** Layer id, or null for every layer. */
  readonly layer: string | null;
  /**
   * The id of the SVG element the location stands for on its floor (its region): its `shape`, else its id (always its
   * id on every floor; `shapeOf`, ADR 061). Links, search and analytics name the location by `id`.
   */
  readonly shape: string;
  readonly groupIds: readonly string[];
  readonly groupNames: readonly string[];
  /** Normalised [x, y]; null until estimated from the SVG element with the same id. */
  coord: readonly [number, number] | null;
  readonly zoom: number | null;
  readonly action: LocationAction;
  /** Shown in the directory. */
  readonly listed: boolean;
  /** Can be opened (not disabled, action not none). */
  readonly clickable: boolean;
}

export interface ViewerModel {
  readonly doc: MapDocument;
  readonly settings: MapSettings;
  readonly image: Size;
  readonly layers: readonly Layer[];
  readonly defaultLayer: string;
  readonly locations: ResolvedLocation[];
  readonly byId: ReadonlyMap<string, ResolvedLocation>;
  /** Groups shown to visitors (not hidden), in document order. */
  readonly groups: readonly Group[];
  readonly groupById: ReadonlyMap<string, Group>;
  readonly search: SearchIndex;
  /** The interface's texts in the viewer's language, with the map's own texts over them (i18n/messages.ts). */
  readonly text: ViewerText;
}

/** What resolving a location reads besides the location: the map's settings, styles and groups. */
interface ResolveContext {
  readonly settings: MapSettings;
  readonly styles: ReadonlyMap<string, Style>;
  readonly groupById: ReadonlyMap<string, Group>;
  /** The frozen group lists of a location in one group, by group id, shared by every location in it alone. */
  readonly loneGroups: Map<string, { readonly ids: readonly string[]; readonly names: readonly string[] }>;
  /** The frozen region colours of a location coloured by `color` alone, shared by every such location. */
  readonly colourRegions: Map<string, Region>;
}

type Region = ResolvedLocation['region'];

/** The region colours of a location without an SVG style or colour of its own: the SVG keeps its own paint. */
const SVG_OWN_PAINT: Region = Object.freeze({
  fill: null,
  stroke: null,
  strokeWidth: null,
  hoverFill: null,
  hoverStroke: null,
  activeFill: null,
  activeStroke: null,
});

const NO_GROUPS: readonly string[] = Object.freeze([]);

/**
 * A location as the viewer shows it: its groups, style and the map's defaults applied. A map's thousands of
 * locations are resolved before its first drawing, by code that has not yet been optimised: the common case (a group
 * or two, no style) takes few steps, and allocates little (each allocation adds to the young-generation collections
 * that fall inside the first drawing): locations share frozen region colours and one-group lists where they are the
 * same, and the document's coordinate pair.
 */
function resolveLocation(loc: Location, index: number, context: ResolveContext): ResolvedLocation {
  const { settings, styles, groupById } = context;
  let groupIds = NO_GROUPS;
  let groupNames = NO_GROUPS;
  let groupColor: string | undefined;
  const ids = loc.groups ?? NO_GROUPS;
  const only = ids.length === 1 ? groupById.get(ids[0]!) : undefined;
  if (only) {
    // Most locations have one group: the locations of a group share its lists.
    let lists = context.loneGroups.get(only.id);
    if (!lists)
      context.loneGroups.set(only.id, (lists = { ids: Object.freeze([only.id]), names: Object.freeze([only.name]) }));
    groupIds = lists.ids;
    groupNames = lists.names;
    groupColor = only.color;
  } else if (ids.length) {
    const gi: string[] = [];
    const gn: string[] = [];
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!;
      const g = groupById.get(id);
      if (!g) continue;
      gi.push(id);
      gn.push(g.name);
      groupColor ||= g.color;
    }
    if (gi.length) {
      groupIds = gi;
      groupNames = gn;
    }
  }
  const style = loc.style ? (styles.get(loc.style) ?? null) : null;
  const markerStyle = style?.markers ? style : null;
  const svgStyle = style?.svg ? style : null;
  const c = loc.coord;
  const geo = settings.geo;
  // The document's own pair (documents are replaced, never changed in place), or one placed from latitude and longitude.
  const coord = c ?? (loc.latlon && geo ? latLonToMap(loc.latlon, geo.extent) : null);
  const action = loc.action ?? settings.popup.action;
  const kind = loc.type ?? settings.markerType;
  return {
    index,
    source: loc,
    id: loc.id,
    title: loc.title ?? '',
    about: fillPlaceholders(loc.about ?? '', loc, groupNames),
    desc: fillPlaceholders(loc.desc ?? '', loc, groupNames, escapeHtml),
    kind,
    fill: markerStyle?.normal.fill ?? loc.color ?? groupColor ?? settings.primaryColor,
    stroke: markerStyle ? (markerStyle.normal.stroke ?? null) : null,
    textColor: markerStyle ? (markerStyle.normal.text ?? null) : null,
    hoverFill: markerStyle ? (markerStyle.hover.fill ?? null) : null,
    activeFill: markerStyle ? (markerStyle.active.fill ?? null) : null,
    region: svgStyle
      ? {
          fill: svgStyle.normal.fill ?? loc.color ?? null,
          stroke: svgStyle.normal.stroke ?? null,
          strokeWidth: svgStyle.normal.strokeWidth ?? null,
          hoverFill: svgStyle.hover.fill ?? null,
          hoverStroke: svgStyle.hover.stroke ?? null,
          activeFill: svgStyle.active.fill ?? null,
          activeStroke: svgStyle.active.stroke ?? null,
        }
      : loc.color
        ? colourRegion(context.colourRegions, loc.color)
        : groupColor && kind === 'hidden' && settings.tintRegionsByGroup !== false
          ? colourRegion(context.colourRegions, groupTint(groupColor))
          : SVG_OWN_PAINT,
    scale: loc.scale ?? 1,
    label: loc.label ?? '',
    layer: loc.layer ?? null,
    shape: shapeOf(loc),
    groupIds,
    groupNames,
    coord: coord && Number.isFinite(coord[0]) && Number.isFinite(coord[1]) ? coord : null,
    zoom: loc.zoom ?? null,
    action,
    listed: !loc.hide && !loc.disable,
    clickable: !loc.disable && action !== 'none',
  };
}

/**
 * The region of a location shown by its SVG element alone (a hidden marker) takes its group's colour, as its marker
 * would have: otherwise a site plan's status groups (available, sold) colour nothing a visitor sees on the map. A tint,
 * so the plan's own dark labels on it stay readable.
 */
function groupTint(colour: string): string {
  return `color-mix(in srgb, ${colour} 35%, #fff)`;
}

/** A region painted in a location's colour alone (no SVG style), one frozen copy per colour. */
function colourRegion(regions: Map<string, Region>, fill: string): Region {
  let region = regions.get(fill);
  if (!region) regions.set(fill, (region = Object.freeze({ ...SVG_OWN_PAINT, fill })));
  return region;
}

/** The floor a map shows when nothing names another: its default floor when it has that floor, else its first. */
export function defaultLayerId({ settings, layers }: Pick<MapDocument, 'settings' | 'layers'>): string {
  return settings.defaultLayer && layers.some((l) => l.id === settings.defaultLayer)
    ? settings.defaultLayer
    : (layers[0]?.id ?? '');
}

/** Builds the viewer model of a document; its texts are in `language` (English without one). */
export function buildModel(doc: MapDocument, language?: ViewerLanguageMessages): ViewerModel {
  const { settings } = doc;
  const styles = new Map<string, Style>(doc.styles.map((s) => [s.id, s]));
  const groupById = new Map<string, Group>(doc.groups.map((g) => [g.id, g]));
  const context: ResolveContext = { settings, styles, groupById, loneGroups: new Map(), colourRegions: new Map() };
  const locations = doc.locations.map((loc, index) => resolveLocation(loc, index, context));
  const byId = new Map<string, ResolvedLocation>();
  for (let i = 0; i < locations.length; i++) byId.set(locations[i]!.id, locations[i]!);
  const layers = doc.layers;
  return withLazySearch(
    {
      doc,
      settings,
      image: { width: settings.mapWidth, height: settings.mapHeight },
      layers,
      defaultLayer: defaultLayerId(doc),
      locations,
      byId,
      groups: doc.groups.filter((g) => !g.hide),
      groupById,
      text: new ViewerText(language?.lang, language?.messages, settings),
    },
    locations,
    settings.search.fields,
  );
}

/**
 * The model of `doc` when only some locations changed: `locations` and `byId` come from the caller
 * (the editor re-resolves just the changed ones), the rest is shared with `model`.
 */
export function patchModel(
  model: ViewerModel,
  doc: MapDocument,
  locations: ResolvedLocation[],
  byId: ReadonlyMap<string, ResolvedLocation>,
): ViewerModel {
  const { settings, image, layers, defaultLayer, groups, groupById, text } = model;
  return withLazySearch(
    { doc, settings, image, layers, defaultLayer, locations, byId, groups, groupById, text },
    locations,
    settings.search.fields,
  );
}

/**
 * Gives a model its `search` index, built on first read: folding every text costs real time on big
 * maps. Not enumerable, so copying a model never builds it by accident.
 */
function withLazySearch<T extends object>(
  model: T,
  locations: readonly ResolvedLocation[],
  fields: readonly string[],
): T & { readonly search: SearchIndex } {
  const searchFields = new Set(fields);
  let search: SearchIndex | null = null;
  const build = () =>
    new SearchIndex(
      locations.map((l) => ({
        groups: l.groupIds,
        texts: [
          searchFields.has('title') ? l.title : null,
          searchFields.has('about') ? l.about : null,
          searchFields.has('desc') && l.desc ? htmlToText(l.desc) : null,
          searchFields.has('groups') ? l.groupNames.join(' ') : null,
          searchFields.has('fields') && l.source.fields ? Object.values(l.source.fields).join(' ') : null,
          searchFields.has('id') ? l.id : null,
          searchFields.has('label') ? l.label : null,
          searchFields.has('phone') ? (l.source.phone ?? null) : null,
          searchFields.has('email') ? (l.source.email ?? null) : null,
          searchFields.has('hours') ? (l.source.hours ?? null) : null,
        ],
      })),
    );
  return Object.defineProperty(model, 'search', { enumerable: false, get: () => (search ??= build()) }) as T & {
    readonly search: SearchIndex;
  };
}

/** The visitor's search and filter choices. */
export interface FilterState {
  readonly query: string;
  /** Values of the document's filters by filter id; '__groups' holds the built-in group tags. */
  readonly values: Readonly<Record<string, FilterValue>>;
}

/** Id of the built-in group-tag filter offered when a document defines no filters of its own. */
export const BUILTIN_GROUP_FILTER = '__groups';

/** The filter state a map starts with (its filters' defaults). */
export function initialFilterState(model: ViewerModel): FilterState {
  const values: Record<string, FilterValue> = {};
  for (const f of model.doc.filters) values[f.id] = defaultFilterValue(f);
  return { query: '', values };
}

/** Every filter cleared and no search: what "Clear" in the directory does. */
export function clearedFilterState(model: ViewerModel): FilterState {
  const values = Object.fromEntries(
    model.doc.filters.map((f) => [f.id, f.type === 'groups' ? [] : f.type === 'checkbox' ? false : '']),
  );
  return { query: '', values };
}

/**
 * Filter values with the groups to show set on the map's own group filter (or the built-in one when
 * it has none); unknown group ids are dropped. The host page's setFilters uses it.
 */
export function withGroups(
  model: ViewerModel,
  values: Readonly<Record<string, FilterValue>>,
  groups: readonly string[],
): Record<string, FilterValue> {
  const own = model.doc.filters.find((f) => f.type === 'groups' && !f.disable);
  return { ...values, [own ? own.id : BUILTIN_GROUP_FILTER]: groups.filter((g) => model.groupById.has(g)) };
}

/** True when a search or any filter narrows the locations down. */
export function isFilterActive(model: ViewerModel, state: FilterState): boolean {
  if (queryTerms(state.query).length > 0) return true;
  const tags = state.values[BUILTIN_GROUP_FILTER];
  if (Array.isArray(tags) && tags.length > 0) return true;
  return model.doc.filters.some((f) => {
    const v = state.values[f.id];
    if (f.disable || v === undefined) return false;
    return f.type === 'groups' ? Array.isArray(v) && v.length > 0 : f.type === 'checkbox' ? v === true : v !== '';
  });
}

/**
 * For each location, 0 when the search or a filter leaves it out, else how it matches the search (map-core/filter.ts
 * `Match`: 1 to 3, 3 best; 1 for every location when there is no search).
 */
export function filterMask(model: ViewerModel, state: FilterState): Uint8Array {
  const tags = state.values[BUILTIN_GROUP_FILTER];
  const groups = Array.isArray(tags) ? tags : [];
  const mask =
    queryTerms(state.query).length || groups.length
      ? model.search.filter({ query: state.query, groups })
      : new Uint8Array(model.locations.length).fill(1);
  const active = model.doc.filters.filter((f) => !f.disable);
  if (active.length === 0 || !model.settings.filters.enabled) return mask;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const loc = model.locations[i]!.source;
    for (const f of active) {
      if (!passesFilter(loc, f, state.values[f.id])) {
        mask[i] = 0;
        break;
      }
    }
  }
  return mask;
}

/** A floor's name, or "All floors" for `null` (what a location with no layer is on, and a route on every floor). */
export function floorName(model: ViewerModel, id: string | null): string {
  return id ? (model.layers.find((l) => l.id === id)?.name ?? id) : model.text.t('allFloors');
}

/** The floor a location is on, said beside it in the directory and its details; none on a map of one floor. */
export const locationFloor = (model: ViewerModel, l: ResolvedLocation): string | null =>
  model.layers.length > 1 ? floorName(model, l.layer) : null;

/** True when a location is drawn on a layer. */
export function onLayer(loc: ResolvedLocation, layerId: string): boolean {
  return loc.layer === null || loc.layer === layerId;
}

/** Locations of the directory, in display order (document order, or sorted by the configured field). */
export function directoryOrder(model: ViewerModel): ResolvedLocation[] {
  const listed = model.locations.filter((l) => l.listed);
  const sort = model.settings.directory.sort;
  if (sort === 'none') return listed;
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  // Thousands separators out: "£1,050,000" after "£99,950", as numbers, not as "1" then "050".
  const keyed = listed.map((l) => ({ l, k: fieldText(l.source, sort).replace(/(\d),(?=\d{3})/g, '$1') }));
  keyed.sort(
    (a, b) => (a.k === '' ? 1 : 0) - (b.k === '' ? 1 : 0) || collator.compare(a.k, b.k) || a.l.index - b.l.index,
  );
  return keyed.map((x) => x.l);
}

/**
 * Places locations that had no coordinate where their floor's regions put them (stage/base-layer.ts
 * regionCentres). This is the one change a built model takes after it is built, and it is made in
 * place on purpose: the directory, directions, the in-view list and the stage share the model, and
 * each must see the location placed. Returns true when any was placed.
 */
export function placeLocations(model: ViewerModel, coords: ReadonlyMap<number, [number, number]>): boolean {
  for (const [index, coord] of coords) {
    const l = model.locations[index];
    if (l && !l.coord) l.coord = coord;
  }
  return coords.size > 0;
}

/**
 * The markers of one layer as flat arrays sorted top to bottom (so lower markers overlap higher
 * ones, as on a real map), with a spatial index over them.
 */
export interface LayerMarkers {
  readonly count: number;
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  /** Location index of each marker. */
  readonly loc: Uint32Array;
  /** The smallest rectangle holding every marker's anchor (image pixels). */
  readonly bounds: Rect;
  /** Built on first use: a view holding every marker (a map's first, fitted view) is drawn without a query. */
  readonly index: PointIndex;
}

/** `skip`: a location left out (the one the editor is dragging). */
export function buildLayerMarkers(
  model: ViewerModel,
  layerId: string,
  mask: Uint8Array | null,
  skip: number | null = null,
): LayerMarkers {
  const { locations, image } = model;
  const picked = new Uint32Array(locations.length);
  let n = 0;
  for (let i = 0; i < locations.length; i++) {
    const l = locations[i]!;
    if (!l.coord || l.kind === 'hidden' || l.index === skip || !onLayer(l, layerId)) continue;
    if (mask && !mask[l.index]) continue;
    picked[n++] = l.index;
  }
  // Image pixels, and their bounds, in one pass (this runs before a map's first drawing, in code not yet optimised).
  const px = new Float64Array(n);
  const py = new Float64Array(n);
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) {
    const c = locations[picked[i]!]!.coord!;
    const x = c[0] * image.width;
    const y = c[1] * image.height;
    px[i] = x;
    py[i] = y;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const bounds: Rect = { minX, minY, maxX, maxY };
  // Top to bottom, then by location (picked ascends).
  const order = ascendingOrder(py, Math.max(Math.abs(minY), Math.abs(maxY)));
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const loc = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    xs[k] = px[i]!;
    ys[k] = py[i]!;
    loc[k] = picked[i]!;
  }
  let index: PointIndex | null = null;
  return {
    count: n,
    xs,
    ys,
    loc,
    bounds,
    get index() {
      return (index ??= new PointIndex(xs, ys));
    },
  };
}
