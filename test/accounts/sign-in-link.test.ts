/**
 * The verification link's sign-in (ADR 036): the token store against DynamoDB Local (the real conditional delete),
 * Cognito's custom authentication through the local user pool's API (run by the product's own trigger handler the
 * way Cognito runs it), and the link followed in a browser that never saw the registration. Local only: it reads
 * the dev mailbox and the local table directly.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@mapnest/shared/keys';
import { authLink, dynamo, jwtPayload, tableName, waitForMail } from '../helpers/accounts';
import { collectErrors, launchBrowser, newContext } from '../helpers/browser';
import { cognito } from '../helpers/stack';

let signInLinks: typeof import('../../lambdas/src/adapters/sign-in-links').signInLinks;
const env = () => inject('stackEnv');

beforeAll(async () => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
  ({ signInLinks } = await import('../../lambdas/src/adapters/sign-in-links'));
});

/** Registers through the API as the web app does; the verification email's code and sign-in token. */
async function register(email: string) {
  const since = Date.now();
  await cognito().send(
    new SignUpCommand({
      ClientId: env().USER_POOL_CLIENT_ID,
      Username: email,
      Password: 'Link-pass-1',
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  const link = authLink(await waitForMail(email, { subject: /Verify your email/, since }));
  return { code: link.searchParams.get('code')!, token: link.searchParams.get('token')! };
}

const confirm = (email: string, code: string) =>
  cognito().send(
    new ConfirmSignUpCommand({ ClientId: env().USER_POOL_CLIENT_ID, Username: email, ConfirmationCode: code }),
  );

const start = (email: string) =>
  cognito().send(
    new InitiateAuthCommand({
      ClientId: env().USER_POOL_CLIENT_ID,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: email },
    }),
  );

async function answer(email: string, token: string) {
  const started = await start(email);
  expect(started.ChallengeName).toBe('CUSTOM_CHALLENGE');
  // The client sees nothing secret, only which challenge this is and the user's name in the pool.
  expect(Object.keys(started.ChallengeParameters ?? {}).sort()).toEqual(['USERNAME', 'kind']);
  return cognito().send(
    new RespondToAuthChallengeCommand({
      ClientId: env().USER_POOL_CLIENT_ID,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: started.Session,
      ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME!, ANSWER: token },
    }),
  );
}

const refused = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ name: 'NotAuthorizedException' });

describe('sign-in tokens in the table', () => {
  const uid = () => `test-${randomUUID()}`;

  it('are stored as a hash, consumed once, and only by their own user', async () => {
    const ada = uid();
    const token = await signInLinks.issue(ada);
    const stored = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.signInLink(ada) }));
    expect(stored.Item?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored.Item)).not.toContain(token);
    expect(await signInLinks.consume(uid(), token)).toBe(false);
    expect(await signInLinks.consume(ada, 'B'.repeat(43))).toBe(false);
    expect(await signInLinks.consume(ada, token)).toBe(true);
    expect(await signInLinks.consume(ada, token)).toBe(false);
  });

  it('stop working after 24 hours, even before the table removes them', async () => {
    const grace = uid();
    const issuedAt = new Date(Date.now() - 24 * 3600_000 - 1000);
    const token = await signInLinks.issue(grace, issuedAt);
    expect(await signInLinks.consume(grace, token)).toBe(false);
    // Just inside the day it still works.
    const fresh = await signInLinks.issue(grace, new Date(Date.now() - 24 * 3600_000 + 60_000));
    expect(await signInLinks.consume(grace, fresh)).toBe(true);
  });

  it('answer exactly one of many simultaneous uses', async () => {
    const ada = uid();
    const token = await signInLinks.issue(ada);
    const results = await Promise.all(Array.from({ length: 8 }, () => signInLinks.consume(ada, token)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe("Cognito's custom sign-in with the link's token", () => {
  it('signs in a just-verified user once, with tokens for that user', async () => {
    const email = `link-${randomUUID().slice(0, 8)}@example.com`;
    const { code, token } = await register(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Not before the address is verified: Cognito refuses unconfirmed users before any challenge.
    await expect(start(email)).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
    await confirm(email, code);

    // A wrong answer fails the sign-in and leaves the token usable.
    await refused(answer(email, 'C'.repeat(43)));
    const out = await answer(email, token);
    const idToken = out.AuthenticationResult?.IdToken;
    expect(idToken).toBeTruthy();
    expect(jwtPayload(idToken!)).toMatchObject({ email, email_verified: true, token_use: 'id' });
    expect(out.AuthenticationResult?.RefreshToken).toBeTruthy();

    // Replayed: refused.
    await refused(answer(email, token));
  });

  it("refuses another user's token, an unknown address, and a session used twice", async () => {
    const ada = `link-${randomUUID().slice(0, 8)}@example.com`;
    const grace = `link-${randomUUID().slice(0, 8)}@example.com`;
    const adaLink = await register(ada);
    const graceLink = await register(grace);
    await confirm(ada, adaLink.code);
    await confirm(grace, graceLink.code);
    await refused(answer(grace, adaLink.token));
    // An unknown address fails like a wrong token (no user-existence errors).
    await refused(answer(`nobody-${randomUUID().slice(0, 8)}@example.com`, adaLink.token));

    const started = await start(ada);
    const respond = () =>
      cognito().send(
        new RespondToAuthChallengeCommand({
          ClientId: env().USER_POOL_CLIENT_ID,
          ChallengeName: 'CUSTOM_CHALLENGE',
          Session: started.Session,
          ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME!, ANSWER: 'D'.repeat(43) },
        }),
      );
    await refused(respond());
    await refused(respond());
    // Ada's own token still signs her in once.
    expect((await answer(ada, adaLink.token)).AuthenticationResult?.IdToken).toBeTruthy();
  });
});

/** The claims of the ID token Amplify stored in this page's browser, or null when nobody is signed in. */
async function storedIdClaims(page: Page): Promise<Record<string, unknown> | null> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find(
      (k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'),
    );
    return key ? localStorage.getItem(key) : null;
  });
  return token ? jwtPayload(token) : null;
}

describe('the verification link in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in wherever it is opened, lands on the maps, and signs in only once', async () => {
    const email = `phone-${randomUUID().slice(0, 8)}@example.com`;
    const desk = await newContext(browser);
    const registering = await desk.newPage();
    await registering.goto('/register');
    await registering.getByLabel('Email address').fill(email);
    await registering.getByLabel('Password').fill('Phone-pass-1');
    const since = Date.now();
    await registering.getByRole('button', { name: 'Create account' }).click();
    await registering.waitForURL('**/verify-mail');
    const link = authLink(await waitForMail(email, { subject: /Verify your email/, since }));
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Another browser (the phone's mail app): no storage shared with the registration.
    const phone = await newContext(browser);
    const tab = await phone.newPage();
    const errors = collectErrors(tab);
    const cognitoReferrers: string[] = [];
    tab.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/_cognito')) cognitoReferrers.push(req.headers().referer ?? '');
    });
    const opened = await tab.goto(link.toString());
    // Links followed from this page pass on the origin only, never the address with its token.
    expect(opened?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await tab.waitForURL('**/maps');
    expect(await storedIdClaims(tab)).toMatchObject({ email, email_verified: true });
    // The token left the address bar before the page talked to Cognito.
    expect(cognitoReferrers.length).toBeGreaterThan(0);
    for (const referrer of cognitoReferrers) expect(referrer).not.toContain(token);
    expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);

    // The same link again, in yet another browser: it no longer signs in.
    const other = await newContext(browser);
    const again = await other.newPage();
    await again.goto(link.toString());
    await again
      .getByText(
        'Your email address is already verified. This link can no longer sign you in (it was already used, or a newer email replaced it): log in with your password.',
      )
      .waitFor();
    expect(new URL(again.url()).searchParams.has('token')).toBe(false);
    await again.getByRole('link', { name: 'Log in' }).waitFor();
    expect(await storedIdClaims(again)).toBeNull();
    await Promise.all([desk.close(), phone.close(), other.close()]);
  });
});
