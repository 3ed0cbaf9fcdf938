/**
 * The document a viewer shows, made ready before the viewer is built: the map's own locations plus
 * those of its CSV source (its reader loaded on demand), with the start floor's image downloading meanwhile.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { prefetchLayer } from './base-layer';

/** Starts downloading the floor the viewer will show first (the deep-linked location's, or the default). */
export function prefetchStartLayer(
  d: MapDocument,
  initialLocation: string | null | undefined,
  resolve: (u: string) => string,
): void {
  const first = d.layers.find((l) => l.id === d.settings.defaultLayer) ?? d.layers[0];
  const startLayer = (initialLocation && d.locations.find((l) => l.id === initialLocation)?.layer) || first?.id;
  const layer = d.layers.find((l) => l.id === startLayer) ?? first;
  if (layer) prefetchLayer(layer.file, resolve);
}

/**
 * The document a viewer shows: the map's own, plus the locations of its CSV source
 * (`settings.csvUrl`, see csv-locations.ts), so deep links and the start location can name CSV
 * locations. The start floor's image downloads meanwhile. Rejects only when `signal` aborts.
 */
export async function loadViewerDocument(
  options: { document: MapDocument; initialLocation?: string | null; resolveUrl?: (url: string) => string },
  signal?: AbortSignal,
): Promise<MapDocument> {
  const doc = options.document;
  if (!doc.settings.csvUrl) return doc;
  const resolve = options.resolveUrl ?? ((u: string) => u);
  prefetchStartLayer(doc, options.initialLocation, resolve);
  // The CSV reader loads only for maps that have a CSV source: most maps do not, and their visitors skip its code.
  const { withCsvLocations } = await import('./csv-locations');
  return withCsvLocations(doc, { resolveUrl: resolve, signal });
}
