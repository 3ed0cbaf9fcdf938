import { describe, expect, it } from 'vitest';
import { UNAUTHENTICATED_BODY } from '../src/constructs/web';
import {
  NOT_FOUND_PAGE,
  SPA_REWRITE_SOURCE,
  SPA_STATUS_SOURCE,
  loadEdgeFunction,
  type EdgeResponseHandler,
  STRIP_PREFIX_SOURCE,
  VIEWER_IP_HEADER,
  VIEWER_IP_SOURCE,
  requireTokenSource,
} from '../src/edge/viewer-functions';

/** CloudFront viewer-request events carry headers as { name: { value } }. */
interface EdgeRequest {
  method: string;
  uri: string;
  headers: Record<string, { value: string }>;
}
type Handler = (event: {
  request: EdgeRequest;
  viewer?: { ip: string };
}) =>
  | EdgeRequest
  | { statusCode: number; headers: Record<string, { value: string }>; body: { encoding: string; data: string } };

/** Loads a function's source the way CloudFront does: a script defining `handler`, called with the viewer's address. */
const VIEWER = { ip: '198.51.100.23' };
const load = (source: string): Handler => {
  const handler = new Function(`${source}\nreturn handler;`)() as Handler;
  return (event) => handler({ viewer: VIEWER, ...event });
};
const request = (uri: string, headers: Record<string, string> = {}, method = 'GET'): EdgeRequest => ({
  method,
  uri,
  headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, { value: v }])),
});

describe('SPA rewrite', () => {
  const handler = load(SPA_REWRITE_SOURCE);
  const rewrite = (uri: string) => (handler({ request: request(uri) }) as EdgeRequest).uri;

  it("serves index.html for the app's pages, as its router matches them", () => {
    for (const uri of [
      '/',
      '/maps',
      '/maps/',
      '/maps/abc123',
      '/maps/abc123/analytics',
      '/login',
      '/Pricing',
      '/case-study/real-estate',
    ]) {
      expect(rewrite(uri), uri).toBe('/index.html');
    }
  });

  it('serves the not-found page for any other address that names no file', () => {
    for (const uri of ['/mobile', '/maps/v1.2/settings', '/maps/abc123/history', '/case-study', '/pricing/x'])
      expect(rewrite(uri), uri).toBe(NOT_FOUND_PAGE);
  });

  it('serves the embed page for /m and /m/{id}', () => {
    for (const uri of ['/m', '/m/', '/m/abc123', '/m/abc123/']) expect(rewrite(uri), uri).toBe('/embed.html');
  });

  it('leaves files alone, so a missing asset stays a 404', () => {
    for (const uri of ['/assets/app-3f2a1b.js', '/config.json', '/favicon.ico', '/maps/thumb.png', '/embed.html'])
      expect(rewrite(uri), uri).toBe(uri);
  });
});

describe('SPA status', () => {
  const handler = loadEdgeFunction<EdgeResponseHandler>(SPA_STATUS_SOURCE);
  const status = (uri: string, statusCode = 200) =>
    handler({ request: request(uri), response: { statusCode, headers: {} } }).statusCode;

  it('sends the not-found page with status 404, known by the address asked for or by its own name', () => {
    for (const uri of ['/mobile', '/maps/abc123/history', NOT_FOUND_PAGE]) expect(status(uri), uri).toBe(404);
  });

  it("leaves the app's pages, the embed, files and answers that are not 200 as they are", () => {
    for (const uri of ['/', '/maps/abc123', '/m/abc123', '/index.html', '/embed.html', '/config.json'])
      expect(status(uri), uri).toBe(200);
    expect(status('/mobile', 304)).toBe(304);
  });
});

describe('prefix strip', () => {
  const handler = load(STRIP_PREFIX_SOURCE);
  const strip = (uri: string) => (handler({ request: request(uri) }) as EdgeRequest).uri;

  it('maps /data/* and /files/* onto bucket keys', () => {
    expect(strip('/data/maps/abc123.json')).toBe('/maps/abc123.json');
    expect(strip('/files/user-1/.avatar.png')).toBe('/user-1/.avatar.png');
    expect(strip('/files/user-1/plan.png/.thumb-200.jpg')).toBe('/user-1/plan.png/.thumb-200.jpg');
  });

  it('strips only the leading routing segment', () => {
    expect(strip('/data/files/data/x.json')).toBe('/files/data/x.json');
  });
});

describe('token gate on /api/fn/*', () => {
  const handler = load(requireTokenSource(JSON.stringify(UNAUTHENTICATED_BODY), ['/api/fn/submitContact']));

  it('answers a call without a token with the protocol envelope', () => {
    for (const headers of [{}, { authorization: '' }, { authorization: '   ' }] as Array<Record<string, string>>) {
      const response = handler({ request: request('/api/fn/createMap', headers, 'POST') }) as Exclude<
        ReturnType<Handler>,
        EdgeRequest
      >;
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']!.value).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']!.value).toBe('no-store');
      expect(JSON.parse(response.body.data)).toEqual({
        error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' },
      });
    }
  });

  it("passes calls with a token on to the JWT authorizer, stamped with the viewer's address", () => {
    const original = request('/api/fn/createMap', { authorization: 'Bearer eyJhbGciOi' }, 'POST');
    expect(handler({ request: original })).toBe(original);
    expect(original.headers[VIEWER_IP_HEADER]).toEqual({ value: VIEWER.ip });
    expect(original.headers.authorization).toEqual({ value: 'Bearer eyJhbGciOi' });
  });

  it('replaces any viewer address the caller sent itself (the API distribution rate-limits by it)', () => {
    for (const handlerOf of [handler, load(VIEWER_IP_SOURCE)]) {
      const forged = request(
        '/api/fn/createMap',
        { authorization: 'Bearer x', [VIEWER_IP_HEADER]: '10.0.0.1' },
        'POST',
      );
      expect((handlerOf({ request: forged }) as EdgeRequest).headers[VIEWER_IP_HEADER]).toEqual({ value: VIEWER.ip });
    }
  });

  it('lets signed-out callers reach the public calls, and only those', () => {
    const contact = request('/api/fn/submitContact', {}, 'POST');
    expect(handler({ request: contact })).toBe(contact);
    expect(
      (handler({ request: request('/api/fn/submitContactX', {}, 'POST') }) as { statusCode: number }).statusCode,
    ).toBe(401);
    expect(
      (handler({ request: request('/api/fn/submitContact/x', {}, 'POST') }) as { statusCode: number }).statusCode,
    ).toBe(401);
  });

  it('passes CORS preflights', () => {
    const preflight = request('/api/fn/createMap', { origin: 'http://localhost:5173' }, 'OPTIONS');
    expect(handler({ request: preflight })).toBe(preflight);
  });
});

describe('function limits', () => {
  it("keeps every function under CloudFront Functions' 10 KB code limit", () => {
    for (const source of [
      SPA_REWRITE_SOURCE,
      SPA_STATUS_SOURCE,
      STRIP_PREFIX_SOURCE,
      requireTokenSource(JSON.stringify(UNAUTHENTICATED_BODY)),
      VIEWER_IP_SOURCE,
    ]) {
      expect(Buffer.byteLength(source)).toBeLessThan(10 * 1024);
    }
  });
});
