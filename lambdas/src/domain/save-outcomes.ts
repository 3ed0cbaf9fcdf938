/**
 * Idempotent saves: the editor sends one save id per save (the same for each retry of it), recorded in the commit's
 * transaction (mapTable.committedSave). A retry of a committed save is answered with its first outcome, and a
 * commit that failed is never answered "nothing was changed" when it may have been done.
 */
import type { SaveMapResult } from '@mapnest/shared/calls';
import { CallError, ERROR_CODES, MESSAGES } from '@mapnest/shared/errors';
import { logger } from '../lib/logger';
import { MapNotFoundError } from '../lib/errors';
import { afterCommit, pruneHistory, toEntry, toSummary } from './maps';
import type { MapItems, SaveRecords } from './map-adapters';
import { publishedOf } from './public-copy';

/**
 * A save already committed under this save id (a retry whose first attempt's answer was lost) is answered with its
 * outcome, the version it made, and never saved twice. Pruning runs again, in case it failed the first time.
 */
export async function answerCommittedSave(
  a: SaveRecords,
  mapId: string,
  saveId: string | undefined,
): Promise<SaveMapResult | null> {
  if (!saveId) return null;
  const entry = await a.mapTable.committedSave(mapId, saveId);
  if (!entry) return null;
  const map = await a.mapTable.get(mapId);
  if (!map || map.deleting) throw new MapNotFoundError();
  const published = publishedOf(map)?.version ?? null;
  await afterCommit('history pruning', mapId, () => pruneHistory(a, { ...map, published }));
  return {
    version: entry.version,
    edited: entry.created,
    metrics: entry.metrics,
    map: toSummary(map),
    entry: toEntry(entry),
    history: (await a.mapTable.history(mapId)).map(toEntry),
  };
}

/**
 * A commit that failed is never answered "nothing was changed" unless that is known: a refusal (a conflict, a map
 * gone) stands unless this very save turns out committed; any other failure is answered with the committed version
 * when the save id shows it, and otherwise as "unknown, retry" (a retry with the same save id cannot save twice).
 */
export async function answerFailedSave(
  a: SaveRecords,
  err: unknown,
  mapId: string,
  saveId: string | undefined,
): Promise<SaveMapResult> {
  const refused = err instanceof CallError && ERROR_CODES[err.code].http < 500;
  let earlier: SaveMapResult | null = null;
  try {
    earlier = await answerCommittedSave(a, mapId, saveId);
  } catch (error) {
    logger.warn('could not learn whether a failed save was committed', { mapId, error });
  }
  if (earlier) return earlier;
  if (refused) throw err;
  logger.error('save failed with an unknown outcome; the client retries with the same save id', { mapId, err });
  throw new CallError('unavailable', MESSAGES.saveOutcomeUnknown, { outcome: 'unknown' });
}

/**
 * Whether a failed commit proves its version was not written, so its document may go: only a refusal (a conflict,
 * a map gone) does, and not when it met a repeat of this very save already committed (same save id), whose
 * document is the committed version's. After any other failure the version may stand and its document must stay
 * (the next save of that version number writes the same key).
 */
export async function provedNotCommitted(
  a: MapItems<'committedSave'>,
  err: unknown,
  mapId: string,
  saveId: string | undefined,
): Promise<boolean> {
  if (!(err instanceof CallError)) return false;
  return !(saveId && (await a.mapTable.committedSave(mapId, saveId)));
}
