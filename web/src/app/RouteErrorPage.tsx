import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { MESSAGES } from '@mapnest/shared/errors';
import { NotFound } from '../pages/NotFoundPage';
import { reportError } from '../lib/analytics';

/** The route error screen: says 'Oups. Something happened.' and reports the error. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) reportError(error, 'route');
  }, [error, notFound]);

  if (notFound) return <NotFound />;
  return (
    <section className="status-page" aria-labelledby="route-error-title">
      <p className="status-page__label">Error</p>
      <h1 id="route-error-title" className="status-page__title">
        {MESSAGES.routeError}
      </h1>
      <p className="status-page__text">
        We have been notified. Reloading the page usually helps; if it keeps happening, please contact us.
      </p>
      <div className="status-page__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Reload page
        </button>
        <Link to="/" className="btn btn--secondary">
          Back to home
        </Link>
      </div>
    </section>
  );
}
