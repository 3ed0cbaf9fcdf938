/**
 * The route table (product rules: Site pages and shared pieces), in one place. Each feature adds its routes with one line:
 * export a `RouteObject[]` from `web/src/features/<feature>/routes.tsx` and spread it into
 * `layoutRoutes` (pages with header and footer) or `bareRoutes` (pages outside the root layout).
 *
 * Per-page layout settings go in the route's `handle` (see RouteHandle): title, footer kind,
 * hideNav (login, register, reset, verify-mail), banner. Guards from ./guards wrap protected routes:
 *   { element: <RequireAuth />, children: [{ path: 'maps', handle: { title: 'Maps' }, ...lazyPage(...) }] }
 *   { element: <RedirectIfSignedIn />, children: [{ path: 'login', handle: { title: 'Login', hideNav: true }, ... }] }
 */
import { redirect, type RouteObject } from 'react-router';
import { PageLoading } from '../components/Spinner';
import { analyticsRoutes } from '../features/analytics/routes';
import { authRoutes } from '../features/auth/routes';
import { editorRoutes } from '../features/editor/routes';
import { mapsRoutes } from '../features/maps/routes';
import NotFoundPage from '../pages/NotFoundPage';
import { PAGE_TITLES as T } from '../pages/titles';
import { DEMO_MAP_ID } from '../state/config';
import { lazyPage } from '../components/lazy-page';
import { RootLayout } from './RootLayout';
import type { RouteHandle } from './route-handle';
import { RouteErrorPage } from './RouteErrorPage';

const handle = (title: string, rest: Omit<RouteHandle, 'title'> = {}): RouteHandle => ({ title, ...rest });
const extended = { footer: 'extended' } as const;

/** The public pages: landing, marketing, case studies, legal pages and the external redirects. */
const publicRoutes: RouteObject[] = [
  {
    index: true,
    handle: handle(T.landing, { ...extended, banner: true }),
    ...lazyPage(() => import('../pages/landing/LandingPage')),
  },
  { path: 'pricing', handle: handle(T.pricing, extended), ...lazyPage(() => import('../pages/pricing/PricingPage')) },
  {
    path: 'estimate',
    handle: handle(T.estimate, extended),
    ...lazyPage(() => import('../pages/estimate/EstimatePage')),
  },
  { path: 'contact', handle: handle(T.contact, extended), ...lazyPage(() => import('../pages/contact/ContactPage')) },
  {
    path: 'case-study/real-estate',
    handle: handle(T.realEstate, extended),
    ...lazyPage(() => import('../pages/case-study/RealEstatePage')),
  },
  {
    path: 'case-study/retail',
    handle: handle(T.retail, extended),
    ...lazyPage(() => import('../pages/case-study/RetailPage')),
  },
  {
    path: 'case-study/geographic',
    handle: handle(T.geographic, extended),
    ...lazyPage(() => import('../pages/case-study/GeographicPage')),
  },
  {
    path: 'wayfinding',
    handle: handle(T.wayfinding, extended),
    ...lazyPage(() => import('../pages/wayfinding/WayfindingPage')),
  },
  {
    path: 'agreement',
    handle: handle(T.agreement, extended),
    ...lazyPage(() => import('../pages/legal/AgreementPage')),
  },
  { path: 'privacy', handle: handle(T.privacy, extended), ...lazyPage(() => import('../pages/legal/PrivacyPage')) },
  { path: 'terms', handle: handle(T.terms, extended), ...lazyPage(() => import('../pages/legal/TermsPage')) },
  {
    path: 'help/moving-from-mapplic',
    handle: handle(T.mapplicGuide, extended),
    ...lazyPage(() => import('../pages/help/MapplicGuidePage')),
  },
  { path: 'docs', handle: handle(T.docs), ...lazyPage(() => import('../pages/redirect/DocsRedirectPage')) },
  { path: 'routes', handle: handle(T.routes), ...lazyPage(() => import('../pages/redirect/RoutesRedirectPage')) },
  {
    path: 'demo',
    loader: () => redirect(`/maps/${DEMO_MAP_ID}`),
    element: <PageLoading />,
    hydrateFallbackElement: <PageLoading />,
  },
  // The addresses people guess for signing up and in, and for their account's settings (a dialog over the maps, which
  // asks to log in first), go to the pages that do it, with what the link asked for.
  ...(
    [
      ['signup', '/register'],
      ['sign-up', '/register'],
      ['signin', '/login'],
      ['sign-in', '/login'],
      ['settings', '/maps#settings'],
      ['account', '/maps#settings'],
      ['billing', '/maps#settings/Plan'],
    ] as const
  ).map(([path, to]) => ({
    path,
    loader: ({ request }: { request: Request }) => {
      const [page, hash = ''] = to.split('#');
      return redirect(`${page}${new URL(request.url).search}${hash && `#${hash}`}`);
    },
    element: <PageLoading />,
    hydrateFallbackElement: <PageLoading />,
  })),
];

/** Pages inside the root layout. Features add one line each, e.g. `...authRoutes,` or `...mapsRoutes,`. */
export const layoutRoutes: RouteObject[] = [
  ...publicRoutes,
  ...authRoutes,
  ...mapsRoutes,
  ...editorRoutes,
  ...analyticsRoutes,
  { path: '*', handle: handle(T.notFound), Component: NotFoundPage },
];

/** Pages outside the root layout (/m/{id} when served by the SPA). */
export const bareRoutes: RouteObject[] = [];

/** The whole tree: the root layout reports route errors in place, keeping header and footer. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    children: [{ errorElement: <RouteErrorPage />, children: layoutRoutes }],
  },
  ...bareRoutes,
];
