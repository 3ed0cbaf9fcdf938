/**
 * Script-tag embeds: renders a map into a host element's shadow root, so the host page's CSS and
 * the map's CSS cannot affect each other. The root is open (unlike the incumbent's closed one), so
 * a site can still reach in when it must; events are DOM events on the host element and the API
 * is `host.mapnest` (also resolved by the returned promise).
 */
import type { MapViewerApi, ViewerEventSink } from '../viewer/viewer-api';
import { EVENT_PREFIX } from '../viewer/viewer-api';
import { embedMap } from './embed-app';
import { applyEmbedStyles } from './styles';

export interface MountOptions {
  mapId: string;
  /** Origin of the Mapnest site (where data, files and this script come from). */
  origin: string;
  /** Location to open first. */
  location?: string | null;
}

type Host = HTMLElement & { mapnest?: MapViewerApi | null; __mapnestUnmount?: () => void };

/**
 * Keys typed in the map's fields, and keys the map acted on (an arrow that panned it), stay in the map, as they would
 * in a frame: the page's own shortcuts read them as pressed on the map's element, not in a field (a shadow root's
 * events name its host), and a "/" that focuses the page's search took the visitor out of the map's mid-word.
 */
function watchKeys(shadow: ShadowRoot): ShadowRoot {
  for (const type of ['keydown', 'keypress', 'keyup'])
    shadow.addEventListener(type, (e) => {
      const t = e.target as HTMLElement;
      if (e.defaultPrevented || t.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) e.stopPropagation();
    });
  return shadow;
}

/**
 * Mounts a map into `host` (a second call replaces the first); resolves with its API, or null when the map cannot be
 * shown. A host not rendered (in a closed tab, accordion or dialog: `display: none` on it or around it) has no height
 * to read, which decides whether the map fills it: the map is mounted once the host is shown.
 */
export function mountMap(host: HTMLElement, options: MountOptions): Promise<MapViewerApi | null> {
  const el = host as Host;
  el.__mapnestUnmount?.();
  if (!el.getClientRects().length)
    return new Promise((resolve) => {
      const shown = new ResizeObserver(() => {
        if (!el.getClientRects().length) return;
        shown.disconnect();
        delete el.__mapnestUnmount;
        resolve(mountMap(el, options));
      });
      shown.observe(el);
      // Unmounted (or mounted again) before it was shown: no map, and nothing left watching.
      el.__mapnestUnmount = () => {
        shown.disconnect();
        delete el.__mapnestUnmount;
        resolve(null);
      };
    });
  const shadow = el.shadowRoot ?? watchKeys(el.attachShadow({ mode: 'open' }));
  const container = document.createElement('div');
  container.className = 'mn-embed-root';
  // The embed's CSS travels inside its JavaScript (./styles.ts): no style sheet to request.
  shadow.replaceChildren(container);
  const unstyle = applyEmbedStyles(shadow);
  const onEvent: ViewerEventSink = (type, detail) =>
    el.dispatchEvent(new CustomEvent(EVENT_PREFIX + type, { detail, bubbles: true, composed: true }));
  // A host given a height gets a map that fills it; otherwise the map sizes itself from its settings.
  const fill = el.clientHeight > 100;
  container.style.height = fill ? '100%' : '';
  const embedded = embedMap(container, {
    mapId: options.mapId,
    origin: options.origin,
    mode: 'element',
    initialLocation: options.location ?? null,
    fill,
    onEvent,
  });
  el.__mapnestUnmount = () => {
    embedded.destroy();
    unstyle();
    // The map's constructed sheets, on a page that refuses inline styles (../viewer/dom.ts `addSheet`).
    shadow.adoptedStyleSheets = [];
    shadow.replaceChildren();
    el.mapnest = null;
    delete el.__mapnestUnmount;
  };
  return embedded.viewer.then((v) => (el.mapnest = v));
}
