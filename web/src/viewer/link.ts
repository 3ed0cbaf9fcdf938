/** Where location links open. */
export type LinkTarget = '_self' | '_blank' | '_parent' | '_top';

/**
 * The target of a location's link: its own setting, else the top window when the map is framed
 * (a link should leave the embed, not replace the map inside the customer's page), else this window.
 */
export function linkTargetFor(own: LinkTarget | null | undefined, framed: boolean): LinkTarget {
  if (own) return own;
  return framed ? '_top' : '_self';
}

/** Follows a "link" location's link, when it has one, in its target (a new window has no opener). */
export function followLink(source: { link?: string | null; target?: LinkTarget | null }, framed: boolean): void {
  if (source.link) window.open(source.link, linkTargetFor(source.target, framed), 'noopener');
}

/** True when the page runs inside a frame. */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}
