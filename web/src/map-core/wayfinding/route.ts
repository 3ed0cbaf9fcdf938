/**
 * Shortest paths on a built network: A* from every start node to the nearest target node, on a
 * binary heap (O((V + E) log V), where the incumbent's Dijkstra scanned every node each step, O(V²)).
 * The heuristic is the cost to the targets in a relaxed network (straight lines within a floor, the real floor
 * changes between floors; relaxedBound), which never overestimates, so the first target settled is optimal.
 */
import { imageToCoord } from '../coords';
import { EDGE_FLOOR_CHANGE, EDGE_INACCESSIBLE, type FloorLink, type Network } from './network-model';

/** Min-heap of node ids keyed by a priority, with lazy deletion (stale entries are skipped by the caller). */
export class NodeHeap {
  #ids = new Int32Array(64);
  #keys = new Float64Array(64);
  size = 0;

  push(id: number, key: number): void {
    if (this.size === this.#ids.length) {
      const ids = new Int32Array(this.size * 2);
      ids.set(this.#ids);
      const keys = new Float64Array(this.size * 2);
      keys.set(this.#keys);
      this.#ids = ids;
      this.#keys = keys;
    }
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.#keys[parent]! <= key) break;
      this.#ids[i] = this.#ids[parent]!;
      this.#keys[i] = this.#keys[parent]!;
      i = parent;
    }
    this.#ids[i] = id;
    this.#keys[i] = key;
  }

  /** Removes the smallest entry and returns its id (the heap must not be empty). */
  pop(): number {
    const top = this.#ids[0]!;
    const n = --this.size;
    if (n > 0) {
      const id = this.#ids[n]!;
      const key = this.#keys[n]!;
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && this.#keys[child + 1]! < this.#keys[child]!) child++;
        if (this.#keys[child]! >= key) break;
        this.#ids[i] = this.#ids[child]!;
        this.#keys[i] = this.#keys[child]!;
        i = child;
      }
      this.#ids[i] = id;
      this.#keys[i] = key;
    }
    return top;
  }
}

export interface PathOptions {
  /** Skip edges marked inaccessible (stairs, escalators, paths authored as not step-free). */
  stepFree?: boolean;
}

export interface NodePath {
  /** Node ids from a start node to a target node. */
  nodes: number[];
  /** Edge slot used to reach nodes[i] from nodes[i - 1] (edges[0] is -1). */
  edges: number[];
  cost: number;
}

/**
 * What a network keeps between searches: each node's floor, the nodes that floor changes leave from, and the
 * search's own arrays, reused (a generation stamp marks what this search has touched, so nothing of the
 * network's size is allocated or cleared per route).
 */
interface Scratch {
  floor: Int32Array;
  /** Nodes with a floor-change edge, grouped by floor: linkNodes[linkStart[f] .. linkStart[f + 1] - 1]. */
  linkNodes: Int32Array;
  linkStart: Int32Array;
  /** Position of a node in linkNodes, or -1. */
  linkIndex: Int32Array;
  /** Lower bounds from each link node to the current targets (per search). */
  linkBound: Float64Array;
  dist: Float64Array;
  /** The heuristic's value of each node this search has seen. */
  hval: Float64Array;
  via: Int32Array;
  prev: Int32Array;
  seen: Uint32Array;
  done: Uint32Array;
  target: Uint32Array;
  gen: number;
  heap: NodeHeap;
}

const scratches = new WeakMap<Network, Scratch>();

function scratchFor(net: Network): Scratch {
  let s = scratches.get(net);
  if (s) return s;
  const n = net.nodes.length;
  const floors = Math.max(1, net.layerIndex.size);
  const floor = new Int32Array(n);
  for (let i = 0; i < n; i++) floor[i] = net.layerIndex.get(net.nodes[i]!.layer) ?? 0;
  const links: number[] = [];
  for (let u = 0; u < n; u++) {
    for (let k = net.rowStart[u]!; k < net.rowStart[u + 1]!; k++) {
      if (net.edgeFlags[k]! & EDGE_FLOOR_CHANGE) {
        links.push(u);
        break;
      }
    }
  }
  links.sort((a, b) => floor[a]! - floor[b]!);
  const linkStart = new Int32Array(floors + 1);
  for (const u of links) linkStart[floor[u]! + 1]!++;
  for (let f = 1; f <= floors; f++) linkStart[f]! += linkStart[f - 1]!;
  const linkIndex = new Int32Array(n).fill(-1);
  links.forEach((u, i) => (linkIndex[u] = i));
  s = {
    floor,
    linkNodes: Int32Array.from(links),
    linkStart,
    linkIndex,
    linkBound: new Float64Array(links.length),
    dist: new Float64Array(n),
    hval: new Float64Array(n),
    via: new Int32Array(n),
    prev: new Int32Array(n),
    seen: new Uint32Array(n),
    done: new Uint32Array(n),
    target: new Uint32Array(n),
    gen: 0,
    heap: new NodeHeap(),
  };
  scratches.set(net, s);
  return s;
}

/** Above this many floor-change nodes the per-search bounds would cost more than they save: plain Dijkstra. */
const MAX_LINK_NODES = 600;

/**
 * The search's heuristic: the cost of the cheapest way to a target in a relaxed network where one may walk in a
 * straight line between any two points of a floor (at the cheapest cost per pixel any edge has) and change floors
 * only where the network does. Every real path is a path there at no greater cost, so the bound never
 * overestimates, and as a shortest distance it is consistent: the first target settled is the cheapest. Unlike a
 * straight line to the target, it knows a floor change happens at a connector: a search from the ground floor
 * to the fourth heads for a lift instead of spreading over every floor, and connectors whose ends lie at different
 * places on their floors (a long ramp, floors drawn offset) do not make it overestimate.
 * Returns null when the bound is not worth computing (many targets or floor changes): then h = 0.
 */
function relaxedBound(
  net: Network,
  s: Scratch,
  targets: readonly number[],
  skip: number,
  scale: number,
): ((node: number) => number) | null {
  if (targets.length > 8 || s.linkNodes.length > MAX_LINK_NODES) return null;
  const { nodeX, nodeY } = net;
  const { floor, linkNodes, linkStart, linkIndex, linkBound } = s;
  const straight = (a: number, b: number) => {
    const dx = nodeX[a]! - nodeX[b]!;
    const dy = nodeY[a]! - nodeY[b]!;
    return Math.sqrt(dx * dx + dy * dy) * scale;
  };
  const L = linkNodes.length;
  // Dijkstra over the link nodes (O(L²), L is small), seeded with each one's straight way to a target on its floor.
  for (let i = 0; i < L; i++) {
    const u = linkNodes[i]!;
    let best = Infinity;
    for (const t of targets) if (floor[t] === floor[u]) best = Math.min(best, straight(u, t));
    linkBound[i] = best;
  }
  const settled = new Uint8Array(L);
  for (;;) {
    let i = -1;
    let best = Infinity;
    for (let j = 0; j < L; j++) {
      if (!settled[j] && linkBound[j]! < best) {
        best = linkBound[j]!;
        i = j;
      }
    }
    if (i < 0) break;
    settled[i] = 1;
    const u = linkNodes[i]!;
    const f = floor[u]!;
    for (let j = linkStart[f]!; j < linkStart[f + 1]!; j++) {
      if (settled[j]) continue;
      const d = best + straight(u, linkNodes[j]!);
      if (d < linkBound[j]!) linkBound[j] = d;
    }
    for (let k = net.rowStart[u]!; k < net.rowStart[u + 1]!; k++) {
      if (!(net.edgeFlags[k]! & EDGE_FLOOR_CHANGE) || net.edgeFlags[k]! & skip) continue;
      const j = linkIndex[net.edgeTo[k]!]!;
      if (j < 0 || settled[j]) continue;
      const d = best + net.edgeCost[k]!;
      if (d < linkBound[j]!) linkBound[j] = d;
    }
  }
  // Each floor's link nodes by their bound, nearest first: the heuristic stops at the first one that cannot win.
  const order = Array.from(linkNodes.keys()).sort((i, j) => linkBound[i]! - linkBound[j]!);
  const sortedNodes = new Int32Array(L);
  const sortedBound = new Float64Array(L);
  const fill = linkStart.slice();
  for (const i of order) {
    const k = fill[floor[linkNodes[i]!]!]!++;
    sortedNodes[k] = linkNodes[i]!;
    sortedBound[k] = linkBound[i]!;
  }
  return (node) => {
    const f = floor[node]!;
    let best = Infinity;
    for (const t of targets) if (floor[t] === f) best = Math.min(best, straight(node, t));
    for (let j = linkStart[f]!; j < linkStart[f + 1]!; j++) {
      const b = sortedBound[j]!;
      if (b >= best) break;
      best = Math.min(best, straight(node, sortedNodes[j]!) + b);
    }
    return best;
  };
}

/** The cheapest path from any of `starts` to any of `targets`, or null when none exists. */
export function shortestPath(
  net: Network,
  starts: readonly number[],
  targets: readonly number[],
  options: PathOptions = {},
): NodePath | null {
  if (!starts.length || !targets.length) return null;
  const s = scratchFor(net);
  const gen = ++s.gen;
  const { dist, hval, via, prev, seen, done, target } = s;
  for (const t of targets) target[t] = gen;
  const skip = options.stepFree ? EDGE_INACCESSIBLE : 0;
  // Spurs (a location's door to its path) cost their length whatever the routes' weights: the bound's scale is
  // the cheapest of both.
  const h = relaxedBound(net, s, targets, skip, Math.min(1, net.minWeight)) ?? (() => 0);
  const heap = s.heap;
  heap.size = 0;
  for (const u of starts) {
    if (seen[u] === gen) continue;
    seen[u] = gen;
    dist[u] = 0;
    via[u] = -1;
    prev[u] = -1;
    const hu = h(u);
    if (hu < Infinity) heap.push(u, hu);
  }
  const { rowStart, edgeTo, edgeCost, edgeFlags } = net;
  while (heap.size) {
    const u = heap.pop();
    if (done[u] === gen) continue;
    done[u] = gen;
    if (target[u] === gen) {
      const nodes: number[] = [];
      const edges: number[] = [];
      for (let v = u; v !== -1; v = prev[v]!) {
        nodes.push(v);
        edges.push(via[v]!);
      }
      nodes.reverse();
      edges.reverse();
      return { nodes, edges, cost: dist[u]! };
    }
    const du = dist[u]!;
    for (let k = rowStart[u]!; k < rowStart[u + 1]!; k++) {
      if (edgeFlags[k]! & skip) continue;
      const v = edgeTo[k]!;
      if (done[v] === gen) continue;
      const d = du + edgeCost[k]!;
      if (seen[v] !== gen) {
        seen[v] = gen;
        hval[v] = h(v);
      } else if (d >= dist[v]!) continue;
      dist[v] = d;
      via[v] = k;
      prev[v] = u;
      // A node no target can be reached from, even in the relaxed network, is not worth queueing.
      if (hval[v]! < Infinity) heap.push(v, d + hval[v]!);
    }
  }
  return null;
}

/** One floor's part of a route, in normalised map space. */
export interface RouteSegment {
  layer: string;
  points: [number, number][];
  /** Length in image pixels. */
  length: number;
}

export interface RoutePlan {
  cost: number;
  segments: RouteSegment[];
  /** Floor changes between consecutive segments: changes[i] leads from segments[i] to segments[i + 1]. */
  changes: FloorLink[];
}

/** The route between two locations, split per floor; null when either is not on the network or none exists. */
export function planRoute(net: Network, from: string, to: string, options: PathOptions = {}): RoutePlan | null {
  const starts = net.targets.get(from);
  const targets = net.targets.get(to);
  if (!starts || !targets || from === to) return null;
  const path = shortestPath(net, starts, targets, options);
  if (!path) return null;
  const segments: RouteSegment[] = [];
  const changes: FloorLink[] = [];
  let current: RouteSegment | null = null;
  for (let i = 0; i < path.nodes.length; i++) {
    const node = net.nodes[path.nodes[i]!]!;
    const slot = path.edges[i]!;
    const point = imageToCoord(node, net);
    if (!current || (slot >= 0 && net.edgeFlags[slot]! & EDGE_FLOOR_CHANGE)) {
      if (current && slot >= 0) changes.push(net.edgeLink[slot]!);
      current = { layer: node.layer, points: [point], length: 0 };
      segments.push(current);
      continue;
    }
    const prev = net.nodes[path.nodes[i - 1]!]!;
    current.length += Math.hypot(node.x - prev.x, node.y - prev.y);
    current.points.push(point);
  }
  return { cost: path.cost, segments, changes };
}
