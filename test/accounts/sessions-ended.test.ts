/**
 * Ending every session of an account (ADR 079): a completed password reset and "Sign out of all devices". Cognito
 * keeps a session's ID token valid until it expires, so the API refuses the tokens of every session that began before
 * the end itself (401, saying why), and Cognito no longer renews them: their refresh tokens are revoked. Two sessions
 * of one user stand for two browsers.
 */
import { describe, expect, it } from 'vitest';
import {
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { authLink, jwtPayload, waitForMail } from '../helpers/accounts';
import { cognito, createUser, rawCall, signInTokens, type SessionTokens } from '../helpers/stack';

const clientId = () => inject('stackEnv').USER_POOL_CLIENT_ID;

/** Renews a session's tokens from its refresh token, as Amplify does when the ID token expires. */
const refresh = (session: SessionTokens) =>
  cognito().send(
    new InitiateAuthCommand({
      ClientId: clientId(),
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: session.refreshToken },
    }),
  );

/** Resets the password through the emailed code, as the /auth page does. */
async function resetPassword(email: string, newPassword: string): Promise<void> {
  const since = Date.now();
  await cognito().send(new ForgotPasswordCommand({ ClientId: clientId(), Username: email }));
  const code = authLink(await waitForMail(email, { subject: /Reset your/, since })).searchParams.get('code')!;
  await cognito().send(
    new ConfirmForgotPasswordCommand({
      ClientId: clientId(),
      Username: email,
      ConfirmationCode: code,
      Password: newPassword,
    }),
  );
}

/** Waits until the clock is past the second of `at`: a sign-in in an end's own second counts as before it. */
async function nextSecondAfter(at: number): Promise<void> {
  await expect.poll(() => Math.floor(Date.now() / 1000), { interval: 50 }).toBeGreaterThan(Math.floor(at / 1000));
}

const refused = (reason: 'passwordChanged' | 'signedOutEverywhere', message: string) => ({
  status: 401,
  body: { error: { status: 'UNAUTHENTICATED', message, details: { sessionEnded: reason } } },
});
const PASSWORD_CHANGED = 'You were signed out because your password was changed. Log in again.';
const SIGNED_OUT_EVERYWHERE = 'You were signed out of all devices. Log in again.';

describe('a password reset', () => {
  it('signs out every other session: its next call is refused, saying why, and its refresh token renews nothing', async () => {
    const user = await createUser();
    const laptop = await signInTokens(user.email, user.password);
    const phone = await signInTokens(user.email, user.password);
    const mapId = (await rawCall('createMap', { title: 'Before the reset' }, { token: phone.idToken })).body as {
      data: string;
    };
    expect((await rawCall('listMaps', null, { token: laptop.idToken })).status).toBe(200);

    const newPassword = 'Reset-pass-2';
    await resetPassword(user.email, newPassword);

    // Reads and writes alike, from either session.
    expect(await rawCall('listMaps', null, { token: laptop.idToken })).toEqual(
      expect.objectContaining(refused('passwordChanged', PASSWORD_CHANGED)),
    );
    expect(await rawCall('renameMap', { id: mapId.data, title: 'x' }, { token: phone.idToken })).toEqual(
      expect.objectContaining(refused('passwordChanged', PASSWORD_CHANGED)),
    );
    await expect(refresh(laptop)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(refresh(phone)).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    // A sign-in with the new password is a new session, which works at once (the reset answered once its second was
    // over: a sign-in in it would count as before it); the old password no longer signs in.
    const after = await signInTokens(user.email, newPassword);
    expect((await rawCall('listMaps', null, { token: after.idToken })).status).toBe(200);
    expect((await refresh(after)).AuthenticationResult?.IdToken).toBeTruthy();
    await expect(signInTokens(user.email, user.password)).rejects.toMatchObject({ name: expect.any(String) });
  });
});

describe('signing out of all devices', () => {
  it('ends every session of the account, the one that asked too, and none of another account', async () => {
    const user = await createUser();
    const other = await createUser();
    const laptop = await signInTokens(user.email, user.password);
    const phone = await signInTokens(user.email, user.password);
    expect((await rawCall('listMaps', null, { token: phone.idToken })).status).toBe(200);

    expect(await rawCall('signOutEverywhere', null, { token: laptop.idToken })).toMatchObject({
      status: 200,
      body: { data: null },
    });
    for (const session of [laptop, phone]) {
      expect(await rawCall('listMaps', null, { token: session.idToken })).toEqual(
        expect.objectContaining(refused('signedOutEverywhere', SIGNED_OUT_EVERYWHERE)),
      );
      await expect(refresh(session)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }
    expect((await rawCall('listMaps', null, { token: other.token })).status).toBe(200);
  });

  it('lets the person log in again straight after, on any device', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const user = await createUser();
      const laptop = await signInTokens(user.email, user.password);
      expect((await rawCall('signOutEverywhere', null, { token: laptop.idToken })).status).toBe(200);
      const again = await signInTokens(user.email, user.password);
      expect(await rawCall('listMaps', null, { token: again.idToken })).toMatchObject({ status: 200 });
    }
  });
});

describe('a renewed session', () => {
  it('keeps the time of the sign-in it comes from, as Cognito does', async () => {
    const user = await createUser();
    const session = await signInTokens(user.email, user.password);
    await nextSecondAfter(Number(jwtPayload(session.idToken).auth_time) * 1000);
    const renewed = await refresh(session);
    const id = jwtPayload(renewed.AuthenticationResult!.IdToken!);
    const access = jwtPayload(renewed.AuthenticationResult!.AccessToken!);
    expect(id.auth_time).toBe(jwtPayload(session.idToken).auth_time);
    expect(access.auth_time).toBe(jwtPayload(session.accessToken).auth_time);
    expect(Number(id.iat)).toBeGreaterThan(Number(id.auth_time));
    expect((await rawCall('listMaps', null, { token: renewed.AuthenticationResult!.IdToken! })).status).toBe(200);
  });
});
