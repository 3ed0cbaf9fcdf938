/**
 * Step-free marks on the walkable network: a visitor who cannot use steps skips what is marked, and only that.
 * A plain path's `inaccessible` covers its every edge, so marking one edge makes it a path of its own; a
 * connector's `inaccessible` is about its floor change only (see docs/adr/022-step-free-wayfinding-and-phone-viewer.md).
 */
import { routeSchema, type MapDocument } from '@mapnest/shared/map-document';
import { ActionError, defineAction } from '../actions/registry';
import { checked } from '../actions/validate';
import { forEachSegment, pathIds, withoutEndpoint, withRoutes, type Point } from './actions';

type Route = MapDocument['routes'][number];

/** Whether a visitor who cannot use steps can walk along path `r` (a connector's flag is its floor change's). */
export const routeStepFree = (r: Pick<Route, 'inaccessible' | 'connector'>): boolean => r.connector || !r.inaccessible;

/**
 * Marks one edge (segment `segment` of path `route`) step-free or not. The edge becomes a path of its own (keeping
 * `route`'s id, so it stays selected as segment 0), the rest of the path keeps its flag and endpoint. On an open
 * area the whole area changes. A connector's last edge is split at its middle: the half at the connector carries
 * it, the other half the step.
 */
export const setEdgeStepFree = defineAction<{ route: string; segment: number; stepFree: boolean }>({
  name: 'wayfinding.edge.stepFree',
  label: 'Mark step-free',
  perform(doc, { route, segment, stepFree }) {
    const k = doc.routes.findIndex((x) => x.id === route);
    const r = doc.routes[k];
    if (!r) throw new ActionError(`There is no path "${route}"`);
    let count = 0;
    forEachSegment(r, () => count++);
    if (!Number.isInteger(segment) || segment < 0 || segment >= count)
      throw new ActionError(`Path "${route}" has no edge ${segment}`);
    if (r.closed && r.points.length > 2) {
      if (r.connector) throw new ActionError('An open area that joins floors cannot be marked by its edges');
      const routes = doc.routes.slice();
      routes[k] = { ...r, inaccessible: !stepFree };
      return withRoutes(doc, routes);
    }
    if (routeStepFree(r) === stepFree && count === 1) return doc;
    const pts = r.points as Point[];
    const last = pts.length - 1;
    const nextId = pathIds(doc);
    const plain = withoutEndpoint(r);
    const pieces: Route[] = [];
    if (segment > 0) pieces.push({ ...plain, id: nextId(), points: pts.slice(0, segment + 1) });
    let marked: Point[] = [pts[segment]!, pts[segment + 1]!];
    let tail: Point[] | null = segment + 1 < last ? pts.slice(segment + 1) : null;
    if (r.connector && !tail) {
      // The connector stays on the half at its node: its own flag is the floor change's, not this edge's.
      const [a, b] = marked as [Point, Point];
      const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      marked = [a, mid];
      tail = [mid, b];
    }
    const endpointOnMarked = !tail && r.endpoint !== undefined;
    pieces.push({ ...(endpointOnMarked ? r : plain), points: marked, inaccessible: !stepFree });
    if (tail) pieces.push({ ...r, id: nextId(), points: tail });
    const routes = doc.routes.slice();
    routes.splice(k, 1, ...pieces.map((p) => checked(routeSchema, p, 'Path')));
    return withRoutes(doc, routes);
  },
});
