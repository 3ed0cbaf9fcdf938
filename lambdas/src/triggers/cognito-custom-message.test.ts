import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  CreateAuthChallengeTriggerEvent,
  CustomMessageTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  PostConfirmationTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  startRecordingServer,
  type Recorded,
  type RecordingServer,
  type ScriptedAnswer,
} from '../adapters/recording-server.fixtures';
import { keys, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { SIGN_IN_LINK_SECONDS } from '../adapters/sign-in-links';
import { handler } from './cognito-custom-message';
import { SIGN_IN_LINK_CHALLENGE } from '../domain/sign-in-link';

/**
 * The table behind the same Put and conditional Delete the token store sends, holding items by key. The store's
 * condition (hash and expiry) against real DynamoDB is covered by test/accounts/sign-in-link.test.ts.
 */
const ddb = mockClient(DynamoDBDocumentClient);
// The unit project shares a module cache per worker: the next file there gets the real client's send back.
afterAll(() => ddb.restore());
let items: Map<string, Record<string, unknown>>;
const keyOf = (key: Record<string, unknown>) => `${String(key.pk)}|${String(key.sk)}`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
let failPuts = false;

beforeEach(() => {
  ddb.reset();
  process.env.TABLE_NAME = 'mapnest-test';
  process.env.AWS_REGION = 'us-east-1';
  process.env.LOG_SILENT = '1';
  items = new Map();
  failPuts = false;
  ddb.on(PutCommand).callsFake((input: { Item: Record<string, unknown> }) => {
    if (failPuts) throw Object.assign(new Error('throttled'), { name: 'ThrottlingException' });
    items.set(keyOf(input.Item), input.Item);
    return {};
  });
  ddb
    .on(DeleteCommand)
    .callsFake(
      (input: { Key: Record<string, unknown>; ExpressionAttributeValues: { ':hash': string; ':now': number } }) => {
        const item = items.get(keyOf(input.Key));
        const { ':hash': hash, ':now': now } = input.ExpressionAttributeValues;
        if (!item || item.tokenHash !== hash || !((item[TTL_ATTRIBUTE] as number) > now))
          throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
        items.delete(keyOf(input.Key));
        return {};
      },
    );
});

const common = {
  version: '1',
  region: 'us-east-1',
  userPoolId: 'us-east-1_test',
  callerContext: { awsSdkVersion: 'x', clientId: 'c' },
};
const ada = { sub: '11111111-1111-4111-8111-111111111111', email: 'ada@example.com', email_verified: 'true' };
const grace = { sub: '22222222-2222-4222-8222-222222222222', email: 'grace@example.com', email_verified: 'true' };

function messageEvent(
  triggerSource: CustomMessageTriggerEvent['triggerSource'],
  attrs: Record<string, string> = { ...ada, email_verified: 'false' },
): CustomMessageTriggerEvent {
  return {
    ...common,
    userName: attrs.sub ?? 'u',
    triggerSource,
    request: { userAttributes: attrs, codeParameter: '{####}', linkParameter: '', usernameParameter: null },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

/** The link in an email's HTML, with the code placeholder as Cognito leaves it for substitution. */
function linkIn(html: string): URL {
  const href = /href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error(`no link in ${html}`);
  return new URL(href.replace(/&amp;/g, '&'));
}

async function tokenFromSignUpEmail(attrs: Record<string, string> = { ...ada, email_verified: 'false' }) {
  const out = await handler(messageEvent('CustomMessage_SignUp', attrs));
  return linkIn(out.response.emailMessage!).searchParams.get('token');
}

type Session = DefineAuthChallengeTriggerEvent['request']['session'];
function defineEvent(session: Session, userNotFound = false): DefineAuthChallengeTriggerEvent {
  return {
    ...common,
    userName: ada.sub,
    triggerSource: 'DefineAuthChallenge_Authentication',
    request: { userAttributes: ada, session, userNotFound },
    response: { challengeName: '', issueTokens: false, failAuthentication: false },
  } as DefineAuthChallengeTriggerEvent;
}

function verifyEvent(
  answer: string,
  attrs: Record<string, string> = ada,
  userNotFound = false,
): VerifyAuthChallengeResponseTriggerEvent {
  return {
    ...common,
    userName: attrs.sub ?? 'u',
    triggerSource: 'VerifyAuthChallengeResponse_Authentication',
    request: {
      userAttributes: attrs,
      privateChallengeParameters: { kind: 'sign-in-link' },
      challengeAnswer: answer,
      userNotFound,
    },
    response: { answerCorrect: false },
  } as VerifyAuthChallengeResponseTriggerEvent;
}

const answered = (result: boolean) => ({
  challengeName: 'CUSTOM_CHALLENGE' as const,
  challengeResult: result,
  challengeMetadata: SIGN_IN_LINK_CHALLENGE,
});

describe('verification emails', () => {
  it('put a one-time sign-in token in the sign-up and resend links, storing only its hash for 24 hours', async () => {
    const before = Math.floor(Date.now() / 1000);
    const out = await handler(messageEvent('CustomMessage_SignUp'));
    const link = linkIn(out.response.emailMessage!);
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    // The code comes last, as Cognito's literal placeholder ('#' would start a fragment in a parsed URL).
    expect(out.response.emailMessage).toContain('&code={####}"');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = items.get(keyOf(keys.signInLink(ada.sub)))!;
    expect(stored.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[TTL_ATTRIBUTE]).toBeGreaterThanOrEqual(before + SIGN_IN_LINK_SECONDS);
    expect(stored[TTL_ATTRIBUTE]).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + SIGN_IN_LINK_SECONDS);
    // The code placeholder appears once (Cognito substitutes only the first).
    expect(out.response.emailMessage!.split('{####}')).toHaveLength(2);

    const resent = await handler(messageEvent('CustomMessage_ResendCode'));
    const second = linkIn(resent.response.emailMessage!).searchParams.get('token')!;
    expect(second).not.toBe(token);
    expect(items.get(keyOf(keys.signInLink(ada.sub)))!.tokenHash).toBe(sha256(second));
  });

  it('never put a sign-in token in password-reset or email-change links', async () => {
    for (const source of [
      'CustomMessage_ForgotPassword',
      'CustomMessage_UpdateUserAttribute',
      'CustomMessage_VerifyUserAttribute',
    ] as const) {
      const out = await handler(messageEvent(source, ada));
      expect(linkIn(out.response.emailMessage!).searchParams.has('token'), source).toBe(false);
    }
    expect(items.size).toBe(0);
  });

  it('still send the verification link, without sign-in, when the token cannot be stored', async () => {
    failPuts = true;
    const out = await handler(messageEvent('CustomMessage_SignUp'));
    const link = linkIn(out.response.emailMessage!);
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    expect(link.searchParams.has('token')).toBe(false);
  });
});

describe('define auth challenge', () => {
  it('starts with the sign-in link challenge', async () => {
    const out = await handler(defineEvent([]));
    expect(out.response).toEqual({ challengeName: 'CUSTOM_CHALLENGE', issueTokens: false, failAuthentication: false });
  });

  it('issues tokens after one right answer, and fails on a wrong one without a second try', async () => {
    expect((await handler(defineEvent([answered(true)]))).response).toMatchObject({
      issueTokens: true,
      failAuthentication: false,
    });
    expect((await handler(defineEvent([answered(false)]))).response).toMatchObject({
      issueTokens: false,
      failAuthentication: true,
    });
    expect((await handler(defineEvent([answered(false), answered(true)]))).response).toMatchObject({
      issueTokens: false,
      failAuthentication: true,
    });
  });

  it('fails unknown users and any other challenge sequence', async () => {
    expect((await handler(defineEvent([], true))).response.failAuthentication).toBe(true);
    const srp = [{ challengeName: 'SRP_A' as const, challengeResult: true, challengeMetadata: undefined }];
    expect((await handler(defineEvent(srp))).response).toMatchObject({ issueTokens: false, failAuthentication: true });
    const otherCustom = [{ ...answered(true), challengeMetadata: 'SOMETHING_ELSE' }];
    expect((await handler(defineEvent(otherCustom))).response.issueTokens).toBe(false);
  });
});

describe('create auth challenge', () => {
  it('names the challenge and hands the client nothing secret', async () => {
    const event = {
      ...common,
      userName: ada.sub,
      triggerSource: 'CreateAuthChallenge_Authentication',
      request: { userAttributes: ada, challengeName: 'CUSTOM_CHALLENGE', session: [] },
      response: { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: '' },
    } as unknown as CreateAuthChallengeTriggerEvent;
    const out = await handler(event);
    expect(out.response.challengeMetadata).toBe(SIGN_IN_LINK_CHALLENGE);
    expect(out.response.publicChallengeParameters).toEqual({ kind: 'sign-in-link' });
    expect(JSON.stringify(out.response)).not.toMatch(/token|hash/i);
  });
});

describe('verify auth challenge response', () => {
  it("accepts the user's own token once: a replay is refused", async () => {
    const token = (await tokenFromSignUpEmail())!;
    expect((await handler(verifyEvent(token))).response.answerCorrect).toBe(true);
    expect((await handler(verifyEvent(token))).response.answerCorrect).toBe(false);
  });

  it("refuses another user's token, a forged one, and a replaced one", async () => {
    const adaToken = (await tokenFromSignUpEmail())!;
    expect((await handler(verifyEvent(adaToken, grace))).response.answerCorrect).toBe(false);
    const forged = 'A'.repeat(43);
    expect((await handler(verifyEvent(forged))).response.answerCorrect).toBe(false);
    expect((await handler(verifyEvent('not a token'))).response.answerCorrect).toBe(false);
    expect((await handler(verifyEvent(''))).response.answerCorrect).toBe(false);
    // A newer email replaces the token: only the latest link signs in.
    const newer = (await tokenFromSignUpEmail())!;
    expect((await handler(verifyEvent(adaToken))).response.answerCorrect).toBe(false);
    expect((await handler(verifyEvent(newer))).response.answerCorrect).toBe(true);
  });

  it('refuses an expired token', async () => {
    const token = (await tokenFromSignUpEmail())!;
    const item = items.get(keyOf(keys.signInLink(ada.sub)))!;
    item[TTL_ATTRIBUTE] = Math.floor(Date.now() / 1000) - 1;
    expect((await handler(verifyEvent(token))).response.answerCorrect).toBe(false);
  });

  it('refuses, without using up the token, while the email is not verified or the user is unknown', async () => {
    const token = (await tokenFromSignUpEmail())!;
    expect((await handler(verifyEvent(token, { ...ada, email_verified: 'false' }))).response.answerCorrect).toBe(false);
    expect((await handler(verifyEvent(token, ada, true))).response.answerCorrect).toBe(false);
    expect(items.has(keyOf(keys.signInLink(ada.sub)))).toBe(true);
    expect((await handler(verifyEvent(token))).response.answerCorrect).toBe(true);
  });
});

describe('PostConfirmation after a password reset (ADR 079)', () => {
  let server: RecordingServer;
  const seen: Recorded[] = [];
  let signOutAnswer: ScriptedAnswer = { status: 200, body: {} };
  beforeAll(async () => {
    server = await startRecordingServer('application/x-amz-json-1.1', (request) => {
      seen.push(request);
      return signOutAnswer;
    });
    vi.stubEnv('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', server.url);
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDTEST');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test-secret');
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.close();
  });
  beforeEach(() => {
    seen.length = 0;
    signOutAnswer = { status: 200, body: {} };
    ddb.on(UpdateCommand).callsFake((input: { Key: Record<string, unknown>; ExpressionAttributeValues: object }) => {
      if (failPuts) throw Object.assign(new Error('throttled'), { name: 'ThrottlingException' });
      items.set(keyOf(input.Key), { ...input.Key, ...input.ExpressionAttributeValues });
      return {};
    });
  });

  const confirmed = (triggerSource: PostConfirmationTriggerEvent['triggerSource']) =>
    ({
      ...common,
      userName: 'ada-username',
      triggerSource,
      request: { userAttributes: ada },
      response: {},
    }) as PostConfirmationTriggerEvent;

  it("marks every session of the account ended and revokes the user's refresh tokens in the event's pool", async () => {
    const before = Date.now();
    await expect(handler(confirmed('PostConfirmation_ConfirmForgotPassword'))).resolves.toMatchObject({
      triggerSource: 'PostConfirmation_ConfirmForgotPassword',
    });
    const mark = items.get(keyOf(keys.user(ada.sub)))!;
    expect(mark[':why']).toBe('passwordChanged');
    expect(Date.parse(String(mark[':at']))).toBeGreaterThanOrEqual(before);
    expect(seen.map((r) => [r.headers['x-amz-target'], JSON.parse(r.body)])).toEqual([
      [
        'AWSCognitoIdentityProviderService.AdminUserGlobalSignOut',
        { UserPoolId: 'us-east-1_test', Username: 'ada-username' },
      ],
    ]);
  });

  it('fails the reset when either could not be done, so nobody is told their sessions ended when they did not', async () => {
    signOutAnswer = { status: 400, body: { __type: 'NotAuthorizedException', message: 'no' } };
    await expect(handler(confirmed('PostConfirmation_ConfirmForgotPassword'))).rejects.toThrow(
      /could not all be ended/,
    );
    signOutAnswer = { status: 200, body: {} };
    failPuts = true;
    await expect(handler(confirmed('PostConfirmation_ConfirmForgotPassword'))).rejects.toThrow(
      /could not all be ended/,
    );
  });

  it('leaves a new account confirming its address alone', async () => {
    await handler(confirmed('PostConfirmation_ConfirmSignUp'));
    expect(items.size).toBe(0);
    expect(seen).toEqual([]);
  });
});
