/**
 * Reading a map's stored documents after reading the map. A delete between the two reads removes the documents (the
 * map is marked deleting first, then its documents go), so a document found missing then is a map that is gone: the
 * call answers not found, as for any deleted map, rather than failing.
 */
import type { CallError } from '@mapnest/shared/errors';
import { DocumentGoneError, MapNotFoundError } from '../lib/errors';
import type { MapItems } from './map-adapters';

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
