/**
 * The Analytics panel's views-over-time chart: uPlot (about 20 KB gzipped with its CSS), imported only when the
 * panel shows a chart, so neither the editor's other panels nor the embed download it (docs/adr/015-map-analytics.md).
 */
import type { DailyRow } from '@mapnest/shared/analytics';

export interface ViewsChart {
  setRows(rows: DailyRow[]): void;
  resize(width: number): void;
  destroy(): void;
}

export async function createViewsChart(host: HTMLElement, rows: DailyRow[], width: number): Promise<ViewsChart> {
  const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
  const data = (r: DailyRow[]): [number[], number[], number[]] => [
    r.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
    r.map((d) => d.views),
    r.map((d) => d.opens),
  ];
  const plot = new UPlot(
    {
      width,
      height: 180,
      tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
      axes: [{}, { size: 40 }],
      series: [
        { label: 'Day' },
        { label: 'Views', stroke: '#2563eb', fill: 'rgba(37, 99, 235, 0.12)', width: 2 },
        { label: 'Location opens', stroke: '#16a34a', width: 1.5 },
      ],
    },
    data(rows),
    host,
  );
  return {
    setRows: (r) => plot.setData(data(r)),
    resize: (w) => plot.setSize({ width: w, height: 180 }),
    destroy: () => plot.destroy(),
  };
}
