import { describe, expect, it } from 'vitest';
import {
  blankDocument,
  type MapDocument,
  type MapDocumentInput,
  strictMapDocument,
} from '@mapnest/shared/map-document';
import { buildNetwork } from './network';
import { checkNetwork } from './network-check';
import { planRoute } from './route';

type RouteInput = NonNullable<MapDocumentInput['routes']>[number];

/**
 * A 1000 × 1000 px office on two floors, as the QA office has it: a corridor along y = 0.5 on each floor, a stairs
 * stub from the corridor at x = 0.9 down into the stairwell, and a desk that is nearer the stub's end than the corridor.
 */
function office(extra: RouteInput[] = [], corridorOnGround = true): MapDocument {
  const base = blankDocument();
  const stairs = (layer: string): RouteInput => ({
    id: `${layer}-stairs`,
    layer,
    points: [
      [0.9, 0.5],
      [0.9, 0.6],
    ],
    endpoint: 'stair-core',
    connector: true,
    connectorKind: 'stairs',
    connectorName: 'Stairs',
    inaccessible: true,
  });
  const corridor = (layer: string): RouteInput => ({
    id: `${layer}-corridor`,
    layer,
    points: [
      [0.1, 0.5],
      [0.5, 0.5],
      [0.9, 0.5],
    ],
  });
  return strictMapDocument.parse({
    ...base,
    settings: { ...base.settings, mapWidth: 1000, mapHeight: 1000 },
    layers: [
      { id: 'g', name: 'Ground floor' },
      { id: 'f', name: 'First floor' },
    ],
    locations: [
      // 25 px from the stub's end (900, 600) at (925, 600), 100 px below the corridor.
      { id: 'desk', title: 'Desk', layer: 'g', coord: [0.925, 0.6] },
      { id: 'room', title: 'Room', layer: 'f', coord: [0.2, 0.45] },
    ],
    routes: [...(corridorOnGround ? [corridor('g')] : []), stairs('g'), corridor('f'), stairs('f'), ...extra],
  });
}

describe('locations attach to walkable paths, not to connector stubs', () => {
  it('joins a location to the corridor even when a stairs stub is nearer', () => {
    const net = buildNetwork(office());
    const door = net.targets.get('desk')![0]!;
    const feet: { x: number; y: number }[] = [];
    for (let k = net.rowStart[door]!; k < net.rowStart[door + 1]!; k++) feet.push(net.nodes[net.edgeTo[k]!]!);
    // The spur goes straight up to the corridor (y = 500), not sideways into the stairwell (900, 600).
    expect(feet).toEqual([{ layer: 'g', x: 900, y: 500 }]);
    expect(net.stubAttached.size).toBe(0);
  });

  it('routes from such a location along the corridor to the stairs, never from the stub’s end', () => {
    const plan = planRoute(buildNetwork(office()), 'desk', 'room')!;
    const ground = plan.segments[0]!;
    expect(ground.layer).toBe('g');
    // Up the spur to the corridor, then down the stub into the stairwell: not straight through its wall.
    expect(ground.points).toEqual([
      [0.925, 0.6],
      [0.9, 0.5],
      [0.9, 0.6],
    ]);
  });

  it('still uses a connector route’s other legs, which are corridor too', () => {
    // A lift route drawn from the corridor along a lobby (y = 0.7) into the lift: its first leg is walkable.
    const lift: RouteInput[] = [
      {
        id: 'g-lift',
        layer: 'g',
        points: [
          [0.5, 0.5],
          [0.5, 0.7],
          [0.6, 0.7],
        ],
        endpoint: 'lift-core',
        connector: true,
        connectorKind: 'lift',
      },
      {
        id: 'f-lift',
        layer: 'f',
        points: [
          [0.5, 0.5],
          [0.6, 0.7],
        ],
        endpoint: 'lift-core',
        connector: true,
        connectorKind: 'lift',
      },
    ];
    const d = office(lift);
    const near = { id: 'lobby', title: 'Lobby', layer: 'g', coord: [0.52, 0.62] as [number, number] };
    const net = buildNetwork({ ...d, locations: [...d.locations, near] });
    const door = net.targets.get('lobby')![0]!;
    const foot = net.nodes[net.edgeTo[net.rowStart[door]!]!]!;
    expect(foot).toEqual({ layer: 'g', x: 500, y: 620 });
  });

  it('falls back to a stub on a floor with no other path, and the check says so', () => {
    const d = office([], false);
    const net = buildNetwork(d);
    expect(net.targets.has('desk')).toBe(true);
    expect([...net.stubAttached]).toEqual(['desk']);
    const check = checkNetwork(d);
    expect(check.unreachable).toEqual([]);
    expect(check.stubOnly).toEqual(['desk']);
    expect(checkNetwork(office()).stubOnly).toEqual([]);
  });
});
