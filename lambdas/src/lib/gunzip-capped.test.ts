import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GUNZIP_CHUNK_BYTES, gunzipCapped, InflatedTooLargeError } from './gunzip-capped';

describe('gunzipCapped', () => {
  it('inflates a body within the cap', async () => {
    const text = JSON.stringify({ data: { words: 'mall directory '.repeat(10_000) } });
    expect((await gunzipCapped(gzipSync(text), text.length)).toString('utf8')).toBe(text);
  });

  it('stops a gzip bomb as soon as it passes the cap, never inflating the rest', async () => {
    // 256 MB of zeros in about 250 KB: inflating it whole would take 256 MB of memory.
    const bomb = gzipSync(Buffer.alloc(256 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(300_000);
    const cap = 1_000_000;
    const error = await gunzipCapped(bomb, cap).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InflatedTooLargeError);
    const { inflatedBytes } = error as InflatedTooLargeError;
    expect(inflatedBytes).toBeGreaterThan(cap);
    expect(inflatedBytes).toBeLessThanOrEqual(cap + GUNZIP_CHUNK_BYTES);
  });

  it('refuses what is not gzip, or is cut short', async () => {
    await expect(gunzipCapped(Buffer.from('not gzip at all'), 1000)).rejects.toMatchObject({ code: 'Z_DATA_ERROR' });
    const cut = gzipSync('a'.repeat(100_000)).subarray(0, 40);
    await expect(gunzipCapped(cut, 1_000_000)).rejects.toMatchObject({ code: 'Z_BUF_ERROR' });
  });
});
