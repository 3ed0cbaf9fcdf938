/**
 * `?location=<id>` deep links. Selecting a location replaces the current history entry instead of
 * adding one per click (the incumbent's pushState made the Back button walk through every pin). The one entry added is
 * a phone's sheet on the map's own page, which Back closes (./location-history.ts).
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

export const FROM_PARAM = 'from';
export const TO_PARAM = 'to';
/** A kiosk's fixed start ("You are here"), like the incumbent's `data-fixedfrom`. */
export const FIXED_FROM_PARAM = 'fixedfrom';
/** A step-free route (lifts and ramps only): `?stepfree=1`, for links sent to a visitor and accessible kiosks. */
export const STEP_FREE_PARAM = 'stepfree';
const YES = new Set(['', '1', 'true', 'yes']);

/**
 * Kiosk mode for this embed (`?kiosk=1`, or `?kiosk=0` to leave it off), over the map's `layout.kiosk`; undefined
 * when the URL does not say.
 */
export const KIOSK_PARAM = 'kiosk';

export function readKioskParam(href: string): boolean | undefined {
  try {
    const v = new URL(href).searchParams.get(KIOSK_PARAM);
    return v === null ? undefined : YES.has(v.trim().toLowerCase());
  } catch {
    return undefined;
  }
}

/** A route as an address names it: its ends (none: no route; `from` none under a fixed start) and the Step-free box. */
export interface AddressRoute {
  from: string | null;
  to: string | null;
  stepFree: boolean;
}

/** `?from=`, `?to=`, `?fixedfrom=` and `?stepfree=` of a URL (directions deep links and kiosk embeds). */
export function readDirectionsParams(href: string): {
  from: string | null;
  to: string | null;
  fixedFrom: string | null;
  stepFree: boolean;
} {
  try {
    const q = new URL(href).searchParams;
    const get = (name: string) => q.get(name)?.trim() || null;
    const stepFree = q.has(STEP_FREE_PARAM) && YES.has(q.get(STEP_FREE_PARAM)!.trim().toLowerCase());
    return { from: get(FROM_PARAM), to: get(TO_PARAM), fixedFrom: get(FIXED_FROM_PARAM), stepFree };
  } catch {
    return { from: null, to: null, fixedFrom: null, stepFree: false };
  }
}

/**
 * Writes the planned route into the address bar (`?from=&to=`, and `&stepfree=1` for a step-free one) without a new
 * history entry, so the address shared is the route shown. Null `from` and `to` take the route out (a kiosk's start
 * over).
 */
export function replaceDirectionsParams(
  from: string | null,
  to: string | null,
  stepFree: boolean,
  win: Pick<Window, 'location' | 'history'> = window,
): void {
  const url = new URL(win.location.href);
  const put = (name: string, v: string | null) => (v ? url.searchParams.set(name, v) : url.searchParams.delete(name));
  put(FROM_PARAM, from);
  put(TO_PARAM, to);
  put(STEP_FREE_PARAM, stepFree ? '1' : null);
  const next = url.toString();
  if (next === win.location.href) return;
  try {
    win.history.replaceState(win.history.state, '', next);
  } catch {
    // Sandboxed documents may refuse; directions work without the deep link.
  }
}
