import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { MAP_ID_PATTERN } from '@mapnest/shared/maps';
import { SETTINGS_GROUPS } from '@mapnest/shared/map-rules';
import { EMBED_MAP_ID, documentProblem, fetchPublished, mapIdFromPath, type PublishedResult } from './published';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })),
  );
}

describe('published maps', () => {
  it('uses the same map id rule as the maps service', () => {
    expect(EMBED_MAP_ID.source).toBe(MAP_ID_PATTERN.source);
  });

  it('reads the map id from /m/{id}', () => {
    expect(mapIdFromPath('/m/abc123')).toBe('abc123');
    expect(mapIdFromPath('/m/abc123/')).toBe('abc123');
    expect(mapIdFromPath('/m/../etc')).toBeNull();
    expect(mapIdFromPath('/maps/abc')).toBeNull();
  });

  it('accepts a valid document and names what is wrong with a broken one', () => {
    expect(documentProblem(blankDocument())).toBeNull();
    expect(documentProblem({ ...blankDocument(), layers: [] })).toBe('The map has no valid floors.');
    expect(documentProblem({ ...blankDocument(), schemaVersion: 7 })).toMatch(/format/);
    expect(documentProblem(null)).toBe('The map data is missing.');
  });

  it('names damaged settings for every group of options the viewer reads, directions included', () => {
    for (const group of SETTINGS_GROUPS) {
      const doc = blankDocument();
      const settings: Record<string, unknown> = { ...doc.settings };
      delete settings[group];
      expect(documentProblem({ ...doc, settings }), group).toBe('The map settings are damaged.');
    }
  });

  it('reports 404 as not found, expired test maps as expired, and damage as an error', async () => {
    answer(404, { error: 'no' });
    expect(await fetchPublished('https://m.example', 'x1')).toEqual({ kind: 'not-found' });
    answer(200, { id: 'x1', title: 'Trial', state: 0, expired: true });
    expect(await fetchPublished('https://m.example', 'x1')).toEqual({ kind: 'expired', title: 'Trial' });
    answer(200, 'not json');
    expect((await fetchPublished('https://m.example', 'x1')).kind).toBe('error');
    answer(500, {});
    expect(await fetchPublished('https://m.example', 'x1', undefined, null, 0)).toEqual({
      kind: 'error',
      failed: 'load',
      message: 'The map could not be loaded (HTTP 500).',
    });
    answer(200, { id: 'x1', title: 'T', state: 1, expired: false, document: blankDocument() });
    expect((await fetchPublished('https://m.example', 'x1')).kind).toBe('ready');
  });

  it('shows a test map’s expiry on time, before the hourly sweep has replaced its copy', async () => {
    const copy = (expiresAt: string | null) => ({ id: 'x1', title: 'Trial', state: 0, expired: false, expiresAt });
    const hour = 3_600_000;
    answer(200, { ...copy(new Date(Date.now() - 1000).toISOString()), document: blankDocument() });
    expect(await fetchPublished('https://m.example', 'x1')).toEqual({ kind: 'expired', title: 'Trial' });
    answer(200, { ...copy(new Date(Date.now() + hour).toISOString()), document: blankDocument() });
    expect((await fetchPublished('https://m.example', 'x1')).kind).toBe('ready');
    // A paid map's copy has no end.
    answer(200, { ...copy(null), state: 1, document: blankDocument() });
    expect((await fetchPublished('https://m.example', 'x1')).kind).toBe('ready');
  });

  it('tries a failed download again after each wait, so a blip passes unseen; not a missing map or damaged data', async () => {
    const ready = { id: 'x1', title: 'T', state: 1, expired: false, document: blankDocument() };
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => new Response('{}', { status: 503 }),
      () => new Response(JSON.stringify(ready), { status: 200 }),
    ];
    const fetch = vi.fn(async () => answers.shift()!());
    vi.stubGlobal('fetch', fetch);
    vi.useFakeTimers();
    try {
      /** The result, once each of the two waits (2 s) has passed: a wait shorter by a moment tries nothing yet. */
      const settle = async (result: Promise<PublishedResult>, calls: number[]) => {
        for (const expected of calls) {
          await vi.advanceTimersByTimeAsync(1999);
          expect(vi.mocked(globalThis.fetch)).toHaveBeenCalledTimes(expected);
          await vi.advanceTimersByTimeAsync(1);
        }
        return result;
      };
      expect((await settle(fetchPublished('https://m.example', 'x1'), [1, 2])).kind).toBe('ready');
      expect(fetch).toHaveBeenCalledTimes(3);
      // Failing every time: the last failure is said, after the two waits.
      answer(502, {});
      expect(await settle(fetchPublished('https://m.example', 'x1'), [1, 2])).toMatchObject({
        failed: 'load',
        message: 'The map could not be loaded (HTTP 502).',
      });
      expect(vi.mocked(globalThis.fetch)).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
    // A missing map and damaged data are answers: asked once.
    for (const [status, body] of [
      [404, {}],
      [200, 'not json'],
    ] as const) {
      answer(status, body);
      await fetchPublished('https://m.example', 'x1');
      expect(vi.mocked(globalThis.fetch)).toHaveBeenCalledTimes(1);
    }
  });
});
