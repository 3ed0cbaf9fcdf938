/**
 * A map's kept versions (History): reading, deleting and naming one, and restoring one as a new version on top of the
 * current one. A deleted version gives its size back to the owner's storage; a restore is charged like a save
 * (ADR 027).
 */
import { CallError } from '@mapnest/shared/errors';
import { parseVersionLabel } from '@mapnest/shared/keys';
import type { HistoryEntry } from '@mapnest/shared/maps';
import { utf8Length } from '@mapnest/shared/storage';
import type { VersionCommit } from '@mapnest/shared/calls';
import * as mapObjects from '../adapters/maps/map-objects';
import * as mapTable from '../adapters/maps/map-table';
import type { HistoryItem } from '../adapters/maps/map-table';
import { documentUrls } from '../adapters/maps/document-urls';
import { HistoryEntryNotFoundError, MapVersionConflictError, RestoreConflictError } from '../lib/errors';
import { countMapVersion } from './abuse-limits';
import { chargeStorage, documentHash } from './map-storage';
import { previewOf, toEntry, type Actor } from './maps';
import * as maps from './services/maps';
import { publishedOf } from './public-copy';
import { readStoredDocument } from '../lib/stored-document';
import { readingDocuments } from './map-deletion';
import { committedEntry } from './save-outcomes';
import { followUps } from '../adapters/follow-ups';
import { followUp } from './follow-ups';

async function historyEntryOf(mapId: string, historyMapId: string): Promise<HistoryItem> {
  const version = parseVersionLabel(historyMapId);
  const entry = version === null ? null : await mapTable.historyEntry(mapId, version);
  if (!entry) throw new HistoryEntryNotFoundError();
  return entry;
}

export async function deleteMapHistory(actor: Actor, input: { mapId: string; historyMapId: string }): Promise<null> {
  const map = await maps.accessible(actor.identity, input.mapId);
  const entry = await historyEntryOf(map.id, input.historyMapId);
  if (entry.version === map.version) {
    throw new CallError(
      'failed-precondition',
      'This is the current version of the map, so it cannot be deleted. Save or restore another version first.',
    );
  }
  if (entry.version === publishedOf(map)?.version) {
    throw new CallError(
      'failed-precondition',
      'This is the version visitors see, so it cannot be deleted. Publish another version or unpublish the map first.',
    );
  }
  await mapTable.deleteHistoryEntry(entry, map.uid);
  // The version is gone (committed): a document not deleted now is owed (ADR 045), and the call still answers done.
  const { docKey: key, version } = entry;
  if (key !== map.docKey)
    await followUp({ followUps }, { kind: 'unmade-document', mapId: map.id, version, key }, () =>
      mapObjects.deleteDocument(key),
    );
  return null;
}

export async function setMapHistoryName(
  actor: Actor,
  input: { mapId: string; historyMapId: string; name: string },
): Promise<HistoryEntry> {
  const map = await maps.accessible(actor.identity, input.mapId);
  const entry = await historyEntryOf(map.id, input.historyMapId);
  const name = input.name.trim() || null;
  await mapTable.setHistoryName(map.id, entry.version, name);
  return toEntry({ ...entry, name });
}

/**
 * The answer of a restore already committed under this request id (a retry whose first answer was lost); the id
 * committed for a restore of another version is refused.
 */
async function committedRestore(
  mapId: string,
  restoreId: string | undefined,
  historyMapId: string,
): Promise<VersionCommit | null> {
  const entry = await committedEntry({ mapTable: { committedSave: mapTable.committedSave } }, mapId, restoreId, {
    kind: 'restore',
    historyMapId,
  });
  return entry && { version: entry.version, edited: entry.created, metrics: entry.metrics };
}

/**
 * Restoring is itself a new version on top of the current one (the draft), so a restore can be undone the same way.
 * Visitors keep the published version until the author publishes (ADR 018). Idempotent like saveMap: the client's
 * `restoreId` is recorded with the commit (as a save id, with the version restored), and a retry of a committed
 * restore is answered with its first outcome instead of restoring (and charging) twice; the id sent again to restore
 * another version is refused. Restores count against the account's limit on versions written, with saves.
 */
export async function restoreMapHistory(
  actor: Actor,
  input: { mapId: string; historyMapId: string; restoreId?: string; expectedVersion?: number },
): Promise<VersionCommit> {
  await countMapVersion(actor.identity.uid);
  const map = await maps.accessible(actor.identity, input.mapId);
  const earlier = await committedRestore(map.id, input.restoreId, input.historyMapId);
  if (earlier) return earlier;
  // Saved elsewhere since the author saw what the restore replaces: that work is not replaced unseen (a tab's rename
  // was undone by another tab's restore, its confirmation listing changes against a draft two seconds old).
  if (input.expectedVersion !== undefined && input.expectedVersion !== map.version)
    throw new RestoreConflictError(map.version);
  const entry = await historyEntryOf(map.id, input.historyMapId);
  // The map deleted, or the version deleted, since they were read: their documents are gone, and the restore with them.
  const reading = <T>(read: () => Promise<T>) =>
    readingDocuments({ mapTable: { get: mapTable.get } }, map.id, read, async () =>
      (await mapTable.historyEntry(map.id, entry.version)) ? null : new HistoryEntryNotFoundError(),
    );
  // The copy costs what the version did; an entry written before sizes were kept is measured.
  const bytes =
    entry.size ?? (await reading(async () => utf8Length(JSON.stringify(await mapObjects.getDocument(entry.docKey)))));
  const storage = await chargeStorage(actor.identity, map.uid, bytes);
  const key = await reading(() => mapObjects.copyDocument(entry.docKey, map.id, map.version + 1));
  const doc = await reading(async () => readStoredDocument(await mapObjects.getDocument(key)));
  try {
    const { map: restored } = await maps.commit(map, map.version, key, {
      storage,
      title: map.title,
      metrics: entry.metrics,
      // An administrator's restore of someone else's map is recorded as theirs (the row still names the version).
      kind: actor.identity.uid === map.uid ? 'restore' : 'admin',
      restoredFrom: input.historyMapId,
      copyOf: entry.version,
      docHash: documentHash(JSON.stringify(doc)),
      previewUrl: previewOf(doc),
      saveId: input.restoreId,
      request: { kind: 'restore', historyMapId: input.historyMapId },
    });
    return { version: restored.version, edited: restored.edited, metrics: entry.metrics };
  } catch (err) {
    // A concurrent retry of this very restore may have committed it: that is this restore's outcome.
    const raced = await committedRestore(map.id, input.restoreId, input.historyMapId).catch(() => null);
    if (raced) return raced;
    if (err instanceof MapVersionConflictError)
      throw new RestoreConflictError((err.details as { currentVersion: number | null }).currentVersion);
    throw err;
  }
}

/**
 * A short-lived URL of the document of `version`, if the history still keeps it (404 otherwise). The editor merges
 * unsaved work kept in the browser three ways, and the base of that merge is the version the work was made on. Only
 * the owner (or an administrator) may read it, like getMap.
 */
export async function getMapVersion(
  actor: Actor,
  input: { id: string; version: number },
): Promise<{ version: number; documentUrl: string }> {
  await maps.accessible(actor.identity, input.id);
  const entry = await mapTable.historyEntry(input.id, input.version);
  if (!entry) throw new CallError('not-found', 'That version of the map is no longer kept.');
  return { version: entry.version, documentUrl: await documentUrls.of(entry.docKey) };
}
