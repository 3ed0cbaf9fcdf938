import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  blankDocument,
  type MapDocument,
  type MapDocumentInput,
  strictMapDocument,
} from '@mapnest/shared/map-document';
import { buildNetwork } from './network';
import { EDGE_INACCESSIBLE, FLOOR_CHANGE_COST, type Network } from './network-model';
import { NodeHeap, planRoute, shortestPath } from './route';
import { ENGLISH } from '../../viewer/i18n/messages';
import { describeRoute as describeSteps, roundMetres, wordRoute } from './steps';

type RouteInput = NonNullable<MapDocumentInput['routes']>[number];
type LocationInput = NonNullable<MapDocumentInput['locations']>[number];

function doc(
  routes: RouteInput[],
  locations: LocationInput[] = [],
  wayfinding: Record<string, unknown> = {},
): MapDocument {
  const base = blankDocument();
  return strictMapDocument.parse({
    ...base,
    settings: {
      ...base.settings,
      mapWidth: 1000,
      mapHeight: 1000,
      wayfinding: { ...base.settings.wayfinding, ...wayfinding },
    },
    layers: [
      { id: 'g', name: 'Ground floor' },
      { id: 'f', name: 'First floor' },
    ],
    locations,
    routes,
  });
}

/** A small shopping street over two floors, with stairs close by and a lift further away. */
const mall = (wayfinding: Record<string, unknown> = {}) =>
  doc(
    [
      {
        id: 'g-main',
        layer: 'g',
        points: [
          [0.1, 0.5],
          [0.5, 0.5],
          [0.9, 0.5],
        ],
      },
      {
        id: 'g-stairs',
        layer: 'g',
        points: [
          [0.5, 0.5],
          [0.5, 0.45],
        ],
        endpoint: 'stairs',
        connector: true,
        connectorKind: 'stairs',
        inaccessible: true,
      },
      {
        id: 'f-stairs',
        layer: 'f',
        points: [
          [0.5, 0.5],
          [0.5, 0.45],
        ],
        endpoint: 'stairs',
        connector: true,
        connectorKind: 'stairs',
        inaccessible: true,
      },
      {
        id: 'g-lift',
        layer: 'g',
        points: [
          [0.9, 0.5],
          [0.9, 0.45],
        ],
        endpoint: 'lift',
        connector: true,
        connectorKind: 'lift',
      },
      {
        id: 'f-lift',
        layer: 'f',
        points: [
          [0.9, 0.5],
          [0.9, 0.45],
        ],
        endpoint: 'lift',
        connector: true,
        connectorKind: 'lift',
      },
      {
        id: 'f-main',
        layer: 'f',
        points: [
          [0.1, 0.5],
          [0.5, 0.5],
          [0.9, 0.5],
        ],
      },
    ],
    [
      { id: 'entrance', title: 'Entrance', layer: 'g', coord: [0.1, 0.55] },
      { id: 'gym', title: 'Gym', layer: 'f', coord: [0.2, 0.45] },
    ],
    wayfinding,
  );

/** Text as read: without the invisible isolates around names (web/src/viewer/directions/route-words.test.ts checks them). */
const read = (text: string) => text.replace(/[\u2068\u2069]/g, '');

/** The route worded in English as the viewer shows it: its steps with their texts, its total and its summary. */
function describeRoute(...args: Parameters<typeof describeSteps>) {
  const route = describeSteps(...args);
  const words = wordRoute(route, ENGLISH);
  const steps = route.steps.map((s, i) => ({ ...s, text: read(words.steps[i]!) }));
  return { ...route, summary: read(words.summary), steps };
}

describe('NodeHeap', () => {
  it('pops in key order', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { maxLength: 300 }), (keys) => {
        const heap = new NodeHeap();
        keys.forEach((k, i) => heap.push(i, k));
        const out: number[] = [];
        while (heap.size) out.push(keys[heap.pop()]!);
        expect(out).toEqual([...keys].sort((a, b) => a - b));
      }),
    );
  });
});

describe('planRoute and describeRoute', () => {
  it('takes the stairs when they are shorter, and the lift step-free, with per-floor segments and steps', () => {
    const net = buildNetwork(mall({ metresPerPixel: 0.1 }));
    const fast = planRoute(net, 'entrance', 'gym')!;
    expect(fast.segments.map((s) => s.layer)).toEqual(['g', 'f']);
    expect(fast.changes).toEqual([{ endpoint: 'stairs', name: null, kind: 'stairs' }]);
    const fastText = describeRoute(fast, mall({ metresPerPixel: 0.1 }), 'Entrance', 'Gym');
    expect(fastText.steps.map((s) => s.text)).toEqual([
      'Walk 50 m to the stairs',
      'Take the stairs to First floor',
      'Walk 40 m to Gym',
    ]);
    expect(fastText.summary).toBe('Route from Entrance to Gym: 90 m, one floor change.');

    const free = planRoute(net, 'entrance', 'gym', { stepFree: true })!;
    expect(free.changes).toEqual([{ endpoint: 'lift', name: null, kind: 'lift' }]);
    expect(free.cost).toBeGreaterThan(fast.cost);
    const freeText = describeRoute(free, mall(), 'Entrance', 'Gym');
    expect(freeText.steps.map((s) => [s.text, s.layer])).toEqual([
      ['Walk to the lift', 'g'],
      ['Take the lift to First floor', 'f'],
      ['Walk to Gym', 'f'],
    ]);
    expect(freeText.metres).toBeNull();
    expect(freeText.summary).toBe('Route from Entrance to Gym: 3 steps, one floor change.');
  });

  it('names connectors by their display name in the steps, never by their id', () => {
    const named = mall({ metresPerPixel: 0.1 });
    for (const r of named.routes) {
      if (r.endpoint === 'lift') r.connectorName = 'Lift A';
      // A connector named only with spaces is said by its kind.
      if (r.endpoint === 'stairs') r.connectorName = '  ';
    }
    const net = buildNetwork(named);
    const free = planRoute(net, 'entrance', 'gym', { stepFree: true })!;
    expect(free.changes).toEqual([{ endpoint: 'lift', name: 'Lift A', kind: 'lift' }]);
    // The walk goes to the connector by its name; the floor change says what it is (a staircase named "Core B" is
    // "the stairs" to a visitor in a wheelchair).
    expect(describeRoute(free, named, 'Entrance', 'Gym').steps.map((s) => s.text)).toEqual([
      'Walk 90 m to Lift A',
      'Take the lift to First floor',
      'Walk 80 m to Gym',
    ]);
    const fast = planRoute(net, 'entrance', 'gym')!;
    expect(describeRoute(fast, named, 'Entrance', 'Gym').steps[1]!.text).toBe('Take the stairs to First floor');
    // A connector with neither name nor kind: the step names the floor only.
    for (const r of named.routes) if (r.endpoint === 'lift') delete r.connectorKind;
    const bare = planRoute(buildNetwork(named), 'entrance', 'gym', { stepFree: true })!;
    expect(bare.changes[0]!.kind).toBeNull();
    // Known by its name only: taken by name.
    expect(describeRoute(bare, named, 'Entrance', 'Gym').steps[1]!.text).toBe('Take Lift A to First floor');
    for (const r of named.routes) if (r.endpoint === 'lift') delete r.connectorName;
    const unnamed = planRoute(buildNetwork(named), 'entrance', 'gym', { stepFree: true })!;
    expect(describeRoute(unnamed, named, 'Entrance', 'Gym').steps.map((s) => s.text)).toEqual([
      'Walk 90 m to the way to First floor',
      'Go to First floor',
      'Walk 80 m to Gym',
    ]);
  });

  it('measures on the globe when the map is geo-calibrated', () => {
    const d = mall();
    d.settings.geo = { extent: [0, 0, 0.01, 0.01] } as MapDocument['settings']['geo'];
    const plan = planRoute(buildNetwork(d), 'entrance', 'gym')!;
    // 0.01° of longitude at the equator is about 1113 m; the route walks 0.8 of the width (plus spurs)
    expect(describeRoute(plan, d, 'Entrance', 'Gym').metres).toBeGreaterThan(900);
  });

  it('answers null for unknown, unattached or identical locations and for unreachable ones', () => {
    const net = buildNetwork(mall());
    expect(planRoute(net, 'entrance', 'nowhere')).toBeNull();
    expect(planRoute(net, 'entrance', 'entrance')).toBeNull();
    const cut = buildNetwork(
      doc(
        [
          {
            id: 'a',
            layer: 'g',
            points: [
              [0, 0],
              [0.1, 0],
            ],
          },
          {
            id: 'b',
            layer: 'f',
            points: [
              [0, 0],
              [0.1, 0],
            ],
          },
        ],
        [
          { id: 'x', layer: 'g', coord: [0, 0.01] },
          { id: 'y', layer: 'f', coord: [0, 0.01] },
        ],
      ),
    );
    expect(planRoute(cut, 'x', 'y')).toBeNull();
  });

  it('routes to and from locations bound to a shape, across floors, ending at the shape’s centre', () => {
    const d = mall({ metresPerPixel: 0.1 });
    d.locations.push({ id: 'office', title: 'Office 1-102', layer: 'f' }, { id: 'kiosk', title: 'Kiosk', layer: 'g' });
    const shapes = new Map<string, [number, number]>([
      ['office', [0.7, 0.4]],
      ['kiosk', [0.3, 0.6]],
    ]);
    expect(planRoute(buildNetwork(d), 'entrance', 'office')).toBeNull();
    const net = buildNetwork(d, shapes);
    const plan = planRoute(net, 'entrance', 'office')!;
    expect(plan.segments.map((s) => s.layer)).toEqual(['g', 'f']);
    expect(plan.segments.at(-1)!.points.at(-1)).toEqual([0.7, 0.4]);
    expect(describeRoute(plan, d, 'Entrance', 'Office 1-102').steps.at(-1)!.text).toBe('Walk 35 m to Office 1-102');
    const back = planRoute(net, 'office', 'kiosk')!;
    expect(back.segments[0]!.points[0]).toEqual([0.7, 0.4]);
    expect(back.segments.at(-1)!.points.at(-1)).toEqual([0.3, 0.6]);
  });

  it('rounds distances the way people say them', () => {
    expect([0.2, 7.4, 19.6, 22, 43, 118].map(roundMetres)).toEqual([1, 7, 20, 20, 45, 120]);
  });
});

// ---- Properties against an independent Floyd-Warshall reference on small random networks ----

interface AbstractGraph {
  points: { layer: 'g' | 'f'; x: number; y: number }[];
  edges: { a: number; b: number; weight: number; inaccessible: boolean }[];
  /** Connectors: ground point index, first-floor point index, stairs (not step-free) or lift. */
  links: { g: number; f: number; stairs: boolean }[];
}

const graphArb: fc.Arbitrary<AbstractGraph> = fc
  .uniqueArray(
    fc.tuple(fc.constantFrom<'g' | 'f'>('g', 'f'), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 19 })),
    {
      minLength: 2,
      maxLength: 14,
      selector: ([l, x, y]) => `${l}${x},${y}`,
    },
  )
  .chain((cells) => {
    const points = cells.map(([layer, x, y]) => ({ layer, x: x / 20, y: y / 20 }));
    const idx = fc.integer({ min: 0, max: points.length - 1 });
    const g = points.flatMap((p, i) => (p.layer === 'g' ? [i] : []));
    const f = points.flatMap((p, i) => (p.layer === 'f' ? [i] : []));
    const edge = fc.record({
      a: idx,
      b: idx,
      weight: fc.constantFrom(0.5, 1, 1, 2, 5),
      inaccessible: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    });
    const link =
      g.length && f.length
        ? fc.record({ g: fc.constantFrom(...g), f: fc.constantFrom(...f), stairs: fc.boolean() })
        : fc.constant(null);
    return fc.record({
      points: fc.constant(points),
      edges: fc
        .array(edge, { maxLength: 24 })
        .map((es) => es.filter((e) => e.a !== e.b && points[e.a]!.layer === points[e.b]!.layer)),
      links: fc
        .array(link, { maxLength: 3 })
        .map((ls) => ls.filter((l): l is AbstractGraph['links'][number] => l !== null)),
    });
  });

const PX = 1000;
/** Connector stubs: fresh points, off the 0.05 grid, one per link and floor. */
const stub = (k: number, layer: 'g' | 'f') => [0.0125 + k * 0.1, layer === 'g' ? 0.9875 : 0.9625] as [number, number];

function toDocument(graph: AbstractGraph): MapDocument {
  const routes: RouteInput[] = graph.edges.map((e, i) => ({
    id: `e${i}`,
    layer: graph.points[e.a]!.layer,
    points: [
      [graph.points[e.a]!.x, graph.points[e.a]!.y],
      [graph.points[e.b]!.x, graph.points[e.b]!.y],
    ],
    weight: e.weight,
    inaccessible: e.inaccessible,
  }));
  graph.links.forEach((l, k) => {
    for (const layer of ['g', 'f'] as const) {
      const p = graph.points[l[layer]]!;
      routes.push({
        id: `l${k}${layer}`,
        layer,
        points: [[p.x, p.y], stub(k, layer)],
        endpoint: `c${k}`,
        connector: true,
        connectorKind: l.stairs ? 'stairs' : 'lift',
      });
    }
  });
  return doc(routes);
}

/** All-pairs shortest costs over the graph's points (and connector stubs), computed without the network build. */
function floyd(graph: AbstractGraph, stepFree: boolean): number[][] {
  const coords = [
    ...graph.points.map((p) => ({ ...p })),
    ...graph.links.flatMap((_, k) =>
      (['g', 'f'] as const).map((layer) => {
        const [x, y] = stub(k, layer);
        return { layer, x, y };
      }),
    ),
  ];
  const n = coords.length;
  const d = coords.map((_, i) => coords.map((__, j) => (i === j ? 0 : Infinity)));
  const link = (a: number, b: number, cost: number) => {
    d[a]![b] = Math.min(d[a]![b]!, cost);
    d[b]![a] = Math.min(d[b]![a]!, cost);
  };
  const len = (a: number, b: number) =>
    Math.hypot((coords[a]!.x - coords[b]!.x) * PX, (coords[a]!.y - coords[b]!.y) * PX);
  for (const e of graph.edges) if (!(stepFree && e.inaccessible)) link(e.a, e.b, len(e.a, e.b) * e.weight);
  graph.links.forEach((l, k) => {
    const sg = graph.points.length + 2 * k;
    link(l.g, sg, len(l.g, sg));
    link(l.f, sg + 1, len(l.f, sg + 1));
  });
  // stubs of every link with the same endpoint id are distinct ids c0, c1, … so each link is one lift or stair
  graph.links.forEach((l, k) => {
    if (!(stepFree && l.stairs)) link(graph.points.length + 2 * k, graph.points.length + 2 * k + 1, FLOOR_CHANGE_COST);
  });
  for (let k = 0; k < n; k++)
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        if (d[i]![k]! + d[k]![j]! < d[i]![j]!) d[i]![j] = d[i]![k]! + d[k]![j]!;
      }
  return d;
}

function nodeAt(net: Network, p: { layer: string; x: number; y: number }): number | undefined {
  const i = net.nodes.findIndex(
    (n) => n.layer === p.layer && Math.abs(n.x - p.x * PX) < 1e-9 && Math.abs(n.y - p.y * PX) < 1e-9,
  );
  return i < 0 ? undefined : i;
}

describe('shortestPath across floors', () => {
  it('finds the cheapest way through a connector whose ends lie at different places on their floors', () => {
    // Ground: a corridor from the start (0.5, 0.5) to (0.4, 0.5), a ramp there whose upper end is at the target,
    // and a lift at the start whose upper end is 200 px from the target. A straight line to the target overestimates
    // at the ramp's foot (224 px away, 40 px to go), so a search led by it took the lift (250) over the ramp (150).
    const d = doc([
      {
        id: 'g-corr',
        layer: 'g',
        points: [
          [0.5, 0.5],
          [0.4, 0.5],
        ],
      },
      {
        id: 'g-ramp',
        layer: 'g',
        points: [
          [0.4, 0.5],
          [0.4, 0.49],
        ],
        endpoint: 'ramp',
        connector: true,
        connectorKind: 'ramp',
      },
      {
        id: 'g-lift',
        layer: 'g',
        points: [
          [0.5, 0.5],
          [0.5, 0.49],
        ],
        endpoint: 'lift',
        connector: true,
        connectorKind: 'lift',
      },
      {
        id: 'f-corr',
        layer: 'f',
        points: [
          [0.5, 0.5],
          [0.5, 0.7],
        ],
      },
      {
        id: 'f-ramp',
        layer: 'f',
        points: [
          [0.5, 0.7],
          [0.5, 0.69],
        ],
        endpoint: 'ramp',
        connector: true,
        connectorKind: 'ramp',
      },
      {
        id: 'f-lift',
        layer: 'f',
        points: [
          [0.5, 0.5],
          [0.5, 0.49],
        ],
        endpoint: 'lift',
        connector: true,
        connectorKind: 'lift',
      },
    ]);
    const net = buildNetwork(d);
    const from = nodeAt(net, { layer: 'g', x: 0.5, y: 0.5 })!;
    const to = nodeAt(net, { layer: 'f', x: 0.5, y: 0.7 })!;
    for (const stepFree of [false, true]) {
      const path = shortestPath(net, [from], [to], { stepFree })!;
      expect(path.cost).toBeCloseTo(100 + 10 + FLOOR_CHANGE_COST + 10, 6);
      expect(path.edges.some((k) => net.edgeLink[k]?.endpoint === 'ramp')).toBe(true);
    }
    // The same search again (the search reuses its arrays) and the way back agree.
    expect(shortestPath(net, [to], [from])!.cost).toBeCloseTo(150, 6);
    expect(shortestPath(net, [from], [to])!.cost).toBeCloseTo(150, 6);
  });
});

describe('shortestPath properties', () => {
  it('finds the cheapest cost the reference finds, symmetric both ways, and step-free never uses an inaccessible edge', () => {
    fc.assert(
      fc.property(graphArb, fc.nat(), fc.nat(), (graph, i, j) => {
        const net = buildNetwork(toDocument(graph));
        const a = i % graph.points.length;
        const b = j % graph.points.length;
        const na = nodeAt(net, graph.points[a]!);
        const nb = nodeAt(net, graph.points[b]!);
        for (const stepFree of [false, true]) {
          const ref = floyd(graph, stepFree)[a]![b]!;
          if (na === undefined || nb === undefined) {
            // a point on no edge is not in the network: only itself is reachable
            expect(a === b || ref === Infinity).toBe(true);
            continue;
          }
          const there = shortestPath(net, [na], [nb], { stepFree });
          const back = shortestPath(net, [nb], [na], { stepFree });
          if (ref === Infinity) {
            expect(there).toBeNull();
            expect(back).toBeNull();
            continue;
          }
          expect(there!.cost).toBeCloseTo(ref, 6);
          expect(back!.cost).toBeCloseTo(there!.cost, 6);
          let sum = 0;
          for (const slot of there!.edges.slice(1)) {
            sum += net.edgeCost[slot]!;
            if (stepFree) expect(net.edgeFlags[slot]! & EDGE_INACCESSIBLE).toBe(0);
          }
          expect(sum).toBeCloseTo(there!.cost, 6);
        }
      }),
      { numRuns: 300 },
    );
  });
});
