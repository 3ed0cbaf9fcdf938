/**
 * A per-day chart of some of a report's counters, drawn by uPlot (about 20 KB gzipped with its CSS). Only the
 * analytics page imports this module, and only once it has a report to draw, so neither the embed nor the editor
 * downloads uPlot (docs/adr/029-analytics-page.md; web/src/app/app-chunks.test.ts checks the built chunks).
 */
import type { DailyRow, DayCounters } from '@mapnest/shared/analytics';

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

export async function createDailyChart(
  host: HTMLElement,
  rows: DailyRow[],
  series: readonly ChartSeries[],
  size: { width: number; height: number },
): Promise<DailyChart> {
  const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
  const data = (r: DailyRow[]): [number[], ...number[][]] => [
    r.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
    ...series.map((s) => r.map((d) => d[s.key])),
  ];
  const plot = new UPlot(
    {
      ...size,
      tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
      axes: [{}, { size: 44 }],
      series: [
        { label: 'Day' },
        ...series.map((s) => ({ label: s.label, stroke: s.color, fill: s.fill, width: s.fill ? 2 : 1.5 })),
      ],
    },
    data(rows),
    host,
  );
  return {
    setRows: (r) => plot.setData(data(r)),
    resize: (width, height) => plot.setSize({ width, height }),
    destroy: () => plot.destroy(),
  };
}
