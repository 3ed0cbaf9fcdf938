/**
 * The starting points /maps/new offers. Each one may show its own inputs (a file picker, a gallery of
 * built-in maps) and builds the document the map is created with. The editor work adds 'Upload a floor
 * plan' and 'Built-in map' by appending entries to STARTING_POINTS; the page needs no other change.
 */
import type { ComponentType, ReactNode } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import { builtinStart, floorPlanStart } from '../editor/starting-points';
import { BlankMapIcon } from './MapIcons';

export interface StartingPointOptionsProps<S> {
  value: S;
  onChange(next: S): void;
  /** True while the map is being created. */
  disabled: boolean;
}

// Methods rather than function properties, so entries with different option states share one list.
export interface StartingPoint<S = unknown> {
  id: string;
  title: string;
  description: string;
  Icon: ComponentType<{ size?: number }>;
  /** The options' state when this starting point is picked. */
  initial: S;
  /** Inputs shown under the choices while this starting point is picked. */
  renderOptions?(props: StartingPointOptionsProps<S>): ReactNode;
  /** What is still missing before a map can be created ('Choose a floor plan image.'), or null when ready. */
  missing?(value: S): string | null;
  /** The document to create the map with; null lets the server make its blank map. */
  build(value: S): Promise<MapDocument | null>;
}

export const blankStart: StartingPoint<null> = {
  id: 'blank',
  title: 'Blank map',
  description: 'An empty canvas with one layer. Add an image, draw, and place locations in the editor.',
  Icon: BlankMapIcon,
  initial: null,
  build: async () => null,
};

export const STARTING_POINTS: readonly StartingPoint[] = [blankStart, floorPlanStart, builtinStart];
