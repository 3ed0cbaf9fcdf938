/**
 * What a map version costs its owner's storage (ADR 027): the document is stored as JSON within the map size limit,
 * and its bytes are charged to the owner in the transaction that commits it, refused past the quota. Both checks run
 * before anything is written, so a refused save changes nothing; administrators' writes are counted, never refused.
 * Which versions a map keeps: named and published ones for good, the newest unnamed ones, and the last of each recent
 * hour and day (`pruneHistory`).
 */
import { createHash } from 'node:crypto';
import { analyticsZoneOf, dayOf } from '@mapnest/shared/analytics';
import { HISTORY_DAILY_DAYS, HISTORY_UNNAMED_KEEP } from '@mapnest/shared/constants';
import { CallError } from '@mapnest/shared/errors';
import type { MapDocument } from '@mapnest/shared/map-document';
import { DOCUMENT_MAX_BYTES, documentSizeProblem } from '@mapnest/shared/storage';
import { readStorageUsage, storageItem, type CountedWrite, type StorageCharge } from '../adapters/files/storage-usage';
import type { HistoryItem } from '../adapters/maps/map-items';
import { StorageQuotaError } from '../lib/errors';
import type { Identity } from '../lib/identity';
import type { PruneAdapters } from './map-adapters';

const HOUR_MS = 3_600_000;

/** A document ready to store: its JSON and its size in bytes. */
export interface StoredJson {
  json: string;
  bytes: number;
}

/** A hash of a document's stored JSON: two versions with the same one have the same document (MapItem.docHash). */
export function documentHash(json: string): string {
  return createHash('sha256').update(json).digest('base64url');
}

/** The document as it is stored; refused (400, naming the map size limit) when it is over it. */
export function storedJson(document: MapDocument): StoredJson {
  const json = JSON.stringify(document);
  const problem = documentSizeProblem(json);
  if (problem)
    throw new CallError('invalid-argument', problem, { limit: 'documentBytes', maxBytes: DOCUMENT_MAX_BYTES });
  return { json, bytes: Buffer.byteLength(json) };
}

/**
 * The charge of `bytes` to `owner`'s storage for a write by `identity`: refused at once (nothing written) when the
 * quota cannot hold it, and enforced again by the commit's transaction against racing writes.
 */
export async function chargeStorage(identity: Identity, owner: string, bytes: number): Promise<StorageCharge> {
  if (identity.admin) return { uid: owner, bytes, limit: null };
  const charge: StorageCharge = { uid: owner, bytes, limit: await readStorageUsage(owner) };
  checkCharge(charge);
  return charge;
}

/** The refusal of a charge the quota cannot hold, with the figures read before it. */
export function quotaRefusal(charge: StorageCharge): StorageQuotaError {
  const usage = charge.limit ?? { used: 0, quota: 0 };
  return new StorageQuotaError({ needed: charge.bytes, used: usage.used, quota: usage.quota });
}

/** Refuses a charge the usage read before cannot hold (nothing is written). */
export function checkCharge(charge: StorageCharge): void {
  if (charge.limit && charge.bytes > 0 && charge.limit.used + charge.bytes > charge.limit.quota)
    throw quotaRefusal(charge);
}

/** The charge as the committing transaction counts it: its counter item, and its refusal. */
export function counted(charge: StorageCharge): CountedWrite {
  return { item: storageItem(charge), refusal: () => quotaRefusal(charge) };
}

/**
 * Which unnamed versions stay past the newest `HISTORY_UNNAMED_KEEP`: the last of each hour of the last day and the
 * last of each day (in the map's analytics time zone) of the last `HISTORY_DAILY_DAYS` days, so History reaches back
 * to this morning and last week however many autosaves came since. Buckets are fixed (clock hours, calendar days),
 * so a version kept stays kept until its hour or day is too old: time passing never thins a bucket twice.
 */
export function thinnedKeep(older: readonly HistoryItem[], zone: string, at: Date): Set<number> {
  const keep = new Set<number>();
  const hourOf = (created: string) => Math.floor(Date.parse(created) / HOUR_MS);
  const firstHour = hourOf(at.toISOString()) - 23;
  const firstDay = dayOf(new Date(at.getTime() - (HISTORY_DAILY_DAYS - 1) * 24 * HOUR_MS), zone);
  const lastOf = new Map<string, HistoryItem>();
  for (const entry of older) {
    const hour = hourOf(entry.created);
    const day = dayOf(new Date(entry.created), zone);
    for (const bucket of [hour >= firstHour && `h${hour}`, day >= firstDay && `d${day}`]) {
      if (!bucket) continue;
      const last = lastOf.get(bucket);
      if (!last || entry.version > last.version) lastOf.set(bucket, entry);
    }
  }
  for (const entry of lastOf.values()) keep.add(entry.version);
  return keep;
}

/**
 * Keeps every named version, every version once published (History lists them), the newest unnamed ones and, of the
 * older unnamed ones, the last of each recent hour and day (`thinnedKeep`); the other unnamed versions and their
 * documents go. Answers the history that remains, in the order getMap answers it.
 */
export async function pruneHistory(
  { mapTable, mapObjects }: PruneAdapters,
  map: {
    id: string;
    uid: string;
    version: number;
    docKey: string;
    published: number | null;
    analyticsZone?: string;
  },
  at = new Date(),
): Promise<HistoryItem[]> {
  const entries = await mapTable.history(map.id);
  const unnamed = entries.filter((e) => !e.name && !e.publishedAt).sort((a, b) => b.version - a.version);
  const older = unnamed.slice(HISTORY_UNNAMED_KEEP);
  const thinned = thinnedKeep(older, analyticsZoneOf(map).analyticsZone, at);
  const removed = new Set<number>();
  for (const entry of older) {
    if (entry.version === map.version || entry.version === map.published || thinned.has(entry.version)) continue;
    await mapTable.deleteHistoryEntry(entry, map.uid);
    removed.add(entry.version);
    if (entry.docKey !== map.docKey) await mapObjects.deleteDocument(entry.docKey);
  }
  return entries.filter((e) => !removed.has(e.version));
}
