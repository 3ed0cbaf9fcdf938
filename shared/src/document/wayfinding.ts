/**
 * Wayfinding is a Professional feature (the Professional plan adds wayfinding to Basic). The gate
 * is applied where the public copy is written, so a map that is not Professional publishes no walkable
 * network at all: nothing a visitor or an author edits client-side can turn directions on. Demo and
 * administrator maps (set only by administrators) count as Professional, so the public demo shows it.
 */
import { MapState } from '../constants';
import type { MapDocument } from './map-document';

/** Whether maps in `state` get wayfinding. */
export function hasWayfinding(state: number): boolean {
  return state === MapState.PRO || state === MapState.DEMO || state === MapState.ADMIN;
}

/**
 * The state the editor's Preview shows a map in `state` as, for its directions: a test map as Professional, so that
 * wayfinding can be tried before subscribing (the author draws the network and asks for routes in Preview); its
 * published copy still has none (`publishableDocument`), so visitors get directions from Professional maps only.
 */
export function previewState(state: number): number {
  return state === MapState.TEST ? MapState.PRO : state;
}

/**
 * The document as published for a map in `state`: unchanged when it gets wayfinding, else without routes
 * and with wayfinding switched off (the author's own document keeps both, for when the map is promoted).
 */
export function publishableDocument(doc: MapDocument, state: number): MapDocument {
  if (hasWayfinding(state)) return doc;
  return {
    ...doc,
    routes: [],
    settings: { ...doc.settings, wayfinding: { ...doc.settings.wayfinding, enabled: false } },
  };
}
