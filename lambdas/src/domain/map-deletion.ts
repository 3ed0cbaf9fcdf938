/**
 * A map's deletion, and reading its documents while one may be going on.
 *
 * A delete first marks the map deleting (hidden from every reader from then on) and, in the same transaction, owes the
 * rest: its public copy, every stored version, its history and analytics, then the map item with its slot given back.
 * The call does the rest at once and forgets what it owed; when a step fails (S3 or the table unavailable), the
 * deletion stands (the map is gone for its author), the follow-up is made due, and the table's stream or the hourly
 * sweep finishes it (ADR 047). So a delete is never answered "Nothing was changed" after the map has gone from its
 * author's list.
 *
 * A delete between reading a map and reading one of its documents removes the documents, so a document found missing
 * then is a map that is gone: the call answers not found, as for any deleted map, rather than failing.
 */
import type { CallError } from '@mapnest/shared/errors';
import type { MapItem } from '../adapters/maps/map-items';
import { followUpId } from '../adapters/follow-up-items';
import { DocumentGoneError, MapNotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import type { DeletionStores, MapItems } from './map-adapters';
import { RETRY_AFTER_MS } from './follow-ups';

/**
 * Deletes `map`, one the caller may delete: marks it (with the rest owed), then does the rest. Resolves once the map
 * is marked, whatever becomes of the rest (then owed, and logged), unless `strict` (an account's deletion, which must
 * not go on while a map of it is still stored): then a failed step is thrown, and the next try resumes.
 */
export async function deleteWholeMap(a: DeletionStores, map: MapItem, opts: { strict?: boolean } = {}): Promise<void> {
  const at = new Date();
  const held = map.deleting ? null : await a.mapTable.markDeleting(map.id, at, new Date(at.getTime() + RETRY_AFTER_MS));
  try {
    await finishDeleting(a, map);
  } catch (error) {
    logger.warn('map deleted: the rest of its deletion is owed to the stream and the sweep', { id: map.id, error });
    // Due at once: the stream tries it within a second, the sweep every hour after.
    if (held) await a.followUps.release(held, new Date()).catch(() => undefined);
    if (opts.strict) throw error;
  }
}

/** The rest of a marked map's deletion; each step may be done again. */
async function finishDeleting(a: DeletionStores, map: MapItem): Promise<void> {
  await a.mapObjects.unpublish(map.id);
  await a.mapObjects.deleteAllDocuments(map.id);
  for (const entry of await a.mapTable.history(map.id)) await a.mapTable.deleteHistoryEntry(entry, map.uid);
  await a.analyticsTable.deleteDays(map.id);
  await a.mapTable.finishDelete({ ...map, deleting: true });
  await a.followUps.forget(followUpId({ kind: 'delete-map', mapId: map.id }));
}

/**
 * The owed rest of map `mapId`'s deletion (the follow-up's work): nothing when the map is gone, and never for a map
 * that is not marked deleting. Throws when a step fails, so the follow-up stays due.
 */
export async function finishOwedDeletion(a: DeletionStores, mapId: string): Promise<void> {
  const map = await a.mapTable.get(mapId);
  if (map?.deleting) await finishDeleting(a, map);
}

/**
 * Runs `read`, which reads or copies stored documents of map `mapId`. When a document is missing, the map is read
 * again: gone or being deleted, the answer is not found; still there, `versionGone` may name the refusal for a version
 * that is no longer kept (pruned or deleted meanwhile). A document missing for no such reason is a fault and is
 * rethrown.
 */
export async function readingDocuments<T>(
  a: MapItems<'get'>,
  mapId: string,
  read: () => Promise<T>,
  versionGone: () => Promise<CallError | null> = async () => null,
): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (!(err instanceof DocumentGoneError)) throw err;
    const map = await a.mapTable.get(mapId);
    if (!map || map.deleting) throw new MapNotFoundError();
    throw (await versionGone()) ?? err;
  }
}
