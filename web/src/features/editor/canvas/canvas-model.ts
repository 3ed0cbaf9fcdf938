/** The editor canvas's view of the document: what it shows the author, and the model kept in step with edits. */
import type { MapDocument } from '@mapnest/shared/map-document';
import { buildModel, patchModel, type ResolvedLocation, type ViewerModel } from '../../../viewer/viewer-model';

/** The document as the editor shows it: zoom always on for the author, whatever visitors get. */
export function editable(doc: MapDocument): MapDocument {
  const z = doc.settings.zoom;
  return {
    ...doc,
    settings: { ...doc.settings, zoom: { ...z, enabled: true, wheel: 'always', maxZoom: Math.max(z.maxZoom, 8) } },
  };
}

/** What forces a new stage: the floors or the map size changed. */
export function structureKey(doc: MapDocument): string {
  return JSON.stringify([doc.settings.mapWidth, doc.settings.mapHeight, doc.layers.map((l) => [l.id, l.file])]);
}

/**
 * Whether two documents' maps have the same size (every floor's, in image pixels). The canvas keeps the author's view
 * over a change of floors while the size stays; a map of another size (its first plan uploaded) shows whole instead.
 */
export const sameSize = (a: MapDocument, b: MapDocument): boolean =>
  a.settings.mapWidth === b.settings.mapWidth && a.settings.mapHeight === b.settings.mapHeight;

/**
 * The model for `doc` made by re-resolving only the locations that changed since `prev`, when nothing
 * else did (the common case: one location added, moved or edited). Rebuilding the whole model of a
 * 5,000-location map costs tens of milliseconds; this costs well under one. The search index is left
 * as it was: the canvas never searches. Null when a full rebuild is needed; otherwise the model and
 * the indices of the changed locations (the stage repaints only their markers).
 */
export function patchedModel(
  model: ViewerModel,
  prev: MapDocument,
  doc: MapDocument,
): { model: ViewerModel; changed: number[] } | null {
  if (
    doc.settings !== prev.settings ||
    doc.styles !== prev.styles ||
    doc.groups !== prev.groups ||
    doc.layers !== prev.layers ||
    doc.filters !== prev.filters
  )
    return null;
  const a = prev.locations;
  const b = doc.locations;
  const changed: number[] = [];
  const common = Math.min(a.length, b.length);
  for (let i = 0; i < common; i++) {
    if (a[i] !== b[i]) {
      changed.push(i);
      if (changed.length > 64) return null;
    }
  }
  if (b.length < a.length) return null;
  for (let i = a.length; i < b.length && changed.length <= 64; i++) changed.push(i);
  if (changed.length > 64) return null;
  const partial = buildModel({ ...editable(doc), locations: changed.map((i) => b[i]!) });
  const locations = model.locations.slice(0, b.length);
  const byId = new Map(model.byId);
  changed.forEach((i, k) => {
    const old = model.locations[i];
    if (old && byId.get(old.id) === old) byId.delete(old.id);
    const next: ResolvedLocation = { ...partial.locations[k]!, index: i };
    locations[i] = next;
    byId.set(next.id, next);
  });
  return { model: patchModel(model, editable(doc), locations, byId), changed };
}
