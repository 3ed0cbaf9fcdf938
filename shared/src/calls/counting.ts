/**
 * When a map's analytics were counted (docs/adr/074-days-a-map-was-not-counted.md): the beacon counts visits only
 * while the map is Professional, so a day it was not is a day nothing could be counted, not a day nobody came. Every
 * write that changes a map's state keeps the record of its Professional periods on the map's item, in the same write;
 * a report turns it into days of the map's analytics time zone. Re-exported by `@mapnest/shared/analytics`.
 */
import { MapState } from '../constants';
import { dayOf, type AnalyticsZoneChange } from './time-zones';

/** Professional periods kept per map: the oldest goes when a new one would make more (the record then starts later). */
export const COUNTING_PERIODS = 20;

/**
 * How long after a map leaves Professional a visit may still be counted: the beacon trusts the state it read for a
 * minute per warm container (lambdas/src/domain/analytics.ts).
 */
export const COUNTING_STALE_MS = 60_000;

/** A time the map was Professional: from `from` to `to` (ISO instants); no `to` while it still is. */
export interface CountingPeriod {
  from: string;
  to?: string;
}

/** A map's Professional periods, kept on its item (`counting`). */
export interface CountingRecord {
  /**
   * From this instant on every period is recorded (ISO): the map's creation; for a map made before records were
   * kept, when it last became Professional (if it is) or its first change of state since; later when old periods
   * were dropped to keep at most `COUNTING_PERIODS`.
   */
  since: string;
  /** Oldest first. */
  periods: CountingPeriod[];
}

/** The map fields the record is kept from. */
export interface CountedMap {
  state: number;
  created: string;
  promotedAt?: string;
  counting?: CountingRecord;
}

/** The record of a map made at `at` in `state`. */
export function newCounting(state: number, at: string): CountingRecord {
  return { since: at, periods: state === MapState.PRO ? [{ from: at }] : [] };
}

/**
 * What is known of a map without a record (made before records were kept): a Professional map has been one since it
 * last moved into a paid state (`promotedAt`: every move into Professional sets it; a map made Professional when it
 * was created has none and has been one since then); of any other map nothing is known.
 */
export function countingOf(map: CountedMap): CountingRecord | null {
  if (map.counting) return map.counting;
  if (map.state !== MapState.PRO) return null;
  const from = map.promotedAt ?? map.created;
  return { since: from, periods: [{ from }] };
}

/**
 * The record after the map moves from its state to `to` at `at`: a period opens when it becomes Professional and
 * closes when it stops being one. A map without a record starts one here (`countingOf`, or from now). At most
 * `COUNTING_PERIODS` are kept; dropping the oldest moves `since` to its end.
 */
export function countingAfter(map: CountedMap, to: number, at: string): CountingRecord {
  const base = countingOf(map) ?? { since: at, periods: [] };
  const periods = base.periods.map((p) => ({ ...p }));
  let since = base.since;
  const last = periods[periods.length - 1];
  if (map.state !== MapState.PRO && to === MapState.PRO) periods.push({ from: at });
  else if (map.state === MapState.PRO && to !== MapState.PRO) {
    if (last && !last.to) last.to = at;
    // Professional with no open period cannot be recorded; the period it was in is then unknown.
    else since = at;
  }
  while (periods.length > COUNTING_PERIODS) since = periods.shift()!.to ?? since;
  return { since, periods };
}

/** Whether a day of a report was counted, not counted (the map was not Professional), or is not known. */
export type DayCounting = 'counted' | 'not-counted' | 'not-recorded';

/** What a report says about counting, beside its days. */
export interface ReportCounting {
  /** The day the map's current Professional period began (it has been counted since); null when it is not one. */
  since: string | null;
  /** Days of the range the map was not Professional on at all: nothing was counted, and they are not zeros. */
  notCounted: string[];
  /**
   * Days of the range before its periods were recorded (`CountingRecord.since`) with nothing counted on them: the
   * map may have been Professional with no visitor, or not Professional.
   */
  notRecorded: string[];
}

/**
 * Sorts a report's days by counting. A day something was counted on is counted whatever the record says; a day before
 * the map was `created` was not (for a map made before records too). A
 * period's instants become days of the zone in effect then (`zoneChange.from` before the zone's last change); its
 * last day reaches a minute past its end (`COUNTING_STALE_MS`).
 */
export function reportCounting(
  record: CountingRecord | null,
  days: ReadonlyArray<{ day: string; counted: boolean }>,
  zone: string,
  zoneChange: AnalyticsZoneChange | null,
  created?: string,
): ReportCounting {
  const dayAt = (iso: string, late = 0) => {
    const at = Date.parse(iso);
    return dayOf(new Date(at + late), zoneChange && at < Date.parse(zoneChange.at) ? zoneChange.from : zone);
  };
  const spans = (record?.periods ?? []).map((p) => ({
    from: dayAt(p.from),
    to: p.to ? dayAt(p.to, COUNTING_STALE_MS) : null,
  }));
  const knownFrom = record ? dayAt(record.since) : null;
  // Before the map was made nothing could be counted, whatever is known of it since.
  const made = created ? dayAt(created) : null;
  const open = spans.length > 0 && spans[spans.length - 1]!.to === null ? spans[spans.length - 1]! : null;
  const out: ReportCounting = { since: open?.from ?? null, notCounted: [], notRecorded: [] };
  for (const { day, counted } of days) {
    if (counted || spans.some((s) => s.from <= day && (s.to === null || day <= s.to))) continue;
    if (made !== null && day < made) out.notCounted.push(day);
    else if (knownFrom === null || day < knownFrom) out.notRecorded.push(day);
    else out.notCounted.push(day);
  }
  return out;
}

/** How a report's day was counted (`counted` unless its report says otherwise). */
export function dayCounting(counting: ReportCounting | undefined, day: string): DayCounting {
  if (counting?.notCounted.includes(day)) return 'not-counted';
  if (counting?.notRecorded.includes(day)) return 'not-recorded';
  return 'counted';
}

/** The first and last of consecutive days, as "2026-11-01 to 2026-11-03" or one day. */
function spansOf(days: readonly string[]): string[] {
  const out: string[] = [];
  let start: string | null = null;
  let prev: string | null = null;
  const next = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  for (const d of [...days].sort()) {
    if (prev && next(prev) === d) {
      prev = d;
      continue;
    }
    if (start && prev) out.push(start === prev ? start : `${start} to ${prev}`);
    start = prev = d;
  }
  if (start && prev) out.push(start === prev ? start : `${start} to ${prev}`);
  return out;
}

/**
 * What a report must say about the days it could not count, in plain words for the page, its screen readers and
 * the CSV; empty when every day was counted.
 */
export function countingNotes(counting: ReportCounting | undefined, from: string): string[] {
  if (!counting) return [];
  const notes: string[] = [];
  if (counting.since && counting.since > from)
    notes.push(`Counted since ${counting.since}, the day this map became Professional.`);
  if (counting.notCounted.length > 0)
    notes.push(
      `Not counted: ${spansOf(counting.notCounted).join(', ')}. This map was not Professional then, so its visits were not counted; these days are not zero visits.`,
    );
  if (counting.notRecorded.length > 0)
    notes.push(
      `Not recorded: ${spansOf(counting.notRecorded).join(', ')}. Mapnest did not yet record when this map was Professional, so a day with no visits there may be a day it was not counted.`,
    );
  return notes;
}
