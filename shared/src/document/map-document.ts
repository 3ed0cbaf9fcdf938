/**
 * The map document, schema version 1: what an author edits and a visitor sees (layers, locations,
 * groups, filters, styles, legend, wayfinding routes and settings). Stored as JSON in S3; API input
 * goes through `strictMapDocument`, stored or older documents through `restoreDocument` (map-restore).
 *
 * Coordinate spaces: `coord` and route points are normalised map space, [x, y] in 0..1 from the
 * top-left corner of the layer image; `latlon` is [lat, lon] in degrees (WGS 84, placed through the
 * Web Mercator calibration in `settings.geo`); pixel sizes (mapWidth, mapHeight) are image pixels.
 *
 * Ids (layers, locations, groups, styles, filters, routes, legend items, breakpoint names) match
 * `ID_PATTERN`: 1-64 ASCII letters, digits, '_' or '-', not starting with '-'. Such an id can be an
 * HTML/SVG element id (a location links to the SVG element with the same id), a CSS class suffix and
 * a URL parameter (`?location=a101`) without any escaping. Ids are case-sensitive.
 *
 * No field holds code: filters are declarative conditions, so the embed runs under a strict CSP.
 *
 * The schemas of the parts are in schema-location, -filters, -entries and -settings (built from
 * schema-blocks), the whole-document rules in check.ts; this module joins them into the
 * document's schema and exports them all.
 */
import * as z from 'zod/mini';
import { SCHEMA_VERSION } from './map-rules';
import { documentShape, type MapDocument, type MapSettings } from './shape';
import { settingsSchema } from './schema-settings';
import { checkDocument } from './check';

export * from './map-rules';
export { type RepairHint, repairHintOf } from './schema-blocks';
export * from './schema-entries';
export * from './schema-location';
export * from './schema-filters';
export * from './schema-settings';
export { checkDocument } from './check';
export * from './shape';

const checkedDocument = /* @__PURE__ */ documentShape.check(
  /* @__PURE__ */ z.superRefine((doc, ctx) => {
    checkDocument(doc, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
  }),
);

// zod's runtime parser needs ~250 ms for 20,000 locations; its compiled parser about a third of that.
// Compiling uses `new Function`, so it happens on first parse, never under zod's `jitless` setting
// (pages with a strict CSP set it), and falls back to the runtime parser when evaluation is refused.
// A document the compiled parser rejects is parsed again by the runtime, which writes the messages.
let compiled: typeof checkedDocument | null | undefined;
function compiledParse(input: unknown): MapDocument | typeof z.INVALID {
  if (compiled === undefined) {
    const candidate = z.config().jitless ? checkedDocument : z.compile(checkedDocument);
    compiled = candidate === checkedDocument ? null : candidate;
  }
  if (compiled === null) return z.INVALID;
  const result = compiled.safeParse(input);
  return result.success ? result.data : z.INVALID;
}

/**
 * The strict schema for call input (createMap, saveMap, the editor): unknown keys, bad values,
 * duplicate ids and dangling references are errors whose path points at the offending value.
 */
export const strictMapDocument = /* @__PURE__ */ z.withParser(checkedDocument, compiledParse);

/** The parsed document when `input` passes `strictMapDocument`, else undefined (faster: no error messages are written). */
export function parseIfValid(input: unknown): MapDocument | undefined {
  const fast = compiledParse(input);
  if (fast !== z.INVALID) return fast;
  // The compiled parser's answer already includes zod's own runtime fallback, so a rejection is final.
  if (compiled) return undefined;
  const result = checkedDocument.safeParse(input);
  return result.success ? result.data : undefined;
}

/** The map's layer and location counts, shown in map lists (the map's `metrics`). */
export function computeMetrics(doc: Pick<MapDocument, 'layers' | 'locations'>): {
  layerCount: number;
  locationCount: number;
} {
  return { layerCount: doc.layers.length, locationCount: doc.locations.length };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Settings of a new 1000x800 map (frozen: copy before changing). */
export const DEFAULT_SETTINGS: MapSettings = /* @__PURE__ */ deepFreeze(
  /* @__PURE__ */ settingsSchema.parse({ mapWidth: 1000, mapHeight: 800 }),
);

/** Options of a new map document. */
export interface BlankDocumentOptions {
  mapWidth?: number;
  mapHeight?: number;
  /** Base image URL of the first layer; '' (default) for a blank canvas. */
  file?: string;
  layerId?: string;
  layerName?: string;
}

/** A new, valid map document: one layer, default settings, 1000x800 unless given. */
export function blankDocument(opts: BlankDocumentOptions = {}): MapDocument {
  const settings = JSON.parse(JSON.stringify(DEFAULT_SETTINGS)) as MapSettings;
  settings.mapWidth = opts.mapWidth ?? 1000;
  settings.mapHeight = opts.mapHeight ?? 800;
  return {
    schemaVersion: SCHEMA_VERSION,
    settings,
    layers: [{ id: opts.layerId ?? 'layer-1', name: opts.layerName ?? 'Layer 1', file: opts.file ?? '' }],
    locations: [],
    groups: [],
    filters: [],
    styles: [],
    legend: [],
    routes: [],
    breakpoints: [{ name: 'mobile', below: 480, portrait: true }],
  };
}
