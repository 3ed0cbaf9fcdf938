import { restoreDocument, type RestoreResult } from '@mapnest/shared/map-restore';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { HistoryEntry, MapSummary } from '@mapnest/shared/maps';
import { enableCompiledParser } from '@mapnest/shared/compiled-parser';
import { call } from '../../lib/api';

// The pages that load maps to edit or review them read large documents (loading, merging, checking) with zod's
// compiled parser; other pages read every document with its runtime parser, and the embed never compiles (ADR 051).
enableCompiledParser();

export interface LoadedMap {
  map: MapSummary;
  history: readonly HistoryEntry[];
  doc: MapDocument;
  /** What restore changed while reading the stored document. */
  warnings: readonly string[];
}

/** Reads a map's stored document from the (signed) URL getMap answers. */
export async function fetchMapDocument(url: string): Promise<RestoreResult> {
  const res = await fetch(url, { credentials: 'omit', cache: 'no-store' });
  if (!res.ok) throw new Error(`The map's data could not be loaded (HTTP ${res.status}).`);
  return restoreDocument(await res.json());
}

/** Reads the current document of a map the caller may edit. */
export async function loadMap(id: string): Promise<LoadedMap> {
  const data = await call('getMap', { id });
  const { document, warnings } = await fetchMapDocument(data.documentUrl);
  return { map: data.map, history: data.history, doc: document, warnings };
}

/** Reads the document of one kept version of a map (the base of a three-way merge). */
export async function loadMapVersion(id: string, version: number): Promise<MapDocument> {
  const { documentUrl } = await call('getMapVersion', { id, version });
  const res = await fetch(documentUrl, { credentials: 'omit', cache: 'no-store' });
  if (!res.ok) throw new Error(`Version ${version} could not be loaded (HTTP ${res.status}).`);
  return restoreDocument(await res.json()).document;
}
