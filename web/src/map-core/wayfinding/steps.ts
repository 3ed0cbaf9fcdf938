/**
 * Step lists for a planned route ("Walk 40 m to the lift", "Take the lift to First floor").
 *
 * Units: distances are given in metres only when the map has a scale, `settings.wayfinding.metresPerPixel`
 * or a geo calibration (then each leg is measured on the globe); otherwise the steps name where to go
 * without a figure, since image pixels mean nothing to a visitor (see docs/adr/014-wayfinding.md).
 *
 * Words: `describeRoute` gives the steps as data and `wordRoute` words them in the viewer's language through the
 * text function it is given (the viewer's catalogues, web/src/viewer/i18n), so map-core holds no sentences.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { mapToLatLon } from '@mapnest/shared/map-geo';
import type { ConnectorKind, FloorLink } from './network-model';
import type { RoutePlan, RouteSegment } from './route';
import { isolate } from '../isolate';

export { isolate };

/**
 * What a step names: a place or a connector by its display name (a connector's kind beside it when known), or a
 * connector by its kind.
 */
export type Landmark = { readonly name: string; readonly kind?: ConnectorKind } | { readonly kind: ConnectorKind };

interface StepAt {
  /** Floor to show when the step is picked. */
  layer: string;
  /** Index of the route segment the step belongs to. */
  segment: number;
}

/**
 * A walk on one floor: to the destination, to a connector, or (a connector with neither name nor kind) to the way
 * to a floor.
 */
export interface WalkStep extends StepAt {
  kind: 'walk';
  /** Rounded metres on a scaled map; null otherwise. */
  metres: number | null;
  to: Landmark | { readonly wayTo: string };
}

/** A change of floor, through a connector when its name or kind is known. */
export interface FloorStep extends StepAt {
  kind: 'floor';
  metres: null;
  via: Landmark | null;
  /** The name of the floor reached. */
  floor: string;
}

export type RouteStep = WalkStep | FloorStep;

/** A route as data; `wordRoute` puts it in a language. */
export interface RouteDescription {
  steps: RouteStep[];
  /** Total walking distance in metres, the sum of the steps' rounded metres, or null without a scale. */
  metres: number | null;
  from: string;
  to: string;
  floorChanges: number;
  /** Whether the route was asked for step-free and found so: its summary says it avoids stairs and escalators. */
  stepFree: boolean;
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

/**
 * What a step calls a connector: its display name when the author gave one ("Lift A"), with its kind when known, else
 * its kind ("the lift"). Never its id (`endpoint`), which is a key, not words for a visitor.
 */
export function connectorLandmark(link: FloorLink | undefined): Landmark | null {
  const name = link?.name?.trim();
  const kind = link?.kind;
  if (name) return kind ? { name, kind } : { name };
  return kind ? { kind } : null;
}

/**
 * The steps of `plan` between locations titled `from` and `to`, and its totals, as data (`wordRoute` words them);
 * `stepFree`: the plan was searched step-free (`PathOptions.stepFree`), so it has no stairs, escalators or stepped paths.
 */
export function describeRoute(
  plan: RoutePlan,
  doc: ScaleDoc,
  from: string,
  to: string,
  stepFree = false,
): RouteDescription {
  const layerName = (id: string) => doc.layers.find((l) => l.id === id)?.name ?? id;
  const steps: RouteStep[] = [];
  // The total is the sum of the rounded distances the steps show, so that the steps add up to it ("17 m" and
  // "17 m" make "34 m", not the "35 m" the unrounded sum would round to).
  let metresTotal: number | null = 0;
  plan.segments.forEach((segment, i) => {
    const raw = segmentMetres(segment, doc);
    const metres = raw === null ? null : roundMetres(raw);
    const last = i === plan.segments.length - 1;
    const next = plan.segments[i + 1];
    const connector = connectorLandmark(plan.changes[i]);
    // A start right at the connector needs no walk; the last leg is always said.
    if (last || segment.length > 0.5) {
      const target = last ? { name: to } : (connector ?? { wayTo: layerName(next!.layer) });
      steps.push({ kind: 'walk', layer: segment.layer, segment: i, metres, to: target });
      metresTotal = metres === null || metresTotal === null ? null : metresTotal + metres;
    }
    if (!last && next) {
      steps.push({
        kind: 'floor',
        layer: next.layer,
        segment: i + 1,
        metres: null,
        via: connector,
        floor: layerName(next.layer),
      });
    }
  });
  return { steps, metres: metresTotal, from, to, floorChanges: plan.changes.length, stepFree };
}

/** The texts a route is worded with: the keys of the viewer's catalogue (web/src/viewer/i18n/en.ts) it uses. */
export type RouteTextKey =
  | 'walkTo'
  | 'walkDistanceTo'
  | 'walkToLift'
  | 'walkDistanceToLift'
  | 'walkToStairs'
  | 'walkDistanceToStairs'
  | 'walkToEscalator'
  | 'walkDistanceToEscalator'
  | 'walkToRamp'
  | 'walkDistanceToRamp'
  | 'walkToFloorWay'
  | 'walkDistanceToFloorWay'
  | 'takeConnector'
  | 'takeLift'
  | 'takeStairs'
  | 'takeEscalator'
  | 'takeRamp'
  | 'goToFloor'
  | 'distance'
  | 'routeSummary'
  | 'routeSummaryFloors'
  | 'routeSummaryStepFree'
  | 'routeSummaryFloorsStepFree';

/**
 * A language's words for routes: the viewer's `ViewerText` is one (map-core does not import the viewer). `t` fills
 * `{name}` placeholders, `count` picks a plural form and formats `{n}`, `number` formats a number for the language.
 */
export interface RouteWords {
  t: (key: RouteTextKey, vars?: Readonly<Record<string, string>>) => string;
  count: (key: 'stepCount' | 'floorChanges', n: number) => string;
  number: (n: number) => string;
}

/** The walk's sentence keys by connector kind: without a distance, and with one. */
const WALK_TO: Record<ConnectorKind, readonly [RouteTextKey, RouteTextKey]> = {
  lift: ['walkToLift', 'walkDistanceToLift'],
  stairs: ['walkToStairs', 'walkDistanceToStairs'],
  escalator: ['walkToEscalator', 'walkDistanceToEscalator'],
  ramp: ['walkToRamp', 'walkDistanceToRamp'],
};

const TAKE: Record<ConnectorKind, RouteTextKey> = {
  lift: 'takeLift',
  stairs: 'takeStairs',
  escalator: 'takeEscalator',
  ramp: 'takeRamp',
};

/**
 * A step in words ("Walk 40 m to Lift A", "Take the lift to First floor"), its names isolated (`isolate`). A walk goes
 * to a connector by its name, the floor change says its kind: a route that takes "Grand staircase" or "Core B" says
 * "Take the stairs", which a visitor in a wheelchair must hear; a connector known by its name only is taken by name.
 */
export function stepText(step: RouteStep, words: RouteWords): string {
  if (step.kind === 'floor') {
    const { via } = step;
    const floor = isolate(step.floor);
    if (!via) return words.t('goToFloor', { floor });
    return via.kind
      ? words.t(TAKE[via.kind], { floor })
      : words.t('takeConnector', { connector: isolate((via as { name: string }).name), floor });
  }
  const to = step.to;
  const [plain, measured]: readonly [RouteTextKey, RouteTextKey] =
    'name' in to
      ? ['walkTo', 'walkDistanceTo']
      : 'kind' in to
        ? WALK_TO[to.kind]
        : ['walkToFloorWay', 'walkDistanceToFloorWay'];
  const vars: Record<string, string> =
    'name' in to ? { place: isolate(to.name) } : 'wayTo' in to ? { floor: isolate(to.wayTo) } : {};
  return step.metres === null
    ? words.t(plain, vars)
    : words.t(measured, { ...vars, distance: words.t('distance', { n: words.number(step.metres) }) });
}

/** A route in words: its steps and one sentence for screen readers and the panel header, names isolated. */
export function wordRoute(d: RouteDescription, words: RouteWords): { summary: string; steps: string[] } {
  const length =
    d.metres === null ? words.count('stepCount', d.steps.length) : words.t('distance', { n: words.number(d.metres) });
  const ends = { from: isolate(d.from), to: isolate(d.to), length };
  const summary = d.floorChanges
    ? words.t(d.stepFree ? 'routeSummaryFloorsStepFree' : 'routeSummaryFloors', {
        ...ends,
        floors: words.count('floorChanges', d.floorChanges),
      })
    : words.t(d.stepFree ? 'routeSummaryStepFree' : 'routeSummary', ends);
  return { summary, steps: d.steps.map((s) => stepText(s, words)) };
}
