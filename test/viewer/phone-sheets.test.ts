/**
 * A phone's sheets (390×844 and 360×740) with directions and a location both open, on the demo map's own page: one
 * sheet shows at a time, and the front one's Close button is on screen and is what a tap at its centre hits (measured
 * with document.elementFromPoint), never covered by the other sheet. Directions asked from a location's sheet come in
 * front of it and closing them shows the location again, on its floor, though the route started on another; Back
 * closes the directions, then the location. A location opened while a route shows comes in front of the directions,
 * which show again when it closes (web/src/viewer/details/phone-sheets.ts, ADR 082); Forward to the directions' entry
 * after a Back draws the route its address names again (ADR 083). Screenshots go to .test-artifacts/phone-sheets.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import { artifact, collectErrors, launchBrowser, readText, settledBox } from '../helpers/browser';
import { tapLocationOn } from '../helpers/map-taps';
import { baseUrl } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/phone-sheets');
const SIZES = [
  [390, 844],
  [360, 740],
] as const;

let browser: Browser;
let doc: MapDocument;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  doc = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as { document: MapDocument }).document;
}, 60_000);
afterAll(async () => browser?.close());

async function open(
  url: string,
  width: number,
  height: number,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl(), hasTouch: true });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(url);
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
  return { context, page, errors };
}

/**
 * Whether the button `selector` names is whole on screen, once its sheet has settled, and is what the browser hits at
 * its centre (no other sheet over it).
 */
async function reachable(page: Page, selector: string): Promise<boolean> {
  const button = page.locator(selector);
  await settledBox(button);
  return button.evaluate((b) => {
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    const whole = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight;
    return whole && !!hit && (hit === b || b.contains(hit));
  });
}

const ENDS = ['north-entrance', 'nordic-knit'];
const LOCATION_CLOSE = '.mn-sheet .mn-details-close';
const DIRECTIONS_CLOSE = '.mn-dir-close';
const query = (page: Page) => new URL(page.url()).search;
const routeSaid = (page: Page) => readText(page.locator('.mn-dir-status'));
const sheetTitle = (page: Page) => page.locator('.mn-sheet').getByRole('heading').textContent();
const floorShown = (page: Page) =>
  page.getByRole('group', { name: 'Floors' }).locator('[aria-pressed="true"]').textContent();

describe.each(SIZES)('a phone’s sheets at %i×%i', (width, height) => {
  it('brings the directions asked from a location in front, each front sheet’s Close reachable, and back', async () => {
    const { context, page, errors } = await open('/m/demo', width, height);
    // Nordic Knit is upstairs; the route from the North entrance starts on the ground floor.
    await page.locator('.mn-entry').filter({ hasText: 'Nordic Knit' }).first().click();
    await expect.poll(() => sheetTitle(page)).toBe('Nordic Knit');
    expect(await reachable(page, LOCATION_CLOSE)).toBe(true);

    await page.locator('.mn-sheet').getByRole('button', { name: 'Directions' }).click();
    const from = page.getByRole('combobox', { name: 'From', exact: true });
    await from.waitFor();
    expect(await reachable(page, DIRECTIONS_CLOSE)).toBe(true);
    // The location's sheet waits behind, not under the directions with its Close out of reach.
    expect(await page.locator(LOCATION_CLOSE).isVisible()).toBe(false);
    await from.fill('North ent');
    await from.press('Enter');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect.poll(() => routeSaid(page)).toMatch(/^Route from North entrance to Nordic Knit: /);
    await expect.poll(() => page.locator('.mn-route-end circle').count(), { timeout: 15_000 }).toBe(2);
    expect(await reachable(page, DIRECTIONS_CLOSE)).toBe(true);
    await artifact(page, { path: path.join(ARTIFACTS, `directions-over-location-${width}x${height}.png`) });
    expect(query(page)).toBe('?location=nordic-knit&from=north-entrance&to=nordic-knit');

    // Closed: the location shows again, on its floor, its Close reachable; the route has left the address.
    await page.locator(DIRECTIONS_CLOSE).click();
    await expect.poll(() => sheetTitle(page)).toBe('Nordic Knit');
    expect(await reachable(page, LOCATION_CLOSE)).toBe(true);
    expect(await floorShown(page)).toBe('First floor');
    await expect.poll(() => query(page)).toBe('?location=nordic-knit');
    await artifact(page, { path: path.join(ARTIFACTS, `location-again-${width}x${height}.png`) });

    // Directions again, from the map's own control this time: to the location open, as its own button does (the
    // start kept, the route shows at once). Then Back: the directions close and the location shows; the next Back
    // closes it.
    await page.locator('.mn-directions-toggle').click();
    await expect.poll(() => reachable(page, DIRECTIONS_CLOSE)).toBe(true);
    await expect.poll(() => routeSaid(page)).toMatch(/^Route from North entrance to Nordic Knit: /);
    await page.goBack();
    await expect.poll(() => page.locator('.mn-directions-toggle').getAttribute('aria-expanded')).toBe('false');
    expect(await reachable(page, LOCATION_CLOSE)).toBe(true);
    await page.goBack();
    await expect.poll(() => page.locator('.mn-sheet').getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/m/demo');
    expect(query(page)).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts a location opened while a route shows in front, and the directions back when it closes', async () => {
    const { context, page, errors } = await open('/m/demo?from=north-entrance&to=nordic-knit', width, height);
    await expect.poll(() => routeSaid(page)).toMatch(/^Route from North entrance to Nordic Knit: /);
    // Once the route has played to its last floor (a place tapped while it plays stops it: the jsdom test).
    await expect.poll(() => page.locator('.mn-route-end circle').count(), { timeout: 15_000 }).toBe(2);
    const id = await tapLocationOn(page, doc, 'first', ENDS);
    const title = doc.locations.find((l) => l.id === id)!.title;
    await expect.poll(() => sheetTitle(page)).toBe(title);
    expect(await reachable(page, LOCATION_CLOSE)).toBe(true);
    expect(await page.locator(DIRECTIONS_CLOSE).isVisible()).toBe(false);
    await artifact(page, { path: path.join(ARTIFACTS, `location-over-route-${width}x${height}.png`) });

    await page.locator(LOCATION_CLOSE).click();
    await expect.poll(() => reachable(page, DIRECTIONS_CLOSE)).toBe(true);
    expect(await routeSaid(page)).toMatch(/^Route from North entrance to Nordic Knit: /);
    await expect.poll(() => query(page)).toBe('?from=north-entrance&to=nordic-knit');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Forward to the directions’ entry on a phone', () => {
  it('draws again the route its address names, the address and the map saying the same', async () => {
    const { context, page, errors } = await open('/m/demo', 390, 844);
    await page.locator('.mn-entry').filter({ hasText: 'Nordic Knit' }).first().click();
    await expect.poll(() => sheetTitle(page)).toBe('Nordic Knit');
    await page.locator('.mn-sheet').getByRole('button', { name: 'Directions' }).click();
    const from = page.getByRole('combobox', { name: 'From', exact: true });
    await from.fill('North ent');
    await from.press('Enter');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect.poll(() => page.locator('.mn-route-end circle').count(), { timeout: 15_000 }).toBe(2);
    const routed = '?location=nordic-knit&from=north-entrance&to=nordic-knit';
    expect(query(page)).toBe(routed);

    await page.goBack();
    await expect.poll(() => page.locator('.mn-directions-toggle').getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => query(page)).toBe('?location=nordic-knit');
    expect(await page.locator('.mn-route-end circle').count()).toBe(0);

    await page.goForward();
    await expect.poll(() => page.locator('.mn-directions-toggle').getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => routeSaid(page)).toMatch(/^Route from North entrance to Nordic Knit: /);
    await expect.poll(() => page.locator('.mn-route-end circle').count(), { timeout: 15_000 }).toBe(2);
    expect(await reachable(page, DIRECTIONS_CLOSE)).toBe(true);
    expect(query(page)).toBe(routed);
    await artifact(page, { path: path.join(ARTIFACTS, 'forward-to-directions-390x844.png') });

    // Back again closes them as the first time; the location shows.
    await page.goBack();
    await expect.poll(() => sheetTitle(page)).toBe('Nordic Knit');
    await expect.poll(() => query(page)).toBe('?location=nordic-knit');
    expect(errors).toEqual([]);
    await context.close();
  });
});
