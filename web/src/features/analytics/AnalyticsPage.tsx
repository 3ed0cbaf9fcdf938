/**
 * /maps/{id}/analytics: what visitors of a Professional map's published map did (docs/adr/029-analytics-page.md),
 * for its owner or an administrator. Totals; views, opens, searches and routes per day as charts; top locations,
 * searches, searches with no result and routes asked for; a range picker; the CSV export. A map that is not
 * Professional gets the explanation and the way to upgrade; an unknown map, or someone else's, is not found.
 * The page is its own chunk, and it loads uPlot only when it draws.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  countingNotes,
  dayOf,
  routeEnds,
  zoneChangeNote,
  type MapAnalytics,
  type TopEntry,
} from '@mapnest/shared/analytics';
import { MapState } from '@mapnest/shared/constants';
import { CallError } from '@mapnest/shared/errors';
import type { MapSummary } from '@mapnest/shared/maps';
import { PageLoading } from '../../components/Spinner';
import { call } from '../../lib/api';
import { fetchMapDocument } from '../editor/load-map';
import { loadErrorText } from './analytics-errors';
import { isEmptyReport, LoadState, NotProfessional, Totals } from './AnalyticsParts';
import { ChartFigure } from './ChartFigure';
import type { ChartSeries } from './daily-chart';
import { RangeControls } from './RangeControls';
import { choiceFromParams, paramsOfChoice, rangeOfChoice, rangeProblem, type RangeChoice } from './analytics-range';
import { downloadCsv, useAnalytics } from './use-analytics';
import { ZoneControl } from './ZoneControl';
import './analytics.css';

type MapView =
  | { kind: 'loading' }
  | { kind: 'ready'; map: MapSummary; titles: ReadonlyMap<string, string | undefined> | null }
  | { kind: 'not-found' }
  | { kind: 'failed'; message: string };

/**
 * The map (access and plan), then its location titles from the stored document (ids are shown until they come);
 * `retry` reads it again after a failure.
 */
function useMapForAnalytics(id: string): { view: MapView; retry(): void } {
  const [view, setView] = useState<{ key: string; view: MapView } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${id}|${attempt}`;
  useEffect(() => {
    let cancelled = false;
    const set = (v: MapView) => !cancelled && setView({ key, view: v });
    call('getMap', { id }).then(
      async ({ map, documentUrl }) => {
        set({ kind: 'ready', map, titles: null });
        if (map.state !== MapState.PRO) return;
        const titles = await fetchMapDocument(documentUrl).then(
          ({ document }) => new Map(document.locations.map((l) => [l.id, l.title])),
          () => new Map<string, string | undefined>(),
        );
        set({ kind: 'ready', map, titles });
      },
      (err: unknown) => {
        if (err instanceof CallError && (err.code === 'not-found' || err.code === 'invalid-argument'))
          set({ kind: 'not-found' });
        else set({ kind: 'failed', message: loadErrorText(err) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, key]);
  return {
    view: view && view.key === key ? view.view : { kind: 'loading' },
    retry: () => setAttempt((n) => n + 1),
  };
}

export default function AnalyticsPage() {
  const { id = '' } = useParams();
  const { view, retry } = useMapForAnalytics(id);

  switch (view.kind) {
    case 'loading':
      return <PageLoading label="Loading analytics" />;
    case 'not-found':
      return (
        <Shell>
          <h1 className="analytics-page__title">Map not found</h1>
          <p role="alert">This map doesn’t exist, or it is not one of yours.</p>
          <p>
            <Link to="/maps">Back to your maps</Link>
          </p>
        </Shell>
      );
    case 'failed':
      return (
        <Shell>
          <h1 className="analytics-page__title">Analytics could not be opened</h1>
          <p role="alert">{view.message}</p>
          <button type="button" className="btn btn--secondary" onClick={retry}>
            Try again
          </button>
        </Shell>
      );
    case 'ready':
      return (
        <Shell map={view.map}>
          {view.map.state === MapState.PRO ? (
            <Report map={view.map} titles={view.titles} />
          ) : (
            <>
              <Heading map={view.map} />
              <NotProfessional />
            </>
          )}
        </Shell>
      );
  }
}

function Shell({ map, children }: { map?: MapSummary; children: ReactNode }) {
  return (
    <div className="container analytics-page">
      <nav className="analytics-page__nav" aria-label="Breadcrumb">
        <Link to="/maps">Maps</Link>
        {map && (
          <>
            <span aria-hidden="true"> / </span>
            <Link to={`/maps/${encodeURIComponent(map.id)}`}>{map.title}</Link>
          </>
        )}
      </nav>
      {children}
    </div>
  );
}

function Heading({ map, children }: { map: MapSummary; children?: ReactNode }) {
  return (
    <header className="analytics-page__header">
      <div>
        <h1 className="analytics-page__title">Analytics</h1>
        <p className="analytics-page__lead">
          {map.title} <span className="analytics-id">{map.id}</span>
        </p>
      </div>
      {children}
    </header>
  );
}

const VISITS: readonly ChartSeries[] = [
  { key: 'views', label: 'Views', color: '#4338ca', fill: 'rgba(67, 56, 202, 0.12)' },
  { key: 'opens', label: 'Location opens', color: '#15803d' },
];
const SEARCHES: readonly ChartSeries[] = [
  { key: 'searches', label: 'Searches', color: '#1d4ed8', fill: 'rgba(29, 78, 216, 0.1)' },
  { key: 'searchesEmpty', label: 'Searches with no result', color: '#b91c1c' },
];
const ROUTES: readonly ChartSeries[] = [
  { key: 'routes', label: 'Route requests', color: '#ea580c', fill: 'rgba(234, 88, 12, 0.1)' },
  { key: 'filters', label: 'Filter uses', color: '#475569' },
];

function Report({ map: loaded, titles }: { map: MapSummary; titles: ReadonlyMap<string, string | undefined> | null }) {
  const [params, setParams] = useSearchParams();
  // The map as its last zone change left it: the range, today and the report follow its zone at once.
  const [map, setMap] = useState(loaded);
  const zone = map.analyticsZone;
  const today = dayOf(new Date(), zone);
  const choice = choiceFromParams(params);
  const range = rangeOfChoice(choice, today);
  const problem = rangeProblem(range, today);
  const { loading, data, error, retry } = useAnalytics(map.id, range, problem !== null, zone);
  const choose = (next: RangeChoice) => setParams(paramsOfChoice(next));
  const note = data && zoneChangeNote(data);

  return (
    <>
      <Heading map={map}>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!data}
          onClick={() => data && downloadCsv(data, map.id, titles ?? new Map())}
        >
          Download CSV
        </button>
      </Heading>
      <RangeControls choice={choice} today={today} zone={zone} urlProblem={problem} onChoose={choose}>
        <ZoneControl map={map} onChanged={setMap} />
        {note && <p className="analytics-hint analytics-zone__note">{note}</p>}
      </RangeControls>
      <LoadState loading={loading} error={error} hintClass="analytics-hint" onRetry={retry} />
      {data && <ReportBody data={data} map={map} titles={titles} />}
    </>
  );
}

function ReportBody({
  data,
  map,
  titles,
}: {
  data: MapAnalytics;
  map: MapSummary;
  titles: ReadonlyMap<string, string | undefined> | null;
}) {
  const notes = countingNotes(data.counting, data.from);
  return (
    <>
      {notes.length > 0 && (
        <div className="analytics-counting" data-testid="analytics-counting">
          {notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </div>
      )}
      <Totals totals={data.totals} />
      {isEmptyReport(data) ? (
        <EmptyReport data={data} published={map.published} />
      ) : (
        <>
          <div className="analytics-charts">
            <ChartFigure
              title="Views and location opens per day"
              rows={data.days}
              series={VISITS}
              zone={data.timeZone}
              counting={data.counting}
              main
            />
            <ChartFigure
              title="Searches per day"
              rows={data.days}
              series={SEARCHES}
              zone={data.timeZone}
              counting={data.counting}
            />
            <ChartFigure
              title="Route requests and filter uses per day"
              rows={data.days}
              series={ROUTES}
              zone={data.timeZone}
              counting={data.counting}
            />
          </div>
          <TopLists data={data} titles={titles} />
        </>
      )}
    </>
  );
}

/** What will appear, and when, for a range without a single visit. */
function EmptyReport({ data, published }: { data: MapAnalytics; published: boolean }) {
  return (
    <div className="analytics-empty">
      <h2>
        No visits recorded from {data.from} to {data.to}
      </h2>
      {published ? (
        <p>
          Views, location opens, searches and routes appear here, per day, once visitors use the published map. Each
          visit is counted when the visitor’s page is closed or hidden, so it shows here a few seconds after they leave.
          Crawlers and automated browsers (headless browsers, test and monitoring tools) are not counted: to see a visit
          here, open the map in an ordinary browser, then close its tab.
        </p>
      ) : (
        <p>
          This map is not published, so it has no visitors yet. Publish it from the editor; visits to the published map
          then appear here, per day, a few seconds after each visitor leaves.
        </p>
      )}
    </div>
  );
}

/**
 * Locations by title (ids until the document is read, and beside the title), searches, routes by their ends. Each
 * end of a route is isolated (`bdi`): between two right-to-left titles the arrow would otherwise take their
 * direction, and the route would read backwards.
 */
function TopLists({ data, titles }: { data: MapAnalytics; titles: ReadonlyMap<string, string | undefined> | null }) {
  const place = (id: string) => (titles ? (titles.get(id) ?? 'No longer on the map') : id);
  const route = (key: string) => {
    const { from, to } = routeEnds(key);
    return (
      <>
        <bdi>{place(from)}</bdi> → <bdi>{place(to)}</bdi>
      </>
    );
  };
  // Each id whole, on its own line if it must: a line breaks between the two, not inside one (at its hyphens).
  const routeIds = (key: string) => {
    const { from, to } = routeEnds(key);
    return (
      <>
        <span className="analytics-id__one">{from}</span> → <span className="analytics-id__one">{to}</span>
      </>
    );
  };
  return (
    <div className="analytics-lists">
      <TopList
        title="Top locations"
        entries={data.topLocations}
        label={place}
        detail={(id) => <span className="analytics-id__one">{id}</span>}
        unit="opens"
        empty="No location was opened in this range. Locations visitors open on the map appear here."
      />
      <TopList
        title="Top searches"
        entries={data.topSearches}
        unit="searches"
        empty="Nobody searched in this range. What visitors type in the map’s search box appears here."
      />
      <TopList
        title="Searches with no result"
        entries={data.emptySearches}
        unit="searches"
        empty="Every search found something. Searches that find nothing appear here: words to add to titles or keywords."
      />
      <TopList
        title="Routes asked for"
        entries={data.topRoutes}
        label={route}
        detail={routeIds}
        unit="requests"
        empty="No route was asked for in this range. Directions visitors ask for appear here."
      />
      <TopList
        title="Routes not found"
        entries={data.failedRoutes}
        label={route}
        detail={routeIds}
        unit="requests"
        empty="Every route asked for was found."
      />
    </div>
  );
}

const SHOWN = 10;

function TopList({
  title,
  entries,
  unit,
  empty,
  label = (k) => k,
  detail,
}: {
  title: string;
  entries: TopEntry[];
  unit: string;
  empty: string;
  label?: (key: string) => ReactNode;
  detail?: (key: string) => ReactNode;
}) {
  const [all, setAll] = useState(false);
  const max = entries[0]?.count ?? 1;
  const shown = all ? entries : entries.slice(0, SHOWN);
  const rows = shown.map((e) => (
    <li key={e.key} className="analytics-list__item">
      <span className="analytics-list__label">
        <bdi>{label(e.key)}</bdi>
        {detail && <span className="analytics-id">{detail(e.key)}</span>}
      </span>
      <span className="analytics-list__count">
        {e.count.toLocaleString('en')}
        <span className="visually-hidden"> {unit}</span>
      </span>
      <span className="analytics-list__bar" style={{ width: `${(e.count / max) * 100}%` }} aria-hidden="true" />
    </li>
  ));
  return (
    <section className="analytics-list" aria-label={title}>
      {/* The counts' unit over their column, for the eye; each count says it to screen readers (a name on a plain
          span is not read). */}
      <div className="analytics-list__head">
        <h2>{title}</h2>
        {entries.length > 0 && (
          <span className="analytics-list__unit" aria-hidden="true">
            {unit}
          </span>
        )}
      </div>
      {entries.length === 0 ? <p className="analytics-hint">{empty}</p> : <ol>{rows}</ol>}
      {entries.length > SHOWN && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? `Show the first ${SHOWN}` : `Show all ${entries.length}`}
        </button>
      )}
    </section>
  );
}
