/**
 * Reordering the editor's lists in a real browser (Chromium) against the local stack: dragging a row of
 * the virtualised locations list (with the drop line, and scrolling the list near its edge), Alt+Arrow
 * keys, undo, saving the new order, and dragging a group card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, signInWithTokens, artifact } from '../helpers/browser';
import { call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Reorder Tester' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

function manyLocations(n: number): MapDocument {
  const doc = blankDocument();
  doc.groups = [
    { id: 'food', name: 'Food' },
    { id: 'shops', name: 'Shops' },
    { id: 'services', name: 'Services' },
  ];
  doc.locations = Array.from({ length: n }, (_, i) => ({
    id: `a${i}`,
    title: `Location ${i}`,
    coord: [((i % 20) + 0.5) / 20, (Math.floor(i / 20) + 0.5) / 20] as [number, number],
  }));
  return doc;
}

async function serverDoc(mapId: string): Promise<MapDocument> {
  const data = await call<MapWithDocument>('getMap', { id: mapId }, user);
  return (await (await fetch(data.documentUrl)).json()) as MapDocument;
}

const listOrder = (page: Page) =>
  page.locator('.vlist__row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));

async function saveNow(page: Page): Promise<void> {
  await page.keyboard.press('Control+s');
  await page.waitForFunction(
    () => document.querySelector('.save-status')?.getAttribute('data-status') === 'saved',
    null,
    { polling: 100, timeout: 15_000 },
  );
}

async function centre(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

describe('reordering in the editor', () => {
  it('drags locations and groups into place, scrolls the long list while dragging, and saves the order', async () => {
    const mapId = await call<string>('createMap', { title: 'Reorder test', mapData: manyLocations(400) }, user);
    // Tall enough to show all three group cards at once.
    const context = await newContext(browser, { width: 1440, height: 1900 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    await page.goto(`/maps/${mapId}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    await page.waitForSelector('.vlist__row[data-id="a0"]');
    // Only the rows in view are in the page, not 400.
    expect(await page.locator('.vlist__row').count()).toBeLessThan(60);

    // Drag Location 0 into the lower half of Location 3's row: it lands after it.
    const from = await centre(page, '.vlist__row[data-id="a0"] .drag-handle');
    const target = (await page.locator('.vlist__row[data-id="a3"]').boundingBox())!;
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, target.y + target.height * 0.8, { steps: 10 });
    const line = (await page.locator('.vlist__drop').boundingBox())!;
    expect(Math.abs(line.y + line.height / 2 - (target.y + target.height))).toBeLessThan(3);
    await artifact(page, { path: '.test-artifacts/editor-reorder-drag.png' });
    await page.mouse.up();
    expect((await listOrder(page)).slice(0, 5)).toEqual(['a1', 'a2', 'a3', 'a0', 'a4']);
    await expect
      .poll(() => page.getByTestId('reorder-announcer').textContent())
      .toContain('Moved “Location 0” to position 4 of 400.');

    // Held near the bottom edge, the list scrolls on and the row lands far below.
    const list = (await page.locator('.vlist').boundingBox())!;
    const h4 = await centre(page, '.vlist__row[data-id="a4"] .drag-handle');
    await page.mouse.move(h4.x, h4.y);
    await page.mouse.down();
    await page.mouse.move(h4.x, list.y + list.height - 6, { steps: 10 });
    await expect
      .poll(() => page.locator('.vlist').evaluate((el) => el.scrollTop), { timeout: 15_000 })
      .toBeGreaterThan(300);
    await page.mouse.up();
    await saveNow(page);
    expect((await serverDoc(mapId)).locations.findIndex((l) => l.id === 'a4')).toBeGreaterThan(20);

    // One undo takes back that whole drag.
    await page.keyboard.press('Control+z');
    await page.locator('.vlist').evaluate((el) => (el.scrollTop = 0));
    await expect.poll(async () => (await listOrder(page)).slice(0, 5)).toEqual(['a1', 'a2', 'a3', 'a0', 'a4']);

    // The keyboard: a click puts the list in focus, Alt+ArrowDown moves the location one place down.
    await page.locator('.vlist__row[data-id="a1"] .vlist__text').click();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(async () => (await listOrder(page)).slice(0, 3)).toEqual(['a2', 'a1', 'a3']);
    await expect
      .poll(() => page.getByTestId('reorder-announcer').textContent())
      .toContain('Moved “Location 1” to position 2 of 400.');

    // A group card dragged above the first one.
    await page.getByRole('tab', { name: /Groups/ }).click();
    const groups = page.getByRole('list', { name: 'Groups' });
    const services = (await groups.getByRole('listitem', { name: 'Services' }).locator('.drag-handle').boundingBox())!;
    const food = (await groups.getByRole('listitem', { name: 'Food' }).boundingBox())!;
    await page.mouse.move(services.x + services.width / 2, services.y + services.height / 2);
    await page.mouse.down();
    await page.mouse.move(services.x + services.width / 2, food.y + 20, { steps: 10 });
    expect(await groups.getByRole('listitem', { name: 'Food' }).getAttribute('data-drop')).toBe('before');
    await artifact(page, { path: '.test-artifacts/editor-reorder-groups.png' });
    await page.mouse.up();
    await expect
      .poll(() => groups.getByRole('listitem').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label'))))
      .toEqual(['Services', 'Food', 'Shops']);

    await saveNow(page);
    const saved = await serverDoc(mapId);
    expect(saved.locations.slice(0, 5).map((l) => l.id)).toEqual(['a2', 'a1', 'a3', 'a0', 'a4']);
    expect(saved.groups.map((g) => g.id)).toEqual(['services', 'food', 'shops']);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
