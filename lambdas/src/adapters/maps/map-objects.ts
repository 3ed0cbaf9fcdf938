/**
 * The maps service's S3 adapter: document versions in the private documents bucket (one new object per
 * write, never overwritten), and the published copy that embeds read from the public bucket.
 */
import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { objectKeys } from '@mapnest/shared/keys';
import { PUBLISHED_CACHE_CONTROL, type PublishedMap } from '@mapnest/shared/maps';
import { s3Send } from '../s3-api';
import { config } from '../../lib/config';
import { DocumentGoneError } from '../../lib/errors';

/** Cache policy of published maps (ADR 018): the edge keeps a copy 2 s, browsers revalidate each view. */
export { PUBLISHED_CACHE_CONTROL };

const nonce = () => randomBytes(6).toString('base64url');

/** S3's answer for an object that does not exist (GetObject's NoSuchKey, HeadObject's bare 404). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** Stores a document version (its JSON, checked against the map size limit by the caller) under a fresh key. */
export async function putDocument(mapId: string, version: number, json: string): Promise<string> {
  const key = objectKeys.mapDocument(mapId, version, nonce());
  await s3Send('PutObject', {
    Bucket: config.documentsBucket,
    Key: key,
    Body: json,
    ContentType: 'application/json',
  });
  return key;
}

/** Copies a stored version to a new key (restores, duplicates) without downloading it; DocumentGoneError without it. */
export async function copyDocument(sourceKey: string, mapId: string, version: number): Promise<string> {
  const key = objectKeys.mapDocument(mapId, version, nonce());
  try {
    await s3Send('CopyObject', {
      Bucket: config.documentsBucket,
      Key: key,
      CopySource: `${config.documentsBucket}/${encodeURIComponent(sourceKey).replace(/%2F/g, '/')}`,
      ContentType: 'application/json',
      MetadataDirective: 'REPLACE',
    });
  } catch (err) {
    if (isMissing(err)) throw new DocumentGoneError(sourceKey);
    throw err;
  }
  return key;
}

/** A stored version's JSON; DocumentGoneError when there is none (its map deleted or its version pruned since). */
export async function getDocument(key: string): Promise<unknown> {
  let out;
  try {
    out = await s3Send('GetObject', { Bucket: config.documentsBucket, Key: key });
  } catch (err) {
    if (isMissing(err)) throw new DocumentGoneError(key);
    throw err;
  }
  return JSON.parse(new TextDecoder().decode(out.Body)) as unknown;
}

export async function deleteDocument(key: string): Promise<void> {
  await s3Send('DeleteObject', { Bucket: config.documentsBucket, Key: key });
}

/** Deletes every stored version of a map. */
export async function deleteAllDocuments(mapId: string): Promise<void> {
  const prefix = objectKeys.mapDocumentPrefix(mapId);
  let token: string | undefined;
  do {
    const page = await s3Send('ListObjectsV2', {
      Bucket: config.documentsBucket,
      Prefix: prefix,
      ContinuationToken: token,
    });
    const objects = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (objects.length) {
      await s3Send('DeleteObjects', { Bucket: config.documentsBucket, Delete: { Objects: objects, Quiet: true } });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/**
 * Writes the public copy gzipped (ADR 027): S3 stores and CloudFront serves the compressed bytes with
 * `Content-Encoding: gzip` (CloudFront compresses nothing over 10 MB itself), and every browser inflates them.
 */
export async function publish(published: PublishedMap): Promise<void> {
  await s3Send('PutObject', {
    Bucket: config.publicBucket,
    Key: objectKeys.publishedMap(published.id),
    Body: gzipSync(JSON.stringify(published), { level: 9 }),
    ContentEncoding: 'gzip',
    ContentType: 'application/json; charset=utf-8',
    CacheControl: PUBLISHED_CACHE_CONTROL,
    Metadata: { version: String(published.version), expired: String(published.expired) },
  });
}

/** The published copy as visitors read it, or null when there is none (a deleted map). */
export async function getPublished(mapId: string): Promise<PublishedMap | null> {
  try {
    const out = await s3Send('GetObject', { Bucket: config.publicBucket, Key: objectKeys.publishedMap(mapId) });
    // Stored gzipped since ADR 027; copies written before are plain JSON. Read by its bytes, not its
    // Content-Encoding: fetch inflates what it is told is gzip (s3-api.ts), so the bytes may come inflated.
    const body = Buffer.from(out.Body);
    const gzipped = body[0] === 0x1f && body[1] === 0x8b;
    return JSON.parse((gzipped ? gunzipSync(body) : body).toString('utf8')) as PublishedMap;
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/** The version and expiry flag of the published copy, or null when the map is not published. */
export async function publishedState(mapId: string): Promise<{ version: number; expired: boolean } | null> {
  try {
    const head = await s3Send('HeadObject', { Bucket: config.publicBucket, Key: objectKeys.publishedMap(mapId) });
    return { version: Number(head.Metadata?.version ?? 0), expired: head.Metadata?.expired === 'true' };
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (err as { name?: string }).name === 'NotFound') return null;
    throw err;
  }
}

export async function unpublish(mapId: string): Promise<void> {
  await s3Send('DeleteObject', { Bucket: config.publicBucket, Key: objectKeys.publishedMap(mapId) });
}

/**
 * The adapter as one object, as the maps operations take it (ADR 037). The Lambdas bind each operation to an object of
 * the functions it uses only (domain/services/maps.ts), so a call's bundle carries no S3 command it never sends.
 */
export const mapObjects = {
  putDocument,
  copyDocument,
  getDocument,
  deleteDocument,
  deleteAllDocuments,
  publish,
  getPublished,
  publishedState,
  unpublish,
};
