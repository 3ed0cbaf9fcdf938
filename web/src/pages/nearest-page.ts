import { SITE_ROUTES, siteRoutesPattern } from '@mapnest/shared/site-routes';

const KNOWN = new RegExp(siteRoutesPattern(), 'i');
/** The pages whose address is fixed (no `:id`), the only ones a mistyped address can be matched against. */
const FIXED = SITE_ROUTES.filter((route) => !route.includes(':'));

/** How many letters must be added, removed or changed to turn `a` into `b` (Levenshtein). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/**
 * The page a visitor most likely meant by an address that is none of the site's: the nearest page above it
 * (/maps/abc/history: /maps/abc), else the page whose address is at most two letters away and nearer than any other
 * (/pricng: /pricing). Null when no page is near enough to suggest.
 */
export function nearestPage(pathname: string): string | null {
  const asked = pathname.replace(/\/+$/, '');
  const path = asked.toLowerCase();
  if (KNOWN.test(path)) return null;
  // The page above keeps the address's own letters: a map's id is not to be lowercased.
  const segments = asked.split('/');
  for (let n = segments.length - 1; n > 1; n--) {
    const parent = segments.slice(0, n).join('/');
    if (KNOWN.test(parent)) return parent;
  }
  const ranked = FIXED.filter((page) => page !== '/')
    .map((page) => ({ page, d: distance(path, page) }))
    .sort((x, y) => x.d - y.d);
  const [best, second] = ranked;
  if (!best || best.d > 2 || best.d >= path.length / 3 || (second && second.d === best.d)) return null;
  return best.page;
}
