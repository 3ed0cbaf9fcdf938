/**
 * The walkable network of a map document, built once per document and shared by the viewer's
 * directions and the editor's network check (Mapplic-compatible model, see docs/adr/014-wayfinding.md):
 *
 * - each route is a polyline on one layer (closed: a polygon where every vertex links to every other);
 * - points with identical coordinates on the same layer are one node;
 * - an edge's cost is its length in image pixels × the route's `weight`;
 * - a route end carrying `endpoint` = a location id attaches that location (several doors: all are
 *   targets, so the nearest wins); routes on different layers sharing an `endpoint` with `connector`
 *   join those floors (cost FLOOR_CHANGE_COST per floor crossed);
 * - a location with a point and no explicit endpoint attaches automatically to the nearest edge on its
 *   layer (every layer when it has none): the edge is split at the projection and a short spur joins it. A connector's
 *   stub (its route's segment ending where the floors join) is used only when the layer has no other path: the spur is
 *   a straight line, and the stub into a lift or stairwell usually lies behind its walls (`stubAttached`). A location
 *   bound to a shape of its floor's drawing has its shape's centre for a point (`shapes`, measured by the viewer or
 *   the editor: where its marker is drawn), and attaches there like any other.
 *
 * Nodes are in image pixels (normalised map space × mapWidth/mapHeight) so lengths are isotropic.
 * Adjacency is stored as compressed rows in typed arrays for the search.
 */
import { locationPoint } from '@mapnest/shared/map-geo';
import { coordToImage, type ImagePoint, type Size } from '../coords';
import {
  connectorStepFree,
  type ConnectorKind,
  EDGE_FLOOR_CHANGE,
  EDGE_INACCESSIBLE,
  FLOOR_CHANGE_COST,
  type FloorLink,
  type Network,
  type NetworkDoc,
  type NetworkNode,
  type ShapeCentres,
} from './network-model';

interface Segment {
  a: number;
  b: number;
  route: string;
  weight: number;
  inaccessible: boolean;
  /** Whether the segment is a connector route's (see `isStub`). */
  connector: boolean;
}

interface RawEdge {
  a: number;
  b: number;
  cost: number;
  flags: number;
  route: string;
  link: FloorLink | null;
}

/** Nearest point on segment ab to p: the parameter t in 0..1 and the squared distance. */
export function projectOnSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): { t: number; d2: number } {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  const qx = ax + t * dx - px;
  const qy = ay + t * dy - py;
  return { t, d2: qx * qx + qy * qy };
}

/** Nodes by layer and document coordinate: points with identical coordinates on a layer are one node. */
class NodeTable {
  readonly nodes: NetworkNode[] = [];
  readonly #byKey = new Map<string, number>();

  constructor(readonly image: Size) {}

  /** The node at a document coordinate on a layer, added on first use. */
  at(layer: string, point: readonly [number, number]): number {
    const key = `${layer}\u0000${point[0]}\u0000${point[1]}`;
    let id = this.#byKey.get(key);
    if (id === undefined) {
      id = this.add(layer, coordToImage(point, this.image));
      this.#byKey.set(key, id);
    }
    return id;
  }

  /** A new node at an image point (one that splits an edge is never shared). */
  add(layer: string, p: ImagePoint): number {
    this.nodes.push({ layer, x: p.x, y: p.y });
    return this.nodes.length - 1;
  }
}

type NetworkRoute = NetworkDoc['routes'][number];

/** The first and last node of a route that carries an `endpoint`. */
interface RouteEnds {
  route: NetworkRoute;
  first: number;
  last: number;
}

interface RouteSegments {
  segments: Segment[];
  /** How many segments touch each node. */
  degree: Map<number, number>;
  ends: RouteEnds[];
  minWeight: number;
}

/** Every route on a known layer as segments between its nodes (a closed route: every vertex to every other). */
function collectSegments(doc: NetworkDoc, layerIndex: Map<string, number>, table: NodeTable): RouteSegments {
  const segments: Segment[] = [];
  const degree = new Map<number, number>();
  const bump = (n: number) => degree.set(n, (degree.get(n) ?? 0) + 1);
  const ends: RouteEnds[] = [];
  let minWeight = Infinity;

  for (const route of doc.routes) {
    if (!layerIndex.has(route.layer)) continue;
    const ids = route.points.map((p) => table.at(route.layer, p));
    minWeight = Math.min(minWeight, route.weight);
    const push = (a: number, b: number) => {
      if (a === b) return;
      // A connector's flag is about its floor change only (floorLinkEdges), never the path leading to it.
      const inaccessible = route.inaccessible && !route.connector;
      segments.push({ a, b, route: route.id, weight: route.weight, inaccessible, connector: !!route.connector });
      bump(a);
      bump(b);
    };
    if (route.closed) {
      const unique = [...new Set(ids)];
      for (let i = 0; i < unique.length; i++) for (let j = i + 1; j < unique.length; j++) push(unique[i]!, unique[j]!);
    } else {
      for (let i = 1; i < ids.length; i++) push(ids[i - 1]!, ids[i]!);
    }
    if (route.endpoint) ends.push({ route, first: ids[0]!, last: ids[ids.length - 1]! });
  }
  return { segments, degree, ends, minWeight };
}

/** One floor's end of a connector. */
interface ConnectorEnd {
  node: number;
  layer: string;
  kind: ConnectorKind | null;
  name: string | null;
  inaccessible: boolean;
}

interface EndpointAttachments {
  /** Location id → the nodes it attaches to. */
  targets: Map<string, number[]>;
  /** Connector endpoint → its ends on every floor. */
  connectors: Map<string, ConnectorEnd[]>;
}

/**
 * Where routes carrying an `endpoint` attach: at the loose end, the route end of degree 1 (the last point
 * when both or neither are), either a location's door (a target) or one floor's end of a connector.
 */
function attachRouteEnds(
  ends: readonly RouteEnds[],
  degree: Map<number, number>,
  locationIds: Set<string>,
): EndpointAttachments {
  const targets = new Map<string, number[]>();
  const connectors = new Map<string, ConnectorEnd[]>();
  for (const { route, first, last } of ends) {
    const firstLoose = degree.get(first) === 1;
    const lastLoose = degree.get(last) === 1;
    const node = firstLoose && !lastLoose ? first : last;
    const endpoint = route.endpoint!;
    if (route.connector) {
      const list = connectors.get(endpoint) ?? [];
      list.push({
        node,
        layer: route.layer,
        kind: route.connectorKind ?? null,
        name: route.connectorName ?? null,
        inaccessible: route.inaccessible,
      });
      connectors.set(endpoint, list);
    } else if (locationIds.has(endpoint)) {
      const list = targets.get(endpoint) ?? [];
      if (!list.includes(node)) list.push(node);
      targets.set(endpoint, list);
    }
  }
  return { targets, connectors };
}

/** Where a point projects onto a segment: its index and the parameter t in 0..1 along it. */
interface Projection {
  index: number;
  t: number;
}

/** Points splitting a segment (by segment index), each at parameter t along it. */
type SegmentSplits = Map<number, { t: number; node: number }[]>;

interface AutomaticAttachments {
  splits: SegmentSplits;
  /** Short edges from a location's point to where it projects onto the network. */
  spurs: RawEdge[];
  /** Locations attached automatically to a connector's stub, their layer having no other path. */
  stubAttached: Set<string>;
}

/** Indices of the segments on each layer. */
function segmentsByLayer(segments: readonly Segment[], nodes: readonly NetworkNode[]): Map<string, number[]> {
  const byLayer = new Map<string, number[]>();
  segments.forEach((s, i) => {
    const layer = nodes[s.a]!.layer;
    const list = byLayer.get(layer) ?? [];
    list.push(i);
    byLayer.set(layer, list);
  });
  return byLayer;
}

/** The segment among `candidates` nearest to p, or null when none has a finite distance. */
function nearestSegment(
  p: ImagePoint,
  candidates: readonly number[],
  segments: readonly Segment[],
  nodes: readonly NetworkNode[],
): Projection | null {
  let best = -1;
  let bestT = 0;
  let bestD2 = Infinity;
  for (const i of candidates) {
    const s = segments[i]!;
    const a = nodes[s.a]!;
    const b = nodes[s.b]!;
    const { t, d2 } = projectOnSegment(p.x, p.y, a.x, a.y, b.x, b.y);
    if (d2 < bestD2) {
      bestD2 = d2;
      best = i;
      bestT = t;
    }
  }
  return best < 0 ? null : { index: best, t: bestT };
}

/** The node where a projection lands: the segment's end, or a new node splitting the segment at t. */
function projectionFoot(
  table: NodeTable,
  layer: string,
  s: Segment,
  { index, t }: Projection,
  splits: SegmentSplits,
): number {
  if (t <= 0) return s.a;
  if (t >= 1) return s.b;
  const a = table.nodes[s.a]!;
  const b = table.nodes[s.b]!;
  const foot = table.add(layer, { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) });
  const list = splits.get(index) ?? [];
  list.push({ t, node: foot });
  splits.set(index, list);
  return foot;
}

/**
 * Automatic attachment: every placed location without an explicit endpoint (its point, or its shape's centre)
 * projects onto the nearest segment of its layer (every layer when it has none), becoming a target there (added to
 * `targets`).
 */
function attachLocations(
  doc: NetworkDoc,
  segments: readonly Segment[],
  table: NodeTable,
  targets: Map<string, number[]>,
  shapes: ShapeCentres | undefined,
  connectorNodes: ReadonlySet<number>,
): AutomaticAttachments {
  const splits: SegmentSplits = new Map();
  const spurs: RawEdge[] = [];
  const stubAttached = new Set<string>();
  const byLayer = walkableFirst(segmentsByLayer(segments, table.nodes), segments, connectorNodes);
  for (const location of doc.locations) {
    if (targets.has(location.id)) continue;
    const point = locationPoint(location, doc.settings) ?? shapes?.get(location.id);
    if (!point) continue;
    const layers = location.layer ? [location.layer] : doc.layers.map((l) => l.id);
    const attached: number[] = [];
    for (const layer of layers) {
      const lists = byLayer.get(layer);
      if (!lists) continue;
      const image = coordToImage(point, table.image);
      const nearest =
        nearestSegment(image, lists.walkable, segments, table.nodes) ??
        nearestSegment(image, lists.stubs, segments, table.nodes);
      if (!nearest) continue;
      if (isStub(segments[nearest.index]!, connectorNodes)) stubAttached.add(location.id);
      const door = table.at(layer, point);
      const foot = projectionFoot(table, layer, segments[nearest.index]!, nearest, splits);
      if (foot !== door) {
        const f = table.nodes[foot]!;
        const d = table.nodes[door]!;
        spurs.push({ a: door, b: foot, cost: Math.hypot(f.x - d.x, f.y - d.y), flags: 0, route: '', link: null });
      }
      attached.push(door);
    }
    if (attached.length) targets.set(location.id, attached);
  }
  return { splits, spurs, stubAttached };
}

/** A connector's stub: a segment of a connector route touching the node where that connector joins the floors. */
function isStub(s: Segment, connectorNodes: ReadonlySet<number>): boolean {
  return s.connector && (connectorNodes.has(s.a) || connectorNodes.has(s.b));
}

/** Each layer's segments split into the walkable paths and the connectors' stubs (attached to only when alone). */
function walkableFirst(
  byLayer: Map<string, number[]>,
  segments: readonly Segment[],
  connectorNodes: ReadonlySet<number>,
): Map<string, { walkable: number[]; stubs: number[] }> {
  const out = new Map<string, { walkable: number[]; stubs: number[] }>();
  for (const [layer, list] of byLayer) {
    const walkable: number[] = [];
    const stubs: number[] = [];
    for (const i of list) (isStub(segments[i]!, connectorNodes) ? stubs : walkable).push(i);
    out.set(layer, { walkable, stubs });
  }
  return out;
}

/** The routes' edges: every segment, cut where locations attach to it, costing length × weight. */
function segmentEdges(segments: readonly Segment[], splits: SegmentSplits, nodes: readonly NetworkNode[]): RawEdge[] {
  const raw: RawEdge[] = [];
  segments.forEach((s, i) => {
    const flags = s.inaccessible ? EDGE_INACCESSIBLE : 0;
    const chain = [s.a, ...(splits.get(i) ?? []).sort((p, q) => p.t - q.t).map((p) => p.node), s.b];
    for (let k = 1; k < chain.length; k++) {
      const a = nodes[chain[k - 1]!]!;
      const b = nodes[chain[k]!]!;
      raw.push({
        a: chain[k - 1]!,
        b: chain[k]!,
        cost: Math.hypot(b.x - a.x, b.y - a.y) * s.weight,
        flags,
        route: s.route,
        link: null,
      });
    }
  });
  return raw;
}

/**
 * Edges joining the floors a connector reaches, pairwise. Only these carry a connector's step: stairs,
 * escalators and ends marked not step-free block the floor change, never the corridor leading to it.
 */
function floorLinkEdges(connectors: Map<string, ConnectorEnd[]>, layerIndex: Map<string, number>): RawEdge[] {
  const raw: RawEdge[] = [];
  for (const [endpoint, list] of connectors) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const p = list[i]!;
        const q = list[j]!;
        if (p.layer === q.layer) continue;
        const kind = p.kind ?? q.kind;
        const name = p.name ?? q.name;
        const stepped = !connectorStepFree(kind, p.inaccessible || q.inaccessible);
        const floors = Math.abs(layerIndex.get(p.layer)! - layerIndex.get(q.layer)!);
        raw.push({
          a: p.node,
          b: q.node,
          cost: FLOOR_CHANGE_COST * floors,
          flags: EDGE_FLOOR_CHANGE | (stepped ? EDGE_INACCESSIBLE : 0),
          route: '',
          link: { endpoint, name, kind },
        });
      }
    }
  }
  return raw;
}

type EdgeRows = Pick<Network, 'rowStart' | 'edgeTo' | 'edgeCost' | 'edgeFlags' | 'edgeRoute' | 'edgeLink'>;

/** The edges as compressed rows, each stored in both directions. */
function compressEdges(nodeCount: number, raw: readonly RawEdge[]): EdgeRows {
  const count = new Int32Array(nodeCount + 1);
  for (const e of raw) {
    count[e.a + 1]!++;
    count[e.b + 1]!++;
  }
  for (let i = 1; i <= nodeCount; i++) count[i]! += count[i - 1]!;
  const rowStart = count.slice();
  const fill = count.slice(0, nodeCount);
  const edgeTo = new Int32Array(raw.length * 2);
  const edgeCost = new Float64Array(raw.length * 2);
  const edgeFlags = new Uint8Array(raw.length * 2);
  const edgeRoute: string[] = new Array<string>(raw.length * 2);
  const edgeLink: (FloorLink | null)[] = new Array<FloorLink | null>(raw.length * 2);
  const put = (from: number, e: RawEdge, to: number) => {
    const k = fill[from]!++;
    edgeTo[k] = to;
    edgeCost[k] = e.cost;
    edgeFlags[k] = e.flags;
    edgeRoute[k] = e.route;
    edgeLink[k] = e.link;
  };
  for (const e of raw) {
    put(e.a, e, e.b);
    put(e.b, e, e.a);
  }
  return { rowStart, edgeTo, edgeCost, edgeFlags, edgeRoute, edgeLink };
}

/** The network of `doc`; `shapes` places the locations bound to a shape of their floor (see ShapeCentres). */
export function buildNetwork(doc: NetworkDoc, shapes?: ShapeCentres): Network {
  const width = doc.settings.mapWidth;
  const height = doc.settings.mapHeight;
  const layerIndex = new Map(doc.layers.map((l, i) => [l.id, i] as const));
  const table = new NodeTable({ width, height });
  const { segments, degree, ends, minWeight } = collectSegments(doc, layerIndex, table);
  const { targets, connectors } = attachRouteEnds(ends, degree, new Set(doc.locations.map((l) => l.id)));
  const connectorNodes = new Set([...connectors.values()].flatMap((ends) => ends.map((e) => e.node)));
  const { splits, spurs, stubAttached } = attachLocations(doc, segments, table, targets, shapes, connectorNodes);
  const raw = [...segmentEdges(segments, splits, table.nodes), ...spurs, ...floorLinkEdges(connectors, layerIndex)];
  const nodes = table.nodes;
  return {
    nodes,
    nodeX: Float64Array.from(nodes, (n) => n.x),
    nodeY: Float64Array.from(nodes, (n) => n.y),
    ...compressEdges(nodes.length, raw),
    targets,
    stubAttached,
    layerIndex,
    minWeight: Number.isFinite(minWeight) ? minWeight : 1,
    width,
    height,
  };
}
