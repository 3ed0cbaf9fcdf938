/** What a starting point on /maps/new is: the type both the maps page and the editor's entries share. */
import type { ComponentType, ReactNode } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';

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
  /** The options an address asks for (`/maps/new?example=demo`), or null when it names none of this point's. */
  fromAddress?(params: URLSearchParams): S | null;
  /** A title the options bring (a Mapplic export's own), put in the title field while the author has typed none. */
  suggestedTitle?(value: S): string | null;
  /** What is still missing before a map can be created ('Choose a floor plan (an image or a PDF).'), or null when ready. */
  missing?(value: S): string | null;
  /** The document to create the map with; null lets the server make its blank map. */
  build(value: S): Promise<MapDocument | null>;
  /**
   * The options after `build` failed on something the author can decide (an image the server refused, which the
   * options then name with the choice to go on without it), or null: the failure is only said.
   */
  recover?(value: S, error: unknown): S | null;
}
