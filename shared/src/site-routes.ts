/**
 * Every address the web app answers with a page of its own, as its route table (web/src/app/routes.tsx) declares them;
 * the route table's test keeps the two the same. `:name` stands for one path segment. The edge (CloudFront's viewer
 * functions, infra/src/edge/viewer-functions.ts, also run by the local stack) answers any other address that names no
 * file with the app's not-found page and status 404, so search engines and link checkers see a missing page as missing.
 */
export const SITE_ROUTES = [
  '/',
  '/pricing',
  '/estimate',
  '/contact',
  '/case-study/real-estate',
  '/case-study/retail',
  '/case-study/geographic',
  '/wayfinding',
  '/agreement',
  '/privacy',
  '/terms',
  '/help/moving-from-mapplic',
  '/docs',
  '/routes',
  '/demo',
  '/signup',
  '/sign-up',
  '/signin',
  '/sign-in',
  '/login',
  '/register',
  '/settings',
  '/account',
  '/billing',
  '/reset',
  '/verify-mail',
  '/auth',
  '/maps',
  '/maps/new',
  '/maps/:id',
  '/maps/:id/analytics',
] as const;

/**
 * The source of one regular expression that matches the addresses of SITE_ROUTES, as the app's router matches them:
 * letters in any case, with or without a trailing slash.
 */
export function siteRoutesPattern(routes: readonly string[] = SITE_ROUTES): string {
  const alternatives = routes.map((route) =>
    route
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('\\/'),
  );
  return `^(?:${alternatives.join('|')})\\/?$`;
}
