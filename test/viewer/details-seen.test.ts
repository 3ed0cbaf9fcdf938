/**
 * Viewer and embed details seen by a new user: a location spanning the plan (the demo's Harrow & Finch,
 * on both floors) opened from the directory shows its details inside the map; the demo page fills the window;
 * /m/{missing} settles; the
 * publish dialog's iframe snippet opens on ?location= in its src, logs nothing on the customer's page, and on a
 * phone leaves room for the map and its directory.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { iframeSnippet } from '../../web/src/features/editor/dialogs/embed-snippets';
import { collectErrors, launchBrowser, newContext, settledBox } from '../helpers/browser';
import { baseUrl } from '../helpers/stack';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** The popup's box and the map's box, on screen. */
async function boxes(page: Page) {
  const popup = await page.locator('.mn-popup').boundingBox();
  const map = await page.locator('.mn-viewport').boundingBox();
  if (!popup || !map) throw new Error('no popup or map');
  return { popup, map };
}

describe('a location spanning the plan, opened from the directory', () => {
  for (const [path, viewport] of [
    ['/m/demo', { width: 1366, height: 768 }],
    ['/m/demo', { width: 1280, height: 600 }],
    ['/demo', { width: 1366, height: 768 }],
  ] as const) {
    it(`shows its details inside the map (${path}, ${viewport.width}×${viewport.height}, either floor)`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(path);
      await page.waitForSelector('.mn-viewer .mn-marker-canvas', { timeout: 30_000 });
      for (const floor of ['Ground floor', 'First floor']) {
        await page.getByRole('button', { name: floor, exact: true }).first().click();
        await page.locator('.mn-directory').getByText('Harrow & Finch', { exact: true }).first().click();
        const popup = page.locator('.mn-popup');
        await popup.getByRole('heading', { name: 'Harrow & Finch' }).waitFor();
        // Once the camera has settled, the popup's top (its title) is inside the map's box.
        await settledBox(popup);
        const { popup: p, map } = await boxes(page);
        expect(p.y, `${floor}: popup top`).toBeGreaterThanOrEqual(map.y);
        expect(p.x).toBeGreaterThanOrEqual(map.x);
        expect(p.x + p.width).toBeLessThanOrEqual(map.x + map.width + 1);
        const heading = await popup.getByRole('heading', { name: 'Harrow & Finch' }).boundingBox();
        expect(heading!.y).toBeGreaterThanOrEqual(map.y);
        expect(heading!.y + heading!.height).toBeLessThanOrEqual(map.y + map.height);
        await page.keyboard.press('Escape');
      }
      expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
      await context.close();
    }, 90_000);
  }
});

describe('the demo page', () => {
  it('fills the window under the header on a desktop, with no blank band below the map', async () => {
    const context = await newContext(browser, { width: 1366, height: 768 });
    const page = await context.newPage();
    await page.goto('/demo');
    await page.waitForSelector('.mn-viewer .mn-marker-canvas', { timeout: 30_000 });
    const viewer = await page.locator('.mn-viewer').boundingBox();
    expect(viewer!.y + viewer!.height).toBeGreaterThanOrEqual(768 - 2);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(768 + 2);
    await context.close();
  }, 60_000);
});

describe('/m/{missing}', () => {
  it('settles: the not-found state shows and no request stays open', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const open = new Set<string>();
    page.on('request', (r) => void open.add(r.url()));
    page.on('requestfinished', (r) => void open.delete(r.url()));
    page.on('requestfailed', (r) => void open.delete(r.url()));
    await page.goto('/m/doesnotexist1', { waitUntil: 'networkidle', timeout: 15_000 });
    await expect.poll(() => page.getByRole('heading').textContent()).toBe('Map not found');
    expect([...open]).toEqual([]);
    await context.close();
  }, 60_000);
});

/** The customer's page, on a site of its own, with `snippet` in its body. */
async function customerPage(snippet: string): Promise<{ url: string; close: () => Promise<unknown> }> {
  const host = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Our shops</title></head><body><h1>Our shops</h1>${snippet}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(host.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => host.close(resolve)),
  };
}

describe('the iframe snippet on a customer’s page', () => {
  it('on a phone, leaves room for the map and the directory under it', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 664 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    const host = await customerPage(
      iframeSnippet(baseUrl(), 'demo', 'Riverside Centre', { width: 1600, height: 1000 }),
    );
    await page.goto(host.url);
    const frame = page.frameLocator('iframe');
    await frame.locator('.mn-entry').first().waitFor({ timeout: 30_000 });
    const box = (await page.locator('iframe').boundingBox())!;
    // The plan's shape alone gives 16:10 of the page's width (about 220 px): most of the window instead.
    expect(box.height).toBeGreaterThanOrEqual(0.8 * 664);
    expect(box.height).toBeLessThanOrEqual(664);
    // The map on top, and under it a list with room for more than one row (64 px each; 90 px with 400 px).
    const map = (await frame.locator('.mn-map').boundingBox())!;
    const list = (await frame.locator('.mn-list-scroller').boundingBox())!;
    expect(map.height).toBeGreaterThanOrEqual(280);
    expect(list.height).toBeGreaterThanOrEqual(140);
    await context.close();
    await host.close();
  }, 60_000);

  it('on a wide screen, stays within the window and leaves the wheel to the page when the map is at its widest', async () => {
    const context = await newContext(browser, { width: 1440, height: 900 });
    const page = await context.newPage();
    const host = await customerPage(
      `${iframeSnippet(baseUrl(), 'demo', 'Riverside Centre', { width: 1000, height: 800 })}<p style="height:1500px">Opening hours and parking</p>`,
    );
    await page.goto(host.url);
    const frame = page.frameLocator('iframe');
    await frame.locator('.mn-layer-svg').first().waitFor({ timeout: 30_000 });
    // The plan's 5:4 alone would make the frame 1,120 px tall in a 900 px window: the whole screen.
    const box = (await page.locator('iframe').boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(0.9 * 900 + 1);
    // The map shows the whole plan (it cannot zoom out): the wheel down over it scrolls the page on.
    expect(await frame.getByRole('button', { name: 'Zoom out' }).isDisabled()).toBe(true);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await context.close();
    await host.close();
  }, 60_000);

  it('opens on the location named in its src, and logs no warning on the page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (m) => void logged.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => void logged.push(`pageerror: ${e.message}`));
    const snippet = iframeSnippet(baseUrl(), 'demo', 'Riverside Centre', { width: 1600, height: 1000 }).replace(
      '/m/demo"',
      '/m/demo?location=voltage"',
    );
    expect(snippet).toContain(`src="${baseUrl()}/m/demo?location=voltage"`);
    const host = await customerPage(snippet);
    await page.goto(host.url);
    const frame = page.frameLocator('iframe');
    await frame.locator('.mn-popup').getByRole('heading', { name: 'Voltage' }).waitFor({ timeout: 30_000 });
    expect(logged.filter((l) => !l.includes('favicon'))).toEqual([]);
    await context.close();
    await host.close();
  }, 60_000);
});
