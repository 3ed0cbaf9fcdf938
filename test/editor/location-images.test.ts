/**
 * A location's image picked from the library, in a real browser against the local stack: a large photo is replaced by
 * a copy made for the web (WebP, at most 1600 px on its longer side), uploaded beside it, which is what visitors
 * download; a small one is used as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { baseUrl, call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Images Author' });
}, 60_000);
afterAll(async () => browser?.close());

async function savedDoc(id: string): Promise<MapDocument> {
  const data = await call<MapWithDocument>('getMap', { id }, user);
  return (await (await fetch(data.documentUrl)).json()) as MapDocument;
}

/** A photo as a camera gives it, saved as PNG: 2400 × 1600 px of smooth shades with a little grain, megabytes. */
async function photo(): Promise<Buffer> {
  const [width, height] = [2400, 1600];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0, i = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const grain = ((x * 7919 + y * 104729) % 7) - 3;
      pixels[i++] = 128 + 120 * Math.sin(x / 180) + grain;
      pixels[i++] = 128 + 120 * Math.sin(y / 140) + grain;
      pixels[i++] = 128 + 120 * Math.sin((x + y) / 260) + grain;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function pickFromLibrary(page: Page, file: { name: string; buffer: Buffer }) {
  await page.getByRole('button', { name: 'Choose from library…' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Choose a file' });
  await dialog.locator('input[type=file]').setInputFiles({ ...file, mimeType: 'image/png' });
  await dialog.getByTitle(`Use ${file.name}`).click({ timeout: 30_000 });
}

describe('a location’s image picked from the library', () => {
  it('is a copy made for the web when it is a large photo, and the file itself when it is small', async () => {
    const doc = blankDocument();
    doc.locations = [{ id: 'lot-1', title: 'Lot 1', coord: [0.5, 0.5] }];
    const mapId = await call<string>('createMap', { title: 'Lots', mapData: doc }, user);
    const context = await newContext(browser, { width: 1366, height: 900 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    await page.goto(`/maps/${mapId}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    await page.locator('.vlist__row[data-id="lot-1"]').click();

    const original = await photo();
    expect(original.length).toBeGreaterThan(1_000_000);
    await pickFromLibrary(page, { name: 'lot-1.png', buffer: original });
    await page
      .getByText(
        /^“lot-1\.png” is \d+(\.\d)? MB: visitors get a copy made for the web, \d+(\.\d)? KB at 1600 × 1067 px/,
      )
      .waitFor({ timeout: 30_000 });
    const image = page.getByRole('textbox', { name: 'Image' });
    await expect.poll(() => image.inputValue()).toMatch(/^\/files\/.+-lot-1-web\.webp$/);
    const copy = await fetch(`${baseUrl()}${await image.inputValue()}`);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await copy.arrayBuffer());
    expect(bytes.length).toBeLessThan(original.length / 4);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1067 });

    // Picked as the thumbnail, drawn at most 64 px in the directory: a copy 256 px on its longer side.
    await page.getByRole('button', { name: 'Choose from library…' }).nth(1).click();
    await page.getByRole('dialog', { name: 'Choose a file' }).getByTitle('Use lot-1.png').click();
    const thumb = page.getByRole('textbox', { name: 'Thumbnail' });
    await expect.poll(() => thumb.inputValue(), { timeout: 30_000 }).toMatch(/^\/files\/.+-lot-1-thumbnail\.webp$/);
    const small256 = Buffer.from(await (await fetch(`${baseUrl()}${await thumb.inputValue()}`)).arrayBuffer());
    expect(await sharp(small256).metadata()).toMatchObject({ format: 'webp', width: 256, height: 171 });

    // A small image is used as it is.
    const small = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    await pickFromLibrary(page, { name: 'small.png', buffer: small });
    await expect.poll(() => image.inputValue()).toMatch(/^\/files\/.+-small\.png$/);

    await page.keyboard.press('Control+s');
    await expect
      .poll(async () => (await savedDoc(mapId)).locations[0]!.image, { timeout: 15_000 })
      .toMatch(/small\.png$/);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
