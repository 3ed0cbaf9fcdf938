/**
 * One chart of the analytics page: the uPlot drawing (loaded on first use, sized to its box by a ResizeObserver,
 * hidden from assistive technology) with its text alternative: a one-line summary per series, shown to everyone,
 * and the per-day numbers as a table that only screen readers read.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { DailyRow } from '@mapnest/shared/analytics';
import type { ChartSeries, DailyChart } from './daily-chart';

/** uPlot's module, asked for once however many charts the page draws. */
let chartModule: Promise<typeof import('./daily-chart')> | null = null;
const loadChartModule = () =>
  (chartModule ??= import('./daily-chart')).catch((err: unknown) => {
    chartModule = null;
    throw err;
  });

const heightFor = (width: number) => (width < 560 ? 180 : 220);

/** "Views: 12 in total; most on 2026-01-03 (5)." */
export function seriesSummary(rows: readonly DailyRow[], s: ChartSeries): string {
  let total = 0;
  let best: DailyRow | null = null;
  for (const r of rows) {
    total += r[s.key];
    if (r[s.key] > 0 && (!best || r[s.key] > best[s.key])) best = r;
  }
  if (!best) return `${s.label}: none in this range.`;
  return `${s.label}: ${total.toLocaleString('en')} in total; most on ${best.day} (${best[s.key].toLocaleString('en')}).`;
}

/** Draws the chart into its host once uPlot is loaded, and again at the host's size whenever that changes. */
function useChart(rows: DailyRow[], series: readonly ChartSeries[], zone: string) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let cancelled = false;
    let chart: DailyChart | null = null;
    let observer: ResizeObserver | null = null;
    const width = () => Math.max(160, Math.floor(el.clientWidth));
    void loadChartModule()
      .then(({ createDailyChart }) =>
        createDailyChart(el, rows, series, { width: width(), height: heightFor(width()) }, zone),
      )
      .then(
        (c) => {
          if (cancelled) return c.destroy();
          chart = c;
          observer = new ResizeObserver(() => c.resize(width(), heightFor(width())));
          observer.observe(el);
        },
        () => !cancelled && setFailed(true),
      );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [rows, series, zone]);
  return { host, failed };
}

export function ChartFigure({
  title,
  rows,
  series,
  zone,
  main = false,
}: {
  title: string;
  rows: DailyRow[];
  series: readonly ChartSeries[];
  /** The time zone the days are of (the chart places and labels them there). */
  zone: string;
  /** The page's first chart, as wide as the page. */
  main?: boolean;
}) {
  const { host, failed } = useChart(rows, series, zone);
  const captionId = useId();
  return (
    <figure className={main ? 'analytics-chart analytics-chart--main' : 'analytics-chart'} aria-labelledby={captionId}>
      <figcaption id={captionId} className="analytics-chart__title">
        {title}
      </figcaption>
      {failed ? (
        <p className="field__error">The chart could not be loaded; the numbers, lists and CSV are complete.</p>
      ) : (
        <div ref={host} className="analytics-chart__plot" aria-hidden="true" data-testid="analytics-plot" />
      )}
      <ul className="analytics-chart__summary">
        {series.map((s) => (
          <li key={s.key}>
            <span className="analytics-chart__swatch" style={{ background: s.color }} aria-hidden="true" />
            {seriesSummary(rows, s)}
          </li>
        ))}
      </ul>
      <ChartTable title={title} rows={rows} series={series} />
    </figure>
  );
}

/** The chart's numbers, day by day, for screen readers (a table grows to its content, so a box hides it). */
function ChartTable({ title, rows, series }: { title: string; rows: DailyRow[]; series: readonly ChartSeries[] }) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.day}>
              <th scope="row">{r.day}</th>
              {series.map((s) => (
                <td key={s.key}>{r[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
