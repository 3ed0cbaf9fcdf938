/**
 * Ctrl+A on a map of hundreds of locations, in a real browser: every location in view is ringed, the first few
 * hundred by an element each and the rest on one canvas (selection-rings.ts). Before, the rings stopped at 300 in
 * the document's order: a select-all of 400 ringed the top 15 rows of 20 and looked like a part of the map selected.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { documentWith } from '../helpers/documents';
import { call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Rings Author' });
}, 60_000);
afterAll(async () => browser?.close());

it('rings every one of 400 locations selected with Ctrl+A, past the 300 drawn as elements', async () => {
  const mapId = await call<string>('createMap', { title: 'Site plan', mapData: documentWith(400) }, user);
  const context = await newContext(browser);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await signInWithTokens(page, user);
  await page.goto(`/maps/${mapId}`);
  await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
  await page.locator('.editor__canvas .mn-viewport').focus();
  await page.keyboard.press('Control+a');
  await expect.poll(() => page.locator('.vlist__row[aria-selected="true"]').count()).toBeGreaterThan(5);
  await expect
    .poll(async () => (await page.getByRole('status').allTextContents()).map((t) => t.trim()))
    .toContain('400 locations selected.');
  await expect.poll(() => page.locator('.mn-edit-ring').count()).toBe(300);
  await expect.poll(() => page.locator('.mn-edit-rings-more').getAttribute('data-count')).toBe('100');

  // The canvas's rings are painted in the ring's colour, below the last element ring (the grid's last rows).
  const painted = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.mn-edit-rings-more')!;
    const rings = [...document.querySelectorAll('.mn-edit-ring')].map((r) => r.getBoundingClientRect());
    const lowestRing = Math.max(...rings.map((r) => r.bottom));
    const box = canvas.getBoundingClientRect();
    const ratio = canvas.width / box.width;
    const px = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let below = 0;
    for (let i = 0; i < px.length; i += 4) {
      const close = Math.hypot(px[i]! - 0x43, px[i + 1]! - 0x38, px[i + 2]! - 0xca) < 40 && px[i + 3]! > 200;
      if (close && box.top + Math.floor(i / 4 / canvas.width) / ratio > lowestRing) below++;
    }
    return below;
  });
  expect(painted, 'no ring is painted below the element rings').toBeGreaterThan(100 * 20);

  // Escape clears the selection: no ring stays, on the canvas either.
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.mn-edit-ring').count()).toBe(0);
  expect(await page.locator('.mn-edit-rings-more').isHidden()).toBe(true);
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  await context.close();
}, 120_000);
