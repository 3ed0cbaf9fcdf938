/**
 * The Analytics tab: the last 30 days' totals of a Professional map and the way to its analytics page
 * (/maps/{id}/analytics: charts, top lists, ranges, CSV; docs/adr/029-analytics-page.md). Other maps get the
 * explanation and the way to upgrade. The page is its own chunk, so the editor does not download its charts.
 */
import { Link } from 'react-router';
import { MapState } from '@mapnest/shared/constants';
import { LoadState, NotProfessional, Totals } from '../../analytics/AnalyticsParts';
import { DEFAULT_PRESET, lastDays } from '../../analytics/analytics-range';
import { useAnalytics } from '../../analytics/use-analytics';
import { dayOf } from '@mapnest/shared/analytics';
import { useEditor } from '../editor-context';
import '../../analytics/analytics.css';

export function AnalyticsPanel() {
  const { mapId, map } = useEditor();
  return (
    <div className="analytics-panel">
      <h2 className="analytics-panel__title">Map analytics</h2>
      {map.state === MapState.PRO ? <Summary mapId={mapId} zone={map.analyticsZone} /> : <NotProfessional />}
    </div>
  );
}

/** `zone`: the map's analytics time zone, whose last 30 days these are. */
function Summary({ mapId, zone }: { mapId: string; zone: string }) {
  const range = lastDays(DEFAULT_PRESET, dayOf(new Date(), zone));
  const { loading, data, error, retry } = useAnalytics(mapId, range, false, zone);
  return (
    <>
      <Link className="btn btn--primary" to={`/maps/${encodeURIComponent(mapId)}/analytics`}>
        Open analytics
      </Link>
      <p className="panel__hint">
        Charts per day, top locations and searches, routes asked for, any date range and the CSV export.
      </p>
      <h3 className="analytics-panel__title">
        Last {DEFAULT_PRESET} days, {zone}
      </h3>
      <LoadState loading={loading} error={error} hintClass="panel__hint" onRetry={retry} />
      {data && <Totals totals={data.totals} compact />}
    </>
  );
}
