import { describe, expect, it } from 'vitest';
import { CallError } from '@mapnest/shared/errors';
import { MAP_TOO_LARGE_TO_SEND, REQUEST_TOO_LARGE } from '@mapnest/shared/storage';
import { createCallClient, errorForResponse, parseRetryAfter } from './call';

function fakeFetch(status: number, body: string | null, capture?: (init: RequestInit) => void): typeof fetch {
  return (async (_url: RequestInfo | URL, init?: RequestInit) => {
    capture?.(init!);
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

const callWith = (status: number, body: string | null) => createCallClient({ fetch: fakeFetch(status, body) });

describe('call client', () => {
  it('returns the data field of a 200 answer', async () => {
    expect(await callWith(200, '{"data":{"id":"abc"}}')('createMap', { title: 'x' })).toEqual({ id: 'abc' });
  });

  it('accepts a null data field and the legacy result field', async () => {
    expect(await callWith(200, '{"data":null}')('deleteMap', 'x')).toBeNull();
    expect(await callWith(200, '{"result":7}')('listMaps', null)).toBe(7);
  });

  it("says 'Response is not valid JSON object.' for a 200 answer that is not a JSON object", async () => {
    for (const body of ['not json', '', '[1,2]']) {
      await expect(callWith(200, body)('listMaps', null)).rejects.toMatchObject({
        code: 'internal',
        message: 'Response is not valid JSON object.',
      });
    }
  });

  it("says 'Response is missing data field.' for a 200 answer without data", async () => {
    await expect(callWith(200, '{"other":1}')('listMaps', null)).rejects.toMatchObject({
      code: 'internal',
      message: 'Response is missing data field.',
    });
  });

  it('maps the HTTP status table when the body carries no error', () => {
    const table: Array<[number, string]> = [
      [400, 'invalid-argument'],
      [401, 'unauthenticated'],
      [403, 'permission-denied'],
      [404, 'not-found'],
      [409, 'aborted'],
      [429, 'resource-exhausted'],
      [499, 'cancelled'],
      [500, 'internal'],
      [501, 'unimplemented'],
      [503, 'unavailable'],
      [504, 'deadline-exceeded'],
      [418, 'unknown'],
      [502, 'unknown'],
    ];
    for (const [status, code] of table)
      expect(errorForResponse(status, { message: 'Unauthorized' })?.code, String(status)).toBe(code);
    expect(errorForResponse(200, {})).toBeNull();
  });

  it('prefers the body status and message, and keeps details', async () => {
    const err = await callWith(
      429,
      '{"error":{"status":"RESOURCE_EXHAUSTED","message":"No slots","details":{"slot":"test"}}}',
    )('createMap', { title: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CallError);
    expect(err).toMatchObject({ code: 'resource-exhausted', message: 'No slots', details: { slot: 'test' } });
  });

  it('carries the wait a Retry-After header asks for, in seconds or as an HTTP date', async () => {
    const answer = (status: number, retryAfter: string) =>
      createCallClient({
        fetch: (async () => new Response('{}', { status, headers: { 'retry-after': retryAfter } })) as typeof fetch,
      })('listMaps', null).catch((e: unknown) => e);
    expect(await answer(429, '20')).toMatchObject({ code: 'resource-exhausted', retryAfterMs: 20_000 });
    expect(await answer(503, ' 30 ')).toMatchObject({ code: 'unavailable', retryAfterMs: 30_000 });
    const now = Date.parse('Sun, 29 Nov 2026 12:00:00 GMT');
    expect(parseRetryAfter('Sun, 29 Nov 2026 12:00:45 GMT', now)).toBe(45_000);
    expect(parseRetryAfter('Sun, 29 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(errorForResponse(503, {})?.retryAfterMs).toBeUndefined();
  });

  it("uses 'Unauthenticated' for a 401 without the protocol envelope (API Gateway's authorizer)", () => {
    expect(errorForResponse(401, { message: 'Unauthorized' })).toMatchObject({
      code: 'unauthenticated',
      message: 'Unauthenticated',
    });
  });

  it('refuses a body the gateway found too large (413), saying the map is too large to send on a map call', async () => {
    const gateway = '{"message":"Request Entity Too Large"}';
    await expect(callWith(413, gateway)('saveMap', {} as never)).rejects.toMatchObject({
      code: 'invalid-argument',
      message: MAP_TOO_LARGE_TO_SEND,
      details: { limit: 'requestBytes' },
      answeredWith: 413,
    });
    await expect(callWith(413, gateway)('submitContact', {} as never)).rejects.toMatchObject({
      code: 'invalid-argument',
      message: REQUEST_TOO_LARGE,
      answeredWith: 413,
    });
  });

  it('answers internal for an unknown wire status', () => {
    expect(errorForResponse(400, { error: { status: 'WHATEVER', message: 'x' } })).toMatchObject({
      code: 'internal',
      message: 'internal',
    });
  });

  it('sends the token, the view-as header and the {data} body', async () => {
    let seen: RequestInit | undefined;
    const call = createCallClient({
      fetch: fakeFetch(200, '{"data":1}', (i) => (seen = i)),
      getIdToken: async () => 'tok',
      getViewAs: () => 'uid-2',
    });
    await call('getMap', { id: 'a' });
    const headers = seen!.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['x-mapnest-view-as']).toBe('uid-2');
    expect(JSON.parse(seen!.body as string)).toEqual({ data: { id: 'a' } });
  });

  it('gzips large bodies', async () => {
    let seen: RequestInit | undefined;
    const call = createCallClient({ fetch: fakeFetch(200, '{"data":1}', (i) => (seen = i)) });
    await call('createMap', { title: 'x'.repeat(400_000) });
    expect((seen!.headers as Record<string, string>)['content-encoding']).toBe('gzip');
    expect(seen!.body).toBeInstanceOf(Blob);
    expect((seen!.body as Blob).size).toBeLessThan(10_000);
  });

  it('times out with deadline-exceeded and cancels with cancelled', async () => {
    // Like fetch: never answers, rejects once its signal aborts (at once if it already has).
    const never = (async (_u: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_, reject) => {
        const abort = () => reject(new DOMException('aborted', 'AbortError'));
        if (init!.signal!.aborted) abort();
        init!.signal!.addEventListener('abort', abort);
      })) as typeof fetch;
    await expect(createCallClient({ fetch: never })('listMaps', null, { timeoutMs: 20 })).rejects.toMatchObject({
      code: 'deadline-exceeded',
    });
    const controller = new AbortController();
    const pending = createCallClient({ fetch: never })('listMaps', null, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });
});
