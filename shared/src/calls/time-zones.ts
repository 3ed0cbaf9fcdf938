/**
 * The time zone of a map's analytics days (docs/adr/072-analytics-time-zone.md): the calendar day of an instant in a
 * zone, the zone an owner may set and its check, and the record of its last change. Re-exported by
 * `@mapnest/shared/analytics`, beside the days it counts.
 */
import * as z from 'zod/mini';
import { says } from '../zod-english';

/** The time zone of a map's analytics days when its owner never chose one: every map counted before ADR 072. */
export const DEFAULT_ANALYTICS_ZONE = 'UTC';

/** One formatter per zone: making one costs far more than using it, and the beacon asks for a day on every call. */
const dayFormats = /* @__PURE__ */ new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day ('YYYY-MM-DD') that the instant `at` falls on in `zone`, an IANA time zone ('America/New_York'):
 * a map's analytics days are days of its own zone (docs/adr/072-analytics-time-zone.md). UTC when no zone is given,
 * which is also how every date-only calculation here uses it (a day's midnight in UTC stands for the day).
 */
export function dayOf(at: Date, zone: string = DEFAULT_ANALYTICS_ZONE): string {
  if (zone === 'UTC') return at.toISOString().slice(0, 10);
  let format = dayFormats.get(zone);
  if (!format) {
    // Gregorian calendar and Latin digits whatever the runtime's default locale is.
    format = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormats.size > 500) dayFormats.clear();
    dayFormats.set(zone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** Whether the runtime's time zone database knows `zone` (the server's answer is the one that counts). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A map's analytics time zone as the owner sets it: an IANA name as the zone lists give them ('UTC',
 * 'America/New_York', 'America/Argentina/Buenos_Aires'), that the runtime's time zone database knows. Kept exactly as
 * sent, so the owner's choice shows as chosen ('Asia/Kolkata' is not turned into the database's 'Asia/Calcutta').
 */
export const analyticsZoneSchema = /* @__PURE__ */ z
  .string()
  .check(
    /* @__PURE__ */ z.regex(
      /^(?:UTC|[A-Z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2})$/,
      /* @__PURE__ */ says('Not a time zone: use a name such as America/New_York or UTC'),
    ),
  )
  .check(/* @__PURE__ */ z.maxLength(64, /* @__PURE__ */ says('Not a time zone: the name is too long')))
  .check(
    /* @__PURE__ */ z.refine(isKnownTimeZone, 'Unknown time zone: choose one from the list, such as America/New_York'),
  );

/**
 * The last change of a map's analytics time zone. A change applies from then on (days already counted stay as they
 * were): visits before it were counted in the old zone's day of the change, visits after it in the new zone's. So the
 * days from the earlier of those two days (`day`) to the later (`until`) are partly of each zone (one day, or up to
 * three for zones a day apart); every day before `day` is a day of `from`, every day after `until` of the new zone.
 */
export interface AnalyticsZoneChange {
  /** When the zone was changed (ISO 8601). */
  at: string;
  /** The zone before. */
  from: string;
  /** 'YYYY-MM-DD': days before it are days of `from`. */
  day: string;
  /** 'YYYY-MM-DD': days after it are days of the new zone. */
  until: string;
}

/** A stored map's analytics zone and its last change as calls answer them: UTC and none when it never chose one. */
export function analyticsZoneOf(map: { analyticsZone?: string; analyticsZoneChange?: AnalyticsZoneChange }): {
  analyticsZone: string;
  analyticsZoneChange: AnalyticsZoneChange | null;
} {
  return {
    analyticsZone: map.analyticsZone ?? DEFAULT_ANALYTICS_ZONE,
    analyticsZoneChange: map.analyticsZoneChange ?? null,
  };
}

/**
 * The record of a change of a map's analytics zone from `from` at the instant `at` to `to`. `staleMs`: how long after
 * the change a visit may still be counted in the old zone (the beacon trusts the zone it read for a minute), so the
 * days partly of each zone reach the old zone's day at its end.
 */
export function zoneChange(at: Date, from: string, to: string, staleMs = 0): AnalyticsZoneChange {
  const days = [dayOf(at, from), dayOf(new Date(at.getTime() + staleMs), from), dayOf(at, to)].sort();
  return { at: at.toISOString(), from, day: days[0]!, until: days[2]! };
}
