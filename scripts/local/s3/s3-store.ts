/**
 * What S3 promises about writes and s3rver 3.7's file store does not keep, kept by wrapping that store:
 * - a PUT is answered once the whole object is stored: s3rver answers once the bytes have passed through its hash,
 *   while the file may still be being written, so a read right after the answer could get part of the object (the
 *   editor shows an uploaded floor plan at once: a truncated SVG is a broken image);
 * - a reader sees the old object or the new one, never part of either: s3rver writes over the live file in place.
 * Here the object is written to a file of its own and renamed over the old one once complete, its metadata follows,
 * and the reads and writes of a key take turns: a read waits while a write of that key is under way, and a write
 * waits until the reads that came before it have opened the object (s3rver reads the metadata first, then opens the
 * file: a write renamed in between gave a reader the new bytes cut to the old length, seen as a published map's
 * JSON cut short). An opened file is read whole even if replaced meanwhile. Writes and deletes of one key are applied
 * in the order they arrive; a copy is a read of its source and then a write of its destination, in their turns
 * (s3rver's own copy, outside them, gave a reader between the metadata and the file the copy's bytes cut short);
 * - a conditional PUT (`If-Match: <etag>`, `If-None-Match: *`) is checked in the write's own turn, so nothing can
 *   change the object between the check and the write: a missing object answers 404 NoSuchKey to `If-Match`, another
 *   ETag or an existing object 412 PreconditionFailed, as S3 does (s3rver ignores both headers on a PUT);
 * - a conditional copy (`x-amz-copy-source-if-match`, `x-amz-copy-source-if-none-match`) is checked against the very
 *   version of the source it copies, and another ETag answers 412 PreconditionFailed, as S3 does (s3rver ignores both:
 *   `copySourceConditions` hands them from the request to the store's copy).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3Error from 's3rver/lib/models/error';

interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}

/** The parts of s3rver's FilesystemStore this file uses and replaces. */
export interface S3rverFileStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
  getObject(bucket: string, key: string, options?: unknown): Promise<unknown>;
  getMetadata(bucket: string, key: string): Promise<unknown>;
  deleteObject(bucket: string, key: string): Promise<void>;
  copyObject(
    srcBucket: string,
    srcKey: string,
    destBucket: string,
    destKey: string,
    replacementMetadata: Record<string, string> | null,
  ): Promise<unknown>;
}

let partCounter = 0;

async function writeWhole(store: S3rverFileStore, object: StoredObject): Promise<{ size: number; md5: string }> {
  const path = store.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(dirname(path), { recursive: true });
  // Not named like an object, so a listing never shows it.
  const part = `${path}.${process.pid}-${++partCounter}.part`;
  const md5 = createHash('md5');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  try {
    await pipeline(source, count, createWriteStream(part));
    await rename(part, path);
  } catch (err) {
    await rm(part, { force: true });
    throw err;
  }
  const digest = md5.digest('hex');
  await store.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
}

/** The stored object's ETag, unquoted, or null when there is none. */
async function currentEtag(
  getMetadata: S3rverFileStore['getMetadata'],
  bucket: string,
  key: string,
): Promise<string | null> {
  try {
    const metadata = (await getMetadata(bucket, key)) as { etag?: string };
    return (metadata.etag ?? '').replace(/"/g, '');
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Refuses a PUT whose `If-Match` or `If-None-Match` does not hold, as S3 does. s3rver hands the store the request
 * itself as the content of a PUT, so its headers are at hand; other writes (copies, POST uploads) carry none.
 */
async function checkCondition(getMetadata: S3rverFileStore['getMetadata'], object: StoredObject): Promise<void> {
  const headers = (object.content as { headers?: IncomingHttpHeaders }).headers;
  const ifMatch = headers?.['if-match'];
  const ifNoneMatch = headers?.['if-none-match'];
  if (ifMatch === undefined && ifNoneMatch === undefined) return;
  const etag = await currentEtag(getMetadata, object.bucket, object.key);
  if (ifMatch !== undefined) {
    if (etag === null) throw new S3Error('NoSuchKey', 'The specified key does not exist.', { Key: object.key });
    if (ifMatch.trim() !== '*' && ifMatch.replace(/"/g, '').trim() !== etag)
      throw new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
        Condition: 'If-Match',
      });
  }
  if (ifNoneMatch !== undefined && ifNoneMatch.trim() === '*' && etag !== null)
    throw new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
      Condition: 'If-None-Match',
    });
}

/** A copy's conditions on the ETag of its source (ETags unquoted, or '*'). */
export interface CopySourceConditions {
  ifMatch?: string;
  ifNoneMatch?: string;
}

/** The copy-source conditions of the request s3rver is handling, for the store's copy. */
const copyConditions = new AsyncLocalStorage<CopySourceConditions>();

/** Runs `job` (the handling of one request) with the copy-source conditions the store's copies check. */
export function withCopySourceConditions<T>(conditions: CopySourceConditions, job: () => T): T {
  return copyConditions.run(conditions, job);
}

/**
 * A middleware for s3rver (a Koa app), to run first: a copy request's `x-amz-copy-source-if-match` and
 * `x-amz-copy-source-if-none-match`, which s3rver ignores, reach the store's copy (`keepS3WriteSemantics`).
 */
export function copySourceConditions() {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.replace(/"/g, '').trim();
  return (ctx: { headers: IncomingHttpHeaders }, next: () => Promise<unknown>): Promise<unknown> => {
    const ifMatch = one(ctx.headers['x-amz-copy-source-if-match']);
    const ifNoneMatch = one(ctx.headers['x-amz-copy-source-if-none-match']);
    if (ctx.headers['x-amz-copy-source'] === undefined || (ifMatch === undefined && ifNoneMatch === undefined))
      return next();
    return withCopySourceConditions({ ifMatch, ifNoneMatch }, next);
  };
}

/** Refuses a copy whose source, with ETag `etag` (quoted or not), fails the request's conditions, as S3 does (412). */
function checkCopySource(conditions: CopySourceConditions | undefined, etag: unknown): void {
  if (!conditions) return;
  const current = String(etag ?? '').replace(/"/g, '');
  const fail = (header: string): never => {
    throw new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
      Condition: header,
    });
  };
  const { ifMatch, ifNoneMatch } = conditions;
  if (ifMatch !== undefined && ifMatch !== '*' && ifMatch !== current) fail('x-amz-copy-source-If-Match');
  if (ifNoneMatch !== undefined && (ifNoneMatch === '*' || ifNoneMatch === current))
    fail('x-amz-copy-source-If-None-Match');
}

/** Makes `store` (s3rver's `server.store`) answer writes and reads of one key as S3 does. */
export function keepS3WriteSemantics(store: S3rverFileStore): void {
  /** Per key, the end of the last write or read queued: each waits for the one before it. */
  const turns = new Map<string, Promise<unknown>>();
  /** Keys being read by getObject: its own metadata read is part of its turn. */
  const opening = new Map<string, number>();
  const idOf = (bucket: string, key: string) => `${bucket}/${key}`;
  const inTurn = <T>(id: string, job: () => Promise<T>): Promise<T> => {
    const done = (turns.get(id) ?? Promise.resolve()).then(job);
    const settled = done.catch(() => undefined);
    turns.set(id, settled);
    void settled.then(() => {
      if (turns.get(id) === settled) turns.delete(id);
    });
    return done;
  };
  const getObject = store.getObject.bind(store);
  const getMetadata = store.getMetadata.bind(store);
  const deleteObject = store.deleteObject.bind(store);
  store.putObject = (object) =>
    inTurn(idOf(object.bucket, object.key), async () => {
      await checkCondition(getMetadata, object);
      return writeWhole(store, object);
    });
  store.deleteObject = (bucket, key) => inTurn(idOf(bucket, key), () => deleteObject(bucket, key));
  const copyObject = store.copyObject.bind(store);
  store.copyObject = (srcBucket, srcKey, destBucket, destKey, replacementMetadata) => {
    const dest = idOf(destBucket, destKey);
    const conditions = copyConditions.getStore();
    // Onto itself a copy only replaces the metadata (s3rver refuses any other copy of an object onto itself).
    if (idOf(srcBucket, srcKey) === dest)
      return inTurn(dest, async () => {
        checkCopySource(conditions, await currentEtag(getMetadata, srcBucket, srcKey));
        // s3rver's copy reads the new metadata back through the store: in this turn already, that read must not
        // wait for the turn to end.
        opening.set(dest, (opening.get(dest) ?? 0) + 1);
        try {
          return await copyObject(srcBucket, srcKey, destBucket, destKey, replacementMetadata);
        } finally {
          const left = opening.get(dest)! - 1;
          if (left) opening.set(dest, left);
          else opening.delete(dest);
        }
      });
    // The source is opened in its own turn first (an opened file is read whole), then written in the destination's:
    // never one turn inside another, so two copies the opposite way round cannot wait on each other. The conditions
    // are checked against the version opened, the one copied.
    return store.getObject(srcBucket, srcKey).then((opened) => {
      const source = opened as { content: Readable; metadata: Record<string, string> } | null;
      if (!source) throw new S3Error('NoSuchKey', 'The specified key does not exist.', { Key: srcKey });
      try {
        checkCopySource(conditions, source.metadata.etag);
      } catch (err) {
        source.content.destroy();
        throw err;
      }
      return inTurn(dest, async () => {
        await writeWhole(store, {
          bucket: destBucket,
          key: destKey,
          content: source.content,
          metadata: replacementMetadata ?? source.metadata,
        });
        return getMetadata(destBucket, destKey);
      });
    });
  };
  // s3rver's getObject reads the metadata and opens the file: the turn ends once the file is open.
  store.getObject = (bucket, key, options) => {
    const id = idOf(bucket, key);
    return inTurn(id, async () => {
      opening.set(id, (opening.get(id) ?? 0) + 1);
      try {
        return await getObject(bucket, key, options);
      } finally {
        const left = opening.get(id)! - 1;
        if (left) opening.set(id, left);
        else opening.delete(id);
      }
    });
  };
  store.getMetadata = (bucket, key) => {
    const id = idOf(bucket, key);
    return opening.has(id) ? getMetadata(bucket, key) : inTurn(id, () => getMetadata(bucket, key));
  };
}
