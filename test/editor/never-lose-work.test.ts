/**
 * Never losing work, as a person edits: leaving the editor a moment after an edit (the ← button, the
 * browser's Back) saves first; Ctrl+S right after typing saves the typed text; Undo after a silent merge with
 * another tab's save takes back only this tab's edit (ADR 033); another tab's save never forgets this tab's unsaved
 * work kept in the browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, settled, settledBox, signInWithTokens } from '../helpers/browser';
import { call, createUser, rawCall, type TestUser } from '../helpers/stack';

let browser: Browser;
let user: TestUser;
let context: BrowserContext;
let page: Page;

async function serverDoc(mapId: string): Promise<{ doc: MapDocument; version: number }> {
  const data = await call<MapWithDocument>('getMap', { id: mapId }, user);
  const res = await fetch(data.documentUrl);
  return { doc: (await res.json()) as MapDocument, version: data.map.version };
}

async function openEditor(mapId: string): Promise<void> {
  await page.goto(`/maps/${mapId}`);
  await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
}

async function addByClick(fx: number): Promise<void> {
  await page.keyboard.press('a');
  const box = await page.locator('.editor__canvas .mn-viewport').boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * 0.5);
  await page.keyboard.press('Escape');
}

const status = () => page.locator('.save-status').getAttribute('data-status');

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Careful Author' });
  context = await newContext(browser);
  page = await context.newPage();
  await signInWithTokens(page, user);
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('leaving the editor and saving at once', () => {
  let mapId: string;

  it('← right after an edit saves it before the maps list shows', async () => {
    mapId = await call<string>('createMap', { title: 'Leave test' }, user);
    const errors = collectErrors(page);
    await openEditor(mapId);
    await addByClick(0.4);
    expect(await status()).toBe('unsaved');
    await page.getByRole('link', { name: 'Back to maps' }).click();
    await page.waitForURL((u) => u.pathname === '/maps', { timeout: 15_000 });
    const { doc } = await serverDoc(mapId);
    expect(doc.locations).toHaveLength(1);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 120_000);

  // The editor is a full-window workspace without the site header; the browser's Back is the other way out.
  it('the browser’s Back a second after an edit saves it too', async () => {
    // Into the editor from the maps list inside the app, so Back stays in the app too.
    await page.goto('/maps');
    await page.getByRole('article', { name: 'Leave test' }).getByText('Open', { exact: true }).click();
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    await addByClick(0.6);
    // The edit is in the editor and not saved yet (autosave waits a few seconds): Back now.
    await expect.poll(status).toBe('unsaved');
    await page.goBack();
    // Back changes the address at once and the editor puts it back until the map is saved: wait for the list.
    await page.getByRole('heading', { name: 'Maps', level: 1 }).waitFor({ timeout: 15_000 });
    await page.locator('.editor').waitFor({ state: 'detached' });
    const { doc } = await serverDoc(mapId);
    expect(doc.locations).toHaveLength(2);
  }, 120_000);

  it('asks before leaving when the edit cannot be saved (offline), and stays on Stay', async () => {
    await openEditor(mapId);
    await context.setOffline(true);
    try {
      await addByClick(0.5);
      await page.getByRole('link', { name: 'Back to maps' }).click();
      const dialog = page.getByRole('dialog', { name: 'Leave the editor?' });
      await dialog.waitFor({ timeout: 10_000 });
      expect(await dialog.innerText()).toContain('Changes you made may not be saved');
      await dialog.getByRole('button', { name: 'Stay' }).click();
      expect(new URL(page.url()).pathname).toBe(`/maps/${mapId}`);
      expect(await page.locator('.vlist__row').count()).toBe(3);
    } finally {
      await context.setOffline(false);
    }
    // Back online, the retry saves it.
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await serverDoc(mapId)).doc.locations.length, { timeout: 20_000 }).toBe(3);
  }, 120_000);

  it('says it is still saving when the save hangs, and leaves by itself once the map is saved', async () => {
    await openEditor(mapId);
    const held: Route[] = [];
    let holding = true;
    await page.route('**/api/fn/saveMap', (route) => (holding ? void held.push(route) : route.continue()));
    try {
      await addByClick(0.7);
      await page.getByRole('link', { name: 'Back to maps' }).click();
      // Before: nothing happened until the save ended (up to the call's 70 s timeout).
      const dialog = page.getByRole('dialog', { name: 'Leave the editor?' });
      await dialog.waitFor({ timeout: 10_000 });
      expect(await dialog.innerText()).toContain('Your changes are still being saved.');
      expect(held.length).toBeGreaterThan(0);
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await page.waitForURL((u) => u.pathname === '/maps', { timeout: 15_000 });
    } finally {
      holding = false;
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
      await page.unroute('**/api/fn/saveMap');
    }
    expect((await serverDoc(mapId)).doc.locations).toHaveLength(4);
  }, 120_000);

  it('Ctrl+S right after typing a title saves the typed title', async () => {
    await openEditor(mapId);
    await page.locator('.vlist__row').first().click();
    const title = page.locator('.location-form input[name=title]');
    await title.click();
    await title.press('Control+a');
    await page.keyboard.type('Bakery');
    await page.keyboard.press('Control+s');
    await page.waitForFunction(
      () => document.querySelector('.save-status')?.getAttribute('data-status') === 'saved',
      undefined,
      { timeout: 15_000 },
    );
    expect((await serverDoc(mapId)).doc.locations.map((l) => l.title)).toContain('Bakery');
    // The field keeps focus and its text; nothing is left unsaved.
    expect(await title.inputValue()).toBe('Bakery');
    await settled(page);
    expect(await status()).toBe('saved');
  }, 120_000);

  it('Publish right after typing saves the typed title first', async () => {
    // The map of the tests above (three locations, all saved).
    const id = mapId;
    await openEditor(id);
    await page.locator('.vlist__row').first().click();
    const title = page.locator('.location-form input[name=title]');
    await title.click();
    await title.press('Control+a');
    await page.keyboard.type('Florist');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    // Saved at once (well before autosave would), so the review the dialog shows is of what was typed.
    await expect
      .poll(async () => (await serverDoc(id)).doc.locations.map((l) => l.title), { timeout: 2000, interval: 200 })
      .toContain('Florist');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Florist').first().waitFor({ timeout: 10_000 });
    expect(await dialog.innerText()).not.toContain('not saved yet');
  }, 120_000);

  it('merges unsaved changes kept in this browser with a version saved since on another device', async () => {
    const id = await call<string>('createMap', { title: 'Backup merge' }, user);
    // Every save this browser sends for the map, so a failure says which requests left it.
    const saves: string[] = [];
    const onRequest = (r: Request) => {
      if (r.url().endsWith('/api/fn/saveMap') && r.postData()?.includes(id))
        saves.push(
          `baseVersion ${(JSON.parse(r.postData() ?? '{}') as { data?: { baseVersion?: number } }).data?.baseVersion}`,
        );
    };
    context.on('request', onRequest);
    await openEditor(id);
    await context.setOffline(true);

    // Another device saves version 2 with a location of its own after this editor opened version 1, and before
    // the edit below: whenever this browser's save of that edit reaches the server, it finds version 2 and is refused,
    // so the edit can only come back through the copy kept in this browser.
    const v1 = await serverDoc(id);
    expect(v1.version).toBe(1);
    const other = structuredClone(v1.doc);
    other.locations.push({ id: 'kiosk', title: 'Kiosk', coord: [0.8, 0.8] });
    other.settings.text.search = 'Find a shop';
    await call('saveMap', { id, baseVersion: v1.version, mapData: other }, user);

    // Offline: the edit stays in this browser only, and the tab is closed.
    await addByClick(0.3);
    await page.waitForFunction(
      () => ['offline', 'error'].includes(document.querySelector('.save-status')?.getAttribute('data-status') ?? ''),
      undefined,
      { timeout: 15_000 },
    );
    await page.close({ runBeforeUnload: false });
    await context.setOffline(false);
    expect((await serverDoc(id)).version, `saves sent: ${saves.join(', ')}`).toBe(2);

    page = await context.newPage();
    await openEditor(id);
    const banner = page.getByRole('alert').filter({ hasText: 'were kept in this browser' });
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.innerText()).toContain('Restoring merges them');
    await banner.getByRole('button', { name: 'Restore my changes' }).click();
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await serverDoc(id)).version, { timeout: 15_000 }).toBe(3);
    context.off('request', onRequest);
    const { doc } = await serverDoc(id);
    expect(doc.locations.map((l) => l.title).sort()).toEqual(['Kiosk', 'Location 1']);
    expect(doc.settings.text.search).toBe('Find a shop');

    // The base was read with getMapVersion: the owner's own kept versions only.
    const stranger = await createUser({ name: 'Stranger' });
    expect((await rawCall('getMapVersion', { id, version: 1 }, { token: stranger.token })).status).toBe(404);
    expect((await rawCall('getMapVersion', { id, version: 99 }, { token: user.token })).status).toBe(404);
    const kept = await call<{ version: number; documentUrl: string }>('getMapVersion', { id, version: 1 }, user);
    expect(((await (await fetch(kept.documentUrl)).json()) as MapDocument).locations).toEqual([]);
  }, 120_000);
});

describe('a save whose answers were lost', () => {
  it('is this tab’s own version once sent again: typing on after it neither conflicts nor says "another tab"', async () => {
    const { tabs, tab, errors, server } = await oneTab('Lost Answers', 'Lost answers');
    const statusIs = (s: string) =>
      tab.waitForFunction((s) => document.querySelector('.save-status')?.getAttribute('data-status') === s, s, {
        timeout: 20_000,
      });
    await addLocationAt(tab, 0.4);
    await tab.keyboard.press('Control+s');
    await statusIs('saved');
    const before = (await server()).version;

    // The next save and its retry (same save id) reach the server, which stores the save once; both answers are lost.
    let lost = 0;
    await tab.route('**/api/fn/saveMap', async (route) => {
      if (lost >= 2) return route.fallback();
      lost++;
      await route.fetch();
      await route.abort();
    });
    await tab.locator('.vlist__row').first().click();
    const title = tab.locator('.location-form input[name=title]');
    await title.click();
    await title.press('Control+a');
    await tab.keyboard.type('Bakery');
    await tab.keyboard.press('Control+s');
    await expect.poll(() => lost, { timeout: 15_000 }).toBe(2);
    await statusIs('offline');
    expect((await server()).version).toBe(before + 1);

    // The author types on in the same field and saves; the tab also looks for versions saved elsewhere.
    await tab.keyboard.type(' and cafe');
    await tab.keyboard.press('Control+s');
    await tab.evaluate(() => window.dispatchEvent(new Event('focus')));
    const settledStatus = await tab.waitForFunction(
      () => {
        const s = document.querySelector('.save-status')?.getAttribute('data-status');
        return s === 'saved' || s === 'conflict' ? s : null;
      },
      undefined,
      { timeout: 20_000 },
    );
    expect(await settledStatus.jsonValue()).toBe('saved');
    const now = await server();
    expect(now.version).toBe(before + 2);
    expect(now.doc.locations.map((l) => l.title)).toEqual(['Bakery and cafe']);
    expect(await tab.getByRole('dialog').count()).toBe(0);
    expect((await tab.locator('.editor__toast').allTextContents()).join(' ')).not.toContain('another tab');
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await tabs.close();
  }, 120_000);
});

/**
 * A fresh author's new map open in one tab, and `server()`, the version saved (another tab is the test itself, through
 * the API). A fresh author each time: a free account holds a few test maps only.
 */
async function oneTab(name: string, title: string) {
  const author = await createUser({ name });
  const tabs = await newContext(browser);
  const tab = await tabs.newPage();
  await signInWithTokens(tab, author);
  const id = await call<string>('createMap', { title }, author);
  const errors = collectErrors(tab);
  await tab.goto(`/maps/${id}`);
  await tab.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
  const server = async () => {
    const data = await call<MapWithDocument>('getMap', { id }, author);
    return { doc: (await (await fetch(data.documentUrl)).json()) as MapDocument, version: data.map.version };
  };
  return { author, tabs, tab, id, errors, server };
}

/** Adds a location with the Add tool where the canvas is clicked (`x`: a share of its width), then leaves the tool. */
async function addLocationAt(tab: Page, x: number): Promise<void> {
  await tab.keyboard.press('a');
  const box = await settledBox(tab.locator('.editor__canvas .mn-viewport'));
  await tab.mouse.click(box.x + box.width * x, box.y + box.height * 0.5);
  await tab.keyboard.press('Escape');
}

describe('undo after a merge with another tab', () => {
  it('Ctrl+Z after a silent merge takes back only this tab’s edit, and the next save keeps the other tab’s location', async () => {
    const { author, tabs, tab, id, errors, server } = await oneTab('Two Tabs', 'Undo after merge');

    // Another tab saves version 2 with a kiosk while this one, on version 1, adds a location of its own.
    const v1 = await server();
    const other = structuredClone(v1.doc);
    other.locations.push({ id: 'kiosk', title: 'Kiosk', coord: [0.8, 0.8] });
    await call('saveMap', { id, baseVersion: v1.version, mapData: other }, author);
    await addLocationAt(tab, 0.3);
    await tab.keyboard.press('Control+s');
    await expect
      .poll(async () => (await server()).doc.locations.map((l) => l.title).sort(), { timeout: 15_000 })
      .toEqual(['Kiosk', 'Location 1']);
    await tab.waitForFunction(() => document.querySelector('.save-status')?.getAttribute('data-status') === 'saved');

    // One Ctrl+Z: this tab's location goes; the kiosk, merged in from the other tab, stays and is saved so.
    const saved = (await server()).version;
    await tab.keyboard.press('Control+z');
    await tab.keyboard.press('Control+s');
    await expect.poll(async () => (await server()).version, { timeout: 15_000 }).toBe(saved + 1);
    expect((await server()).doc.locations.map((l) => l.title)).toEqual(['Kiosk']);
    expect(await tab.locator('.vlist__row').allInnerTexts()).toEqual([expect.stringContaining('Kiosk')]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await tabs.close();
  }, 120_000);

  it('Ctrl+Z leaves a location the other tab changed since, even back to where this tab first put it', async () => {
    const { author, tabs, tab, id, errors, server } = await oneTab('Changed Elsewhere', 'Changed elsewhere');
    const undo = tab.getByRole('button', { name: 'Undo', exact: true });
    const rows = () => tab.locator('.vlist__row').allInnerTexts();
    /** Adds a location where the canvas is clicked (a share of its width) and saves; answers the saved version. */
    const addAndSave = async (x: number) => {
      await addLocationAt(tab, x);
      await tab.keyboard.press('Control+s');
      await expect.poll(async () => (await server()).doc.locations.length, { timeout: 15_000 }).toBe(1);
      return server();
    };
    /** Another tab saves `change` of the latest version; this tab looks for it when it gets focus and merges it. */
    const otherTab = async (change: (doc: MapDocument) => void, shown: unknown[]) => {
      const latest = await server();
      const doc = structuredClone(latest.doc);
      change(doc);
      await call('saveMap', { id, baseVersion: latest.version, mapData: doc }, author);
      await tab.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect
        .poll(() => tab.locator('.editor__toast').textContent(), { timeout: 15_000 })
        .toMatch(`Version ${latest.version + 1} was saved in another tab or device`);
      expect(await rows()).toEqual(shown);
    };

    // This tab adds a location; the other tab removes it; this tab adds one again (the same id), elsewhere.
    const first = (await addAndSave(0.3)).doc.locations[0]!;
    await otherTab((doc) => void doc.locations.pop(), []);
    const second = (await addAndSave(0.6)).doc.locations[0]!;
    expect(second.id).toBe(first.id);
    expect(second.coord).not.toEqual(first.coord);
    expect(await undo.getAttribute('title')).toMatch(/^Undo Add location \(/);

    // The other tab moves it back to where this tab first put it: now it matches this tab's first add again.
    await otherTab((doc) => void (doc.locations[0]!.coord = first.coord), [expect.stringContaining(first.title!)]);

    // Neither add is this tab's alone to take back: Undo removes nothing and says why, once.
    expect(await undo.getAttribute('title')).toMatch(/^Undo \(/);
    await tab.keyboard.press('Control+z');
    await expect.poll(() => tab.locator('.editor__toast').textContent()).toMatch(/^Nothing left to undo/);
    expect(await rows()).toEqual([expect.stringContaining(first.title!)]);
    await expect.poll(() => undo.isDisabled()).toBe(true);
    expect((await server()).doc.locations).toEqual([{ ...second, coord: first.coord }]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await tabs.close();
  }, 120_000);
});

/** The backups in this browser's IndexedDB (mapnest-editor/backups): session and the titles of each record. */
function storedBackups(tab: Page): Promise<{ session: string; titles: string[] }[]> {
  return tab.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('mapnest-editor');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const all = req.result.transaction('backups').objectStore('backups').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { session?: string; doc: MapDocument }[]).map((r) => ({
                session: r.session ?? '',
                titles: r.doc.locations.map((l) => l.title ?? ''),
              })),
            );
        };
      }),
  );
}

describe('unsaved work of two tabs in one browser', () => {
  it('a save in another tab keeps this tab’s unsaved work, which is offered back once this tab is gone', async () => {
    const { tabs, tab: a, id, errors, server } = await oneTab('Two Tab Author', 'Two tabs offline');
    await addLocationAt(a, 0.5);
    await a.keyboard.press('Control+s');
    await expect.poll(async () => (await server()).doc.locations.length, { timeout: 15_000 }).toBe(1);

    // Tab A's saves fail at the network level: its rename stays in this browser only.
    await a.route('**/api/fn/saveMap', (r) => r.abort('internetdisconnected'));
    await a.locator('.vlist__row').first().click();
    const title = a.locator('.location-form input[name=title]');
    await title.click();
    await title.press('Control+a');
    await a.keyboard.type('A UNSAVED WORK');
    await a.keyboard.press('Control+s');
    await a.waitForFunction(
      () => ['offline', 'error'].includes(document.querySelector('.save-status')?.getAttribute('data-status') ?? ''),
      undefined,
      { timeout: 15_000 },
    );
    await expect
      .poll(async () => (await storedBackups(a)).flatMap((r) => r.titles), { timeout: 10_000 })
      .toContain('A UNSAVED WORK');

    // Tab B, in the same browser, adds a location and saves; A's work is not B's to forget.
    const b = await tabs.newPage();
    await b.goto(`/maps/${id}`);
    await b.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    const saved = (await server()).version;
    await addLocationAt(b, 0.2);
    await b.keyboard.press('Control+s');
    await expect.poll(async () => (await server()).version, { timeout: 15_000 }).toBe(saved + 1);
    await b.waitForFunction(() => document.querySelector('.save-status')?.getAttribute('data-status') === 'saved');
    // A is still open: B does not offer A's work as its own to restore.
    expect(await b.getByRole('alert').filter({ hasText: 'were kept in this browser' }).count()).toBe(0);
    expect((await storedBackups(b)).flatMap((r) => r.titles)).toContain('A UNSAVED WORK');
    expect(await a.locator('.save-status').getAttribute('data-status')).not.toBe('saved');

    // Tab A goes without a word (a crash, the browser killed); the map opened again offers its work back.
    await a.close({ runBeforeUnload: false });
    await b.close();
    const c = await tabs.newPage();
    await c.goto(`/maps/${id}`);
    const banner = c.getByRole('alert').filter({ hasText: 'were kept in this browser' });
    await banner.waitFor({ timeout: 15_000 });
    await banner.getByRole('button', { name: 'Restore my changes' }).click();
    await c.keyboard.press('Control+s');
    await expect
      .poll(async () => (await server()).doc.locations.map((l) => l.title), { timeout: 15_000 })
      .toContain('A UNSAVED WORK');
    expect((await server()).doc.locations).toHaveLength(2);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await tabs.close();
  }, 120_000);
});
