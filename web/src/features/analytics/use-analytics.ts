/** A map's analytics report for a range, asked for again whenever the range changes (never while it has a problem). */
import { useEffect, useState } from 'react';
import { analyticsCsv, type MapAnalytics } from '@mapnest/shared/analytics';
import { call } from '../../lib/api';
import type { DayRange } from './analytics-range';

export interface AnalyticsState {
  loading: boolean;
  data: MapAnalytics | null;
  error: string | null;
}

export function useAnalytics(mapId: string, range: DayRange, skip: boolean): AnalyticsState {
  const [state, setState] = useState<{ key: string; data: MapAnalytics | null; error: string | null }>({
    key: '',
    data: null,
    error: null,
  });
  const key = `${mapId}|${range.from}|${range.to}`;

  useEffect(() => {
    if (skip) return;
    const ctrl = new AbortController();
    call('getMapAnalytics', { id: mapId, from: range.from, to: range.to }, { signal: ctrl.signal }).then(
      (data) => setState({ key, data, error: null }),
      (err: unknown) => {
        if (!ctrl.signal.aborted)
          setState({ key, data: null, error: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => ctrl.abort();
  }, [key, mapId, range.from, range.to, skip]);

  return {
    loading: !skip && state.key !== key,
    data: !skip && state.key === key ? state.data : null,
    error: !skip && state.key === key ? state.error : null,
  };
}

/** Saves the report as a CSV file (`analyticsCsv`: locations by title where the map still has them). */
export function downloadCsv(data: MapAnalytics, mapId: string, titles: ReadonlyMap<string, string | undefined>) {
  const blob = new Blob([analyticsCsv(data, (id) => titles.get(id) ?? null)], { type: 'text/csv;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `analytics-${mapId}-${data.from}-to-${data.to}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
