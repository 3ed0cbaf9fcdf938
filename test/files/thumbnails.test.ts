/**
 * Thumbnails on the local stack (issue 13): every upload to the library runs the thumbnail trigger, as S3
 * notifications run it in AWS, and a 256 px and a 64 px JPEG appear next to PNG, JPEG, WEBP and SVG floor plans; the
 * library lists the 256 px one, which the maps list and the file library show.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { FilePage, FileUpload } from '@mapnest/shared/files';
import { objectKeys } from '@mapnest/shared/keys';
import { fileUrl } from '@mapnest/shared/files';
import { call, createUser, type TestUser } from '../helpers/stack';
import { postUpload, waitForFile } from '../helpers/accounts';

let owner: TestUser;
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400">' +
    '<rect width="800" height="400" fill="#f1f5f9"/><rect id="shop-1" x="40" y="40" width="300" height="200" fill="#2563eb"/></svg>',
);

async function upload(body: Uint8Array, type: string, fileName: string): Promise<FileUpload> {
  const post = await call<FileUpload>('createFileUpload', { fileName, contentType: type, size: body.length }, owner);
  const res = await postUpload(post, body, type, fileName);
  if (res.status !== 204) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return post;
}

beforeAll(async () => {
  owner = await createUser({ name: 'Thumbnail Author' });
});

describe('thumbnails of library uploads', () => {
  const raster = (format: 'png' | 'jpeg' | 'webp') => {
    const image = sharp({ create: { width: 640, height: 320, channels: 3, background: { r: 200, g: 80, b: 40 } } });
    return image[format]().toBuffer();
  };

  for (const [type, name, body] of [
    ['image/png', 'plan.png', () => raster('png')],
    ['image/jpeg', 'plan.jpg', () => raster('jpeg')],
    ['image/webp', 'plan.webp', () => raster('webp')],
    ['image/svg+xml', 'Floor plan.svg', async () => SVG],
  ] as const) {
    it(`makes 256 and 64 px JPEG thumbnails of a ${type} upload`, async () => {
      const post = await upload(await body(), type, name);
      for (const size of [256, 64]) {
        const res = await waitForFile(fileUrl(objectKeys.thumbnail(post.key, size)));
        expect(res.headers.get('content-type')).toBe('image/jpeg');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta.format).toBe('jpeg');
        expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(size);
      }
      const listed = (await call<FilePage>('listFiles', null, owner)).files.find((f) => f.key === post.key);
      expect(listed?.thumbnailUrl).toBe(fileUrl(objectKeys.thumbnail(post.key, 256)));
    }, 60_000);
  }
});
