/**
 * The directory's texts as a visitor meets them in a real browser (the demo on a desktop, its 300 px sidebar): the
 * search field's placeholder is shown whole, and a category's heading says its count in words to screen readers
 * ("Fashion, 7 locations") while the bare number beside it is left to the eye.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { collectErrors, launchBrowser, newContext } from '../helpers/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => browser?.close());

/** Opens the demo on a desktop, its directory in the 300 px sidebar. */
async function open() {
  const context = await newContext(browser, { width: 1440, height: 900 });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/m/demo');
  await page.locator('.mn-directory input[type=search]').waitFor();
  return { page, errors };
}

describe('the directory in the desktop sidebar', () => {
  it('shows its search placeholder whole', async () => {
    const { page, errors } = await open();
    // The placeholder's width in the field's own font, against the room the field gives its text.
    const fit = await page.locator('.mn-directory input[type=search]').evaluate((el: HTMLInputElement) => {
      const cs = getComputedStyle(el, '::placeholder');
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const own = getComputedStyle(el);
      const room = el.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
      return { text: el.placeholder, width: ctx.measureText(el.placeholder).width, room };
    });
    expect(fit.text).toBe('Search shops, food and services');
    expect(fit.width, JSON.stringify(fit)).toBeLessThanOrEqual(fit.room);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('names each category’s count in words, showing the bare number as before', async () => {
    const { page, errors } = await open();
    const fashion = page.getByRole('heading', { name: 'Fashion, 7 locations', exact: true });
    await fashion.waitFor();
    const header = page.locator('.mn-list-header').filter({ has: fashion });
    expect(await header.innerText()).toMatch(/^Fashion\s+7$/i);
    expect(await header.locator('.mn-list-count').getAttribute('aria-hidden')).toBe('true');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
