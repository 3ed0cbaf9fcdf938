/**
 * Whether a whole file is an image of its declared type, not only its first bytes: a PNG is chunks with valid
 * CRCs from IHDR to IEND whose image data inflates, a JPEG is segments from SOI to EOI with entropy-coded data
 * between, a WEBP is a RIFF container whose chunks fill it exactly. Nothing may follow the image's end, so a valid
 * header followed by HTML (or anything else) is refused. Used for avatars, which browsers show from our origin.
 */
import { crc32, inflateSync } from 'node:zlib';

/** Decoded PNG data an avatar may hold (a 16-megapixel RGBA image); a larger one is a decompression bomb. */
const PNG_MAX_INFLATED = 64 * 1024 * 1024;

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

function isWholePng(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 8 || signature.some((b, i) => bytes[i] !== b)) return false;
  const data: Uint8Array[] = [];
  for (let at = 8, index = 0; at + 12 <= bytes.length; index++) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) return false;
    if (index === 0 && (type !== 'IHDR' || length !== 13)) return false;
    if (type === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') {
      if (end !== bytes.length || data.length === 0) return false;
      try {
        inflateSync(Buffer.concat(data), { maxOutputLength: PNG_MAX_INFLATED });
        return true;
      } catch {
        return false;
      }
    }
    at = end;
  }
  return false;
}

/** Start-of-frame markers (SOF0–SOF15 less DHT, JPG and DAC). */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function isWholeJpeg(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let at = 2;
  let frame = false;
  let scan = false;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return false;
    while (bytes[at] === 0xff) at++; // fill bytes
    const marker = bytes[at++];
    if (marker === undefined) return false;
    if (marker === 0xd9) return at === bytes.length && frame && scan;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (at + 2 > bytes.length) return false;
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    if (length < 2 || at + length > bytes.length) return false;
    at += length;
    if (isStartOfFrame(marker)) frame = true;
    if (marker === 0xda) {
      if (!frame) return false;
      scan = true;
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      while (at < bytes.length) {
        if (bytes[at] === 0xff) {
          const next = bytes[at + 1];
          if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) {
            at += 2;
            continue;
          }
          break;
        }
        at++;
      }
    }
  }
  return false;
}

function isWholeWebp(bytes: Uint8Array): boolean {
  if (bytes.length < 20 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(4, true) + 8 !== bytes.length) return false;
  let image = false;
  for (let at = 12, index = 0; at < bytes.length; index++) {
    if (at + 8 > bytes.length) return false;
    const type = ascii(bytes, at, 4);
    const length = view.getUint32(at + 4, true);
    const body = at + 8;
    if (body + length > bytes.length) return false;
    if (index === 0 && !['VP8 ', 'VP8L', 'VP8X'].includes(type)) return false;
    // The bitstreams' own signatures: a VP8 key frame's start code, VP8L's signature byte.
    if (type === 'VP8 ') {
      if (length < 10 || bytes[body + 3] !== 0x9d || bytes[body + 4] !== 0x01 || bytes[body + 5] !== 0x2a) return false;
      image = true;
    }
    if (type === 'VP8L') {
      if (length < 5 || bytes[body] !== 0x2f) return false;
      image = true;
    }
    if (type === 'ANMF') image = true;
    at = body + length + (length % 2);
  }
  return image;
}

const CHECKS: Record<string, (bytes: Uint8Array) => boolean> = {
  'image/png': isWholePng,
  'image/jpeg': isWholeJpeg,
  'image/webp': isWholeWebp,
};

/** Whether `bytes`, all of them, are an image of `type` (PNG, JPEG or WEBP); any other type is not. */
export function isWholeImage(bytes: Uint8Array, type: string): boolean {
  return CHECKS[type]?.(bytes) ?? false;
}
