import { Link } from 'react-router';
import { LICENSE_BASIC_MONTHS, TEST_MAP_ACTIVE_DAYS } from '@mapnest/shared/constants';
import { Spinner } from '../../components/Spinner';
import { PlusIcon } from './MapIcons';

/** The maps list could not be loaded and there is nothing to show. */
export function MapsLoadFailed({ error, onRetry }: { error: string | null | undefined; onRetry: () => void }) {
  return (
    <div className="alert alert--error maps-page__failed" role="alert">
      <p className="alert__text">Could not load your maps. {error}</p>
      <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Three card-shaped placeholders while the first list loads. */
export function MapsSkeleton() {
  return (
    <div className="maps-grid maps-grid--loading">
      <Spinner label="Loading your maps" className="visually-hidden" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="map-card map-card--skeleton" aria-hidden="true">
          <div className="map-card__media" />
          <div className="map-card__body">
            <span className="skeleton skeleton--title" />
            <span className="skeleton" />
          </div>
        </div>
      ))}
    </div>
  );
}

function EmptyMapArt() {
  return (
    <div className="maps-empty__art" aria-hidden="true">
      <svg viewBox="0 0 120 90">
        <rect x="6" y="10" width="108" height="72" rx="10" fill="currentColor" opacity="0.08" />
        <path
          d="m22 64 22-16 18 10 22-20 16 12"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
          opacity="0.5"
        />
        <path d="M60 22c-7 0-12 5-12 11 0 9 12 19 12 19s12-10 12-19c0-6-5-11-12-11Z" fill="currentColor" />
        <circle cx="60" cy="33" r="4" fill="#fff" />
      </svg>
    </div>
  );
}

/** No maps yet: how to create the first one, and (for users without a plan) where a purchase code goes. */
export function MapsEmpty({ licenseHint }: { licenseHint: boolean }) {
  return (
    <section className="maps-empty" aria-labelledby="maps-empty-title">
      <EmptyMapArt />
      <h2 id="maps-empty-title" className="maps-empty__title">
        Create your first map
      </h2>
      <p className="maps-empty__text">
        Start from a blank canvas, your floor plan, a built-in world or country map, or a Mapplic export; add locations,
        publish it and embed it on any website. Test maps are free: once published, visitors see one until{' '}
        {TEST_MAP_ACTIVE_DAYS} days after it was created.
      </p>
      <Link to="/maps/new" className="btn btn--primary btn--lg">
        <PlusIcon />
        Create a map
      </Link>
      {licenseHint && (
        <p className="maps-empty__hint">
          Have an Envato purchase code? Create a map, then choose <strong>Register license</strong> in its menu: the
          code gives that map {LICENSE_BASIC_MONTHS} months of Basic.
        </p>
      )}
    </section>
  );
}

/** The search matches no map. */
export function NoMatchingMaps({ query, onShowAll }: { query: string; onShowAll: () => void }) {
  return (
    <div className="maps-nomatch">
      <p>No maps match “{query.trim()}”.</p>
      <button type="button" className="btn btn--secondary btn--sm" onClick={onShowAll}>
        Show all maps
      </button>
    </div>
  );
}
