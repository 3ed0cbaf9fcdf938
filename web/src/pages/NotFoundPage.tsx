import { useEffect } from 'react';
import { Link } from 'react-router';

/**
 * Tells search engines not to index the page while it shows: the app is one page served for every path (the edge
 * answers 200, as a single-page app's host does), so a path that is no page says so here, and a crawler that runs the
 * page treats it as not found instead of keeping "Not Found" as a page of the site.
 */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/** The not-found screen: 'Not Found', a '404 error' label and 'Back to home'. */
export function NotFound() {
  useNoIndex();
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-page__label">404 error</p>
      <h1 id="not-found-title" className="status-page__title">
        Not Found
      </h1>
      <p className="status-page__text">The page you&apos;re looking for could not be found.</p>
      <div className="status-page__actions">
        <Link to="/" className="btn btn--primary">
          Back to home
        </Link>
      </div>
    </section>
  );
}

export default NotFound;
