/** Pieces the analytics page and the editor's Analytics tab both show. */
import { DAY_COUNTERS, type MapAnalytics } from '@mapnest/shared/analytics';

/** What analytics are and how to get them, for a map that is not Professional. */
export function NotProfessional() {
  return (
    <div className="analytics-upgrade">
      <p>
        Analytics come with the Professional plan. Once this map is Professional, its published map counts, per day:
        views, the locations visitors open, what they search for (and searches that found nothing), filter uses and
        route requests.
      </p>
      <p className="analytics-hint">
        No cookies and nothing that identifies a visitor are used; only daily counts are kept.
      </p>
      <p>
        <a className="btn btn--primary" href="/maps#subscribe">
          See plans
        </a>
      </p>
    </div>
  );
}

export const COUNTER_LABELS: Record<(typeof DAY_COUNTERS)[number], string> = {
  views: 'Views',
  opens: 'Location opens',
  searches: 'Searches',
  searchesEmpty: 'No result',
  filters: 'Filter uses',
  routes: 'Route requests',
};

/** The report's totals, one term per counter (in `DAY_COUNTERS` order). */
export function Totals({ totals, compact = false }: { totals: MapAnalytics['totals']; compact?: boolean }) {
  return (
    <dl className={compact ? 'analytics-totals analytics-totals--compact' : 'analytics-totals'} aria-label="Totals">
      {DAY_COUNTERS.map((c) => (
        <div key={c} className="analytics-totals__item">
          <dt>{COUNTER_LABELS[c]}</dt>
          <dd>{totals[c].toLocaleString('en')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whether nothing at all was recorded in the report's range. */
export const isEmptyReport = (data: MapAnalytics): boolean => DAY_COUNTERS.every((c) => data.totals[c] === 0);

/** While a report loads, and why it could not be loaded (with a way to ask again): announced (status, then alert). */
export function LoadState({
  loading,
  error,
  hintClass,
  onRetry,
}: {
  loading: boolean;
  error: string | null;
  hintClass: string;
  onRetry(): void;
}) {
  return (
    <>
      {loading && (
        <p className={hintClass} role="status">
          Loading analytics…
        </p>
      )}
      {error && (
        <>
          <p className="field__error" role="alert">
            Analytics could not be loaded: {error}
          </p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>
            Try again
          </button>
        </>
      )}
    </>
  );
}
