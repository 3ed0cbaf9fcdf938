/**
 * What the local stack exposes that AWS would not: the browser-facing /_cognito passes only the actions the web
 * app uses (no admin API), tokens are signed with a key made for this install (not cognito-local's published
 * one), and /files/ and /data/ show no bucket listing and reach no other bucket.
 */
import { createPrivateKey, createSign } from 'node:crypto';
import { createRequire } from 'node:module';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { keys } from '@mapnest/shared/keys';
import { baseUrl, call, createUser, rawCall, type TestUser } from '../helpers/stack';
import { buckets, dynamo, jwtPayload, tableName } from '../helpers/accounts';

let user: TestUser;
beforeAll(async () => {
  user = await createUser();
});

const cognitoCall = (action: string, body: unknown, init: { method?: string; path?: string } = {}) =>
  fetch(`${baseUrl()}/_cognito${init.path ?? '/'}`, {
    method: init.method ?? 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: init.method === 'GET' ? undefined : JSON.stringify(body),
  });

/** A token with the given payload signed with cognito-local's published private key, as anyone could make. */
function forgedWithPublishedKey(payload: Record<string, unknown>): string {
  const require = createRequire(import.meta.url);
  const { jwk } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: Record<string, string> };
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const input = `${encode({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${encode(payload)}`;
  return `${input}.${createSign('RSA-SHA256')
    .update(input)
    .sign(createPrivateKey({ key: jwk, format: 'jwk' }))
    .toString('base64url')}`;
}

describe('/_cognito', () => {
  it('refuses administrative actions: ListUsers, AdminGetUser, AdminCreateUser', async () => {
    const poolId = inject('stackEnv').USER_POOL_ID;
    for (const [action, body] of [
      ['ListUsers', { UserPoolId: poolId }],
      ['AdminGetUser', { UserPoolId: poolId, Username: user.uid }],
      ['AdminCreateUser', { UserPoolId: poolId, Username: 'x@example.com' }],
      ['ListUserPools', { MaxResults: 10 }],
    ] as const) {
      const res = await cognitoCall(action, body);
      const text = await res.text();
      expect(res.status, action).toBe(400);
      expect(text, action).not.toContain(user.email);
    }
  });

  it('refuses DeleteUser: an account goes only through the app’s deletion, with its data (ADR 053)', async () => {
    const signedIn = await cognitoCall('InitiateAuth', {
      ClientId: inject('stackEnv').USER_POOL_CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    });
    const { AuthenticationResult: tokens } = (await signedIn.json()) as {
      AuthenticationResult: { AccessToken: string };
    };
    const res = await cognitoCall('DeleteUser', { AccessToken: tokens.AccessToken });
    expect(res.status).toBe(400);
    // The user is still there: a sign-in works and the API knows them.
    expect((await cognitoCall('GetUser', { AccessToken: tokens.AccessToken })).status).toBe(200);
    expect((await rawCall('getProfile', null, { token: user.token })).status).toBe(200);
  });

  it("refuses other paths and methods (the emulator's JWKS and OAuth pages)", async () => {
    expect((await fetch(`${baseUrl()}/_cognito/.well-known/jwks.json`)).status).toBe(400);
    expect((await cognitoCall('InitiateAuth', {}, { path: '/oauth2/token' })).status).toBe(400);
  });

  it('passes the actions the web app uses: a password sign-in works', async () => {
    const res = await cognitoCall('InitiateAuth', {
      ClientId: inject('stackEnv').USER_POOL_CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    });
    expect(res.status).toBe(200);
    const out = (await res.json()) as { AuthenticationResult: { IdToken: string; AccessToken: string } };
    expect(jwtPayload(out.AuthenticationResult.IdToken).sub).toBe(user.uid);
    const me = await cognitoCall('GetUser', { AccessToken: out.AuthenticationResult.AccessToken });
    expect(me.status).toBe(200);
  });

  it("refuses tokens signed with cognito-local's published key, at the API and at /_cognito", async () => {
    const idClaims = jwtPayload(user.token);
    expect(JSON.parse(Buffer.from(user.token.split('.')[0]!, 'base64url').toString()).kid).not.toBe('CognitoLocal');
    const forgedId = forgedWithPublishedKey({ ...idClaims, 'cognito:groups': ['admins'] });
    expect((await rawCall('getProfile', null, { token: forgedId })).status).toBe(401);
    const forgedAccess = forgedWithPublishedKey({
      sub: user.uid,
      token_use: 'access',
      username: user.uid,
      iss: idClaims.iss,
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const res = await cognitoCall('UpdateUserAttributes', {
      AccessToken: forgedAccess,
      UserAttributes: [{ Name: 'name', Value: 'Owned' }],
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('NotAuthorized');
  });

  it('does not tell which addresses have accounts, as the user pool client does not in AWS', async () => {
    const clientId = inject('stackEnv').USER_POOL_CLIENT_ID;
    const nobody = `nobody-${Date.now()}@example.com`;
    const signIn = (email: string, password: string) =>
      cognitoCall('InitiateAuth', {
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      });
    // A wrong password and an unknown address get the same answer.
    for (const res of [await signIn(user.email, 'Wrong-password-1'), await signIn(nobody, 'Wrong-password-1')]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
    // A reset for an unknown address is answered as if its code were sent, and nothing is sent.
    const reset = await cognitoCall('ForgotPassword', { ClientId: clientId, Username: nobody });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } });
    // And an account's answer names where its code went only as masked as that one's: nothing tells them apart.
    const mine = await cognitoCall('ForgotPassword', { ClientId: clientId, Username: user.email });
    expect(mine.status).toBe(200);
    expect(
      ((await mine.json()) as { CodeDeliveryDetails: { Destination: string } }).CodeDeliveryDetails.Destination,
    ).toBe(`${user.email[0]}***@e***`);
    const mail = (await (await fetch(`${baseUrl()}/_dev/mail.json`)).json()) as { to: string }[];
    expect(mail.filter((m) => m.to === nobody)).toEqual([]);
    const confirm = await cognitoCall('ConfirmForgotPassword', {
      ClientId: clientId,
      Username: nobody,
      ConfirmationCode: '123456',
      Password: 'New-password-1',
    });
    expect(((await confirm.json()) as { __type: string }).__type).toBe('CodeMismatchException');
    // The right password still signs in.
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('answers a body that is not JSON as Cognito does, without the emulator’s stack trace', async () => {
    const res = await fetch(`${baseUrl()}/_cognito/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: '{',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ __type: 'SerializationException' });
    expect(text).not.toContain('node_modules');
  });
});

describe('bucket paths', () => {
  it('answers a key with "." or ".." segments as missing, never with another bucket\'s object', async () => {
    const id = await call<string>('createMap', { title: 'Private draft' }, user);
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.map(id), ConsistentRead: true }),
    );
    const docKey = Item!.docKey as string;
    const documents = buckets().documents;
    // The private document is there: through the signed /_s3/ path only.
    expect((await fetch(`${baseUrl()}/_s3/${documents}/${docKey}`)).status).toBe(403);
    for (const path of [
      `/files/..%2f${documents}%2f${encodeURIComponent(docKey)}`,
      `/data/..%2f${documents}%2f${encodeURIComponent(docKey)}`,
      `/files/${user.uid}%2f..%2f..%2f${documents}%2f${encodeURIComponent(docKey)}`,
      `/data/.%2fmaps%2f${id}.json`,
    ]) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ message: 'Not Found' });
    }
  });
});

describe('bucket listings', () => {
  it('answers GET /files/ and /data/ (and any folder) with 404, never a listing', async () => {
    for (const path of ['/files/', '/data/', '/data/maps/', `/files/${user.uid}/`]) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('ListBucketResult');
    }
  });
});
