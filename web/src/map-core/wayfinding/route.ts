/**
 * Shortest paths on a built network: A* from every start node to the nearest target node, on a
 * binary heap (O((V + E) log V), where the incumbent's Dijkstra scanned every node each step, O(V²)).
 * The heuristic is the straight-line distance to the nearest target × the smallest route weight,
 * which never overestimates (floor changes only add cost), so the first target settled is optimal.
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

/** The cheapest path from any of `starts` to any of `targets`, or null when none exists. */
export function shortestPath(
  net: Network,
  starts: readonly number[],
  targets: readonly number[],
  options: PathOptions = {},
): NodePath | null {
  if (!starts.length || !targets.length) return null;
  const n = net.nodes.length;
  const dist = new Float64Array(n).fill(Infinity);
  const via = new Int32Array(n).fill(-1);
  const prev = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const isTarget = new Uint8Array(n);
  for (const t of targets) isTarget[t] = 1;
  const { nodeX, nodeY } = net;
  const tx = targets.map((t) => nodeX[t]!);
  const ty = targets.map((t) => nodeY[t]!);
  const scale = net.minWeight;
  // With many targets the heuristic costs more than it saves: plain Dijkstra.
  const h =
    targets.length > 8
      ? () => 0
      : (node: number) => {
          const x = nodeX[node]!;
          const y = nodeY[node]!;
          let best = Infinity;
          for (let i = 0; i < tx.length; i++) {
            const dx = x - tx[i]!;
            const dy = y - ty[i]!;
            const d = dx * dx + dy * dy;
            if (d < best) best = d;
          }
          return Math.sqrt(best) * scale;
        };
  const heap = new NodeHeap();
  for (const s of starts) {
    if (dist[s] === 0) continue;
    dist[s] = 0;
    heap.push(s, h(s));
  }
  const skip = options.stepFree ? EDGE_INACCESSIBLE : 0;
  const { rowStart, edgeTo, edgeCost, edgeFlags } = net;
  while (heap.size) {
    const u = heap.pop();
    if (done[u]) continue;
    done[u] = 1;
    if (isTarget[u]) {
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
      if (done[v]) continue;
      const d = du + edgeCost[k]!;
      if (d < dist[v]!) {
        dist[v] = d;
        via[v] = k;
        prev[v] = u;
        heap.push(v, d + h(v));
      }
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
