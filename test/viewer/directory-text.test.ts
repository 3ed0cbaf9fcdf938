/**
 * The directory's texts as a visitor meets them in a real browser (the demo on a desktop, its 300 px sidebar): the
 * search field's placeholder is shown whole, and a category's heading says its count in words to screen readers
 * ("Fashion, 7 locations") while the bare number beside it is left to the eye. On a phone, upright and on its side,
 * and a desktop, every demo map's placeholder fits its field: whole, or cut after a whole word with an ellipsis; the
 * demo's is whole on a touch phone on its side and a touch tablet, whose filter button takes a 44 px target.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { collectErrors, launchBrowser, newContext } from '../helpers/browser';
import { baseUrl } from '../helpers/stack';

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

/**
 * The search placeholder's width in the field's own font, against the room the field gives its text (the clear
 * button takes none while the field is empty: viewer.css), and the field's accessible name.
 */
function placeholderFit(page: Page) {
  return page.locator('.mn-directory input[type=search]').evaluate((el: HTMLInputElement) => {
    const cs = getComputedStyle(el, '::placeholder');
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const own = getComputedStyle(el);
    const room = el.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
    return {
      text: el.placeholder,
      name: el.getAttribute('aria-label')!,
      width: ctx.measureText(el.placeholder).width,
      room,
    };
  });
}

/**
 * How far right the search field's text is drawn, in CSS pixels from the field's left edge (a screenshot at 1 device
 * pixel per CSS pixel): its last column with a pixel as dark as the placeholder's grey.
 */
async function inkRight(page: Page): Promise<number> {
  const png = await page.locator('.mn-directory input[type=search]').screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let right = -1;
  for (let y = 0; y < info.height; y++)
    for (let x = right + 1; x < info.width; x++) {
      const i = (y * info.width + x) * 4;
      if (data[i]! + data[i + 1]! + data[i + 2]! < 560) right = x;
    }
  return right + 1;
}

describe('the directory in the desktop sidebar', () => {
  it('shows its search placeholder whole', async () => {
    const { page, errors } = await open();
    const fit = await placeholderFit(page);
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

describe('the search placeholder on phones and a desktop', () => {
  const MAPS = ['demo', 'exampleretail', 'examplerealestate', 'examplegeographic'];

  it.each([
    [844, 390],
    [390, 844],
    [1280, 800],
  ])('fits its field at %i×%i on every demo map: whole, or ending after a whole word', async (width, height) => {
    const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl(), deviceScaleFactor: 1 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const cut: string[] = [];
    for (const id of MAPS) {
      await page.goto(`/m/${id}`);
      const input = page.locator('.mn-directory input[type=search]');
      await input.waitFor();
      // Fitted once the field has its size (a frame after it is shown).
      await expect.poll(async () => (await placeholderFit(page)).width <= (await placeholderFit(page)).room).toBe(true);
      const fit = await placeholderFit(page);
      const about = `${id} at ${width}×${height}: ${JSON.stringify(fit)}`;
      expect(fit.width, about).toBeLessThanOrEqual(fit.room);
      // Drawn to its end: the browser did not cut it shorter (it kept room for the clear button, say) with an
      // ellipsis of its own.
      expect(await inkRight(page), about).toBeGreaterThanOrEqual(fit.width - 4);
      if (fit.text !== fit.name) {
        cut.push(id);
        // Cut after a whole word of the hint, never inside one: what follows in the hint is a space or punctuation.
        expect(fit.text, about).toMatch(/\p{L}…$/u);
        const kept = fit.text.slice(0, -1);
        expect(fit.name.startsWith(kept), about).toBe(true);
        expect(fit.name.slice(kept.length), about).toMatch(/^[\s\p{P}]/u);
      }
      // The field's accessible name is the whole hint, however its placeholder is shown.
      expect(await page.getByRole('searchbox', { name: fit.name, exact: true }).count(), about).toBe(1);
    }
    // On a desktop's and a landscape phone's 300 px sidebar, the longest hint is cut; a portrait phone has room.
    expect(cut).toEqual(width === 390 ? [] : ['examplegeographic']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    [844, 390],
    [740, 360],
    [1024, 768],
  ])(
    'shows the demo’s placeholder whole on a touch screen at %i×%i, a pixel smaller where it needs to',
    async (width, height) => {
      const context = await browser.newContext({
        viewport: { width, height },
        baseURL: baseUrl(),
        deviceScaleFactor: 1,
        hasTouch: true,
        isMobile: true,
      });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto('/m/demo');
      await page.locator('.mn-directory input[type=search]').waitFor();
      await expect.poll(async () => (await placeholderFit(page)).text).toBe('Search shops, food and services');
      const fit = await placeholderFit(page);
      expect(fit.width, JSON.stringify(fit)).toBeLessThanOrEqual(fit.room);
      expect(await inkRight(page), JSON.stringify(fit)).toBeGreaterThanOrEqual(fit.width - 4);
      // Not under 12 px: still a hint that reads.
      const size = await page
        .locator('.mn-directory input[type=search]')
        .evaluate((el) => parseFloat(getComputedStyle(el, '::placeholder').fontSize));
      expect(size).toBeGreaterThanOrEqual(12);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
