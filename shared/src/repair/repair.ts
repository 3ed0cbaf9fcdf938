/**
 * Lenient repair of a version-1-shaped map document, driven by the strict schema itself so the two
 * never disagree: every value is checked against its schema node and, when it fails, coerced
 * (numbers and booleans given as strings, out-of-range numbers clamped, over-long text shortened),
 * replaced by its default, or removed. On top of that: ids are made valid and unique, dangling
 * references are dropped and cross-field rules are fixed. Every change leaves a warning.
 * Used by restore (stored documents) and the Mapplic importer; never throws on any input.
 *
 * The pieces: walk.ts (the lenient walk over plan.ts's view of the schema, with
 * values.ts' coercions), lists.ts (entries and their ids), references.ts
 * (references and cross-field rules) and log.ts (the warnings).
 */
import {
  blankDocument,
  breakpointSchema,
  DEFAULT_SETTINGS,
  filterSchema,
  groupSchema,
  layerSchema,
  legendItemSchema,
  locationSchema,
  MAP_LIMITS,
  parseIfValid,
  routeSchema,
  SCHEMA_VERSION,
  settingsSchema,
  strictMapDocument,
  styleSchema,
  type Breakpoint,
  type Filter,
  type Group,
  type Layer,
  type LegendItem,
  type Location,
  type MapDocument,
  type MapSettings,
  type Route,
  type Style,
} from '../document/map-document';
import { named, repairList, type RepairedList } from './lists';
import type { RepairLog } from './log';
import {
  repairFilterReferences,
  repairLocationReferences,
  repairRoutes,
  repairSettingsReferences,
  repairShapes,
} from './references';
import { describe, isPlainObject } from './values';
import { Fail, lenient } from './walk';

export { RepairLog } from './log';
export { describe, isPlainObject } from './values';
export { lenient } from './walk';

/** The settings repaired; a missing or unusable map size becomes 1000 x 800, as everything else depends on it. */
function repairSettings(raw: unknown, log: RepairLog): MapSettings {
  const input: Record<string, unknown> = isPlainObject(raw) ? { ...raw } : {};
  if (raw !== undefined && !isPlainObject(raw)) log.warn(`settings: ignored ${describe(raw)} (Must be an object)`);
  for (const [key, fallback] of [
    ['mapWidth', 1000],
    ['mapHeight', 800],
  ] as const) {
    const size = lenient(settingsSchema.shape[key], input[key], `settings.${key}`, log);
    if (size instanceof Fail) {
      log.warn(
        `settings.${key}: ${input[key] === undefined ? 'missing' : `replaced ${describe(input[key])}`}; set to ${fallback}`,
      );
      input[key] = fallback;
    } else input[key] = size;
  }
  const settings = lenient(settingsSchema, input, 'settings', log);
  return (
    settings instanceof Fail ? settingsSchema.parse({ mapWidth: input.mapWidth, mapHeight: input.mapHeight }) : settings
  ) as MapSettings;
}

/** Every list of the document, repaired (see repairList); a map always keeps at least one layer. */
interface RepairedLists {
  layers: RepairedList<Layer>;
  groups: RepairedList<Group>;
  styles: RepairedList<Style>;
  locations: RepairedList<Location>;
  filters: RepairedList<Filter>;
  legend: RepairedList<LegendItem>;
  routes: RepairedList<Route>;
  breakpoints: RepairedList<Breakpoint>;
}

function repairLists(raw: Record<string, unknown>, log: RepairLog): RepairedLists {
  const layers = repairList<Layer>(raw.layers, layerSchema, 'layers', 'layer', MAP_LIMITS.layers, log, 'id', named);
  if (layers.items.length === 0) {
    log.warn('layers: the map had no usable layer; added an empty one');
    layers.items.push({ id: 'layer-1', name: 'Floor 1', file: '' });
    layers.table.add('', 'layer-1');
  }
  const groups = repairList<Group>(raw.groups, groupSchema, 'groups', 'group', MAP_LIMITS.groups, log, 'id', named);
  const styles = repairList<Style>(raw.styles, styleSchema, 'styles', 'style', MAP_LIMITS.styles, log);
  const locations = repairList<Location>(
    raw.locations,
    locationSchema,
    'locations',
    'location',
    MAP_LIMITS.locations,
    log,
  );
  const filters = repairList<Filter>(raw.filters, filterSchema, 'filters', 'filter', MAP_LIMITS.filters, log);
  const legend = repairList<LegendItem>(raw.legend, legendItemSchema, 'legend', 'legend item', MAP_LIMITS.legend, log);
  const routes = repairList<Route>(raw.routes, routeSchema, 'routes', 'route', MAP_LIMITS.routes, log);
  const breakpoints = repairList<Breakpoint>(
    raw.breakpoints,
    breakpointSchema,
    'breakpoints',
    'breakpoint',
    MAP_LIMITS.breakpoints,
    log,
    'name',
  );
  return { layers, groups, styles, locations, filters, legend, routes, breakpoints };
}

/**
 * A valid version-1 document from a version-1-shaped object: values repaired or dropped, ids made
 * valid and unique, references resolved (also when written with the ids before repair), dangling
 * ones dropped. Every change is reported to `log`.
 */
export function repairDocument(raw: Record<string, unknown>, log: RepairLog): MapDocument {
  const settings = repairSettings(raw.settings, log);
  const lists = repairLists(raw, log);
  const tables = {
    layers: lists.layers.table,
    locations: lists.locations.table,
    groups: lists.groups.table,
    styles: lists.styles.table,
  };
  const floorNames = new Map(lists.layers.items.map((l) => [l.id, l.name || l.id]));
  const opening =
    (settings.defaultLayer === null ? undefined : tables.layers.resolve(settings.defaultLayer)) ??
    lists.layers.items[0]!.id;
  const floor = { id: opening, name: floorNames.get(opening) ?? opening };
  lists.locations.items.forEach((loc, i) => repairLocationReferences(loc, `locations.${i}`, tables, floor, log));
  repairShapes(lists.locations, (layer) => floorNames.get(layer) ?? layer, log);
  repairSettingsReferences(settings, tables, log);
  lists.filters.items.forEach((filter, i) => repairFilterReferences(filter, `filters.${i}`, tables.groups, log));
  const routes = repairRoutes(lists.routes.items, tables.layers, log);
  return {
    schemaVersion: SCHEMA_VERSION,
    settings,
    layers: lists.layers.items,
    locations: lists.locations.items,
    groups: lists.groups.items,
    filters: lists.filters.items,
    styles: lists.styles.items,
    legend: lists.legend.items,
    routes,
    breakpoints: lists.breakpoints.items,
  };
}

const COLLECTIONS = ['layers', 'locations', 'groups', 'filters', 'styles', 'legend', 'routes', 'breakpoints'] as const;

/**
 * `doc` checked with the strict schema, as its parsed output. Repair is built to always pass; should
 * a case slip through, the entries (or settings groups) the schema names are dropped (reset) and the
 * document repaired again, so the caller still gets a valid document and a warning, never an error.
 */
export function finishRepair(doc: MapDocument, log: RepairLog): MapDocument {
  let current: Record<string, unknown> = doc;
  for (let round = 0; round < 3; round++) {
    const valid = parseIfValid(current);
    if (valid) return valid;
    const result = strictMapDocument.safeParse(current);
    if (result.success) return result.data;
    const drop = new Map<string, Set<number>>();
    const next: Record<string, unknown> = { ...current, settings: { ...(current.settings as object) } };
    for (const issue of result.error.issues) {
      const [head, index] = issue.path;
      const where = issue.path.map(String).join('.');
      if (typeof head === 'string' && (COLLECTIONS as readonly string[]).includes(head) && typeof index === 'number') {
        if (!drop.has(head)) drop.set(head, new Set());
        drop.get(head)!.add(index);
        log.warn(`${head}.${index}: dropped, as it could not be repaired (${where}: ${issue.message})`);
      } else if (head === 'settings' && typeof index === 'string' && Object.hasOwn(DEFAULT_SETTINGS, index)) {
        (next.settings as Record<string, unknown>)[index] = JSON.parse(
          JSON.stringify(DEFAULT_SETTINGS[index as keyof MapSettings]),
        );
        log.warn(`settings.${index}: reset to the defaults, as it could not be repaired (${where}: ${issue.message})`);
      } else {
        log.warn(`The document could not be repaired (${where || 'document'}: ${issue.message}); started an empty map`);
        return blankDocument();
      }
    }
    for (const [collection, indexes] of drop) {
      next[collection] = (current[collection] as unknown[]).filter((_, i) => !indexes.has(i));
    }
    current = repairDocument(next, log);
  }
  log.warn('The document could not be repaired; started an empty map');
  return blankDocument();
}
