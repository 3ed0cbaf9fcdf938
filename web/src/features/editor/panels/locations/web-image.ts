/**
 * A location's image and thumbnail as visitors download them. A photo picked from the library at its full size (a 5 MB
 * PNG shown as a banner about 300 px wide on a phone, or as a 64 px thumbnail in the directory) costs every visitor its
 * whole download; so a picked raster image over its use's size (WEB_SIZES) is drawn at most that use's pixels on its
 * longer side, encoded as WebP and uploaded to the library beside the original, and the location takes that copy. The original stays in the library, untouched; the viewer is not
 * changed (the embed has no room for choosing among sizes).
 */
import { fileUrl } from '@mapnest/shared/files';
import { formatBytes } from '@mapnest/shared/storage';
import { uploadFile } from '../../files-api';

/**
 * A copy's longer side, and the size up to which a picked image is used as it is: a location's image is sharp in a
 * popup, a phone's sheet and a lightbox on most screens at 1600 px; its thumbnail, drawn at most 64 px in the
 * directory (twice that on a sharp screen), at 256.
 */
export const WEB_SIZES = {
  image: { px: 1600, bytes: 500_000 },
  thumb: { px: 256, bytes: 50_000 },
} as const;
export type WebUse = keyof typeof WEB_SIZES;

const RASTER = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** What the file library says of a picked file. */
export interface PickedFile {
  name: string;
  contentType: string | null;
  size: number;
}

/** Whether a picked file is a raster image large enough to be worth a copy for the web (not an SVG, which scales). */
export const wantsWebCopy = (file: PickedFile, use: WebUse): boolean =>
  RASTER.has(file.contentType ?? '') && file.size > WEB_SIZES[use].bytes;

/**
 * The image drawn at most `px` on its longer side, as WebP (transparency kept), or null when that is not smaller than
 * the original (a photo already made for the web) or the browser cannot encode WebP.
 */
export async function webCopy(
  original: Blob,
  px: number,
): Promise<{ blob: Blob; width: number; height: number } | null> {
  const bitmap = await createImageBitmap(original);
  const scale = Math.min(1, px / Math.max(bitmap.width, bitmap.height));
  const [width, height] = [bitmap.width, bitmap.height].map((n) => Math.max(1, Math.round(n * scale))) as [
    number,
    number,
  ];
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.85));
  return blob && blob.type === 'image/webp' && blob.size < original.size ? { blob, width, height } : null;
}

/**
 * The image a location takes for the picked file at `url`: a copy made for the web, uploaded beside it, with a
 * sentence saying so; or the file itself (null sentence) when it is small, no raster, or no smaller copy can be made.
 * Rejects when the file cannot be read or the copy cannot be uploaded.
 */
export async function imageForVisitors(
  url: string,
  file: PickedFile,
  use: WebUse,
): Promise<{ url: string; said: string | null }> {
  if (!wantsWebCopy(file, use)) return { url, said: null };
  const res = await fetch(url);
  if (!res.ok) throw new Error(`the file could not be read (HTTP ${res.status})`);
  const copy = await webCopy(await res.blob(), WEB_SIZES[use].px);
  if (!copy) return { url, said: null };
  const name = `${file.name.replace(/\.[^.]+$/, '')}-${use === 'thumb' ? 'thumbnail' : 'web'}.webp`;
  const post = await uploadFile(new File([copy.blob], name, { type: 'image/webp' }));
  return {
    url: fileUrl(post.key),
    said: `“${file.name}” is ${formatBytes(file.size)}: visitors get a copy made for the web, ${formatBytes(copy.blob.size)} at ${copy.width} × ${copy.height} px (“${name}” in the library, beside the original).`,
  };
}
