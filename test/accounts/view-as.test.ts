/**
 * 'View as user' for administrators (issue 13): findUsers searches the user pool on the server (by id, or by the
 * start of an email address), for administrators only; in the browser the administrator finds a user by email,
 * sees "Viewing as …" with a way out and that user's maps and limits, and an unknown user is refused with a message.
 * What an administrator saves or restores in a user's map is recorded as the administrator's; stopping returns to the
 * administrator's own maps list. An administrator who opens a user's map without viewing as them is told whose it is.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { USER_MATCHES_SHOWN, type UserMatch } from '@mapnest/shared/accounts';
import { FREE_TEST_MAPS } from '@mapnest/shared/constants';
import type { SaveMapResult } from '@mapnest/shared/calls';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { launchBrowser, newContext, settled, signInWithTokens, artifact } from '../helpers/browser';
import { documentWith } from '../helpers/documents';
import { adminUser, call, createUser, rawCall, type TestUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/view-as');
const tag = randomUUID().slice(0, 8);
let admin: TestUser;
let author: TestUser;
let namesake: TestUser;
let authorMap: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [admin, author, namesake] = await Promise.all([
    adminUser(),
    createUser({ name: 'Viewed Author', email: `viewed-${tag}@example.com` }),
    createUser({ name: 'Other Author', email: `viewed-${tag}-other@example.com` }),
  ]);
  authorMap = await call<string>('createMap', { title: `Author map ${tag}` }, author);
}, 60_000);

describe('findUsers', () => {
  it('finds users by the start of their email address, in any case', async () => {
    const found = await call<UserMatch[]>('findUsers', { query: `VIEWED-${tag}` }, admin);
    expect(found.map((u) => u.uid).sort()).toEqual([author.uid, namesake.uid].sort());
    expect(found.find((u) => u.uid === author.uid)).toEqual({
      uid: author.uid,
      email: author.email,
      name: 'Viewed Author',
    });
  });

  it('finds users by the start of their name, as typed or in lower case, and answers one more when more match', async () => {
    const named = await createUser({ name: `Grace ${tag}` });
    for (const query of [`Grace ${tag}`, `grace ${tag}`])
      expect((await call<UserMatch[]>('findUsers', { query }, admin)).map((u) => u.uid)).toEqual([named.uid]);
    // Twelve users whose address starts alike: ten listed and an eleventh to say that more match.
    const many = `many-${tag}`;
    await Promise.all(Array.from({ length: 12 }, (_, i) => createUser({ email: `${many}-${i}@example.com` })));
    expect(await call<UserMatch[]>('findUsers', { query: many }, admin)).toHaveLength(USER_MATCHES_SHOWN + 1);
  });

  it('finds a user by id and answers nothing for an unknown one', async () => {
    expect(await call<UserMatch[]>('findUsers', { query: author.uid }, admin)).toEqual([
      { uid: author.uid, email: author.email, name: 'Viewed Author' },
    ]);
    expect(await call<UserMatch[]>('findUsers', { query: randomUUID() }, admin)).toEqual([]);
    expect(await call<UserMatch[]>('findUsers', { query: `nobody-${tag}@` }, admin)).toEqual([]);
  });

  it('refuses anyone but an administrator', async () => {
    expect((await rawCall('findUsers', { query: 'viewed-' }, { token: author.token })).status).toBe(403);
    expect((await rawCall('findUsers', { query: 'viewed-' })).status).toBe(401);
  });
});

describe('viewing as an email address', () => {
  it('acts for the user with that address: a map made as the address belongs to that user', async () => {
    const id = await call<string>('createMap', { title: `Made as ${tag}` }, admin, author.email.toUpperCase());
    const { map } = await call<{ map: { uid: string; author: string } }>('getMap', { id }, author);
    expect({ uid: map.uid, author: map.author }).toEqual({ uid: author.uid, author: author.uid });
    const listed = await call<{ id: string }[]>('listMaps', {}, admin, author.email);
    expect(listed.map((m) => m.id)).toContain(id);
    // The browser tests below count the author's own maps.
    await call('deleteMap', id, author);
  });

  it('refuses an address that names no user, and writes nothing', async () => {
    const answer = await rawCall(
      'createMap',
      { title: 'Nobody' },
      { token: admin.token, viewAs: `nobody-${tag}@example.com` },
    );
    expect(answer).toMatchObject({
      status: 404,
      body: { error: { status: 'NOT_FOUND', message: 'No user has this email address or id.' } },
    });
  });
});

describe('what an administrator changes as a user', () => {
  it('is recorded in the map’s history as the administrator’s, not as the owner’s own save or restore', async () => {
    const owner = await createUser({ name: 'History Owner' });
    const id = await call<string>('createMap', { title: `Attributed ${tag}`, mapData: documentWith(1) }, owner);
    const own = await call<SaveMapResult>('saveMap', { id, baseVersion: 1, mapData: documentWith(2) }, owner);
    expect(own.entry.kind).toBe('save');
    const byAdmin = await call<SaveMapResult>(
      'saveMap',
      { id, baseVersion: 2, mapData: documentWith(3) },
      admin,
      owner.uid,
    );
    expect(byAdmin.entry.kind).toBe('admin');
    await call('restoreMapHistory', { mapId: id, historyMapId: own.entry.historyMapId }, admin, owner.email);
    const { history } = await call<MapWithDocument>('getMap', { id }, owner);
    expect(history.map((h) => [h.version, h.kind, h.restoredFrom])).toEqual([
      [4, 'admin', own.entry.historyMapId],
      [3, 'admin', null],
      [2, 'save', null],
      [1, 'create', null],
    ]);
    // The owner's own restore is still theirs.
    await call('restoreMapHistory', { mapId: id, historyMapId: own.entry.historyMapId }, owner);
    expect((await call<MapWithDocument>('getMap', { id }, owner)).history[0]!.kind).toBe('restore');
  });
});

/**
 * The lines a banner takes on screen: its visible parts (the text shown and the Stop viewing button) in rows, each row
 * counted in lines of the banner's line height (a button a little taller than a line stands in one). `owner`: the
 * user's name or address it shows is whole on screen (not cut by an ellipsis); `overflow`: it is wider than the page.
 */
function shownLines(banner: Locator): Promise<{ lines: number; owner: boolean; overflow: boolean }> {
  return banner.evaluate((el) => {
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
    const shown = [...el.children].filter((c) => {
      const cs = getComputedStyle(c);
      return cs.display !== 'none' && cs.position !== 'absolute';
    });
    const boxes = shown.map((c) => c.getBoundingClientRect()).sort((a, b) => a.top - b.top);
    const rows: Array<{ top: number; bottom: number }> = [];
    for (const b of boxes) {
      const row = rows.at(-1);
      if (row && b.top < row.bottom - 1) row.bottom = Math.max(row.bottom, b.bottom);
      else rows.push({ top: b.top, bottom: b.bottom });
    }
    const lines = rows.reduce((n, r) => n + Math.max(1, Math.round((r.bottom - r.top) / lineHeight)), 0);
    const name = shown.map((c) => c.querySelector('strong')).find((s) => !!s);
    const line = name?.parentElement?.closest('span') ?? el;
    const owner = !!name && name.getBoundingClientRect().right <= line.getBoundingClientRect().right + 0.5;
    return { lines, owner, overflow: el.scrollWidth > el.clientWidth || el.getBoundingClientRect().right > innerWidth };
  });
}

/**
 * What a screen reader hears of a banner: its accessibility tree has the words, not the short lines for the eye
 * (aria-hidden), and those words are the banner's text without them.
 */
async function heard(banner: Locator): Promise<string> {
  const tree = await banner.ariaSnapshot();
  const text = await banner.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return copy.textContent ?? '';
  });
  for (const line of await banner.locator('[aria-hidden="true"]').allTextContents())
    if (tree.includes(line)) throw new Error(`a screen reader hears "${line}" too:\n${tree}`);
  if (!tree.includes('real.')) throw new Error(`a screen reader does not hear the banner:\n${tree}`);
  return text;
}

describe('View as user in the browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const dialog = () => page.getByRole('dialog', { name: 'Settings' });
  const banner = () => page.locator('.view-as-banner');
  const editingBanner = () => page.locator('.admin-edit-banner');

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInWithTokens(page, admin);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function openProfile() {
    await page.goto('/maps');
    await page.getByRole('heading', { name: 'Maps', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();
    await dialog().waitFor();
    await dialog().getByRole('tab', { name: 'Profile' }).click();
  }

  it('refuses an unknown user with a message', async () => {
    await openProfile();
    await dialog().getByLabel('View as user').fill(`nobody-${tag}@example.com`);
    await dialog().getByRole('button', { name: 'View', exact: true }).click();
    const alert = dialog().getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toBe('No user has this email address or id.');
    // The message stays: the lookup made while typing, answered later, does not take it away.
    await settled(page);
    expect(await alert.textContent()).toBe('No user has this email address or id.');
    expect(await banner().count()).toBe(0);
  }, 60_000);

  it('finds a user by the start of their email, shows whom and that user’s maps and limits, and stops', async () => {
    await dialog().getByLabel('View as user').fill(`viewed-${tag}`);
    const match = dialog().getByRole('button', { name: new RegExp(`^${author.email}`) });
    await match.waitFor();
    await dialog()
      .getByRole('button', { name: new RegExp(`^${namesake.email}`) })
      .waitFor();
    await artifact(page, { path: path.join(ARTIFACTS, 'search.png') });
    await Promise.all([page.waitForEvent('load'), match.click()]);
    await expect.poll(() => banner().textContent()).toContain(`Viewing as ${author.email}`);
    await page.goto('/maps');
    await page.getByRole('article', { name: `Author map ${tag}` }).waitFor();
    // The viewed user's limit (FREE_TEST_MAPS), not the administrator's 'no limit'.
    const slots = page.getByRole('region', { name: 'Map slots' });
    await expect.poll(() => slots.textContent()).toContain(`1 of ${FREE_TEST_MAPS} used`);
    expect(await slots.textContent()).not.toContain('no limit');
    await artifact(page, { path: path.join(ARTIFACTS, 'viewing.png') });
    // A link straight to one of the user's maps opens it, as them, saying that edits are real.
    await page.goto(`/maps/${authorMap}`);
    await page.getByRole('tab', { name: 'Analytics' }).waitFor();
    expect(await banner().textContent()).toContain('what you change in their maps is changed for real');
    // The View-as banner says it: the editor's own banner for an administrator in another user's map stays away.
    expect(await editingBanner().count()).toBe(0);
    // Stopping leaves the user's map for the administrator's own maps list, not the user's editor without a banner.
    await Promise.all([page.waitForEvent('load'), banner().getByRole('button', { name: 'Stop viewing' }).click()]);
    await page.getByRole('heading', { name: 'Maps', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/maps');
    expect(await banner().count()).toBe(0);
    expect(await page.getByRole('article', { name: `Author map ${tag}` }).count()).toBe(0);
  }, 90_000);

  it('tells an administrator who opens a user’s map directly whose it is and that changes are real', async () => {
    await page.goto(`/maps/${authorMap}`);
    await page.getByRole('tab', { name: 'Analytics' }).waitFor();
    await expect
      .poll(() => editingBanner().locator('.admin-banner__full').textContent())
      .toBe(
        `You are editing Viewed Author’s map (${author.email}) as an administrator: what you change is changed for real.`,
      );
    expect(await editingBanner().getAttribute('role')).toBe('status');
    expect(await banner().count()).toBe(0);
    // Over the editor, not in its way: the editor's bar is below it, whole.
    const notice = (await editingBanner().boundingBox())!;
    const bar = (await page.locator('.editor__bar').boundingBox())!;
    expect(bar.y).toBeGreaterThanOrEqual(notice.y + notice.height);
    await artifact(page, { path: path.join(ARTIFACTS, 'admin-editing.png') });
  }, 60_000);

  it('fits either banner in two lines on a phone (390 px), with whose map, that changes are real and Stop viewing', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/maps/${authorMap}`);
    await page.getByRole('tab', { name: 'Analytics' }).waitFor();
    const sentence = `You are editing Viewed Author’s map (${author.email}) as an administrator: what you change is changed for real.`;
    await expect.poll(() => editingBanner().getAttribute('class')).toBe('admin-edit-banner');
    expect(await shownLines(editingBanner())).toEqual({ lines: 2, owner: true, overflow: false });
    expect(await editingBanner().innerText()).toContain('Viewed Author’s map');
    expect(await editingBanner().innerText()).toContain('changes are real');
    // Screen readers still hear the whole sentence, once (the short lines are for the eye).
    expect(await heard(editingBanner())).toBe(sentence);
    await artifact(page, { path: path.join(ARTIFACTS, 'admin-editing-390.png') });

    // Viewing as the owner, as the Profile tab's field starts it (web/src/features/auth/view-as.ts).
    await page.evaluate(
      ({ id, label }) => {
        localStorage.setItem('mapnest.viewAs', id);
        localStorage.setItem('mapnest.viewAsLabel', label);
      },
      { id: author.uid, label: author.email },
    );
    await page.goto(`/maps/${authorMap}`);
    await page.getByRole('tab', { name: 'Analytics' }).waitFor();
    expect(await shownLines(banner())).toEqual({ lines: 2, owner: true, overflow: false });
    expect(await banner().innerText()).toContain('What you change is real.');
    const stop = banner().getByRole('button', { name: 'Stop viewing' });
    expect(await stop.isVisible()).toBe(true);
    expect(await heard(banner())).toBe(
      `Viewing as ${author.email}: what you change in their maps is changed for real.Stop viewing`,
    );
    await artifact(page, { path: path.join(ARTIFACTS, 'view-as-390.png') });
    await Promise.all([page.waitForEvent('load'), stop.click()]);
    expect(await banner().count()).toBe(0);
  }, 60_000);
});
