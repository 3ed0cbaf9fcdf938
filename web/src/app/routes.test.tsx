import { SITE_ROUTES, siteRoutesPattern } from '@mapnest/shared/site-routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './routes';

/** The full address of every route with a page, as the router joins parent and child paths. */
function addresses(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    const own =
      (route.index || (route.path !== undefined && !route.children)) && route.path !== '*' ? [here || '/'] : [];
    return [...own, ...(route.children ? addresses(route.children, here) : [])];
  });
}

describe('the addresses the edge knows as pages', () => {
  it('are exactly the route table’s, so a new page is never answered with 404 and a removed one is', () => {
    expect([...addresses(appRoutes)].sort()).toEqual([...SITE_ROUTES].sort());
  });

  it('match as the router matches: any case, an optional trailing slash, one segment per parameter', () => {
    const known = new RegExp(siteRoutesPattern(), 'i');
    for (const uri of ['/', '/pricing', '/Pricing/', '/maps/abc123', '/maps/abc123/analytics', '/maps/new/'])
      expect(known.test(uri), uri).toBe(true);
    for (const uri of ['/pricingx', '/maps/a/b', '/maps//analytics', '/nope', '/case-study', '//evil.example'])
      expect(known.test(uri), uri).toBe(false);
  });
});
