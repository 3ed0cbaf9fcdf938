/**
 * One chart of the analytics page: the uPlot drawing (loaded on first use, sized to its box by a ResizeObserver,
 * hidden from assistive technology) with its text alternative: a one-line summary per series, shown to everyone,
 * and the per-day numbers as a table that only screen readers read. Days the map was not counted on (it was not
 * Professional, ADR 074) are hatched in the drawing, named under it, and said in the table instead of a number.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { dayCounting, type DailyRow, type DayCounting, type ReportCounting } from '@mapnest/shared/analytics';
import type { ChartSeries, DailyChart } from './daily-chart';

/** uPlot's module, asked for once however many charts the page draws. */
let chartModule: Promise<typeof import('./daily-chart')> | null = null;
const loadChartModule = () =>
  (chartModule ??= import('./daily-chart')).catch((err: unknown) => {
    chartModule = null;
    throw err;
  });

const heightFor = (width: number) => (width < 560 ? 180 : 220);

/** How a day that was not counted reads in place of its number. */
export const NOT_COUNTED_TEXT: Record<Exclude<DayCounting, 'counted'>, string> = {
  'not-counted': 'Not counted',
  'not-recorded': 'Not recorded',
};

/** "Views: 12 in total; most on 2026-01-03 (5)." Over the counted days only. */
export function seriesSummary(rows: readonly DailyRow[], s: ChartSeries, counting?: ReportCounting): string {
  let total = 0;
  let best: DailyRow | null = null;
  for (const r of rows) {
    if (dayCounting(counting, r.day) !== 'counted') continue;
    total += r[s.key];
    if (r[s.key] > 0 && (!best || r[s.key] > best[s.key])) best = r;
  }
  if (!best) return `${s.label}: none in this range.`;
  return `${s.label}: ${total.toLocaleString('en')} in total; most on ${best.day} (${best[s.key].toLocaleString('en')}).`;
}

const daysText = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The legend's lines for the hatched days (ADR 074), in words a screen reader reads as they are. */
export function notCountedLegend(rows: readonly DailyRow[], counting?: ReportCounting): string[] {
  let notCounted = 0;
  let notRecorded = 0;
  for (const r of rows) {
    const how = dayCounting(counting, r.day);
    if (how === 'not-counted') notCounted++;
    else if (how === 'not-recorded') notRecorded++;
  }
  const lines: string[] = [];
  if (notCounted === rows.length && rows.length > 0)
    lines.push('Not counted: this map was not Professional on any day of this range, so nothing could be counted.');
  else if (notCounted > 0)
    lines.push(
      `Not counted (hatched, ${daysText(notCounted)}): this map was not Professional, so these days show no visits rather than zero.`,
    );
  if (notRecorded > 0)
    lines.push(
      `Not recorded (hatched, ${daysText(notRecorded)}): Mapnest did not yet record when this map was Professional, so these days may not have been counted.`,
    );
  return lines;
}

/** Draws the chart into its host once uPlot is loaded, and again at the host's size whenever that changes. */
function useChart(rows: DailyRow[], series: readonly ChartSeries[], zone: string, counting?: ReportCounting) {
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
        createDailyChart(el, rows, series, { width: width(), height: heightFor(width()) }, zone, counting),
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
  }, [rows, series, zone, counting]);
  return { host, failed };
}

export function ChartFigure({
  title,
  rows,
  series,
  zone,
  counting,
  main = false,
}: {
  title: string;
  rows: DailyRow[];
  series: readonly ChartSeries[];
  /** The time zone the days are of (the chart places and labels them there). */
  zone: string;
  /** The days the map was not counted on (none when not given). */
  counting?: ReportCounting;
  /** The page's first chart, as wide as the page. */
  main?: boolean;
}) {
  const { host, failed } = useChart(rows, series, zone, counting);
  const legend = notCountedLegend(rows, counting);
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
            {seriesSummary(rows, s, counting)}
          </li>
        ))}
        {legend.map((line) => (
          <li key={line} className="analytics-chart__not-counted">
            <span className="analytics-chart__swatch analytics-chart__swatch--hatched" aria-hidden="true" />
            {line}
          </li>
        ))}
      </ul>
      <ChartTable title={title} rows={rows} series={series} counting={counting} />
    </figure>
  );
}

/**
 * The chart's numbers, day by day, behind "Numbers by day": the chart answers a pointer only, so this is how a
 * keyboard or a screen reader reads a day's figures (a native disclosure: its summary is a button to both).
 */
function ChartTable({
  title,
  rows,
  series,
  counting,
}: {
  title: string;
  rows: DailyRow[];
  series: readonly ChartSeries[];
  counting?: ReportCounting;
}) {
  return (
    <details className="analytics-chart__days">
      <summary>Numbers by day</summary>
      <div className="analytics-chart__days-box">
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
            {rows.map((r) => {
              const how = dayCounting(counting, r.day);
              return (
                <tr key={r.day}>
                  <th scope="row">{r.day}</th>
                  {how === 'counted' ? (
                    series.map((s) => <td key={s.key}>{r[s.key]}</td>)
                  ) : (
                    <td colSpan={series.length}>{NOT_COUNTED_TEXT[how]}</td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}
