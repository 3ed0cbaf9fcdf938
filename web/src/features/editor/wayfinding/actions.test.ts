import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blankDocument, strictMapDocument, type MapDocument } from '@mapnest/shared/map-document';
import { importMapplic } from '@mapnest/shared/mapplic-import';
import { buildNetwork } from '../../../map-core/wayfinding/network';
import { checkNetwork } from '../../../map-core/wayfinding/network-check';
import { planRoute } from '../../../map-core/wayfinding/route';
import { ActionError } from '../actions/registry';
import {
  addEdge,
  clearEndpoint,
  deleteEdge,
  deleteNode,
  joinNodes,
  layerNodes,
  moveNode,
  nodeDegree,
  pinLocation,
  setConnector,
  snapPoint,
  unpinLocation,
  type Point,
} from './actions';
import { setEdgeStepFree } from './step-free';

function base(): MapDocument {
  const doc = blankDocument();
  doc.layers.push({ id: 'upper', name: 'Upper', file: '' });
  doc.locations = [
    { id: 'shop', title: 'Shop', coord: [0.5, 0.2], layer: 'layer-1' },
    { id: 'cafe', title: 'Cafe', coord: [0.5, 0.2], layer: 'upper' },
  ];
  return doc;
}
const valid = (doc: MapDocument) => expect(strictMapDocument.safeParse(doc).error?.issues ?? []).toEqual([]);
const L = 'layer-1';

describe('drawing edges', () => {
  it('draws an edge as a new path, and continues the path from its loose end', () => {
    let doc = addEdge.perform(base(), { layer: L, from: [0.1, 0.1], to: [0.5, 0.1] });
    doc = addEdge.perform(doc, { layer: L, from: [0.5, 0.1], to: [0.5, 0.5] });
    expect(doc.routes).toHaveLength(1);
    expect(doc.routes[0]!.points).toEqual([
      [0.1, 0.1],
      [0.5, 0.1],
      [0.5, 0.5],
    ]);
    valid(doc);
  });

  it('snaps to a node within the tolerance, else onto an edge, else stays free', () => {
    const doc = addEdge.perform(base(), { layer: L, from: [0.1, 0.1], to: [0.5, 0.1] });
    expect(snapPoint(doc, L, [0.105, 0.1], 0.01)).toEqual({ kind: 'node', point: [0.1, 0.1] });
    expect(snapPoint(doc, L, [0.3, 0.105], 0.01)).toMatchObject({ kind: 'edge', route: 'path-1', segment: 0 });
    expect(snapPoint(doc, L, [0.3, 0.105], 0.01).point[1]).toBeCloseTo(0.1, 12);
    expect(snapPoint(doc, L, [0.3, 0.3], 0.01)).toEqual({ kind: 'free', point: [0.3, 0.3] });
    expect(snapPoint(doc, 'upper', [0.1, 0.1], 0.01).kind).toBe('free');
  });

  it('splits an edge where a new edge starts on it; the split point is one node of both', () => {
    let doc = addEdge.perform(base(), { layer: L, from: [0.1, 0.1], to: [0.5, 0.1] });
    const on = snapPoint(doc, L, [0.3, 0.1], 0.01).point;
    doc = addEdge.perform(doc, { layer: L, from: on, to: [0.3, 0.4] });
    expect(doc.routes[0]!.points).toEqual([[0.1, 0.1], on, [0.5, 0.1]]);
    expect(nodeDegree(doc, L, on)).toBe(3);
    expect(layerNodes(doc, L)).toHaveLength(4);
    expect(checkNetwork(doc).components).toHaveLength(1);
    valid(doc);
  });

  it('refuses a zero-length edge, a repeated edge and an unknown layer, changing nothing', () => {
    const doc = addEdge.perform(base(), { layer: L, from: [0.1, 0.1], to: [0.5, 0.1] });
    expect(() => addEdge.perform(doc, { layer: L, from: [0.2, 0.2], to: [0.2, 0.2] })).toThrow(
      'An edge needs two different points',
    );
    expect(() => addEdge.perform(doc, { layer: L, from: [0.5, 0.1], to: [0.1, 0.1] })).toThrow(
      'Those two nodes are already joined',
    );
    expect(() => addEdge.perform(doc, { layer: 'nope', from: [0, 0], to: [1, 1] })).toThrow('There is no layer "nope"');
    expect(doc.routes).toHaveLength(1);
  });
});

describe('nodes', () => {
  function cross(): MapDocument {
    let doc = base();
    doc = addEdge.perform(doc, { layer: L, from: [0.1, 0.5], to: [0.5, 0.5] });
    doc = addEdge.perform(doc, { layer: L, from: [0.9, 0.5], to: [0.5, 0.5] });
    doc = addEdge.perform(doc, { layer: L, from: [0.5, 0.5], to: [0.5, 0.9] });
    return doc;
  }

  it('moves a node in every path that shares it', () => {
    const doc = cross();
    expect(doc.routes.length).toBeGreaterThan(1);
    const next = moveNode.perform(doc, { layer: L, from: [0.5, 0.5], to: [0.4, 0.6] });
    expect(next.routes.flatMap((r) => r.points).filter((p) => p[0] === 0.5 && p[1] === 0.5)).toEqual([]);
    expect(nodeDegree(next, L, [0.4, 0.6])).toBe(3);
    expect(nodeDegree(doc, L, [0.5, 0.5])).toBe(3);
    valid(next);
  });

  it('joins two nodes into one, dropping an edge that collapses', () => {
    const doc = cross();
    const next = joinNodes.perform(doc, { layer: L, from: [0.9, 0.5], into: [0.1, 0.5] });
    expect(nodeDegree(next, L, [0.1, 0.5])).toBe(2);
    expect(checkNetwork(next).components).toHaveLength(1);
    const collapsed = joinNodes.perform(doc, { layer: L, from: [0.5, 0.9], into: [0.5, 0.5] });
    expect(nodeDegree(collapsed, L, [0.5, 0.5])).toBe(2);
    valid(collapsed);
    expect(() => joinNodes.perform(doc, { layer: L, from: [0.1, 0.5], into: [0.3, 0.3] })).toThrow(
      'There is no node there',
    );
  });

  it('deletes a node and its edges, splitting the paths through it', () => {
    let doc = addEdge.perform(base(), { layer: L, from: [0.1, 0.1], to: [0.5, 0.1] });
    doc = addEdge.perform(doc, { layer: L, from: [0.5, 0.1], to: [0.9, 0.1] });
    doc = addEdge.perform(doc, { layer: L, from: [0.9, 0.1], to: [0.9, 0.5] });
    const next = deleteNode.perform(doc, { layer: L, at: [0.5, 0.1] });
    expect(next.routes.map((r) => r.points)).toEqual([
      [
        [0.9, 0.1],
        [0.9, 0.5],
      ],
    ]);
    const mid = deleteNode.perform(doc, { layer: L, at: [0.9, 0.1] });
    expect(mid.routes.map((r) => r.points)).toEqual([
      [
        [0.1, 0.1],
        [0.5, 0.1],
      ],
    ]);
    valid(mid);
  });

  it('deletes one edge of a path, leaving two paths, and opens a closed area', () => {
    let doc = addEdge.perform(base(), { layer: L, from: [0.1, 0.1], to: [0.5, 0.1] });
    doc = addEdge.perform(doc, { layer: L, from: [0.5, 0.1], to: [0.9, 0.1] });
    doc = addEdge.perform(doc, { layer: L, from: [0.9, 0.1], to: [0.9, 0.5] });
    const next = deleteEdge.perform(doc, { route: 'path-1', segment: 1 });
    expect(next.routes.map((r) => r.points).sort()).toEqual(
      [
        [
          [0.1, 0.1],
          [0.5, 0.1],
        ],
        [
          [0.9, 0.1],
          [0.9, 0.5],
        ],
      ].sort(),
    );
    expect(new Set(next.routes.map((r) => r.id)).size).toBe(2);
    valid(next);
    const area = {
      ...base(),
      routes: [
        {
          id: 'hall',
          layer: L,
          points: [
            [0.1, 0.1],
            [0.3, 0.1],
            [0.3, 0.3],
          ] as Point[],
          closed: true,
          connector: false,
          weight: 1,
          inaccessible: false,
        },
      ],
    };
    const opened = deleteEdge.perform(area, { route: 'hall', segment: 2 });
    expect(opened.routes).toEqual([
      {
        ...area.routes[0],
        closed: false,
        points: [
          [0.1, 0.1],
          [0.3, 0.1],
          [0.3, 0.3],
        ],
      },
    ]);
    expect(() => deleteEdge.perform(area, { route: 'hall', segment: 3 })).toThrow('Path "hall" has no edge 3');
  });
});

describe('connectors and attachments', () => {
  function twoFloors(): MapDocument {
    let doc = addEdge.perform(base(), { layer: L, from: [0.1, 0.5], to: [0.5, 0.5] });
    doc = addEdge.perform(doc, { layer: 'upper', from: [0.5, 0.5], to: [0.2, 0.5] });
    return doc;
  }

  it('joins floors with a lift at dead ends, step-free or not, and the locations become reachable', () => {
    let doc = twoFloors();
    expect(checkNetwork(doc).components).toHaveLength(2);
    doc = setConnector.perform(doc, { layer: L, at: [0.5, 0.5], name: 'lift-a', kind: 'lift', stepFree: true });
    doc = setConnector.perform(doc, { layer: 'upper', at: [0.5, 0.5], name: 'lift-a', kind: 'lift', stepFree: true });
    const check = checkNetwork(doc);
    expect(check.components).toHaveLength(1);
    expect(check.unreachable).toEqual([]);
    expect(check.stepFreeUnreachable).toEqual([]);
    const upper = doc.routes.find((r) => r.layer === 'upper')!;
    expect(upper).toMatchObject({ endpoint: 'lift-a', connector: true, connectorKind: 'lift', inaccessible: false });
    expect(upper.points.at(-1)).toEqual([0.5, 0.5]);
    valid(doc);
    const stairs = setConnector.perform(twoFloors(), {
      layer: L,
      at: [0.5, 0.5],
      name: 's',
      kind: 'stairs',
      stepFree: false,
    });
    expect(stairs.routes[0]).toMatchObject({ connectorKind: 'stairs', inaccessible: true });
    const cleared = clearEndpoint.perform(doc, { layer: L, at: [0.5, 0.5] });
    expect(checkNetwork(cleared).components).toHaveLength(2);
    valid(cleared);
  });

  it('gives both ends of a one-edge path their own endpoint, splitting the edge, and replaces an endpoint in place', () => {
    let doc = addEdge.perform(base(), { layer: L, from: [0.25, 0.5], to: [1, 1] });
    doc = setConnector.perform(doc, { layer: L, at: [0.25, 0.5], name: 'lift-a', kind: 'lift', stepFree: true });
    doc = setConnector.perform(doc, { layer: L, at: [1, 1], name: 'stairs-b', kind: 'stairs', stepFree: false });
    valid(doc);
    expect(doc.routes).toHaveLength(2);
    const [kept, added] = doc.routes;
    expect(kept).toMatchObject({
      endpoint: 'lift-a',
      points: [
        [0.625, 0.75],
        [0.25, 0.5],
      ],
      inaccessible: false,
    });
    expect(added).toMatchObject({
      endpoint: 'stairs-b',
      points: [
        [0.625, 0.75],
        [1, 1],
      ],
      inaccessible: true,
    });
    // Setting a connector again where a path's endpoint already is changes that path only, on any length.
    let long = addEdge.perform(base(), { layer: L, from: [0.1, 0.1], to: [0.2, 0.1] });
    long = addEdge.perform(long, { layer: L, from: [0.2, 0.1], to: [0.3, 0.1] });
    long = setConnector.perform(long, { layer: L, at: [0.3, 0.1], name: 'lift-a', kind: 'lift', stepFree: true });
    const before = long.routes.map((r) => r.points);
    long = setConnector.perform(long, { layer: L, at: [0.3, 0.1], name: 'lift-c', kind: 'lift', stepFree: false });
    expect(long.routes.map((r) => r.points)).toEqual(before);
    expect(long.routes.find((r) => r.endpoint)).toMatchObject({ endpoint: 'lift-c', inaccessible: true });
    valid(long);
  });

  it('refuses a connector at a node that is not a dead end, and gives one named like a location its own id', () => {
    let doc = addEdge.perform(base(), { layer: L, from: [0.1, 0.5], to: [0.5, 0.5] });
    doc = addEdge.perform(doc, { layer: L, from: [0.5, 0.5], to: [0.9, 0.5] });
    expect(() =>
      setConnector.perform(doc, { layer: L, at: [0.5, 0.5], name: 'x', kind: 'lift', stepFree: true }),
    ).toThrow(ActionError);
    const named = setConnector.perform(doc, { layer: L, at: [0.9, 0.5], name: 'shop', kind: 'lift', stepFree: true });
    expect(named.routes.find((r) => r.connector)).toMatchObject({ endpoint: 'shop-2', connectorName: 'shop' });
  });

  it('pins a location to a middle node with a short path, and unpins it', () => {
    let doc = addEdge.perform(base(), { layer: L, from: [0.1, 0.5], to: [0.5, 0.5] });
    doc = addEdge.perform(doc, { layer: L, from: [0.5, 0.5], to: [0.9, 0.5] });
    const pinned = pinLocation.perform(doc, { location: 'shop', layer: L, at: [0.5, 0.5] });
    expect(pinned.routes.at(-1)).toMatchObject({
      points: [
        [0.5, 0.5],
        [0.5, 0.2],
      ],
      endpoint: 'shop',
    });
    const net = buildNetwork(pinned);
    expect(net.targets.get('shop')!.map((n) => net.nodes[n])).toEqual([
      { layer: L, x: expect.any(Number) as number, y: expect.any(Number) as number },
    ]);
    valid(pinned);
    const dead = pinLocation.perform(doc, { location: 'shop', layer: L, at: [0.1, 0.5] });
    expect(dead.routes[0]).toMatchObject({ endpoint: 'shop', connector: false });
    expect(dead.routes[0]!.points.at(-1)).toEqual([0.1, 0.5]);
    const un = unpinLocation.perform(pinned, { location: 'shop' });
    expect(un.routes.some((r) => r.endpoint === 'shop')).toBe(false);
    expect(() => unpinLocation.perform(un, { location: 'shop' })).toThrow('That location is not pinned to the network');
  });

  it('pins a location drawn as a shape to a middle node with a path to its shape’s centre', () => {
    let doc = addEdge.perform(base(), { layer: L, from: [0.1, 0.5], to: [0.5, 0.5] });
    doc = addEdge.perform(doc, { layer: L, from: [0.5, 0.5], to: [0.9, 0.5] });
    doc = { ...doc, locations: [...doc.locations, { id: 'office', title: 'Office', layer: L }] };
    const args = { location: 'office', layer: L, at: [0.5, 0.5] as Point };
    expect(() => pinLocation.perform(doc, args)).toThrow('place the location on the map first');
    const pinned = pinLocation.perform(doc, { ...args, place: [0.6, 0.3] });
    expect(pinned.routes.at(-1)).toMatchObject({
      points: [
        [0.5, 0.5],
        [0.6, 0.3],
      ],
      endpoint: 'office',
    });
    valid(pinned);
    expect(planRoute(buildNetwork(pinned), 'shop', 'office')).not.toBeNull();
  });
});

describe('any sequence of wayfinding edits', () => {
  it('keeps the document valid (strict schema)', () => {
    const coord = fc.constantFrom(0, 0.25, 0.5, 0.75, 1);
    const pt = fc.tuple(coord, coord) as fc.Arbitrary<Point>;
    const layer = fc.constantFrom(L, 'upper');
    const step = fc.oneof(
      fc.record({ t: fc.constant('add' as const), layer, a: pt, b: pt }),
      fc.record({ t: fc.constant('move' as const), layer, a: pt, b: pt }),
      fc.record({ t: fc.constant('join' as const), layer, a: pt, b: pt }),
      fc.record({ t: fc.constant('delNode' as const), layer, a: pt }),
      fc.record({ t: fc.constant('delEdge' as const), r: fc.nat(6), s: fc.nat(6) }),
      fc.record({ t: fc.constant('conn' as const), layer, a: pt, stepFree: fc.boolean() }),
      fc.record({ t: fc.constant('pin' as const), layer, a: pt }),
      fc.record({ t: fc.constant('clear' as const), layer, a: pt }),
      fc.record({ t: fc.constant('step' as const), r: fc.nat(6), s: fc.nat(6), stepFree: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        let doc = base();
        for (const s of steps) {
          try {
            if (s.t === 'add') doc = addEdge.perform(doc, { layer: s.layer, from: s.a, to: s.b });
            else if (s.t === 'move') doc = moveNode.perform(doc, { layer: s.layer, from: s.a, to: s.b });
            else if (s.t === 'join') doc = joinNodes.perform(doc, { layer: s.layer, from: s.a, into: s.b });
            else if (s.t === 'delNode') doc = deleteNode.perform(doc, { layer: s.layer, at: s.a });
            else if (s.t === 'delEdge')
              doc = deleteEdge.perform(doc, {
                route: doc.routes[s.r % Math.max(1, doc.routes.length)]?.id ?? 'none',
                segment: s.s,
              });
            else if (s.t === 'conn')
              doc = setConnector.perform(doc, {
                layer: s.layer,
                at: s.a,
                name: 'lift-1',
                kind: 'lift',
                stepFree: s.stepFree,
              });
            else if (s.t === 'step')
              doc = setEdgeStepFree.perform(doc, {
                route: doc.routes[s.r % Math.max(1, doc.routes.length)]?.id ?? 'none',
                segment: s.s,
                stepFree: s.stepFree,
              });
            else if (s.t === 'pin')
              doc = pinLocation.perform(doc, { location: s.layer === L ? 'shop' : 'cafe', layer: s.layer, at: s.a });
            else doc = clearEndpoint.perform(doc, { layer: s.layer, at: s.a });
          } catch (err) {
            if (!(err instanceof ActionError)) throw err;
          }
          const result = strictMapDocument.safeParse(doc);
          if (!result.success)
            throw new Error(`${s.t}: ${JSON.stringify(result.error.issues[0])} in ${JSON.stringify(doc.routes)}`);
          expect(new Set(doc.routes.map((r) => r.id)).size).toBe(doc.routes.length);
          checkNetwork(doc);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a Mapplic map with routes', () => {
  // Two floors as Mapplic's builder saves them: corridors in map pixels, a shop's path ending at it,
  // a lift joining the floors (connect: layer), an open area, and stairs marked inaccessible.
  const mapplic = {
    settings: { mapWidth: 1000, mapHeight: 500, layer: 'ground' },
    layers: [
      { id: 'ground', name: 'Ground' },
      { id: 'first', name: 'First' },
    ],
    locations: [
      { id: 'shoes', title: 'Shoes', layer: 'ground', coord: '0.1,0.2' },
      { id: 'books', title: 'Books', layer: 'first', coord: '0.8,0.8' },
    ],
    routes: [
      { id: 'mall', layer: 'ground', points: '100,250 500,250 900,250', element: 'polyline' },
      {
        id: 'p-shoes',
        layer: 'ground',
        points: '100,250 100,100',
        element: 'polyline',
        endpoint: 'shoes',
        connect: 'location',
      },
      { id: 'lift-g', layer: 'ground', points: '500,250 500,400', endpoint: 'lift-1', connect: 'layer' },
      {
        id: 'stairs-g',
        layer: 'ground',
        points: '900,250 900,400',
        endpoint: 'stairs-1',
        connect: 'layer',
        inaccessible: 'true',
      },
      { id: 'hall', layer: 'first', points: '500,400 900,400 900,450 500,450', element: 'polygon', weight: '0.5' },
      { id: 'lift-f', layer: 'first', points: '600,425 500,400', endpoint: 'lift-1', connect: 'layer' },
      {
        id: 'stairs-f',
        layer: 'first',
        points: '800,425 900,400',
        endpoint: 'stairs-1',
        connect: 'layer',
        inaccessible: 'true',
      },
    ],
  };

  it('keeps endpoints, connectors, step-free flags and weights, and the editor check sees them', () => {
    const { document: doc } = importMapplic(mapplic);
    expect(doc.routes.find((r) => r.id === 'lift-g')).toMatchObject({
      endpoint: 'lift-1',
      connector: true,
      inaccessible: false,
      points: [
        [0.5, 0.5],
        [0.5, 0.8],
      ],
    });
    expect(doc.routes.find((r) => r.id === 'stairs-f')).toMatchObject({
      endpoint: 'stairs-1',
      connector: true,
      inaccessible: true,
    });
    expect(doc.routes.find((r) => r.id === 'p-shoes')).toMatchObject({ endpoint: 'shoes', connector: false });
    expect(doc.routes.find((r) => r.id === 'hall')).toMatchObject({ closed: true, weight: 0.5 });
    valid(doc);
    expect(checkNetwork(doc)).toMatchObject({ unreachable: [], stepFreeUnreachable: [] });
    expect(checkNetwork(doc).components).toHaveLength(1);
    // Without the lift, the first floor is only reachable by the stairs.
    const noLift = clearEndpoint.perform(doc, { layer: 'ground', at: [0.5, 0.8] });
    expect(checkNetwork(noLift)).toMatchObject({ unreachable: [], stepFreeUnreachable: ['books'] });
    valid(noLift);
  });
});

describe('step-free on a two-floor campus', () => {
  /** A corridor on each floor from west (x 0.1) to east (x 0.9), a room at each floor's middle. */
  function campus(): MapDocument {
    const doc = base();
    doc.locations = [
      { id: 'hall', title: 'Hall', coord: [0.4, 0.4], layer: L },
      { id: 'lab', title: 'Lab', coord: [0.4, 0.4], layer: 'upper' },
    ];
    let d = doc;
    for (const layer of [L, 'upper']) {
      d = addEdge.perform(d, { layer, from: [0.1, 0.5], to: [0.5, 0.5] });
      d = addEdge.perform(d, { layer, from: [0.5, 0.5], to: [0.9, 0.5] });
    }
    return d;
  }
  const lift = (d: MapDocument, layer: string) =>
    setConnector.perform(d, { layer, at: [0.9, 0.5], name: 'Lift A', kind: 'lift', stepFree: true });
  const stairs = (d: MapDocument, layer: string) =>
    setConnector.perform(d, { layer, at: [0.1, 0.5], name: 'West stairs', kind: 'stairs', stepFree: false });
  const route = (d: MapDocument, stepFree: boolean) => {
    const plan = planRoute(buildNetwork(d), 'hall', 'lab', { stepFree });
    return plan && { cost: Math.round(plan.cost * 1000), via: plan.changes.map((c) => c.name) };
  };

  it('takes the lift step-free and the nearer way otherwise, whatever order the connectors are set in', () => {
    const liftFirst = [L, 'upper'].reduce((d, l) => stairs(lift(d, l), l), campus());
    const stairsFirst = [L, 'upper'].reduce((d, l) => lift(stairs(d, l), l), campus());
    for (const doc of [liftFirst, stairsFirst]) {
      valid(doc);
      expect(route(doc, true)?.via).toEqual(['Lift A']);
      expect(checkNetwork(doc).stepFreeUnreachable).toEqual([]);
      // The corridor leading to the stairs stays step-free: only the floor change through them is stepped.
      expect(doc.routes.filter((r) => r.inaccessible).every((r) => r.connector)).toBe(true);
    }
    expect(route(liftFirst, true)).toEqual(route(stairsFirst, true));
    expect(route(liftFirst, false)).toEqual(route(stairsFirst, false));
    // Names are any text; both floors share one id made from it.
    expect(new Set(liftFirst.routes.filter((r) => r.connectorName === 'Lift A').map((r) => r.endpoint))).toEqual(
      new Set(['lift-a']),
    );
  });

  it('marks one edge not step-free: only that edge is stepped, and the check names it as what blocks the places past it', () => {
    let doc = [L, 'upper'].reduce((d, l) => stairs(lift(d, l), l), campus());
    // The upper corridor's east edge (towards the lift) gets a step.
    const upper = doc.routes.find((r) => r.layer === 'upper' && r.points.some((p) => p[0] === 0.5))!;
    const segment = upper.points.findIndex((p, i) => {
      const q = upper.points[i + 1];
      return q !== undefined && Math.max(p[0], q[0]) > 0.5 && Math.min(p[0], q[0]) >= 0.5;
    });
    doc = setEdgeStepFree.perform(doc, { route: upper.id, segment, stepFree: false });
    valid(doc);
    const marked = doc.routes.find((r) => r.id === upper.id)!;
    expect(marked.points).toHaveLength(2);
    expect(marked.inaccessible).toBe(true);
    expect(doc.routes.filter((r) => r.inaccessible && !r.connector)).toHaveLength(1);
    expect(route(doc, true)).toBeNull();
    expect(route(doc, false)).not.toBeNull();
    const check = checkNetwork(doc);
    expect(check.stepFreeUnreachable).toEqual(['lab']);
    expect(check.stepFreeBlockers.get('lab')).toEqual([{ kind: 'path', route: upper.id, layer: 'upper' }]);
    // Marked step-free again, the lift is usable again.
    const again = setEdgeStepFree.perform(doc, { route: upper.id, segment: 0, stepFree: true });
    expect(route(again, true)?.via).toEqual(['Lift A']);
    // Without the lift, the stairs are named.
    const noLift = clearEndpoint.perform(clearEndpoint.perform(again, { layer: L, at: [0.9, 0.5] }), {
      layer: 'upper',
      at: [0.9, 0.5],
    });
    expect(checkNetwork(noLift).stepFreeBlockers.get('lab')).toMatchObject([
      { kind: 'connector', name: 'West stairs', connectorKind: 'stairs', floors: [L, 'upper'] },
    ]);
  });

  it('marks the last edge before a connector by splitting it, keeping the connector on the half at its node', () => {
    let doc = addEdge.perform(base(), { layer: L, from: [0.1, 0.5], to: [0.5, 0.5] });
    doc = setConnector.perform(doc, { layer: L, at: [0.5, 0.5], name: 'Lift', kind: 'lift', stepFree: true });
    const id = doc.routes[0]!.id;
    doc = setEdgeStepFree.perform(doc, { route: id, segment: 0, stepFree: false });
    valid(doc);
    expect(doc.routes.find((r) => r.id === id)).toMatchObject({ connector: false, inaccessible: true });
    expect(doc.routes.find((r) => r.connector)).toMatchObject({
      endpoint: 'lift',
      inaccessible: false,
      points: [
        [0.3, 0.5],
        [0.5, 0.5],
      ],
    });
  });
});
