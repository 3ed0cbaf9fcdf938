/** Where location links open. */
export type LinkTarget = '_self' | '_blank' | '_parent' | '_top';

/**
 * The origin of the page a framed viewer is shown in, when the browser says: the outermost of
 * `location.ancestorOrigins` (Chromium, Safari), else the referrer's (the page that loaded the frame); null when unknown.
 */
export function topOrigin(): string | null {
  try {
    const ancestors = window.location.ancestorOrigins;
    if (ancestors?.length) return ancestors[ancestors.length - 1]!;
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * The target of a location's link: the author's own setting, else, in this window when the map is the page's own (its
 * /m/{id} page, the script-tag embed); in a frame (the iframe embed), the whole page for a link to the site around the
 * map, and a new tab for a link anywhere else, where the visitor expects the customer's page with its map to stay
 * (replacing the frame itself fails on the many sites that refuse to be framed). `top` is the framing page's origin.
 */
export function linkTargetFor(
  own: LinkTarget | null | undefined,
  framed: boolean,
  href?: string | null,
  top: string | null = framed ? topOrigin() : null,
): LinkTarget {
  if (own) return own;
  if (!framed) return '_self';
  let origin: string | null = null;
  try {
    origin = href ? new URL(href, window.location.href).origin : null;
  } catch {
    // Not a URL the browser can follow anyway: opening it in a new tab replaces nothing.
  }
  return origin !== null && origin === top ? '_top' : '_blank';
}

/** Follows a "link" location's link, when it has one, in its target (a new window has no opener). */
export function followLink(source: { link?: string | null; target?: LinkTarget | null }, framed: boolean): void {
  if (source.link) window.open(source.link, linkTargetFor(source.target, framed, source.link), 'noopener');
}

/** True when the page runs inside a frame. */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}
