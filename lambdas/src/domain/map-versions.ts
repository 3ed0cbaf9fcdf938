/**
 * Reading one kept version of a map: the editor merges unsaved work kept in the browser three ways, and the base of
 * that merge is the version the work was made on. Only the owner (or an administrator) may read it, like getMap.
 */
import { CallError } from '@mapnest/shared/errors';
import { documentUrls } from '../adapters/maps/document-urls';
import { mapTable } from '../adapters/maps/map-table';
import type { Actor } from './maps';
import * as maps from './services/maps';

/** A short-lived URL of the document of `version`, if the history still keeps it (404 otherwise). */
export async function getMapVersion(
  actor: Actor,
  input: { id: string; version: number },
): Promise<{ version: number; documentUrl: string }> {
  await maps.accessible(actor.identity, input.id);
  const entry = await mapTable.historyEntry(input.id, input.version);
  if (!entry) throw new CallError('not-found', 'That version of the map is no longer kept.');
  return { version: entry.version, documentUrl: await documentUrls.of(entry.docKey) };
}
