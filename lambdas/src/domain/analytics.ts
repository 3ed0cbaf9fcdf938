/**
 * Map analytics (docs/adr/015-map-analytics.md, 025-beacon-abuse.md): the beacon's rules (bots, Professional maps
 * only, the per-client and per-map rate limits, only locations of the published map) and the owner's report. Nothing
 * that identifies a visitor is read into storage: no cookie is set or read, the user agent is never written, and the
 * client address only ever as a salted hash that changes every minute (adapters/rate-limits.ts).
 */
import {
  ANALYTICS_LIMITS,
  aggregateDays,
  beaconDelta,
  beaconSchema,
  analyticsZoneOf,
  countingOf,
  dayOf,
  zoneChange as changeOfZone,
  type GetMapAnalyticsInput,
  type MapAnalytics,
  type SetMapAnalyticsZoneInput,
} from '@mapnest/shared/analytics';
import { MapState } from '@mapnest/shared/constants';
import { CallError } from '@mapnest/shared/errors';
import type { MapSummary } from '@mapnest/shared/maps';
import { analyticsTable } from '../adapters/analytics-table';
import * as mapObjects from '../adapters/maps/map-objects';
import { rateLimits, type RateLimit } from '../adapters/rate-limits';
import type { Identity } from '../lib/identity';
import { toSummary } from './maps';
import * as maps from './services/maps';

/** User agents of crawlers, previewers, monitors and scripted clients: their beacons are dropped. */
const BOT_AGENT =
  /bot|crawl|spider|slurp|preview|fetch|monitor|lighthouse|headless|phantom|selenium|puppeteer|playwright|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|libwww|httpclient/i;

export function isBotAgent(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

/** Every id counts as a location: for asking whether a beacon could count anything at all. */
const ANY_LOCATION = { has: () => true };

/**
 * How long a map's state and analytics time zone are trusted per warm container: a map just made Professional
 * records within a minute, and a new zone counts every visit within a minute (those before go to the old zone's day).
 */
const STATE_TTL_MS = 60_000;
const stateCache = new Map<string, { map: { state: number; zone: string } | null; until: number }>();

/** The time zone of a Professional map's days, or null when the map is not Professional (or does not exist). */
async function professionalZone(mapId: string, now: number): Promise<string | null> {
  let hit = stateCache.get(mapId);
  if (!hit || hit.until <= now) {
    if (stateCache.size > 5_000) stateCache.clear();
    hit = { map: await analyticsTable.mapState(mapId), until: now + STATE_TTL_MS };
    stateCache.set(mapId, hit);
  }
  return hit.map?.state === MapState.PRO ? hit.map.zone : null;
}

/**
 * How long a map's published location ids are trusted per warm container, like its state: opens of a location just
 * published are counted within a minute. One read of the published copy per map per container per minute.
 */
const LOCATIONS_TTL_MS = 60_000;
const locationsCache = new Map<string, { ids: ReadonlySet<string> | null; until: number }>();

/**
 * The location ids of the map visitors see (its published copy), or null when visitors see no map (nothing
 * published, an expired test map, a deleted map).
 */
async function publishedLocations(mapId: string, now: number): Promise<ReadonlySet<string> | null> {
  let hit = locationsCache.get(mapId);
  if (!hit || hit.until <= now) {
    if (locationsCache.size > 1_000) locationsCache.clear();
    const document = (await mapObjects.getPublished(mapId))?.document;
    hit = { ids: document ? new Set(document.locations.map((l) => l.id)) : null, until: now + LOCATIONS_TTL_MS };
    locationsCache.set(mapId, hit);
  }
  return hit.ids;
}

/** One client address's beacons: see `beaconsPerClientMinute` for why a visitor never reaches it. */
const CLIENT_LIMITS: readonly RateLimit[] = [
  { scope: 'beacon-client', windowSeconds: 60, max: ANALYTICS_LIMITS.beaconsPerClientMinute },
];

export type BeaconOutcome = 'recorded' | 'dropped' | 'client-limited' | 'rate-limited' | 'invalid';

/**
 * One beacon's fate. 'invalid': not a beacon (malformed, too large); 'dropped': a bot, a map that is not
 * Professional or not published, or a beacon that counts nothing once ids the published map does not have are left
 * out (no write to its day); 'client-limited': the sending address is over its own limit (checked before the map's,
 * so its beacons never take the map's slots); 'rate-limited': the map's minute is full (no write to its day;
 * `retryAfterSeconds` to the next minute); 'recorded': counted.
 * `client` is the sender's address ('' when unknown: only the map's limit applies).
 */
export async function receiveBeacon(
  req: { body: string; userAgent: string | undefined; client: string },
  at: Date = new Date(),
): Promise<{ outcome: BeaconOutcome; retryAfterSeconds?: number }> {
  const outcome = await beaconOutcome(req, at);
  if (typeof outcome === 'number') return { outcome: 'client-limited', retryAfterSeconds: outcome };
  // The map's slots are counted per clock minute: the next one starts afresh.
  if (outcome === 'rate-limited')
    return { outcome, retryAfterSeconds: 60 - Math.floor((at.getTime() % 60_000) / 1000) };
  return { outcome };
}

/** The beacon's outcome, or the seconds until its client may send again when it is over its limit. */
async function beaconOutcome(
  req: { body: string; userAgent: string | undefined; client: string },
  at: Date,
): Promise<Exclude<BeaconOutcome, 'client-limited'> | number> {
  if (Buffer.byteLength(req.body) > ANALYTICS_LIMITS.bodyBytes) return 'invalid';
  let json: unknown;
  try {
    json = JSON.parse(req.body);
  } catch {
    return 'invalid';
  }
  const parsed = beaconSchema.safeParse(json);
  if (!parsed.success) return 'invalid';
  if (isBotAgent(req.userAgent)) return 'dropped';
  // Nothing to count even if every id were the map's: no read is made for it.
  if (!beaconDelta(parsed.data, ANY_LOCATION)) return 'dropped';
  const zone = await professionalZone(parsed.data.m, at.getTime());
  if (zone === null) return 'dropped';
  if (req.client) {
    const wait = await rateLimits.take(req.client, CLIENT_LIMITS, at);
    if (wait > 0) return wait;
  }
  const locations = await publishedLocations(parsed.data.m, at.getTime());
  // Visitors see no map: nothing they did can have happened.
  if (!locations) return 'dropped';
  const delta = beaconDelta(parsed.data, locations);
  if (!delta) return 'dropped';
  if (!(await analyticsTable.takeBeaconSlot(parsed.data.m, at))) return 'rate-limited';
  // The visit's day in the map's own zone: a visit at 20:30 in New York is that evening's, not the next UTC day's.
  await analyticsTable.addToDay(parsed.data.m, dayOf(at, zone), delta);
  return 'recorded';
}

/**
 * The map's report over a date range of its own zone's days, for its owner or an administrator (anyone else: not
 * found), with the days it was not counted on because it was not Professional. A range ending after the zone's today
 * is refused, as the page refuses it.
 */
export async function getMapAnalytics(
  identity: Identity,
  input: GetMapAnalyticsInput,
  at: Date = new Date(),
): Promise<MapAnalytics> {
  const map = await maps.accessible(identity, input.id);
  const { analyticsZone: timeZone, analyticsZoneChange: zoneChange } = analyticsZoneOf(map);
  const today = dayOf(at, timeZone);
  if (input.to > today)
    throw new CallError('invalid-argument', `The end date must not be after today (${today}, ${timeZone}).`, {
      field: 'to',
      today,
    });
  const stored = await analyticsTable.days(input.id, input.from, input.to);
  return aggregateDays(stored, {
    mapId: input.id,
    from: input.from,
    to: input.to,
    pro: map.state === MapState.PRO,
    timeZone,
    zoneChange,
    // Which days it was Professional on, and so counted (ADR 074): the map's item holds it, so this costs no read.
    counting: countingOf(map),
    created: map.created,
  });
}

/**
 * Sets the time zone the map's analytics days are counted in from now on (owner or administrator; anyone else: not
 * found), recording when and from which zone, so reports can say which days are of the zone before. Days already
 * counted stay as they are (ADR 072). The same zone again changes nothing. A change made elsewhere at the same moment
 * is read again, so the recorded previous zone is always the one this change replaced.
 */
export async function setMapAnalyticsZone(
  identity: Identity,
  input: SetMapAnalyticsZoneInput,
  at: Date = new Date(),
): Promise<MapSummary> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const map = await maps.accessible(identity, input.id);
    const current = analyticsZoneOf(map).analyticsZone;
    if (current === input.zone) return toSummary(map, at);
    // Warm beacons may count in the old zone for as long as they trust the zone they read.
    const change = changeOfZone(at, current, input.zone, STATE_TTL_MS);
    if (await analyticsTable.setZone(map.id, input.zone, change))
      return toSummary({ ...map, analyticsZone: input.zone, analyticsZoneChange: change }, at);
  }
  throw new CallError(
    'aborted',
    'The analytics time zone was being changed elsewhere at the same time, so this change was not made. Reload to see it.',
  );
}
