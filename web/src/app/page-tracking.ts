import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { pageTitle, SCROLL_RESET_MS } from '@mapnest/shared/constants';
import { trackPageView } from '../lib/analytics';
import { usePageNameValue } from '../state/page-title';

/**
 * Keeps document.title in step with the route's title (or the name the page gave itself, a map's title) and, on each path change (not on hash or
 * query changes), sends a page view with the page title as its path and scrolls to the top after
 * 200 ms. When a different page opens (see pageKey), focus moves to the main landmark
 * so screen readers start reading the new page.
 */
export function usePageTracking(
  pathname: string,
  title: string | undefined,
  page: string,
  main: RefObject<HTMLElement | null>,
) {
  const fullTitle = pageTitle(title);
  const shownTitle = pageTitle(usePageNameValue() ?? title);
  useEffect(() => {
    document.title = shownTitle;
  }, [shownTitle]);

  const onPathChange = useEffectEvent(() => trackPageView(fullTitle));
  useEffect(() => {
    onPathChange();
    const timer = setTimeout(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }), SCROLL_RESET_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [page, main]);
}
