/**
 * Step lists for a planned route ("Walk 40 m to the lift", "Take the lift to First floor").
 *
 * Units: distances are given in metres only when the map has a scale, `settings.wayfinding.metresPerPixel`
 * or a geo calibration (then each leg is measured on the globe); otherwise the steps name where to go
 * without a figure, since image pixels mean nothing to a visitor (see docs/adr/014-wayfinding.md).
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { mapToLatLon } from '@mapnest/shared/map-geo';
import type { ConnectorKind, FloorLink } from './network-model';
import type { RoutePlan, RouteSegment } from './route';

export interface RouteStep {
  kind: 'walk' | 'floor';
  /** Floor to show when the step is picked. */
  layer: string;
  /** Index of the route segment the step belongs to. */
  segment: number;
  text: string;
  /** Rounded metres for walks on a scaled map; null otherwise. */
  metres: number | null;
}

export interface RouteDescription {
  steps: RouteStep[];
  /** Total walking distance in rounded metres, or null without a scale. */
  metres: number | null;
  /** One sentence for screen readers and the panel header. */
  summary: string;
}

type ScaleDoc = Pick<MapDocument, 'settings' | 'layers'>;

const EARTH_RADIUS_M = 6_371_008.8;

function haversine([lat1, lon1]: [number, number], [lat2, lon2]: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Metres walked along a segment, or null when the map has no scale. */
export function segmentMetres(segment: RouteSegment, doc: ScaleDoc): number | null {
  const mpp = doc.settings.wayfinding.metresPerPixel;
  if (mpp) return segment.length * mpp;
  const geo = doc.settings.geo;
  if (!geo) return null;
  let total = 0;
  for (let i = 1; i < segment.points.length; i++) {
    total += haversine(mapToLatLon(segment.points[i - 1]!, geo.extent), mapToLatLon(segment.points[i]!, geo.extent));
  }
  return total;
}

/** Distances as people say them: to the metre below 20 m, else to 5 m. */
export function roundMetres(metres: number): number {
  return metres < 20 ? Math.max(1, Math.round(metres)) : Math.round(metres / 5) * 5;
}

const CONNECTOR_NAMES: Record<ConnectorKind, string> = {
  lift: 'the lift',
  stairs: 'the stairs',
  escalator: 'the escalator',
  ramp: 'the ramp',
};

/**
 * What a step calls a connector: its display name when the author gave one ("Lift A"), else its kind ("the lift").
 * Never its id (`endpoint`), which is a key, not words for a visitor.
 */
export function connectorPhrase(link: FloorLink | undefined): string | null {
  const name = link?.name?.trim();
  if (name) return name;
  return link?.kind ? CONNECTOR_NAMES[link.kind] : null;
}

/** Steps and a summary for `plan` between locations titled `fromTitle` and `toTitle`. */
export function describeRoute(plan: RoutePlan, doc: ScaleDoc, fromTitle: string, toTitle: string): RouteDescription {
  const layerName = (id: string) => doc.layers.find((l) => l.id === id)?.name ?? id;
  const steps: RouteStep[] = [];
  let metresTotal: number | null = 0;
  plan.segments.forEach((segment, i) => {
    const raw = segmentMetres(segment, doc);
    const metres = raw === null ? null : roundMetres(raw);
    metresTotal = raw === null || metresTotal === null ? null : metresTotal + raw;
    const last = i === plan.segments.length - 1;
    const change = plan.changes[i];
    const next = plan.segments[i + 1];
    const connector = connectorPhrase(change);
    const target = last ? toTitle : (connector ?? `the way to ${layerName(next!.layer)}`);
    // A start right at the connector needs no walk; the last leg is always said.
    if (last || segment.length > 0.5) {
      steps.push({
        kind: 'walk',
        layer: segment.layer,
        segment: i,
        metres,
        text: metres === null ? `Walk to ${target}` : `Walk ${metres} m to ${target}`,
      });
    }
    if (!last && next) {
      const floor = layerName(next.layer);
      steps.push({
        kind: 'floor',
        layer: next.layer,
        segment: i + 1,
        metres: null,
        text: connector ? `Take ${connector} to ${floor}` : `Go to ${floor}`,
      });
    }
  });
  const metres = metresTotal === null ? null : roundMetres(metresTotal);
  const floors = plan.changes.length;
  const parts = [metres === null ? `${steps.length} ${steps.length === 1 ? 'step' : 'steps'}` : `${metres} m`];
  if (floors) parts.push(floors === 1 ? 'one floor change' : `${floors} floor changes`);
  return { steps, metres, summary: `Route from ${fromTitle} to ${toTitle}: ${parts.join(', ')}.` };
}
