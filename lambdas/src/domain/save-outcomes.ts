/**
 * Idempotent saves: the editor sends one save id per save (the same for each retry of it), recorded in the commit's
 * transaction with what the save was (mapTable.committedSave). A retry of a committed save is answered with its first
 * outcome, the id reused for another save is refused, and a commit that failed is never answered "nothing was
 * changed" when it may have been done. A new map's failed write follows the same rule (answerFailedCreate).
 */
import { createHash } from 'node:crypto';
import type { SaveMapResult } from '@mapnest/shared/calls';
import { CallError, ERROR_CODES, MESSAGES } from '@mapnest/shared/errors';
import { logger } from '../lib/logger';
import { MapNotFoundError } from '../lib/errors';
import type { HistoryItem, SaveRequest } from '../adapters/maps/map-items';
import { toEntry, toSummary } from './maps';
import { pruneHistory } from './map-storage';
import type { MapItems, MapStores, NewMapStores, SaveRecords } from './map-adapters';
import { afterCommit, readAfterCommit, RETRY_AFTER_MS, type Holding } from './follow-ups';
import { publishedOf } from './public-copy';

export const SAVE_ID_REUSED = 'This save id was already used for a different save. Send a new save with a new id.';
export const RESTORE_ID_REUSED =
  'This restore id was already used to restore another version. Restore this one with a new id.';

/** A save id (or restore id) sent again with another request than the one it committed: nothing was changed. */
export class RequestIdReusedError extends CallError {
  constructor(kind: SaveRequest['kind']) {
    super('invalid-argument', kind === 'save' ? SAVE_ID_REUSED : RESTORE_ID_REUSED);
  }
}

/** What identifies a save: its base version, and its title (if it renames) and document JSON, hashed. */
export function saveRequest(baseVersion: number, title: string | undefined, json: string): SaveRequest {
  const hash = createHash('sha256')
    .update(JSON.stringify(title ?? null))
    .update('\n')
    .update(json)
    .digest('base64url');
  return { kind: 'save', baseVersion, hash };
}

/**
 * Whether a committed request is the one asked now (a retry). A record written before requests were kept has none: it
 * is taken as the same, so a retry in flight while that change was deployed is still answered with its outcome.
 */
export function sameRequest(committed: SaveRequest | undefined, asked: SaveRequest): boolean {
  if (!committed) return true;
  if (committed.kind === 'save' && asked.kind === 'save')
    return committed.baseVersion === asked.baseVersion && committed.hash === asked.hash;
  if (committed.kind === 'restore' && asked.kind === 'restore') return committed.historyMapId === asked.historyMapId;
  return false;
}

/**
 * The history entry the save id `saveId` committed, or null when it committed nothing. The id committed for another
 * request is refused (400): answering with that request's outcome would report this one done and drop its content.
 */
export async function committedEntry(
  a: MapItems<'committedSave'>,
  mapId: string,
  saveId: string | undefined,
  request: SaveRequest,
): Promise<HistoryItem | null> {
  const record = saveId ? await a.mapTable.committedSave(mapId, saveId) : null;
  if (!record) return null;
  if (!sameRequest(record.request, request)) throw new RequestIdReusedError(request.kind);
  return record.entry;
}

/**
 * A save already committed under this save id (a retry whose first attempt's answer was lost) is answered with its
 * outcome, the version it made, and never saved twice. Pruning runs again, in case it failed the first time.
 */
export async function answerCommittedSave(
  a: SaveRecords,
  mapId: string,
  saveId: string | undefined,
  request: SaveRequest,
): Promise<SaveMapResult | null> {
  const entry = await committedEntry(a, mapId, saveId, request);
  if (!entry) return null;
  const map = await a.mapTable.get(mapId);
  if (!map || map.deleting) throw new MapNotFoundError();
  const published = publishedOf(map)?.version ?? null;
  await afterCommit('history pruning', mapId, () => pruneHistory(a, { ...map, published }));
  const history = await readAfterCommit('history', mapId, () => a.mapTable.history(mapId));
  return {
    version: entry.version,
    edited: entry.created,
    metrics: entry.metrics,
    map: toSummary(map),
    entry: toEntry(entry),
    ...(history ? { history: history.map(toEntry) } : {}),
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
  request: SaveRequest,
): Promise<SaveMapResult> {
  const refused = err instanceof CallError && ERROR_CODES[err.code].http < 500;
  let earlier: SaveMapResult | null = null;
  try {
    earlier = await answerCommittedSave(a, mapId, saveId, request);
  } catch (error) {
    // The save id committed meanwhile for another save (a racing request that reused it): this one was not stored.
    if (error instanceof RequestIdReusedError) throw error;
    logger.warn('could not learn whether a failed save was committed', { mapId, error });
  }
  if (earlier) return earlier;
  if (refused) throw err;
  logger.error('save failed with an unknown outcome; the client retries with the same save id', { mapId, err });
  throw new CallError('unavailable', MESSAGES.saveOutcomeUnknown, { outcome: 'unknown' });
}

/**
 * After a failed commit of `version`: deletes its document `key` when the failure proves the version was not written
 * with it, else holds the check of it for an hour (checkDocumentLater); then throws `err`. Only a refusal (a
 * conflict, a map gone) proves it, and not when it met a repeat of this very save already committed (same save id):
 * the document may then be the committed version's. After any other failure the version may stand with this
 * document, which must stay until that is known.
 */
export async function answerFailedCommit(
  a: MapStores<'committedSave', 'deleteDocument'> & Holding,
  err: unknown,
  at: { mapId: string; version: number; key: string; saveId: string | undefined },
): Promise<never> {
  const { mapId, key, saveId } = at;
  // A save id's record that cannot be read proves nothing either: the commit's own error is what the caller learns.
  const repeat = saveId ? await a.mapTable.committedSave(mapId, saveId).then(Boolean, () => true) : false;
  if (err instanceof CallError && !repeat)
    await a.mapObjects
      .deleteDocument(key)
      .catch((error: unknown) => logger.warn('orphaned document left after a failed commit', { key, error }));
  else await checkDocumentLater(a, { mapId, version: at.version, key });
  throw err;
}

/**
 * Holds, for an hour (by when the write that failed has long landed or not), the check of a document whose version's
 * write had an unknown outcome: the sweep then deletes it unless the version was written with it (dropUnmadeDocument).
 * When even that cannot be kept (the table down), the document is logged as left behind.
 */
async function checkDocumentLater(a: Holding, doc: { mapId: string; version: number; key: string }): Promise<void> {
  const now = new Date();
  await a.followUps.hold({ kind: 'unmade-document', ...doc }, now, new Date(now.getTime() + RETRY_AFTER_MS)).then(
    () => logger.warn('document kept after a write whose outcome is unknown; checked again in an hour', doc),
    (error: unknown) => logger.warn('orphaned document left after a write whose outcome is unknown', { ...doc, error }),
  );
}

/**
 * What a failed write of a new map did. A refusal (no slot, no storage) proves nothing was written. Otherwise the map
 * is read: one with this create's document key (a fresh nonce each time) is this create, written though its answer
 * failed; another map with this id means this create's transaction, conditional on the id being free, can never be
 * written. No map at all, or no answer, proves nothing (the write may still land), so its document must stay.
 */
async function createOutcome(
  a: Pick<NewMapStores, 'mapTable'>,
  id: string,
  key: string,
  err: unknown,
): Promise<'made' | 'not made' | 'unknown'> {
  if (err instanceof CallError) return 'not made';
  const found = await a.mapTable.get(id).then(
    (map) => map?.docKey ?? null,
    () => undefined,
  );
  if (found === key) return 'made';
  return found ? 'not made' : 'unknown';
}

/**
 * After a new map's write failed: returns when the map was made anyway (only its answer failed), else throws `err`,
 * having deleted the map's document `key` when the map is known not to be made, or held its check for an hour when
 * that is not known (checkDocumentLater).
 */
export async function answerFailedCreate(
  a: Pick<NewMapStores, 'mapTable' | 'mapObjects'> & Holding,
  id: string,
  key: string,
  err: unknown,
): Promise<void> {
  const outcome = await createOutcome(a, id, key, err);
  if (outcome === 'made') {
    logger.warn('create answered as made: its write stands though its answer failed', { id, error: err });
    return;
  }
  if (outcome === 'not made')
    await a.mapObjects
      .deleteDocument(key)
      .catch((error: unknown) => logger.warn('orphaned document left after a failed create', { key, error }));
  else await checkDocumentLater(a, { mapId: id, version: 1, key });
  throw err;
}

/**
 * The check held by checkDocumentLater, an hour on: deletes the document `key` unless the map `mapId` uses it (its
 * current or published document, or its `version`'s in the history). A map deleted since has lost its documents
 * already, and a version pruned since its own; deleting a document that is gone is no error.
 */
export async function dropUnmadeDocument(
  a: MapStores<'get' | 'historyEntry', 'deleteDocument'>,
  mapId: string,
  version: number,
  key: string,
): Promise<void> {
  const map = await a.mapTable.get(mapId);
  if (map && (map.docKey === key || map.publishedDocKey === key)) return;
  if (map && (await a.mapTable.historyEntry(mapId, version))?.docKey === key) return;
  await a.mapObjects.deleteDocument(key);
  logger.info('document no version uses deleted', { mapId, version, key });
}
