/** The schemas of the document's other entries: layers, groups, styles, legend items, wayfinding routes and breakpoints. */
import * as z from 'zod/mini';
import { says } from '../zod-english';
import { MAP_LIMITS, CONNECTOR_KINDS, DIRECTORY_LAYOUTS } from './map-rules';
import {
  bool,
  color,
  coordinate,
  idOf,
  imageOrShortText,
  int,
  list,
  num,
  oneOf,
  ref,
  strict,
  text,
  url,
} from './schema-blocks';

export const layerSchema = /* @__PURE__ */ strict({
  id: /* @__PURE__ */ idOf('layer'),
  name: /* @__PURE__ */ text(MAP_LIMITS.nameLength).check(
    /* @__PURE__ */ z.minLength(1, /* @__PURE__ */ says('A layer needs a name')),
  ),
  /** The base image (SVG, PNG or JPG); '' for a blank canvas. */
  file: /* @__PURE__ */ z._default(/* @__PURE__ */ url(), ''),
});

export const groupSchema = /* @__PURE__ */ strict({
  id: /* @__PURE__ */ idOf('group'),
  name: /* @__PURE__ */ text(MAP_LIMITS.nameLength).check(
    /* @__PURE__ */ z.minLength(1, /* @__PURE__ */ says('A group needs a name')),
  ),
  color: /* @__PURE__ */ z.optional(/* @__PURE__ */ color()),
  /** Left out of the directory grouping and the group filter. */
  hide: /* @__PURE__ */ z.optional(/* @__PURE__ */ bool()),
});

export const styleStateSchema = /* @__PURE__ */ strict({
  fill: /* @__PURE__ */ z.optional(/* @__PURE__ */ color()),
  stroke: /* @__PURE__ */ z.optional(/* @__PURE__ */ color()),
  strokeWidth: /* @__PURE__ */ z.optional(/* @__PURE__ */ num(0, 50)),
  text: /* @__PURE__ */ z.optional(/* @__PURE__ */ color()),
});

export const styleSchema = /* @__PURE__ */ strict({
  id: /* @__PURE__ */ idOf('style'),
  name: /* @__PURE__ */ z.optional(/* @__PURE__ */ text(MAP_LIMITS.nameLength)),
  /** Applies to markers. */
  markers: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
  /** Applies to SVG elements. */
  svg: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), true),
  normal: /* @__PURE__ */ z.prefault(/* @__PURE__ */ styleStateSchema, {}),
  hover: /* @__PURE__ */ z.prefault(/* @__PURE__ */ styleStateSchema, {}),
  active: /* @__PURE__ */ z.prefault(/* @__PURE__ */ styleStateSchema, {}),
});

export const legendItemSchema = /* @__PURE__ */ strict({
  id: /* @__PURE__ */ idOf('legend item'),
  text: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.titleLength), ''),
  /** An image URL or 1-3 characters; '' draws a coloured dot. */
  icon: /* @__PURE__ */ z._default(/* @__PURE__ */ imageOrShortText(), ''),
  color: /* @__PURE__ */ z.optional(/* @__PURE__ */ color()),
  scale: /* @__PURE__ */ z._default(/* @__PURE__ */ num(0.1, 10), 1),
  /** Corner radius of the swatch in px. */
  radius: /* @__PURE__ */ z._default(/* @__PURE__ */ num(0, 100), 4),
  disable: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
});

/** One wayfinding path: a corridor (open polyline) or an open area (closed polygon) on one layer. */
export const routeSchema = /* @__PURE__ */ strict({
  id: /* @__PURE__ */ idOf('route'),
  layer: /* @__PURE__ */ ref(),
  points: /* @__PURE__ */ list(/* @__PURE__ */ coordinate(), MAP_LIMITS.routePoints, 'points').check(
    /* @__PURE__ */ z.minLength(2, {
      error: 'A route needs at least 2 points',
    }),
  ),
  /** Closed polygon: every vertex connects to every other (open areas). */
  closed: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
  /** Location id, or a connector id shared by paths on different layers, that the path's loose end attaches to. */
  endpoint: /* @__PURE__ */ z.optional(/* @__PURE__ */ idOf('endpoint')),
  /** The endpoint is a floor connector (lift, stairs) joining layers. */
  connector: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
  /** What the connector is, for step lists ("Take the lift to First floor"); only meaningful with `connector`. */
  connectorKind: /* @__PURE__ */ z.optional(/* @__PURE__ */ oneOf(CONNECTOR_KINDS)),
  /** The connector's display name ("Lift A", "エレベーター"), any text; `endpoint` is its id, made from it. */
  connectorName: /* @__PURE__ */ z.optional(/* @__PURE__ */ text(MAP_LIMITS.nameLength)),
  /** Cost multiplier of this path's length. */
  weight: /* @__PURE__ */ z._default(/* @__PURE__ */ num(0.01, 1000), 1),
  /**
   * Not step-free. On a plain path: every segment of it (a step, a marked segment, a stepped corridor). On a
   * floor connector: only the floor change through it (stairs), not the path leading to it.
   */
  inaccessible: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
});

/** Layout overrides for containers at most `below` px wide; the smallest matching one wins. */
export const breakpointSchema = /* @__PURE__ */ strict({
  name: /* @__PURE__ */ idOf('breakpoint'),
  below: /* @__PURE__ */ int(1, 100_000),
  /** Stack the directory under the map. */
  portrait: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
  sidebarWidth: /* @__PURE__ */ z.optional(/* @__PURE__ */ int(100, 2_000)),
  layout: /* @__PURE__ */ z.optional(/* @__PURE__ */ oneOf(DIRECTORY_LAYOUTS)),
  columns: /* @__PURE__ */ z.optional(/* @__PURE__ */ int(1, 12)),
  /** Map container height in px. */
  height: /* @__PURE__ */ z.optional(/* @__PURE__ */ int(100, 10_000)),
  /** Whole element height in px (portrait only). */
  elementHeight: /* @__PURE__ */ z.optional(/* @__PURE__ */ int(100, 20_000)),
});
