/**
 * The viewer's fixed elements: the map area (the viewport the camera works in, its instructions for
 * screen readers, the list of locations in view, the corners controls go in, the details sheet, the
 * wheel hint, the loading and error notes) and the root that scopes the author's CSS.
 */
import type { MapSettings } from '@mapnest/shared/map-document';
import type { ViewerText } from './i18n/messages';
import { isolate } from '../map-core/isolate';
import { addSheet, h, uid } from './dom';
import { scopeCss } from './sanitize';
import { CORNERS, type Corner } from './viewer-controls';
import { focusRingOnWhite, primaryTextOnWhite, readableTextOn } from '@mapnest/shared/contrast';

/** The map area's elements, and the notes it shows over the map. */
export class MapArea {
  readonly map: HTMLDivElement;
  /** The focusable application the camera's keys and gestures work in. */
  readonly viewport: HTMLDivElement;
  readonly corners = {} as Record<Corner, HTMLDivElement>;
  readonly sheet = h('div', { class: 'mn-sheet', hidden: true });
  readonly #hint: HTMLDivElement;
  #hintTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #loading: HTMLDivElement;
  readonly #errorText = h('p', null);
  readonly #retry = h('button', { type: 'button', class: 'mn-chip-button' });
  #onRetry: (() => void) | null = null;
  readonly #error = h('div', { class: 'mn-layer-error', role: 'alert', hidden: true }, this.#errorText, this.#retry);

  /** Builds the map area around the list of locations in view. */
  readonly #text: ViewerText;

  constructor(s: MapSettings, t: ViewerText, title: string | undefined, inView: HTMLElement) {
    this.#text = t;
    this.#retry.textContent = t.t('tryAgain');
    this.#retry.addEventListener('click', () => {
      const retry = this.#onRetry;
      this.floorChosen(false);
      // The button goes with the notice: focus stays in the map rather than falling to the page.
      this.viewport.focus({ preventScroll: true });
      retry?.();
    });
    const instructionsId = uid('mn-help');
    this.#loading = h(
      'div',
      { class: 'mn-loading', role: 'status' },
      h('span', { class: 'mn-spinner', 'aria-hidden': 'true' }),
      h('span', null, t.t('loading')),
    );
    this.viewport = h('div', {
      class: 'mn-viewport',
      tabindex: '0',
      role: 'application',
      'aria-roledescription': t.t('roleMap'),
      'aria-label': title ? t.t('titledMap', { title }) : t.t('map'),
      'aria-describedby': instructionsId,
    });
    this.#hint = h('div', { class: 'mn-wheel-hint', 'aria-hidden': 'true', hidden: true }, t.t('wheelHint'));
    for (const c of CORNERS) this.corners[c] = h('div', { class: `mn-corner mn-${c}` });
    const instructions = s.zoom.enabled ? `${t.t('keysHint')} ${t.t('tabHint')}` : t.t('tabHint');
    this.map = h(
      'div',
      { class: 'mn-map' },
      this.viewport,
      h('p', { id: instructionsId, class: 'mn-sr-only' }, instructions),
      inView,
      Object.values(this.corners),
      this.sheet,
      this.#hint,
      this.#loading,
      this.#error,
    );
  }

  /** Another floor is chosen: an earlier floor's error goes, and "Loading map…" shows unless it is ready. */
  floorChosen(ready: boolean): void {
    this.#loading.hidden = ready;
    this.#error.hidden = true;
    this.#onRetry = null;
  }

  hideLoading(): void {
    this.#loading.hidden = true;
  }

  /**
   * The sentence for a floor that failed to load: English says exactly why, other languages that it could not be loaded,
   * the floor's name isolated (`isolate`): a Latin "Level 2" in an Arabic sentence keeps its own order and punctuation.
   */
  floorSentence(floor: string, message: string): string {
    return this.#text.lang === 'en' ? message : this.#text.t('floorFailed', { floor: isolate(floor) });
  }

  /** A floor failed to load: says why, in place of the loading note, with a button that loads it again. */
  showError(message: string, retry: () => void): void {
    this.#errorText.textContent = message;
    this.#onRetry = retry;
    this.#error.hidden = false;
    this.#loading.hidden = true;
  }

  /** Shows for a moment how to zoom with the wheel (it scrolls the page without a modifier key). */
  flashWheelHint(): void {
    this.#hint.hidden = false;
    clearTimeout(this.#hintTimer);
    this.#hintTimer = setTimeout(() => (this.#hint.hidden = true), 1400);
  }

  destroy(): void {
    clearTimeout(this.#hintTimer);
  }
}

/**
 * The viewer's live region, and what says a text in it: at once, or after `wait` ms unless another text is said
 * first (a search's count waits for typing to pause, so a screen reader does not read a count at every key).
 */
export function liveRegion(): { el: HTMLElement; say: (text: string, wait?: number) => void } {
  const el = h('div', { class: 'mn-sr-only', 'aria-live': 'polite' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    el,
    say(text, wait) {
      clearTimeout(timer);
      const show = () => (el.textContent = text);
      if (wait) timer = setTimeout(show, wait);
      else show();
    },
  };
}

let scopeSeq = 0;

/** The author's CSS of each viewer root, scoped to it (`buildViewerRoot`), added once it is in the page (`putViewerRoot`). */
const authorSheets = new WeakMap<HTMLElement, string>();

/**
 * The viewer's root: a scope of its own for the author's CSS (scoped to it, and added by `putViewerRoot`), the
 * sidebar, the map and a live region.
 */
export function buildViewerRoot(
  s: MapSettings,
  t: ViewerText,
  sidebar: HTMLElement | null,
  map: HTMLElement,
  live: HTMLElement,
): HTMLDivElement {
  const scope = `v${++scopeSeq}`;
  const authorCss = s.css ? scopeCss(s.css, `[data-mn-scope="${scope}"]`) : null;
  const root = h(
    'div',
    // The interface's language and its direction: Arabic and Hebrew lay the viewer out right to left.
    { class: 'mn-viewer', 'data-mn-scope': scope, lang: t.lang, dir: t.dir },
    sidebar,
    map,
    live,
  );
  root.style.setProperty('--mn-primary', s.primaryColor);
  // Text on the primary colour reads at 4.5:1 or better whatever colour the author chose (ADR 018).
  root.style.setProperty('--mn-on-primary', readableTextOn(s.primaryColor));
  // Links and link buttons in the primary colour on white: darkened where it would not read at 4.5:1.
  root.style.setProperty('--mn-primary-text', primaryTextOnWhite(s.primaryColor));
  // Focus rings reach 3:1 on the white panels whatever the primary colour (WCAG 1.4.11, 2.4.7): a pale one is darkened.
  root.style.setProperty('--mn-focus', focusRingOnWhite(s.primaryColor));
  if (authorCss) authorSheets.set(root, authorCss);
  return root;
}

/**
 * Puts a viewer's root in `host`, then the author's CSS first in it: a `<style>`, or a constructed sheet on a page that
 * refuses inline styles (./dom.ts `addSheet`; left on the page when the viewer goes, inert: it names the root's own
 * scope, and the script-tag embed empties its shadow root's sheets when it unmounts).
 */
export function putViewerRoot(host: HTMLElement, root: HTMLDivElement): void {
  host.append(root);
  const css = authorSheets.get(root);
  if (css) addSheet(root, css, true);
}
