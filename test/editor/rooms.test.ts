/**
 * Recognised SVG rooms in the editor, in a real browser against the local stack: outlined and named on
 * the canvas, offered in the locations list (and by a click) until they become locations, selected by a
 * click once linked, added at (not selected) with the add tool, and undone like any edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { collectErrors, launchBrowser, newContext, signInWithTokens, artifact } from '../helpers/browser';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { baseUrl, call, createUser, type TestUser } from '../helpers/stack';

const FLOOR_PLAN = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <rect id="background" width="800" height="600" fill="#f8fafc"/>
  <rect id="shop-a" x="40" y="40" width="220" height="180" fill="#e2e8f0" stroke="#94a3b8"/>
  <rect id="shop-b" x="300" y="40" width="220" height="180" fill="#e2e8f0" stroke="#94a3b8"/>
  <rect id="cafe" x="560" y="40" width="200" height="180" fill="#e2e8f0" stroke="#94a3b8"/>
  <rect x="40" y="300" width="720" height="60" fill="#fff" stroke="#cbd5e1"/>
</svg>`;

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Rooms Tester' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const room = (page: Page, id: string) => page.locator(`.editor__canvas [id="${id}"]`);
const roomClass = async (page: Page, id: string) => (await room(page, id).getAttribute('class')) ?? '';
const labels = (page: Page) => page.locator('.editor__canvas .mn-edit-room-label').allTextContents();
const count = (page: Page) => page.locator('#editor-tab-locations .editor__count').textContent();

async function clickRoom(page: Page, id: string, dx = 0.5, dy = 0.5): Promise<void> {
  const b = (await room(page, id).boundingBox())!;
  await page.mouse.click(b.x + b.width * dx, b.y + b.height * dy);
}

describe('recognised SVG rooms in the editor', () => {
  it('are outlined, named and listed; a click links, selects or adds; undo takes it back', async () => {
    const mapId = await call<string>('createMap', { title: 'Rooms test' }, user);
    const context = await newContext(browser, { width: 1366, height: 768 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    await page.goto(`/maps/${mapId}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    await page.getByRole('tab', { name: /Layers/ }).click();
    await page.setInputFiles('[data-testid=layer-file-input]', {
      name: 'Rooms.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(FLOOR_PLAN),
    });
    await page.waitForSelector('.editor__canvas .mn-layer-svg', { timeout: 20_000 });
    await page.getByRole('tab', { name: /Locations/ }).click();

    // Three rooms (the background is too big to be one), outlined as free and named on the canvas.
    await expect
      .poll(() => page.getByText('3 rooms on this floor have no location').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await roomClass(page, 'shop-b')).toContain('mn-edit-room-free');
    expect(await roomClass(page, 'background')).not.toContain('mn-edit-room');
    await expect.poll(() => labels(page)).toEqual(expect.arrayContaining(['Shop a', 'Shop b', 'Cafe']));

    // A click on a free room offers it; accepting links it as a location, listed and outlined as linked.
    await clickRoom(page, 'shop-b');
    await page.getByText('The room “Shop b” (shop-b) has no location.').waitFor();
    await page.getByRole('button', { name: 'Add as location' }).click();
    await expect.poll(() => page.locator('.vlist__row[data-id="shop-b"]').count()).toBe(1);
    await expect.poll(() => roomClass(page, 'shop-b')).toMatch(/\bmn-edit-room\b/);
    expect(await roomClass(page, 'shop-b')).not.toContain('mn-edit-room-free');
    await expect.poll(() => page.getByText('2 rooms on this floor have no location').count()).toBe(1);

    // A linked room selects its location when clicked, ringed around the room.
    await page.mouse.click(5, 400);
    await clickRoom(page, 'background', 0.5, 0.9);
    await expect.poll(() => page.locator('.vlist__row.is-selected').count()).toBe(0);
    await clickRoom(page, 'shop-b');
    await expect.poll(() => page.locator('.vlist__row.is-selected').getAttribute('data-id')).toBe('shop-b');
    await expect.poll(() => page.locator('.mn-edit-ring.mn-edit-ring-room').count()).toBe(1);

    // With the add tool a room is a place to add at: a linked room gets a new marker instead of being selected.
    await page.getByRole('button', { name: '+ Add location' }).click();
    await clickRoom(page, 'shop-b', 0.3, 0.3);
    await expect.poll(() => count(page)).toBe('2');
    const added = await page.locator('.vlist__row.is-selected').getAttribute('data-id');
    expect(added).not.toBe('shop-b');
    await clickRoom(page, 'cafe');
    await expect.poll(() => count(page)).toBe('3');
    expect(await roomClass(page, 'cafe')).toContain('mn-edit-room-free');
    await artifact(page, { path: '.test-artifacts/editor-rooms-1366x768.png' });

    // Undo takes back the two markers, then the link: shop B is offered again; redo links it again.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.locator('.editor__canvas .mn-viewport').focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => count(page)).toBe('2');
    await page.keyboard.press('Control+z');
    await expect.poll(() => count(page)).toBe('1');
    await page.keyboard.press('Control+z');
    await expect.poll(() => count(page)).toBe('0');
    await expect.poll(() => roomClass(page, 'shop-b')).toContain('mn-edit-room-free');
    await expect.poll(() => page.getByText('3 rooms on this floor have no location').count()).toBe(1);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => roomClass(page, 'shop-b')).not.toContain('mn-edit-room-free');

    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['a desktop', 1366, 768],
    ['a phone', 390, 844],
  ])(
    'on the demo shopping centre on %s: its shops are linked rooms, outlined and selected by a click',
    async (_, width, height) => {
      const demo = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as PublishedMap)
        .document as MapDocument;
      // A free account holds two test maps: each case has its own.
      const owner = await createUser({ name: 'Demo Rooms Tester' });
      const mapId = await call<string>('createMap', { title: 'Rooms of the demo', mapData: demo }, owner);
      const context = await newContext(browser, { width, height });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInWithTokens(page, owner);
      await page.goto(`/maps/${mapId}`);
      await page.waitForSelector('.editor__canvas .mn-layer-svg', { timeout: 30_000 });
      await expect.poll(() => roomClass(page, 'voltage'), { timeout: 10_000 }).toMatch(/\bmn-edit-room\b/);
      // The drawing names its shops itself, so the canvas adds no names of its own.
      expect(await labels(page)).toEqual([]);
      if (width > 820) {
        await clickRoom(page, 'voltage');
        await expect.poll(() => page.locator('.vlist__row.is-selected').getAttribute('data-id')).toBe('voltage');
        await expect.poll(() => page.locator('.mn-edit-ring.mn-edit-ring-room').count()).toBe(1);
      }
      await artifact(page, { path: `.test-artifacts/editor-demo-rooms-${width}x${height}.png` });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
