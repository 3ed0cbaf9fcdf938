/** Pure helpers that turn map metadata into what the maps list shows: badges, times, counts, previews. */
import { MapState, TEST_MAP_ACTIVE_DAYS } from '@mapnest/shared/constants';
import { objectKeys } from '@mapnest/shared/keys';
import type { MapSummary } from '@mapnest/shared/maps';
import { UI_LOCALE } from '../../lib/words';

const DAY_MS = 24 * 60 * 60 * 1000;

export type BadgeTone = 'test' | 'expired' | 'live' | 'pro' | 'demo' | 'admin';

export interface StateBadge {
  label: string;
  tone: BadgeTone;
  /** A longer explanation, for a tooltip and screen readers. */
  description: string;
}

/**
 * Whole days left before a test map stops being public (rounded up), or 0 once it has expired. Never more than
 * the 7 days a test map gets, even when `now` lags behind the server's clock.
 */
export function testDaysLeft(activeUntil: string | null, now: Date): number {
  if (!activeUntil) return 0;
  const left = Date.parse(activeUntil) - now.getTime();
  return left > 0 ? Math.min(TEST_MAP_ACTIVE_DAYS, Math.ceil(left / DAY_MS)) : 0;
}

/**
 * Whether visitors have a version of the map at all: false when it was never published or was taken offline (they
 * see "Map not found" at /m/{id}, whatever its state). Unknown (no `publication`): taken as published.
 */
const hasPublishedVersion = (map: Partial<Pick<MapSummary, 'publication'>>): boolean =>
  map.publication !== 'never' && map.publication !== 'offline';

/** Why nothing of a map is public: 'never published' or 'unpublished' (taken offline). */
const notPublished = (map: Partial<Pick<MapSummary, 'publication'>>): string =>
  map.publication === 'never' ? 'never published' : 'unpublished';

/**
 * The state badge of a map card: 0 test, 1 live, 2 demo, 3 pro, 9 admin. A test map's words say what visitors see:
 * an unpublished one is public nowhere, whatever its days left.
 */
export function stateBadge(
  map: Pick<MapSummary, 'state' | 'activeUntil'> & Partial<Pick<MapSummary, 'licenseEndsAt' | 'publication'>>,
  now: Date = new Date(),
): StateBadge {
  switch (map.state) {
    case MapState.LIVE:
      return map.licenseEndsAt
        ? {
            label: `Licensed until ${shortDate(map.licenseEndsAt)}`,
            tone: 'live',
            description: 'Live on Basic with a registered marketplace license.',
          }
        : { label: 'Live', tone: 'live', description: 'Live on a Basic slot.' };
    case MapState.PRO:
      return { label: 'Pro', tone: 'pro', description: 'Live on a Professional slot.' };
    case MapState.DEMO:
      return { label: 'Demo', tone: 'demo', description: 'A public demo map.' };
    case MapState.ADMIN:
      return { label: 'Admin', tone: 'admin', description: 'An administrator map.' };
    default: {
      const days = testDaysLeft(map.activeUntil, now);
      const published = hasPublishedVersion(map);
      if (days === 0) {
        return {
          label: 'Expired',
          tone: 'expired',
          description: published
            ? 'This test map is still editable, but its embed shows an expiry notice. Make it live to publish it again.'
            : `This test map is still editable; it was ${notPublished(map)}, so nothing of it is public. Make it live to publish it.`,
        };
      }
      const span = `${days} ${days === 1 ? 'day' : 'days'}`;
      const until = shortDate(map.activeUntil);
      return {
        label: `Test · ${span} left`,
        tone: 'test',
        description: published
          ? `A free test map: its embed stays public for ${span} more, until ${until}. Go live to keep it public.`
          : `A free test map, ${notPublished(map)}: nothing of it is public. Published, it would be public until ${until}; go live to keep it public longer.`,
      };
    }
  }
}

const dateFormat = new Intl.DateTimeFormat(UI_LOCALE, { dateStyle: 'medium' });

/** 'Nov 30, 2026' ('30 Nov 2026' in British English, UI_LOCALE), or '' for a missing or unreadable date. */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : dateFormat.format(time);
}

/** The state in one line for the state controls: 'Test · expires Nov 30, 2026', else the badge's label. */
export function stateText(
  map: Pick<MapSummary, 'state' | 'activeUntil'> & Partial<Pick<MapSummary, 'licenseEndsAt'>>,
  now: Date = new Date(),
): string {
  const badge = stateBadge(map, now);
  return badge.tone === 'test' ? `Test · expires ${shortDate(map.activeUntil)}` : badge.label;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

const relativeFormat = new Intl.RelativeTimeFormat(UI_LOCALE, { numeric: 'auto' });

/** '3 hours ago', 'yesterday', 'just now'; times in the future (clock skew) read as 'just now'. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const ago = now.getTime() - then;
  if (ago < 60 * 1000) return 'just now';
  for (const [unit, ms] of UNITS) {
    if (ago >= ms) return relativeFormat.format(-Math.floor(ago / ms), unit);
  }
  return 'just now';
}

const absoluteFormat = new Intl.DateTimeFormat(UI_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** The full date and time, for tooltips next to relative times. */
export function absoluteTime(iso: string): string {
  const then = Date.parse(iso);
  return Number.isNaN(then) ? '' : absoluteFormat.format(then);
}

const exactFormat = new Intl.DateTimeFormat(UI_LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });

/** The date and time to the second: versions saved within one minute are told apart by it. */
export function exactTime(iso: string): string {
  const then = Date.parse(iso);
  return Number.isNaN(then) ? '' : exactFormat.format(then);
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** '1 layer · 14 locations'. */
export function countsLabel(metrics: MapSummary['metrics']): string {
  return `${plural(metrics.layerCount, 'layer', 'layers')} · ${plural(metrics.locationCount, 'location', 'locations')}`;
}

/**
 * The image sources to try for a map's preview, best first: an upload's 256 px thumbnail, then the
 * original file. Only http(s) and site-relative addresses are used; anything else gets the placeholder.
 */
export function previewSources(previewUrl: string | null, origin: string): string[] {
  if (!previewUrl) return [];
  let url: URL;
  try {
    url = new URL(previewUrl, origin);
  } catch {
    return [];
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return [];
  const sameSite = url.origin === new URL(origin).origin;
  if (sameSite && url.pathname.startsWith('/files/') && !url.search && !url.hash) {
    return [objectKeys.thumbnail(previewUrl, 256), previewUrl];
  }
  return [previewUrl];
}

/** Case- and accent-insensitive title (or id) search. */
export function matchesSearch(map: Pick<MapSummary, 'title' | 'id'>, query: string): boolean {
  const q = fold(query.trim());
  if (!q) return true;
  return fold(map.title).includes(q) || map.id.toLowerCase() === q;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
