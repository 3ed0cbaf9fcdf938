/**
 * Why a place cannot be reached step-free: the parts of the network a visitor who cannot use steps would have to
 * use on the way there (stairs between two floors, a path marked not step-free). One search from the step-free
 * part of the network over every edge, costing each stepped edge far more than any walk, finds for every place the
 * way with the fewest stepped parts; those parts are what the editor's Check names, so fixing them opens the place.
 */
import { EDGE_FLOOR_CHANGE, EDGE_INACCESSIBLE, type ConnectorKind, type Network } from './network-model';
import { NodeHeap } from './route';

/** One part of the network that keeps a place from being reached step-free. */
export type StepBlocker =
  | {
      kind: 'connector';
      /** The connector's id and display name (null when it has none). */
      endpoint: string;
      name: string | null;
      connectorKind: ConnectorKind | null;
      /** The floors it joins on the way (layer ids). */
      floors: [string, string];
    }
  | { kind: 'path'; route: string; layer: string };

/** More than any walk on a map: each stepped edge outweighs every length. */
const STEP_PENALTY = 1e12;

/**
 * For each of `places` (location id → its nodes), the stepped parts on the way from any node in `from` (the
 * step-free part the visitor starts in) with the fewest of them; a place with no way at all is left out.
 */
export function stepBlockers(
  net: Network,
  from: readonly number[],
  places: ReadonlyMap<string, readonly number[]>,
): Map<string, StepBlocker[]> {
  const n = net.nodes.length;
  const dist = new Float64Array(n).fill(Infinity);
  const via = new Int32Array(n).fill(-1);
  const prev = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const heap = new NodeHeap();
  for (const s of from) {
    dist[s] = 0;
    heap.push(s, 0);
  }
  const { rowStart, edgeTo, edgeCost, edgeFlags } = net;
  while (heap.size) {
    const u = heap.pop();
    if (done[u]) continue;
    done[u] = 1;
    for (let k = rowStart[u]!; k < rowStart[u + 1]!; k++) {
      const v = edgeTo[k]!;
      if (done[v]) continue;
      const d = dist[u]! + edgeCost[k]! + (edgeFlags[k]! & EDGE_INACCESSIBLE ? STEP_PENALTY : 0);
      if (d < dist[v]!) {
        dist[v] = d;
        via[v] = k;
        prev[v] = u;
        heap.push(v, d);
      }
    }
  }
  const out = new Map<string, StepBlocker[]>();
  for (const [place, nodes] of places) {
    let best = -1;
    for (const node of nodes) if (dist[node]! < Infinity && (best < 0 || dist[node]! < dist[best]!)) best = node;
    if (best < 0) continue;
    const blockers: StepBlocker[] = [];
    const seen = new Set<string>();
    for (let v = best; prev[v] !== -1; v = prev[v]!) {
      const k = via[v]!;
      if (!(edgeFlags[k]! & EDGE_INACCESSIBLE)) continue;
      const blocker = describe(net, k, prev[v]!, v);
      const key = blocker.kind === 'connector' ? `c:${blocker.endpoint}` : `p:${blocker.route}`;
      if (seen.has(key)) continue;
      seen.add(key);
      blockers.push(blocker);
    }
    out.set(place, blockers.reverse());
  }
  return out;
}

function describe(net: Network, slot: number, a: number, b: number): StepBlocker {
  const link = net.edgeLink[slot];
  if (net.edgeFlags[slot]! & EDGE_FLOOR_CHANGE && link) {
    return {
      kind: 'connector',
      endpoint: link.endpoint,
      name: link.name,
      connectorKind: link.kind,
      floors: [net.nodes[a]!.layer, net.nodes[b]!.layer],
    };
  }
  return { kind: 'path', route: net.edgeRoute[slot]!, layer: net.nodes[a]!.layer };
}
