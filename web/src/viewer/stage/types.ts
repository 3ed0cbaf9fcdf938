/** The map stage's contract with what hosts it (the viewer, the editor's canvas): what it reports, and how it is set up. */

export interface StageCallbacks {
  /** A location was tapped or clicked on the map. */
  onActivate(index: number): void;
  /** The map background was tapped. */
  onBackgroundTap(): void;
  onHover(index: number | null): void;
  /** The camera came to rest (update zoom buttons, the list of locations in view). */
  onMoveEnd(): void;
  /** A floor's markers are drawn (its image may still be loading). */
  onMarkersDrawn?(layerId: string): void;
  /** A floor's image is shown and its regions are linked. */
  onLayerReady(layerId: string): void;
  onLayerError(layerId: string, message: string): void;
  onWheelHint(): void;
}

export interface StageOptions {
  resolveUrl: (url: string) => string;
  reducedMotion: boolean;
  /** How the marker canvas draws (see MarkerCanvasOptions; default: off screen when the browser can). */
  offscreen?: boolean;
}
