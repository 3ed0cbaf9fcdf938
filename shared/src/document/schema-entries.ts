/** The schemas of the document's other entries: layers, groups, styles, legend items, wayfinding routes and breakpoints. */
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

export const layerSchema = strict({
  id: idOf('layer'),
  name: text(MAP_LIMITS.nameLength).min(1, { error: 'A layer needs a name' }),
  /** The base image (SVG, PNG or JPG); '' for a blank canvas. */
  file: url().default(''),
});

export const groupSchema = strict({
  id: idOf('group'),
  name: text(MAP_LIMITS.nameLength).min(1, { error: 'A group needs a name' }),
  color: color().optional(),
  /** Left out of the directory grouping and the group filter. */
  hide: bool().optional(),
});

export const styleStateSchema = strict({
  fill: color().optional(),
  stroke: color().optional(),
  strokeWidth: num(0, 50).optional(),
  text: color().optional(),
});

export const styleSchema = strict({
  id: idOf('style'),
  name: text(MAP_LIMITS.nameLength).optional(),
  /** Applies to markers. */
  markers: bool().default(true),
  /** Applies to SVG elements. */
  svg: bool().default(true),
  normal: styleStateSchema.prefault({}),
  hover: styleStateSchema.prefault({}),
  active: styleStateSchema.prefault({}),
});

export const legendItemSchema = strict({
  id: idOf('legend item'),
  text: text(MAP_LIMITS.titleLength).default(''),
  /** An image URL or 1-3 characters; '' draws a coloured dot. */
  icon: imageOrShortText().default(''),
  color: color().optional(),
  scale: num(0.1, 10).default(1),
  /** Corner radius of the swatch in px. */
  radius: num(0, 100).default(4),
  disable: bool().default(false),
});

/** One wayfinding path: a corridor (open polyline) or an open area (closed polygon) on one layer. */
export const routeSchema = strict({
  id: idOf('route'),
  layer: ref(),
  points: list(coordinate(), MAP_LIMITS.routePoints, 'points').min(2, { error: 'A route needs at least 2 points' }),
  /** Closed polygon: every vertex connects to every other (open areas). */
  closed: bool().default(false),
  /** Location id, or a connector id shared by paths on different layers, that the path's loose end attaches to. */
  endpoint: idOf('endpoint').optional(),
  /** The endpoint is a floor connector (lift, stairs) joining layers. */
  connector: bool().default(false),
  /** What the connector is, for step lists ("Take the lift to First floor"); only meaningful with `connector`. */
  connectorKind: oneOf(CONNECTOR_KINDS).optional(),
  /** The connector's display name ("Lift A", "エレベーター"), any text; `endpoint` is its id, made from it. */
  connectorName: text(MAP_LIMITS.nameLength).optional(),
  /** Cost multiplier of this path's length. */
  weight: num(0.01, 1000).default(1),
  /**
   * Not step-free. On a plain path: every segment of it (a step, a marked segment, a stepped corridor). On a
   * floor connector: only the floor change through it (stairs), not the path leading to it.
   */
  inaccessible: bool().default(false),
});

/** Layout overrides for containers at most `below` px wide; the smallest matching one wins. */
export const breakpointSchema = strict({
  name: idOf('breakpoint'),
  below: int(1, 100_000),
  /** Stack the directory under the map. */
  portrait: bool().default(false),
  sidebarWidth: int(100, 2_000).optional(),
  layout: oneOf(DIRECTORY_LAYOUTS).optional(),
  columns: int(1, 12).optional(),
  /** Map container height in px. */
  height: int(100, 10_000).optional(),
  /** Whole element height in px (portrait only). */
  elementHeight: int(100, 20_000).optional(),
});
