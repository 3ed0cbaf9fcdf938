/**
 * Saves whose answers were lost and two tabs on one map, as a person works: a save committed without its answer is
 * this tab's own version once sent again; Undo after a silent merge with another tab's save takes back only this
 * tab's edit (ADR 033); another tab's save never forgets this tab's unsaved work kept in the browser (ADR 052).
 * Apart from ./never-lose-work.test.ts so the two files run side by side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, settledBox, signInWithTokens } from '../helpers/browser';
import { call, createUser } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

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

describe('a save whose answers were lost', () => {
  it('is this tab’s own version once sent again: typing on after it neither conflicts nor says "another tab"', async () => {
    const { tabs, tab, errors, server } = await oneTab('Lost Answers', 'Lost answers');
    const statusIs = (s: string) =>
      tab.waitForFunction((s) => document.querySelector('.save-status')?.getAttribute('data-status') === s, s, {
        polling: 100,
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
      { polling: 100, timeout: 20_000 },
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
    await tab.waitForFunction(
      () => document.querySelector('.save-status')?.getAttribute('data-status') === 'saved',
      null,
      { polling: 100 },
    );

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
    // What the page showed, in order (toasts, save status, Undo's title): the message of a failed check below, so a
    // failure says which change came when.
    await tab.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __journal: string[] }).__journal = seen;
      const note = () => {
        const now = [
          document.querySelector('.editor__toast')?.textContent ?? '',
          document.querySelector('.save-status')?.getAttribute('data-status') ?? '',
          document.querySelector('button[title^="Undo"]')?.getAttribute('title') ?? '',
        ].join(' | ');
        if (seen.at(-1) !== now) seen.push(now);
      };
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    /**
     * Waits for Undo's title to match: an edit made on the canvas renders in a transition (editor-context.ts), which a
     * busy machine can hold back a while after the save. If it never does, says what the page showed meanwhile.
     */
    const undoTitle = async (want: RegExp) => {
      try {
        await expect.poll(() => undo.getAttribute('title'), { timeout: 15_000 }).toMatch(want);
      } catch (err) {
        throw new Error(`${(err as Error).message}\n${await journal()}`);
      }
    };
    const journal = async () =>
      `what the page showed:\n${(await tab.evaluate(() => (window as unknown as { __journal: string[] }).__journal)).join('\n')}`;
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

    // This tab adds a location; the other tab removes it; this tab adds one again, elsewhere (under a new id: a new
    // location's id never repeats one deleted, ADR 117).
    const first = (await addAndSave(0.3)).doc.locations[0]!;
    await otherTab((doc) => void doc.locations.pop(), []);
    const second = (await addAndSave(0.6)).doc.locations[0]!;
    expect(second.id).not.toBe(first.id);
    expect(second.coord).not.toEqual(first.coord);
    await undoTitle(/^Undo Add location \(/);

    // The other tab moves it back to where this tab first put it: now it matches this tab's first add again.
    await otherTab((doc) => void (doc.locations[0]!.coord = first.coord), [expect.stringContaining(first.title!)]);

    // Neither add is this tab's alone to take back: Undo removes nothing and says why, once.
    await undoTitle(/^Undo \(/);
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

describe('renaming the map in two tabs', () => {
  it('shows a title changed in another tab at the next check, and renames nothing over it unsaid', async () => {
    const { author, tabs, tab, id, errors } = await oneTab('Two Renames', 'Riverside Mall');
    const field = tab.getByRole('textbox', { name: 'Map title' });
    const serverTitle = async () => (await call<MapWithDocument>('getMap', { id }, author)).map.title;

    // Another tab renames the map; no version is saved. This tab looks for changes when it gets focus (and every 15 s).
    await call('renameMap', { id, title: 'Riverside Mall 2027' }, author);
    await tab.evaluate(() => window.dispatchEvent(new Event('focus')));
    await tab.getByText('The map was renamed in another tab or device to “Riverside Mall 2027”').waitFor();
    expect(await field.inputValue()).toBe('Riverside Mall 2027');
    await expect.poll(() => tab.title()).toBe('Riverside Mall 2027 - Mapnest');

    // Renamed elsewhere again, then here before any check: this tab's rename does not replace it unsaid.
    await call('renameMap', { id, title: 'Riverside Mall 2028' }, author);
    await field.fill('Riverside Mall – Level 1');
    await field.press('Enter');
    await tab.getByText('so “Riverside Mall – Level 1” was not applied').waitFor();
    expect(await field.inputValue()).toBe('Riverside Mall 2028');
    expect(await serverTitle()).toBe('Riverside Mall 2028');

    // Asked again, knowing that title, the rename replaces it.
    await field.fill('Riverside Mall – Level 1');
    await field.press('Enter');
    await expect.poll(serverTitle, { timeout: 10_000 }).toBe('Riverside Mall – Level 1');
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await tabs.close();
  }, 120_000);
});

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
      { polling: 100, timeout: 15_000 },
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
    await b.waitForFunction(
      () => document.querySelector('.save-status')?.getAttribute('data-status') === 'saved',
      null,
      { polling: 100 },
    );
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
