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
 * HTML/SVG element id (a location links to the SVG element with the same id on its floor, or to the one its `shape`
 * names: location-shapes.ts), a CSS class suffix and
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
export * from './location-shapes';
export * from './shape';

const checkedDocument = /* @__PURE__ */ documentShape.check(
  /* @__PURE__ */ z.superRefine((doc, ctx) => {
    checkDocument(doc, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
  }),
);

/**
 * The document's schema, parsed by zod's runtime parser alone. `strictMapDocument` reads large documents with zod's
 * compiled parser instead, where the process has one; a test holds the two to the same answers.
 */
export const runtimeMapDocument = checkedDocument;

/**
 * Documents with at least this many entries (locations, routes, groups and the other lists together) are read by
 * zod's compiled parser, smaller ones by its runtime parser (ADR 050). Compiling the schema costs about 25 ms on the
 * first parse in a process; each later parse of 1,000 entries is then about 5 ms faster, of 5,000 about 22 ms, and
 * from about 2,000 entries the first parse costs no more. Below this size the compilation takes several later parses
 * to pay back (500 entries: about 6), or practically never (50 entries: 0.4 ms a parse), and most maps are that small.
 */
export const COMPILED_PARSE_FROM = 1_000;

const LISTS = ['layers', 'locations', 'groups', 'filters', 'styles', 'legend', 'routes'] as const;

/** Whether a value has COMPILED_PARSE_FROM entries or more in a document's lists (false for anything but an object). */
export function isLargeDocument(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false;
  let entries = 0;
  for (const list of LISTS) {
    const value = (input as Record<string, unknown>)[list];
    if (Array.isArray(value)) entries += value.length;
  }
  return entries >= COMPILED_PARSE_FROM;
}

/** What zod's compiled parser answers: the document, or no success (the runtime parser then writes the messages). */
type ParseAnswer = { success: true; data: MapDocument } | { success: false };
/** A parser of whole documents that answers exactly as `runtimeMapDocument` does, only faster. */
export interface CompiledDocumentParser {
  safeParse(input: unknown): ParseAnswer;
}

/**
 * Where this process gets zod's compiled parser from (ADR 051): none until `useCompiledParser` names a source, so a
 * bundle that never names one carries none of zod's code generator. The editor compiles in its own page
 * (`./compiled-parser`); the Lambdas load that module as a file of its own on their first large document.
 */
let source: (() => CompiledDocumentParser | null) | null = null;
let compiled: CompiledDocumentParser | null | undefined;

/**
 * Lets this process read large documents with the parser `make` answers, made on the first large document (null:
 * code cannot be generated here, the runtime parser reads them). A call with another source replaces it.
 */
export function useCompiledParser(make: () => CompiledDocumentParser | null): void {
  if (make === source) return;
  source = make;
  compiled = undefined;
}

function compiledParser(): CompiledDocumentParser | null {
  if (compiled === undefined && source) compiled = source();
  return compiled ?? null;
}

/** The compiled parser for a document of COMPILED_PARSE_FROM entries or more, where this process has one. */
const compiledParserFor = (input: unknown) => (isLargeDocument(input) ? compiledParser() : null);

/**
 * Which of zod's parsers reads `input` in this process: the compiled one for a large document, where the process has
 * one (asking about a large document compiles it, as its first parse would).
 */
export const documentParserOf = (input: unknown): 'compiled' | 'runtime' =>
  compiledParserFor(input) ? 'compiled' : 'runtime';

/** The compiled parser's answer for a large document; INVALID makes zod parse it again with its runtime parser. */
function compiledParse(input: unknown): MapDocument | typeof z.INVALID {
  const result = compiledParserFor(input)?.safeParse(input);
  // A document the compiled parser rejects is parsed again by the runtime, which writes the messages.
  return result?.success ? result.data : z.INVALID;
}

/**
 * The strict schema for call input (createMap, saveMap, the editor): unknown keys, bad values,
 * duplicate ids and dangling references are errors whose path points at the offending value.
 */
export const strictMapDocument = /* @__PURE__ */ z.withParser(checkedDocument, compiledParse);

/** The parsed document when `input` passes `strictMapDocument`, else undefined (faster: no error messages are written). */
export function parseIfValid(input: unknown): MapDocument | undefined {
  // The compiled parser's answer already includes zod's own runtime fallback, so a rejection is final.
  const result = (compiledParserFor(input) ?? checkedDocument).safeParse(input);
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

/** A new, valid map document: one layer ("Floor 1", as the editor names the next "Floor 2"), default settings, 1000x800 unless given. */
export function blankDocument(opts: BlankDocumentOptions = {}): MapDocument {
  const settings = JSON.parse(JSON.stringify(DEFAULT_SETTINGS)) as MapSettings;
  settings.mapWidth = opts.mapWidth ?? 1000;
  settings.mapHeight = opts.mapHeight ?? 800;
  return {
    schemaVersion: SCHEMA_VERSION,
    settings,
    layers: [{ id: opts.layerId ?? 'layer-1', name: opts.layerName ?? 'Floor 1', file: opts.file ?? '' }],
    locations: [],
    groups: [],
    filters: [],
    styles: [],
    legend: [],
    routes: [],
    breakpoints: [{ name: 'mobile', below: 480, portrait: true }],
  };
}
