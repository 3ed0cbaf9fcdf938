import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrModules } from './QrCode';

/** The code as a scanner sees it: an RGBA image, `scale` pixels a module, with the quiet zone round it. */
function scan(modules: boolean[][], scale = 4): string | null {
  const quiet = 4;
  const size = (modules.length + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let y = 0; y < scale; y++)
        for (let x = 0; x < scale; x++) {
          const at = (((r + quiet) * scale + y) * size + (c + quiet) * scale + x) * 4;
          pixels.fill(0, at, at + 3);
        }
    }),
  );
  return jsQR(pixels, size, size)?.data ?? null;
}

describe('the QR code of a map', () => {
  it('reads back, as a phone’s camera would, as the map’s address', () => {
    for (const url of [
      'http://localhost:8080/m/Hx3kQ9vBn2',
      'https://maps.example-venue.co.uk/m/a-very-long-map-id-of-sixty-four-characters-000000000000000000',
    ])
      expect(scan(qrModules(url))).toBe(url);
  });

  it('is square, with finder patterns in three corners', () => {
    const m = qrModules('https://mapnest.example/m/abc');
    expect(m.every((row) => row.length === m.length)).toBe(true);
    const n = m.length;
    // A finder's top row: seven dark modules, in the top left, top right and bottom left corners.
    expect([m[0]!.slice(0, 7), m[0]!.slice(n - 7), m[n - 7]!.slice(0, 7)].flat().every(Boolean)).toBe(true);
  });
});
