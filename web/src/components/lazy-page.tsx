import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoading } from './Spinner';

type PageModule = { default: ComponentType };

/**
 * Route fields for a code-split page: `{ path: 'pricing', ...lazyPage(() => import('../pages/pricing/PricingPage')) }`.
 * The fallback shows inside the root layout while the first page's code loads; later navigations
 * keep the current page on screen until the next one is ready.
 */
export function lazyPage(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return {
    lazy: async () => ({ Component: (await load()).default }),
    hydrateFallbackElement: <PageLoading />,
  };
}
