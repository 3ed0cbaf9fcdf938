/**
 * The references between the repaired lists: resolved to the final ids (also when written with the
 * ids before repair) or dropped when they name nothing, and the rules between fields fixed.
 */
import {
  isFieldRef,
  MAP_LIMITS,
  RESERVED_FIELD_KEYS,
  type Filter,
  type Location,
  type MapSettings,
  type Route,
} from '../document/map-document';
import { ShapeHolders } from '../document/location-shapes';
import type { IdTable, RepairedList } from './lists';
import type { RepairLog } from './log';

/** The id tables references are resolved with. */
export interface IdTables {
  layers: IdTable;
  locations: IdTable;
  groups: IdTable;
  styles: IdTable;
}

/** A `fields.<key>` reference to a built-in field, as the built-in name it means. */
function fixFieldRef(ref: string): string {
  const key = ref.startsWith('fields.') ? ref.slice(7) : '';
  return key && RESERVED_FIELD_KEYS.has(key) && isFieldRef(key) ? key : ref;
}

/** The floor a location of a floor the map lacks is put on: the floor the map opens on (its id and name). */
export interface FallbackFloor {
  id: string;
  name: string;
}

/**
 * A location's layer, style and groups resolved; its custom fields kept to the limit and off built-in names. A location
 * naming a floor the map lacks goes to `floor` (the map's default floor), said in the report: without a floor it would
 * show on every floor, where its map never drew it.
 */
export function repairLocationReferences(
  loc: Location,
  path: string,
  tables: IdTables,
  floor: FallbackFloor,
  log: RepairLog,
): void {
  if (loc.layer != null) {
    const layer = tables.layers.resolve(loc.layer);
    if (layer === undefined) {
      log.warn(
        `${path}.layer: location "${loc.id}": its floor "${loc.layer}" is not in the map; it is put on "${floor.name}", the floor the map opens on`,
      );
      loc.layer = floor.id;
    } else loc.layer = layer;
  }
  if (loc.style !== undefined) {
    const style = tables.styles.resolve(loc.style);
    if (style === undefined) {
      log.warn(`${path}.style: removed the unknown style "${loc.style}" from location "${loc.id}"`);
      delete loc.style;
    } else loc.style = style;
  }
  if (loc.groups) {
    const kept = new Set<string>();
    for (const ref of loc.groups) {
      const group = tables.groups.resolve(ref);
      if (group === undefined) log.warn(`${path}.groups: removed the unknown group "${ref}" from location "${loc.id}"`);
      else kept.add(group);
    }
    loc.groups = [...kept];
  }
  if (loc.fields) loc.fields = repairCustomFields(loc.fields, path, log);
}

function repairCustomFields(custom: Record<string, string>, path: string, log: RepairLog): Record<string, string> {
  const entries = Object.entries(custom);
  if (entries.length > MAP_LIMITS.fieldsPerLocation)
    log.warn(`${path}.fields: kept the first ${MAP_LIMITS.fieldsPerLocation} of ${entries.length} custom fields`);
  const fields: Record<string, string> = {};
  for (const [key, value] of entries.slice(0, MAP_LIMITS.fieldsPerLocation)) {
    let name = key;
    while (RESERVED_FIELD_KEYS.has(name) || Object.hasOwn(fields, name)) name = `${name}_`;
    if (name.length > MAP_LIMITS.fieldKeyLength) continue;
    if (name !== key)
      log.warn(
        `${path}.fields: renamed the custom field "${key}" to "${name}" (the name is taken by a built-in field)`,
      );
    fields[name] = value;
  }
  return fields;
}

/** The settings' references to a layer and to locations resolved (null when they name nothing), the sort field fixed. */
export function repairSettingsReferences(settings: MapSettings, tables: IdTables, log: RepairLog): void {
  const refSetting = (value: string | null, table: IdTable, path: string, what: string): string | null => {
    if (value === null) return null;
    const id = table.resolve(value);
    if (id === undefined) log.warn(`${path}: removed the unknown ${what} "${value}"`);
    return id ?? null;
  };
  settings.defaultLayer = refSetting(settings.defaultLayer, tables.layers, 'settings.defaultLayer', 'layer');
  settings.startLocation = refSetting(settings.startLocation, tables.locations, 'settings.startLocation', 'location');
  settings.wayfinding.fixedFrom = refSetting(
    settings.wayfinding.fixedFrom,
    tables.locations,
    'settings.wayfinding.fixedFrom',
    'location',
  );
  if (settings.directory.sort !== 'none') settings.directory.sort = fixFieldRef(settings.directory.sort);
}

/** A filter's groups resolved and its default kept to what it offers; field references fixed. */
export function repairFilterReferences(filter: Filter, path: string, groups: IdTable, log: RepairLog): void {
  if (filter.type === 'groups') {
    const resolveAll = (refs: string[], where: string) => {
      const kept = new Set<string>();
      for (const ref of refs) {
        const id = groups.resolve(ref);
        if (id === undefined) log.warn(`${path}.${where}: removed the unknown group "${ref}"`);
        else kept.add(id);
      }
      return [...kept];
    };
    filter.groups = resolveAll(filter.groups, 'groups');
    filter.default = resolveAll(filter.default, 'default');
    if (filter.groups.length > 0) {
      const offered = new Set(filter.groups);
      const kept = filter.default.filter((g) => offered.has(g));
      if (kept.length < filter.default.length) log.warn(`${path}.default: removed groups the filter does not offer`);
      filter.default = kept;
    }
  } else if (filter.type === 'checkbox') {
    filter.condition.field = fixFieldRef(filter.condition.field);
  } else {
    filter.field = fixFieldRef(filter.field);
    const seen = new Set<string>();
    filter.options = filter.options.filter((o) => !seen.has(o.value) && seen.add(o.value));
    if (filter.default !== '' && !seen.has(filter.default)) {
      log.warn(`${path}.default: "${filter.default}" is not one of the options; cleared`);
      filter.default = '';
    }
  }
}

/** The routes on a known layer, each made consistent: a closed one has 3 points, a connector an endpoint. */
export function repairRoutes(routes: Route[], layers: IdTable, log: RepairLog): Route[] {
  const keptRoutes: Route[] = [];
  routes.forEach((route, i) => {
    const path = `routes.${i}`;
    const layer = layers.resolve(route.layer);
    if (layer === undefined) {
      log.warn(`${path}: dropped route "${route.id}" (unknown layer "${route.layer}")`);
      return;
    }
    route.layer = layer;
    if (route.closed && route.points.length < 3) {
      log.warn(`${path}.closed: route "${route.id}" has fewer than 3 points; made it an open path`);
      route.closed = false;
    }
    if (route.connector && route.endpoint === undefined) {
      log.warn(`${path}.connector: route "${route.id}" has no endpoint; no longer a floor connector`);
      route.connector = false;
    }
    keptRoutes.push(route);
  });
  return keptRoutes;
}

/**
 * The shapes the locations stand for, made to keep the rule (location-shapes.ts, ADR 061): a `shape` on a location
 * with no floor, or on a second location of a floor for one shape, is removed. A location renamed because an earlier
 * one had its id stands for the shape with that id on its own floor when no location there does: a Mapplic export
 * repeats `lift` on every floor, and each floor's lift keeps its region as a location of its own. `floorName` names a
 * floor (layer id) in the warnings.
 */
export function repairShapes(
  locations: RepairedList<Location>,
  floorName: (layer: string) => string,
  log: RepairLog,
): void {
  const { items, repeated } = locations;
  const holders = new ShapeHolders();
  // Locations standing for their own ids first: they keep them (ids are unique), as the check has it.
  items.forEach((loc, i) => {
    if (loc.shape !== undefined && loc.layer == null) {
      log.warn(
        `locations.${i}.shape: removed the shape "${loc.shape}" from location "${loc.id}", which is on every floor (it stands for the shape with its own id there)`,
      );
      delete loc.shape;
    }
    if (loc.shape === undefined && holders.holder(loc.id, loc.layer) === undefined) holders.hold(loc.id, loc.layer, i);
  });
  items.forEach((loc, i) => {
    const again = loc.layer != null && loc.shape === undefined ? repeated.get(i) : undefined;
    const wanted = loc.shape ?? again?.rawId;
    if (wanted === undefined) return;
    const held = holders.holder(wanted, loc.layer);
    if (held === undefined) {
      holders.hold(wanted, loc.layer, i);
      if (again) {
        loc.shape = wanted;
        log.rewrite(
          again.warning,
          `${again.path}: renamed location "${again.rawId}" on the floor "${floorName(loc.layer!)}" to "${loc.id}" (an earlier location has the id, and an id names one location in a map); it stands for the shape "${wanted}" of its floor`,
        );
      }
      return;
    }
    if (loc.shape === undefined) return;
    log.warn(
      `locations.${i}.shape: removed the shape "${loc.shape}" from location "${loc.id}" (location "${items[held]!.id}" stands for it on the same floor)`,
    );
    delete loc.shape;
    takeOwnId(items, i, holders, log);
  });
}

/**
 * Location `i`, left to stand for the shape with its own id, takes it back from a location of its floor that named it
 * as its shape; that one loses its shape (said) and stands for its own id in turn, and so on.
 */
function takeOwnId(items: Location[], i: number, holders: ShapeHolders, log: RepairLog): void {
  for (let at: number | undefined = i; at !== undefined;) {
    const loc = items[at]!;
    const held = holders.holder(loc.id, loc.layer);
    const other = held === undefined ? undefined : items[held]!;
    if (other !== undefined && other.shape !== loc.id) return;
    holders.hold(loc.id, loc.layer, at);
    if (other === undefined) return;
    log.warn(
      `locations.${held}.shape: removed the shape "${loc.id}" from location "${other.id}" (location "${loc.id}" stands for the shape with its own id on the same floor)`,
    );
    delete other.shape;
    at = held;
  }
}
