/**
 * The editor's two layouts. From 821 px up: three columns, the panels' lists, the map, and the selection's form,
 * left to right. Below (phones, tablets upright): one column that scrolls, the map first (under the bar), then the
 * selection's form, then the panels' lists, so a tapped location's fields are never a long scroll away. The DOM is
 * in the order shown, in both layouts, so keyboard focus and screen readers follow what is seen.
 */
import { useSyncExternalStore } from 'react';

/** The one-column layout's media query: the same width as the `@media (max-width: 820px)` block of editor.css. */
export const NARROW_EDITOR = '(max-width: 820px)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_EDITOR)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the editor is laid out in one column now; follows the window as it is resized or turned. */
export function useNarrowEditor(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}

/**
 * In the one-column layout, brings a part of the editor into view when the page has been scrolled past its top: the
 * selection's form when a location is tapped in the list below it, the map on Show on map. A part that is on screen
 * or below it stays where it is: a marker tapped or dragged on the map must not scroll the map away under the finger.
 */
export function revealIfScrolledPast(part: Element | null | undefined): void {
  if (!part || !query()?.matches || part.getBoundingClientRect().top >= 0) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  part.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
}
