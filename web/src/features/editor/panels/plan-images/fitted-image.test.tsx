import { describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES } from '@mapnest/shared/files';
import { fittedImage } from './fitted-image';

/**
 * A canvas `longer` pixels across whose image, written as a type, is as large as `bytes` says (a browser's encoders,
 * which happy-dom has not); `writes` is the type the browser writes when asked for one (a PNG where it cannot WebP).
 */
function canvasOf(longer: number, bytes: (type: string, longer: number) => number, writes = (t: string) => t) {
  return {
    width: longer,
    height: Math.round(longer * 0.7),
    toBlob(done: (blob: Blob | null) => void, type: string) {
      done(new Blob([new ArrayBuffer(bytes(type, longer))], { type: writes(type) }));
    },
  } as unknown as HTMLCanvasElement;
}

const MB = 1024 * 1024;

async function fitted(bytes: (type: string, longer: number) => number, writes?: (t: string) => string) {
  const tried: number[] = [];
  const image = await fittedImage(
    async (longer) => (tried.push(longer), canvasOf(longer, bytes, writes)),
    'scan.png',
    'image/png',
  );
  return { image, tried };
}

describe('a plan drawn to fit the upload limit', () => {
  it('is its own type at 4000 px when that fits', async () => {
    const { image, tried } = await fitted(() => 6 * MB);
    expect([image?.name, image?.type, tried]).toEqual(['scan.png', 'image/png', [4000]]);
  });

  it('is a WebP at 4000 px when its own type is over the limit there: a scan keeps its pixels', async () => {
    const { image, tried } = await fitted((type) => (type === 'image/png' ? 24 * MB : 3 * MB));
    expect([image?.name, image?.type, tried]).toEqual(['scan.webp', 'image/webp', [4000]]);
  });

  it('is drawn a quarter smaller each time neither type fits, and is null when none does down to 1200 px', async () => {
    const smaller = await fitted((type, longer) => (longer > 3000 ? 30 * MB : type === 'image/png' ? 8 * MB : 2 * MB));
    expect([smaller.image?.type, smaller.tried]).toEqual(['image/png', [4000, 3000]]);
    const none = await fitted(() => FILE_MAX_BYTES + 1);
    expect([none.image, none.tried]).toEqual([null, [4000, 3000, 2250, 1687, 1265]]);
  });

  it('is named by the type the browser wrote (a PNG where it cannot write WebP)', async () => {
    const { image } = await fitted(
      (type) => (type === 'image/png' ? 24 * MB : 9 * MB),
      () => 'image/png',
    );
    expect([image?.name, image?.type]).toEqual(['scan.png', 'image/png']);
  });
});
