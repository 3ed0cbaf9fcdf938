/**
 * A location with no place on the map (no point, and no shape of its floor: a shop list imported before its rooms were
 * drawn) opened on a desktop, from the directory and from a link: its details show in the middle of the map, without
 * a pointer, where they had been laid out in a popup with nothing to anchor it and so stayed hidden.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifact, collectErrors, launchBrowser, newContext } from '../helpers/browser';
import { documentWith } from '../helpers/documents';
import { createPublishedMap, createUser } from '../helpers/stack';

let browser: Browser;
let mapId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const doc = documentWith(4, { title: 'Shop' });
  delete doc.locations[3]!.coord;
  doc.locations[3]!.title = 'Crêperie Bretonne';
  mapId = await createPublishedMap({ title: 'Unplaced', mapData: doc }, await createUser({ name: 'Unplaced' }));
}, 60_000);
afterAll(async () => browser?.close());

/** The popup's box when it shows, inside the map's viewport. */
async function popupInsideMap(page: Page, title: string) {
  const popup = page.locator('.mn-popup');
  await popup.getByRole('heading', { name: title }).waitFor();
  const box = (await popup.boundingBox())!;
  const map = (await page.locator('.mn-viewport').boundingBox())!;
  expect(box.width).toBeGreaterThan(100);
  expect(box.x).toBeGreaterThanOrEqual(map.x);
  expect(box.y).toBeGreaterThanOrEqual(map.y);
  expect(box.x + box.width).toBeLessThanOrEqual(map.x + map.width);
  expect(box.y + box.height).toBeLessThanOrEqual(map.y + map.height);
  // No pointer: it points at nothing.
  expect(await page.locator('.mn-popup-anchor').evaluate((a) => a.classList.contains('mn-popup-inside'))).toBe(true);
}

describe('a location with no place on the map, on a desktop', () => {
  it('shows its details in the middle of the map, opened from the directory or a link', async () => {
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`/m/${mapId}`);
    await page.locator('.mn-directory').getByText('Crêperie Bretonne', { exact: true }).click();
    await popupInsideMap(page, 'Crêperie Bretonne');
    await artifact(page, { path: '.test-artifacts/unplaced-location-desktop.png' });

    // Another location's popup points at it again.
    await page.locator('.mn-directory').getByText('Shop 1', { exact: true }).click();
    await page.locator('.mn-popup').getByRole('heading', { name: 'Shop 1' }).waitFor();
    expect(await page.locator('.mn-popup-anchor').evaluate((a) => a.classList.contains('mn-popup-inside'))).toBe(false);

    await page.goto(`/m/${mapId}?location=loc3`);
    await popupInsideMap(page, 'Crêperie Bretonne');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
