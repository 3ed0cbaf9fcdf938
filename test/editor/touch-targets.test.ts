/**
 * The editor on a touch tablet (iPad Air portrait, 820×1180, a touch screen): every control of the side panels a
 * finger uses is at least 24 px each way (WCAG 2.5.8), the reorder grips, the checkboxes' rows and the description
 * box's buttons among them, and the search shows no "/" key hint; the layout a mouse gets stays as dense as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { documentWith } from '../helpers/documents';
import { collectErrors, launchBrowser, signInWithTokens } from '../helpers/browser';
import { baseUrl, call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let user: TestUser;
let mapId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Tablet Author' });
  const doc = documentWith(3);
  doc.layers = [
    { id: 'ground', name: 'Ground floor', file: '/builtin/usa.svg' },
    { id: 'first', name: 'First floor', file: '/builtin/usa.svg' },
  ];
  doc.locations.forEach((l) => (l.layer = 'ground'));
  mapId = await call<string>('createMap', { title: 'Tablet map', mapData: doc }, user);
}, 60_000);
afterAll(async () => browser?.close());

/** The controls of the panels under 24 px either way, named with their size. */
function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.editor .drag-handle, .editor .check, .editor .rte__btn')]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.width < 24 || r.height < 24))
      .map(({ el, r }) => `${el.className} "${el.title || el.textContent!.trim()}" ${r.width}×${r.height}`),
  );
}

async function openEditor(touch: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: touch ? { width: 820, height: 1180 } : { width: 1366, height: 900 },
    isMobile: touch,
    hasTouch: touch,
    baseURL: baseUrl(),
  });
  const page = await context.newPage();
  await signInWithTokens(page, user);
  await page.goto(`/maps/${mapId}`);
  await page.waitForSelector('.editor .mn-layer-svg', { timeout: 30_000 });
  return page;
}

describe('the editor on a touch screen', () => {
  it('gives the grips, checkboxes and description buttons at least 24 px each way', async () => {
    const page = await openEditor(true);
    const errors = collectErrors(page);
    // A location picked in the list: its grip and its form (checkboxes, the description box) are on screen.
    await page.locator('.vlist__row[data-id="loc1"]').tap();
    await page.waitForSelector('.location-form .rte__btn');
    expect(await page.locator('.editor .drag-handle').count()).toBeGreaterThan(0);
    expect(await page.locator('.location-form .check').count()).toBeGreaterThan(0);
    expect(await smallControls(page)).toEqual([]);
    // No "/" hint in the search: a touch screen alone has no key to press.
    expect(await page.locator('.editor .search__hint').isVisible()).toBe(false);
    // The Layers tab: a grip and a "Shown first" choice per floor.
    await page.getByRole('tab', { name: /^Layers/ }).tap();
    await page.waitForSelector('.card-list .drag-handle');
    expect(await smallControls(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the dense grips a mouse gets', async () => {
    const page = await openEditor(false);
    await page.locator('.vlist__row[data-id="loc1"]').click();
    await page.waitForSelector('.location-form .rte__btn');
    expect((await page.locator('.vlist .drag-handle').first().boundingBox())!.width).toBe(18);
    expect(await page.locator('.editor .search__hint').isVisible()).toBe(true);
    await page.context().close();
  });
});
