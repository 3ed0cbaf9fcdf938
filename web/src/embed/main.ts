/**
 * Entry of the embed: the /m/{id} page mounts itself; the script-tag loader imports this module and
 * calls `mountMap` for each host element. Nothing of the app (React, router, jotai, Amplify, the
 * editor) is imported here, which keeps the embed far inside its size budget.
 */
import type { MapViewerApi, ViewerEventSink } from '../viewer/viewer-api';
import { EVENT_PREFIX, MESSAGE_SOURCE, runCommand } from '../viewer/viewer-api';
import { embedMap } from './embed-app';
import { mountMap } from './mount';
import { applyEmbedStyles } from './styles';
import { mapIdFromPath } from '../viewer/published';

/**
 * The script-tag loader imports this module and takes `mountMap` from here: app builds drop the
 * exports of page entries, so the module hands it over on a registered symbol instead.
 */
export const EMBED_KEY = Symbol.for('mapnest.embed');
(globalThis as Record<symbol, unknown>)[EMBED_KEY] = { mountMap };

const pageRoot = document.getElementById('mapnest-embed');
if (pageRoot) {
  applyEmbedStyles(document.head);
  let api: MapViewerApi | null = null;
  const framed = window.parent !== window;
  const onEvent: ViewerEventSink = (type, detail) => {
    // Events carry only what the published map already shows, so any embedding page may hear them.
    if (framed) window.parent.postMessage({ source: MESSAGE_SOURCE, type, ...detail }, '*');
    window.dispatchEvent(new CustomEvent(EVENT_PREFIX + type, { detail }));
  };
  window.addEventListener('message', (e) => {
    if (api && framed && e.source === window.parent) runCommand(api, e.data);
  });
  void embedMap(pageRoot, {
    mapId: mapIdFromPath(window.location.pathname),
    origin: window.location.origin,
    mode: 'page',
    onEvent,
  }).viewer.then((v) => (api = v));
}
