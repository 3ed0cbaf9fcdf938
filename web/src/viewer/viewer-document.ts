/**
 * The document a viewer shows, made ready before the viewer is built: the map's own locations plus
 * those of its CSV source (its reader loaded on demand), with the start floor's image downloading meanwhile.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { prefetchLayer } from './stage/base-layer';
import { defaultLayerId } from './viewer-model';

/**
 * Where a viewer starts: on the deep-linked location when the map has it, else on the map's start location (if
 * any); and on the floor of that location when it is one of the map's floors, else on the default floor.
 */
export function viewerStart(
  d: MapDocument,
  initialLocation: string | null | undefined,
): { location: string | null; layer: string } {
  const find = (id: string | null | undefined) => (id ? d.locations.find((l) => l.id === id) : undefined);
  const start = find(initialLocation) ?? find(d.settings.startLocation);
  const onFloor = !!start?.layer && d.layers.some((l) => l.id === start.layer);
  return { location: start?.id ?? null, layer: onFloor ? start!.layer! : defaultLayerId(d) };
}

/** Starts downloading a floor's image before the viewer asks for it (an SVG; the viewer picks the download up). */
export function prefetchFloor(d: MapDocument, layerId: string, resolve: (u: string) => string): void {
  const file = d.layers.find((l) => l.id === layerId)?.file;
  if (file) prefetchLayer(file, resolve);
}

/**
 * The document a viewer shows: the map's own, plus the locations of its CSV source
 * (`settings.csvUrl`, see csv/locations.ts), so deep links and the start location can name CSV
 * locations. The start floor's image downloads meanwhile. Rejects only when `signal` aborts.
 */
export async function loadViewerDocument(
  options: { document: MapDocument; initialLocation?: string | null; resolveUrl?: (url: string) => string },
  signal?: AbortSignal,
): Promise<MapDocument> {
  const doc = options.document;
  if (!doc.settings.csvUrl) return doc;
  const resolve = options.resolveUrl ?? ((u: string) => u);
  prefetchFloor(doc, viewerStart(doc, options.initialLocation).layer, resolve);
  // The CSV reader loads only for maps that have a CSV source: most maps do not, and their visitors skip its code.
  const { withCsvLocations } = await import('./csv/locations');
  return withCsvLocations(doc, { resolveUrl: resolve, signal });
}
