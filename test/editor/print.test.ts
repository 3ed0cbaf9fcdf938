/**
 * Printing a map from the editor, in a real browser: Ctrl+P opens the print dialog (not the browser's printing of the
 * editor), a sheet per chosen floor with the floor's locations numbered and listed by group, the paper and orientation
 * chosen reach the printed pages, a long list goes on pages of its own, and on paper nothing of the editor shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import type { Browser, Locator, Page } from 'playwright-core';
import { blankDocument } from '@mapnest/shared/map-document';
import { collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Print Author' });
}, 60_000);
afterAll(async () => browser?.close());

/** The pages of a PDF and the size of the first, in points. */
function pdfPages(pdf: Buffer): { pages: number; size: [number, number] } {
  const text = pdf.toString('latin1');
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(text);
  return { pages: text.match(/\/Type\s*\/Page\b/g)?.length ?? 0, size: [Number(box?.[1]), Number(box?.[2])] };
}

/** What a phone's camera reads from an image (a data: URL) shown in the page: its pixels, decoded. */
async function scannedImage(page: Page, src: string): Promise<string | null> {
  const size = 400;
  const image = await page.evaluate(
    async ({ src, size }) => {
      const img = new Image(size, size);
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0, size, size);
      return Array.from(ctx.getImageData(0, 0, size, size).data);
    },
    { src, size },
  );
  return jsQR(Uint8ClampedArray.from(image), size, size)?.data ?? null;
}

/** What a phone's camera reads from a QR code drawn on the page as SVG. */
async function scanned(code: Locator): Promise<string | null> {
  const svg = await code.evaluate((el) => new XMLSerializer().serializeToString(el));
  return scannedImage(code.page(), `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
}

const printed = (page: Page) => page.pdf({ preferCSSPageSize: true, printBackground: true }).then(pdfPages);

describe('printing a map', () => {
  it('prints the chosen floors, numbered and listed, on the paper chosen, and nothing of the editor', async () => {
    const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor' });
    doc.layers.push({ id: 'first', name: 'First floor', file: '' }, { id: 'second', name: 'Second floor', file: '' });
    doc.groups = [
      { id: 'food', name: 'Food & Drink', color: '#c2410c' },
      { id: 'shops', name: 'Shops', color: '#be185d' },
    ];
    doc.locations = [
      { id: 'shoes', title: 'Shoe Box', coord: [0.3, 0.3], layer: 'ground', groups: ['shops'] },
      { id: 'cafe', title: 'Corner Café', coord: [0.6, 0.4], layer: 'ground', groups: ['food'] },
      { id: 'books', title: 'Bookworm', coord: [0.4, 0.7], layer: 'ground', groups: ['shops'] },
      { id: 'lift', title: 'Lift', coord: [0.5, 0.5], layer: null },
      ...Array.from({ length: 80 }, (_, i) => ({
        id: `stand-${i + 1}`,
        title: `Stand ${i + 1}`,
        coord: [0.1 + (i % 10) * 0.08, 0.1 + Math.floor(i / 10) * 0.1] as [number, number],
        layer: 'first',
      })),
      // Few enough to try beside the map, too long to fit there once their titles wrap.
      ...Array.from({ length: 40 }, (_, i) => ({
        id: `suite-${i + 1}`,
        title: `Suite ${i + 1}: ${'Meridian Partners, chartered accountants and tax advisers, '.repeat(2)}`,
        coord: [0.1 + (i % 10) * 0.08, 0.2 + Math.floor(i / 10) * 0.15] as [number, number],
        layer: 'second',
      })),
    ];
    const id = await call<string>('createMap', { title: 'Riverside Mall', mapData: doc }, user);
    // Published, so visitors can open it: the sheets carry a QR code to it.
    await call('publishMap', { id, version: 1 }, user);
    const context = await newContext(browser, { width: 1440, height: 900 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    await page.goto(`/maps/${id}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });

    await page.keyboard.press('Control+p');
    const dialog = page.getByRole('dialog', { name: 'Print' });
    await dialog.waitFor();
    const ground = dialog.getByRole('region', { name: 'Ground floor', exact: true });
    await ground.locator('.mn-viewport').waitFor();
    expect(await ground.locator('.print-list').innerText()).toMatch(
      /Food & Drink\s+1\s+Corner Café\s+Shops\s+2\s+Bookworm\s+3\s+Shoe Box\s+Other\s+4\s+Lift/,
    );
    // A phone's camera reads the sheet's QR code as the address of the live map.
    const url = new URL(`/m/${id}`, page.url()).href;
    expect(await scanned(ground.getByRole('img', { name: url }))).toBe(url);
    // The sheet's map has none of the visitor's controls: it is drawn for paper.
    expect(await ground.getByRole('button', { name: /zoom|reset|full screen|floor/i }).count()).toBe(0);

    // One floor on Letter landscape (the browser speaks American English here), then both floors on A4: the first
    // floor's 81 locations are too many to list beside its map, so they follow it on a page of their own.
    expect(await printed(page)).toEqual({ pages: 1, size: [792, 612] });
    await dialog.getByRole('checkbox', { name: 'First floor' }).check();
    await dialog.getByRole('radio', { name: 'A4' }).check();
    const first = dialog.getByRole('region', { name: 'First floor', exact: true });
    await first.locator('.mn-viewport').waitFor();
    expect(await first.locator('.print-list').count()).toBe(0);
    const list = dialog.getByRole('region', { name: 'First floor: list' });
    expect(await list.innerText()).toMatch(/1\s+Lift[\s\S]*81\s+Stand 80/);
    const a4 = await printed(page);
    expect(a4.pages).toBeGreaterThanOrEqual(3);
    expect(a4.size.map(Math.round)).toEqual([842, 595]);
    await dialog.getByRole('radio', { name: 'Portrait' }).check();
    expect((await printed(page)).size.map(Math.round)).toEqual([595, 842]);

    // A list short enough to try beside its map, but too long for it once its titles wrap, follows the map whole.
    await dialog.getByRole('checkbox', { name: 'Second floor' }).check();
    const second = dialog.getByRole('region', { name: 'Second floor: list' });
    await second.waitFor();
    expect(await dialog.getByRole('region', { name: 'Second floor', exact: true }).locator('.print-list').count()).toBe(
      0,
    );
    expect(await second.innerText()).toMatch(/1\s+Lift[\s\S]*41\s+Suite 40:/);
    await dialog.getByRole('checkbox', { name: 'Second floor' }).uncheck();

    // On paper, the sheets alone.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.editor__bar').isVisible()).toBe(false);
    expect(await dialog.getByRole('button', { name: 'Print…' }).isVisible()).toBe(false);
    expect(await ground.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Closed, the editor's page prints as a page again, and Ctrl+P opens the dialog once more.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.className)).not.toContain('mn-printing');
    await page.keyboard.press('Control+p');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The Publish dialog's QR code, downloaded as a PNG for a sign, reads as the same address.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const publish = page.getByRole('dialog', { name: 'Publish and embed' });
    await publish.getByText('QR code for signs and print').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      publish.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Riverside-Mall-QR-code.png');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const png = Buffer.concat(chunks);
    expect(await scannedImage(page, `data:image/png;base64,${png.toString('base64')}`)).toBe(url);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
