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
  constructor(
    readonly cap: number,
    readonly inflatedBytes: number,
  ) {
    super(`gzip body inflates to more than ${cap} bytes`);
    this.name = 'InflatedTooLargeError';
  }
}

/** The body is not gzip (or is cut short). */
export class BadGzipError extends Error {
  constructor(cause: unknown) {
    super('not valid gzip', { cause });
    this.name = 'BadGzipError';
  }
}

/** Decompresses `gz`, refusing with InflatedTooLargeError as soon as the output passes `cap` bytes. */
export function gunzipCapped(gz: Uint8Array, cap: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const inflater = createGunzip({ chunkSize: GUNZIP_CHUNK_BYTES });
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, total));
    };
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > cap) {
        chunks.length = 0;
        finish(new InflatedTooLargeError(cap, total));
        inflater.destroy();
        return;
      }
      chunks.push(chunk);
    });
    inflater.on('error', (error) => finish(new BadGzipError(error)));
    inflater.on('end', () => finish(null));
    inflater.end(gz);
  });
}
