import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { nearestPage } from './nearest-page';

/**
 * Tells search engines not to index the page while it shows. The edge answers an address that is none of the app's
 * pages with status 404 (ADR 119); this also covers an address the app itself navigates to, and a host that serves
 * the app for every path.
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

/** The not-found screen: 'Not Found', a '404 error' label, the page the address most likely meant and 'Back to home'. */
export function NotFound() {
  useNoIndex();
  const suggestion = nearestPage(useLocation().pathname);
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-page__label">404 error</p>
      <h1 id="not-found-title" className="status-page__title">
        Not Found
      </h1>
      <p className="status-page__text">The page you&apos;re looking for could not be found.</p>
      {suggestion && (
        <p className="status-page__text">
          Did you mean <Link to={suggestion}>{suggestion}</Link>?
        </p>
      )}
      <div className="status-page__actions">
        <Link to="/" className="btn btn--primary">
          Back to home
        </Link>
      </div>
    </section>
  );
}

export default NotFound;
