/**
 * A per-day chart of some of a report's counters, drawn by uPlot (about 20 KB gzipped with its CSS). Only the
 * analytics page imports this module, and only once it has a report to draw, so neither the embed nor the editor
 * downloads uPlot (docs/adr/029-analytics-page.md; web/src/app/app-chunks.test.ts checks the built chunks).
 */
import { dayCounting, dayOf, type DailyRow, type DayCounters, type ReportCounting } from '@mapnest/shared/analytics';
import { UI_LOCALE } from '../../lib/words';

export interface ChartSeries {
  key: keyof DayCounters;
  label: string;
  color: string;
  /** Fill under the line (the chart's main series). */
  fill?: string;
}

export interface DailyChart {
  setRows(rows: DailyRow[]): void;
  resize(width: number, height: number): void;
  destroy(): void;
}

/** One formatter per zone, for every day of every chart: making one costs far more than using it. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(zone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(zone, format);
  }
  return format;
}

/**
 * The first instant (in seconds) of `day` in `zone`: its midnight, or, on a day whose midnight a daylight saving
 * change skips, the moment the clock jumps. The zone's offset is read at the day's UTC midnight, then again at the
 * instant that gives, which lands on the right side of a change made during the night.
 */
export function dayStart(day: string, zone: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const format = wallClock(zone);
  const offset = (t: number) => {
    const p = Object.fromEntries(format.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - (t - (t % 1000));
  };
  const guess = utcMidnight - offset(utcMidnight);
  // The earlier of the two readings that falls on the day (as dayOf, and so the beacon, sees it).
  const onDay = [utcMidnight - offset(guess), guess].filter((t) => dayOf(new Date(t), zone) === day);
  return (onDay.length ? Math.min(...onDay) : guess) / 1000;
}

/** The hatching of days nothing was counted on: grey diagonal lines, the legend's swatch (analytics.css) alike. */
const NOT_COUNTED_LINES = 'rgba(100, 116, 139, 0.45)';
const NOT_COUNTED_FILL = 'rgba(148, 163, 184, 0.14)';

function hatching(ctx: CanvasRenderingContext2D): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = tile.height = 8;
  const t = tile.getContext('2d');
  if (!t) return NOT_COUNTED_FILL;
  t.fillStyle = NOT_COUNTED_FILL;
  t.fillRect(0, 0, 8, 8);
  t.strokeStyle = NOT_COUNTED_LINES;
  t.lineWidth = 1.5;
  t.beginPath();
  t.moveTo(0, 8);
  t.lineTo(8, 0);
  t.stroke();
  return ctx.createPattern(tile, 'repeat') ?? NOT_COUNTED_FILL;
}

/** Indices of values with no value either side (a line cannot show them). */
export function lone(values: ArrayLike<number | null | undefined> | undefined): number[] | null {
  if (!values) return null;
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (values[i] != null && (i === 0 || values[i - 1] == null) && (i === values.length - 1 || values[i + 1] == null))
      out.push(i);
  }
  return out.length > 0 ? out : null;
}

/** Whether the screen is only touched (no pointer hovers over the chart). */
const touchOnly = () => typeof matchMedia === 'function' && matchMedia('(hover: none)').matches;

/** The legend's day: the day pointed at, or how to point at one. */
export function legendDay(rows: readonly DailyRow[], i: number | null): string {
  const row = i == null ? undefined : rows[i];
  if (row) return row.day;
  return touchOnly() ? 'tap the chart for a day’s numbers' : 'point at the chart for a day’s numbers';
}

const DAY_S = 86_400;

/**
 * The spacings between the day axis's ticks, in seconds: whole days only. uPlot's own time axis ticks a week every
 * few hours ("12am 8am 4pm" under each day), on a chart of whole days.
 */
export const DAY_TICKS = [1, 2, 3, 7, 14, 28, 56, 91, 182, 364].map((days) => days * DAY_S);

const tickFormats = new Map<string, Intl.DateTimeFormat>();

/** A day tick's label: the day the tick starts, in the map's zone ('Dec 3'). */
export function dayTick(t: number, zone: string): string {
  let format = tickFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat(UI_LOCALE, { month: 'short', day: 'numeric', timeZone: zone });
    tickFormats.set(zone, format);
  }
  // A tick a little after midnight (daylight saving) still names its day.
  return format.format((t + DAY_S / 4) * 1000);
}

/** A series' number in the legend: nothing while no day is pointed at, and a day not counted in words. */
export function legendCount(v: number | null | undefined, i: number | null): string {
  if (i == null) return '';
  return v == null ? 'not counted' : v.toLocaleString('en');
}

/**
 * `zone`: the map's analytics time zone; each day is placed at its start there and the axis is labelled there.
 * `counting`: days the map was not counted on (ADR 074) have no point (the line stops) and a hatched band.
 */
export async function createDailyChart(
  host: HTMLElement,
  rows: DailyRow[],
  series: readonly ChartSeries[],
  size: { width: number; height: number },
  zone: string,
  counting?: ReportCounting,
): Promise<DailyChart> {
  const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
  const counted = (d: DailyRow) => dayCounting(counting, d.day) === 'counted';
  let shown = rows;
  const data = (r: DailyRow[]): [number[], ...Array<Array<number | null>>] => [
    r.map((d) => dayStart(d.day, zone)),
    ...series.map((s) => r.map((d) => (counted(d) ? d[s.key] : null))),
  ];
  /** Each day not counted, as a band half a day either side of its point, under the lines. */
  const drawBands = (u: InstanceType<typeof UPlot>) => {
    const { ctx, bbox } = u;
    ctx.save();
    ctx.beginPath();
    ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
    ctx.clip();
    ctx.fillStyle = hatching(ctx);
    for (const d of shown) {
      if (counted(d)) continue;
      const t = dayStart(d.day, zone);
      const left = u.valToPos(t - 43_200, 'x', true);
      const right = u.valToPos(t + 43_200, 'x', true);
      ctx.fillRect(left, bbox.top, right - left, bbox.height);
    }
    ctx.restore();
  };
  const plot = new UPlot(
    {
      ...size,
      tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), zone),
      hooks: { drawClear: [drawBands] },
      scales: {
        // Half a day either side: the first and last days' points and bands are whole, not cut at the edges.
        x: { time: true, range: (_u, min, max) => [min - DAY_S / 2, max + DAY_S / 2] },
        y: { range: (_u, _min, max) => [0, Math.max(4, max ?? 0)] },
      },
      axes: [
        { incrs: DAY_TICKS, values: (_u: unknown, splits: number[]) => splits.map((t) => dayTick(t, zone)) },
        { size: 44 },
      ],
      series: [
        // The day as the page's summaries name it (uPlot's default adds a meaningless "12:00am"), and while no day is
        // pointed at, how to point at one rather than a row of "--" (on a phone, a tap points).
        { label: 'Day', value: (_u: unknown, _t: unknown, _s: unknown, i: number | null) => legendDay(shown, i) },
        ...series.map((s) => ({
          label: s.label,
          value: (_u: unknown, v: number | null, _s: unknown, i: number | null) => legendCount(v, i),
          stroke: s.color,
          fill: s.fill,
          width: s.fill ? 2 : 1.5,
          // Where points are too dense to draw, a counted day between days not counted still gets its point: it has
          // no line to either side, and would otherwise not show at all.
          points: {
            filter: (u: InstanceType<typeof UPlot>, i: number, show: boolean) => (show ? null : lone(u.data[i])),
          },
        })),
      ],
    },
    data(rows),
    host,
  );
  return {
    setRows: (r) => {
      shown = r;
      plot.setData(data(r));
    },
    resize: (width, height) => plot.setSize({ width, height }),
    destroy: () => plot.destroy(),
  };
}
