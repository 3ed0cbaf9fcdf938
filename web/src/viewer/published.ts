/**
 * Reading the published copy of a map (`GET /data/maps/{id}.json`). The embed trusts the shape the
 * maps service publishes (it was validated on save) but checks the few fields it cannot work
 * without, so a damaged file shows a clear message instead of a broken map. The strict schema is
 * not used here: zod would triple the embed's size.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { SETTINGS_GROUPS } from '@mapnest/shared/map-rules';
import { en } from './i18n/en';

/** Same rule as MAP_ID_PATTERN in @mapnest/shared/maps (a unit test keeps them equal). */
export const EMBED_MAP_ID = /^[A-Za-z0-9]{1,40}$/;

export type PublishedResult =
  | { kind: 'ready'; map: PublishedMap & { document: MapDocument } }
  | { kind: 'not-found' }
  | { kind: 'expired'; title: string }
  /** `failed`: the download ('load': offline, a server error) or the data ('data'); `message` says it in English. */
  | { kind: 'error'; failed: 'load' | 'data'; message: string };

/** The map id of an embed path: /m/{id}. */
export function mapIdFromPath(pathname: string): string | null {
  const m = /^\/m\/([^/]+)\/?$/.exec(pathname);
  const id = m ? decodeURIComponent(m[1]!) : null;
  return id && EMBED_MAP_ID.test(id) ? id : null;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks what the viewer relies on; returns a reason when the document cannot be shown. */
export function documentProblem(doc: unknown): string | null {
  if (!isObject(doc)) return 'The map data is missing.';
  if (doc.schemaVersion !== 1) return 'This map was saved in a format this viewer does not know.';
  const s = doc.settings;
  if (
    !isObject(s) ||
    !(typeof s.mapWidth === 'number' && s.mapWidth > 0) ||
    !(typeof s.mapHeight === 'number' && s.mapHeight > 0)
  )
    return 'The map has no valid size.';
  if (
    !Array.isArray(doc.layers) ||
    doc.layers.length === 0 ||
    !doc.layers.every((l) => isObject(l) && typeof l.id === 'string' && typeof l.file === 'string')
  )
    return 'The map has no valid floors.';
  for (const key of ['locations', 'groups', 'filters', 'styles', 'legend', 'breakpoints'] as const) {
    if (!Array.isArray(doc[key])) return en.damaged;
  }
  for (const key of SETTINGS_GROUPS) if (!isObject(s[key])) return 'The map settings are damaged.';
  return null;
}

/**
 * A map data request started before the viewer's code ran (the embed page's inline script,
 * @mapnest/shared/embed-boot): the response, and its body read as JSON when the status was a success (null
 * otherwise; the body is then left unread).
 */
export interface StartedFetch {
  readonly response: Promise<Response>;
  readonly json?: Promise<unknown>;
}

/**
 * Fetches and checks a published map. A download that failed (offline, a server error) is tried again twice, two
 * seconds apart, so a phone's lost signal or a server's blip passes unseen; `retries`: the tries left. `started`:
 * the same request already under way (the embed page starts it before its code has loaded, with this URL and
 * credentials mode), read instead of fetching the first time.
 */
export async function fetchPublished(
  origin: string,
  mapId: string,
  signal?: AbortSignal,
  started?: StartedFetch | null,
  retries = 2,
): Promise<PublishedResult> {
  const result = await fetchOnce(origin, mapId, signal, started);
  if (result.kind !== 'error' || result.failed !== 'load' || !retries) return result;
  await new Promise((wake) => setTimeout(wake, 2000));
  return fetchPublished(origin, mapId, signal, null, retries - 1);
}

async function fetchOnce(
  origin: string,
  mapId: string,
  signal?: AbortSignal,
  started?: StartedFetch | null,
): Promise<PublishedResult> {
  let res: Response;
  try {
    res = await (started?.response ??
      fetch(`${origin}/data/maps/${encodeURIComponent(mapId)}.json`, { signal, credentials: 'omit' }));
  } catch (e) {
    if (signal?.aborted) throw e;
    return {
      kind: 'error',
      failed: 'load',
      message: en.loadFailed,
    };
  }
  if (!res.ok) {
    // Read the error body to its end: an unread body keeps the request open, so the page never settles.
    await res.text().catch(() => '');
    if (res.status === 404 || res.status === 403) return { kind: 'not-found' };
    return { kind: 'error', failed: 'load', message: `The map could not be loaded (HTTP ${res.status}).` };
  }
  let body: unknown;
  try {
    body = await (started?.json ?? res.json());
  } catch {
    return { kind: 'error', failed: 'data', message: en.damaged };
  }
  if (!isObject(body)) return { kind: 'error', failed: 'data', message: en.damaged };
  // Not published (never, or taken offline): the same answer as a map that does not exist (ADR 018).
  if (body.offline === true) return { kind: 'not-found' };
  // A test map past its 7 days shows the notice on time, before the hourly sweep replaces its copy.
  if (body.expired === true || Date.parse(body.expiresAt as string) <= Date.now())
    return { kind: 'expired', title: typeof body.title === 'string' ? body.title : '' };
  const problem = documentProblem(body.document);
  if (problem) return { kind: 'error', failed: 'data', message: problem };
  return { kind: 'ready', map: body as unknown as PublishedMap & { document: MapDocument } };
}
