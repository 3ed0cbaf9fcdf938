/**
 * Actions on the walkable network (the document's `routes`). A node is a coordinate on a layer shared
 * by path points (identical coordinates are one node, as in buildNetwork); an edge is a segment of a
 * path. Drawing an edge that ends on an existing edge splits that edge there; moving a node moves it
 * in every path that shares it, and moving it onto another node joins the two. Connectors and pinned
 * locations are `endpoint`s on a path's loose end. Each action keeps the document valid.
 */
import { MAP_LIMITS, routeSchema, type CONNECTOR_KINDS, type MapDocument } from '@mapnest/shared/map-document';
import { locationPoint } from '@mapnest/shared/map-geo';
import { projectOnSegment } from '../../../map-core/wayfinding/network';
import { ActionError, defineAction } from '../actions/registry';
import { checked } from '../actions/validate';
import { connectorNameProblem } from './network-names';

type Route = MapDocument['routes'][number];
export type Point = [number, number];
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];

const same = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];
const clampPoint = (p: readonly number[]): Point => [Math.min(1, Math.max(0, p[0]!)), Math.min(1, Math.max(0, p[1]!))];

/** The next free `path-N` id. */
export function nextPathId(doc: MapDocument): string {
  const taken = new Set(doc.routes.map((r) => r.id));
  let n = doc.routes.length + 1;
  while (taken.has(`path-${n}`)) n++;
  return `path-${n}`;
}

/** Every distinct node (point) of a layer's paths. */
export function layerNodes(doc: MapDocument, layer: string): Point[] {
  const seen = new Set<string>();
  const out: Point[] = [];
  for (const r of doc.routes) {
    if (r.layer !== layer) continue;
    for (const p of r.points) {
      const k = `${p[0]},${p[1]}`;
      if (!seen.has(k)) {
        seen.add(k);
        out.push([p[0], p[1]]);
      }
    }
  }
  return out;
}

/** How many edges meet at a node (closed paths count each of their two neighbours). */
export function nodeDegree(doc: MapDocument, layer: string, at: readonly number[]): number {
  let degree = 0;
  for (const r of doc.routes) {
    if (r.layer !== layer) continue;
    const n = r.points.length;
    r.points.forEach((p, i) => {
      if (!same(p, at)) return;
      if (r.closed) degree += n > 2 ? 2 : 1;
      else degree += (i > 0 ? 1 : 0) + (i < n - 1 ? 1 : 0);
    });
  }
  return degree;
}

export type Snap =
  | { kind: 'node'; point: Point }
  | { kind: 'edge'; point: Point; route: string; segment: number }
  | { kind: 'free'; point: Point };

/**
 * Where a pointer at `p` lands: the nearest node within `tolerance` (in map units: the caller turns
 * its few screen pixels into them), else the nearest point on an edge within it, else `p` itself.
 * `aspect` is the map's width / height, so distances are measured as drawn.
 */
export function snapPoint(doc: MapDocument, layer: string, p: readonly number[], tolerance: number, aspect = 1): Snap {
  const t2 = tolerance * tolerance;
  let best: Point | null = null;
  let bestD = t2;
  for (const node of layerNodes(doc, layer)) {
    const d = ((node[0] - p[0]!) * aspect) ** 2 + (node[1] - p[1]!) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = node;
    }
  }
  if (best) return { kind: 'node', point: best };
  let edge: Snap | null = null;
  bestD = t2;
  for (const r of doc.routes) {
    if (r.layer !== layer) continue;
    forEachSegment(r, (a, b, i) => {
      const { t, d2 } = projectOnSegment(p[0]! * aspect, p[1]!, a[0] * aspect, a[1], b[0] * aspect, b[1]);
      if (d2 <= bestD && t > 0 && t < 1) {
        bestD = d2;
        edge = { kind: 'edge', point: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], route: r.id, segment: i };
      }
    });
  }
  return edge ?? { kind: 'free', point: clampPoint(p) };
}

export function forEachSegment(r: Route, fn: (a: Point, b: Point, i: number) => void): void {
  const n = r.points.length;
  const count = r.closed && n > 2 ? n : n - 1;
  for (let i = 0; i < count; i++) fn(r.points[i] as Point, r.points[(i + 1) % n] as Point, i);
}

/** Inserts `at` into the first segment of `layer` it lies on (within a hair), if it is not already a node. */
function splitAt(routes: Route[], layer: string, at: Point): Route[] {
  if (routes.some((r) => r.layer === layer && r.points.some((p) => same(p, at)))) return routes;
  for (let k = 0; k < routes.length; k++) {
    const r = routes[k]!;
    if (r.layer !== layer) continue;
    let hit = -1;
    forEachSegment(r, (a, b, i) => {
      if (hit >= 0) return;
      const { t, d2 } = projectOnSegment(at[0], at[1], a[0], a[1], b[0], b[1]);
      if (t > 0 && t < 1 && d2 < 1e-12) hit = i;
    });
    if (hit < 0) continue;
    if (r.points.length >= MAP_LIMITS.routePoints)
      throw new ActionError(`A path holds at most ${MAP_LIMITS.routePoints} points`);
    const points = r.points.slice();
    points.splice(hit + 1, 0, at);
    const out = routes.slice();
    out[k] = { ...r, points };
    return out;
  }
  return routes;
}

/** Drops repeated consecutive points and paths left with fewer than two distinct points. */
function tidy(routes: Route[]): Route[] {
  const out: Route[] = [];
  for (const r of routes) {
    const points = r.points.filter((p, i) => i === 0 || !same(p, r.points[i - 1]!));
    if (r.closed && points.length > 1 && same(points[0]!, points[points.length - 1]!)) points.pop();
    if (points.length < 2) continue;
    const closed = r.closed && points.length > 2;
    out.push(points.length === r.points.length && closed === r.closed ? r : { ...r, points, closed });
  }
  return out;
}

export function withRoutes(doc: MapDocument, routes: Route[]): MapDocument {
  if (routes.length > MAP_LIMITS.routes) throw new ActionError(`A map holds at most ${MAP_LIMITS.routes} paths`);
  return { ...doc, routes };
}

function checkLayer(doc: MapDocument, layer: string): void {
  if (!doc.layers.some((l) => l.id === layer)) throw new ActionError(`There is no layer "${layer}"`);
}

function checkNode(doc: MapDocument, layer: string, at: readonly number[]): void {
  if (!doc.routes.some((r) => r.layer === layer && r.points.some((p) => same(p, at))))
    throw new ActionError('There is no node there');
}

/**
 * Draws an edge from `from` to `to` on `layer` (both already snapped): a point on an existing edge splits
 * it; an edge continuing from the loose end of a plain path (no endpoint) extends that path, otherwise a new path starts.
 */
export const addEdge = defineAction<{ layer: string; from: Point; to: Point }>({
  name: 'wayfinding.edge.add',
  label: 'Draw path',
  perform(doc, { layer, from, to }) {
    checkLayer(doc, layer);
    const a = clampPoint(from);
    const b = clampPoint(to);
    if (same(a, b)) throw new ActionError('An edge needs two different points');
    let routes = splitAt(splitAt(doc.routes, layer, a), layer, b);
    const exists = routes.some(
      (r) =>
        r.layer === layer &&
        r.points.some((p, i) => {
          const next = r.points[i + 1] ?? (r.closed ? r.points[0] : undefined);
          return next !== undefined && ((same(p, a) && same(next, b)) || (same(p, b) && same(next, a)));
        }),
    );
    if (exists) throw new ActionError('Those two nodes are already joined');
    const k = routes.findIndex(
      (r) =>
        r.layer === layer &&
        !r.closed &&
        !r.endpoint &&
        same(r.points[r.points.length - 1]!, a) &&
        nodeDegree({ ...doc, routes }, layer, a) === 1,
    );
    if (k >= 0 && routes[k]!.points.length < MAP_LIMITS.routePoints) {
      const r = routes[k]!;
      routes = routes.slice();
      routes[k] = { ...r, points: [...r.points, b] };
    } else {
      const route = checked(routeSchema, { id: nextPathId(doc), layer, points: [a, b] }, 'Path');
      routes = [...routes, route];
    }
    return withRoutes(doc, routes);
  },
});

/** Moves a node in every path of its layer that has it; onto another node, the two become one (join). */
export const moveNode = defineAction<{ layer: string; from: Point; to: Point }>({
  name: 'wayfinding.node.move',
  label: 'Move node',
  perform(doc, { layer, from, to }) {
    checkNode(doc, layer, from);
    const target = clampPoint(to);
    if (same(from, target)) return doc;
    const routes = doc.routes.map((r) =>
      r.layer === layer && r.points.some((p) => same(p, from))
        ? { ...r, points: r.points.map((p) => (same(p, from) ? target : p)) }
        : r,
    );
    return withRoutes(doc, tidy(routes));
  },
});

/** Joins node `from` into node `into` (both on `layer`): every edge of `from` now meets at `into`. */
export const joinNodes = defineAction<{ layer: string; from: Point; into: Point }>({
  name: 'wayfinding.node.join',
  label: 'Join nodes',
  perform(doc, { layer, from, into }) {
    checkNode(doc, layer, into);
    if (same(from, into)) throw new ActionError('Choose two different nodes to join');
    return moveNode.perform(doc, { layer, from, to: [into[0], into[1]] });
  },
});

/**
 * A path with its endpoint taken off. A connector's `inaccessible` was about its floor change only, so the
 * plain path left is step-free; a plain path keeps its own flag.
 */
export function withoutEndpoint(r: Route): Route {
  const { endpoint: _e, connectorKind: _k, connectorName: _n, ...rest } = r;
  return { ...rest, connector: false, inaccessible: r.connector ? false : r.inaccessible };
}

/** Cuts path `r` into the runs of edges it keeps (`keep(i)` false = segment i removed). */
function cut(r: Route, keep: (i: number) => boolean, idFor: () => string): Route[] {
  const n = r.points.length;
  const closed = r.closed && n > 2;
  const count = closed ? n : n - 1;
  const indices = [...Array(count).keys()];
  // A closed path is opened after its first removed segment, so no run wraps around.
  const first = indices.find((i) => !keep(i));
  if (first === undefined) return [r];
  const order = closed ? indices.map((s) => (first + 1 + s) % count) : indices;
  const runs: Point[][] = [];
  let run: Point[] | null = null;
  for (const i of order) {
    if (keep(i)) {
      run ??= [r.points[i] as Point];
      run.push(r.points[(i + 1) % n] as Point);
    } else if (run) {
      runs.push(run);
      run = null;
    }
  }
  if (run) runs.push(run);
  // The endpoint (on the loose end) stays with the piece that still ends at the path's last point.
  const last = r.points[n - 1]!;
  return runs.map((points, j) => {
    const base: Route = { ...r, id: j === runs.length - 1 ? r.id : idFor(), points, closed: false };
    if (!closed && same(points[points.length - 1]!, last)) return base;
    return withoutEndpoint(base);
  });
}

/** Gives out free `path-N` ids one after another, none taken in `doc` or given before. */
export function pathIds(doc: MapDocument): () => string {
  const taken = new Set(doc.routes.map((r) => r.id));
  return () => {
    let n = doc.routes.length + 1;
    while (taken.has(`path-${n}`)) n++;
    taken.add(`path-${n}`);
    return `path-${n}`;
  };
}

function cutRoutes(doc: MapDocument, removeSeg: (r: Route, i: number) => boolean): Route[] {
  const out: Route[] = [];
  const idFor = pathIds(doc);
  for (const r of doc.routes) {
    let any = false;
    forEachSegment(r, (_a, _b, i) => {
      if (removeSeg(r, i)) any = true;
    });
    if (!any) out.push(r);
    else out.push(...cut(r, (i) => !removeSeg(r, i), idFor));
  }
  return out;
}

/** Removes one edge (segment `segment` of path `route`); the path splits in two where it continued. */
export const deleteEdge = defineAction<{ route: string; segment: number }>({
  name: 'wayfinding.edge.delete',
  label: 'Delete edge',
  perform(doc, { route, segment }) {
    const r = doc.routes.find((x) => x.id === route);
    if (!r) throw new ActionError(`There is no path "${route}"`);
    let count = 0;
    forEachSegment(r, () => count++);
    if (!Number.isInteger(segment) || segment < 0 || segment >= count)
      throw new ActionError(`Path "${route}" has no edge ${segment}`);
    return withRoutes(doc, tidy(cutRoutes(doc, (x, i) => x.id === route && i === segment)));
  },
});

/** Removes a node and every edge that meets at it. */
export const deleteNode = defineAction<{ layer: string; at: Point }>({
  name: 'wayfinding.node.delete',
  label: 'Delete node',
  perform(doc, { layer, at }) {
    checkNode(doc, layer, at);
    const touches = (r: Route, i: number) => {
      if (r.layer !== layer) return false;
      const n = r.points.length;
      return same(r.points[i]!, at) || same(r.points[(i + 1) % n]!, at);
    };
    return withRoutes(doc, tidy(cutRoutes(doc, touches)));
  },
});

/**
 * Gives the dead-end node `at` an endpoint: the path ending there is turned so that end is its last
 * point (the loose end buildNetwork attaches), and gets `fields`. A path that already carries an
 * endpoint keeps it: its last edge becomes a path of its own.
 */
function setEndpointAt(
  doc: MapDocument,
  layer: string,
  at: Point,
  fields: Pick<Route, 'endpoint' | 'connector' | 'connectorKind' | 'connectorName' | 'inaccessible'>,
): MapDocument {
  checkNode(doc, layer, at);
  if (nodeDegree(doc, layer, at) !== 1)
    throw new ActionError('Choose a node at the end of a path (a node with one edge)');
  const k = doc.routes.findIndex(
    (r) => r.layer === layer && !r.closed && (same(r.points[0]!, at) || same(r.points[r.points.length - 1]!, at)),
  );
  const r = doc.routes[k]!;
  const points = same(r.points[0]!, at) ? r.points.slice().reverse() : r.points;
  const routes = doc.routes.slice();
  const apply = (base: Route): Route => {
    const { connectorKind: _k, connectorName: _n, ...rest } = base;
    const { connectorKind, connectorName, ...plain } = fields;
    return checked(
      routeSchema,
      { ...rest, ...plain, ...(connectorKind ? { connectorKind } : {}), ...(connectorName ? { connectorName } : {}) },
      'Path',
    );
  };
  if (!r.endpoint || same(r.points[r.points.length - 1]!, at)) {
    // No endpoint yet, or the endpoint already sits at this node: the path's own fields change.
    routes[k] = apply({ ...r, points });
    return withRoutes(doc, routes);
  }
  // The path's other end carries an endpoint: keep it on the rest of the path and give the last edge the new
  // one. A one-edge path is split at its middle, so each half still has two points.
  const [a, b] = points.slice(-2) as [Point, Point];
  const split: Point = points.length === 2 ? [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] : a;
  const rest: Route = { ...r, points: points.length === 2 ? [split, a] : points.slice(0, -1).reverse() };
  const spur: Route = {
    id: nextPathId(doc),
    layer,
    points: [split, b],
    closed: false,
    connector: false,
    weight: r.weight,
    inaccessible: false,
  };
  routes[k] = rest;
  routes.push(apply(spur));
  return withRoutes(doc, routes);
}

/** A connector's display name: its own, or its id for connectors made before names (and Mapplic's). */
export const connectorLabel = (r: Pick<Route, 'endpoint' | 'connectorName'>): string =>
  r.connectorName ?? r.endpoint ?? '';

/** Names compare as a visitor reads them: trimmed, spaces collapsed, any case. */
const nameKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/**
 * The id of the connector named `name`: the one already named so on another floor (so the same name joins the
 * floors), else a new id made from the name (letters and digits of it, "connector" when it has none, such as a
 * name in Japanese), numbered when taken by a location or another connector.
 */
export function connectorIdFor(doc: MapDocument, name: string): string {
  const key = nameKey(name);
  const existing = doc.routes.find((r) => r.connector && r.endpoint && nameKey(connectorLabel(r)) === key);
  if (existing) return existing.endpoint!;
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'connector';
  const taken = new Set([...doc.locations.map((l) => l.id), ...doc.routes.flatMap((r) => r.endpoint ?? [])]);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * Marks a dead-end node as a floor connector named `name` (any text): the same name on each floor it serves
 * joins them. Its id is made from the name; step-free or not is about the floor change through it only.
 */
export const setConnector = defineAction<{
  layer: string;
  at: Point;
  name: string;
  kind: ConnectorKind;
  stepFree: boolean;
}>({
  name: 'wayfinding.connector.set',
  label: 'Set connector',
  perform(doc, { layer, at, name, kind, stepFree }) {
    const connectorName = name.trim().replace(/\s+/g, ' ');
    if (!connectorName) throw new ActionError('Give the connector a name, such as “Lift A”');
    const tooLong = connectorNameProblem(connectorName);
    if (tooLong) throw new ActionError(tooLong);
    return setEndpointAt(doc, layer, at, {
      endpoint: connectorIdFor(doc, connectorName),
      connector: true,
      connectorKind: kind,
      connectorName,
      inaccessible: !stepFree,
    });
  },
});

/** Clears the connector or pinned location on the path ends at a node. */
export const clearEndpoint = defineAction<{ layer: string; at: Point }>({
  name: 'wayfinding.endpoint.clear',
  label: 'Clear endpoint',
  perform(doc, { layer, at }) {
    checkNode(doc, layer, at);
    let changed = false;
    const routes = doc.routes.map((r) => {
      if (r.layer !== layer || !r.endpoint || (!same(r.points[r.points.length - 1]!, at) && !same(r.points[0]!, at)))
        return r;
      changed = true;
      return withoutEndpoint(r);
    });
    if (!changed) throw new ActionError('Nothing is attached at that node');
    return withRoutes(doc, routes);
  },
});

/**
 * Pins a location to a node (instead of the automatic nearest edge): a dead end gets the location as its
 * endpoint; any other node gets a short path from it to the location's point, ending at the location. A location
 * drawn as a shape of its floor has no point of its own: `place` is its shape's centre (the editor measures it).
 */
export const pinLocation = defineAction<{
  location: string;
  layer: string;
  at: Point;
  place?: readonly [number, number];
}>({
  name: 'wayfinding.location.pin',
  label: 'Attach location',
  perform(doc, { location, layer, at, place }) {
    const loc = doc.locations.find((l) => l.id === location);
    if (!loc) throw new ActionError(`There is no location "${location}"`);
    checkNode(doc, layer, at);
    if (nodeDegree(doc, layer, at) === 1)
      return setEndpointAt(doc, layer, at, { endpoint: location, connector: false, inaccessible: false });
    const point = locationPoint(loc, doc.settings) ?? place;
    if (!point || same(point, at))
      throw new ActionError('Choose a node at the end of a path, or place the location on the map first');
    const spur = checked(
      routeSchema,
      { id: nextPathId(doc), layer, points: [at, clampPoint(point)], endpoint: location },
      'Path',
    );
    return withRoutes(doc, [...doc.routes, spur]);
  },
});

/** Unpins a location: its endpoints are cleared, so it attaches to the nearest edge again. */
export const unpinLocation = defineAction<{ location: string }>({
  name: 'wayfinding.location.unpin',
  label: 'Detach location',
  perform(doc, { location }) {
    if (!doc.routes.some((r) => r.endpoint === location && !r.connector))
      throw new ActionError('That location is not pinned to the network');
    return {
      ...doc,
      routes: doc.routes.map((r) => {
        if (r.endpoint !== location || r.connector) return r;
        const { endpoint: _e, ...rest } = r;
        return rest;
      }),
    };
  },
});
