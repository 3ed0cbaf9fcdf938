import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBED_BOOT_GLOBAL, EMBED_BOOT_SCRIPT } from '@mapnest/shared/embed-boot';
import { fetchPublished, mapIdFromPath } from '../viewer/published';
import { takeStartedFetch } from './boot';

afterEach(() => vi.unstubAllGlobals());

/** Runs the embed page's inline script as the browser would on `pathname`; returns the stubbed window and fetch. */
function boot(
  pathname: string,
  respond: () => Promise<Response> = async () => Response.json({ expired: true, title: 'Trial' }),
) {
  const location = { pathname, origin: 'https://m.example' };
  const win: Record<string, unknown> = { location };
  const fetch = vi.fn(respond);
  vi.stubGlobal('window', win);
  vi.stubGlobal('location', location);
  vi.stubGlobal('fetch', fetch);
  new Function(EMBED_BOOT_SCRIPT)();
  return { win, fetch };
}

/**
 * Boots /m/abc123 with a failing response: the page's script leaves no rejection unhandled, and the viewer, taking
 * the request over, reports `message` (the one report of the failure).
 */
async function bootThenView(respond: () => Promise<Response>, failed: 'load' | 'data', message: string): Promise<void> {
  const unhandled = vi.fn();
  process.on('unhandledRejection', unhandled);
  try {
    boot('/m/abc123', respond);
    await new Promise((r) => setTimeout(r, 0));
    expect(unhandled).not.toHaveBeenCalled();
    const started = takeStartedFetch('abc123', 'https://m.example');
    // No retries here (published.test.ts has them): the boot's one request is what is read.
    expect(await fetchPublished('https://m.example', 'abc123', undefined, started, 0)).toEqual({
      kind: 'error',
      failed,
      message,
    });
  } finally {
    process.off('unhandledRejection', unhandled);
  }
}

describe('the embed page boot script', () => {
  it('starts the map data request fetchPublished would make, and the viewer reads it once', async () => {
    const { win, fetch } = boot('/m/abc123');
    expect(fetch).toHaveBeenCalledExactlyOnceWith('/data/maps/abc123.json', { credentials: 'omit' });
    expect(win[EMBED_BOOT_GLOBAL]).toMatchObject({ mapId: 'abc123' });
    const started = takeStartedFetch('abc123', 'https://m.example');
    expect(started).not.toBeNull();
    expect(await fetchPublished('https://m.example', 'abc123', undefined, started)).toEqual({
      kind: 'expired',
      title: 'Trial',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    // Taken once: a remount fetches anew.
    expect(takeStartedFetch('abc123', 'https://m.example')).toBeNull();
  });

  it('reads a successful body as JSON while the viewer loads, and leaves an error body to the viewer', async () => {
    boot('/m/abc123');
    const started = takeStartedFetch('abc123', 'https://m.example')!;
    expect(await started.json).toEqual({ expired: true, title: 'Trial' });
    // The body was read once, by the page: the viewer takes the parsed value (reading again would throw).
    expect((await started.response).bodyUsed).toBe(true);

    boot('/m/gone', async () => Response.json({ message: 'Not found' }, { status: 404 }));
    const gone = takeStartedFetch('gone', 'https://m.example')!;
    expect(await gone.json).toBeNull();
    expect((await gone.response).bodyUsed).toBe(false);
    expect(await fetchPublished('https://m.example', 'gone', undefined, gone)).toEqual({ kind: 'not-found' });
  });

  it('reports a damaged body once, as the viewer would have', async () => {
    await bootThenView(
      async () => new Response('{"document": ', { headers: { 'content-type': 'application/json' } }),
      'data',
      'The map data is damaged.',
    );
  });

  it('starts nothing on a path that is not a map id, as mapIdFromPath finds none', () => {
    for (const path of ['/m/', '/m/a-b', '/m/abc/extra', '/maps/abc', `/m/${'a'.repeat(41)}`]) {
      const { win, fetch } = boot(path);
      expect(mapIdFromPath(path), path).toBeNull();
      expect(fetch, path).not.toHaveBeenCalled();
      expect(win[EMBED_BOOT_GLOBAL], path).toBeUndefined();
    }
  });

  it('is not used for another map or another origin', () => {
    boot('/m/abc123');
    expect(takeStartedFetch('other', 'https://m.example')).toBeNull();
    expect(takeStartedFetch('abc123', 'https://elsewhere.example')).toBeNull();
    expect(takeStartedFetch('abc123', 'https://m.example')).not.toBeNull();
  });

  it('leaves a failed request to the viewer, which reports it once', async () => {
    await bootThenView(
      async () => {
        throw new TypeError('Failed to fetch');
      },
      'load',
      'The map could not be loaded. Check your connection and try again.',
    );
  });
});
