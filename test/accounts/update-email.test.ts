/**
 * The server's side of an email change: only once Cognito has verified the new address (the link in the email
 * was followed) does updateEmail accept it, record it and move the author of the user's maps from the old address,
 * and the previous address is told, once.
 */
import { describe, expect, inject, it } from 'vitest';
import {
  InitiateAuthCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { keys } from '@mapnest/shared/keys';
import { adminUser, baseUrl, call, cognito, createUser, rawCall, signIn, streamSettled } from '../helpers/stack';
import { authLink, dynamo, tableName, waitForMail } from '../helpers/accounts';
import { mailTo } from '../helpers/stripe';

async function tokens(email: string, password: string) {
  const out = await cognito().send(
    new InitiateAuthCommand({
      ClientId: inject('stackEnv').USER_POOL_CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return { id: out.AuthenticationResult!.IdToken!, access: out.AuthenticationResult!.AccessToken! };
}

/** Changes the user's address as the emailed link does (Cognito verifies it), and answers a token holding it. */
async function changeVerifiedEmail(user: { email: string; password: string }, newEmail: string) {
  const since = Date.now();
  const { access } = await tokens(user.email, user.password);
  await cognito().send(
    new UpdateUserAttributesCommand({ AccessToken: access, UserAttributes: [{ Name: 'email', Value: newEmail }] }),
  );
  const link = authLink(await waitForMail(newEmail, { since, subject: /Confirm your new email/ }));
  await cognito().send(
    new VerifyUserAttributeCommand({
      AccessToken: access,
      AttributeName: 'email',
      Code: link.searchParams.get('code')!,
    }),
  );
  return signIn(newEmail, user.password);
}

/** The payments sandbox's Stripe API, as the handlers' adapter reads it. */
async function stripeGet(apiPath: string): Promise<Record<string, unknown>> {
  const env = inject('stackEnv');
  const res = await fetch(`${env.STRIPE_API_BASE}${apiPath}`, {
    headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
  });
  return (await res.json()) as Record<string, unknown>;
}

describe('updateEmail after a verified change', () => {
  it("refuses the change until the link is followed, then records it and re-points the user's maps", async () => {
    const user = await createUser();
    const admin = await adminUser();
    const newEmail = `moved-${randomUUID().slice(0, 8)}@example.com`;
    const authored = await call<string>('createMap', { title: 'Authored by old address' }, user);
    const own = await call<string>('createMap', { title: 'Authored by uid' }, user);
    await call('adminUpdateMap', { id: authored, fields: { author: user.email } }, admin);

    const since = Date.now();
    const { access } = await tokens(user.email, user.password);
    await cognito().send(
      new UpdateUserAttributesCommand({ AccessToken: access, UserAttributes: [{ Name: 'email', Value: newEmail }] }),
    );

    // Before the link: the old address stays in use, and the server refuses the new one.
    const early = await rawCall(
      'updateEmail',
      { newEmail, oldEmail: user.email },
      { token: await signIn(user.email, user.password) },
    );
    expect(early.status).toBe(400);
    expect(JSON.stringify(early.body)).toContain('Your new email address is not confirmed yet');

    const mail = await waitForMail(newEmail, { since, subject: /Confirm your new email/ });
    const link = authLink(mail);
    expect(link.searchParams.get('mode')).toBe('verifyAndChangeEmail');
    await cognito().send(
      new VerifyUserAttributeCommand({
        AccessToken: access,
        AttributeName: 'email',
        Code: link.searchParams.get('code')!,
      }),
    );

    const fresh = await signIn(newEmail, user.password);
    const answer = await call<{ email: string; mapsUpdated: number }>(
      'updateEmail',
      { newEmail, oldEmail: user.email },
      { token: fresh },
    );
    expect(answer).toEqual({ email: newEmail, mapsUpdated: 1 });

    const profile = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(user.uid) }));
    expect(profile.Item).toMatchObject({ uid: user.uid, email: newEmail });
    const maps = await call<Array<{ id: string; author: string }>>('listMaps', null, { token: fresh });
    expect(Object.fromEntries(maps.map((m) => [m.id, m.author]))).toEqual({ [authored]: newEmail, [own]: user.uid });
    // The administrator viewing as the user finds the map under its new author, with the user's own.
    const byAuthor = await call<Array<{ id: string }>>('listMaps', null, admin, newEmail);
    expect(byAuthor.map((m) => m.id).sort()).toEqual([authored, own].sort());

    // Calling again changes nothing more.
    expect(await call('updateEmail', { newEmail, oldEmail: user.email }, { token: fresh })).toEqual({
      email: newEmail,
      mapsUpdated: 0,
    });
  });

  it('emails the previous address once: what changed, when, and what to do if it was not the owner', async () => {
    const user = await createUser();
    const newEmail = `moved-${randomUUID().slice(0, 8)}@example.com`;
    // The dialog asks first, which records the current, verified address on the profile.
    expect(await call('checkEmailFree', { email: newEmail }, user)).toBeNull();
    const since = Date.now();
    const fresh = await changeVerifiedEmail(user, newEmail);
    const changed = /^Your email address was changed - Mapnest$/;
    // Refused (not the address the token holds): nothing is recorded, so nothing is told.
    expect(
      (await rawCall('updateEmail', { newEmail: `other-${newEmail}`, oldEmail: user.email }, { token: fresh })).status,
    ).toBe(400);

    await call('updateEmail', { newEmail, oldEmail: user.email }, { token: fresh });
    const mail = await waitForMail(user.email, { since, subject: changed });
    expect(mail.text).toContain(
      `The email address of your Mapnest account was changed from ${user.email} to ${newEmail} on `,
    );
    expect(mail.text).toMatch(/ on \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC\./);
    expect(mail.text).toContain(`tell us at once at ${baseUrl()}/contact`);
    expect(mail.text).toContain(`${baseUrl()}/reset`);

    // A retry (the first answer lost) records nothing new and tells no one again; the new address is not told.
    expect(await call('updateEmail', { newEmail, oldEmail: user.email }, { token: fresh })).toMatchObject({
      email: newEmail,
    });
    await streamSettled();
    expect((await mailTo(user.email)).filter((m) => changed.test(m.subject))).toHaveLength(1);
    expect((await mailTo(newEmail)).filter((m) => changed.test(m.subject))).toEqual([]);
  });

  it("moves the account's Stripe customer to the new address, where Stripe's receipts and invoices go", async () => {
    const user = await createUser();
    // Opening Checkout makes the account's Stripe customer, with the address the account has then.
    const { url } = await call<{ url: string }>(
      'createCheckoutSession',
      { plan: 'basic', period: 'monthly', quantity: 1 },
      user,
    );
    const session = await stripeGet(`/v1/checkout/sessions/${new URL(url).pathname.split('/').pop()}`);
    const customerPath = `/v1/customers/${String(session.customer)}`;
    expect((await stripeGet(customerPath)).email).toBe(user.email);

    const newEmail = `moved-${randomUUID().slice(0, 8)}@example.com`;
    const fresh = await changeVerifiedEmail(user, newEmail);
    await call('updateEmail', { newEmail, oldEmail: user.email }, { token: fresh });
    expect((await stripeGet(customerPath)).email).toBe(newEmail);
  });
});
