/** What the viewer, the directions hook and the on-demand panel share. */
import type { MapView } from '../../map-core/map-view';
import type { ShapeCentres } from '../../map-core/wayfinding/network-model';
import type { AddressRoute } from '../deep-link';
import type { ShapeBound } from '../stage/shape-centres';
import type { ViewerEventSink } from '../viewer-api';
import type { ViewerModel } from '../viewer-model';

/** Route start and end from the embed's URL or the host page. */
export interface DirectionsRequest {
  from?: string | null;
  to?: string | null;
  /** A fixed start ("You are here") for this embed, over the map's own `fixedFrom`. */
  fixedFrom?: string | null;
  /** Plan a step-free route (`?stepfree=1`): the Step-free box starts ticked. */
  stepFree?: boolean;
  /**
   * The same address opens a location: the route is drawn on that location's floor, not played across its floors
   * (moving to another floor would close the location the address names).
   */
  keepFloor?: boolean;
}

/** What the viewer lends the directions module. */
export interface DirectionsHost {
  readonly model: ViewerModel;
  readonly view: MapView;
  readonly mapId: string | null;
  /** The viewer's root element (the panel's style sheet goes in it). */
  readonly root: HTMLElement;
  /** Where the route overlay goes: the element the map is drawn in. */
  readonly viewport: HTMLElement;
  corner(position: string): HTMLElement | null;
  layer(): string;
  /** Shows a floor; `quiet`: not said (a route playing on its own: the visitor hears its summary, and a step's floor
   * when they pick the step). */
  showLayer(id: string, quiet?: boolean): void;
  /** Where the shapes these locations are bound to are, on any floor (MapStage.shapeCentres): routes go to them. */
  shapeCentres(locations: readonly ShapeBound[]): Promise<ShapeCentres>;
  emit: ViewerEventSink;
  /** The route shown (null ends: none) and the Step-free box, for the address when the map deep-links. */
  routeShown(from: string | null, to: string | null, stepFree: boolean): void;
  readonly reducedMotion: boolean;
}

export interface DirectionsPanel {
  open(focus: boolean): void;
  /** Opens the panel (in front of a location's sheet on a phone, where it was behind it), or closes it. */
  toggle(): void;
  /**
   * Closes the panel, its route gone (the address says none); `focus`: back to what opened it (a location's own
   * Directions button, still shown), else to the Directions control.
   */
  close(focus: boolean): void;
  /**
   * Opens the panel again, in front (Forward to the entry of the directions in front of a location's sheet), showing
   * `route` (the route that entry's address names) when it names one: the address says what the map shows.
   */
  reopen(route?: AddressRoute): void;
  /** Stops playing the route across its floors: it stays on the floor shown (a location opened over it). */
  stop(): void;
  /** Plans and shows the route between the picked places; the address says it. */
  go(): void;
  /** Shows the route the address asked for (the address says it already, and is told again); `play`: across its floors. */
  showLinked(play: boolean): void;
  /** Fills To with `id` and shows the route when a start is known. */
  routeTo(id: string): void;
  layerShown(id: string): void;
  /**
   * Kiosk mode's start over: the route and its message gone, From (unless fixed) and To empty, Step-free as the
   * embed asked, and the panel `open` or closed.
   */
  startOver(open: boolean): void;
  destroy(): void;
}
