/**
 * What an author should fix in a wayfinding network (the editor's Check): locations nobody can walk to and why
 * (not on the map, on a floor without a path, or on a part not joined to the rest), places joined only at a connector's
 * stub, places not reachable step-free
 * with the stepped parts in the way (./step-blockers.ts), and the network's connected parts.
 */
import { locationPoint } from '@mapnest/shared/map-geo';
import { buildNetwork } from './network';
import { EDGE_INACCESSIBLE, type Network, type NetworkDoc, type ShapeCentres } from './network-model';
import { stepBlockers, type StepBlocker } from './step-blockers';

export interface NetworkComponent {
  /** Route ids in this connected part. */
  routes: string[];
  layers: string[];
  /** Location ids attached to this part. */
  locations: string[];
}

export interface NetworkCheck {
  /** Locations that cannot be reached from the main part of the network (or are not attached at all). */
  unreachable: string[];
  /** Unreachable locations on no path at all: no pinned door, and no place or no path on their floor to attach to. */
  unattached: string[];
  /** Of `unattached`, those with no place on the map: no point, no shape of their floor's drawing. */
  unplaced: string[];
  /** Reachable locations that the main part cannot reach without stairs, escalators or inaccessible paths. */
  stepFreeUnreachable: string[];
  /** For each of `stepFreeUnreachable`: the stepped parts on its way (the fewest), what the author would fix. */
  stepFreeBlockers: Map<string, StepBlocker[]>;
  /**
   * Reachable locations that join the network only at a connector's stub, their floor having no other path: their
   * routes start or end inside the lift or stairwell.
   */
  stubOnly: string[];
  /** Connected parts, largest (by attached locations, then routes) first; more than one means disconnected parts. */
  components: NetworkComponent[];
}

/** Component number of every node (-1 for isolated nodes with no edges), optionally over step-free edges only. */
function labelComponents(net: Network, stepFree: boolean): Int32Array {
  const label = new Int32Array(net.nodes.length).fill(-1);
  let next = 0;
  const stack: number[] = [];
  for (let start = 0; start < net.nodes.length; start++) {
    if (label[start] !== -1 || net.rowStart[start] === net.rowStart[start + 1]) continue;
    label[start] = next;
    stack.push(start);
    while (stack.length) {
      const n = stack.pop()!;
      for (let k = net.rowStart[n]!; k < net.rowStart[n + 1]!; k++) {
        if (stepFree && net.edgeFlags[k]! & EDGE_INACCESSIBLE) continue;
        const m = net.edgeTo[k]!;
        if (label[m] === -1) {
          label[m] = next;
          stack.push(m);
        }
      }
    }
    next++;
  }
  return label;
}

/**
 * What an author should fix in a network: locations nobody can walk to, and parts not joined to the rest.
 * A map without routes reports no components and no unreachable locations (it has no wayfinding to check).
 * `shapes` places the locations bound to a shape of their floor, as in buildNetwork.
 */
export function checkNetwork(doc: NetworkDoc, shapes?: ShapeCentres): NetworkCheck {
  if (doc.routes.length === 0)
    return {
      unreachable: [],
      unattached: [],
      unplaced: [],
      stepFreeUnreachable: [],
      stepFreeBlockers: new Map(),
      stubOnly: [],
      components: [],
    };
  const net = buildNetwork(doc, shapes);
  const label = labelComponents(net, false);
  const parts = new Map<number, { routes: Set<string>; layers: Set<string>; locations: Set<string> }>();
  const part = (c: number) => {
    let p = parts.get(c);
    if (!p) parts.set(c, (p = { routes: new Set(), layers: new Set(), locations: new Set() }));
    return p;
  };
  for (let n = 0; n < net.nodes.length; n++) {
    const c = label[n]!;
    if (c < 0) continue;
    const p = part(c);
    p.layers.add(net.nodes[n]!.layer);
    for (let k = net.rowStart[n]!; k < net.rowStart[n + 1]!; k++) if (net.edgeRoute[k]) p.routes.add(net.edgeRoute[k]!);
  }
  for (const [location, nodes] of net.targets)
    for (const n of nodes) if (label[n]! >= 0) part(label[n]!).locations.add(location);
  const ordered = [...parts.entries()].sort(
    ([, a], [, b]) => b.locations.size - a.locations.size || b.routes.size - a.routes.size,
  );
  const components = ordered.map(([, p]) => ({
    routes: [...p.routes].sort(),
    layers: [...p.layers],
    locations: [...p.locations].sort(),
  }));
  const main = ordered[0]?.[0];
  const listed = doc.locations.filter((l) => !l.disable);
  const unreachable = listed
    .filter((l) => !(net.targets.get(l.id) ?? []).some((n) => label[n] === main))
    .map((l) => l.id);

  // Step-free: reachable from the main part's step-free component that holds the most locations.
  const free = labelComponents(net, true);
  const tally = new Map<number, number>();
  for (const [, nodes] of net.targets) {
    const seen = new Set(nodes.filter((n) => label[n] === main).map((n) => free[n]!));
    for (const c of seen) tally.set(c, (tally.get(c) ?? 0) + 1);
  }
  const freeMain = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const gone = new Set(unreachable);
  const stepFreeUnreachable = listed
    .filter((l) => !gone.has(l.id) && !(net.targets.get(l.id) ?? []).some((n) => free[n] === freeMain))
    .map((l) => l.id);
  const freeNodes: number[] = [];
  if (stepFreeUnreachable.length) for (let n = 0; n < free.length; n++) if (free[n] === freeMain) freeNodes.push(n);
  const stepFreeBlockers = stepBlockers(
    net,
    freeNodes,
    new Map(stepFreeUnreachable.map((id) => [id, net.targets.get(id)!] as const)),
  );
  const unattached = unreachable.filter((id) => !net.targets.has(id));
  const loose = new Set(unattached);
  const placed = (l: NetworkDoc['locations'][number]) => !!locationPoint(l, doc.settings) || !!shapes?.has(l.id);
  const unplaced = listed.filter((l) => loose.has(l.id) && !placed(l)).map((l) => l.id);
  const stubOnly = listed.filter((l) => !gone.has(l.id) && net.stubAttached.has(l.id)).map((l) => l.id);
  return { unreachable, unattached, unplaced, stepFreeUnreachable, stepFreeBlockers, stubOnly, components };
}
