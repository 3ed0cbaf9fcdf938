/**
 * Guessing purchase codes: each registerLicense attempt is a marketplace look-up, so one account may try 10 a minute
 * (and 50 a day), and one client address, whatever the accounts, 30 (and 250); past that the answer is 429 with the
 * seconds to wait, and no look-up is made. The handler runs in this process, as Lambda runs it, so the flood's client address is its own and the
 * rest of the suite (all from 127.0.0.1 through the gateway) is not limited by it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BILLING_MESSAGES } from '@mapnest/shared/billing';
import { ORIGIN_SECRET_HEADER } from '@mapnest/lambdas/lib/origin-check';
import { LICENSE_ATTEMPT_LIMITS, LICENSE_CLIENT_LIMITS } from '@mapnest/lambdas/domain/abuse-limits';
import { call, createUser, type TestUser } from '../helpers/stack';

beforeAll(() => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
});

async function attempt(user: TestUser, mapId: string, sourceIp: string) {
  const { handler } = await import('../../lambdas/src/calls/register-license');
  const { lambdaContext } = await import('../../scripts/local/lambda/lambda-runtime');
  const claims = { sub: user.uid, email: user.email, token_use: 'id' };
  const event = {
    version: '2.0',
    routeKey: 'POST /api/fn/registerLicense',
    rawPath: '/api/fn/registerLicense',
    rawQueryString: '',
    // As API Gateway hands it on from CloudFront: with the secret origin header the calls check.
    headers: { 'content-type': 'application/json', [ORIGIN_SECRET_HEADER]: inject('stackEnv').ORIGIN_SECRETS },
    requestContext: { http: { method: 'POST', sourceIp }, requestId: randomUUID(), authorizer: { jwt: { claims } } },
    body: JSON.stringify({ data: { purchaseCode: randomUUID(), mapId } }),
    isBase64Encoded: false,
  };
  const result = (await handler(event as never, lambdaContext('registerLicense'))) as {
    statusCode: number;
    body: string;
  };
  return { status: result.statusCode, error: JSON.parse(result.body).error as { message: string; details?: unknown } };
}

describe('a flood of purchase codes', () => {
  it('is limited per account: 10 look-ups a minute, then 429 with a retry time', async () => {
    const user = await createUser();
    const mapId = await call<string>('createMap', { title: 'Flooded' }, user);
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await attempt(user, mapId, ip));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(404));
    expect(answers[0]!.error.message).toBe(BILLING_MESSAGES.licenseUnknown);
    for (const refused of answers.slice(10)) {
      expect(refused.status).toBe(429);
      expect(refused.error.message).toMatch(/^Too many purchase codes tried\. Try again in \d+ s\.$/);
      expect(refused.error.details).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    }
    console.info(
      `[faults] licence flood (one account): ${answers.filter((a) => a.status === 404).length} look-ups, ${answers.filter((a) => a.status === 429).length} refused`,
    );
  });

  it('is limited per client address across accounts, at several accounts’ worth', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const answers: Array<{ status: number; error: { message: string } }> = [];
    const accounts = LICENSE_CLIENT_LIMITS.perMinute / LICENSE_ATTEMPT_LIMITS.perMinute + 1;
    for (let u = 0; u < accounts; u++) {
      const user = await createUser();
      const mapId = await call<string>('createMap', { title: 'Flooded' }, user);
      for (let i = 0; i < LICENSE_ATTEMPT_LIMITS.perMinute; i++) answers.push(await attempt(user, mapId, ip));
    }
    expect(answers.filter((a) => a.status === 404)).toHaveLength(LICENSE_CLIENT_LIMITS.perMinute);
    const refused = answers.slice(LICENSE_CLIENT_LIMITS.perMinute);
    expect(refused.map((a) => a.status)).toEqual(Array(LICENSE_ATTEMPT_LIMITS.perMinute).fill(429));
    expect(refused[0]!.error.message).toMatch(
      /^Too many purchase codes were tried from your network\. Try again in \d+ s\.$/,
    );
  });

  it('does not stop another account on the same address when one account reaches its own limit', async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    const guesser = await createUser();
    const guessed = await call<string>('createMap', { title: 'Guessing' }, guesser);
    for (let i = 0; i < 15; i++) await attempt(guesser, guessed, ip);
    const colleague = await createUser();
    const mapId = await call<string>('createMap', { title: 'Licensed' }, colleague);
    const answer = await attempt(colleague, mapId, ip);
    // Looked up at the marketplace (the random code is unknown there), not refused by the guesser's count.
    expect(answer.status).toBe(404);
    expect(answer.error.message).toBe(BILLING_MESSAGES.licenseUnknown);
  });
});
