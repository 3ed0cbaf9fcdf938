/**
 * The beacon route's refusals before anything is read or written: each has its status and one line saying why, so a
 * client other than the embed learns what to change.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_ACCESS_MESSAGE, ORIGIN_SECRETS_ENV, ORIGIN_SECRET_HEADER } from '../lib/origin-check';
import { BEACON_REFUSALS, handler } from './beacon';

beforeAll(() => {
  process.env.LOG_SILENT = '1';
  process.env.TABLE_NAME = 'mapnest-test';
  delete process.env[ORIGIN_SECRETS_ENV];
});

function event(opts: { method?: string; type?: string; body?: string; headers?: Record<string, string> }) {
  return {
    version: '2.0',
    routeKey: 'POST /api/beacon',
    rawPath: '/api/beacon',
    rawQueryString: '',
    isBase64Encoded: false,
    headers: { 'content-type': opts.type ?? 'text/plain;charset=UTF-8', ...opts.headers },
    body: opts.body,
    requestContext: { http: { method: opts.method ?? 'POST', sourceIp: '192.0.2.1' } },
  } as unknown as APIGatewayProxyEventV2;
}

const answer = async (e: APIGatewayProxyEventV2) => {
  const res = await handler(e);
  return { status: res.statusCode, body: res.body, type: res.headers?.['content-type'] };
};
const text = 'text/plain; charset=utf-8';

describe('the beacon route', () => {
  it('says why it refuses a request that is not a beacon, and reads nothing for it', async () => {
    expect(await answer(event({ method: 'GET' }))).toEqual({ status: 405, body: BEACON_REFUSALS.method, type: text });
    expect(await answer(event({ type: 'application/json', body: '{}' }))).toEqual({
      status: 415,
      body: 'Beacons are sent as text/plain (navigator.sendBeacon with a string).',
      type: text,
    });
    expect(await answer(event({ body: '' }))).toEqual({ status: 400, body: 'The beacon is empty.', type: text });
    expect(await answer(event({ body: 'x'.repeat(9000) }))).toEqual({
      status: 413,
      body: 'A beacon is at most 8 KB.',
      type: text,
    });
    for (const body of ['{not json', '{"m":"abc","v":5}', '[]'])
      expect(await answer(event({ body })), body).toEqual({ status: 400, body: BEACON_REFUSALS.invalid, type: text });
  });

  it('refuses a request that did not come through CloudFront with the direct-access message', async () => {
    process.env[ORIGIN_SECRETS_ENV] = 'the-secret';
    try {
      expect(await answer(event({ body: '{}', headers: { [ORIGIN_SECRET_HEADER]: 'wrong' } }))).toEqual({
        status: 403,
        body: DIRECT_ACCESS_MESSAGE,
        type: text,
      });
    } finally {
      delete process.env[ORIGIN_SECRETS_ENV];
    }
  });
});
