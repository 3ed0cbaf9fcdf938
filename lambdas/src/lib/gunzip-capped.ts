/**
 * Gzip decompression with a byte cap, streamed: output is counted chunk by chunk and the inflater is stopped as soon
 * as it passes the cap, so a small body that inflates to gigabytes (a gzip bomb) costs at most the cap and one chunk
 * of memory and time, never its full size (ADR 027).
 */
import { createGunzip } from 'node:zlib';

/** Output chunk size: how far past the cap the inflater can get before it is stopped. */
export const GUNZIP_CHUNK_BYTES = 64 * 1024;

/** The body inflates to more than the cap; `inflatedBytes` is how far it got before it was stopped. */
export class InflatedTooLargeError extends Error {
  constructor(readonly inflatedBytes: number) {
    super('gzip body over the cap');
  }
}

/**
 * Decompresses `gz`, refusing with InflatedTooLargeError as soon as the output passes `cap` bytes; a body that is not
 * gzip (or is cut short) is refused with zlib's error.
 */
export function gunzipCapped(gz: Uint8Array, cap: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const inflater = createGunzip({ chunkSize: GUNZIP_CHUNK_BYTES });
    const chunks: Buffer[] = [];
    let total = 0;
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      chunks.push(chunk);
      if (total > cap) {
        reject(new InflatedTooLargeError(total));
        inflater.destroy();
      }
    });
    inflater.on('error', reject);
    inflater.on('end', () => resolve(Buffer.concat(chunks)));
    inflater.end(gz);
  });
}
