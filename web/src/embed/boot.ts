/**
 * The map data download the embed page's inline script started (@mapnest/shared/embed-boot), taken once by
 * the viewer. Null when the page did not start one or started it for another map or origin.
 */
import { EMBED_BOOT_GLOBAL } from '@mapnest/shared/embed-boot';
import type { StartedFetch } from '../viewer/published';

interface BootData extends StartedFetch {
  mapId: string;
}

/** The started request for `mapId` on `origin`, at most once; later calls (a remount) fetch anew. */
export function takeStartedFetch(mapId: string, origin: string): StartedFetch | null {
  const w = window as unknown as Record<string, BootData | undefined>;
  const started = w[EMBED_BOOT_GLOBAL];
  if (!started || started.mapId !== mapId || origin !== window.location.origin) return null;
  delete w[EMBED_BOOT_GLOBAL];
  return { response: started.response, json: started.json };
}
