/**
 * What a map version costs its owner's storage (ADR 027): the document is stored as JSON within the map size limit,
 * and its bytes are charged to the owner in the transaction that commits it, refused past the quota. Both checks run
 * before anything is written, so a refused save changes nothing; administrators' writes are counted, never refused.
 */
import { createHash } from 'node:crypto';
import { CallError } from '@mapnest/shared/errors';
import type { MapDocument } from '@mapnest/shared/map-document';
import { DOCUMENT_MAX_BYTES, documentSizeProblem } from '@mapnest/shared/storage';
import { readStorageUsage, storageItem, type CountedWrite, type StorageCharge } from '../adapters/files/storage-usage';
import { StorageQuotaError } from '../lib/errors';
import type { Identity } from '../lib/identity';

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
