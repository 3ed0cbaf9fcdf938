/**
 * The public contact form cannot be used to flood the team: each sender address and each client IP gets a few
 * requests an hour (a counter item with a TTL, incremented atomically), and a filled honeypot is dropped silently.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { CONTACT_LIMITS } from '@mapnest/shared/contact';
import { baseUrl, rawCall } from '../helpers/stack';

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

describe('submitContact limits', () => {
  it('takes a few requests an hour from one sender address, then answers 429', async () => {
    const email = `flood-${randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < CONTACT_LIMITS.perEmailPerHour; i++)
      expect((await rawCall('submitContact', request(email))).status).toBe(200);
    const refused = await rawCall('submitContact', request(email.toUpperCase()));
    expect(refused.status).toBe(429);
    expect((refused.body as { error: { status: string } }).error.status).toBe('RESOURCE_EXHAUSTED');
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
