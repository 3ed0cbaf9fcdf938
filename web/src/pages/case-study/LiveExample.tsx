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

/** Runs `start` once the browser is idle after the first paint (or after `timeout` ms at the latest). */
function whenIdle(start: () => void, timeout = 1_500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(start, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(start, 200);
  return () => window.clearTimeout(id);
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
  useEffect(() => whenIdle(() => setStarted(true)), []);
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
