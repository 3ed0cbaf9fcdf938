/**
 * Map analytics for Professional maps (docs/adr/015-map-analytics.md): the beacon the embed sends, the limits
 * the server applies to it, the `getMapAnalytics` call's input and answer, and the pure aggregation of stored
 * days into a report. Nothing here identifies a visitor: no cookie, no IP address, no user agent.
 */
import * as z from 'zod/mini';
import { says } from '../zod-english';
import { mapIdSchema } from './maps';
import { analyticsZoneSchema, DEFAULT_ANALYTICS_ZONE, dayOf, type AnalyticsZoneChange } from './time-zones';

// A map's analytics time zone and the days of it (ADR 072), with the rest of analytics.
export {
  DEFAULT_ANALYTICS_ZONE,
  analyticsZoneOf,
  analyticsZoneSchema,
  dayOf,
  isKnownTimeZone,
  zoneChange,
  type AnalyticsZoneChange,
} from './time-zones';
// When the map was Professional, and so counted (ADR 074), with the rest of analytics.
export {
  COUNTING_PERIODS,
  COUNTING_STALE_MS,
  countingAfter,
  countingNotes,
  countingOf,
  dayCounting,
  newCounting,
  reportCounting,
  type CountingPeriod,
  type CountingRecord,
  type DayCounting,
  type ReportCounting,
} from './counting';
import { countingNotes, dayCounting, reportCounting, type CountingRecord, type ReportCounting } from './counting';
import { ID_PATTERN } from '../document/map-rules';

/*
 * The limits the beacon's and the report's schemas are built with, as plain constants: esbuild keeps a schema whose
 * construction reads a property or fills a template literal (either could run code), so a bundle that imports
 * anything from this module but uses neither schema (deleting a map's days) would carry both (ADR 044).
 */
const ENTRIES_PER_BEACON = 20;
const COUNT_PER_ENTRY = 20;
const COUNT_PER_BEACON = 50;
const TERM_INPUT_CHARS = 200;
const RANGE_DAYS = 366;

export const ANALYTICS_LIMITS = {
  /** Largest beacon body accepted, in bytes (a full beacon is well under 4 KB). */
  bodyBytes: 8 * 1024,
  /** Beacons recorded per map per minute; the rest are refused (429) and change nothing. */
  beaconsPerMapMinute: 300,
  /** Distinct entries kept per top list per map-day (locations, searches, searches with no result). */
  listEntriesPerDay: 500,
  /**
   * Beacons one client address may have recorded per minute (sliding), before the map's own limit is touched. A
   * visitor's embed sends one beacon each time the page is hidden or left after the visitor did something
   * (web/src/viewer/analytics-beacon.ts): a few a visit, never more than one every few seconds, since each needs a
   * tab switch and something done in between. 60 a minute (one a second, all minute long) leaves room for many
   * visitors behind one address (a venue's or an office's network) while one client flooding a map keeps at most a
   * fifth of the map's minute (`beaconsPerMapMinute`) and cannot crowd out everyone else.
   */
  beaconsPerClientMinute: 60,
  /** Entries per list in one beacon, and the most one entry may count in one beacon. */
  entriesPerBeacon: ENTRIES_PER_BEACON,
  countPerEntry: COUNT_PER_ENTRY,
  /** Most of each plain counter in one beacon (one visit), and of all location opens together. */
  countPerBeacon: COUNT_PER_BEACON,
  /** Longest search term a beacon may carry, in characters (the embed cuts queries to this). */
  termInputChars: TERM_INPUT_CHARS,
  /** Search terms are kept cleaned (see `normaliseTerm`) and cut to this many characters. */
  termChars: 40,
  /** Entries in each top list of a report. */
  topEntries: 50,
  /** Longest range a report covers, in days. */
  rangeDays: RANGE_DAYS,
  /** Map-days are kept this long after their day, then DynamoDB's TTL removes them; reports cannot reach further back. */
  keptDays: 400,
} as const;

/**
 * Control and invisible formatting characters (bidirectional overrides, zero-width spaces, the byte order mark), which
 * a visitor cannot have typed into a search box on purpose and which would make stored terms look like other terms.
 * The zero-width joiner and non-joiner stay: some scripts and emoji need them.
 */
const INVISIBLE = /(?![\u200c\u200d])[\p{Cc}\p{Cf}]/gu;

/**
 * A search term as stored: whitespace (tabs and line breaks too) collapsed to single spaces, control and invisible
 * formatting characters removed, trimmed, lowercased, and cut to at most `termChars` characters (whole characters:
 * an emoji is never cut in half).
 */
export function normaliseTerm(term: string): string {
  const clean = term.replace(/\s+/g, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim().toLowerCase();
  return Array.from(clean).slice(0, ANALYTICS_LIMITS.termChars).join('').trim();
}

const count = (max: number) =>
  /* @__PURE__ */ z
    .number()
    .check(/* @__PURE__ */ z.int())
    .check(/* @__PURE__ */ z.gte(0))
    .check(/* @__PURE__ */ z.lte(max));
const entryKey = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.minLength(1))
  .check(/* @__PURE__ */ z.maxLength(100));
/** A route asked for: from and to location ids, and whether a route was found. */
const routeAsked = /* @__PURE__ */ z.tuple([
  /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.regex(ID_PATTERN)),
  /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.regex(ID_PATTERN)),
  /* @__PURE__ */ z.boolean(),
]);

/**
 * Location opens by location id, read as a list of [id, opens] pairs and answered as a list of counts with no
 * prototype (`emptyCounts`). The ids come from visitors and a location's id may be any valid id, '__proto__' too: a
 * record schema writes each key into a plain object, where '__proto__' sets the prototype and the entry is lost
 * (uncounted, and not held to the limits below either).
 */
const opensSchema = /* @__PURE__ */ z.pipe(
  /* @__PURE__ */ z.pipe(
    /* @__PURE__ */ z.custom<Record<string, unknown>>(
      (o) => typeof o === 'object' && o !== null && !Array.isArray(o),
      /* @__PURE__ */ says('Expected an object of location ids and opens'),
    ),
    /* @__PURE__ */ z.transform((o) => Object.entries(o)),
  ),
  /* @__PURE__ */ z.pipe(
    /* @__PURE__ */ z
      .array(/* @__PURE__ */ z.tuple([entryKey, /* @__PURE__ */ count(COUNT_PER_ENTRY)]))
      .check(/* @__PURE__ */ z.maxLength(ENTRIES_PER_BEACON, /* @__PURE__ */ says('Too many locations')))
      .check(
        /* @__PURE__ */ z.refine(
          (entries) => entries.reduce((sum, [, n]) => sum + n, 0) <= COUNT_PER_BEACON,
          'Too many location opens',
        ),
      ),
    /* @__PURE__ */ z.transform((entries) => {
      const counts = emptyCounts();
      for (const [id, n] of entries) counts[id] = n;
      return counts;
    }),
  ),
);

/**
 * One beacon: what one visit did since the last beacon. `v` views (1 on a visit's first beacon, then 0),
 * `o` location opens by location id, `s` searches as [term, found] pairs, `f` filter uses, `r` route requests.
 */
export const beaconSchema = /* @__PURE__ */ z.strictObject({
  m: mapIdSchema,
  v: /* @__PURE__ */ count(1),
  o: opensSchema,
  s: /* @__PURE__ */ z
    .array(
      /* @__PURE__ */ z.tuple([
        /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.maxLength(TERM_INPUT_CHARS)),
        /* @__PURE__ */ z.boolean(),
      ]),
    )
    .check(/* @__PURE__ */ z.maxLength(ENTRIES_PER_BEACON)),
  f: /* @__PURE__ */ count(COUNT_PER_BEACON),
  r: /* @__PURE__ */ count(COUNT_PER_BEACON),
  /** The routes asked for, as [from, to, found] (embeds older than the field send none). */
  p: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.array(routeAsked).check(/* @__PURE__ */ z.maxLength(ENTRIES_PER_BEACON)),
  ),
});
export type Beacon = z.infer<typeof beaconSchema>;

/** A map-day's plain counters, in the order reports and CSV show them. */
export const DAY_COUNTERS = ['views', 'opens', 'searches', 'searchesEmpty', 'filters', 'routes'] as const;
export type DayCounters = Record<(typeof DAY_COUNTERS)[number], number>;
const zeroCounters = (): DayCounters => ({ views: 0, opens: 0, searches: 0, searchesEmpty: 0, filters: 0, routes: 0 });

/** What a beacon adds to its map-day: plain counters and per-entry counts, search terms normalised. */
export interface DayDelta extends DayCounters {
  /** Location id -> opens. */
  loc: Record<string, number>;
  /** Search term -> searches. */
  q: Record<string, number>;
  /** Search term -> searches that found nothing. */
  qn: Record<string, number>;
  /** Route asked for (`routeKey`) -> requests. */
  rt: Record<string, number>;
  /** Route asked for -> requests that found no route. */
  rtn: Record<string, number>;
}

/**
 * An empty list of counts. Its keys come from visitors (search terms, ids), so it has no prototype: on a plain object
 * a term such as 'constructor' or 'toString' would read Object.prototype's member, and '__proto__' could not be set.
 */
export const emptyCounts = (): Record<string, number> => Object.create(null) as Record<string, number>;

/** The lists of a map-day; the last two are the routes visitors asked for (`routeKey`) and those not found. */
export const TOP_LISTS = ['loc', 'q', 'qn', 'rt', 'rtn'] as const;
export type TopList = (typeof TOP_LISTS)[number];

/**
 * The counts a valid beacon adds to its day; null when it adds nothing (no write is made for it). `locations` are the
 * location ids of the map visitors see (its published version): opens of any other id, and routes asked for between
 * ids that are not among them, are dropped, so forged ids are never counted or listed.
 */
export function beaconDelta(b: Beacon, locations: { has(id: string): boolean }): DayDelta | null {
  const d: DayDelta = {
    views: b.v,
    opens: 0,
    searches: 0,
    searchesEmpty: 0,
    filters: b.f,
    routes: b.r,
    loc: emptyCounts(),
    q: emptyCounts(),
    qn: emptyCounts(),
    rt: emptyCounts(),
    rtn: emptyCounts(),
  };
  for (const [id, n] of Object.entries(b.o)) {
    if (n <= 0 || !locations.has(id)) continue;
    d.loc[id] = n;
    d.opens += n;
  }
  for (const [raw, found] of b.s) {
    const term = normaliseTerm(raw);
    if (!term) continue;
    d.searches += 1;
    d.q[term] = (d.q[term] ?? 0) + 1;
    if (!found) {
      d.searchesEmpty += 1;
      d.qn[term] = (d.qn[term] ?? 0) + 1;
    }
  }
  addRoutesAsked(
    d,
    (b.p ?? []).filter(([from, to]) => locations.has(from) && locations.has(to)),
  );
  const empty = d.views + d.opens + d.searches + d.filters + d.routes === 0;
  return empty ? null : d;
}

/** How a route asked for is kept: its two location ids (which cannot hold '>'). */
export const routeKey = (from: string, to: string): string => `${from}>${to}`;
/** The location ids of a `routeKey`. */
export function routeEnds(key: string): { from: string; to: string } {
  const at = key.indexOf('>');
  return { from: key.slice(0, at), to: key.slice(at + 1) };
}

/** Adds a beacon's routes asked for to its day's lists (`rt`, and `rtn` for those with no route). */
function addRoutesAsked(d: DayDelta, routes: ReadonlyArray<readonly [string, string, boolean]>): void {
  for (const [from, to, found] of routes) {
    const key = routeKey(from, to);
    d.rt[key] = (d.rt[key] ?? 0) + 1;
    if (!found) d.rtn[key] = (d.rtn[key] ?? 0) + 1;
  }
}

/** setMapAnalyticsZone: the zone a map's analytics days are counted in from now on. */
export const setMapAnalyticsZoneInput = /* @__PURE__ */ z.strictObject({ id: mapIdSchema, zone: analyticsZoneSchema });
export type SetMapAnalyticsZoneInput = z.infer<typeof setMapAnalyticsZoneInput>;

const daySchema = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.regex(/^\d{4}-\d{2}-\d{2}$/, /* @__PURE__ */ says('Use a date like 2026-01-31')))
  .check(
    /* @__PURE__ */ z.refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && dayOf(new Date(`${s}T00:00:00Z`)) === s,
      'Not a calendar date',
    ),
  );

export const getMapAnalyticsInput = /* @__PURE__ */ z
  .strictObject({ id: mapIdSchema, from: daySchema, to: daySchema })
  .check(
    /* @__PURE__ */ z.refine((i) => i.from <= i.to, {
      message: 'The start date must not be after the end date',
      path: ['from'],
    }),
  )
  .check(
    /* @__PURE__ */ z.refine((i) => daysBetween(i.from, i.to) < ANALYTICS_LIMITS.rangeDays, {
      // A function: a template literal here would keep the schema in bundles that never use it (see RANGE_DAYS).
      error: () => `A report covers at most ${RANGE_DAYS} days`,
      path: ['to'],
    }),
  );
export type GetMapAnalyticsInput = z.infer<typeof getMapAnalyticsInput>;

/** Whole days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Every day from `from` to `to`, inclusive. */
export function daysInRange(from: string, to: string): string[] {
  const out: string[] = [];
  const n = daysBetween(from, to);
  for (let i = 0; i <= n; i++) out.push(dayOf(new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000)));
  return out;
}

export interface DailyRow extends DayCounters {
  day: string;
}

export interface TopEntry {
  key: string;
  count: number;
}

/** The answer of `getMapAnalytics`: one row per day of the range (zeros included), totals and top lists. */
export interface MapAnalytics {
  mapId: string;
  from: string;
  to: string;
  /** Whether the map is on the Professional plan now (only Professional maps record). */
  pro: boolean;
  /** The time zone the days are counted in (the map's analytics zone). */
  timeZone: string;
  /** The zone's last change, or null when it never changed. */
  zoneChange: AnalyticsZoneChange | null;
  days: DailyRow[];
  /**
   * Which days were not counted because the map was not Professional, or are not known to have been (ADR 074); their
   * rows hold zeros, which are not visits: show them as not counted. Since the counted day the map became Professional.
   */
  counting: ReportCounting;
  /** Over the counted days (nothing is counted on the others). */
  totals: Omit<DailyRow, 'day'>;
  /** Location id -> opens (the editor shows each with its title from the map document). */
  topLocations: TopEntry[];
  topSearches: TopEntry[];
  emptySearches: TopEntry[];
  /** Routes asked for (`routeKey`: from and to location ids), and those for which no route was found. */
  topRoutes: TopEntry[];
  failedRoutes: TopEntry[];
}

/** A stored map-day as the report reads it. */
export type StoredDay = Partial<Omit<DailyRow, 'day'>> & { day: string } & Partial<
    Record<TopList, Record<string, number>>
  >;

function top(merged: Map<string, number>): TopEntry[] {
  return [...merged]
    .map(([key, n]) => ({ key, count: n }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .slice(0, ANALYTICS_LIMITS.topEntries);
}

/**
 * Sums stored days into a report over `from`..`to`: days without an item count zero; lists are merged and cut. The
 * days are of `timeZone` (UTC when not given), changed as `zoneChange` says. `counting`: the map's Professional
 * periods (`countingOf`), null when none are known; not given, every day counts.
 */
export function aggregateDays(
  stored: StoredDay[],
  range: {
    mapId: string;
    from: string;
    to: string;
    pro: boolean;
    timeZone?: string;
    zoneChange?: AnalyticsZoneChange | null;
    counting?: CountingRecord | null;
    /** When the map was made: no day before it was counted. */
    created?: string;
  },
): MapAnalytics {
  const byDay = new Map(stored.map((s) => [s.day, s]));
  const totals = zeroCounters();
  const lists = Object.fromEntries(TOP_LISTS.map((l) => [l, new Map<string, number>()])) as Record<
    TopList,
    Map<string, number>
  >;
  const days = daysInRange(range.from, range.to).map((day) => {
    const s = byDay.get(day);
    const row: DailyRow = { day, ...zeroCounters() };
    for (const c of DAY_COUNTERS) {
      row[c] = Number(s?.[c] ?? 0);
      totals[c] += row[c];
    }
    for (const list of TOP_LISTS) {
      for (const [k, n] of Object.entries(s?.[list] ?? {})) lists[list].set(k, (lists[list].get(k) ?? 0) + Number(n));
    }
    return row;
  });
  const { counting: record, created, ...rest } = range;
  const timeZone = range.timeZone ?? DEFAULT_ANALYTICS_ZONE;
  const zoneChange = range.zoneChange ?? null;
  return {
    ...rest,
    timeZone,
    zoneChange,
    days,
    counting:
      record === undefined
        ? { since: null, notCounted: [], notRecorded: [] }
        : reportCounting(
            record,
            days.map((d) => ({ day: d.day, counted: byDay.has(d.day) })),
            timeZone,
            zoneChange,
            created,
          ),
    totals,
    topLocations: top(lists.loc),
    topSearches: top(lists.q),
    emptySearches: top(lists.qn),
    topRoutes: top(lists.rt),
    failedRoutes: top(lists.rtn),
  };
}

/**
 * What a report must say about its days besides their zone, when its range reaches back to the zone's last change:
 * which days are of the zone before, and which are partly of each (`AnalyticsZoneChange`). Null otherwise.
 */
export function zoneChangeNote(a: Pick<MapAnalytics, 'from' | 'timeZone' | 'zoneChange'>): string | null {
  const change = a.zoneChange;
  if (!change || change.from === a.timeZone || a.from > change.until) return null;
  const before = `Days before ${change.day} are ${change.from} days`;
  return change.day === change.until
    ? `${before}; ${change.day}, the day the time zone was changed to ${a.timeZone}, is partly of each.`
    : `${before}; ${change.day} to ${change.until}, the days around the change of time zone to ${a.timeZone}, are partly of each.`;
}

const FORMULA_START = /^(?: *[=+\-@]|[\t\r\n\0])/;

/** The report as CSV: the daily rows, then each top list (RFC 4180 quoting); `titles` names location ids. */
export function analyticsCsv(a: MapAnalytics, titles: (id: string) => string | null = () => null): string {
  const cell = (v: string | number) => {
    const s = String(v);
    // OWASP's CSV injection rule: a cell a spreadsheet would read as a formula (one that starts with = + - @, a tab,
    // a line break or NUL, also after leading spaces, which some spreadsheets skip) gets a leading apostrophe.
    const safe = FORMULA_START.test(s) ? `'${s}` : s;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const line = (cells: Array<string | number>) => cells.map(cell).join(',');
  // The first column names the zone its days are of; a change of zone within the range follows the days. A day the
  // map was not counted on has empty counts (a spreadsheet's sum or chart then skips it) and says why in `counted`.
  const out = [
    line([`day (${a.timeZone})`, ...DAY_COUNTERS, 'counted']),
    ...a.days.map((d) => {
      const how = dayCounting(a.counting, d.day);
      return how === 'counted'
        ? line([d.day, ...DAY_COUNTERS.map((c) => d[c]), 'yes'])
        : line([d.day, ...DAY_COUNTERS.map(() => ''), how === 'not-counted' ? 'not counted' : 'not recorded']);
    }),
  ];
  const notes = [zoneChangeNote(a), ...countingNotes(a.counting, a.from)].filter((n) => n !== null);
  if (notes.length > 0) out.push('', line(['note']), ...notes.map((n) => line([n])));
  out.push(
    '',
    line(['location id', 'location', 'opens']),
    ...a.topLocations.map((e) => line([e.key, titles(e.key) ?? '', e.count])),
  );
  out.push('', line(['search', 'searches']), ...a.topSearches.map((e) => line([e.key, e.count])));
  out.push('', line(['search with no result', 'searches']), ...a.emptySearches.map((e) => line([e.key, e.count])));
  const route = (list: TopEntry[], title: string) => {
    out.push('', line(['from id', 'from', 'to id', 'to', title]));
    for (const e of list) {
      const { from, to } = routeEnds(e.key);
      out.push(line([from, titles(from) ?? '', to, titles(to) ?? '', e.count]));
    }
  };
  route(a.topRoutes, 'routes asked for');
  route(a.failedRoutes, 'routes not found');
  return out.join('\r\n') + '\r\n';
}
