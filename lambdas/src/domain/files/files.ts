/**
 * The file library: a user's uploads under `{uid}/files/{random}-{name}`. Uploads go straight from the browser to S3
 * with a presigned POST whose policy fixes the key, the type and the size (exactly the size the call declared and the
 * storage quota was checked for, at most 10 MB), so the limits hold even for a hand-made request. Files whose bytes do
 * not match their declared type are removed when they arrive (verifyUpload, run by the upload trigger).
 */
import { randomBytes } from 'node:crypto';
import { CallError } from '@mapnest/shared/errors';
import {
  FILE_MESSAGES,
  fileNameOfKey,
  fileUrl,
  libraryPrefix,
  sanitizeFileName,
  sniffFileType,
  typeOfName,
  type FilePage,
  type FileType,
  type FileUpload,
} from '@mapnest/shared/files';
import { objectKeys } from '@mapnest/shared/keys';
import * as fileLibrary from '../../adapters/files/file-library';
import { storedFiles } from '../../adapters/files/storage-files';
import { readStorageUsage } from '../../adapters/files/storage-usage';
import { presignUpload } from '../../adapters/files/upload-post';
import * as uploads from '../../adapters/files/uploads';
import { logger } from '../../lib/logger';
import type { Actor } from '../maps';
import { checkCharge } from '../map-storage';
import { runSvgCheck } from './svg-check';

/**
 * A checked library file: its key never changes content (each upload gets a fresh random part), so it caches for a
 * year. Only the check gives a file this header (verifyUpload), so it also says the version was checked.
 */
export const FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * An upload as it arrives, until the check has accepted it: kept by no browser and no CDN edge, so bytes the check
 * removes or rewrites (a script in an SVG, a file that is not its type) are never served from a cache.
 */
export const FILE_UPLOAD_CACHE_CONTROL = 'no-store';
/** Types the thumbnail trigger renders (SVG through sharp once sanitised). */
const THUMBNAILED: ReadonlySet<FileType> = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml']);

/** True for a key that names a file directly in some user's library (not a thumbnail, not elsewhere). */
export function isLibraryKey(key: string): boolean {
  return /^[^/]+\/files\/[^/]+$/.test(key);
}

export async function listFiles(
  actor: Actor,
  input: { maxResults: number; pageToken?: string | null },
): Promise<FilePage> {
  const prefix = libraryPrefix(actor.subject);
  // The page token is the last key of the previous page; it must lie in the caller's own library.
  const after = input.pageToken ? Buffer.from(input.pageToken, 'base64url').toString('utf8') : null;
  if (after !== null && !after.startsWith(prefix))
    throw new CallError('invalid-argument', 'This page token is not valid.');
  const { objects, more } = await fileLibrary.listPage(prefix, input.maxResults, after);
  const last = objects.at(-1)?.key;
  const next = more && last ? Buffer.from(last, 'utf8').toString('base64url') : null;
  return {
    files: objects.map((o) => {
      const name = fileNameOfKey(o.key);
      const contentType = typeOfName(name);
      return {
        key: o.key,
        name,
        url: fileUrl(o.key),
        thumbnailUrl: contentType && THUMBNAILED.has(contentType) ? fileUrl(objectKeys.thumbnail(o.key, 256)) : null,
        size: o.size,
        contentType,
        uploaded: o.lastModified,
      };
    }),
    nextPageToken: next,
  };
}

export async function createFileUpload(
  actor: Actor,
  input: { fileName: string; contentType: FileType; size: number },
): Promise<FileUpload> {
  // The account's storage quota must hold the file (ADR 027); the upload trigger counts it as it arrives.
  checkCharge({ uid: actor.subject, bytes: input.size, limit: await readStorageUsage(actor.subject) });
  const key = `${libraryPrefix(actor.subject)}${randomBytes(8).toString('hex')}-${sanitizeFileName(input.fileName, input.contentType)}`;
  // Exactly the size declared, which the quota was checked for: a larger file is refused by storage itself.
  const post = await presignUpload({
    key,
    contentType: input.contentType,
    minBytes: input.size,
    maxBytes: input.size,
    cacheControl: FILE_UPLOAD_CACHE_CONTROL,
  });
  return { url: post.url, fields: post.fields, key, fileUrl: fileUrl(key) };
}

export async function deleteFile(actor: Actor, input: { key: string }): Promise<null> {
  const key = input.key;
  if (!key.startsWith(libraryPrefix(actor.subject)) || !isLibraryKey(key))
    throw new CallError('not-found', FILE_MESSAGES.notFound);
  if (!(await uploads.head(key))) throw new CallError('not-found', FILE_MESSAGES.notFound);
  const thumbnails = (await uploads.list(`${key}/`)).filter((k) => k.startsWith(`${key}/.thumb-`));
  await uploads.delete([key, ...thumbnails]);
  await storedFiles.remove(actor.subject, key);
  return null;
}

/**
 * Checks a newly stored library file: its bytes must be the type its name and Content-Type declare.
 * A mismatch (a script renamed .png, an HTML page sent as SVG) is deleted at once. An SVG is sanitised
 * (scripts, handlers, foreign objects and external references removed) and stored again when that changed
 * anything. An accepted file is written again with the year-long Cache-Control (FILE_CACHE_CONTROL), which only
 * this check gives: the write triggers this check once more, which finds the header and has nothing left to do.
 * Returns whether the file is ready to render now: true for a file found checked (that second run) and for keys
 * outside the library; false for a file removed, or written again by this run (the run its write triggers renders
 * it, so its thumbnails are made once, from the final bytes).
 */
export async function verifyUpload(key: string): Promise<boolean> {
  if (!isLibraryKey(key)) return true;
  const [bytes, stored] = await Promise.all([fileLibrary.head(key), uploads.head(key)]);
  if (!bytes || !stored) return false;
  if (stored.cacheControl === FILE_CACHE_CONTROL) return true;
  const declared = typeOfName(fileNameOfKey(key));
  const actual = sniffFileType(bytes);
  if (declared && actual === declared && stored.contentType === declared) {
    if (!(await countUpload(key, stored.size))) return false;
    return declared === 'image/svg+xml' ? sanitizeStoredSvg(key) : markChecked(key, stored.etag, declared);
  }
  logger.warn('removed an upload whose contents do not match its type', {
    key,
    declared,
    actual,
    contentType: stored.contentType,
  });
  await removeUpload(key);
  return false;
}

/**
 * Counts a library file in its owner's storage once (ADR 027); a file the quota cannot hold (uploads started before
 * it filled) is removed. Returns whether the file stays.
 */
async function countUpload(key: string, size: number): Promise<boolean> {
  const uid = key.slice(0, key.indexOf('/'));
  if (await storedFiles.add(uid, key, size)) {
    // A delete that gave the file back before it was counted leaves nothing to count: give it back again.
    if (await uploads.head(key)) return true;
    await storedFiles.remove(uid, key);
    return false;
  }
  logger.warn("removed an upload over its owner's storage quota", { key, size });
  await removeUpload(key);
  return false;
}

async function removeUpload(key: string): Promise<void> {
  await uploads.delete([key, ...(await uploads.list(`${key}/`))]);
}

/**
 * Checks a stored SVG against the complexity budget and sanitises it (`runSvgCheck`: no tree is built for a file
 * over the budget, and the sanitiser runs where its memory is bounded). A refused file is removed with its
 * thumbnails, so nothing of it can be loaded; the author's browser refuses the same files with the same sentence
 * before uploading them.
 */
async function sanitizeStoredSvg(key: string): Promise<boolean> {
  const object = await uploads.get(key);
  if (!object) return false;
  const verdict = await runSvgCheck(object.body);
  if (verdict.kind === 'refused') {
    const { limit, found, allowed, message } = verdict.refusal;
    logger.warn('removed an SVG upload over the complexity budget', { key, limit, found, allowed, reason: message });
    await removeUpload(key);
    return false;
  }
  if (verdict.kind === 'empty') {
    logger.warn('removed an SVG upload with no drawing left after sanitising', { key });
    await removeUpload(key);
    return false;
  }
  if (verdict.rewrite !== null) {
    const clean = Buffer.from(verdict.rewrite, 'utf8');
    // Only over the version that was checked: a file deleted meanwhile must stay deleted (an unconditional write
    // would bring it back, no longer counted in its owner's storage), and a newer upload has a check of its own.
    if (!(await uploads.replace(key, object.etag, clean, 'image/svg+xml', FILE_CACHE_CONTROL))) {
      logger.info('an SVG upload was deleted or replaced while it was checked; nothing written', { key });
      return false;
    }
    logger.info('sanitised an SVG upload', { key, before: object.body.length, after: clean.length });
    // The rewrite triggers this check again, which renders it.
    return false;
  }
  return markChecked(key, object.etag, 'image/svg+xml');
}

/**
 * Makes an accepted file cacheable for a year: it is copied over itself with FILE_CACHE_CONTROL, only over the
 * version that was checked (a file deleted meanwhile must stay deleted; a newer upload has a check of its own).
 */
async function markChecked(key: string, etag: string, contentType: FileType): Promise<boolean> {
  if (!(await uploads.restamp(key, etag, contentType, FILE_CACHE_CONTROL)))
    logger.info('an upload was deleted or replaced while it was checked; nothing written', { key });
  // Not now either way: the copy triggers this check again, which renders it.
  return false;
}
