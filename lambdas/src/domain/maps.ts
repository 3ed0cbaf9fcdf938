/**
 * The maps service. Documents go to S3 first (a new object per version), then one conditional DynamoDB transaction
 * moves the pointer: a failure between the two leaves the last version current, and a stale editor never overwrites.
 */
import { randomBytes } from 'node:crypto';
import { DUPLICATE_TITLE_PREFIX, MAP_TITLE_MAX, MapState, type MapStateValue } from '@mapnest/shared/constants';
import { analyticsZoneOf } from '@mapnest/shared/analytics';
import { CallError } from '@mapnest/shared/errors';
import { versionLabel } from '@mapnest/shared/keys';
import { blankDocument, computeMetrics, type MapDocument } from '@mapnest/shared/map-document';
import {
  isAdminOnlyState,
  isPublic,
  isTestState,
  publicationOf,
  testMapActiveUntil,
  type HistoryEntry,
  type MapSummary,
  type MapWithDocument,
} from '@mapnest/shared/maps';
import type { SaveMapResult } from '@mapnest/shared/calls';
import type { Identity } from '../lib/identity';
import type { HistoryItem, MapItem, SaveRequest } from '../adapters/maps/map-items';
import {
  answerCommittedSave,
  answerFailedCommit,
  answerFailedCreate,
  answerFailedSave,
  saveRequest,
} from './save-outcomes';
import {
  BaseVersionAheadError,
  MapNotFoundError,
  MapStateChangedError,
  MapVersionConflictError,
  TitleChangedError,
} from '../lib/errors';
import { publishedOf, publishLatest, shownVersionOf, testSinceOf } from './public-copy';
import { chargeStorage, counted, documentHash, pruneHistory, storedJson } from './map-storage';
import { afterCommit, followUp, readAfterCommit, type Holding, type Owing } from './follow-ups';
import type { StorageCharge } from '../adapters/files/storage-usage';
import { readStoredDocument } from '../lib/stored-document';
import { deleteWholeMap, readingDocuments } from './map-deletion';
import type {
  CommitStores,
  DeletionStores,
  MapItems,
  MapReads,
  MapsAdapters,
  MapStores,
  NewMapStores,
  SaveRecords,
  WriteLimits,
} from './map-adapters';
export { testSinceOf } from './public-copy';

/** Who is calling, and for whom (an administrator may act for another user). */
export interface Actor {
  identity: Identity;
  subject: string;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A 20-character random map id (about 119 bits): unguessable, so public links cannot be enumerated. */
export function newMapId(): string {
  const bytes = randomBytes(40);
  let id = '';
  for (const b of bytes) {
    if (b < 248) id += ID_ALPHABET[b % 62];
    if (id.length === 20) return id;
  }
  return newMapId();
}

const now = () => new Date().toISOString();
export const previewOf = (doc: MapDocument): string | null => doc.layers[0]?.file || null;

export function toSummary(map: MapItem, at: Date = new Date()): MapSummary {
  const publication = publishedOf(map);
  return {
    id: map.id,
    title: map.title,
    uid: map.uid,
    author: map.author,
    created: map.created,
    edited: map.edited,
    state: map.state,
    metrics: map.metrics,
    subscribed: map.subscribed,
    version: map.version,
    activeUntil: isTestState(map.state) ? testMapActiveUntil(testSinceOf(map)) : null,
    published: publication !== null && isPublic(map.state, testSinceOf(map), at),
    publishedVersion: publication?.version ?? null,
    publishedAt: publication?.at ?? map.unpublishedAt ?? null,
    publication: publicationOf(map.version, shownVersionOf(map, publication), !!map.unpublishedAt),
    restoreOf: map.draftCopyOf ?? null,
    previewUrl: map.previewUrl ?? null,
    lapsedFrom: map.lapsedFrom ?? null,
    licenseEndsAt: map.licenseEndsAt ?? null,
    ...analyticsZoneOf(map),
  };
}

export function toEntry(h: HistoryItem): HistoryEntry {
  return {
    historyMapId: versionLabel(h.version),
    mapId: h.mapId,
    version: h.version,
    name: h.name ?? null,
    created: h.created,
    title: h.title,
    metrics: h.metrics,
    kind: h.kind,
    restoredFrom: h.restoredFrom ?? null,
    publishedAt: h.publishedAt ?? null,
  };
}

/** The map, if the caller may touch it: its owner or an administrator. Anyone else learns nothing. */
export async function accessible(
  a: MapItems<'get'>,
  identity: Identity,
  id: string,
  opts: { includeDeleting?: boolean } = {},
): Promise<MapItem> {
  const map = await a.mapTable.get(id);
  if (!map || (map.deleting && !opts.includeDeleting)) throw new MapNotFoundError();
  if (map.uid !== identity.uid && !identity.admin) throw new MapNotFoundError();
  return map;
}

/** A new map (blank, or the document given), counted against the account's limit on new maps (abuse-limits.ts). */
export async function createMap(
  a: NewMapStores & Owing & Holding & Pick<WriteLimits, 'countNewMap'>,
  actor: Actor,
  input: { title: string; mapData?: MapDocument | null },
  opts: { id?: string; state?: MapStateValue; publish?: boolean } = {},
): Promise<string> {
  await a.countNewMap(actor.identity.uid);
  return writeNewMap(a, actor, input, opts);
}

async function writeNewMap(
  a: NewMapStores & Owing & Holding,
  actor: Actor,
  input: { title: string; mapData?: MapDocument | null },
  opts: { id?: string; state?: MapStateValue; publish?: boolean; analyticsZone?: string },
): Promise<string> {
  const doc = input.mapData ?? blankDocument();
  const id = opts.id ?? newMapId();
  const created = now();
  const stored = storedJson(doc);
  const storage = await chargeStorage(actor.identity, actor.subject, stored.bytes);
  const key = await a.mapObjects.putDocument(id, 1, stored.json);
  const map: MapItem = {
    id,
    title: input.title,
    uid: actor.subject,
    author: actor.subject,
    created,
    edited: created,
    state: opts.state ?? MapState.TEST,
    metrics: computeMetrics(doc),
    subscribed: false,
    version: 1,
    docKey: key,
    previewUrl: previewOf(doc),
    // A new map is a draft nobody sees until its author publishes it (ADR 018); seeded maps are published at once.
    publishedVersion: opts.publish ? 1 : null,
    publishedDocKey: opts.publish ? key : null,
    publishedTitle: opts.publish ? input.title : null,
    publishedAt: opts.publish ? created : null,
    unpublishedAt: null,
    ...(opts.analyticsZone && { analyticsZone: opts.analyticsZone }),
  };
  try {
    await a.mapTable.create(
      map,
      {
        mapId: id,
        version: 1,
        docKey: key,
        name: null,
        created,
        title: map.title,
        metrics: map.metrics,
        kind: 'create',
        restoredFrom: null,
        publishedAt: opts.publish ? created : null,
        size: stored.bytes,
      },
      { enforceLimits: !actor.identity.admin, storage: counted(storage) },
    );
  } catch (err) {
    await answerFailedCreate(a, id, key, err);
  }
  // The public copy says "not published" (or, seeded, is the map): a 200 the edge may cache, never an error answer.
  await followUp(a, { kind: 'publish', mapId: id }, () =>
    publishLatest(a, id, new Date(), { docKey: key, document: doc }),
  );
  return id;
}

export async function listMaps(
  a: MapItems<'list'> & Pick<MapsAdapters, 'userPool'>,
  actor: Actor,
): Promise<MapSummary[]> {
  const viewingOther = actor.identity.admin && actor.subject !== actor.identity.uid;
  const maps = await a.mapTable.list(viewingOther ? 'author' : 'owner', actor.subject);
  if (viewingOther) {
    // A map may name its author by email address (adminUpdateMap; updateEmail keeps it current): list those too.
    const email = await a.userPool.emailOf(actor.subject);
    const listed = new Set(maps.map((m) => m.id));
    if (email) maps.push(...(await a.mapTable.list('author', email)).filter((m) => !listed.has(m.id)));
  }
  const at = new Date();
  return maps.map((m) => toSummary(m, at));
}

export async function getMap(a: MapReads, actor: Actor, id: string): Promise<MapWithDocument> {
  const map = await accessible(a, actor.identity, id);
  const [history, documentUrl] = await Promise.all([a.mapTable.history(id), a.documentUrls.of(map.docKey)]);
  return { map: toSummary(map), history: history.map(toEntry), documentUrl };
}

/** A committed version: the map item as it now stands, the history entry it made and the history after pruning. */
interface Committed {
  map: MapItem;
  entry: HistoryItem;
  /** Null when the history could not be read after the commit (pruning failed; the version is saved). */
  history: HistoryItem[] | null;
}

/** What a new version is committed with (a save, a restore, an administrator's update). */
interface CommitArgs {
  title: string;
  metrics: HistoryItem['metrics'];
  kind: HistoryItem['kind'];
  restoredFrom?: string | null;
  copyOf?: number; // the version a restore copies (MapItem.draftCopyOf)
  docHash: string; // the new version's documentHash (MapItem.docHash)
  previewUrl: string | null;
  saveId?: string;
  /** What the save id is sent with, recorded with it: the id reused for another request is then refused. */
  request?: SaveRequest;
  /** The new document's bytes, charged to the owner's storage by the commit (ADR 027). */
  storage: StorageCharge;
}

/**
 * Commits `key` (already stored) as the version after `baseVersion` (the draft), or deletes it again and rethrows,
 * then prunes the history. Visitors keep the published version: a commit never writes the public copy (ADR 018).
 */
export async function commit(
  a: CommitStores & Holding,
  map: MapItem,
  baseVersion: number,
  key: string,
  args: CommitArgs,
): Promise<Committed> {
  const version = baseVersion + 1;
  const edited = now();
  const entry: HistoryItem = {
    mapId: map.id,
    version,
    docKey: key,
    name: null,
    created: edited,
    title: args.title,
    metrics: args.metrics,
    kind: args.kind,
    restoredFrom: args.restoredFrom ?? null,
    size: args.storage.bytes,
  };
  try {
    await a.mapTable.commitVersion({
      id: map.id,
      baseVersion,
      title: args.title,
      edited,
      previewUrl: args.previewUrl,
      entry,
      base: { docKey: map.docKey, title: map.title, edited: map.edited },
      saveId: args.saveId,
      request: args.request,
      storage: counted(args.storage),
      copyOf: args.copyOf,
      docHash: args.docHash,
    });
  } catch (err) {
    // Only a refusal proves nothing was committed; after any other failure the document stays.
    await answerFailedCommit(a, err, { mapId: map.id, version, key, saveId: args.saveId });
  }
  const committed: MapItem = {
    ...map,
    // A map stored before drafts existed: the version it had stays the published one (commitVersion sets it).
    ...(map.publishedVersion === undefined
      ? {
          publishedVersion: map.version,
          publishedDocKey: map.docKey,
          publishedTitle: map.title,
          publishedAt: map.edited,
        }
      : {}),
    version,
    docKey: key,
    edited,
    title: args.title,
    metrics: args.metrics,
    previewUrl: args.previewUrl,
    draftCopyOf: args.copyOf,
    docHash: args.docHash,
  };
  let history: HistoryItem[] | null = null;
  await afterCommit('history pruning', map.id, async () => {
    history = await pruneHistory(a, {
      id: map.id,
      uid: map.uid,
      version,
      docKey: key,
      published: publishedOf(committed)?.version ?? null,
      analyticsZone: map.analyticsZone,
    });
  });
  return { map: committed, entry, history };
}

/**
 * Saves the draft: a new version if the map is still at baseVersion (409 aborted when the map moved past it, 400 when
 * it never reached it; a save id already committed is answered with its first outcome, and refused when it comes with
 * another save). Visitors keep the published version until the author publishes (domain/publishing.ts). Answers everything the editor shows after a save: the new version, the map's summary, the
 * history entry and the history, so the editor reads nothing back.
 */
export async function saveMap(
  a: SaveRecords & CommitStores & Holding & MapStores<never, 'putDocument'> & Pick<WriteLimits, 'countMapVersion'>,
  actor: Actor,
  input: { id: string; baseVersion: number; title?: string; mapData: MapDocument; saveId?: string },
): Promise<SaveMapResult> {
  await a.countMapVersion(actor.identity.uid);
  const map = await accessible(a, actor.identity, input.id);
  const stored = storedJson(input.mapData);
  const request = saveRequest(input.baseVersion, input.title, stored.json);
  const earlier = await answerCommittedSave(a, map.id, input.saveId, request);
  if (earlier) return earlier;
  // A base the map never reached is no concurrent change (which only moves the map past the base): a bad request.
  if (input.baseVersion > map.version) throw new BaseVersionAheadError(input.baseVersion, map.version);
  if (map.version !== input.baseVersion) throw new MapVersionConflictError(map.version);
  const storage = await chargeStorage(actor.identity, map.uid, stored.bytes);
  const key = await a.mapObjects.putDocument(map.id, input.baseVersion + 1, stored.json);
  const metrics = computeMetrics(input.mapData);
  const { title = map.title, mapData: document, saveId } = input;
  // An administrator's save of someone else's map (viewing as them, or not) is theirs, not the owner's, in its history.
  const kind = actor.identity.uid === map.uid ? ('save' as const) : ('admin' as const);
  const docHash = documentHash(stored.json);
  const args = { title, metrics, kind, saveId, request, previewUrl: previewOf(document), storage, docHash };
  let committed: Committed;
  try {
    committed = await commit(a, map, input.baseVersion, key, args);
  } catch (err) {
    return answerFailedSave(a, err, map.id, saveId, request);
  }
  // Pruning is best effort: when it failed, the history is read again (the save itself stands, also without it).
  const kept = committed.history ?? (await readAfterCommit('history', map.id, () => a.mapTable.history(map.id)));
  return {
    version: committed.map.version,
    edited: committed.map.edited,
    metrics,
    map: toSummary(committed.map),
    entry: toEntry(committed.entry),
    ...(kept ? { history: kept.map(toEntry) } : {}),
  };
}

/**
 * Renames the map: the draft's title (visitors keep the published title until the author publishes, ADR 018). With
 * `replaces`, only over that title: one changed elsewhere since the caller showed it is kept (TitleChangedError).
 */
export async function renameMap(
  a: MapItems<'get' | 'rename'>,
  actor: Actor,
  input: { id: string; title: string; replaces?: string },
): Promise<MapSummary> {
  const map = await accessible(a, actor.identity, input.id);
  const edited = now();
  // A map that has the title asked for already (a retried rename whose answer was lost) is renamed again, as asked.
  const replaces = map.title === input.title ? map.title : input.replaces;
  if ((replaces ?? map.title) === map.title && (await a.mapTable.rename(map.id, input.title, edited, replaces)))
    return toSummary({ ...map, title: input.title, edited });
  throw new TitleChangedError(toSummary(await accessible(a, actor.identity, input.id)));
}

/**
 * Deletes the map, every stored version, its history, its analytics and its public copy (./map-deletion.ts): done once
 * the map is marked, the rest owed when it cannot be done at once; `strict` waits for the rest (an account's deletion).
 */
export async function deleteMap(
  a: DeletionStores,
  actor: Actor,
  id: string,
  opts: { strict?: boolean } = {},
): Promise<null> {
  await deleteWholeMap(a, await accessible(a, actor.identity, id, { includeDeleting: true }), opts);
  return null;
}

/** A copy of the map, as the caller's: its document, and its analytics time zone with no change of its own. */
export async function duplicateMap(
  a: NewMapStores & Owing & Holding & Pick<WriteLimits, 'countNewMap'>,
  actor: Actor,
  id: string,
): Promise<string> {
  // Counted before the source's document is read: a refused copy costs no read.
  await a.countNewMap(actor.identity.uid);
  const source = await accessible(a, actor.identity, id);
  // A delete between the two reads takes the document: the duplicate then answers not found, as for a deleted map.
  const doc = await readingDocuments(a, id, async () =>
    readStoredDocument(await a.mapObjects.getDocument(source.docKey)),
  );
  const title = `${DUPLICATE_TITLE_PREFIX}${source.title}`.slice(0, MAP_TITLE_MAX);
  return writeNewMap(a, actor, { title, mapData: doc }, { analyticsZone: source.analyticsZone });
}

/**
 * Moves the map to `input.state`. A map already there is answered as it is, also when a change racing this one (a
 * double click, another tab) put it there first; a race to another state is refused with a state change's message.
 */
export async function setMapState(
  a: MapItems<'get' | 'changeState'>,
  actor: Actor,
  input: { id: string; state: MapStateValue },
): Promise<MapSummary> {
  let map = await accessible(a, actor.identity, input.id);
  if (isAdminOnlyState(input.state) && !actor.identity.admin) {
    throw new CallError('permission-denied', 'Only administrators can make a map a demo or admin map.');
  }
  const edited = now();
  // The public copy gets the new state (the draft stays a draft), owed in the change's own transaction (ADR 018, 047).
  const owed = [{ kind: 'publish', mapId: map.id }] as const;
  for (let attempt = 1; ; attempt++) {
    if (isAdminOnlyState(map.state) && !actor.identity.admin) {
      throw new CallError('permission-denied', 'Only administrators can change the state of a demo or admin map.');
    }
    if (map.state === input.state) return toSummary(map);
    try {
      await a.mapTable.changeState(map, input.state, { enforceLimits: !actor.identity.admin, edited, owed });
      break;
    } catch (err) {
      if (!(err instanceof MapVersionConflictError)) throw err;
      const read = map;
      map = await accessible(a, actor.identity, input.id);
      // Moved elsewhere to another state: this change was asked of the state read, so it is not made over that one.
      if (map.state !== input.state && (map.state !== read.state || attempt === 3)) throw new MapStateChangedError();
    }
  }
  // The map as the change wrote it (adapters/maps/state-update.ts): no longer waiting to come back from a lapse, and a
  // map back in test has its 7 days from now.
  return toSummary({
    ...map,
    state: input.state,
    subscribed: input.state === MapState.LIVE || input.state === MapState.PRO,
    edited,
    lapsedFrom: undefined,
    ...(isTestState(input.state) && !isTestState(map.state) ? { testSince: edited } : {}),
  });
}

export async function getSlots(a: MapItems<'slots'>, actor: Actor) {
  return a.mapTable.slots(actor.subject);
}
