/**
 * One account per email address, checked by the server itself (not left to Cognito or its emulator): the
 * email dialog asks checkEmailFree before any change is requested and answers 'Email already in use';
 * updateEmail checks again and puts the previous address back when the new one is taken.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { launchBrowser, newContext, signInThroughUi } from '../helpers/browser';
import { call, cognito, createUser, rawCall, signIn, streamSettled } from '../helpers/stack';
import { mailTo } from '../helpers/stripe';
import { jwtPayload } from '../helpers/accounts';
import { EMAIL_CHECK_LIMITS } from '@mapnest/lambdas/domain/abuse-limits';

const env = () => inject('stackEnv');

async function emailOf(uid: string): Promise<string | undefined> {
  const out = await cognito().send(new AdminGetUserCommand({ UserPoolId: env().USER_POOL_ID, Username: uid }));
  return out.UserAttributes?.find((a) => a.Name === 'email')?.Value;
}

describe('an email address in other letters', () => {
  it('is the same account, as in a Cognito pool made case-insensitive: sign-up refused, sign-in in any case', async () => {
    const owner = await createUser();
    const shouted = owner.email.toUpperCase();
    await expect(
      cognito().send(
        new SignUpCommand({
          ClientId: env().USER_POOL_CLIENT_ID,
          Username: shouted,
          Password: 'Other-Pass9!',
          UserAttributes: [{ Name: 'email', Value: shouted }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'UsernameExistsException' });
    const signedIn = await cognito().send(
      new InitiateAuthCommand({
        ClientId: env().USER_POOL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: shouted, PASSWORD: owner.password },
      }),
    );
    expect(jwtPayload(signedIn.AuthenticationResult!.IdToken!).sub).toBe(owner.uid);
  });
});

describe('an email address another account uses', () => {
  it('checkEmailFree refuses it (in any case), and accepts a free address or the caller’s own', async () => {
    const owner = await createUser();
    const other = await createUser();
    for (const email of [owner.email, owner.email.toUpperCase()]) {
      const answer = await rawCall('checkEmailFree', { email }, { token: other.token });
      expect(answer.status).toBe(409);
      expect(JSON.stringify(answer.body)).toContain('Email already in use');
    }
    expect(await call('checkEmailFree', { email: `free-${other.uid.slice(0, 8)}@example.com` }, other)).toBeNull();
    expect(await call('checkEmailFree', { email: other.email }, other)).toBeNull();
    expect((await rawCall('checkEmailFree', { email: owner.email }, {})).status).toBe(401);
  });

  it('answers only so many questions an account asks (10 a minute): nobody can list who has an account', async () => {
    const asker = await createUser();
    const ask = (n: number) =>
      rawCall('checkEmailFree', { email: `probe-${n}-${asker.uid.slice(0, 8)}@example.com` }, asker);
    for (let n = 0; n < EMAIL_CHECK_LIMITS.perMinute; n++) expect((await ask(n)).status, `question ${n + 1}`).toBe(200);
    const refused = await ask(99);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toMatch(/Too many email addresses checked\. Try again in \d+ s\./);
    // The caller's own address is no question about anyone: still answered.
    expect(await call('checkEmailFree', { email: asker.email }, asker)).toBeNull();
    // Another account is not held back by this one's questions.
    const other = await createUser();
    expect(
      (await rawCall('checkEmailFree', { email: `probe-${other.uid.slice(0, 8)}@example.com` }, other)).status,
    ).toBe(200);
  });

  it('updateEmail refuses a verified change to it and puts the previous address back', async () => {
    const owner = await createUser();
    const mover = await createUser();
    // The dialog asked first, for a free address, which records the mover's current one.
    expect(await call('checkEmailFree', { email: `elsewhere-${mover.uid.slice(0, 8)}@example.com` }, mover)).toBeNull();
    const first = await cognito().send(
      new InitiateAuthCommand({
        ClientId: env().USER_POOL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: mover.email, PASSWORD: mover.password },
      }),
    );
    // An emulator (or anything) lets the mover's address become the owner's, verified.
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: env().USER_POOL_ID,
        Username: mover.uid,
        UserAttributes: [
          { Name: 'email', Value: owner.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const refreshed = await cognito().send(
      new InitiateAuthCommand({
        ClientId: env().USER_POOL_CLIENT_ID,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: first.AuthenticationResult!.RefreshToken! },
      }),
    );
    const token = refreshed.AuthenticationResult!.IdToken!;
    expect(jwtPayload(token).email).toBe(owner.email);

    const answer = await rawCall('updateEmail', { newEmail: owner.email, oldEmail: mover.email }, { token });
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.body)).toContain('Email already in use');
    expect(await emailOf(mover.uid)).toBe(mover.email);
    expect(await emailOf(owner.uid)).toBe(owner.email);
    // A refused change is no change: neither address is told of one.
    await streamSettled();
    for (const email of [mover.email, owner.email])
      expect((await mailTo(email)).filter((m) => /email address was changed/.test(m.subject))).toEqual([]);
    // Both can still sign in with their own addresses.
    expect(jwtPayload(await signIn(mover.email, mover.password)).sub).toBe(mover.uid);
    expect(jwtPayload(await signIn(owner.email, owner.password)).sub).toBe(owner.uid);
  });
});

describe('the email dialog', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('answers ‘Email already in use’ and requests no change', async () => {
    const owner = await createUser();
    const user = await createUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughUi(page, user);
    await page.goto('/maps#settings/Profile');
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Change email address' });
    await edit.getByLabel('New email address').fill(owner.email);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Email already in use').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('dialog', { name: 'Check Your Inbox' }).count()).toBe(0);
    expect(await emailOf(user.uid)).toBe(user.email);
    expect(jwtPayload(await signIn(user.email, user.password)).sub).toBe(user.uid);
    await context.close();
  }, 120_000);
});
