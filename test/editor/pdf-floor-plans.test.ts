/**
 * Floor plans from a PDF, in a real browser: an architect's set of plans, a page per level, given to a new blank map
 * becomes its floors (each page drawn into a PNG by PDF.js and uploaded), the first filling the blank floor; a PDF's
 * page replaces one floor's plan; a file that is no PDF is refused in words, changing nothing; a scanned plan (one
 * image, JPEG 2000) is drawn, not left blank. A plan image over the upload limit is uploaded as a smaller copy.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FILE_MAX_BYTES } from '@mapnest/shared/files';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, openFileMenuItem, signInWithTokens } from '../helpers/browser';
import { pdfFile, planPage, roomNumber, scannedPdf } from '../helpers/pdf';
import { pngFile } from '../helpers/png';
import { baseUrl, call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Plans Author' });
}, 60_000);
afterAll(async () => browser?.close());

async function savedDoc(id: string, owner = user): Promise<MapDocument> {
  const data = await call<MapWithDocument>('getMap', { id }, owner);
  return (await (await fetch(data.documentUrl)).json()) as MapDocument;
}

async function openEditor(id: string, owner = user): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await signInWithTokens(page, owner);
  await page.goto(`/maps/${id}`);
  return page;
}

/** The width and height of the PNG at `url` (its IHDR chunk), and its first bytes' signature. */
async function pngSize(url: string): Promise<{ width: number; height: number; png: boolean }> {
  const bytes = Buffer.from(await (await fetch(`${baseUrl()}${url}`)).arrayBuffer());
  return {
    png: bytes.subarray(1, 4).toString() === 'PNG',
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
  };
}

const plans = pdfFile([planPage('Ground floor', 4, 'G'), planPage('Level 1', 6, '1'), planPage('Level 2', 3, '2')]);

describe('floor plans from a PDF', () => {
  it('makes a new blank map’s floors of a PDF’s pages, when the author says so, at 4000 px across', async () => {
    const id = await call<string>('createMap', { title: 'Harbour Point', mapData: blankDocument() }, user);
    const page = await openEditor(id);
    const errors = collectErrors(page);
    const asked: string[] = [];
    page.on('dialog', (d) => void (asked.push(d.message()), d.accept()));
    const note = page.getByRole('note', { name: 'This floor has no plan yet' });
    await note.getByRole('button', { name: 'Upload a floor plan…' }).waitFor();
    expect(await note.locator('input[type=file]').getAttribute('accept')).toContain('.pdf');
    // Every notice shown, however briefly: each replaces the one before.
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { notices: string[] }).notices = []);
      new MutationObserver(() => {
        const text = document.querySelector('.editor__toast > span')?.textContent?.trim();
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await note.locator('input[type=file]').setInputFiles({
      name: 'Harbour Point plans.pdf',
      mimeType: 'application/pdf',
      buffer: plans,
    });
    await page
      .locator('.editor__toast', {
        hasText:
          'Added 3 floors from “Harbour Point plans.pdf” (4000×2827 px), and 13 locations at the rooms’ numbers.',
      })
      .waitFor({ timeout: 60_000 });
    expect(asked).toEqual([
      '“Harbour Point plans.pdf” has 3 pages. Add each page as a floor? (Cancel adds its first page only.)',
      'The plans show 13 room numbers with no location yet (G01, G02, G03, …). Add a location at each, titled by its number, to give each room its details?',
    ]);
    await expect.poll(() => note.count()).toBe(0);
    // Each page says which it is while it is read and sent; the floors come together at the end.
    const notices = await page.evaluate(() => (window as unknown as { notices: string[] }).notices);
    expect(notices).toEqual([
      'Reading page 1 of 3 of “Harbour Point plans.pdf”…',
      'Reading page 2 of 3 of “Harbour Point plans.pdf”…',
      'Reading page 3 of 3 of “Harbour Point plans.pdf”…',
      'Added 3 floors from “Harbour Point plans.pdf” (4000×2827 px), and 13 locations at the rooms’ numbers.',
    ]);
    // One undo step takes them all back, and the blank floor says so again; Redo brings them back.
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    expect(await undo.getAttribute('title')).toMatch(/^Undo Add floors from Harbour Point plans\.pdf /);
    await undo.click();
    await note.waitFor();
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => note.count()).toBe(0);
    await page.keyboard.press('Control+s');
    await expect
      .poll(() => page.locator('.save-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('saved');
    const doc = await savedDoc(id);
    // The blank floor took the first page; the others are floors after it, each named after its page's title (the
    // blank one too: it was still called as it was made).
    expect(doc.layers.map((l) => [l.id, l.name])).toEqual([
      ['layer-1', 'Ground floor'],
      ['layer-2', 'Level 1'],
      ['layer-3', 'Level 2'],
    ]);
    // A location at each room's number, on its floor, in the middle of its room: the first of the ground floor's 4
    // rooms across 802 points from 20 points in, 200 points tall from 20 points below the top of the 595.
    expect(doc.locations.map((l) => [l.id, l.layer])).toEqual([
      ...[0, 1, 2, 3].map((i) => [roomNumber('G', i), 'layer-1']),
      ...[0, 1, 2, 3, 4, 5].map((i) => [roomNumber('1', i), 'layer-2']),
      ...[0, 1, 2].map((i) => [roomNumber('2', i), 'layer-3']),
    ]);
    const [x, y] = doc.locations[0]!.coord!;
    expect(Math.abs(x - (20 + 802 / 8) / 842)).toBeLessThan(20 / 842);
    expect(Math.abs(y - (20 + 100) / 595)).toBeLessThan(30 / 595);
    expect(doc.locations[0]).toMatchObject({ title: 'G01', type: 'dot' });
    // A4 landscape (842×595 points) at 4000 px across, and the map takes that size.
    expect(doc.settings).toMatchObject({ mapWidth: 4000, mapHeight: 2827 });
    for (const layer of doc.layers) expect(await pngSize(layer.file)).toEqual({ png: true, width: 4000, height: 2827 });
    // The tenant list that follows names the rooms by their numbers: its Unit column is taken for the ids, and each
    // row gives its room's location a tenant, where it is.
    await openFileMenuItem(page, 'Import…');
    await page.setInputFiles('[data-testid=import-file]', {
      name: 'tenants.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Tenant,Unit\nBakery,G01\nFlorist,G02\nDeli,101\n'),
    });
    await page.getByRole('button', { name: /^Import 3 locations/ }).click();
    await page.keyboard.press('Control+s');
    await expect
      .poll(() => page.locator('.save-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('saved');
    const tenanted = await savedDoc(id);
    expect(tenanted.locations).toHaveLength(13);
    expect(tenanted.locations.slice(0, 2).map((l) => [l.id, l.title])).toEqual([
      ['G01', 'Bakery'],
      ['G02', 'Florist'],
    ]);
    expect(tenanted.locations[0]!.coord).toEqual(doc.locations[0]!.coord);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('replaces one floor’s plan with a PDF’s first page, and refuses a file that is no PDF or draws blank, changing nothing', async () => {
    const doc = blankDocument({ mapWidth: 4000, mapHeight: 2827 });
    doc.layers = [
      { id: 'ground', name: 'Ground floor', file: '/builtin/usa.svg' },
      { id: 'upper', name: 'Upper floor', file: '/builtin/usa.svg' },
    ];
    const id = await call<string>('createMap', { title: 'Two floors', mapData: doc }, user);
    const page = await openEditor(id);
    const errors = collectErrors(page);
    const asked: string[] = [];
    // The author declines the rooms' numbers: the plan alone is taken.
    page.on('dialog', (d) => void (asked.push(d.message()), d.dismiss()));
    await page.getByRole('tab', { name: /^Layers/ }).click();
    const upper = page.locator('.card-list > .card').nth(1);
    await upper.getByRole('button', { name: /Replace/ }).click();
    await page.setInputFiles('[data-testid=layer-file-input]', {
      name: 'upper.pdf',
      mimeType: 'application/pdf',
      buffer: pdfFile([planPage('Upper floor', 5, 'U'), planPage('Roof', 2)]),
    });
    await page
      .locator('.editor__toast', { hasText: 'Uploaded upper page 1.png (4000×2827 px).' })
      .waitFor({ timeout: 60_000 });
    await page.locator('.editor__toast', { hasText: 'Uploaded' }).getByRole('button').click();
    // One page for one floor: no floor asked for, nothing added, and no location when the author says no.
    expect(asked).toEqual([
      'The plan shows 5 room numbers with no location yet (U01, U02, U03, …). Add a location at each, titled by its number, to give each room its details?',
    ]);
    await page.keyboard.press('Control+s');
    await expect
      .poll(() => page.locator('.save-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('saved');
    const saved = await savedDoc(id);
    expect(saved.layers.map((l) => l.id)).toEqual(['ground', 'upper']);
    expect(saved.layers[0]!.file).toBe('/builtin/usa.svg');
    expect(saved.locations).toEqual([]);
    expect(await pngSize(saved.layers[1]!.file)).toEqual({ png: true, width: 4000, height: 2827 });
    // A file called .pdf that holds no PDF: said so, and the floors are as they were.
    await page.setInputFiles('[data-testid=layer-file-input]', {
      name: 'plans.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html>Not found</html>'),
    });
    await page
      .locator('.editor__toast', {
        hasText: '“plans.pdf” could not be read as a PDF. Export the plan as an SVG or PNG image instead.',
      })
      .waitFor({ timeout: 30_000 });
    expect((await savedDoc(id)).layers).toEqual(saved.layers);
    // A PDF whose page draws nothing (a scan in a compression the browser cannot read comes out so): said, not a
    // white floor.
    await page.setInputFiles('[data-testid=layer-file-input]', {
      name: 'blank.pdf',
      mimeType: 'application/pdf',
      buffer: pdfFile([{ width: 842, height: 595, content: '' }]),
    });
    await page
      .locator('.editor__toast', {
        hasText:
          'Page 1 of “blank.pdf” came out blank: it may be a scan this browser cannot read. Export the plan as an SVG or PNG image instead.',
      })
      .waitFor({ timeout: 30_000 });
    expect((await savedDoc(id)).layers).toEqual(saved.layers);
    await expect.poll(() => page.locator('.save-status').getAttribute('data-status')).toBe('saved');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  // A scanned plan: a copier or a scanner writes a page as one image, compressed as JPEG 2000, CCITT Group 4 (black
  // and white, as TIFF scans are) or JBIG2. PDF.js decodes those in its worker with decoders it reads from the site;
  // without them the page was drawn blank.
  const scans = [
    {
      compression: 'JPEG 2000',
      // 840×594 pixels of grey paper with black walls, an outline and four rooms along its top (opj_compress, 40:1).
      pdf: () => scannedPdf(readFileSync('test/fixtures/scans/plan.j2k'), { width: 840, height: 594 }, 'JPXDecode'),
      size: '4000×2827',
      decoder: 'openjpeg.wasm',
    },
    {
      compression: 'CCITT Group 4',
      // A 1-bit scan of 1680×1188 pixels, walls and rooms, made a TIFF by pnmtotiff -g4 and a PDF by tiff2pdf.
      pdf: () => readFileSync('test/fixtures/scans/plan-g4.pdf'),
      size: '4000×2829',
      decoder: 'jbig2.wasm',
    },
  ];
  describe('a scanned plan', () => {
    // A free account holds two maps: the two above are this file's author's.
    let surveyor: TestUser;
    beforeAll(async () => {
      surveyor = await createUser({ name: 'Scan Author' });
    });

    it.each(scans)(
      'is drawn from its $compression image, not left a blank page',
      async (scan) => {
        const id = await call<string>('createMap', { title: 'Old school', mapData: blankDocument() }, surveyor);
        const page = await openEditor(id, surveyor);
        const errors = collectErrors(page);
        const decoders: string[] = [];
        page.on(
          'response',
          (r) => /\/assets\/pdfjs-[^/]+\/wasm\//.test(r.url()) && decoders.push(`${r.status()} ${r.url()}`),
        );
        const note = page.getByRole('note', { name: 'This floor has no plan yet' });
        await note
          .locator('input[type=file]')
          .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: scan.pdf() });
        await page
          .locator('.editor__toast', { hasText: `Uploaded scan.png (${scan.size} px).` })
          .waitFor({ timeout: 60_000 });
        await page.keyboard.press('Control+s');
        await expect
          .poll(() => page.locator('.save-status').getAttribute('data-status'), { timeout: 15_000 })
          .toBe('saved');
        const [floor] = (await savedDoc(id, surveyor)).layers;
        // The share of the plan's pixels that are dark (its walls): none when the scan was drawn blank.
        const dark = await page.evaluate(async (url) => {
          const img = new Image();
          img.src = url;
          await img.decode();
          const canvas = Object.assign(document.createElement('canvas'), { width: 400, height: 283 });
          const context = canvas.getContext('2d')!;
          context.drawImage(img, 0, 0, canvas.width, canvas.height);
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
          let n = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) n++;
          return n / (canvas.width * canvas.height);
        }, floor!.file);
        expect(dark, 'the walls drawn').toBeGreaterThan(0.02);
        expect(decoders).toEqual([expect.stringMatching(new RegExp(`^200 .*/${scan.decoder.replace('.', '\\.')}$`))]);
        expect(errors).toEqual([]);
        await page.context().close();
      },
      120_000,
    );
  });
});

describe('a floor plan image over the upload limit', () => {
  // A scanner's PNG of a large plan is 20 MB and more: it was refused ("The file is 24 MB, over the 10 MB upload
  // limit"), and the author had to find a tool to make it smaller.
  it('is uploaded as a copy that fits, said so: as WebP, its pixels kept, where a PNG of it is over the limit', async () => {
    const owner = await createUser({ name: 'Scan Owner' });
    const id = await call<string>('createMap', { title: 'Depot', mapData: blankDocument() }, owner);
    const page = await openEditor(id, owner);
    const errors = collectErrors(page);
    // 2000×1900 pixels of noise, stored uncompressed: 14.5 MB, as incompressible as a scan's grain.
    let seed = 7;
    const noise = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) >>> 16) & 255;
    const scan = pngFile(2000, 1900, () => [noise(), noise(), noise(), 255], 0);
    expect(scan.length).toBeGreaterThan(FILE_MAX_BYTES);
    const note = page.getByRole('note', { name: 'This floor has no plan yet' });
    await note.locator('input[type=file]').setInputFiles({ name: 'depot.png', mimeType: 'image/png', buffer: scan });
    const toast = page.locator('.editor__toast', { hasText: /^Uploaded depot\.png/ });
    await toast.waitFor({ timeout: 60_000 });
    // A PNG of it is still over the limit (11 MB at 2000 px across); a WebP keeps its 2000 px (a quarter smaller each
    // time neither fits: fitted-image.test.tsx).
    expect((await toast.locator('> span').textContent())?.trim()).toMatch(
      /^Uploaded depot\.png \(2000×1900 px\)\. “depot\.png” is 14\.5 MB, over the 10 MB upload limit: a copy of 2000×1900 px \(WebP, \d+(\.\d)? MB\) was uploaded instead\.$/,
    );
    await page.keyboard.press('Control+s');
    await expect
      .poll(() => page.locator('.save-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('saved');
    const doc = await savedDoc(id, owner);
    expect(doc.layers).toHaveLength(1);
    const stored = Buffer.from(await (await fetch(`${baseUrl()}${doc.layers[0]!.file}`)).arrayBuffer());
    expect([stored.subarray(0, 4).toString(), stored.subarray(8, 12).toString()]).toEqual(['RIFF', 'WEBP']);
    expect(stored.length).toBeLessThanOrEqual(FILE_MAX_BYTES);
    expect(doc.layers[0]!.file).toMatch(/-depot\.webp$/);
    expect(doc.settings).toMatchObject({ mapWidth: 2000, mapHeight: 1900 });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
