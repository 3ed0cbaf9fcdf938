import { describe, expect, it } from 'vitest';
import { THUMBNAIL_GRACE_MS, tileImage } from './FileLibraryDialog';

describe('tileImage', () => {
  const file = {
    url: '/files/u/files/plan.png',
    thumbnailUrl: '/files/u/files/plan.png/.thumb-256.jpg',
    uploaded: '2026-11-29T12:00:00.000Z',
  };
  const uploaded = Date.parse(file.uploaded);

  it('shows the file itself while its thumbnail may still be in the making, then the thumbnail', () => {
    expect(tileImage(file, uploaded + 1_000)).toBe(file.url);
    expect(tileImage(file, uploaded + THUMBNAIL_GRACE_MS - 1)).toBe(file.url);
    expect(tileImage(file, uploaded + THUMBNAIL_GRACE_MS)).toBe(file.thumbnailUrl);
    expect(tileImage(file, uploaded + 86_400_000)).toBe(file.thumbnailUrl);
  });

  it('shows the file itself when it has no thumbnail, and the thumbnail when the upload time is unreadable', () => {
    expect(tileImage({ ...file, thumbnailUrl: null }, uploaded + 86_400_000)).toBe(file.url);
    expect(tileImage({ ...file, uploaded: '' }, uploaded)).toBe(file.thumbnailUrl);
  });
});
