/**
 * The call middleware chain (requestContext → authentication → jsonBody → validation, errorMapping around them),
 * run through real handlers whose one AWS call, the caller's account status, answers from a stand-in table: each
 * step answers the protocol's envelope, in this order.
 */
import { gzipSync } from 'node:zlib';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '@mapnest/shared/keys';
import { handler as getProfile } from '../calls/get-profile';
import { handler as findUsers } from '../calls/find-users';
import { handler as saveMap } from '../calls/save-map';
import { handler as createMap } from '../calls/create-map';
import { handler as renameMap } from '../calls/rename-map';
import { handler as submitContact } from '../calls/submit-contact';
import { handler as submitSupportRequest } from '../calls/submit-support-request';
import { REQUEST_TOO_LARGE } from '@mapnest/shared/storage';
import { CallError } from '@mapnest/shared/errors';
import { errorResponse, MAX_BODY_BYTES, sessionEnded, type CallEvent, type CallResult } from './callable';
import { createLogger } from './logger';
import { ORIGIN_SECRETS_ENV, ORIGIN_SECRET_HEADER, acceptedOriginSecrets, cameThroughOrigin } from './origin-check';

/** The items the stand-in table holds, by `pk|sk`: what the account status read finds. */
const stored = new Map<string, Record<string, unknown>>();
const ddb = mockClient(DynamoDBDocumentClient);

beforeAll(() => {
  process.env.LOG_SILENT = '1';
  process.env.TABLE_NAME = 'mapnest-test';
});
beforeEach(() => {
  stored.clear();
  ddb.reset();
  ddb.on(BatchGetCommand).callsFake(({ RequestItems }) => {
    const requests = RequestItems as Record<string, { Keys: Array<{ pk: string; sk: string }> }>;
    const Responses: Record<string, unknown[]> = {};
    for (const [table, { Keys }] of Object.entries(requests))
      Responses[table] = Keys.map((k) => stored.get(`${k.pk}|${k.sk}`)).filter(Boolean);
    return { Responses };
  });
});
afterAll(() => ddb.restore());

const claims = { sub: 'u1', token_use: 'id', email: 'a@example.com', email_verified: 'true', name: 'Ann' };
function event(
  opts: {
    method?: string;
    body?: string | null;
    claims?: Record<string, string> | null;
    headers?: Record<string, string>;
    base64?: boolean;
  } = {},
): CallEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/fn/x',
    rawPath: '/api/fn/x',
    rawQueryString: '',
    isBase64Encoded: opts.base64 ?? false,
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: opts.body === null ? undefined : (opts.body ?? '{"data":null}'),
    requestContext: {
      accountId: '1',
      apiId: 'api',
      domainName: 'example.com',
      domainPrefix: 'example',
      requestId: 'r1',
      routeKey: 'POST /api/fn/x',
      stage: '$default',
      time: '',
      timeEpoch: 0,
      http: {
        method: opts.method ?? 'POST',
        path: '/api/fn/x',
        protocol: 'HTTP/1.1',
        sourceIp: '192.0.2.1',
        userAgent: 'test',
      },
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims: opts.claims === null ? {} : (opts.claims ?? claims), scopes: [] },
      },
    },
  };
}
const context = { awsRequestId: 'r1', getRemainingTimeInMillis: () => 30_000 } as Context;
/** 50 MB of JSON in about 50 KB of gzip: the storage amplification body. */
const bomb = gzipSync(Buffer.from(`{"data":{"pad":"${'x'.repeat(50_000_000)}"}}`), { level: 9 });
const gzipEvent = (gz: Buffer) =>
  event({ body: gz.toString('base64'), base64: true, headers: { 'content-encoding': 'gzip' } });
const answer = (res: CallResult) => ({ status: res.statusCode, body: JSON.parse(String(res.body)) as unknown });

describe('the call middleware chain', () => {
  it('answers a valid call with {data}', async () => {
    expect(answer(await getProfile(event(), context))).toEqual({
      status: 200,
      body: { data: { uid: 'u1', email: 'a@example.com', emailVerified: true, name: 'Ann', admin: false } },
    });
  });

  it('refuses other methods first, before authentication', async () => {
    expect(answer(await getProfile(event({ method: 'GET', claims: null }), context))).toEqual({
      status: 400,
      body: { error: { status: 'INVALID_ARGUMENT', message: 'Calls are made with POST.' } },
    });
  });

  it("refuses a caller without claims, and a non-administrator on an administrators' call, before reading the body", async () => {
    expect(answer(await getProfile(event({ claims: null, body: 'not json' }), context))).toEqual({
      status: 401,
      body: { error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' } },
    });
    expect(answer(await findUsers(event({ body: 'not json' }), context))).toEqual({
      status: 403,
      body: { error: { status: 'PERMISSION_DENIED', message: 'This action is for administrators.' } },
    });
  });

  it('reads JSON, base64 and gzip bodies and says what is wrong with the rest', async () => {
    const gz = gzipSync(Buffer.from('{"data":{}}')).toString('base64');
    expect(
      (await getProfile(event({ body: gz, base64: true, headers: { 'content-encoding': 'gzip' } }), context))
        .statusCode,
    ).toBe(200);
    expect(answer(await getProfile(event({ body: 'nope' }), context)).body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'The request body is not valid JSON.' },
    });
    expect(answer(await getProfile(event({ body: null }), context)).body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'The request body must be a JSON object with a "data" field.' },
    });
    expect(answer(await getProfile(event({ headers: { 'content-encoding': 'br' } }), context)).body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Unsupported content encoding "br".' },
    });
  });

  it('answers 415 to a body not declared JSON, which a browser would send from another site without asking', async () => {
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', '']) {
      const res = answer(await getProfile(event({ headers: { 'content-type': type } }), context));
      expect(res, type).toEqual({
        status: 415,
        body: {
          error: {
            status: 'INVALID_ARGUMENT',
            message: 'Calls are sent as JSON, with the header "content-type: application/json".',
          },
        },
      });
    }
    for (const type of ['application/json; charset=utf-8', 'Application/JSON'])
      expect((await getProfile(event({ headers: { 'content-type': type } }), context)).statusCode, type).toBe(200);
  });

  it('refuses a gzip body that inflates past the size limit with the map size limit on a map call, and a body that is not gzip', async () => {
    const res = answer(await saveMap(gzipEvent(bomb), context));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/^This map is more than 32 MB as saved data; .* \(the map size limit\)/),
        details: { limit: 'documentBytes', maxBytes: 32_000_000 },
      },
    });
    const notGzip = answer(await getProfile(event({ body: 'nope', headers: { 'content-encoding': 'gzip' } }), context));
    expect(notGzip.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'The request body is not valid gzip.' },
    });
  });

  it('tells a call that carries no map that its request is too large, compressed or not, and the same to a map call', async () => {
    const tooLarge = {
      error: {
        status: 'INVALID_ARGUMENT',
        message: REQUEST_TOO_LARGE,
        details: { limit: 'requestBytes', maxBytes: MAX_BODY_BYTES },
      },
    };
    const plain = event({ body: `{"data":{"pad":"${'x'.repeat(MAX_BODY_BYTES)}"}}` });
    for (const [name, handler] of [
      ['submitContact', submitContact],
      ['submitSupportRequest', submitSupportRequest],
      ['renameMap', renameMap],
      ['getProfile', getProfile],
    ] as const) {
      expect(answer(await handler(gzipEvent(bomb), context)), `${name}, gzip`).toEqual({ status: 400, body: tooLarge });
      expect(answer(await handler(plain, context)), `${name}, plain`).toEqual({ status: 400, body: tooLarge });
    }
    const gzipped = answer(await saveMap(gzipEvent(bomb), context)).body;
    expect(answer(await saveMap(plain, context)).body).toEqual(gzipped);
    expect(answer(await createMap(plain, context)).body).toEqual(gzipped);
  });

  it("validates with the call table's schema and lists the field issues", async () => {
    const res = answer(await getProfile(event({ body: '{"data":{"x":1}}' }), context));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        status: 'INVALID_ARGUMENT',
        details: { issues: [expect.objectContaining({ path: expect.any(String) })] },
      },
    });
    const admin = { ...claims, 'cognito:groups': '[admins]' };
    const short = answer(await findUsers(event({ claims: admin, body: '{"data":{"query":"a"}}' }), context));
    expect(short).toEqual({
      status: 400,
      body: {
        error: {
          status: 'INVALID_ARGUMENT',
          message: 'Invalid query: Type at least 2 characters',
          details: { issues: [{ path: 'query', message: 'Type at least 2 characters' }] },
        },
      },
    });
  });
});

describe('error answers', () => {
  const log = createLogger({ fn: 'test' });
  const retryAfter = (error: unknown) => errorResponse(error, log).headers?.['retry-after'];

  it('send Retry-After (whole seconds) with a 429 that names its wait, in its details or on the error', () => {
    const limited = new CallError('resource-exhausted', 'Too many purchase codes tried. Try again in 42 s.', {
      retryAfterSeconds: 42,
    });
    const res = errorResponse(limited, log);
    expect(res.statusCode).toBe(429);
    expect(res.headers).toMatchObject({ 'retry-after': '42', 'content-type': 'application/json; charset=utf-8' });
    // The details still carry it, for callers that read the body.
    expect(answer(res).body).toMatchObject({ error: { details: { retryAfterSeconds: 42 } } });
    expect(retryAfter(new CallError('resource-exhausted', 'Slow down.', undefined, { retryAfterMs: 1_500 }))).toBe('2');
  });

  it('sends no Retry-After when the 429 names no wait, nor with answers that are not 429', () => {
    expect(retryAfter(new CallError('resource-exhausted', 'Too many requests. Try again later.'))).toBeUndefined();
    expect(retryAfter(new CallError('resource-exhausted', 'Full.', { limit: 'storageQuota' }))).toBeUndefined();
    expect(retryAfter(new CallError('invalid-argument', 'No.', { retryAfterSeconds: 5 }))).toBeUndefined();
  });
});

describe('the origin check (requests must come through CloudFront)', () => {
  const withSecrets = async (value: string | undefined, run: () => Promise<void>) => {
    const before = process.env[ORIGIN_SECRETS_ENV];
    if (value === undefined) delete process.env[ORIGIN_SECRETS_ENV];
    else process.env[ORIGIN_SECRETS_ENV] = value;
    try {
      await run();
    } finally {
      if (before === undefined) delete process.env[ORIGIN_SECRETS_ENV];
      else process.env[ORIGIN_SECRETS_ENV] = before;
    }
  };

  it('answers 403 before anything else to a request without the header, or with a wrong one, when the check is on', async () => {
    await withSecrets('s3cret-current,s3cret-next', async () => {
      const cases: Array<Record<string, string>> = [
        {},
        { [ORIGIN_SECRET_HEADER]: '' },
        { [ORIGIN_SECRET_HEADER]: 's3cret' },
      ];
      for (const headers of cases) {
        // Not even the method or the missing claims are reported: the request never reached the protocol.
        const res = answer((await getProfile(event({ headers, method: 'GET', claims: null }), context))!);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.body).toEqual({ error: { status: 'PERMISSION_DENIED', message: expect.any(String) } });
        expect(JSON.stringify(res.body)).not.toContain(ORIGIN_SECRET_HEADER);
      }
    });
  });

  it('lets through either accepted value (a rotation accepts the old and the new)', async () => {
    await withSecrets('s3cret-current, s3cret-next', async () => {
      for (const secret of ['s3cret-current', 's3cret-next']) {
        const res = answer((await getProfile(event({ headers: { [ORIGIN_SECRET_HEADER]: secret } }), context))!);
        expect(res.status, secret).toBe(200);
      }
    });
  });

  it('is off without the variable (handlers called directly), and closed when the variable is empty', async () => {
    await withSecrets(undefined, async () => {
      expect(answer((await getProfile(event(), context))!).status).toBe(200);
    });
    await withSecrets(' , ', async () => {
      expect(acceptedOriginSecrets()).toEqual([]);
      expect(answer((await getProfile(event({ headers: { [ORIGIN_SECRET_HEADER]: '' } }), context))!).status).toBe(403);
    });
    expect(cameThroughOrigin({ [ORIGIN_SECRET_HEADER]: 'a' }, [])).toBe(false);
    expect(cameThroughOrigin({}, null)).toBe(true);
  });
});

describe('sessions ended after they began (a password reset, "Sign out of all devices": ADR 079)', () => {
  const at = Date.parse('2026-11-30T10:00:00.400Z');
  const seconds = (ms: number) => Math.floor(ms / 1000);
  const mark = (reason: string, when = at) =>
    stored.set(`${keys.user('u1').pk}|${keys.user('u1').sk}`, {
      ...keys.user('u1'),
      signedOutBefore: new Date(when).toISOString(),
      signedOutBecause: reason,
    });
  const signedInAt = (ms: number) => ({ ...claims, auth_time: String(seconds(ms)) });

  it('counts a sign-in before the mark, or in its second, as ended, and one after it as live', () => {
    const ended = { before: at, reason: 'passwordChanged' as const };
    expect(sessionEnded(seconds(at) - 60, ended)).toBe(true);
    expect(sessionEnded(seconds(at), ended)).toBe(true);
    expect(sessionEnded(seconds(at) + 1, ended)).toBe(false);
    expect(sessionEnded(undefined, ended)).toBe(true);
    expect(sessionEnded(seconds(at) - 60, null)).toBe(false);
  });

  it('refuses every call of a session that began before a password reset with 401 and the reason, reads too', async () => {
    mark('passwordChanged');
    const res = answer(await getProfile(event({ claims: signedInAt(at - 60_000) }), context));
    expect(res).toEqual({
      status: 401,
      body: {
        error: {
          status: 'UNAUTHENTICATED',
          message: 'You were signed out because your password was changed. Log in again.',
          details: { sessionEnded: 'passwordChanged' },
        },
      },
    });
  });

  it('says a session ended by "Sign out of all devices" was signed out of all devices', async () => {
    mark('signedOutEverywhere');
    const res = answer(await getProfile(event({ claims: signedInAt(at - 1000) }), context));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      error: {
        message: 'You were signed out of all devices. Log in again.',
        details: { sessionEnded: 'signedOutEverywhere' },
      },
    });
  });

  it('answers a session that began after the mark, and an account without one, as before', async () => {
    expect(answer(await getProfile(event({ claims: signedInAt(at - 60_000) }), context)).status).toBe(200);
    mark('passwordChanged');
    expect(answer(await getProfile(event({ claims: signedInAt(at + 2000) }), context)).status).toBe(200);
  });

  it('reads the mark once per call, strongly consistent, and only for a signed-in caller', async () => {
    await getProfile(event({ claims: signedInAt(at) }), context);
    const reads = ddb.commandCalls(BatchGetCommand);
    expect(reads).toHaveLength(1);
    const request = reads[0]!.args[0].input.RequestItems!['mapnest-test']!;
    expect(request.ConsistentRead).toBe(true);
    expect(request.Keys).toEqual([keys.user('u1')]);
    await getProfile(event({ claims: null }), context);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(1);
  });
});
