/**
 * What drawing a path by the keyboard says in the editor's status line: which point of the path went where (on its
 * own, onto a node, or onto a path, which is split there), how long its edge is when the map has a scale, and what to
 * do next, since an author who cannot see the map hears of the drawing only from these lines.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { roundMetres, segmentMetres } from '../../../map-core/wayfinding/steps';
import type { Point, Snap } from './actions';
import { placeWords } from '../canvas/canvas-keyboard';

/** A point placed by Enter or Space: the path's first, one that drew an edge, or the one just placed again. */
export type KeyPlaced =
  | { kind: 'start'; snap: Snap['kind']; at: Point }
  | { kind: 'drawn'; snap: Snap['kind']; at: Point; point: number; metres: number | null }
  | { kind: 'same'; point: number };

const STARTED = { free: 'at', node: 'from a node at', edge: 'from a path at' } as const;
const PLACED = {
  free: (place: string) => `placed at ${place}`,
  node: (place: string) => `joined to the node at ${place}`,
  edge: (place: string) => `placed on a path at ${place}, splitting it there`,
} as const;

export const NEXT_POINT = 'Move the map with the arrow keys and press Enter for the next point; Escape ends the path.';

export function keyPlacedText(p: KeyPlaced): string {
  if (p.kind === 'same')
    return `That is point ${p.point}, just placed: move the map with the arrow keys to where the next point goes.`;
  if (p.kind === 'start') return `Path started ${STARTED[p.snap]} ${placeWords(p.at)}. ${NEXT_POINT}`;
  const length = p.metres === null ? '' : ` of ${roundMetres(p.metres)} m`;
  return `Point ${p.point} ${PLACED[p.snap](placeWords(p.at))}: an edge${length} from point ${p.point - 1}.`;
}

/** What Escape says: how many points the path has, and the way on to a connector (the mouse's is a click on its end). */
export function pathEndedText(points: number): string {
  if (points < 2) return 'Path ended: no edge was drawn.';
  return (
    `Path ended with ${points} points. To make its end a lift, stairs or another floor connector, choose Select, ` +
    'then its node under “Select a node”.'
  );
}

/** The walking length of the edge from `a` to `b`, in metres; null when the map has no scale. */
export function edgeMetres(doc: MapDocument, layer: string, a: Point, b: Point): number | null {
  const { mapWidth, mapHeight } = doc.settings;
  const length = Math.hypot((b[0] - a[0]) * mapWidth, (b[1] - a[1]) * mapHeight);
  return segmentMetres({ layer, points: [a, b], length }, doc);
}

/** What a key press off the floor plan is told (a click's words are in the Wayfinding panel). */
export const CENTRE_OFF_PLAN =
  'The centre of the view is off the map: a path’s points go on the floor plan. Move the map there with the arrow ' +
  'keys, or press Escape to end the path.';
