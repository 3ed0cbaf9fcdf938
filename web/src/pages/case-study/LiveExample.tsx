/**
 * A published map shown live on a marketing page (the landing hero, the case studies), in a box whose size is
 * reserved from the start so nothing moves when the map arrives. The viewer's code loads after the page has
 * painted its text, when the browser is idle, so it does not hold up the page's first paint.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { Spinner } from '../../components/Spinner';
import { sessionAtom } from '../../state/session';

const ExampleViewer = lazy(() => import('./ExampleViewer'));

/** Runs `start` once the browser is idle (or after `timeout` ms at the latest); answers how to cancel it. */
function whenIdle(start: () => void, timeout = 1_500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(start, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(start, 200);
  return () => window.clearTimeout(id);
}

/**
 * Runs `start` once the page has painted its text (its first contentful paint, where the browser reports paints) and
 * the browser is then idle. An idle moment alone can come before that paint on a busy device (a frame painted with
 * nothing in it yet), and the viewer's code would then compete with the page's own first paint. Without a paint
 * reported within `wait` ms (a browser that reports none, a page not shown), it goes by idleness alone.
 */
function afterTextPainted(start: () => void, wait = 3_000): () => void {
  let cancel = () => {};
  const go = () => {
    cancel();
    cancel = whenIdle(start);
  };
  const painted = () => performance.getEntriesByName?.('first-contentful-paint').length > 0;
  if (
    painted() ||
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    go();
    return () => cancel();
  }
  const observer = new PerformanceObserver(() => painted() && go());
  observer.observe({ type: 'paint' });
  const late = window.setTimeout(go, wait);
  cancel = () => {
    observer.disconnect();
    window.clearTimeout(late);
  };
  return () => cancel();
}

export interface LiveExampleProps {
  mapId: string;
  /** Accessible name of the map. */
  title: string;
  caption: ReactNode;
  /** Start with the directory closed (a narrow box); the visitor opens it with its button. */
  directoryClosed?: boolean;
  /** Size class: 'hero' beside the landing text, 'wide' across the page. */
  size?: 'hero' | 'wide';
  /** A route drawn at once, with the map's Directions panel open. */
  directions?: { from: string; to: string };
}

export function LiveExample({ mapId, title, caption, directoryClosed, size = 'wide', directions }: LiveExampleProps) {
  const [started, setStarted] = useState(false);
  // Signed in, a copy of this very map is one step away (/maps/new with it picked); signed out, an account first.
  const { user } = useAtomValue(sessionAtom);
  const build = user ? `/maps/new?example=${encodeURIComponent(mapId)}` : '/register';
  useEffect(() => afterTextPainted(() => setStarted(true)), []);
  const loading = <Spinner size="lg" label="Loading the example map" className="live-example__status" />;
  return (
    <figure className={`live-example live-example--${size}`}>
      <div className="live-example__map">
        {started ? (
          <Suspense fallback={loading}>
            <ExampleViewer mapId={mapId} title={title} directoryClosed={directoryClosed} directions={directions} />
          </Suspense>
        ) : (
          loading
        )}
      </div>
      <figcaption className="live-example__caption">
        <span>{caption}</span>
        <span className="live-example__links">
          <Link to={`/maps/${mapId}`}>Open full screen</Link>
          <Link to={build}>Build one like this</Link>
        </span>
      </figcaption>
    </figure>
  );
}
