/**
 * A location's Hours, Phone and Email buttons on a phone: the list a button opens is shown, not left under the bottom
 * edge of the sheet's short scroll box, where a visitor who taps Hours sees nothing change
 * (`showInScrollBox`, web/src/viewer/details/details.ts). The demo's Harrow & Finch has a long description, a phone
 * number and opening hours. Each list is named by its button, for screen readers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { collectErrors, launchBrowser, settledBox } from '../helpers/browser';
import { baseUrl } from '../helpers/stack';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => browser?.close());

/** How far the last entry of the open list reaches below the bottom of the details' scroll box (<= 0: shown). */
function listOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const body = document.querySelector('.mn-details .mn-details-body');
    const last = document.querySelector('.mn-details .mn-details-extra:not([hidden]) li:last-child');
    if (!body || !last) return Infinity;
    return last.getBoundingClientRect().bottom - body.getBoundingClientRect().bottom;
  });
}

describe('a phone sheet’s contact buttons', () => {
  for (const [width, height] of [
    [390, 844],
    [360, 640],
  ] as const) {
    it(`shows the list Hours and Phone open inside the sheet (${width}×${height})`, async () => {
      const context = await browser.newContext({
        viewport: { width, height },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        baseURL: baseUrl(),
      });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto('/m/demo');
      await page.waitForSelector('.mn-viewer .mn-marker-canvas');
      await page.locator('.mn-directory').getByText('Harrow & Finch', { exact: true }).first().tap();
      const sheet = page.locator('.mn-details');
      await sheet.getByRole('heading', { name: 'Harrow & Finch' }).waitFor();
      await settledBox(sheet);
      // The sheet is a short box here: its content scrolls, so the lists open below what shows.
      expect(
        await page.evaluate(() => {
          const body = document.querySelector('.mn-details .mn-details-body')!;
          return body.scrollHeight > body.clientHeight;
        }),
      ).toBe(true);
      for (const name of ['Hours', 'Phone']) {
        await sheet.getByRole('button', { name, exact: true }).tap();
        await expect.poll(() => listOverflow(page), { interval: 100 }).toBeLessThanOrEqual(1);
        // The list is named by its button: a screen reader entering it hears what it lists.
        expect(await sheet.getByRole('list', { name, exact: true }).count()).toBe(1);
      }
      expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
