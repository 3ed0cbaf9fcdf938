/**
 * The map document's whole-document rules, which a field-by-field schema cannot see: unique ids,
 * references that exist and consistency between fields. map-document runs them after its schema.
 */
import { shapeProblems } from './location-shapes';
import { MAP_LIMITS, RESERVED_FIELD_KEYS } from './map-rules';
import type { Filter, Location, MapDocument, MapSettings, Route } from './shape';

type Path = (string | number)[];
type Report = (path: Path, message: string) => void;

/** The ids the document defines, for checking its references. */
interface KnownIds {
  /** True for a defined layer, and for any layer when there are none. */
  hasLayer: (id: string) => boolean;
  locations: ReadonlySet<string>;
  groups: ReadonlySet<string>;
  styles: ReadonlySet<string>;
}

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

function checkUniqueIds(doc: MapDocument, report: Report): KnownIds {
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
  // With no layers at all, the schema's own "needs at least one layer" says it; every layer reference would repeat it.
  const hasLayer = (id: string) => layers.size === 0 || layers.has(id);
  return { hasLayer, locations, groups, styles };
}

function checkSettings(settings: MapSettings, known: KnownIds, report: Report): void {
  if (settings.defaultLayer !== null && !known.hasLayer(settings.defaultLayer)) {
    report(['settings', 'defaultLayer'], `Unknown layer "${settings.defaultLayer}"`);
  }
  if (settings.startLocation !== null && !known.locations.has(settings.startLocation)) {
    report(['settings', 'startLocation'], `Unknown location "${settings.startLocation}"`);
  }
  if (settings.wayfinding.fixedFrom !== null && !known.locations.has(settings.wayfinding.fixedFrom)) {
    report(['settings', 'wayfinding', 'fixedFrom'], `Unknown location "${settings.wayfinding.fixedFrom}"`);
  }
  if (settings.directory.sort !== 'none')
    checkFieldRef(settings.directory.sort, ['settings', 'directory', 'sort'], report);
}

function checkLocation(loc: Location, i: number, known: KnownIds, report: Report): void {
  if (loc.layer != null && !known.hasLayer(loc.layer))
    report(['locations', i, 'layer'], `Unknown layer "${loc.layer}"`);
  if (loc.style !== undefined && !known.styles.has(loc.style))
    report(['locations', i, 'style'], `Unknown style "${loc.style}"`);
  if (loc.groups) {
    const own = new Set<string>();
    loc.groups.forEach((g, j) => {
      if (!known.groups.has(g)) report(['locations', i, 'groups', j], `Unknown group "${g}"`);
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
}

function checkFilter(filter: Filter, i: number, known: KnownIds, report: Report): void {
  if (filter.type === 'groups') {
    const offered = new Set(filter.groups);
    filter.groups.forEach((g, j) => {
      if (!known.groups.has(g)) report(['filters', i, 'groups', j], `Unknown group "${g}"`);
    });
    filter.default.forEach((g, j) => {
      if (!known.groups.has(g)) report(['filters', i, 'default', j], `Unknown group "${g}"`);
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
}

function checkRoute(route: Route, i: number, known: KnownIds, report: Report): void {
  if (!known.hasLayer(route.layer)) report(['routes', i, 'layer'], `Unknown layer "${route.layer}"`);
  if (route.closed && route.points.length < 3)
    report(['routes', i, 'points'], 'A closed route needs at least 3 points');
  if (route.connector && route.endpoint === undefined)
    report(['routes', i, 'endpoint'], 'A floor connector needs an endpoint id');
}

function checkFieldRef(ref: string, path: Path, report: Report): void {
  if (ref.startsWith('fields.') && RESERVED_FIELD_KEYS.has(ref.slice(7))) {
    report(path, `"${ref.slice(7)}" is a built-in location field; use "${ref.slice(7)}" instead of "${ref}"`);
  }
}

/**
 * The shapes the locations stand for (location-shapes.ts, ADR 061): a `shape` needs a floor, and a shape of a floor
 * has one location. Reported at the `shape` of the location that breaks the rule.
 */
function checkShapes(doc: MapDocument, report: Report): void {
  // Most maps have no `shape` at all, and then no location can break the rule: ids are unique.
  if (!doc.locations.some((l) => l.shape !== undefined)) return;
  const names = new Map(doc.layers.map((l) => [l.id, l.name || l.id]));
  for (const { index, message } of shapeProblems(doc.locations, (layer) => names.get(layer) ?? layer))
    report(['locations', index, 'shape'], message);
}

/**
 * The rules a field-by-field schema cannot see, reported with the path of the offending value:
 * duplicate ids, references to missing layers, groups, styles and locations, and consistency.
 */
export function checkDocument(doc: MapDocument, report: Report): void {
  const known = checkUniqueIds(doc, report);
  checkSettings(doc.settings, known, report);
  doc.locations.forEach((loc, i) => checkLocation(loc, i, known, report));
  checkShapes(doc, report);
  doc.filters.forEach((filter, i) => checkFilter(filter, i, known, report));
  doc.routes.forEach((route, i) => checkRoute(route, i, known, report));
}
