/**
 * The team's inbox: every request the contact form keeps is listed for administrators, newest first, with whether
 * the team was emailed about it, including those held back past the per-address limit (which no email announces).
 * Anyone else is refused.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Out } from '@mapnest/shared/calls';
import { CONTACT_LIMITS, CONTACT_REQUEST_GONE, type ContactInboxEntry } from '@mapnest/shared/contact';
import { collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@mapnest/shared/keys';
import { dynamo, tableName } from '../helpers/accounts';
import { adminUser, anotherAdmin, baseUrl, call, createUser, postFrom, rawCall } from '../helpers/stack';

let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
});

/** Sends the contact form's `data` from client address `source`, as the public route takes it. */
function submitFrom(data: Record<string, unknown>, source: string) {
  return postFrom(
    new URL('/api/fn/submitContact', baseUrl()),
    { 'content-type': 'application/json' },
    JSON.stringify({ data }),
    source,
  );
}

/** Every request in the inbox whose sender's name holds `tag`, walking its pages from the newest. */
async function inboxEntries(tag: string, admin: { token: string }): Promise<ContactInboxEntry[]> {
  const found: ContactInboxEntry[] = [];
  let before: string | undefined;
  for (let page = 0; page < 100; page++) {
    const answer = await call<Out<'listContactRequests'>>('listContactRequests', before ? { before } : {}, admin);
    found.push(...answer.requests.filter((r) => r.request.name.includes(tag)));
    if (!answer.more) return found;
    before = answer.more;
  }
  throw new Error('the inbox did not end within 100 pages');
}

describe("the team's inbox", () => {
  it('lists every kept request newest first, saying which the team was not emailed about', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `inbox-${tag}@example.com`;
    const network = `127.${randomInt(1, 255)}.${randomInt(0, 256)}`;
    // One more than are emailed for one address in an hour, each from a client address of its own.
    const sent = CONTACT_LIMITS.perEmailPerHour + 1;
    for (let i = 1; i <= sent; i++) {
      const answer = await submitFrom(
        { kind: 'contact', name: `Sender ${i} ${tag}`, email, topic: 'sales', message: `Question number ${i}.` },
        `${network}.${i}`,
      );
      expect(answer.status).toBe(200);
    }

    const entries = await inboxEntries(tag, await adminUser());
    expect(entries.map((e) => e.request.name)).toEqual(
      Array.from({ length: sent }, (_, i) => `Sender ${sent - i} ${tag}`),
    );
    expect(entries.map((e) => e.delivery)).toEqual(['held', ...Array<string>(sent - 1).fill('sent')]);
    expect(entries[0]).toMatchObject({
      uid: null,
      request: { kind: 'contact', email, topic: 'sales', message: `Question number ${sent}.` },
    });
    expect(entries[0]!.request).not.toHaveProperty('website');
  });

  it('is for administrators only', async () => {
    const user = await createUser({ name: 'Curious Customer' });
    const answer = await rawCall('listContactRequests', {}, { token: user.token });
    expect(answer.status).toBe(403);
    expect((await rawCall('listContactRequests', {})).status).toBe(401);
  });
});

/** Sends one request, tagged, from a client address of its own; answers its id. */
async function submitOne(tag: string): Promise<string> {
  const answer = await submitFrom(
    {
      kind: 'contact',
      name: `Marked ${tag}`,
      email: `marked-${tag}@example.com`,
      topic: 'support',
      message: 'Please call me back.',
    },
    `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
  );
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.text) as { data: { id: string } }).data.id;
}

describe("marks in the team's inbox", () => {
  it('marks a request read and answered, with who and when, and keeps both marks of two administrators at once', async () => {
    const tag = randomUUID().slice(0, 8);
    const id = await submitOne(tag);
    const [ann, ben] = await Promise.all([adminUser(), anotherAdmin()]);
    const before = await call<Out<'listContactRequests'>>('listContactRequests', {}, ann);
    expect(before.requests.find((r) => r.id === id)).toMatchObject({ read: null, answered: null });

    // Both at once: one marks it read, the other answered; neither loses the other's mark.
    const [, answered] = await Promise.all([
      call('markContactRequest', { id, read: true }, ann),
      call<ContactInboxEntry>('markContactRequest', { id, answered: true }, ben),
    ]);
    expect(answered.answered).toMatchObject({ by: ben.email });
    const [stored] = await inboxEntries(tag, ann);
    expect(stored!.answered).toMatchObject({ by: ben.email });
    expect(stored!.answered!.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect([ann.email, ben.email]).toContain(stored!.read!.by);

    // Read, it is out of the unread count (its sparse index keys gone); marked unread, it is counted again. Other
    // files' requests may arrive meanwhile, so the count is compared as at least.
    const unreadKey = async () =>
      (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.contactRequest(id) }))).Item?.gsi2pk;
    expect(await unreadKey()).toBeUndefined();
    const counted = (await call<Out<'listContactRequests'>>('listContactRequests', {}, ann)).unread;
    expect((await call<ContactInboxEntry>('markContactRequest', { id, read: false }, ben)).read).toBeNull();
    expect(await unreadKey()).toBe('CONTACTS#unread');
    const recounted = (await call<Out<'listContactRequests'>>('listContactRequests', {}, ann)).unread;
    expect(recounted).toBeGreaterThanOrEqual(counted + 1);
    await call('markContactRequest', { id, read: true }, ann);
    const again = await call<ContactInboxEntry>('markContactRequest', { id, read: true }, ben);
    expect(again.read).toMatchObject({ by: ann.email });
    expect(again.answered).toMatchObject({ by: ben.email });

    // Answered, it is left out of "Needs an answer"; not answered, it is back.
    const needing = async () => {
      const all: ContactInboxEntry[] = [];
      let page = await call<Out<'listContactRequests'>>('listContactRequests', { needsAnswer: true }, ann);
      all.push(...page.requests);
      while (page.more) {
        page = await call<Out<'listContactRequests'>>(
          'listContactRequests',
          { needsAnswer: true, before: page.more },
          ann,
        );
        all.push(...page.requests);
      }
      return all.map((r) => r.id);
    };
    expect(await needing()).not.toContain(id);
    await call('markContactRequest', { id, answered: false }, ann);
    expect(await needing()).toContain(id);
  });

  it('refuses a request the inbox does not hold, creating nothing, and is for administrators only', async () => {
    const admin = await adminUser();
    const unknown = randomUUID();
    const gone = await rawCall('markContactRequest', { id: unknown, read: true }, { token: admin.token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: { status: 'NOT_FOUND', message: CONTACT_REQUEST_GONE } });
    const item = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.contactRequest(unknown) }));
    expect(item.Item).toBeUndefined();

    const tag = randomUUID().slice(0, 8);
    const id = await submitOne(tag);
    const user = await createUser({ name: 'Curious Customer' });
    const refused = await rawCall('markContactRequest', { id, answered: true }, { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
    expect((await rawCall('markContactRequest', { id, answered: true })).status).toBe(401);
    const nothing = await rawCall('markContactRequest', { id }, { token: admin.token });
    expect(nothing.status).toBe(400);
    const [entry] = await inboxEntries(tag, admin);
    expect(entry).toMatchObject({ id, read: null, answered: null });
  });
});

describe("the team's inbox on a phone", () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);

  it('shows the requests within the screen, the Messages tab within reach', async () => {
    const tag = randomUUID().slice(0, 8);
    const answer = await submitFrom(
      {
        kind: 'estimate',
        name: `Campus Planner ${tag}`,
        email: `planner-${tag}@university.example`,
        company: 'Riverside University',
        projectType: 'wayfinding',
        mapCount: 12,
        deadline: 'quarter',
        budget: 'unsure',
        message: 'Step-free routes across twelve buildings, on kiosks and phones.',
      },
      `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
    );
    expect(answer.status).toBe(200);
    const phone = await newContext(browser!, { width: 390, height: 844 });
    const page = await phone.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, await adminUser());
    await page.goto('/maps#settings/Messages');
    const entry = page.locator('.team-inbox__entry', { hasText: `Campus Planner ${tag}` });
    await entry.waitFor({ timeout: 30_000 });
    expect(await entry.innerText()).toContain('Campus or venue wayfinding');
    // Four tabs are wider than a phone: their row scrolls, and the dialog and its entries keep to the screen.
    const dialog = (await page.locator('.settings-dialog').boundingBox())!;
    const card = (await entry.boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(dialog.x + dialog.width);
    expect(dialog.x + dialog.width).toBeLessThanOrEqual(390);
    await page.getByRole('tab', { name: 'Messages' }).scrollIntoViewIfNeeded();
    expect(await page.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await phone.close();
  }, 90_000);
});

describe('priority support', () => {
  it("marks a signed-in Professional customer's message priority, and names the account of anyone signed in", async () => {
    const tag = randomUUID().slice(0, 8);
    const admin = await adminUser();
    const pro = await createUser({ name: 'Pro Customer' });
    await call('setUserSlots', { uid: pro.uid, basic: 0, pro: 1 }, admin);
    const basic = await createUser({ name: 'Basic Customer' });
    const message = (who: string) => ({
      kind: 'contact',
      name: `${who} ${tag}`,
      email: `${who.toLowerCase()}-${tag}@example.com`,
      topic: 'support',
      message: 'Our kiosk map does not load this morning.',
    });
    await call('submitSupportRequest', message('Pro'), pro);
    await call('submitSupportRequest', message('Basic'), basic);
    // Signed out, it is refused before anything is kept: the form then sends submitContact.
    expect((await rawCall('submitSupportRequest', message('Nobody'))).status).toBe(401);

    const entries = await inboxEntries(tag, admin);
    expect(entries.map((e) => [e.request.name, e.uid, e.priority])).toEqual([
      [`Basic ${tag}`, basic.uid, false],
      [`Pro ${tag}`, pro.uid, true],
    ]);
    const mails = (await (await fetch(`${baseUrl()}/_dev/mail.json?to=support@mapnest.local`)).json()) as Array<{
      subject: string;
    }>;
    expect(mails.map((m) => m.subject).filter((subject) => subject.includes(tag))).toEqual(
      expect.arrayContaining([
        `[Mapnest] Priority support · Contact: Pro ${tag} <pro-${tag}@example.com>`,
        `[Mapnest] Contact: Basic ${tag} <basic-${tag}@example.com>`,
      ]),
    );
  });
});
