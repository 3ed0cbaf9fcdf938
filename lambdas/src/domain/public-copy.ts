/**
 * The public copy of a map (`maps/{id}.json` in the public bucket, served at `/data/maps/{id}.json`): what visitors
 * see. It is written from the map's *published* version (ADR 018), never from the draft: saving changes the draft,
 * and only publishing, unpublishing, state changes (go live, back to test, expiry) and deletes rewrite it.
 */
import { isExpiredTestMap, isTestState, testMapActiveUntil, type PublishedMap } from '@mapnest/shared/maps';
import type { MapDocument } from '@mapnest/shared/map-document';
import { publishableDocument } from '@mapnest/shared/wayfinding';
import type { mapObjects } from '../adapters/maps/map-objects';
import type { mapTable, MapItem } from '../adapters/maps/map-table';
import { DocumentGoneError } from '../lib/errors';
import { readStoredDocument } from '../lib/stored-document';

/** What writing the public copy reads and writes: the map's item and the stored and public documents. */
export interface PublicCopyAdapters {
  mapTable: Pick<typeof mapTable, 'get'>;
  mapObjects: Pick<typeof mapObjects, 'getDocument' | 'publish' | 'unpublish'>;
}

/** When the map's test period started: its creation, or the moment it last went back to test. */
export const testSinceOf = (map: Pick<MapItem, 'created' | 'testSince'>): string => map.testSince ?? map.created;

/** The version visitors see. */
export interface Publication {
  version: number;
  docKey: string;
  title: string;
  at: string;
}

/**
 * The map's published version, or null when nothing is published. A map stored before drafts existed has no
 * `publishedVersion` attribute: every save published it, so its current version is the published one.
 */
export function publishedOf(map: MapItem): Publication | null {
  if (map.publishedVersion === undefined) {
    return { version: map.version, docKey: map.docKey, title: map.title, at: map.edited };
  }
  if (map.publishedVersion === null || !map.publishedDocKey) return null;
  return {
    version: map.publishedVersion,
    docKey: map.publishedDocKey,
    title: map.publishedTitle ?? map.title,
    at: map.publishedAt ?? map.edited,
  };
}

/**
 * The published version as the draft is compared with it (publicationOf): -1 when the title was renamed since
 * publishing, a change visitors do not see yet like a saved version; the draft's own version when the draft is a
 * restore of the published version not edited since, or its document is the published one (an edit undone and saved),
 * which is what visitors see.
 */
export function shownVersionOf(map: MapItem, publication = publishedOf(map)): number | null {
  if (!publication) return null;
  if (publication.title !== map.title) return -1;
  const sameDocument = map.docHash !== undefined && map.docHash === map.publishedHash;
  return publication.version === map.draftCopyOf || sameDocument ? map.version : publication.version;
}

const sameCopy = (a: MapItem, b: MapItem): boolean => {
  const pa = publishedOf(a);
  const pb = publishedOf(b);
  return (
    a.state === b.state &&
    pa?.version === pb?.version &&
    pa?.docKey === pb?.docKey &&
    pa?.title === pb?.title &&
    pa?.at === pb?.at
  );
};

/** The stored document at `key` as a valid document, or null when it is not there. */
async function readPublished(
  mapObjects: Pick<PublicCopyAdapters['mapObjects'], 'getDocument'>,
  key: string,
): Promise<MapDocument | null> {
  try {
    return await readStoredDocument(await mapObjects.getDocument(key));
  } catch (err) {
    if (err instanceof DocumentGoneError) return null;
    throw err;
  }
}

/**
 * Writes the public copy for the map's published version (the expiry notice for an expired test map, an offline
 * notice when nothing is published), and repeats if the map moved on meanwhile, so two racing writers converge on
 * the newest publication. `known`: a document the caller already holds, used when its key is the published one.
 */
export async function publishLatest(
  { mapTable, mapObjects }: PublicCopyAdapters,
  mapId: string,
  at: Date = new Date(),
  known?: { docKey: string; document: MapDocument },
): Promise<void> {
  let next: MapItem | null = null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const map = next ?? (await mapTable.get(mapId));
    if (!map || map.deleting) {
      await mapObjects.unpublish(mapId);
      return;
    }
    const publication = publishedOf(map);
    const expired = isExpiredTestMap(map.state, testSinceOf(map), at);
    const published: PublishedMap = {
      id: map.id,
      title: publication?.title ?? '',
      state: map.state,
      expired: publication ? expired : false,
      expiresAt: isTestState(map.state) ? testMapActiveUntil(testSinceOf(map)) : null,
      publishedAt: publication?.at ?? at.toISOString(),
      version: publication?.version ?? 0,
    };
    if (!publication) {
      // Not published: a small notice (200, not a 404), so the edge never holds an error answer after a publish.
      published.offline = true;
    } else if (!expired) {
      const stored =
        known && known.docKey === publication.docKey
          ? known.document
          : await readPublished(mapObjects, publication.docKey);
      if (!stored) {
        // The document went since the map was read: a delete took it (the copy comes down), or a newer publication
        // let it be pruned (that one is written). Gone for neither reason, it is a fault.
        const after = await mapTable.get(mapId);
        if (!after || after.deleting) {
          await mapObjects.unpublish(mapId);
          return;
        }
        if (sameCopy(after, map)) throw new DocumentGoneError(publication.docKey);
        next = after;
        continue;
      }
      // Only maps that get wayfinding publish their walkable network (the gate cannot be edited client-side).
      published.document = publishableDocument(stored, map.state);
    }
    await mapObjects.publish(published);
    const after = await mapTable.get(mapId);
    if (!after || after.deleting) {
      await mapObjects.unpublish(mapId);
      return;
    }
    if (sameCopy(after, map)) return;
    next = after;
  }
}
