import { describe, expect, it } from 'vitest';
import { baseUrl, createUser, rawCall } from '../helpers/stack';

const message = {
  kind: 'contact',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  topic: 'sales',
  message: 'We need maps for 12 malls <b>soon</b>.',
};

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
});
