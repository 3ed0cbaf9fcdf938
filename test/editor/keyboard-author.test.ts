/**
 * An author with a keyboard alone (or a screen reader) in a real browser: the map says what its keys do, the add
 * tool adds a location at the centre of the view on Enter (a cross marks the place) and says so, the arrow keys move
 * it, and deleting it from the inspector leaves focus in the locations list, not on the page's body; the last Undo keeps
 * focus on its button, and the panels' tabs are one Tab stop with the arrow keys between them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Keyboard Author' });
}, 60_000);
afterAll(async () => browser?.close());

const ADDED = 'Location added at the centre of the view. The arrow keys move it; Escape ends adding.';

async function savedDoc(id: string): Promise<MapDocument> {
  const data = await call<MapWithDocument>('getMap', { id }, user);
  return (await (await fetch(data.documentUrl)).json()) as MapDocument;
}

async function saveNow(page: Page) {
  await page.keyboard.press('Control+s');
  await expect.poll(() => page.locator('.save-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('saved');
}

/** Presses Tab until `done` holds for the focused element (at most `max` times). */
async function tabUntil(page: Page, done: string, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(`(el => ${done})(document.activeElement)`)) return;
  }
  throw new Error(`Tab never reached ${done}`);
}

describe('authoring with the keyboard alone', () => {
  it('adds a location at the centre of the view with Enter, moves it with the arrows, and keeps focus after Delete', async () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 800 });
    const id = await call<string>('createMap', { title: 'Keyboard author', mapData: doc }, user);
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    await page.goto(`/maps/${id}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    const rows = () => page.locator('.vlist__row').count();

    await tabUntil(page, "el.classList.contains('mn-viewport')");
    const help = await page.evaluate(
      () => document.getElementById(document.activeElement!.getAttribute('aria-describedby')!)?.textContent,
    );
    expect(help).toContain('With the add tool (A), Enter adds a location at the centre of the view');
    await page.keyboard.press('a');
    const addTool = page.getByRole('toolbar', { name: 'Tools' }).getByTitle('Add locations by clicking the map (A)');
    await expect.poll(() => addTool.getAttribute('aria-pressed')).toBe('true');
    // The cross marks where Enter adds, while the map has keyboard focus.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!, '::after').content)).toBe('""');

    await page.keyboard.press('Enter');
    await expect.poll(rows).toBe(1);
    const status = page.locator('.editor__canvas .mn-sr-only[role="status"]');
    await expect.poll(() => status.textContent()).toBe(ADDED);
    await saveNow(page);
    const added = (await savedDoc(id)).locations[0]!.coord!;
    // The map fits the view, so the view's centre is near the map's.
    expect(added.map((c) => Math.abs(c - 0.5) < 0.2)).toEqual([true, true]);

    // The new location is selected: the arrow keys on the map move it, 1 px a press.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('mn-viewport'))).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await saveNow(page);
    const moved = (await savedDoc(id)).locations[0]!.coord!;
    expect(moved[0] - added[0]).toBeCloseTo(3 / 1000, 6);
    expect(moved[1]).toBeCloseTo(added[1], 6);

    // A second one, then Delete in the inspector: focus stays with the locations, in their list.
    await page.keyboard.press('Enter');
    await expect.poll(rows).toBe(2);
    await tabUntil(page, "el.textContent === 'Delete'");
    await page.keyboard.press('Enter');
    await expect.poll(rows).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Locations');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox');
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('keeps focus on Undo after the last step, and moves between the panels’ tabs with the arrow keys', async () => {
    const id = await call<string>(
      'createMap',
      { title: 'Keyboard tabs', mapData: blankDocument({ mapWidth: 1000, mapHeight: 800 }) },
      user,
    );
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithTokens(page, user);
    await page.goto(`/maps/${id}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    const focused = (attribute: string) =>
      page.evaluate(
        (name) =>
          new Promise<string | null>((resolve) =>
            // After the render that follows a key press: Chromium blurs a disabled button when it next renders.
            requestAnimationFrame(() =>
              requestAnimationFrame(() => resolve(document.activeElement!.getAttribute(name))),
            ),
          ),
        attribute,
      );

    // One step to undo: a location added with the keyboard.
    await page.locator('.editor .mn-viewport').focus();
    await page.keyboard.press('a');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.vlist__row').count()).toBe(1);
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    await undo.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.vlist__row').count()).toBe(0);
    expect(await focused('aria-label')).toBe('Undo');
    expect(await undo.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focused('aria-label')).toBe('Redo');

    // The tabs: one Tab stop, the arrows, Home and End between them, each opening its panel.
    await page.getByRole('tab', { name: /^Locations/ }).focus();
    const path: (string | null)[] = [];
    for (const key of ['ArrowDown', 'ArrowDown', 'End', 'Home', 'ArrowUp']) {
      await page.keyboard.press(key);
      path.push(await focused('id'));
    }
    expect(path).toEqual(['layers', 'groups', 'analytics', 'locations', 'analytics'].map((t) => `editor-tab-${t}`));
    expect(await page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('editor-tab-analytics');
    await page.keyboard.press('Tab');
    expect(await focused('role')).not.toBe('tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused('id')).toBe('editor-tab-analytics');
    await page.keyboard.press('Shift+Tab');
    expect(await focused('role')).not.toBe('tab');
    await context.close();
  }, 120_000);
});
