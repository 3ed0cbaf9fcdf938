/**
 * The published viewer and the editor in Windows high contrast (forced colours, emulated): the system drops
 * backgrounds and shadows, so the chosen floor, a filter that is on, the open directory entry, the editor's tool in
 * use and its open side panel keep a mark of their own, in the system's highlight colour; a button at its limit is
 * drawn in the system's grey.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { documentWith } from '../helpers/documents';
import { collectErrors, launchBrowser, newContext, settled, signInWithTokens } from '../helpers/browser';
import { call, createUser } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * The colour painted a few pixels in from the left edge of a control, halfway down: its background, or its left
 * border. Read from the screen, since forced colours apply after the styles the page computes.
 */
async function paintedAt(page: Page, selector: string): Promise<string> {
  const png = await page.locator(selector).first().screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (Math.floor(info.height / 2) * info.width + 2) * 4;
  return `rgb(${data[i]}, ${data[i + 1]}, ${data[i + 2]})`;
}

/** The colour of a control's icon: the pixel of its middle furthest from its face (read at its left edge, as `paintedAt`). */
async function inkOf(page: Page, selector: string): Promise<string> {
  const png = await page.locator(selector).first().screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const face = (Math.floor(info.height / 2) * info.width + 2) * 4;
  const distance = (i: number) =>
    Math.abs(data[i]! - data[face]!) +
    Math.abs(data[i + 1]! - data[face + 1]!) +
    Math.abs(data[i + 2]! - data[face + 2]!);
  // The middle half of the control, clear of its edges and borders.
  let ink = face;
  for (let y = Math.floor(info.height / 4); y < (3 * info.height) / 4; y++)
    for (let x = Math.floor(info.width / 4); x < (3 * info.width) / 4; x++) {
      const i = (y * info.width + x) * 4;
      if (distance(i) > distance(ink)) ink = i;
    }
  return `rgb(${data[ink]}, ${data[ink + 1]}, ${data[ink + 2]})`;
}

describe('the viewer in forced colours', () => {
  it('marks the chosen floor, the open entry and a button at its limit apart from the others', async () => {
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto('/m/demo');
    await page.waitForSelector('.mn-floor[aria-pressed="true"]', { timeout: 30_000 });
    expect(await paintedAt(page, '.mn-floor[aria-pressed="true"]')).not.toBe(
      await paintedAt(page, '.mn-floor[aria-pressed="false"]'),
    );

    // A zoom button at its limit is aria-disabled, which the system does not grey by itself: Zoom out at the whole
    // view is drawn apart from itself once it can be used.
    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    expect(await zoomOut.getAttribute('aria-disabled')).toBe('true');
    const atLimit = await inkOf(page, '.mn-control[aria-label="Zoom out"]');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => zoomOut.getAttribute('aria-disabled')).toBe('false');
    await settled(page);
    expect(await inkOf(page, '.mn-control[aria-label="Zoom out"]')).not.toBe(atLimit);

    await page.locator('.mn-entry').first().click();
    await page.waitForSelector('.mn-entry[aria-current="true"]');
    expect(await paintedAt(page, '.mn-entry[aria-current="true"]')).not.toBe(
      await paintedAt(page, '.mn-entry:not([aria-current="true"])'),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the editor in forced colours', () => {
  it('marks the tool in use and the open side panel apart from the others', async () => {
    const user = await createUser({ name: 'Contrast Author' });
    const mapId = await call<string>('createMap', { title: 'Contrast map', mapData: documentWith(2) }, user);
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.emulateMedia({ forcedColors: 'active' });
    await signInWithTokens(page, user);
    await page.goto(`/maps/${mapId}`);
    await page.waitForSelector('.editor .tool.is-active', { timeout: 30_000 });
    expect(await paintedAt(page, '.editor .tool.is-active')).not.toBe(
      await paintedAt(page, '.editor .tool[aria-pressed="false"]'),
    );
    expect(await paintedAt(page, '.editor__tab.is-active')).not.toBe(
      await paintedAt(page, '.editor__tab:not(.is-active)'),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
