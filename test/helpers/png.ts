/**
 * PNG files written here: RGBA, each pixel as `pixel` gives it, rows unfiltered, compressed by zlib (level 0 stores
 * them: a picture of noise is as large as its pixels, as a scanner's is).
 */
import { crc32, deflateSync } from 'node:zlib';

/** The bytes of a `width`×`height` PNG whose pixel (x, y) is `pixel(x, y)` ([r, g, b, a], 0 to 255). */
export function pngFile(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly number[],
  level = 6,
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, no interlace
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 4); // each row starts with its filter (0: none)
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), row + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
