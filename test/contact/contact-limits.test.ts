/**
 * The public contact form cannot be used to flood the team: each client IP gets a few requests an hour, and each
 * signed-in account as many whatever its network (a counter item with a TTL, incremented atomically), the team is emailed a few an hour per sender address (the rest are kept),
 * and a filled honeypot is dropped silently.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import type { Out } from '@mapnest/shared/calls';
import { CONTACT_LIMITS } from '@mapnest/shared/contact';
import { keys } from '@mapnest/shared/keys';
import { dynamo, tableName } from '../helpers/accounts';
import { baseUrl, postFrom, rawCall } from '../helpers/stack';

type SubmitContactOutput = Out<'submitContact'>;

const request = (email: string, name = 'Rate Tester') => ({
  kind: 'contact',
  name,
  email,
  topic: 'general',
  message: 'Hello, this is a message long enough.',
});

async function mailsTo(name: string): Promise<number> {
  const mails = (await (await fetch(`${baseUrl()}/_dev/mail.json?to=support@mapnest.local`)).json()) as Array<{
    subject: string;
  }>;
  return mails.filter((m) => m.subject.includes(name)).length;
}

async function storedRequest(id: string) {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.contactRequest(id), ConsistentRead: true }),
  );
  return out.Item;
}

describe('submitContact limits', () => {
  it("cannot be used to lock an address's owner out: past a few an hour naming one address, requests are kept but not emailed", async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `victim-${tag}@example.com`;
    const network = `127.${randomInt(1, 255)}.${randomInt(0, 256)}`;
    // Each from a client address of its own, so only the address typed in the form is shared.
    const submit = (source: string, name: string, address = email) =>
      postFrom(
        new URL('/api/fn/submitContact', baseUrl()),
        { 'content-type': 'application/json' },
        JSON.stringify({ data: request(address, name) }),
        source,
      ).then((answer) => ({ status: answer.status, body: JSON.parse(answer.text) as { data: SubmitContactOutput } }));
    for (let i = 1; i <= CONTACT_LIMITS.perEmailPerHour; i++) {
      const answer = await submit(`${network}.${i}`, `Stranger ${tag}`);
      expect(answer.status).toBe(200);
    }
    const owner = await submit(`${network}.200`, `Owner ${tag}`, email.toUpperCase());
    expect(owner.status).toBe(200);
    // Answered as every request is: the answer tells nobody that the address has written lately.
    expect(owner.body).toEqual({ data: { id: expect.any(String) } });
    expect(await storedRequest(owner.body.data.id)).toMatchObject({ request: { name: `Owner ${tag}` } });
    expect(await mailsTo(`Stranger ${tag}`)).toBe(CONTACT_LIMITS.perEmailPerHour);
    expect(await mailsTo(`Owner ${tag}`)).toBe(0);
  });

  it('takes a limited number of requests an hour from one client, whatever the addresses', async () => {
    Object.assign(process.env, inject('stackEnv'));
    const { submitContact } = await import('@mapnest/lambdas/domain/contact');
    const sourceIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const results = await Promise.allSettled(
      Array.from({ length: CONTACT_LIMITS.perClientPerHour + 5 }, (_, i) =>
        submitContact(
          {
            ...request(`c${i}-${randomUUID().slice(0, 6)}@example.com`),
            kind: 'contact',
            topic: 'general',
            website: undefined,
          },
          { uid: null, sourceIp },
        ),
      ),
    );
    // Parallel requests cannot overshoot: exactly the limit passes.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(CONTACT_LIMITS.perClientPerHour);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'resource-exhausted' });
    // It says when to try again (the Retry-After header): when the clock hour the requests were counted in ends.
    const wait = (refused.reason as { retryAfterMs?: number }).retryAfterMs;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3_600_000);
    // And its words say the same wait, in minutes.
    const minutes = Math.ceil(wait! / 60_000);
    // Others may share the network: the words do not say "you", and offer the way that is not counted by address.
    expect((refused.reason as Error).message).toBe(
      `Several messages were sent from your network in a short time. Please try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}, or log in and send it from your account.`,
    );

    // A customer signed in on that network is not stopped by it: signed in, requests count per account.
    const uid = `contact-limits-${randomUUID()}`;
    const signedIn = (i: number) =>
      submitContact(
        {
          ...request(`s${i}-${randomUUID().slice(0, 6)}@example.com`),
          kind: 'contact',
          topic: 'general',
          website: undefined,
        },
        { uid, sourceIp },
      );
    for (let i = 0; i < CONTACT_LIMITS.perAccountPerHour; i++) await expect(signedIn(i)).resolves.toBeTruthy();
    await expect(signedIn(CONTACT_LIMITS.perAccountPerHour)).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: expect.stringMatching(/^You have sent several messages in a short time\. Please try again in /),
    });
  });

  it('answers a filled honeypot like any request, but stores and sends nothing', async () => {
    const name = `Bot ${randomUUID().slice(0, 8)}`;
    const answer = await rawCall('submitContact', {
      ...request(`bot-${randomUUID().slice(0, 6)}@example.com`, name),
      website: 'https://spam.example',
    });
    expect(answer.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(name)).toBe(0);
  });
});
