/**
 * Publishing (ADR 018): saving changes the draft only; visitors see the published version until the author publishes
 * again, republishes an earlier version or takes the map offline. Each is one transaction on the map item (and the
 * published history entry), then the public copy is rewritten at once; the edge serves it within seconds (ADR 018).
 */
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import { uploadKeyOfUrl } from '@mapnest/shared/files';
import { missingFloorFile } from '@mapnest/shared/publish-checks';
import type { PublicationResult } from '@mapnest/shared/calls';
import * as mapObjects from '../adapters/maps/map-objects';
import * as mapTable from '../adapters/maps/map-table';
import { followUps } from '../adapters/follow-ups';
import { head as headUpload } from '../adapters/files/uploads';
import { MapNotFoundError } from '../lib/errors';
import { toEntry, toSummary, type Actor } from './maps';
import { documentHash } from './map-storage';
import type { MapItem } from '../adapters/maps/map-items';
import * as maps from './services/maps';
import { readStoredDocument } from '../lib/stored-document';
import { followUpOrThrow, readAfterCommit } from './follow-ups';
import { readingDocuments } from './map-deletion';

const VERSION_NOT_KEPT = 'That version of the map is no longer kept.';

/** Floors whose file is one of our uploads must still have it: visitors would otherwise get a broken floor. */
async function checkFloorFiles(layers: ReadonlyArray<{ name: string; file: string }>): Promise<void> {
  for (const layer of layers) {
    const key = layer.file ? uploadKeyOfUrl(layer.file) : null;
    if (key !== null && !(await headUpload(key))) {
      throw new CallError('failed-precondition', missingFloorFile(layer.name));
    }
  }
}

/**
 * The map and its history after a publication committed over `before` (the map as read before it). A read that fails
 * now is answered with `before` and the publication, and no history: the change stands and is never answered
 * "Nothing was changed".
 */
async function answer(before: MapItem, publication: Partial<MapItem>): Promise<PublicationResult> {
  const now = await readAfterCommit('publication', before.id, () =>
    Promise.all([mapTable.get(before.id), mapTable.history(before.id)]),
  );
  if (!now) return { map: toSummary({ ...before, ...publication }) };
  const [map, history] = now;
  if (!map || map.deleting) throw new MapNotFoundError();
  return { map: toSummary(map), history: history.map(toEntry) };
}

/**
 * Publishes `version`: the draft the author reviewed, or an earlier kept version (republishing). A version that is
 * no longer kept answers 404; a floor whose stored file is gone is refused (the blocking publish check).
 */
export async function publishMap(actor: Actor, input: { id: string; version: number }): Promise<PublicationResult> {
  const map = await maps.accessible(actor.identity, input.id);
  const entry = await mapTable.historyEntry(map.id, input.version);
  if (!entry) throw new CallError('not-found', VERSION_NOT_KEPT);
  // The map deleted, or the version pruned, since they were read: their document is gone, and so is what to publish.
  // One function of the table, named: esbuild keeps every function of a namespace passed whole (ADR 051).
  const document = await readingDocuments(
    { mapTable: { get: mapTable.get } },
    map.id,
    async () => readStoredDocument(await mapObjects.getDocument(entry.docKey)),
    async () =>
      (await mapTable.historyEntry(map.id, entry.version)) ? null : new CallError('not-found', VERSION_NOT_KEPT),
  );
  await checkFloorFiles(document.layers);
  const at = new Date();
  // The current version publishes under the map's title as it is now (a rename is part of the draft).
  const title = entry.version === map.version ? map.title : entry.title;
  const to = { version: entry.version, docKey: entry.docKey, title, at: at.toISOString() };
  const hash = documentHash(JSON.stringify(document));
  await mapTable.setPublication(map.id, { ...to, hash }, at.toISOString());
  await writeCopy('publish', map.id, () => maps.publishLatest(map.id, at, { docKey: entry.docKey, document }));
  return answer(map, {
    publishedVersion: to.version,
    publishedDocKey: to.docKey,
    publishedTitle: to.title,
    publishedAt: to.at,
    publishedHash: hash,
  });
}

/**
 * The public copy of a publication just committed, written at once. One not written is owed (kept for the stream and
 * the sweep) and reported as what it is, with `details.committed`: the publication stands, visitors do not see it
 * yet, and nothing more is needed from the author. Never "Nothing was changed".
 */
async function writeCopy(kind: 'publish' | 'unpublish', mapId: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await followUpOrThrow({ followUps }, { kind: 'publish', mapId }, work);
  } catch {
    throw new CallError('unavailable', kind === 'publish' ? MESSAGES.publishCopyOwed : MESSAGES.unpublishCopyOwed, {
      committed: true,
    });
  }
}

/** Takes the map offline: visitors see "not found" until the author publishes again. The draft is untouched. */
export async function unpublishMap(actor: Actor, input: { id: string }): Promise<PublicationResult> {
  const map = await maps.accessible(actor.identity, input.id);
  const at = new Date();
  await mapTable.setPublication(map.id, null, at.toISOString());
  await writeCopy('unpublish', map.id, () => maps.publishLatest(map.id, at));
  return answer(map, {
    publishedVersion: null,
    publishedDocKey: null,
    publishedTitle: null,
    publishedHash: null,
    unpublishedAt: at.toISOString(),
  });
}
