/**
 * Moving a Mapplic site picked in several goes, in a real browser against the local stack: the export first, then
 * its shop images (one over the upload's 10 MB, one GIF), then the floor plan with an image picked a second time.
 * Every pick adds to the ones before; the images the upload refuses are named with why, and nothing is created until
 * the author chooses to go on without them. One the server itself refuses on Create is named the same way, the map
 * is still not created, and the next Create uploads only what was not uploaded yet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FILE_MAX_BYTES } from '@mapnest/shared/files';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { MapSummary, MapWithDocument } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { pngFile } from '../helpers/png';
import { call, createUser, type TestUser } from '../helpers/stack';

/** A real (tiny) PNG, as the server's thumbnails need one. */
const tinyPng = () => pngFile(2, 2, () => [200, 30, 60, 255]);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: tinyPng() });
/** A PNG over the upload's limit: the browser's check refuses it before anything is sent. */
const tooLarge = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.concat([tinyPng(), Buffer.alloc(FILE_MAX_BYTES)]),
});
const PLAN = {
  name: 'ground.svg',
  mimeType: 'image/svg+xml',
  buffer: readFileSync(join(__dirname, '../fixtures/mapplic/1f.svg')),
};
/** A legacy jQuery Mapplic export as its WordPress admin saved it: images by the old site's addresses. */
const EXPORT = {
  name: 'mall.json',
  mimeType: 'application/json',
  buffer: Buffer.from(
    JSON.stringify({
      mapwidth: '1000',
      mapheight: '800',
      sidebar: 'true',
      search: 'false',
      zoombuttons: 'false',
      levels: [
        {
          id: 'ground',
          title: 'Ground floor',
          map: 'wp-content/uploads/mapplic/ground.svg?v=2',
          locations: [
            { id: 'zara', title: 'Zara', x: '0.2', y: '0.3', thumbnail: 'images/zara.png' },
            { id: 'cafe', title: 'Cafe', x: '0.5', y: '0.3', thumbnail: 'images/cafe.png', img: 'images/logo.gif' },
            {
              id: 'bank',
              title: 'Bank',
              x: '0.8',
              y: '0.3',
              description: '<p>Open 9-5</p><img src="images/banner.png">',
            },
          ],
        },
      ],
    }),
  ),
};

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Mapplic Picker' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('a Mapplic site picked in several goes', () => {
  it('keeps every pick and lets the author go on without the images the upload refuses', async () => {
    const context = await newContext(browser, { width: 1280, height: 900 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    const before = (await call<MapSummary[]>('listMaps', {}, user)).length;
    await page.goto('/maps/new');
    await page.locator('input[name=title]').fill('Mall from Mapplic');
    await page.getByText('Import from Mapplic', { exact: true }).click();
    const input = '[data-testid=mapplic-site-files]';
    const picked = page.getByRole('list', { name: 'Picked files' }).getByRole('listitem');
    const refused = page.getByRole('group', { name: 'Images that cannot be uploaded' });

    await page.setInputFiles(input, [EXPORT]);
    await page.getByText('mall.json: 1 floor, 3 locations').waitFor();
    await page.setInputFiles(input, [
      png('zara.png'),
      png('cafe.png'),
      tooLarge('banner.png'),
      { name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a\x01\x00\x01\x00;') },
    ]);
    await refused.getByText('banner.png: The file is 10.1 MB, over the 10 MB upload limit').waitFor();
    await refused.getByText('logo.gif: Only SVG, PNG, JPG or WEBP images are allowed').waitFor();
    await page.setInputFiles(input, [PLAN, png('zara.png')]);
    await expect.poll(() => picked.count()).toBe(6);
    expect(await page.locator('[data-floor=ground]').textContent()).toContain('ground.svg (1000×800)');

    // Undecided, Create names the refused images and makes nothing.
    await page.getByRole('button', { name: 'Create map' }).click();
    await page
      .getByText(
        /^2 images cannot be uploaded: logo\.gif \(Only SVG, PNG, JPG or WEBP images are allowed\), banner\.png \(The file is 10\.1 MB, over the 10 MB upload limit\)/,
      )
      .waitFor();
    for (const box of await refused.getByRole('checkbox', { name: 'Import without it' }).all()) await box.check();

    // The server refuses cafe.png: still no map, and it joins the images to decide on.
    const posted: string[] = [];
    await page.route('**/*', async (route) => {
      const body =
        route.request().method() === 'POST' ? (route.request().postDataBuffer()?.toString('latin1') ?? '') : '';
      const name = /filename="([^"]+)"/.exec(body)?.[1];
      if (name) posted.push(name);
      if (name === 'cafe.png')
        return route.fulfill({ status: 403, body: '<Error><Message>Policy check failed</Message></Error>' });
      return route.continue();
    });
    await page.getByRole('button', { name: 'Create map' }).click();
    await refused
      .getByText('cafe.png: The upload was refused (403: Policy check failed).')
      .waitFor({ timeout: 30_000 });
    await page.getByText('Could not create the map.', { exact: false }).waitFor();
    expect((await call<MapSummary[]>('listMaps', {}, user)).length).toBe(before);
    expect(posted).toEqual(['ground.svg', 'zara.png', 'cafe.png']);

    await refused.getByRole('checkbox', { name: 'Import without it' }).nth(2).check();
    await page.getByRole('button', { name: 'Create map' }).click();
    await page.waitForURL((url) => /^\/maps\/(?!new$)[A-Za-z0-9]+$/.test(url.pathname), { timeout: 30_000 });
    expect(posted).toEqual(['ground.svg', 'zara.png', 'cafe.png']);
    const mapId = new URL(page.url()).pathname.split('/').pop()!;
    const saved = await call<MapWithDocument>('getMap', { id: mapId }, user);
    const doc = (await (await fetch(saved.documentUrl)).json()) as MapDocument;
    expect(doc.layers[0]!.file).toMatch(/^\/files\/.+-ground\.svg$/);
    expect(doc.locations.map((l) => [l.id, l.thumb ?? null, l.image ?? null, l.desc ?? null])).toEqual([
      ['zara', expect.stringMatching(/^\/files\/.+-zara\.png$/), null, null],
      ['cafe', null, null, null],
      ['bank', null, null, '<p>Open 9-5</p>'],
    ]);
    // The legacy display options came along.
    expect([doc.settings.directory.enabled, doc.settings.search.enabled, doc.settings.controls.zoomButtons]).toEqual([
      true,
      false,
      'off',
    ]);
    expect(errors.filter((e) => !/403|Forbidden/.test(e))).toEqual([]);
    await context.close();
  }, 120_000);
});
