/** A map's analytics report for a range, asked for again whenever the range changes (never while it has a problem). */
import { useEffect, useState } from 'react';
import { analyticsCsv, type MapAnalytics } from '@mapnest/shared/analytics';
import { call } from '../../lib/api';
import { loadErrorText } from './analytics-errors';
import type { DayRange } from './analytics-range';

export interface AnalyticsState {
  loading: boolean;
  data: MapAnalytics | null;
  error: string | null;
  /** Asks for the report again (after a failure). */
  retry(): void;
}

/** `zone`: the map's analytics time zone; a new one asks again (the report says which zone its days are). */
export function useAnalytics(mapId: string, range: DayRange, skip: boolean, zone = ''): AnalyticsState {
  const [state, setState] = useState<{ key: string; data: MapAnalytics | null; error: string | null }>({
    key: '',
    data: null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const key = `${mapId}|${range.from}|${range.to}|${zone}|${attempt}`;

  useEffect(() => {
    if (skip) return;
    const ctrl = new AbortController();
    call('getMapAnalytics', { id: mapId, from: range.from, to: range.to }, { signal: ctrl.signal }).then(
      (data) => setState({ key, data, error: null }),
      (err: unknown) => {
        if (!ctrl.signal.aborted) setState({ key, data: null, error: loadErrorText(err) });
      },
    );
    return () => ctrl.abort();
  }, [key, mapId, range.from, range.to, skip]);

  return {
    loading: !skip && state.key !== key,
    data: !skip && state.key === key ? state.data : null,
    error: !skip && state.key === key ? state.error : null,
    retry: () => setAttempt((n) => n + 1),
  };
}

/**
 * Saves the report as a CSV file (`analyticsCsv`: locations by title where the map still has them), starting with a
 * UTF-8 byte order mark: without it Excel reads the file in the system's code page, and accented, Arabic, Hebrew or
 * Chinese titles and search terms come out garbled (docs/adr/064-analytics-and-view-as-review.md).
 */
export function downloadCsv(data: MapAnalytics, mapId: string, titles: ReadonlyMap<string, string | undefined>) {
  const csv = analyticsCsv(data, (id) => titles.get(id) ?? null);
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `analytics-${mapId}-${data.from}-to-${data.to}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
