/**
 * The embedded map: loads the published copy and shows it, or a clean not-found / expired / error
 * state. Used by the /m/{id} page (inside customers' iframes) and by the script-tag embed.
 */
import { MapState, pageTitle } from '@mapnest/shared/constants';
import { readDirectionsParams, readKioskParam, readLocationParam } from '../viewer/deep-link';
import { h, icon } from '../viewer/dom';
import { isFramed } from '../viewer/link';
import { entryLocation } from '../viewer/location-history';
import type { MapViewerInstance } from '../viewer/viewer';
import { createMapViewerInSteps } from '../viewer/viewer';
import { loadViewerDocument } from '../viewer/viewer-document';
import type { ViewerOptions } from '../viewer/viewer-options';
import type { ViewerEventSink } from '../viewer/viewer-api';
import { fetchPublished, type PublishedResult } from '../viewer/published';
import type { PublishedMap } from '@mapnest/shared/maps';
import { takeStartedFetch } from './boot';
import { startBeacon } from '../viewer/analytics-beacon';
import { builtInLanguage, loadLanguage, ViewerText, type ViewerLanguageMessages } from '../viewer/i18n/messages';
import './embed.css';

export interface EmbedOptions {
  mapId: string | null;
  /** Origin of the Mapnest site that serves the data and files. */
  origin: string;
  /** 'page': the /m/{id} page fills the window; 'element': a script-tag embed sizes itself. */
  mode: 'page' | 'element';
  initialLocation?: string | null;
  /** Fill the host's height (a script-tag host with a set height); the page mode always fills. */
  fill?: boolean;
  onEvent?: ViewerEventSink;
}

export interface EmbeddedMap {
  /** The viewer once the map is shown; null for the not-found, expired and error states. */
  readonly viewer: Promise<MapViewerInstance | null>;
  destroy(): void;
}

function notice(t: ViewerText, title: string, text: string): HTMLElement {
  return h(
    'div',
    { class: 'mn-embed-state', lang: t.lang, dir: t.dir },
    h(
      'div',
      { class: 'mn-notice', role: 'alert' },
      icon('pin', 40),
      h('h1', null, title),
      h('p', null, text),
      h('a', { href: '/', target: '_blank', rel: 'noopener' }, t.t('madeWith')),
    ),
  );
}

/** Why a published map cannot be shown, in words for its visitors (in their browser's language). */
function unavailableNotice(
  result: Exclude<Awaited<ReturnType<typeof fetchPublished>>, { kind: 'ready' }>,
  t: ViewerText,
): HTMLElement {
  if (result.kind === 'not-found') return notice(t, t.t('notFound'), t.t('notFoundText'));
  if (result.kind === 'expired') return notice(t, t.t('expired'), t.t('expiredText'));
  // English says exactly what went wrong; the catalogues say whether the download or the data failed.
  const why = t.lang === 'en' ? result.message : t.t(result.failed === 'load' ? 'loadFailed' : 'damaged');
  return notice(t, t.t('cantShow'), why);
}

/**
 * The notice of a map that cannot be shown. On the map's own page (`page`) the tab is named after what it says ("Map
 * not found - Mapnest"), not just "Mapnest"; an expired map's tab keeps the map's title.
 */
function shownUnavailable(result: Parameters<typeof unavailableNotice>[0], t: ViewerText, page: boolean): HTMLElement {
  const shown = unavailableNotice(result, t);
  const said = shown.querySelector('h1')?.textContent;
  if (page && result.kind !== 'expired' && said) document.title = pageTitle(said);
  return shown;
}

/** The texts of a language loaded, without a map's settings (the notices, the page's language). */
const textIn = ({ lang, messages }: ViewerLanguageMessages) => new ViewerText(lang, messages);

/** The visitor's language for what is shown without a map's settings (its notices): the browser's. */
const visitorText = () => loadLanguage('auto').then(textIn);

/** A document URL made absolute against the map's origin (left as it is when it cannot be parsed). */
function resolveAgainst(origin: string, u: string): string {
  try {
    return new URL(u, `${origin}/`).toString();
  } catch {
    return u;
  }
}

/**
 * The /m/{id} page is the map's own: it speaks the viewer's language, for screen readers, hyphenation and the
 * browser's offer to translate (a script-tag embed's page is the customer's, and keeps its language).
 */
function speakOnPage<T extends Pick<ViewerText, 'lang' | 'dir'>>(o: EmbedOptions, t: T): T {
  if (o.mode === 'page') {
    document.documentElement.lang = t.lang;
    document.documentElement.dir = t.dir;
  }
  return t;
}

/**
 * What the /m/{id} page's own address asks of its viewer (a route, kiosk mode), and whether its history is the map's:
 * the page opened at the top is the map's own, where Back closes a phone's sheet. Inside a customer's iframe, or for a
 * script-tag embed, the history is the customer's page's. A script-tag embed writes the route it shows into the
 * customer's page's address, as it does the open location (`?location=`, read by ./loader.ts), so it reads it back
 * from there: a reload or a copied address shows the same route (a kiosk's fixed start is the /m/{id} address's only).
 */
function pageOptions(o: EmbedOptions): Pick<ViewerOptions, 'directions' | 'kiosk' | 'backCloses'> {
  const href = window.location.href;
  if (o.mode !== 'page') return { directions: { ...readDirectionsParams(href), fixedFrom: null } };
  return { directions: readDirectionsParams(href), kiosk: readKioskParam(href), backCloses: !isFramed() };
}

/**
 * The location the /m/{id} page opens with: its address's `?location=`, else, on the page opened at the top, the one
 * a reloaded sheet's entry shows (../viewer/location-history.ts), so a reload shows it again and Back still closes it.
 */
function pageLocation(): string | null {
  return readLocationParam(window.location.href) ?? (isFramed() ? null : entryLocation());
}

/** The /m/{id} page's tab and heading (web/embed.html), hidden while there is no title: a notice brings its own. */
function title(o: EmbedOptions, t: string | null): void {
  if (o.mode !== 'page') return;
  document.title = pageTitle(t);
  const heading = document.getElementById('mapnest-title');
  if (heading) {
    heading.textContent = t ?? '';
    heading.hidden = !t;
  }
}

/**
 * How long a map whose download failed (offline, the server down) waits before it is asked for again (ms), its notice
 * shown meanwhile and replaced by the map once it comes: a kiosk started without a network recovers by itself.
 */
export const LOAD_AGAIN_MS = 10_000;

/**
 * How long a map that is not shown (not found, expired or damaged) waits before it is asked for again (ms): a kiosk,
 * or any page left open, shows the map once its owner publishes it again, as it does a new publication (ADR 124).
 */
export const MAP_AGAIN_MS = 300_000;

/** How long a map not shown for `why` waits before it is asked for again (ms). */
const againIn = (why: PublishedResult) =>
  why.kind === 'error' && why.failed === 'load' ? LOAD_AGAIN_MS : MAP_AGAIN_MS;

/** What tells one publication of a map from the next: its version, when it was published, its plan and its title. */
const publication = (m: PublishedMap) => `${m.version} ${m.publishedAt} ${m.state} ${m.title}`;

/**
 * A kiosk's page left on for days shows what its owner publishes: while it is at rest (no one there), the published
 * copy is read again (headers only when nothing changed: the copy is revalidated) and the page reloads when that is
 * another publication, or none any more (taken offline, expired); never when the reading fails (offline, a server
 * error), where the map stays as it is.
 */
async function lookAgain(origin: string, shown: PublishedMap): Promise<void> {
  const now = await fetchPublished(origin, shown.id);
  if (now.kind !== 'error' && (now.kind !== 'ready' || publication(now.map) !== publication(shown))) location.reload();
}

/**
 * "Loading map…" in `host`. The /m/{id} page says it from its HTML already (embed.html): that one is kept until the map
 * replaces it, rather than drawing a state of its own (a style, a layout and a spinner's frames) that the map replaces.
 */
function loadingNotice(host: HTMLElement, o: EmbedOptions): HTMLElement {
  const own = o.mode === 'page' ? host.querySelector<HTMLElement>('[role="status"]') : null;
  if (own) return own;
  const made = h(
    'div',
    { class: 'mn-embed-state', role: 'status' },
    h('span', { class: 'mn-spinner', 'aria-hidden': 'true' }),
    h('span', null, 'Loading map…'),
  );
  host.replaceChildren(made);
  return made;
}

/** Shows the published map `mapId` in `host`. */
export function embedMap(host: HTMLElement, o: EmbedOptions): EmbeddedMap {
  const ctrl = new AbortController();
  let viewer: MapViewerInstance | null = null;
  let beacon: ReturnType<typeof startBeacon> | null = null;
  // The visitor's language is known now: a catalogue that is not built in (English is) downloads beside the map.
  const early = loadLanguage('auto');
  const loading = loadingNotice(host, o);
  // Said in the visitor's language once its catalogue is here, while it still shows.
  void early.then((l) => {
    if (!loading.isConnected) return;
    loading.lang = l.lang;
    loading.lastChild!.textContent = textIn(l).t('loading');
  });
  const shown = (async (): Promise<MapViewerInstance | null> => {
    // The /m/{id} page's inline script may have started this download before this code arrived (./boot.ts).
    const started = o.mapId && o.mode === 'page' ? takeStartedFetch(o.mapId, o.origin) : null;
    let result = o.mapId
      ? await fetchPublished(o.origin, o.mapId, ctrl.signal, started)
      : ({ kind: 'not-found' } as const);
    while (result.kind !== 'ready') {
      if (ctrl.signal.aborted) return null;
      title(o, result.kind === 'expired' ? result.title : null);
      const t = await early.then(textIn);
      if (ctrl.signal.aborted) return null;
      const unavailable = shownUnavailable(result, speakOnPage(o, t), o.mode === 'page');
      // The same notice again is left as it is: a screen reader hears its alert once.
      if (host.textContent !== unavailable.textContent) host.replaceChildren(unavailable);
      if (!o.mapId) return null;
      await new Promise((wake) => setTimeout(wake, againIn(result)));
      result = await fetchPublished(o.origin, o.mapId, ctrl.signal);
    }
    if (ctrl.signal.aborted) return null;
    const { map } = result;
    title(o, map.title);
    const initialLocation = o.initialLocation ?? (o.mode === 'page' ? pageLocation() : null);
    const resolveUrl = (u: string) => resolveAgainst(o.origin, u);
    // The spinner stays while the map's CSV of locations (if it has one) arrives.
    const doc = await loadViewerDocument({ document: map.document, initialLocation, resolveUrl }, ctrl.signal);
    // The map's own language setting, or the visitor's (the download started above, so usually done by now).
    const language = builtInLanguage(doc.settings.language) ?? (await loadLanguage(doc.settings.language));
    if (ctrl.signal.aborted) return null;
    speakOnPage(o, textIn(language));
    // Professional maps count their visits, sent once the page is hidden (viewer/analytics-beacon.ts).
    if (map.state === MapState.PRO) beacon = startBeacon(map.id, o.origin, o.onEvent);
    // Built in a few tasks (a big map's interface takes several hundred ms on a slow phone); "Loading map…" stays
    // until the map replaces it.
    viewer = await createMapViewerInSteps(
      host,
      {
        document: doc,
        mapId: map.id,
        title: map.title,
        initialLocation,
        height: o.mode === 'page' || o.fill ? 'fill' : 'auto',
        onEvent: beacon?.sink ?? o.onEvent,
        resolveUrl,
        state: map.state,
        ...pageOptions(o),
        language,
        // The /m/{id} page's own (a script-tag embed's page is the customer's, not the embed's to reload).
        kioskRest: o.mode === 'page' ? () => void lookAgain(o.origin, map) : undefined,
      },
      ctrl.signal,
    );
    return viewer;
  })().catch(async (e: unknown) => {
    if (ctrl.signal.aborted) return null;
    // A bug, not a data problem: say so plainly and leave the details to the console.
    console.error(e);
    const t = await visitorText();
    if (!ctrl.signal.aborted) host.replaceChildren(notice(speakOnPage(o, t), t.t('cantShow'), t.t('failedText')));
    return null;
  });
  return {
    viewer: shown,
    destroy() {
      ctrl.abort();
      beacon?.stop();
      viewer?.destroy();
      host.replaceChildren();
    },
  };
}
