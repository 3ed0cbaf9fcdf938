/** /maps/{id}/analytics: a Professional map's analytics page, signed-in only (owner or administrator). */
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../auth/guards';
import { lazyPage } from '../../components/lazy-page';

export const analyticsRoutes: RouteObject[] = [
  {
    element: <RequireAuth />,
    children: [
      { path: 'maps/:id/analytics', handle: { title: 'Analytics' }, ...lazyPage(() => import('./AnalyticsPage')) },
    ],
  },
];
