import type { UIMatch } from 'react-router';

/**
 * What a route tells the root layout about its page, set as the route's `handle`:
 * `{ path: 'pricing', handle: { title: 'Pricing', footer: 'extended' }, ... }`.
 */
export interface RouteHandle {
  /** Page title without the brand; the document title becomes '{title} - Mapnest'. */
  title?: string;
  /** Footer kind: 'extended' on marketing and legal pages, 'short' by default, 'none' for full-height tools. */
  footer?: 'extended' | 'short' | 'none';
  /** Hides the header's nav links (the login, register, reset and verify-mail pages). */
  hideNav?: boolean;
  /** Shows the free-access banner to signed-out visitors (on / only). */
  banner?: boolean;
}

/** The merged handle of the current matches: deeper routes override their parents, field by field. */
export function resolveHandle(matches: readonly Pick<UIMatch, 'handle'>[]): RouteHandle {
  const merged: RouteHandle = {};
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (!handle || typeof handle !== 'object') continue;
    for (const [key, value] of Object.entries(handle)) {
      if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}

/**
 * Identifies the page on screen: the pathname of the first route below the root that adds to the
 * path (layout and guard routes do not). A map's nested tabs share their map's key, so switching
 * tabs neither remounts nor re-fades the page, while moving to another page or map does.
 */
export function pageKey(matches: readonly Pick<UIMatch, 'pathname'>[]): string {
  const root = matches[0]?.pathname ?? '/';
  return matches.find((match) => match.pathname !== root)?.pathname ?? root;
}
