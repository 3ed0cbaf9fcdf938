/**
 * What S3 promises about writes and s3rver 3.7's file store does not keep, kept by wrapping that store:
 * - a PUT is answered once the whole object is stored: s3rver answers once the bytes have passed through its hash,
 *   while the file may still be being written, so a read right after the answer could get part of the object (the
 *   editor shows an uploaded floor plan at once: a truncated SVG is a broken image);
 * - a reader sees the old object or the new one, never part of either: s3rver writes over the live file in place.
 * Here the object is written to a file of its own and renamed over the old one once complete, its metadata follows,
 * and reads of a key wait while a write of that key is under way (so they never see the new bytes with the old
 * metadata). Writes of one key are applied in the order they arrive.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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

/** Makes `store` (s3rver's `server.store`) answer writes and reads of one key as S3 does. */
export function keepS3WriteSemantics(store: S3rverFileStore): void {
  const writing = new Map<string, Promise<unknown>>();
  const idOf = (bucket: string, key: string) => `${bucket}/${key}`;
  store.putObject = (object) => {
    const id = idOf(object.bucket, object.key);
    const before = writing.get(id) ?? Promise.resolve();
    const done = before.then(() => writeWhole(store, object));
    const settled = done.catch(() => undefined);
    writing.set(id, settled);
    void settled.then(() => {
      if (writing.get(id) === settled) writing.delete(id);
    });
    return done;
  };
  const getObject = store.getObject.bind(store);
  const getMetadata = store.getMetadata.bind(store);
  store.getObject = async (bucket, key, options) => {
    await writing.get(idOf(bucket, key));
    return getObject(bucket, key, options);
  };
  store.getMetadata = async (bucket, key) => {
    await writing.get(idOf(bucket, key));
    return getMetadata(bucket, key);
  };
}
