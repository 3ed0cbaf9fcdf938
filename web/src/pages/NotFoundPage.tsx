import { Link } from 'react-router';

/** The not-found screen: 'Not Found', a '404 error' label and 'Back to home'. */
export function NotFound() {
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
