/**
 * Images at http:// addresses: a WordPress site of Mapplic's day often served its uploads so, and the published map's
 * Content-Security-Policy loads images over https only (img-src, `infra/src/edge/headers.ts`), so they would not show.
 * The import names the locations whose thumbnail, image or description has one; it changes nothing.
 */
import { isPlainObject } from '../repair/repair';
import { str } from './values';

const HTTP = /^\s*http:\/\//i;
/** An `<img>` whose src (or srcset) begins with http://. */
const HTTP_IMG = /<img\b(?:[^>"']|"[^"]*"|'[^']*')*?\s(?:src|srcset)\s*=\s*["']?\s*http:\/\//i;
const SHOWN_IDS = 5;

/** Whether a converted location shows an image from an http:// address. */
function hasHttpImage(loc: Record<string, unknown>): boolean {
  return HTTP.test(str(loc.thumb)) || HTTP.test(str(loc.image)) || HTTP_IMG.test(str(loc.desc));
}

/** The import report's line for the locations (converted) with images at http:// addresses, or null when none has. */
export function httpImageWarning(locations: readonly unknown[]): string | null {
  const ids = locations.filter((l) => isPlainObject(l) && hasHttpImage(l)).map((l) => str((l as { id?: unknown }).id));
  const n = ids.length;
  if (n === 0) return null;
  const shown = ids.slice(0, SHOWN_IDS).map((id) => `"${id}"`);
  if (n > SHOWN_IDS) shown.push(`${n - SHOWN_IDS} more`);
  return (
    `locations: the images of ${n} location${n === 1 ? '' : 's'} (${shown.join(', ')}) are at http:// addresses, ` +
    'which the published map does not load (it loads images over https only): they will not show until they are ' +
    'taken into the library or moved to https addresses'
  );
}
