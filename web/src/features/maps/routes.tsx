/** The maps feature's pages: the list and the new-map page, both signed-in only. */
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../auth/guards';
import { lazyPage } from '../../components/lazy-page';

export const mapsRoutes: RouteObject[] = [
  {
    element: <RequireAuth />,
    children: [
      { path: 'maps', handle: { title: 'Maps' }, ...lazyPage(() => import('./MapsPage')) },
      { path: 'maps/new', handle: { title: 'New map' }, ...lazyPage(() => import('./new-map/NewMapPage')) },
    ],
  },
];
