/**
 * Importing Mapplic maps: the v8 JSON (settings, layers, locations, samples, groups, filters,
 * styles, breakpoints, legend, routes) and the legacy jQuery format (mapwidth/mapheight,
 * categories, levels with nested locations using x/y/description/fill). The translation builds a
 * version-1-shaped object from Mapplic's names; repair then coerces values, makes ids valid and
 * resolves references, so the result always passes the strict schema.
 *
 * What cannot be carried over is reported, never run: filter `logic` and `settings.exclude` are
 * JavaScript, which Mapnest never executes.
 *
 * The translation of each part is in its own module: mapplic-legacy (the old format to v8),
 * mapplic-settings, mapplic-groups, mapplic-locations and mapplic-entries (filters, styles,
 * breakpoints, legend, routes), over mapplic-values (Mapplic's loose values).
 */
import { blankDocument, type MapDocument } from '../document/map-document';
import { finishRepair, isPlainObject, RepairLog, repairDocument } from '../repair/repair';
import { codeWarning, noCode } from './code';
import { convertBreakpoints, convertFilters, convertLegend, convertRoutes, convertStyles } from './entries';
import { GroupIndex } from './groups';
import { migrateLegacy } from './legacy';
import { convertLocation, type LocationContext } from './locations';
import { convertSettings } from './settings';
import { decodeEntities } from '../html-entities';
import { plainText } from './text';
import { noShortcodes, shortcodeWarning } from './shortcodes';
import { httpImageWarning } from './http-images';
import { locationLabel, relabel, repeatedIds } from './report';
import { asList, compact, flag, num, str, type Obj } from './values';

/** An imported document, what was changed or left out, and the map title when the export had one. */
export interface ImportResult {
  document: MapDocument;
  warnings: string[];
  title?: string;
}

const V8_KEYS = /* @__PURE__ */ new Set([
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

/** `labels` gets how the report names each location, by its index in the translation's `locations`. */
function translate(json: Obj, log: RepairLog, labels: string[]): { raw: Obj; title?: string } {
  const legacy = Array.isArray(json.levels) || 'mapwidth' in json || 'categories' in json;
  const source = legacy ? migrateLegacy(json, log) : json;
  if (!legacy) {
    const ignored = Object.keys(json).filter((k) => !V8_KEYS.has(k));
    if (ignored.length > 0) log.warn(`Ignored unknown top-level keys: ${ignored.join(', ')}`);
  }
  const flat: Obj = isPlainObject(source.settings) ? source.settings : {};
  const settings = convertSettings(flat, log);
  if (legacy && source.search !== undefined) settings.search = compact({ enabled: flag(source.search) });
  const mapWidth = num(flat.mapWidth) ?? 1000;
  const mapHeight = num(flat.mapHeight) ?? 800;

  const groups = new GroupIndex(source.groups, log);
  const samples = new Map<string, Obj>();
  for (const s of asList(source.samples)) if (isPlainObject(s) && str(s.id) !== '') samples.set(str(s.id), s);
  const rawLocations = asList(source.locations);
  for (const l of rawLocations)
    if (isPlainObject(l) && flag(l.sample) === true && str(l.id) !== '') samples.set(str(l.id), l);

  const [code, shortcodes] = [noCode(), noShortcodes()];
  const ctx: LocationContext = { groups, samples, mapWidth, mapHeight, log, pixelCoords: 0, code, shortcodes };
  const locations: unknown[] = [];
  const places = legacy ? asList(source.places) : [];
  const repeated = repeatedIds(rawLocations);
  rawLocations.forEach((l, i) => {
    if (isPlainObject(l) && flag(l.sample) === true) return;
    const place = str(places[i]) || `locations[${i}]`;
    labels.push(locationLabel(l, place, repeated.has(isPlainObject(l) ? str(l.id) : '')));
    // Converted at the index repair will name it by, which the report then says with its label.
    locations.push(isPlainObject(l) ? convertLocation(l, locations.length, ctx) : l);
  });
  if (ctx.pixelCoords > 0)
    log.warn(
      `locations: converted pixel coordinates of ${ctx.pixelCoords} location${ctx.pixelCoords > 1 ? 's' : ''} to map fractions`,
    );
  for (const line of [shortcodeWarning(shortcodes), codeWarning(code), httpImageWarning(locations)])
    if (line) log.warn(line);

  const layers = asList(source.layers).map((l) =>
    isPlainObject(l) ? compact({ id: l.id, name: plainText(l.name ?? l.title), file: l.file ?? l.map ?? '' }) : l,
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
  const title = decodeEntities(str(flat.title));
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
    const labels: string[] = [];
    const { raw, title } = translate(value, log, labels);
    const document = finishRepair(repairDocument(raw, log), log);
    const warnings = log.list().map((line) => relabel(line, labels));
    return title === undefined ? { document, warnings } : { document, warnings, title: title.slice(0, 100) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      document: blankDocument(),
      warnings: [...log.list(), `The Mapplic file could not be read (${reason}); started an empty map.`],
    };
  }
}
