/**
 * The uploads bucket adapter: user files under `{uid}/`, avatars at `{uid}/.avatar.{ext}` (uploaded first to
 * `{uid}/.avatar-upload.{ext}`, copied over once checked) and the thumbnails the thumbnail trigger writes next to
 * them. Browsers upload with presigned POSTs (./upload-post.ts), whose policy, not the browser, enforces the key, the
 * type and the size.
 */
import { s3Send } from '../s3-api';
import { config } from '../../lib/config';

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  /** The object's Cache-Control, '' when it has none. */
  cacheControl: string;
  etag: string;
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};
const preconditionFailed = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'PreconditionFailed' || e?.$metadata?.httpStatusCode === 412;
};

/** Size, type and ETag of an object, or null when there is none. */
export async function head(key: string): Promise<StoredObject | null> {
  try {
    const out = await s3Send('HeadObject', { Bucket: config.uploadsBucket, Key: key });
    return {
      key,
      size: out.ContentLength ?? 0,
      contentType: out.ContentType ?? '',
      cacheControl: out.CacheControl ?? '',
      etag: (out.ETag ?? '').replace(/"/g, ''),
    };
  } catch (err) {
    if (notFound(err)) return null;
    throw err;
  }
}

/** The object's bytes, type and ETag (the version read, for `replace`), or null when there is none. */
export async function get(key: string): Promise<{ body: Uint8Array; contentType: string; etag: string } | null> {
  try {
    const out = await s3Send('GetObject', { Bucket: config.uploadsBucket, Key: key });
    return {
      body: out.Body,
      contentType: out.ContentType ?? '',
      etag: (out.ETag ?? '').replace(/"/g, ''),
    };
  } catch (err) {
    if (notFound(err)) return null;
    throw err;
  }
}

/** Writes the object; with `ifMatch`, only over the version with that ETag (S3 checks and writes in one step). */
export async function put(
  key: string,
  body: Uint8Array,
  contentType: string,
  cacheControl?: string,
  ifMatch?: string,
): Promise<void> {
  await s3Send('PutObject', {
    Bucket: config.uploadsBucket,
    Key: key,
    Body: body,
    ContentType: contentType,
    CacheControl: cacheControl,
    ...(ifMatch !== undefined && { IfMatch: `"${ifMatch}"` }),
  });
}

/**
 * Writes over the object only if it is still the version with `etag` (`put` with `ifMatch`). False when it was
 * deleted (404) or replaced (412) since it was read, and nothing is written; a concurrent change S3 reports as a
 * conflict (409) is thrown, for the caller's retry to read again.
 */
export async function replace(
  key: string,
  etag: string,
  body: Uint8Array,
  contentType: string,
  cacheControl?: string,
): Promise<boolean> {
  try {
    await put(key, body, contentType, cacheControl, etag);
    return true;
  } catch (err) {
    if (notFound(err) || preconditionFailed(err)) return false;
    throw err;
  }
}

/**
 * Copies the object at `from` over `to` (its type and cache control with it), only if `from` is still the version
 * with ETag `ifMatch` (S3 checks and copies in one step). Answers the new object's ETag, or null when `from` is gone
 * (404) or was replaced since it was read (412), and nothing is written.
 */
export async function copy(from: string, to: string, ifMatch: string): Promise<{ etag: string } | null> {
  try {
    const out = await s3Send('CopyObject', {
      Bucket: config.uploadsBucket,
      Key: to,
      CopySource: `${config.uploadsBucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
      CopySourceIfMatch: `"${ifMatch}"`,
    });
    return { etag: (out.CopyObjectResult?.ETag ?? '').replace(/"/g, '') };
  } catch (err) {
    if (notFound(err) || preconditionFailed(err)) return null;
    throw err;
  }
}

/**
 * Gives the object a new Content-Type and Cache-Control by copying it over itself, only if it is still the version
 * with ETag `etag` (S3 checks and copies in one step). False when it was deleted (404) or replaced (412) since it was
 * read, and nothing is written. Like `copy`, imported alone by the modules that send it.
 */
export async function restamp(key: string, etag: string, contentType: string, cacheControl: string): Promise<boolean> {
  try {
    await s3Send('CopyObject', {
      Bucket: config.uploadsBucket,
      Key: key,
      CopySource: `${config.uploadsBucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
      CopySourceIfMatch: `"${etag}"`,
      MetadataDirective: 'REPLACE',
      ContentType: contentType,
      CacheControl: cacheControl,
    });
    return true;
  } catch (err) {
    if (notFound(err) || preconditionFailed(err)) return false;
    throw err;
  }
}

/** Every key under a prefix. */
export async function list(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3Send('ListObjectsV2', {
      Bucket: config.uploadsBucket,
      Prefix: prefix,
      ContinuationToken: token,
    });
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** Deletes the keys, 1000 per request (the S3 limit). */
export async function deleteKeys(keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000).map((Key) => ({ Key }));
    const out = await s3Send('DeleteObjects', {
      Bucket: config.uploadsBucket,
      Delete: { Objects: batch, Quiet: true },
    });
    if (out.Errors?.length)
      throw new Error(
        `could not delete ${out.Errors.length} upload(s), first: ${out.Errors[0]?.Key} (${out.Errors[0]?.Code})`,
      );
  }
}

/**
 * Modules import the adapter as a namespace (`import * as uploads`), so a bundle carries only the functions its code
 * calls, and no S3 request it never sends (infra/test/bundles.test.ts reads those requests against the grants).
 * `delete` is a reserved word, so `deleteKeys` is also exported under that name, as `uploads.delete`.
 */
export { deleteKeys as delete };
