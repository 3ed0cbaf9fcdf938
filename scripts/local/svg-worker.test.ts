import { afterAll, describe, expect, it } from 'vitest';
import { SvgWorker } from './svg-worker';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const bytes = (text: string) => new TextEncoder().encode(text);
/** Within the budget (19,001 elements, 7.8 MB), but heavier than a 16 MB heap can sanitise. */
const path = `M0 0${' L10 10'.repeat(60)} Z`;
const heavy = `<svg ${NS}>${Array.from({ length: 19_000 }, (_, i) => `<path id="p${i}" fill="#abcdef" d="${path}"/>`).join('')}</svg>`;

const small = new SvgWorker({ maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4, timeoutMs: 60_000 });
afterAll(() => small.stop());

describe('SvgWorker', () => {
  it('checks and sanitises in a worker thread', async () => {
    const verdict = await small.check(bytes(`<svg ${NS}><script>alert(1)</script><rect/></svg>`));
    expect(verdict).toMatchObject({ kind: 'ok', rewrite: expect.not.stringContaining('script') });
  });

  it('refuses a file that needs more than its heap, and this process carries on with a new worker', async () => {
    expect(await small.check(bytes(heavy))).toMatchObject({
      kind: 'refused',
      refusal: { limit: 'memory', allowed: 16, message: expect.stringContaining('more than 16 MB of memory') },
    });
    expect(await small.check(bytes(`<svg ${NS}><rect/></svg>`))).toMatchObject({ kind: 'ok' });
  });

  it('refuses a file it cannot check in time', async () => {
    const slow = new SvgWorker({ maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, timeoutMs: 1 });
    try {
      expect(await slow.check(bytes(heavy))).toMatchObject({ kind: 'refused', refusal: { limit: 'time' } });
    } finally {
      await slow.stop();
    }
  });
});
