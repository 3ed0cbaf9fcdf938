/**
 * The starting points /maps/new offers. Each one may show its own inputs (a file picker, a gallery of
 * built-in maps) and builds the document the map is created with. The editor work adds 'Upload a floor
 * plan' and 'Built-in map' by appending entries to STARTING_POINTS; the page needs no other change.
 */
import type { StartingPoint } from './starting-point';
import { builtinStart, floorPlanStart, mapplicStart } from '../../editor/starting-points';
import { BlankMapIcon } from '../MapIcons';
import { exampleStart } from './example-start';

export type { StartingPoint, StartingPointOptionsProps } from './starting-point';

export const blankStart: StartingPoint<null> = {
  id: 'blank',
  title: 'Blank map',
  description:
    'An empty canvas with one layer. Add a floor plan or image, place locations, and draw walking paths in the editor.',
  Icon: BlankMapIcon,
  initial: null,
  build: async () => null,
};

export const STARTING_POINTS: readonly StartingPoint[] = [
  blankStart,
  floorPlanStart,
  builtinStart,
  mapplicStart,
  exampleStart,
];

/**
 * The starting point and options an address asks for (a case study's "Build one like this"), with the title they
 * suggest (or ''), or null.
 */
export function startFromAddress(params: URLSearchParams): { id: string; value: unknown; title: string } | null {
  for (const point of STARTING_POINTS) {
    const value = point.fromAddress?.(params) ?? null;
    if (value !== null) return { id: point.id, value, title: point.suggestedTitle?.(value) ?? '' };
  }
  return null;
}
