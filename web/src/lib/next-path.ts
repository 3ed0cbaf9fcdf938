/** The `next` parameter that carries a protected path through /login (the route guards). */

export const NEXT_PARAM = 'next';
/** Where a signed-in user lands when there is no valid `next`. */
export const SIGNED_IN_HOME = '/maps';

/** '/login?next=<path>' for the path a signed-out user tried to open. */
export function loginPathFor(attempted: string): string {
  return `/login?${new URLSearchParams({ [NEXT_PARAM]: attempted }).toString()}`;
}

/**
 * The `next` path from a query string if it is safe to navigate to: a path on this site only
 * (no scheme, no protocol-relative '//' or '/\\' forms, no control characters). Otherwise null.
 */
export function safeNextPath(search: string): string | null {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  if (!next || !next.startsWith('/')) return null;
  if (next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  return next;
}
