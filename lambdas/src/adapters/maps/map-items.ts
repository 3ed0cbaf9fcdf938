/**
 * The shapes of the maps service's items in the single table (map metadata, history entries, slot counters) and
 * their conversion to and from what DynamoDB stores: the keys of the table and of its indexes are added here and
 * only here, and stripped again on the way back.
 */
import type { AnalyticsZoneChange, CountingRecord } from '@mapnest/shared/analytics';
import type { MapStateValue } from '@mapnest/shared/constants';
import { keys, TABLE_INDEXES, TTL_ATTRIBUTE, versionLabel } from '@mapnest/shared/keys';
import { isTestState, testMapActiveUntil, type MapMetrics, type SlotCounters } from '@mapnest/shared/maps';

/** The map metadata item. */
export interface MapItem {
  id: string;
  title: string;
  uid: string;
  author: string;
  created: string;
  edited: string;
  state: MapStateValue;
  metrics: MapMetrics;
  subscribed: boolean;
  version: number;
  docKey: string;
  previewUrl: string | null;
  /** When the map last became a test map, if not at its creation (it went back from live or pro): its 7 days count from here. */
  testSince?: string;
  /** When the map last moved into a paid state: slots running out send the most recently promoted maps back first. */
  promotedAt?: string;
  /**
   * The paid state a map had before its owner's slots ran out (see MapSummary.lapsedFrom): a test map's, or a live
   * map's that was Professional (moved to Basic, `movedToBasicAt`).
   */
  lapsedFrom?: 1 | 3;
  /** When a Professional map whose slots ran out moved to Basic instead of test (its owner's summary names it). */
  movedToBasicAt?: string;
  /** End of the marketplace licence registered on this map, while it runs. */
  licenseEndsAt?: string;
  /** Set while a delete is in progress: the map is gone for every reader, and a retried delete resumes. */
  deleting?: boolean;
  /**
   * The published version (ADR 018): what visitors see, null when nothing is published. Absent on maps stored
   * before drafts existed, whose current version was published by every save (domain/maps.ts publicationOf).
   */
  publishedVersion?: number | null;
  /** That version's document and title, and when it was published. */
  publishedDocKey?: string | null;
  publishedTitle?: string | null;
  publishedAt?: string | null;
  /**
   * The version whose document the draft is an unedited copy of: set by a restore, removed by every other new
   * version. A draft restored from the published version is what visitors see, and is said to be (toSummary).
   */
  draftCopyOf?: number;
  /**
   * A hash of the current version's document (`documentHash`), and of the published version's: equal, the draft is
   * what visitors see, however it came back to it (an edit and its undo, saved). Absent on versions stored before.
   */
  docHash?: string;
  publishedHash?: string | null;
  /** When the map was last taken offline (Unpublish); a map with neither was never published. */
  unpublishedAt?: string | null;
  /** The time zone of its analytics days (ADR 072); absent on maps whose owner never chose one: UTC. */
  analyticsZone?: string;
  /** The last change of that zone, absent when it never changed. */
  analyticsZoneChange?: AnalyticsZoneChange;
  /**
   * When it was Professional, so its analytics counted (ADR 074): written with every change of its state, absent on
   * maps made before that were not changed since.
   */
  counting?: CountingRecord;
}

export interface HistoryItem {
  mapId: string;
  version: number;
  docKey: string;
  name: string | null;
  created: string;
  title: string;
  metrics: MapMetrics;
  kind: 'create' | 'save' | 'restore' | 'admin';
  restoredFrom: string | null;
  /** When this version was last published (ADR 018); pruning keeps it. */
  publishedAt?: string | null;
  /** The document's size in bytes, counted in the owner's storage (ADR 027); absent on entries written before. */
  size?: number;
}

export type SlotsItem = SlotCounters;

/**
 * The sparse expiry keys (GSI3) of a map that is a test map since `testSince`: it falls due for the sweep when its
 * 7 days are over. Every write that moves a map into test sets them; every write that moves it out removes them.
 */
export function expiryKeys(mapId: string, testSince: string): Record<string, string> {
  return keys.due('test-map', testMapActiveUntil(testSince), mapId);
}

export function metaItem(map: MapItem): Record<string, unknown> {
  return {
    ...keys.map(map.id),
    type: 'map',
    ...map,
    [TABLE_INDEXES.byOwner.pk]: keys.mapsByOwner(map.uid),
    [TABLE_INDEXES.byOwner.sk]: keys.createdSort(map.created, map.id),
    [TABLE_INDEXES.byAuthor.pk]: keys.mapsByAuthor(map.author),
    [TABLE_INDEXES.byAuthor.sk]: keys.createdSort(map.created, map.id),
    ...(isTestState(map.state) && !map.deleting ? expiryKeys(map.id, map.testSince ?? map.created) : {}),
  };
}

export function historyItem(h: HistoryItem): Record<string, unknown> {
  return { ...keys.mapHistory(h.mapId, h.version), type: 'history', historyMapId: versionLabel(h.version), ...h };
}

/**
 * The request a save id (or restore id) was committed for, kept with its outcome so that the id reused for another
 * request is told from a retry: a save by its base version and a hash of its title and document, a restore by the
 * version it restored.
 */
export type SaveRequest =
  { kind: 'save'; baseVersion: number; hash: string } | { kind: 'restore'; historyMapId: string };

/** A committed save id: the history entry it made, and its request (absent on records written before requests were kept). */
export interface CommittedSave {
  entry: HistoryItem;
  request?: SaveRequest;
}

/** How long a save id is remembered: far longer than any client keeps retrying one save. */
const SAVE_RECORD_SECONDS = 86_400;
export const saveRecordItem = (id: string, saveId: string, entry: HistoryItem, request?: SaveRequest) => ({
  ...keys.mapSave(id, saveId),
  type: 'save',
  entry,
  ...(request ? { request } : {}),
  [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + SAVE_RECORD_SECONDS,
});
export function toMap(item: Record<string, unknown>): MapItem {
  const {
    pk: _pk,
    sk: _sk,
    type: _t,
    gsi1pk: _a,
    gsi1sk: _b,
    gsi2pk: _c,
    gsi2sk: _d,
    gsi3pk: _e,
    gsi3sk: _f,
    ...rest
  } = item;
  return rest as unknown as MapItem;
}

export function toHistory(item: Record<string, unknown>): HistoryItem {
  const { pk: _pk, sk: _sk, type: _t, historyMapId: _h, ...rest } = item;
  return rest as unknown as HistoryItem;
}
