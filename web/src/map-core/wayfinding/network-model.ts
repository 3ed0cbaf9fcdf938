/**
 * What a built wayfinding network is (./network.ts builds it from a document): nodes in image pixels, edges
 * as compressed rows with their costs and flags, and the nodes each location attaches to. The search
 * (./route.ts) and the step list (./steps.ts) read only this.
 */
import type { CONNECTOR_KINDS, MapDocument } from '@mapnest/shared/map-document';

export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];

/**
 * Whether the floor change through a connector of `kind` is step-free: stairs and escalators never are, whatever
 * their mark; a lift or a ramp (the kind unset: a lift) unless marked not (`inaccessible`: out of service, too steep).
 * The router, the editor's list of connectors and its connector form all read it.
 */
export const connectorStepFree = (kind: ConnectorKind | null | undefined, inaccessible: boolean | undefined): boolean =>
  kind !== 'stairs' && kind !== 'escalator' && !inaccessible;

/** Cost of moving one floor by a connector, in pixel-equivalents (a lift or stair flight is never free). */
export const FLOOR_CHANGE_COST = 30;

/** Edge flags. */
export const EDGE_INACCESSIBLE = 1;
export const EDGE_FLOOR_CHANGE = 2;

export interface NetworkNode {
  layer: string;
  /** Image pixels. */
  x: number;
  y: number;
}

/** A floor connector between two nodes (both directions are stored). */
export interface FloorLink {
  /** The connector's id (the routes' shared `endpoint`). */
  endpoint: string;
  /** Its display name (`connectorName`), or null when the author gave none. */
  name: string | null;
  kind: ConnectorKind | null;
}

export type NetworkDoc = Pick<MapDocument, 'settings' | 'layers' | 'locations' | 'routes'>;

/**
 * Where locations bound to a shape are, by location id, in normalised map space: a location with no point of its own
 * whose id is an element's id in its floor's SVG is drawn as that shape, its marker at the shape's centre. The model
 * has no drawing: the viewer and the editor measure the shapes and pass their centres in.
 */
export type ShapeCentres = ReadonlyMap<string, readonly [number, number]>;

export interface Network {
  nodes: NetworkNode[];
  /** The nodes' image coordinates as typed arrays, for the search's heuristic. */
  nodeX: Float64Array;
  nodeY: Float64Array;
  /** Compressed rows: edges of node n are rowStart[n] .. rowStart[n + 1] - 1. */
  rowStart: Int32Array;
  edgeTo: Int32Array;
  edgeCost: Float64Array;
  edgeFlags: Uint8Array;
  /** Route id an edge came from ('' for floor links). */
  edgeRoute: string[];
  /** For EDGE_FLOOR_CHANGE edges: what joins the floors. */
  edgeLink: (FloorLink | null)[];
  /** Nodes a location attaches to (explicit endpoints, or its automatic spur's start). */
  targets: Map<string, number[]>;
  /** Locations that join the network only at a connector's stub (no other path on their floor to attach to). */
  stubAttached: ReadonlySet<string>;
  /** Order of layers (floor index), by the document's layer order. */
  layerIndex: Map<string, number>;
  /** Smallest route weight, for an admissible A* heuristic. */
  minWeight: number;
  width: number;
  height: number;
}
