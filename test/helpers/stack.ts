/**
 * Helpers for tests that run against the local stack: make users, sign them in through the real Cognito
 * API (USER_PASSWORD_AUTH, as the web app does) and make calls exactly as the browser does.
 */
import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import { inject } from 'vitest';
import { ADMIN_GROUP } from '@mapnest/shared/constants';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export const baseUrl = () => inject('baseUrl');

/**
 * Waits until the table's stream has carried everything written so far to its triggers, and they have run: the
 * public copies and emails a billing change owes (ADR 047). In AWS they follow within about a second; a test that
 * reads them waits for this condition, not for a time.
 */
export async function streamSettled(): Promise<void> {
  const res = await fetch(`${baseUrl()}/_dev/stream-settled`);
  if (res.status !== 204) throw new Error(`the local stack's stream did not settle: ${res.status}`);
}
const env = () => inject('stackEnv');

/** Whether the tests run against the stack this run started (else a deployment: see test/global-setup.ts). */
export const isLocalTarget = () => inject('target') === 'local';

/**
 * Reads until `check` holds or `ms` have passed, and answers the last value read: for what follows a change a moment
 * later (a webhook after a redirect, a thumbnail after an upload). The caller asserts on the value, so a timeout
 * fails with what was last seen.
 */
export async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Client settings for a service: the local emulators' endpoints and fixed keys, or for a deployment its endpoint
 * (LocalStack) if any and the SDK's usual credential chain.
 */
export function awsClientConfig(endpoint: string, localKey = 'local') {
  if (isLocalTarget())
    return { endpoint, region: env().AWS_REGION, credentials: { accessKeyId: localKey, secretAccessKey: localKey } };
  return { ...(endpoint ? { endpoint } : {}), region: env().AWS_REGION };
}

let cognitoClient: CognitoIdentityProviderClient | undefined;
export function cognito(): CognitoIdentityProviderClient {
  cognitoClient ??= new CognitoIdentityProviderClient(
    awsClientConfig(env().AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER),
  );
  return cognitoClient;
}

export interface TestUser {
  email: string;
  password: string;
  uid: string;
  token: string;
}

/** A user pool to make users in: the suite's stack by default, or a stack a test starts itself. */
export interface UserPoolTarget {
  client: CognitoIdentityProviderClient;
  userPoolId: string;
  clientId: string;
}
const suitePool = (): UserPoolTarget => ({
  client: cognito(),
  userPoolId: env().USER_POOL_ID,
  clientId: env().USER_POOL_CLIENT_ID,
});

/** Signs in with email and password and returns the ID token, as Amplify does with USER_PASSWORD_AUTH. */
export async function signIn(email: string, password: string, pool: UserPoolTarget = suitePool()): Promise<string> {
  const out = await pool.client.send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const token = out.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`no ID token for ${email}`);
  return token;
}

/** The three tokens of a password sign-in, as Amplify stores them in the browser. */
export interface SessionTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** Signs in with email and password and returns the ID, access and refresh tokens. */
export async function signInTokens(email: string, password: string): Promise<SessionTokens> {
  const out = await cognito().send(
    new InitiateAuthCommand({
      ClientId: env().USER_POOL_CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const { IdToken: idToken, AccessToken: accessToken, RefreshToken: refreshToken } = out.AuthenticationResult ?? {};
  if (!idToken || !accessToken || !refreshToken) throw new Error(`no complete token set for ${email}`);
  return { idToken, accessToken, refreshToken };
}

/** A new confirmed user with a verified email, signed in. */
export async function createUser(
  opts: { name?: string; email?: string } = {},
  pool: UserPoolTarget = suitePool(),
): Promise<TestUser> {
  const email = opts.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Pw-${randomUUID()}`;
  const created = await pool.client.send(
    new AdminCreateUserCommand({
      UserPoolId: pool.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: opts.name ?? 'Test User' },
      ],
    }),
  );
  await pool.client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: pool.userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  const uid = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!uid) throw new Error('created user has no sub');
  return { email, password, uid, token: await signIn(email, password, pool) };
}

/** The seeded administrator, signed in. */
export async function adminUser(): Promise<TestUser> {
  const admin = inject('admin');
  return { ...admin, token: await signIn(admin.email, admin.password) };
}

/** A second administrator: a new user added to the administrators' group, then signed in (the token carries it). */
export async function anotherAdmin(): Promise<TestUser> {
  const user = await createUser({ name: 'Second Admin' });
  await cognito().send(
    new AdminAddUserToGroupCommand({ UserPoolId: env().USER_POOL_ID, Username: user.email, GroupName: ADMIN_GROUP }),
  );
  return { ...user, token: await signIn(user.email, user.password) };
}

export interface RawAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * This test file's own client address on the local stack: a loopback address of its own (127.0.0.0/8 all reaches the
 * gateway on 127.0.0.1), so the stack sees each file as a visitor on an address of their own, as in production, and
 * the per-client limits (licence attempts, beacons) that one file uses up are not another's when files run together.
 */
export const CLIENT_ADDRESS = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** A POST to the local stack from `source`, a loopback address (this file's by default); status, text and headers. */
export function postFrom(
  url: URL,
  headers: Record<string, string>,
  body: string,
  source = CLIENT_ADDRESS,
): Promise<{ status: number; text: string; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress: source,
        family: 4, // 'localhost' as an IPv4 address, the family of a loopback source
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
          }
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: out });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * POST /api/fn/{name} with `{data}`, returning status and parsed body without interpreting them. On the local stack
 * it comes from this file's client address (CLIENT_ADDRESS); against a deployment, from this machine.
 */
export async function rawCall(
  name: string,
  data: unknown,
  opts: { token?: string; viewAs?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.viewAs) headers['x-mapnest-view-as'] = opts.viewAs;
  const url = new URL(`/api/fn/${name}`, baseUrl());
  const payload = opts.body ?? JSON.stringify({ data });
  const answer = isLocalTarget()
    ? await postFrom(url, headers, payload)
    : await fetch(url, { method: 'POST', headers, body: payload }).then(async (res) => ({
        status: res.status,
        text: await res.text(),
        headers: res.headers,
      }));
  let body: unknown = answer.text;
  try {
    body = JSON.parse(answer.text);
  } catch {
    /* keep the text */
  }
  return { status: answer.status, body, headers: answer.headers };
}

/**
 * The calls whose public copies (and emails) follow from the table's stream (ADR 047): `call` waits for it after
 * them on the local stack, so what a test reads next is what a visitor gets a moment later. Against a deployment
 * (no dev route) it does not wait.
 */
const OWING_CALLS = new Set(['setMapState', 'registerLicense', 'restoreLapsedMaps', 'setUserSlots']);

/** A call that must succeed; returns its data. */
export async function call<T = unknown>(
  name: string,
  data: unknown,
  user?: { token: string },
  viewAs?: string,
): Promise<T> {
  const answer = await rawCall(name, data, { token: user?.token, viewAs });
  if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  if (OWING_CALLS.has(name) && isLocalTarget()) await streamSettled();
  return (answer.body as { data: T }).data;
}

/**
 * A new map, published (ADR 018: a new map is a draft nobody sees until its author publishes it), for tests of what
 * visitors get.
 */
export async function createPublishedMap(input: { title: string; mapData?: unknown }, user: { token: string }) {
  const id = await call<string>('createMap', input, user);
  await call('publishMap', { id, version: 1 }, user);
  return id;
}
