/**
 * What a host page can observe and do: events (`ready`, `locationOpened`, `locationClosed`,
 * `layerChanged`, `filtersChanged`, `routeRequested`) and a small command API. The embed page forwards both over
 * postMessage; the script-tag embed dispatches DOM events on the host element and exposes the API
 * as `element.mapnest`. A change-event API is what the incumbent lacked (sites polled its store).
 */

export interface ViewerEventMap {
  ready: { mapId: string | null; layer: string; locations: number };
  /** A click, `openLocation`, or a deep link's (`initialLocation`) once shown; not the map's own start location. */
  locationOpened: { mapId: string | null; id: string; title: string; layer: string | null };
  locationClosed: { mapId: string | null; id: string };
  layerChanged: { mapId: string | null; layer: string };
  filtersChanged: { mapId: string | null; query: string; values: Record<string, unknown>; count: number };
  /** A visitor asked for directions (Go, a deep link, a details button); `found` is false when no route exists. */
  routeRequested: { mapId: string | null; from: string; to: string; stepFree: boolean; found: boolean };
}

export type ViewerEventType = keyof ViewerEventMap;
export type ViewerEventSink = <K extends ViewerEventType>(type: K, detail: ViewerEventMap[K]) => void;

/** Commands for host pages. Unknown ids are ignored and reported as `false`. */
export interface MapViewerApi {
  openLocation(id: string): boolean;
  closeLocation(): void;
  setLayer(id: string): boolean;
  /** Sets the search text and/or picked group ids (the built-in tags or the first group filter). */
  setFilters(filters: { query?: string; groups?: string[] }): void;
  zoomIn(): void;
  zoomOut(): void;
  reset(): void;
  getState(): { layer: string; location: string | null; query: string };
}

export const EVENT_PREFIX = 'mapnest:';
export const MESSAGE_SOURCE = 'mapnest';
export const COMMAND_SOURCE = 'mapnest-host';

/** Runs a command message from a host page against the API; returns false for anything unrecognised. */
export function runCommand(api: MapViewerApi, data: unknown): boolean {
  if (!data || typeof data !== 'object') return false;
  const msg = data as { source?: unknown; command?: unknown; args?: unknown };
  if (msg.source !== COMMAND_SOURCE || typeof msg.command !== 'string') return false;
  const args = Array.isArray(msg.args) ? msg.args : [];
  switch (msg.command) {
    case 'openLocation':
      return typeof args[0] === 'string' && api.openLocation(args[0]);
    case 'closeLocation':
      api.closeLocation();
      return true;
    case 'setLayer':
      return typeof args[0] === 'string' && api.setLayer(args[0]);
    case 'setFilters': {
      const f = args[0] as { query?: unknown; groups?: unknown } | undefined;
      if (!f || typeof f !== 'object') return false;
      api.setFilters({
        query: typeof f.query === 'string' ? f.query.slice(0, 200) : undefined,
        groups: Array.isArray(f.groups)
          ? f.groups.filter((g): g is string => typeof g === 'string').slice(0, 100)
          : undefined,
      });
      return true;
    }
    case 'zoomIn':
      api.zoomIn();
      return true;
    case 'zoomOut':
      api.zoomOut();
      return true;
    case 'reset':
      api.reset();
      return true;
    default:
      return false;
  }
}
