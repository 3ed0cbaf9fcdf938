/** An avatar must be wholly the image type it declares: a valid start followed by anything else is refused. */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { isWholeImage } from './image-structure';

const images: Record<string, Buffer> = {};
const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');

beforeAll(async () => {
  const base = () => sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  images['image/png'] = await base().png().toBuffer();
  images['image/jpeg'] = await base().jpeg().toBuffer();
  images['image/webp'] = await base().webp().toBuffer();
  images['lossless webp'] = await base().webp({ lossless: true }).toBuffer();
});

const typeOf = (name: string) => (name.startsWith('lossless') ? 'image/webp' : name);

describe('isWholeImage', () => {
  it('accepts real PNG, JPEG and WEBP (lossy and lossless) files as their own type only', () => {
    for (const [name, bytes] of Object.entries(images)) {
      expect(isWholeImage(bytes, typeOf(name)), name).toBe(true);
      for (const other of ['image/png', 'image/jpeg', 'image/webp', 'image/gif'].filter((t) => t !== typeOf(name)))
        expect(isWholeImage(bytes, other), `${name} as ${other}`).toBe(false);
    }
  });

  it('refuses an image followed by HTML, a truncated one and a header followed by HTML', () => {
    for (const [name, bytes] of Object.entries(images)) {
      const type = typeOf(name);
      expect(isWholeImage(Buffer.concat([bytes, html]), type), `${name} + html`).toBe(false);
      expect(isWholeImage(bytes.subarray(0, bytes.length - 7), type), `${name} truncated`).toBe(false);
      expect(isWholeImage(Buffer.concat([bytes.subarray(0, 30), html]), type), `${name} header + html`).toBe(false);
    }
  });

  it('refuses a WEBP header whose RIFF size covers HTML (the size is right, the chunks are not)', () => {
    const body = Buffer.concat([Buffer.from('WEBPVP8 '), Buffer.from([html.length, 0, 0, 0]), html]);
    const riff = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), body]);
    riff.writeUInt32LE(body.length, 4);
    expect(isWholeImage(riff, 'image/webp')).toBe(false);
  });

  it('refuses a PNG whose chunk was altered (its CRC no longer matches)', () => {
    const png = Buffer.from(images['image/png']!);
    png[20] = png[20]! ^ 0xff;
    expect(isWholeImage(png, 'image/png')).toBe(false);
  });
});
