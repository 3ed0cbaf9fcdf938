/**
 * Map analytics for Professional maps (docs/adr/015-map-analytics.md): listens to the viewer's events and sends
 * what a visit did in one batched beacon (navigator.sendBeacon, text/plain, no cookies) when the page is hidden
 * or left. Nothing is sent on load, and a visit that does nothing after its first beacon sends nothing more.
 * The beacon's shape is `Beacon` in shared/src/calls/analytics.ts (only its type is imported: no zod in the embed).
 */
import type { Beacon } from '@mapnest/shared/analytics';
import { ID_PATTERN } from '@mapnest/shared/map-rules';
import type { ViewerEventSink } from './viewer-api';

export const BEACON_PATH = '/api/beacon';
/**
 * The server's per-beacon limits (ANALYTICS_LIMITS): entries per list, count per entry, and the most of each counter
 * (filter uses, route requests, and all location opens together). A beacon over them would be refused whole.
 */
const MAX_ENTRIES = 20;
const MAX_PER_ENTRY = 20;
const MAX_COUNT = 50;
/** Longest search term sent (`termInputChars`). */
const MAX_TERM = 200;

/** Collects a visit's events into beacons; `take()` empties it. Pure, for tests. */
export class BeaconBatch {
  #viewed = false;
  #sentView = false;
  #opens = new Map<string, number>();
  #searches: Array<[string, boolean]> = [];
  #pending: { query: string; found: boolean } | null = null;
  #filters = 0;
  #routes = 0;
  /** All opens in `#opens` together. */
  #openCount = 0;
  #routesAsked: Array<[string, string, boolean]> = [];
  #lastValues = '';

  constructor(private readonly mapId: string) {}

  /** The viewer's events, as its sink receives them (unknown types are ignored). */
  record(type: string, detail: unknown): void {
    const d = (detail ?? {}) as Record<string, unknown>;
    if (type === 'ready') this.#viewed = true;
    else if (type === 'locationOpened' && typeof d.id === 'string') {
      const had = this.#opens.get(d.id) ?? 0;
      const room = this.#opens.has(d.id) || this.#opens.size < MAX_ENTRIES;
      if (room && had < MAX_PER_ENTRY && this.#openCount < MAX_COUNT) {
        this.#opens.set(d.id, had + 1);
        this.#openCount += 1;
      }
    } else if (type === 'filtersChanged') {
      const query = typeof d.query === 'string' ? d.query.trim() : '';
      const found = typeof d.count === 'number' && d.count > 0;
      // Typing fires an event per keystroke: one search is the query a visitor settles on, so a query that
      // extends (or trims) the pending one replaces it, and a different one commits it.
      if (this.#pending && query && (query.startsWith(this.#pending.query) || this.#pending.query.startsWith(query)))
        this.#pending = { query, found };
      else {
        this.#commitSearch();
        if (query) this.#pending = { query, found };
      }
      const values = JSON.stringify(d.values ?? {});
      if (values !== this.#lastValues) {
        if (this.#lastValues !== '' || hasValue(d.values)) this.#filters = Math.min(MAX_COUNT, this.#filters + 1);
        this.#lastValues = values;
      }
    } else if (type === 'routeRequested') {
      this.#routes = Math.min(MAX_COUNT, this.#routes + 1);
      this.#recordRoute(d);
    }
  }

  /** A route asked for, by its ends' location ids and whether one was found (the first 20 of a beacon). */
  #recordRoute(d: Record<string, unknown>): void {
    const id = (v: unknown): v is string => typeof v === 'string' && ID_PATTERN.test(v);
    if (id(d.from) && id(d.to) && this.#routesAsked.length < MAX_ENTRIES)
      this.#routesAsked.push([d.from, d.to, d.found !== false]);
  }

  #commitSearch(): void {
    if (this.#pending && this.#searches.length < MAX_ENTRIES)
      this.#searches.push([this.#pending.query.slice(0, MAX_TERM), this.#pending.found]);
    this.#pending = null;
  }

  /** The beacon for what happened since the last one, or null when there is nothing to send. */
  take(): Beacon | null {
    this.#commitSearch();
    const v = this.#viewed && !this.#sentView ? 1 : 0;
    if (!v && this.#opens.size === 0 && this.#searches.length === 0 && !this.#filters && !this.#routes) return null;
    const beacon: Beacon = {
      m: this.mapId,
      v,
      o: Object.fromEntries(this.#opens),
      s: this.#searches,
      f: this.#filters,
      r: this.#routes,
    };
    if (this.#routesAsked.length) beacon.p = this.#routesAsked;
    if (v) this.#sentView = true;
    this.#opens = new Map();
    this.#openCount = 0;
    this.#searches = [];
    this.#filters = 0;
    this.#routes = 0;
    this.#routesAsked = [];
    return beacon;
  }
}

function hasValue(values: unknown): boolean {
  if (!values || typeof values !== 'object') return false;
  return Object.values(values).some((v) => (Array.isArray(v) ? v.length > 0 : Boolean(v)));
}

/**
 * Starts collecting for a published Professional map shown by the embed: returns a sink that records each
 * event and passes it on to `next`, and a stop function. The beacon goes to `origin`'s /api/beacon when the
 * page is hidden (visibilitychange) or left (pagehide): a few per visit at most.
 */
export function startBeacon(
  mapId: string,
  origin: string,
  next?: ViewerEventSink,
): { sink: ViewerEventSink; stop(): void } {
  const batch = new BeaconBatch(mapId);
  const url = `${origin}${BEACON_PATH}`;
  const flush = () => {
    const beacon = batch.take();
    // A string body is sent as text/plain;charset=UTF-8: a simple request, with no preflight and no cookies read.
    if (beacon && typeof navigator.sendBeacon === 'function') navigator.sendBeacon(url, JSON.stringify(beacon));
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', flush);
  const sink: ViewerEventSink = (type, detail) => {
    batch.record(type, detail);
    next?.(type, detail);
  };
  return {
    sink,
    stop() {
      flush();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
    },
  };
}
