import { describe, expect, it } from 'vitest';
import {
  blankDocument,
  type MapDocument,
  type MapDocumentInput,
  strictMapDocument,
} from '@mapnest/shared/map-document';
import { buildNetwork } from './network';
import { checkNetwork } from './network-check';
import { EDGE_FLOOR_CHANGE, EDGE_INACCESSIBLE, FLOOR_CHANGE_COST } from './network-model';

type RouteInput = NonNullable<MapDocumentInput['routes']>[number];
type LocationInput = NonNullable<MapDocumentInput['locations']>[number];

/** A 1000 × 1000 px, two-floor document. */
function doc(routes: RouteInput[], locations: LocationInput[] = []): MapDocument {
  const base = blankDocument();
  return strictMapDocument.parse({
    ...base,
    settings: { ...base.settings, mapWidth: 1000, mapHeight: 1000 },
    layers: [
      { id: 'g', name: 'Ground floor' },
      { id: 'f', name: 'First floor' },
    ],
    locations,
    routes,
  });
}

const edgesOf = (net: ReturnType<typeof buildNetwork>, n: number) => {
  const out: { to: number; cost: number; flags: number }[] = [];
  for (let k = net.rowStart[n]!; k < net.rowStart[n + 1]!; k++)
    out.push({ to: net.edgeTo[k]!, cost: net.edgeCost[k]!, flags: net.edgeFlags[k]! });
  return out;
};

describe('buildNetwork', () => {
  it('merges identical points on a layer into one node, keeps layers apart, and costs length × weight', () => {
    const net = buildNetwork(
      doc([
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
          layer: 'g',
          points: [
            [0.1, 0],
            [0.1, 0.2],
          ],
          weight: 2,
        },
        {
          id: 'c',
          layer: 'f',
          points: [
            [0, 0],
            [0.1, 0],
          ],
        },
      ]),
    );
    expect(net.nodes).toHaveLength(5);
    const corner = net.nodes.findIndex((n) => n.layer === 'g' && n.x === 100 && n.y === 0);
    expect(
      edgesOf(net, corner)
        .map((e) => e.cost)
        .sort((p, q) => p - q),
    ).toEqual([100, 400]);
  });

  it('links every vertex of a closed route to every other', () => {
    const net = buildNetwork(
      doc([
        {
          id: 'hall',
          layer: 'g',
          closed: true,
          points: [
            [0, 0],
            [0.1, 0],
            [0.1, 0.1],
            [0, 0.1],
          ],
        },
      ]),
    );
    for (let n = 0; n < 4; n++) expect(edgesOf(net, n)).toHaveLength(3);
  });

  it('attaches a location at its route endpoint, on the loose end of the route', () => {
    const net = buildNetwork(
      doc(
        [
          {
            id: 'corridor',
            layer: 'g',
            points: [
              [0, 0.5],
              [0.2, 0.5],
              [0.5, 0.5],
              [1, 0.5],
            ],
          },
          {
            id: 'door',
            layer: 'g',
            points: [
              [0.5, 0.5],
              [0.5, 0.3],
            ],
            endpoint: 'shop',
          },
          {
            id: 'door2',
            layer: 'g',
            points: [
              [0.2, 0.3],
              [0.2, 0.5],
            ],
            endpoint: 'shop',
          },
        ],
        [{ id: 'shop', layer: 'g', coord: [0.4, 0.2] }],
      ),
    );
    const doors = net.targets.get('shop')!.map((n) => [net.nodes[n]!.x, net.nodes[n]!.y]);
    expect(doors).toEqual([
      [500, 300],
      [200, 300],
    ]);
  });

  it('joins floors through connector routes that share an endpoint; stairs are not step-free', () => {
    const net = buildNetwork(
      doc([
        {
          id: 'g-lift',
          layer: 'g',
          points: [
            [0, 0],
            [0.1, 0],
          ],
          endpoint: 'lift-1',
          connector: true,
          connectorKind: 'lift',
        },
        {
          id: 'f-lift',
          layer: 'f',
          points: [
            [0, 0],
            [0.1, 0],
          ],
          endpoint: 'lift-1',
          connector: true,
          connectorKind: 'lift',
        },
        {
          id: 'g-stairs',
          layer: 'g',
          points: [
            [0, 0.5],
            [0.1, 0.5],
          ],
          endpoint: 'st',
          connector: true,
          connectorKind: 'stairs',
        },
        {
          id: 'f-stairs',
          layer: 'f',
          points: [
            [0, 0.5],
            [0.1, 0.5],
          ],
          endpoint: 'st',
          connector: true,
          connectorKind: 'stairs',
        },
      ]),
    );
    const floorEdges = net.nodes.flatMap((_, n) => edgesOf(net, n)).filter((e) => e.flags & EDGE_FLOOR_CHANGE);
    expect(floorEdges).toHaveLength(4);
    expect(floorEdges.every((e) => e.cost === FLOOR_CHANGE_COST)).toBe(true);
    expect(floorEdges.filter((e) => e.flags & EDGE_INACCESSIBLE)).toHaveLength(2);
  });

  it('attaches a placed location without an endpoint to the nearest edge of its layer, splitting it', () => {
    const net = buildNetwork(
      doc(
        [
          {
            id: 'corridor',
            layer: 'g',
            points: [
              [0, 0.5],
              [1, 0.5],
            ],
          },
          {
            id: 'upstairs',
            layer: 'f',
            points: [
              [0, 0.4],
              [1, 0.4],
            ],
          },
        ],
        [
          { id: 'cafe', layer: 'g', coord: [0.3, 0.45] },
          { id: 'anchor', layer: null, coord: [0.6, 0.55] },
        ],
      ),
    );
    const [cafe] = net.targets.get('cafe')!;
    expect(net.nodes[cafe!]).toEqual({ layer: 'g', x: 300, y: 450 });
    const spur = edgesOf(net, cafe!);
    expect(spur).toHaveLength(1);
    expect(net.nodes[spur[0]!.to]).toEqual({ layer: 'g', x: 300, y: 500 });
    expect(spur[0]!.cost).toBeCloseTo(50);
    // the corridor is split at the foot: 0 → 300 → 600 → 1000
    expect(
      edgesOf(net, spur[0]!.to)
        .map((e) => Math.round(e.cost))
        .sort((p, q) => p - q),
    ).toEqual([50, 300, 300]);
    // a location on every layer attaches on both floors
    expect(net.targets.get('anchor')!.map((n) => net.nodes[n]!.layer)).toEqual(['g', 'f']);
  });

  it('attaches a location bound to a shape at the shape’s centre, as it would a placed one', () => {
    const d = doc(
      [
        {
          id: 'corridor',
          layer: 'g',
          points: [
            [0, 0.5],
            [1, 0.5],
          ],
        },
        {
          id: 'door',
          layer: 'g',
          points: [
            [0.8, 0.5],
            [0.8, 0.6],
          ],
          endpoint: 'shop',
        },
      ],
      [
        { id: 'office', layer: 'g' },
        { id: 'nowhere', layer: 'g' },
        { id: 'cafe', layer: 'g', coord: [0.2, 0.45] },
        { id: 'shop', layer: 'g' },
      ],
    );
    // Without the shapes' centres the model cannot place it (it has no drawing).
    expect(buildNetwork(d).targets.has('office')).toBe(false);
    const net = buildNetwork(
      d,
      new Map([
        ['office', [0.4, 0.3]],
        ['elsewhere', [0.9, 0.9]],
        ['cafe', [0.7, 0.1]],
        ['shop', [0.1, 0.1]],
      ]),
    );
    const [office] = net.targets.get('office')!;
    expect(net.nodes[office!]).toEqual({ layer: 'g', x: 400, y: 300 });
    const spur = edgesOf(net, office!);
    expect(spur).toHaveLength(1);
    expect(net.nodes[spur[0]!.to]).toEqual({ layer: 'g', x: 400, y: 500 });
    expect(spur[0]!.cost).toBeCloseTo(200);
    // A location bound to no shape stays off the network.
    expect(net.targets.has('nowhere')).toBe(false);
    // A location's own point, and a door pinned to a path, come before its shape.
    expect(net.nodes[net.targets.get('cafe')![0]!]).toEqual({ layer: 'g', x: 200, y: 450 });
    expect(net.targets.get('shop')!.map((n) => net.nodes[n])).toEqual([{ layer: 'g', x: 800, y: 600 }]);
  });
});

describe('checkNetwork', () => {
  it('reports unattached locations, disconnected parts and places reachable only by stairs', () => {
    const result = checkNetwork(
      doc(
        [
          {
            id: 'main',
            layer: 'g',
            points: [
              [0, 0.5],
              [0.5, 0.5],
            ],
          },
          {
            id: 'island',
            layer: 'g',
            points: [
              [0.8, 0.9],
              [0.9, 0.9],
            ],
            endpoint: 'kiosk',
          },
          {
            id: 'g-st',
            layer: 'g',
            points: [
              [0.5, 0.5],
              [0.5, 0.6],
            ],
            endpoint: 'st',
            connector: true,
            connectorKind: 'stairs',
          },
          {
            id: 'f-st',
            layer: 'f',
            points: [
              [0.5, 0.6],
              [0.5, 0.5],
            ],
            endpoint: 'st',
            connector: true,
            connectorKind: 'stairs',
          },
          {
            id: 'upper',
            layer: 'f',
            points: [
              [0.5, 0.5],
              [0.2, 0.5],
            ],
          },
        ],
        [
          { id: 'shop', layer: 'g', coord: [0.1, 0.45] },
          { id: 'cafe', layer: 'g', coord: [0.2, 0.45] },
          { id: 'gym', layer: 'f', coord: [0.2, 0.45] },
          { id: 'kiosk', layer: 'g', coord: [0.9, 0.95] },
          { id: 'unplaced', layer: 'g' },
          { id: 'hidden-off', layer: 'g', disable: true },
        ],
      ),
    );
    expect(result.unreachable.sort()).toEqual(['kiosk', 'unplaced']);
    expect(result.stepFreeUnreachable).toEqual(['gym']);
    expect(result.components).toHaveLength(2);
    expect(result.components[0]).toEqual({
      routes: ['f-st', 'g-st', 'main', 'upper'],
      layers: ['g', 'f'],
      locations: ['cafe', 'gym', 'shop'],
    });
    expect(result.components[1]!.locations).toEqual(['kiosk']);
  });

  it('takes locations bound to a shape as placed: reached when their floor has a path, else said to need one', () => {
    const d = doc(
      [
        {
          id: 'corridor',
          layer: 'g',
          points: [
            [0, 0.5],
            [1, 0.5],
          ],
        },
      ],
      [
        { id: 'lecture', layer: 'g', coord: [0.2, 0.3] },
        { id: 'office', layer: 'g' },
        { id: 'library', layer: 'g' },
        { id: 'lab', layer: 'f' },
        { id: 'unbound', layer: 'g' },
      ],
    );
    const shapes = new Map<string, [number, number]>([
      ['office', [0.45, 0.25]],
      ['library', [0.75, 0.3]],
      ['lab', [0.2, 0.25]],
    ]);
    const result = checkNetwork(d, shapes);
    expect(result.unreachable).toEqual(['lab', 'unbound']);
    expect(result.unattached).toEqual(['lab', 'unbound']);
    // Only the location that is neither placed nor drawn is off the map; the lab's floor has no path yet.
    expect(result.unplaced).toEqual(['unbound']);
    expect(result.components[0]!.locations).toEqual(['lecture', 'library', 'office']);
    // Without the shapes, as before: every one of them is off the map.
    expect(checkNetwork(d).unplaced).toEqual(['office', 'library', 'lab', 'unbound']);
  });

  it('has nothing to say about a map without routes', () => {
    expect(checkNetwork(doc([], [{ id: 'shop', layer: 'g', coord: [0.1, 0.1] }]))).toEqual({
      unreachable: [],
      unattached: [],
      unplaced: [],
      stepFreeUnreachable: [],
      stepFreeBlockers: new Map(),
      stubOnly: [],
      components: [],
    });
  });
});
