/**
 * The contract of Mapnest's user-pool requests (ADR 049): the SDK's Cognito client and user-pool-api.ts are pointed at
 * the same recording server, given the same input, and must send the same requests (method, path, operation, content
 * type, JSON body) with a Signature V4 that verifies, checked by a verifier written here from AWS's documented
 * algorithm (not the signer both use). They must read the same answers and errors, and retry what the SDK retries.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AdminDeleteUserAttributesCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isTransient } from '../lib/callable';
import {
  startRecordingServer,
  type Recorded,
  type RecordingServer,
  type ScriptedAnswer,
} from './recording-server.fixtures';
import { failure, noWait } from './aws-request.fixtures';
import { timing, userPoolCall, userPoolEndpoint, type UserPoolOutputs } from './user-pool-api';

type Seen = Recorded;

const CREDENTIALS = { accessKeyId: 'AKIDCONTRACT', secretAccessKey: 'contract-secret', sessionToken: 'contract-token' };
const REGION = 'eu-west-1';
const POOL = 'eu-west-1_AbCdEf123';
const UID = '7f3c2a9e-1b4d-4e8f-9a6b-2c5d8e1f0a3b';

/** Answers, in order, for the requests to come; then 200 with `{}`. */
let answers: ScriptedAnswer[] = [];
let seen: Seen[] = [];
let server: RecordingServer;
let endpoint: string;

beforeAll(async () => {
  server = await startRecordingServer('application/x-amz-json-1.1', (request) => {
    seen.push(request);
    return answers.shift() ?? { status: 200, body: {} };
  });
  endpoint = server.url;
  vi.stubEnv('AWS_REGION', REGION);
  vi.stubEnv('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', endpoint);
  vi.stubEnv('AWS_ACCESS_KEY_ID', CREDENTIALS.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', CREDENTIALS.secretAccessKey);
  vi.stubEnv('AWS_SESSION_TOKEN', CREDENTIALS.sessionToken);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

const { sleep } = timing;
afterEach(() => {
  answers = [];
  seen = [];
  timing.sleep = sleep;
});

const sdk = () => new CognitoIdentityProviderClient({ region: REGION, endpoint, credentials: CREDENTIALS });

/** What Cognito reads of a request: not the clients' own user-agent and invocation headers. */
const contract = (r: Seen) => ({
  method: r.method,
  path: r.path,
  contentType: r.headers['content-type'],
  target: r.headers['x-amz-target'],
  body: JSON.parse(r.body) as unknown,
});

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Signature V4 as AWS documents it (canonical request, string to sign, derived key), for the headers the request
 * says it signed: whether its signature is right for these credentials, and what it was signed for.
 */
function verifySignature(r: Seen): { valid: boolean; scope: string; signed: string[] } {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      String(r.headers.authorization),
    );
  if (!auth) return { valid: false, scope: '', signed: [] };
  const [, key, day, region, service, signedList, signature] = auth as unknown as string[];
  const signed = signedList!.split(';');
  const canonicalHeaders = signed.map((h) => `${h}:${String(r.headers[h]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [r.method, r.path, '', canonicalHeaders, signedList, hex(r.body)].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', String(r.headers['x-amz-date']), scope, hex(canonicalRequest)].join('\n');
  let signingKey = hmac(`AWS4${CREDENTIALS.secretAccessKey}`, day!);
  for (const part of [region!, service!, 'aws4_request']) signingKey = hmac(signingKey, part);
  const valid = key === CREDENTIALS.accessKeyId && hmac(signingKey, stringToSign).toString('hex') === signature;
  return { valid, scope: `${region}/${service}`, signed };
}

/** Each operation Mapnest sends, through the SDK and through the module, with the same input. */
const OPERATIONS = [
  {
    name: 'AdminGetUser',
    input: { UserPoolId: POOL, Username: UID },
    command: (i: object) => new AdminGetUserCommand(i as never),
  },
  {
    name: 'AdminUpdateUserAttributes',
    input: {
      UserPoolId: POOL,
      Username: UID,
      UserAttributes: [
        { Name: 'email', Value: 'zoë+plans@example.com' },
        { Name: 'email_verified', Value: 'true' },
      ],
    },
    command: (i: object) => new AdminUpdateUserAttributesCommand(i as never),
  },
  {
    name: 'AdminDeleteUserAttributes',
    input: { UserPoolId: POOL, Username: UID, UserAttributeNames: ['picture'] },
    command: (i: object) => new AdminDeleteUserAttributesCommand(i as never),
  },
  {
    name: 'AdminDeleteUser',
    input: { UserPoolId: POOL, Username: UID },
    command: (i: object) => new AdminDeleteUserCommand(i as never),
  },
  {
    name: 'AdminUserGlobalSignOut',
    input: { UserPoolId: POOL, Username: UID },
    command: (i: object) => new AdminUserGlobalSignOutCommand(i as never),
  },
  {
    name: 'ListUsers',
    input: {
      UserPoolId: POOL,
      Filter: 'email ^= "ana \\"the\\" o\'neil"',
      AttributesToGet: ['sub', 'email'],
      Limit: 10,
    },
    command: (i: object) => new ListUsersCommand(i as never),
  },
  {
    name: 'DescribeUserPool',
    input: { UserPoolId: POOL },
    command: (i: object) => new DescribeUserPoolCommand(i as never),
  },
] as const;

describe('the user pool API without the SDK', () => {
  it.each(OPERATIONS)('sends $name as the SDK does, signed so that it verifies', async ({ name, input, command }) => {
    await sdk().send(command(input) as never);
    await userPoolCall(name as keyof UserPoolOutputs, input);
    expect(seen).toHaveLength(2);
    const [theirs, ours] = seen as [Seen, Seen];
    expect(contract(ours)).toEqual(contract(theirs));
    expect(contract(ours).target).toBe(`AWSCognitoIdentityProviderService.${name}`);
    for (const request of [theirs, ours]) {
      const check = verifySignature(request);
      expect(check.valid, name).toBe(true);
      expect(check.scope).toBe(`${REGION}/cognito-idp`);
      for (const header of ['host', 'x-amz-date', 'x-amz-security-token', 'x-amz-target', 'content-type'])
        expect(check.signed, header).toContain(header);
    }
    expect(ours.headers['x-amz-security-token']).toBe(CREDENTIALS.sessionToken);
  });

  it('refuses a signature made with another secret (the verifier can fail)', async () => {
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'another-secret');
    try {
      await userPoolCall('AdminGetUser', { UserPoolId: POOL, Username: UID });
    } finally {
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', CREDENTIALS.secretAccessKey);
    }
    expect(verifySignature(seen[0]!).valid).toBe(false);
  });

  it('reads an answer as the SDK reads it', async () => {
    const user = {
      Username: UID,
      UserAttributes: [
        { Name: 'sub', Value: UID },
        { Name: 'email', Value: 'ana@example.com' },
      ],
      UserCreateDate: 1.7645e9,
      Enabled: true,
      UserStatus: 'CONFIRMED',
    };
    answers = [
      { status: 200, body: user },
      { status: 200, body: user },
    ];
    const theirs = await sdk().send(new AdminGetUserCommand({ UserPoolId: POOL, Username: UID }));
    const ours = await userPoolCall('AdminGetUser', { UserPoolId: POOL, Username: UID });
    expect(ours.Username).toBe(theirs.Username);
    expect(ours.UserAttributes).toEqual(theirs.UserAttributes);
  });

  it('reads an empty answer as the SDK does: an operation with no output', async () => {
    answers = [
      { status: 200, raw: '' },
      { status: 200, raw: '' },
    ];
    const theirs = await sdk().send(new AdminDeleteUserCommand({ UserPoolId: POOL, Username: UID }));
    const ours = await userPoolCall('AdminDeleteUser', { UserPoolId: POOL, Username: UID });
    expect(theirs.$metadata.httpStatusCode).toBe(200);
    expect(ours).toEqual({});
  });

  it.each([
    { how: 'by __type', headers: {}, body: { __type: 'UserNotFoundException', message: 'User does not exist.' } },
    {
      how: 'by a namespaced __type',
      headers: {},
      body: { __type: 'com.amazonaws.cognito#UserNotFoundException', Message: 'User does not exist.' },
    },
    {
      how: 'by the x-amzn-errortype header',
      headers: { 'x-amzn-errortype': 'UserNotFoundException:http://internal.amazon.com/coral/com.amazonaws.cognito/' },
      body: { message: 'User does not exist.' },
    },
  ] as Array<{ how: string; headers: Record<string, string>; body: object }>)(
    'names an error $how as the SDK does, and does not retry it',
    async ({ headers, body }) => {
      answers = [
        { status: 400, headers, body },
        { status: 400, headers, body },
      ];
      const theirs = await failure(sdk().send(new AdminGetUserCommand({ UserPoolId: POOL, Username: UID })));
      const ours = await failure(userPoolCall('AdminGetUser', { UserPoolId: POOL, Username: UID }));
      expect(seen).toHaveLength(2);
      expect(ours).toBeInstanceOf(Error);
      expect({ name: ours.name, message: ours.message, status: ours.$metadata.httpStatusCode }).toEqual({
        name: theirs.name,
        message: theirs.message,
        status: theirs.$metadata.httpStatusCode,
      });
      expect(ours.name).toBe('UserNotFoundException');
      expect(isTransient(ours)).toBe(false);
    },
  );

  it('tries a server error again as the SDK does: three tries, then the error, which the call answers 503', async () => {
    answers = Array.from({ length: 6 }, () => ({
      status: 503,
      body: { __type: 'InternalErrorException', message: 'x' },
    }));
    const theirs = await failure(sdk().send(new DescribeUserPoolCommand({ UserPoolId: POOL })));
    const sdkTries = seen.length;
    const waits = noWait();
    const ours = await failure(userPoolCall('DescribeUserPool', { UserPoolId: POOL }));
    expect(sdkTries).toBe(3);
    expect(seen.length - sdkTries).toBe(3);
    expect(ours.name).toBe(theirs.name);
    expect(isTransient(ours)).toBe(true);
    expect(waits).toHaveLength(2);
    for (const [i, ms] of waits.entries()) expect(ms).toBeLessThan(50 * 2 ** i);
  });

  it('succeeds when a retry does, and backs off longer after throttling', async () => {
    answers = [
      { status: 400, body: { __type: 'TooManyRequestsException', message: 'Too many requests' } },
      { status: 500, body: { __type: 'InternalErrorException', message: 'x' } },
      { status: 200, body: { UserPool: { Id: POOL } } },
    ];
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const waits = noWait();
      const out = await userPoolCall('DescribeUserPool', { UserPoolId: POOL });
      expect(out.UserPool?.Id).toBe(POOL);
      expect(seen).toHaveLength(3);
      // The SDK's standard strategy: half of 1 s after throttling, half of 2 × 50 ms after the second failure.
      expect(waits).toEqual([500, 50]);
    } finally {
      random.mockRestore();
    }
  });

  it('tries again when the connection drops, and reports an unreachable pool as a dependency failure', async () => {
    answers = [{ status: 0, destroy: true }];
    noWait();
    const out = await userPoolCall('AdminGetUser', { UserPoolId: POOL, Username: UID });
    expect(out).toEqual({});
    expect(seen).toHaveLength(2);

    // A port that was just freed: nothing listens there.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    vi.stubEnv('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', `http://127.0.0.1:${port}`);
    try {
      const error = await failure(userPoolCall('AdminGetUser', { UserPoolId: POOL, Username: UID }));
      expect(error).toMatchObject({ code: 'ECONNREFUSED' });
      expect(isTransient(error)).toBe(true);
    } finally {
      vi.stubEnv('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', endpoint);
    }
  });

  it('stops at once when the caller aborts', async () => {
    const waits = noWait();
    const error = await failure(
      userPoolCall('DescribeUserPool', { UserPoolId: POOL }, { abortSignal: AbortSignal.abort() }),
    );
    expect(error.name).toBe('AbortError');
    expect(waits).toEqual([]);
  });

  it('addresses the regional endpoint unless one is configured', () => {
    expect(userPoolEndpoint({ AWS_REGION: 'eu-central-1' }).url.href).toBe(
      'https://cognito-idp.eu-central-1.amazonaws.com/',
    );
    expect(userPoolEndpoint({ AWS_REGION: 'eu-central-1', AWS_ENDPOINT_URL: 'http://127.0.0.1:9229' }).url.host).toBe(
      '127.0.0.1:9229',
    );
    expect(() => userPoolEndpoint({})).toThrow(/AWS_REGION is not set/);
  });
});
