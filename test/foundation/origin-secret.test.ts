/**
 * The API answers only requests that came through CloudFront (ADR 028): the local stack runs the calls with the same
 * check as a deployed stage (ORIGIN_SECRETS) and its gateway adds the secret header as CloudFront's API origin does.
 * A request straight to the handler, as one to the API's execute-api address would be, is refused.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ORIGIN_SECRET_HEADER } from '@mapnest/lambdas/lib/origin-check';
import { baseUrl, createUser, rawCall, type TestUser } from '../helpers/stack';

let user: TestUser;
beforeAll(async () => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
  user = await createUser({ name: 'Origin Check' });
});

/** getProfile as API Gateway hands it to Lambda after the JWT authorizer, with the headers given. */
async function direct(headers: Record<string, string>) {
  const { handler } = await import('../../lambdas/src/calls/get-profile');
  const { lambdaContext } = await import('../../scripts/local/lambda/lambda-runtime');
  const event = {
    version: '2.0',
    routeKey: 'POST /api/fn/getProfile',
    rawPath: '/api/fn/getProfile',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...headers },
    requestContext: {
      http: { method: 'POST', sourceIp: '192.0.2.7' },
      requestId: randomUUID(),
      authorizer: { jwt: { claims: { sub: user.uid, email: user.email, token_use: 'id' }, scopes: null } },
    },
    body: JSON.stringify({ data: null }),
    isBase64Encoded: false,
  };
  const result = (await handler(event as never, lambdaContext('getProfile'))) as { statusCode: number; body: string };
  return { status: result.statusCode, body: JSON.parse(result.body) as unknown };
}

describe('the secret origin header', () => {
  it('is checked by the local stack: it runs the calls with accepted values set', () => {
    expect(inject('stackEnv').ORIGIN_SECRETS.length).toBeGreaterThanOrEqual(32);
  });

  it('is added by the local gateway, so calls through the app origin work, whatever header the caller sends', async () => {
    expect((await rawCall('getProfile', null, { token: user.token })).status).toBe(200);
    const forged = await rawCall('getProfile', null, {
      token: user.token,
      headers: { [ORIGIN_SECRET_HEADER]: 'guessed' },
    });
    expect(forged.status).toBe(200);
  });

  it('refuses with 403 a signed-in request that did not come through the origin (no header, or a wrong one)', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { [ORIGIN_SECRET_HEADER]: 'guessed' },
      { [ORIGIN_SECRET_HEADER]: '' },
    ];
    for (const headers of cases) {
      const answer = await direct(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
    }
    // The same request with the header the gateway sends is answered.
    const through = await direct({ [ORIGIN_SECRET_HEADER]: inject('stackEnv').ORIGIN_SECRETS });
    expect(through.status).toBe(200);
    expect(through.body).toMatchObject({ data: { uid: user.uid } });
  });

  it('is required by the health check too: through the gateway it answers, straight to the handler 403', async () => {
    const viaGateway = await fetch(`${baseUrl()}/api/health`, { headers: { [ORIGIN_SECRET_HEADER]: 'guessed' } });
    expect(viaGateway.status).toBe(200);
    const { handler } = await import('../../lambdas/src/http/health');
    const event = (headers: Record<string, string>) =>
      ({ version: '2.0', rawPath: '/api/health', headers, requestContext: { http: { method: 'GET' } } }) as never;
    const cases: Array<Record<string, string>> = [{}, { [ORIGIN_SECRET_HEADER]: 'guessed' }];
    for (const headers of cases) {
      const refused = await handler(event(headers));
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(refused.body as string)).toEqual({ error: expect.stringContaining('app’s address') });
    }
    const through = await handler(event({ [ORIGIN_SECRET_HEADER]: inject('stackEnv').ORIGIN_SECRETS }));
    expect(through.statusCode).toBe(200);
  });
});
