/**
 * A floor whose file cannot be loaded (the server answers 500 for a while), in a real browser on a phone (390×844,
 * touch) and a desktop: a readable notice over the map (not squeezed into the floor bar) with "Try again", which loads
 * the floor once the server is back; the floor's button stays, marked as not available; a location of that floor still
 * opens its details, saying that its floor plan could not be shown. Screenshots go to .test-artifacts/floor-failure.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import { artifact, collectErrors, launchBrowser } from '../helpers/browser';
import { baseUrl } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/floor-failure');
let browser: Browser;
let doc: MapDocument;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  doc = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as { document: MapDocument }).document;
}, 60_000);
afterAll(async () => browser?.close());

/**
 * Opens the demo with its second floor's file failing (500) until `back()`; `touch` for a phone. The first floor's
 * drawing is waited for.
 */
async function open(width: number, height: number, touch: boolean) {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl(), hasTouch: touch });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const floor = doc.layers[1]!;
  let failing = true;
  await page.route(`**/${path.basename(floor.file)}`, (route) =>
    failing ? route.fulfill({ status: 500, body: 'Internal Server Error' }) : route.continue(),
  );
  await page.goto('/m/demo');
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
  return { page, errors, floor, back: () => (failing = false) };
}

/** The notice's box, and whether it sits over the map (not in the floor bar). */
const notice = (page: Page) =>
  page.locator('.mn-layer-error').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const map = el.closest('.mn-map')!.getBoundingClientRect();
    return {
      width: r.width,
      height: r.height,
      inMap: r.left >= map.left && r.right <= map.right && r.top >= map.top && r.bottom <= map.bottom,
      inFloorBar: !!el.closest('.mn-floors'),
    };
  });

describe.each([
  [390, 844, true],
  [1280, 800, false],
] as const)('a floor that fails to load, at %i×%i', (width, height, touch) => {
  it('says so in a readable notice with Try again, keeps its button, and still opens its locations', async () => {
    const { page, errors, floor, back } = await open(width, height, touch);
    const floors = page.getByRole('group', { name: 'Floors' });
    const button = floors.getByRole('button', { name: floor.name });
    await (touch ? button.tap() : button.click());
    const alert = page.getByRole('alert').filter({ hasText: `The floor “${floor.name}” can’t be shown right now.` });
    await alert.waitFor();
    await artifact(page, { path: path.join(ARTIFACTS, `failed-${width}x${height}.png`) });
    // A notice laid out over the map, a few lines high, not a one-word-per-line column in the floor bar.
    const box = await notice(page);
    expect(box).toMatchObject({ inMap: true, inFloorBar: false });
    expect(box.width).toBeGreaterThanOrEqual(Math.min(300, width - 48));
    expect(box.height).toBeLessThan(200);
    // The floor's button stays (it can be tried again), pressed, and says it is not available.
    expect(await button.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(await button.textContent()).toContain('not available');

    // A location of that floor opens its details (text), saying that the floor plan could not be shown.
    const place = doc.locations.find((l) => l.layer === floor.id && l.title && l.action !== 'link')!;
    await page.locator('.mn-directory input[type=search]').fill(place.title!);
    const entry = page.locator('.mn-entry').filter({ hasText: place.title! }).first();
    await (touch ? entry.tap() : entry.click());
    const details = page.locator('.mn-details').filter({ hasText: place.title! });
    await details.waitFor();
    expect(await details.getByText('Its floor plan can’t be shown right now.').isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('location')).toBe(place.id);

    // The server is back: Try again loads the floor, and it is an ordinary floor again.
    back();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.mn-layer-svg').length >= 2, null, { polling: 100 });
    await expect.poll(() => alert.count()).toBe(0);
    expect(await page.locator('.mn-layer-error').isHidden()).toBe(true);
    // Its own name again (and, the search still set, how many it finds there).
    expect(await button.textContent()).toMatch(new RegExp(`^${floor.name}(\\d+, \\d+ found)?$`));
    await expect.poll(() => details.getByText('Its floor plan can’t be shown right now.').count()).toBe(0);
    expect(errors.filter((e) => !/500|Failed to load resource/.test(e))).toEqual([]);
    await page.context().close();
  });
});
