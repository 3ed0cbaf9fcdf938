/**
 * `?location=<id>` deep links. Selecting a location replaces the current history entry instead of
 * adding one per click (the incumbent's pushState made the Back button walk through every pin).
 */

export const LOCATION_PARAM = 'location';

/** The location id in a URL's query, if any. */
export function readLocationParam(href: string): string | null {
  try {
    const v = new URL(href).searchParams.get(LOCATION_PARAM);
    return v && v.trim() ? v.trim() : null;
  } catch {
    return null;
  }
}

/** The URL with `?location=` set to id, or removed when id is null; other parameters and the hash stay. */
export function withLocationParam(href: string, id: string | null): string {
  const url = new URL(href);
  if (id) url.searchParams.set(LOCATION_PARAM, id);
  else url.searchParams.delete(LOCATION_PARAM);
  return url.toString();
}

/** Writes the open location into the address bar without a new history entry. */
export function replaceLocationParam(id: string | null, win: Pick<Window, 'location' | 'history'> = window): void {
  const next = withLocationParam(win.location.href, id);
  if (next === win.location.href) return;
  try {
    win.history.replaceState(win.history.state, '', next);
  } catch {
    // Sandboxed documents may refuse; the map works without the deep link.
  }
}
