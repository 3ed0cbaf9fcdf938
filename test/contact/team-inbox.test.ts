/**
 * The team's inbox: every request the contact form keeps is listed for administrators, newest first, with whether
 * the team was emailed about it, including those held back past the per-address limit (which no email announces).
 * Anyone else is refused.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Out } from '@mapnest/shared/calls';
import { CONTACT_LIMITS, type ContactInboxEntry } from '@mapnest/shared/contact';
import { collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { adminUser, baseUrl, call, createUser, postFrom, rawCall } from '../helpers/stack';

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
