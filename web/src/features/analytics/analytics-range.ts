/**
 * The date range of an analytics report (docs/adr/029-analytics-page.md): the last 7, 30 or 90 days, or a custom
 * from–to, read from and written to the page's address (`?days=7`, `?from=2026-01-01&to=2026-01-31`) so a range can
 * be linked and the Back button returns to the previous one. Days are days of the map's analytics time zone, as the
 * server counts them: "today" is the zone's today (`dayOf(new Date(), zone)`), also for the check below.
 */
import { ANALYTICS_LIMITS, dayOf, daysBetween } from '@mapnest/shared/analytics';

/** How many days of counts the server keeps (each map-day's item expires that long after its day). */
export const KEPT_DAYS = ANALYTICS_LIMITS.keptDays;

export const PRESETS = [7, 30, 90] as const;
export type Preset = (typeof PRESETS)[number];
export const DEFAULT_PRESET: Preset = 30;

export interface DayRange {
  from: string;
  to: string;
}

/** What the address asks for: a preset, or a custom range (checked with `rangeProblem` before it is asked for). */
export type RangeChoice = { kind: 'preset'; days: Preset } | { kind: 'custom'; from: string; to: string };

/** `day` moved by `days` (negative: earlier). */
export const shiftDay = (day: string, days: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

/** The last `days` days, today included. */
export const lastDays = (days: number, today: string): DayRange => ({ from: shiftDay(today, -(days - 1)), to: today });

/** The earliest day whose counts are still kept. */
export const earliestKept = (today: string): string => shiftDay(today, -(KEPT_DAYS - 1));

export function choiceFromParams(params: URLSearchParams): RangeChoice {
  if (params.has('from') || params.has('to'))
    return { kind: 'custom', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const days = Number(params.get('days'));
  return { kind: 'preset', days: (PRESETS as readonly number[]).includes(days) ? (days as Preset) : DEFAULT_PRESET };
}

export function paramsOfChoice(choice: RangeChoice): Record<string, string> {
  return choice.kind === 'preset' ? { days: String(choice.days) } : { from: choice.from, to: choice.to };
}

export const rangeOfChoice = (choice: RangeChoice, today: string): DayRange =>
  choice.kind === 'preset' ? lastDays(choice.days, today) : { from: choice.from, to: choice.to };

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && dayOf(new Date(`${s}T00:00:00Z`)) === s;

/** A problem of a custom range, and which of its two fields it belongs to. */
export interface RangeProblem {
  field: 'from' | 'to';
  message: string;
}

/**
 * Why a range cannot be asked for, or null when it can: real dates, from ≤ to, not after today (the map's zone's
 * today, as the server checks it), still kept.
 */
export function rangeProblem(range: DayRange, today: string): RangeProblem | null {
  if (!range.from) return { field: 'from', message: 'Choose a start date.' };
  if (!isDay(range.from)) return { field: 'from', message: 'The start date is not a date (use YYYY-MM-DD).' };
  if (!range.to) return { field: 'to', message: 'Choose an end date.' };
  if (!isDay(range.to)) return { field: 'to', message: 'The end date is not a date (use YYYY-MM-DD).' };
  if (range.from > range.to) return { field: 'from', message: 'The start date must not be after the end date.' };
  if (range.to > today) return { field: 'to', message: `The end date must not be after today (${today}).` };
  const earliest = earliestKept(today);
  if (range.from < earliest)
    return {
      field: 'from',
      message: `Counts are kept for ${KEPT_DAYS} days: choose a start date on or after ${earliest}.`,
    };
  if (daysBetween(range.from, range.to) >= ANALYTICS_LIMITS.rangeDays)
    return { field: 'to', message: `A report covers at most ${ANALYTICS_LIMITS.rangeDays} days.` };
  return null;
}
