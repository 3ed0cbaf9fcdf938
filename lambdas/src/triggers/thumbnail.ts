/**
 * Thumbnail trigger (S3 ObjectCreated in the uploads bucket): writes `{key}/.thumb-{size}.jpg` for every raster
 * image uploaded and for SVG floor plans in a user's library. It ignores its own outputs (so writing a thumbnail
 * never triggers another run), avatar uploads not yet checked (setAvatar copies an accepted one over the avatar,
 * which is thumbnailed then), anything that is not an image, and images too large to decode safely.
 *
 * SVG is rendered by sharp (librsvg) only once `verifyUpload` has replaced the stored file with its sanitised
 * text (no scripts, no external references, so rendering loads nothing), and only for library keys, the one
 * place SVG uploads are accepted.
 */
import type { S3Event } from 'aws-lambda';
import sharp from 'sharp';
import { isAvatarUploadKey, objectKeys } from '@mapnest/shared/keys';
import * as uploads from '../adapters/files/uploads';
import { isLibraryKey, verifyUpload } from '../domain/files/files';
import { logger } from '../lib/logger';

/** Square bounding boxes, in pixels: 64 for avatars and lists, 256 for previews. */
export const THUMBNAIL_SIZES = [64, 256] as const;
const RASTER_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff']);
/** Decompression-bomb guard: refuse images above 40 megapixels. */
const MAX_INPUT_PIXELS = 40_000_000;
const THUMB_CACHE_CONTROL = 'public, max-age=60';

/** True for keys this trigger wrote itself. */
export function isThumbnailKey(key: string): boolean {
  return /\/\.thumb-\d+\.jpg$/.test(key);
}

/** S3 event keys are URL-encoded with '+' for spaces. */
export function decodeEventKey(key: string): string {
  return decodeURIComponent(key.replace(/\+/g, ' '));
}

/**
 * Renders the JPEG thumbnails of an image (fitted inside the square, never enlarged, transparency on white).
 * A vector image is drawn at a density that gives the largest thumbnail its full size.
 */
export async function renderThumbnails(image: Uint8Array): Promise<Array<{ size: number; body: Buffer }>> {
  let source = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const meta = await source.metadata();
  if (meta.format === 'svg') {
    const largest = Math.max(meta.width ?? 0, meta.height ?? 0, 1);
    const density = Math.min(Math.max(72, (72 * Math.max(...THUMBNAIL_SIZES)) / largest), 72 * 16);
    source = sharp(image, { density, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    await source.metadata();
  }
  return Promise.all(
    THUMBNAIL_SIZES.map(async (size) => ({
      size,
      body: await source
        .clone()
        .rotate()
        .resize(size, size, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer(),
    })),
  );
}

async function thumbnail(key: string): Promise<void> {
  if (isThumbnailKey(key) || isAvatarUploadKey(key)) return;
  // Library files whose bytes are not the image type they claim are removed before anything renders them.
  if (!(await verifyUpload(key))) return;
  const object = await uploads.get(key);
  if (!object) return; // deleted before we got to it
  const type = object.contentType.toLowerCase();
  if (!RASTER_TYPES.has(type) && !(type === 'image/svg+xml' && isLibraryKey(key))) return;
  let thumbs: Awaited<ReturnType<typeof renderThumbnails>>;
  try {
    thumbs = await renderThumbnails(object.body);
  } catch (error) {
    logger.warn('upload is not a decodable image; no thumbnail', { key, error });
    return;
  }
  const written: string[] = [];
  for (const t of thumbs) {
    const thumbKey = objectKeys.thumbnail(key, t.size);
    await uploads.put(thumbKey, t.body, 'image/jpeg', THUMB_CACHE_CONTROL);
    written.push(thumbKey);
  }
  // The source may have been deleted meanwhile (avatar cleared, account deleted): leave nothing behind.
  if (!(await uploads.head(key))) await uploads.delete(written);
}

export const handler = async (event: S3Event): Promise<void> => {
  for (const record of event.Records ?? []) {
    if (!record.eventName?.startsWith('ObjectCreated')) continue;
    await thumbnail(decodeEventKey(record.s3.object.key));
  }
};
