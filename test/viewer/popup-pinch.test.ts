/**
 * A pinch on a location's popup, over the map on a tablet, does not zoom the page (in an iframe, the customer's own
 * page) under a visitor who meant the map: the popup leaves only scrolling to the browser. Its text still scrolls.
 * Pinches go through Chromium's own touch input (CDP), as a finger's do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { collectErrors, launchBrowser } from '../helpers/browser';
import { baseUrl } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Two fingers moving apart around (x, y), as a pinch to zoom in. */
async function pinchOut(page: Page, x: number, y: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const at = (t: number) =>
    [-1, 1].map((side, id) => ({ x: x + side * (20 + 60 * t), y, id, radiusX: 5, radiusY: 5, force: 1 }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let s = 1; s <= 10; s++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(s / 10) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('a pinch on a popup on a tablet', () => {
  it('leaves the page at its own scale', async () => {
    const context = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      isMobile: true,
      hasTouch: true,
      baseURL: baseUrl(),
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto('/m/demo');
    await page.locator('.mn-entry').filter({ hasText: 'Harrow & Finch' }).first().tap();
    const popup = page.locator('.mn-popup');
    await popup.waitFor();
    const box = (await popup.boundingBox())!;
    await pinchOut(page, box.x + box.width / 2, box.y + box.height / 2);
    // Whatever the browser does with a pinch happens within a frame or two of its end.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
