/** /maps/{id}: the editor for the owner and administrators, the published map for everyone else. */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

export const editorRoutes: RouteObject[] = [
  { path: 'maps/:id', handle: { title: 'Map', footer: 'none' }, ...lazyPage(() => import('./MapPage')) },
];
