/** What a viewer is mounted with, and what mounting one gives (see viewer.ts). */
import type { MapDocument } from '@mapnest/shared/map-document';
import type { DirectionsRequest } from './directions/types';
import type { ViewerLanguageMessages } from './i18n/messages';
import type { MapViewerApi, ViewerEventSink } from './viewer-api';
import type { ViewerModel } from './viewer-model';

export interface ViewerOptions {
  document: MapDocument;
  mapId?: string | null;
  /** Accessible name of the map. */
  title?: string;
  /** Location to open first (a deep link); falls back to the map's start location. */
  initialLocation?: string | null;
  /** Overrides the map's deep-linking setting (the editor turns it off). */
  deepLinking?: boolean;
  /**
   * The viewer is its page's own (the /m/{id} page opened at the top, not framed): a location opened as a phone's
   * sheet adds a history entry, so Back closes it (./location-history.ts). Off in embeds, whose history is their page's.
   */
  backCloses?: boolean;
  onEvent?: ViewerEventSink;
  /** Turns layer, image and thumbnail URLs of the document into fetchable URLs. */
  resolveUrl?: (url: string) => string;
  /** 'fill' takes the host's size (the embed page); 'auto' sizes from the map's layout settings. */
  height?: 'fill' | 'auto';
  /** The published map state: directions show only on Professional maps (see directions/hook.ts). */
  state?: number | null;
  /** The interface's language and its catalogue (i18n/messages.ts `loadLanguage`); English without one. */
  language?: ViewerLanguageMessages;
  /** Route to show at once (`?from=&to=`) and a kiosk's fixed start. */
  directions?: DirectionsRequest;
  /**
   * Kiosk mode, over the map's `layout.kiosk` (the embed page's `?kiosk=1` or `?kiosk=0`): the viewer starts over
   * after a while without input (./kiosk/idle.ts).
   */
  kiosk?: boolean;
  /**
   * Called every KIOSK_REST_MS while a kiosk is at rest, started over with no one there since (./kiosk/kiosk.ts): the
   * embed page's look for a newer publication of the map, shown by reloading the page (../embed/embed-app.ts).
   */
  kioskRest?: () => void;
}

/** A mounted viewer: the host API plus teardown. */
export interface MapViewerInstance extends MapViewerApi {
  readonly element: HTMLElement;
  readonly model: ViewerModel;
  destroy(): void;
}
