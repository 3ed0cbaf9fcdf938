/**
 * What the maps operations (maps.ts, save-outcomes.ts, public-copy.ts) read, write and call, as billing-adapters.ts
 * says it for billing. Each operation takes the adapters it uses as its first parameter rather than importing them
 * (ADR 037), so unit tests run it against in-memory stand-ins; the Lambdas call the operations bound to the real ones
 * in services/maps.ts.
 */
import type { analyticsTable } from '../adapters/analytics-table';
import type { FollowUps } from '../adapters/follow-ups';
import type { documentUrls } from '../adapters/maps/document-urls';
import type { mapObjects } from '../adapters/maps/map-objects';
import type { mapTable } from '../adapters/maps/map-table';
import type { userPool } from '../adapters/user-pool';
import type { countMapVersion, countNewMap } from './abuse-limits';

type MapTable = typeof mapTable;
type MapObjects = typeof mapObjects;

/**
 * What the maps operations read and write: the map table's functions `T` (map items, history, slots) and the stored
 * documents' functions `O`, of which an operation names those it uses. Each operation takes them as its first
 * parameter rather than importing them (ADR 037), so unit tests run it against in-memory stand-ins; the Lambdas call
 * the operations bound to the real adapters in ./services/maps.ts, each with those functions only, so no call's bundle
 * carries a table function or an S3 command it never uses.
 */
export interface MapStores<T extends keyof MapTable = keyof MapTable, O extends keyof MapObjects = keyof MapObjects> {
  mapTable: Pick<MapTable, T>;
  mapObjects: Pick<MapObjects, O>;
}

/** The map table's functions `T` alone: what the operations that never touch a document need. */
export type MapItems<T extends keyof MapTable = keyof MapTable> = Pick<MapStores<T>, 'mapTable'>;

/** What answering a save that is already committed reads, and pruning the history after it writes. */
export type SaveRecords = MapStores<'get' | 'committedSave' | 'history' | 'deleteHistoryEntry', 'deleteDocument'>;

/** What committing a version touches: its transaction, the save record, the history and the documents pruned. */
export type CommitStores = MapStores<
  'commitVersion' | 'committedSave' | 'history' | 'deleteHistoryEntry',
  'deleteDocument'
>;

/**
 * What an operation that writes a map's first version touches (create, duplicate): the new map and its document, and
 * the public copy it owes (./public-copy.ts).
 */
export type NewMapStores = MapStores<
  'create' | 'get',
  'putDocument' | 'deleteDocument' | 'getDocument' | 'publish' | 'unpublish'
>;

/**
 * What a map's deletion touches (./map-deletion.ts): the map item, its history, its documents and public copy, its
 * analytics days, and the follow-up that owes the rest of the deletion once the map is marked.
 */
export type DeletionStores = MapStores<
  'get' | 'markDeleting' | 'history' | 'deleteHistoryEntry' | 'finishDelete',
  'unpublish' | 'deleteAllDocuments'
> &
  Pick<MapsAdapters, 'analyticsTable'> & { followUps: Pick<FollowUps, 'release' | 'forget'> };

/** Everything the maps service uses: listing another user's maps looks up their email, a delete their analytics. */
export interface MapsAdapters extends MapStores {
  userPool: Pick<typeof userPool, 'emailOf'>;
  analyticsTable: Pick<typeof analyticsTable, 'deleteDays'>;
}

/**
 * The per-account limits on writes (./abuse-limits.ts), which an operation names as it names its adapters: a version
 * saved or restored, a map created or duplicated.
 */
export interface WriteLimits {
  countMapVersion: typeof countMapVersion;
  countNewMap: typeof countNewMap;
}

/** What pruning the history touches: the history entries and the documents of the versions it removes. */
export type PruneAdapters = MapStores<'history' | 'deleteHistoryEntry', 'deleteDocument'>;

/** What getMap reads: the map, its history and a short-lived URL of its document. */
export type MapReads = MapItems<'get' | 'history'> & { documentUrls: typeof documentUrls };
