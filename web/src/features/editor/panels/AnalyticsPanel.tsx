/**
 * The Analytics tab (Professional maps): what visitors of the published map did, per day, from the embed's
 * beacons (docs/adr/015-map-analytics.md). Views over time (a uPlot chart, loaded only here), top locations,
 * top searches, searches with no result, filter uses and route requests, over the last 7/30/90 days or a
 * custom range, with a CSV export. Other maps get an explanation and the way to upgrade.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  analyticsCsv,
  ANALYTICS_LIMITS,
  dayOf,
  daysBetween,
  routeEnds,
  type MapAnalytics,
  type TopEntry,
} from '@mapnest/shared/analytics';
import { MapState } from '@mapnest/shared/constants';
import { call } from '../../../lib/api';
import { useEditor, useEditorState } from '../editor-context';
import type { ViewsChart } from './analytics-chart';
import './analytics-panel.css';

type Preset = 7 | 30 | 90 | 'custom';

const shift = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

export function AnalyticsPanel() {
  const { mapId, map } = useEditor();
  if (map.state !== MapState.PRO) return <NotProfessional />;
  return <Report mapId={mapId} />;
}

function NotProfessional() {
  return (
    <div className="analytics-panel">
      <h2 className="analytics-panel__title">Map analytics</h2>
      <p>
        Analytics come with the Professional plan. Once this map is Professional, its published map counts, per day:
        views, the locations visitors open, what they search for (and searches that found nothing), filter uses and
        route requests.
      </p>
      <p className="panel__hint">
        No cookies and nothing that identifies a visitor are used; only daily counts are kept.
      </p>
      <a className="btn btn--primary" href="/maps#subscribe">
        See plans
      </a>
    </div>
  );
}

type Range = { from: string; to: string };

/** Why a range cannot be asked for, or null when it can. */
function rangeProblemOf(range: Range): string | null {
  if (!range.from || !range.to) return 'Choose both dates.';
  if (range.from > range.to) return 'The start date must not be after the end date.';
  if (daysBetween(range.from, range.to) >= ANALYTICS_LIMITS.rangeDays)
    return `Choose at most ${ANALYTICS_LIMITS.rangeDays} days.`;
  return null;
}

/** The map's analytics for a range, fetched again whenever the range changes (not while it has a problem). */
function useAnalytics(mapId: string, range: Range, rangeProblem: string | null) {
  const [state, setState] = useState<{ key: string; data: MapAnalytics | null; error: string | null }>({
    key: '',
    data: null,
    error: null,
  });
  const key = `${mapId}|${range.from}|${range.to}`;

  useEffect(() => {
    if (rangeProblem) return;
    const ctrl = new AbortController();
    call('getMapAnalytics', { id: mapId, from: range.from, to: range.to }, { signal: ctrl.signal }).then(
      (data) => setState({ key, data, error: null }),
      (err: unknown) => {
        if (!ctrl.signal.aborted)
          setState({ key, data: null, error: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => ctrl.abort();
  }, [key, mapId, range.from, range.to, rangeProblem]);

  return {
    loading: !rangeProblem && state.key !== key,
    data: state.key === key ? state.data : null,
    error: state.key === key ? state.error : null,
  };
}

/** Saves the report as a CSV file (locations by title where the map still has them). */
function downloadCsv(data: MapAnalytics, mapId: string, titles: Map<string, string | undefined>) {
  const blob = new Blob([analyticsCsv(data, (id) => titles.get(id) ?? null)], { type: 'text/csv;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `analytics-${mapId}-${data.from}-to-${data.to}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function Report({ mapId }: { mapId: string }) {
  const { doc } = useEditorState();
  const today = dayOf(new Date());
  const [preset, setPreset] = useState<Preset>(30);
  const [custom, setCustom] = useState({ from: shift(today, -29), to: today });
  const range = preset === 'custom' ? custom : { from: shift(today, -(preset - 1)), to: today };
  const rangeProblem = rangeProblemOf(range);
  const { loading, data, error } = useAnalytics(mapId, range, rangeProblem);
  const titles = useMemo(() => new Map(doc.locations.map((l) => [l.id, l.title])), [doc.locations]);

  return (
    <div className="analytics-panel">
      <h2 className="analytics-panel__title">Map analytics</h2>
      <RangePicker preset={preset} onPreset={setPreset} custom={custom} onCustom={setCustom} today={today} />
      {rangeProblem && (
        <p className="field__error" role="alert">
          {rangeProblem}
        </p>
      )}
      {loading && (
        <p className="panel__hint" role="status">
          Loading analytics…
        </p>
      )}
      {error && (
        <p className="field__error" role="alert">
          Analytics could not be loaded: {error}
        </p>
      )}
      {data && <ReportBody data={data} titles={titles} onDownload={() => downloadCsv(data, mapId, titles)} />}
    </div>
  );
}

/** The 7/30/90 days and Custom buttons, and the custom range's two dates. */
function RangePicker({
  preset,
  onPreset,
  custom,
  onCustom,
  today,
}: {
  preset: Preset;
  onPreset(preset: Preset): void;
  custom: Range;
  onCustom(range: Range): void;
  today: string;
}) {
  return (
    <>
      <div className="analytics-panel__range" role="group" aria-label="Date range">
        {([7, 30, 90] as const).map((n) => (
          <button
            key={n}
            type="button"
            className={preset === n ? 'btn btn--secondary is-active' : 'btn btn--ghost'}
            aria-pressed={preset === n}
            onClick={() => onPreset(n)}
          >
            {n} days
          </button>
        ))}
        <button
          type="button"
          className={preset === 'custom' ? 'btn btn--secondary is-active' : 'btn btn--ghost'}
          aria-pressed={preset === 'custom'}
          onClick={() => onPreset('custom')}
        >
          Custom
        </button>
      </div>
      {preset === 'custom' && (
        <div className="analytics-panel__dates">
          <label className="field">
            <span>From</span>
            <input
              className="input"
              type="date"
              value={custom.from}
              max={today}
              onChange={(e) => onCustom({ ...custom, from: e.target.value })}
            />
          </label>
          <label className="field">
            <span>To</span>
            <input
              className="input"
              type="date"
              value={custom.to}
              max={today}
              onChange={(e) => onCustom({ ...custom, to: e.target.value })}
            />
          </label>
        </div>
      )}
    </>
  );
}

/** The loaded report: totals, then the chart and top lists (or why there are none), and the CSV download. */
function ReportBody({
  data,
  titles,
  onDownload,
}: {
  data: MapAnalytics;
  titles: Map<string, string | undefined>;
  onDownload(): void;
}) {
  const { totals } = data;
  const place = (id: string) => titles.get(id) ?? `${id} (no longer on the map)`;
  const route = (key: string) => {
    const { from, to } = routeEnds(key);
    return `${place(from)} → ${place(to)}`;
  };
  const empty = totals.views + totals.opens + totals.searches + totals.filters + totals.routes === 0;
  return (
    <>
      <dl className="analytics-panel__totals" aria-label="Totals">
        <Total label="Views" value={totals.views} />
        <Total label="Location opens" value={totals.opens} />
        <Total label="Searches" value={totals.searches} />
        <Total label="No result" value={totals.searchesEmpty} />
        <Total label="Filter uses" value={totals.filters} />
        <Total label="Route requests" value={totals.routes} />
      </dl>
      {empty ? (
        <p className="panel__empty">
          No visits recorded from {data.from} to {data.to}. Counts appear here once visitors use the published map (each
          visit is sent when its page is closed or hidden).
        </p>
      ) : (
        <>
          <Chart data={data} />
          <TopList title="Top locations" entries={data.topLocations} label={place} unit="opens" />
          <TopList title="Top searches" entries={data.topSearches} unit="searches" />
          <TopList title="Searches with no result" entries={data.emptySearches} unit="searches" />
          <TopList title="Routes asked for" entries={data.topRoutes ?? []} label={route} unit="requests" />
          <TopList title="Routes not found" entries={data.failedRoutes ?? []} label={route} unit="requests" />
        </>
      )}
      <button type="button" className="btn btn--secondary" onClick={onDownload}>
        Download CSV
      </button>
    </>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div className="analytics-panel__total">
      <dt>{label}</dt>
      <dd>{value.toLocaleString('en')}</dd>
    </div>
  );
}

function TopList({
  title,
  entries,
  unit,
  label = (k) => k,
}: {
  title: string;
  entries: TopEntry[];
  unit: string;
  label?: (key: string) => string;
}) {
  return (
    <section className="analytics-panel__list" aria-label={title}>
      <h3>{title}</h3>
      {entries.length === 0 ? (
        <p className="panel__hint">None in this range.</p>
      ) : (
        <ol>
          {entries.map((e) => (
            <li key={e.key}>
              <span>{label(e.key)}</span>
              <span aria-label={`${e.count} ${unit}`}>{e.count.toLocaleString('en')}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Chart({ data }: { data: MapAnalytics }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ViewsChart | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void import('./analytics-chart')
      .then(({ createViewsChart }) => createViewsChart(el, data.days, Math.max(200, el.clientWidth)))
      .then(
        (c) => {
          if (cancelled) return c.destroy();
          chart.current = c;
          observer = new ResizeObserver(() => c.resize(Math.max(200, el.clientWidth)));
          observer.observe(el);
        },
        () => setFailed(true),
      );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, [data]);
  return (
    <figure className="analytics-panel__chart">
      <figcaption>Views and location opens per day</figcaption>
      {failed ? (
        <p className="field__error">The chart could not be loaded; the numbers above and the CSV are complete.</p>
      ) : (
        <div ref={host} />
      )}
    </figure>
  );
}
