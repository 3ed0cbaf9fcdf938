/**
 * The file library's view of the uploads bucket: one page of a user's files (thumbnails, stored under
 * each file's key as `{key}/.thumb-{size}.jpg`, fall under a common prefix and are not listed), and
 * the first bytes of an object for checking that its contents match its declared type.
 */
import { s3Send } from '../s3-api';
import { config } from '../../lib/config';

export interface ListedObject {
  key: string;
  size: number;
  lastModified: string;
}

/**
 * Up to `maxKeys` objects directly under `prefix` in key order, starting after the key `after`, and
 * whether more follow. Paging by key (StartAfter) rather than by continuation token keeps pages stable
 * when files are deleted between requests, and works the same on every S3 implementation.
 */
export async function listPage(
  prefix: string,
  maxKeys: number,
  after: string | null,
): Promise<{ objects: ListedObject[]; more: boolean }> {
  const objects: ListedObject[] = [];
  // StartAfter is always set (the prefix itself on the first page), and one key beyond the page is
  // asked for: its presence says whether another page follows, whatever IsTruncated reports.
  let start = after ?? prefix;
  let truncated = false;
  do {
    const page = await s3Send('ListObjectsV2', {
      Bucket: config.uploadsBucket,
      Prefix: prefix,
      Delimiter: '/',
      MaxKeys: maxKeys + 1 - objects.length,
      StartAfter: start,
    });
    const contents = page.Contents ?? [];
    for (const o of contents) {
      if (o.Key && o.Key !== prefix)
        objects.push({ key: o.Key, size: o.Size ?? 0, lastModified: (o.LastModified ?? new Date(0)).toISOString() });
    }
    truncated = !!page.IsTruncated;
    // S3 counts common prefixes (each file's thumbnails) towards MaxKeys, so a page may take a few requests.
    const last = [...contents.map((o) => o.Key ?? ''), ...(page.CommonPrefixes ?? []).map((p) => p.Prefix ?? '')]
      .sort()
      .at(-1);
    if (!last) break;
    start = last;
  } while (truncated && objects.length <= maxKeys);
  return { objects: objects.slice(0, maxKeys), more: objects.length > maxKeys || truncated };
}

/** The first `bytes` bytes of an object, or null when it does not exist. */
export async function head(key: string, bytes = 4096): Promise<Uint8Array | null> {
  try {
    const out = await s3Send('GetObject', { Bucket: config.uploadsBucket, Key: key, Range: `bytes=0-${bytes - 1}` });
    return out.Body;
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
    throw err;
  }
}
