/**
 * Map analytics (docs/adr/015-map-analytics.md): the beacon's rules (bots, Professional maps only, the per-map
 * rate limit) and the owner's report. Nothing that identifies a visitor is read into storage: no cookie is set or
 * read, and the IP address and user agent are never written.
 */
import {
  ANALYTICS_LIMITS,
  aggregateDays,
  beaconDelta,
  beaconSchema,
  dayOf,
  type GetMapAnalyticsInput,
  type MapAnalytics,
} from '@mapnest/shared/analytics';
import { MapState } from '@mapnest/shared/constants';
import { analyticsTable } from '../adapters/analytics-table';
import type { Identity } from '../lib/identity';
import { accessible } from './maps';

/** User agents of crawlers, previewers, monitors and scripted clients: their beacons are dropped. */
const BOT_AGENT =
  /bot|crawl|spider|slurp|preview|fetch|monitor|lighthouse|headless|phantom|selenium|puppeteer|playwright|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|libwww|httpclient/i;

export function isBotAgent(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

/** How long a map's state is trusted per warm container: a map just made Professional records within a minute. */
const STATE_TTL_MS = 60_000;
const stateCache = new Map<string, { state: number | null; until: number }>();

async function isProfessional(mapId: string, now: number): Promise<boolean> {
  let hit = stateCache.get(mapId);
  if (!hit || hit.until <= now) {
    if (stateCache.size > 5_000) stateCache.clear();
    hit = { state: await analyticsTable.mapState(mapId), until: now + STATE_TTL_MS };
    stateCache.set(mapId, hit);
  }
  return hit.state === MapState.PRO;
}

export type BeaconOutcome = 'recorded' | 'dropped' | 'rate-limited' | 'invalid';

/**
 * One beacon's fate. 'invalid': not a beacon (malformed, too large); 'dropped': a bot, a map that is not
 * Professional or a beacon that counts nothing (no write); 'rate-limited': the map's minute is full (no write to
 * its day); 'recorded': counted.
 */
export async function receiveBeacon(
  req: { body: string; userAgent: string | undefined },
  at: Date = new Date(),
): Promise<BeaconOutcome> {
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
  const delta = beaconDelta(parsed.data);
  if (!delta) return 'dropped';
  if (!(await isProfessional(parsed.data.m, at.getTime()))) return 'dropped';
  if (!(await analyticsTable.takeBeaconSlot(parsed.data.m, at))) return 'rate-limited';
  await analyticsTable.addToDay(parsed.data.m, dayOf(at), delta);
  return 'recorded';
}

/** The map's report over a date range, for its owner or an administrator (anyone else: not found). */
export async function getMapAnalytics(identity: Identity, input: GetMapAnalyticsInput): Promise<MapAnalytics> {
  const map = await accessible(identity, input.id);
  const stored = await analyticsTable.days(input.id, input.from, input.to);
  return aggregateDays(stored, { mapId: input.id, from: input.from, to: input.to, pro: map.state === MapState.PRO });
}
