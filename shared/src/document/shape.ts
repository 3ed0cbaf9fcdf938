/**
 * The map document's shape: the whole document as one schema, before the whole-document rules
 * (check.ts) run over it, and the types read from it. map-document builds the strict schema from
 * this shape and those rules, and re-exports everything here; the rules import only the types, so the two
 * modules do not import each other.
 */
import * as z from 'zod/mini';
import { says } from '../zod-english';
import { SCHEMA_VERSION, MAP_LIMITS } from './map-rules';
import { list, strict } from './schema-blocks';
import {
  layerSchema,
  groupSchema,
  styleSchema,
  type styleStateSchema,
  legendItemSchema,
  routeSchema,
  breakpointSchema,
} from './schema-entries';
import { locationSchema } from './schema-location';
import {
  type conditionSchema,
  filterSchema,
  type groupsFilterSchema,
  type checkboxFilterSchema,
  type dropdownFilterSchema,
} from './schema-filters';
import { type geoSchema, settingsSchema } from './schema-settings';

// ---- The whole document ------------------------------------------------------------------------

export const documentShape = /* @__PURE__ */ strict({
  schemaVersion: /* @__PURE__ */ z.literal(SCHEMA_VERSION, /* @__PURE__ */ says(`Must be ${SCHEMA_VERSION}`)),
  settings: settingsSchema,
  layers: /* @__PURE__ */ list(layerSchema, MAP_LIMITS.layers, 'layers').check(
    /* @__PURE__ */ z.minLength(1, {
      error: 'A map needs at least one layer',
    }),
  ),
  locations: /* @__PURE__ */ z._default(/* @__PURE__ */ list(locationSchema, MAP_LIMITS.locations, 'locations'), []),
  groups: /* @__PURE__ */ z._default(/* @__PURE__ */ list(groupSchema, MAP_LIMITS.groups, 'groups'), []),
  filters: /* @__PURE__ */ z._default(/* @__PURE__ */ list(filterSchema, MAP_LIMITS.filters, 'filters'), []),
  styles: /* @__PURE__ */ z._default(/* @__PURE__ */ list(styleSchema, MAP_LIMITS.styles, 'styles'), []),
  legend: /* @__PURE__ */ z._default(/* @__PURE__ */ list(legendItemSchema, MAP_LIMITS.legend, 'legend items'), []),
  routes: /* @__PURE__ */ z._default(/* @__PURE__ */ list(routeSchema, MAP_LIMITS.routes, 'routes'), []),
  breakpoints: /* @__PURE__ */ z._default(
    /* @__PURE__ */ list(breakpointSchema, MAP_LIMITS.breakpoints, 'breakpoints'),
    [],
  ),
});

export type MapDocument = z.output<typeof documentShape>;
/** What a caller may send: defaults not yet filled in. */
export type MapDocumentInput = z.input<typeof documentShape>;
export type MapSettings = MapDocument['settings'];
export type Layer = z.output<typeof layerSchema>;
export type Location = z.output<typeof locationSchema>;
export type Group = z.output<typeof groupSchema>;
export type Condition = z.output<typeof conditionSchema>;
export type Filter = z.output<typeof filterSchema>;
export type GroupsFilter = z.output<typeof groupsFilterSchema>;
export type CheckboxFilter = z.output<typeof checkboxFilterSchema>;
export type DropdownFilter = z.output<typeof dropdownFilterSchema>;
export type Style = z.output<typeof styleSchema>;
export type StyleState = z.output<typeof styleStateSchema>;
export type LegendItem = z.output<typeof legendItemSchema>;
export type Route = z.output<typeof routeSchema>;
export type Breakpoint = z.output<typeof breakpointSchema>;
export type GeoCalibration = z.output<typeof geoSchema>;
/**
 * A document coordinate, as `Location.coord` and route points store it: [x, y] normalised to 0..1 across the
 * base image. The viewer's object forms (map, image and screen points) and the conversions between them are in
 * `web/src/map-core/coords.ts`.
 */
export type Coord = [number, number];
