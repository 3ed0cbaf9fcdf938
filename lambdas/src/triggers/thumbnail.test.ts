import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { isAvatarUploadKey } from '@mapnest/shared/keys';
import { decodeEventKey, isThumbnailKey, renderThumbnails } from './thumbnail';

describe('thumbnail trigger helpers', () => {
  it('recognises its own outputs only', () => {
    expect(isThumbnailKey('u1/.avatar.png/.thumb-64.jpg')).toBe(true);
    expect(isThumbnailKey('u1/files/a.png/.thumb-256.jpg')).toBe(true);
    expect(isThumbnailKey('u1/.thumb-64.jpg.png')).toBe(false);
    expect(isThumbnailKey('u1/.avatar.png')).toBe(false);
  });

  it('tells avatar uploads not yet checked (skipped) from avatars and library files (thumbnailed)', () => {
    expect(isAvatarUploadKey('u1/.avatar-upload.png')).toBe(true);
    expect(isAvatarUploadKey('u1/.avatar.png')).toBe(false);
    expect(isAvatarUploadKey('u1/files/0123-.avatar-upload.png')).toBe(false);
    expect(isAvatarUploadKey('u1/.avatar-upload.png/.thumb-64.jpg')).toBe(false);
  });

  it('decodes S3 event keys (+ for spaces, percent-escapes)', () => {
    expect(decodeEventKey('u1/my+photo%C3%A9.png')).toBe('u1/my photoé.png');
  });

  it('renders JPEG thumbnails fitted inside 64 and 256 pixels without enlarging', async () => {
    const wide = await sharp({
      create: { width: 800, height: 400, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.3 } },
    })
      .png()
      .toBuffer();
    const thumbs = await renderThumbnails(wide);
    const sizes = await Promise.all(thumbs.map(async (t) => ({ size: t.size, meta: await sharp(t.body).metadata() })));
    expect(sizes.map((s) => [s.size, s.meta.format, s.meta.width, s.meta.height])).toEqual([
      [64, 'jpeg', 64, 32],
      [256, 'jpeg', 256, 128],
    ]);
    const tiny = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const small = await renderThumbnails(tiny);
    expect((await sharp(small[1]!.body).metadata()).width).toBe(20);
  });

  it('refuses bytes that are not an image', async () => {
    await expect(renderThumbnails(Buffer.from('not an image'))).rejects.toThrow();
  });
});
