import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../helpers/accounts';
import { baseUrl, createUser, rawCall } from '../helpers/stack';

const message = {
  kind: 'contact',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  topic: 'sales',
  message: 'We need maps for 12 malls <b>soon</b>.',
};

async function mailsNaming(name: string): Promise<number> {
  const mails = (await (await fetch(`${baseUrl()}/_dev/mail.json?to=support@mapnest.local`)).json()) as Array<{
    subject: string;
  }>;
  return mails.filter((m) => m.subject.includes(name)).length;
}

async function storedNaming(name: string): Promise<number> {
  const out = await dynamo().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: '#type = :contact AND #request.#name = :name',
      ExpressionAttributeNames: { '#type': 'type', '#request': 'request', '#name': 'name' },
      ExpressionAttributeValues: { ':contact': 'contact', ':name': name },
      ConsistentRead: true,
    }),
  );
  return out.Items?.length ?? 0;
}

describe('submitContact', () => {
  it('accepts a message from a signed-out visitor and delivers it to the team inbox', async () => {
    const answer = await rawCall('submitContact', message);
    expect(answer.status).toBe(200);
    expect((answer.body as { data: { id: string } }).data.id).toMatch(/[0-9a-f-]{36}/);
    const mails = await (await fetch(`${baseUrl()}/_dev/mail.json?to=support@mapnest.local`)).json();
    const mail = mails.find((m: { subject: string }) => m.subject.includes('Grace Hopper'));
    expect(mail.subject).toBe('[Mapnest] Contact: Grace Hopper <grace@example.com>');
    expect(mail.text).toContain('Topic: Sales and pricing');
    // Author text is escaped in the HTML body.
    expect(mail.html).toContain('&lt;b&gt;soon&lt;/b&gt;');
  });

  it('accepts signed-in users too', async () => {
    const user = await createUser();
    expect((await rawCall('submitContact', { ...message, name: 'Signed In' }, { token: user.token })).status).toBe(200);
  });

  it('rejects an invalid request with the field at fault', async () => {
    const answer = await rawCall('submitContact', { ...message, email: 'not an email', extra: 1 });
    expect(answer.status).toBe(400);
    const error = (answer.body as { error: { details: { issues: Array<{ path: string }> } } }).error;
    expect(error.details.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['email']));
  });

  it('refuses mail posted to the dev mailbox from elsewhere than this machine is not testable here, but rejects malformed mail', async () => {
    const res = await fetch(`${baseUrl()}/_dev/mail`, { method: 'POST', body: '{"to":1}' });
    expect(res.status).toBe(400);
  });

  it("refuses another site's text/plain post, which a browser sends without a preflight, and stores and sends nothing", async () => {
    const name = `Cross Site ${randomUUID().slice(0, 8)}`;
    const body = JSON.stringify({ data: { ...message, name } });
    // What a page elsewhere can send from a visitor's browser without asking: a "simple" request.
    const refused = await rawCall('submitContact', undefined, {
      body,
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'Calls are sent as JSON, with the header "content-type: application/json".',
      },
    });
    // A JSON post from another site needs the browser to ask first, and the API allows no other origin.
    const preflight = await fetch(`${baseUrl()}/api/fn/submitContact`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // The app's own form, from its origin.
    const sent = await rawCall('submitContact', undefined, {
      body,
      headers: { origin: new URL(baseUrl()).origin, 'content-type': 'application/json; charset=utf-8' },
    });
    expect(sent.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await storedNaming(name)).toBe(1);
    expect(await mailsNaming(name)).toBe(1);
  });
});
