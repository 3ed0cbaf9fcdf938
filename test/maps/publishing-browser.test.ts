/**
 * Drafts and publishing in a real browser (ADR 018): a saved draft is not live, Publish shows what changes for
 * visitors and its checks, Restore shows a preview and its diff and asks first, Unpublish asks first, a missing floor
 * file blocks publishing, and the embed's text on a light primary colour is readable.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PublishedMap } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { documentWith } from '../helpers/documents';
import { baseUrl, call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let user: TestUser;
let context: BrowserContext;

async function published(id: string): Promise<PublishedMap> {
  return (await (await fetch(`${baseUrl()}/data/maps/${id}.json`)).json()) as PublishedMap;
}

async function openEditor(mapId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/maps/${mapId}`);
  await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
  return page;
}

const publication = (page: Page) => page.locator('.editor__bar .publication').getAttribute('data-publication');

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Publisher' });
  context = await newContext(browser);
  const page = await context.newPage();
  await signInWithTokens(page, user);
  await page.close();
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

// A free account holds 2 test maps: each test leaves none behind.
afterEach(async () => {
  for (const map of await call<Array<{ id: string }>>('listMaps', null, user)) await call('deleteMap', map.id, user);
});

describe('publishing in the editor', () => {
  it('keeps a saved draft off the live map, and Publish shows the summary and checks, then releases within 5 s', async () => {
    const id = await call<string>('createMap', { title: 'Shop plan', mapData: documentWith(2) }, user);
    await call('publishMap', { id, version: 1 }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(3) }, user);
    expect((await published(id)).document!.locations).toHaveLength(2);

    const page = await openEditor(id);
    const errors = collectErrors(page);
    expect(await publication(page)).toBe('changes');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish and embed' });
    await dialog.getByText('1 location added').waitFor();
    expect(await dialog.locator('[data-change="added"]').textContent()).toContain('Location 2');
    // The checks ran: nothing blocks (the default blue only warns that its text is adapted).
    await dialog.locator('.publish-checks').waitFor();
    expect(await dialog.locator('[data-severity="blocking"]').count()).toBe(0);
    const clicked = Date.now();
    await dialog.getByRole('button', { name: 'Publish changes' }).click();
    for (;;) {
      if ((await published(id)).document?.locations.length === 3) break;
      expect(Date.now() - clicked).toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.waitForFunction(
      () => document.querySelector('.editor__bar .publication')?.getAttribute('data-publication') === 'published',
      null,
      { polling: 100 },
    );
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('previews a version, shows what a restore changes, asks first, and restores into the draft only', async () => {
    const id = await call<string>('createMap', { title: 'Restore plan', mapData: documentWith(4) }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(6) }, user);
    await call('publishMap', { id, version: 2 }, user);
    const page = await openEditor(id);
    await page.getByRole('tab', { name: /History/ }).click();
    const v1 = page.getByRole('listitem', { name: /^Version 1/ });
    await v1.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview of version 1' });
    await preview.locator('.mn-viewer').waitFor();
    // At a desktop's width first (the directory beside the map), and at a phone's on request.
    await expect.poll(() => preview.locator('.mn-viewer').getAttribute('class')).toContain('mn-landscape');
    await preview.getByRole('radio', { name: 'Phone 390px' }).check();
    await expect.poll(() => preview.locator('.mn-viewer').getAttribute('class')).toContain('mn-portrait');
    await preview.getByRole('button', { name: 'Close' }).click();

    await v1.getByRole('button', { name: 'Restore' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore version 1 into the draft?' });
    await confirm.getByText('2 locations removed').waitFor();
    await confirm.getByRole('button', { name: 'Restore into the draft' }).click();
    await page.getByRole('listitem', { name: /^Version 3/ }).waitFor();
    await page.waitForFunction(
      () => document.querySelector('.editor__bar .publication')?.getAttribute('data-publication') === 'changes',
      null,
      { polling: 100 },
    );
    // The live map is untouched.
    expect((await published(id)).document!.locations).toHaveLength(6);
    await page.close();
  }, 120_000);

  it('unpublishes only after a confirmation, and visitors then see the map is not found', async () => {
    const id = await call<string>('createMap', { title: 'Offline plan', mapData: documentWith(2) }, user);
    await call('publishMap', { id, version: 1 }, user);
    const page = await openEditor(id);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish and embed' });
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    const confirm = page.getByRole('dialog', { name: 'Take this map offline?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await published(id)).offline).toBeUndefined();
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    await page
      .getByRole('dialog', { name: 'Take this map offline?' })
      .getByRole('button', { name: 'Unpublish' })
      .click();
    await page.waitForFunction(
      () => document.querySelector('.editor__bar .publication')?.getAttribute('data-publication') === 'offline',
      null,
      { polling: 100 },
    );
    expect((await published(id)).offline).toBe(true);
    const visitor = await context.newPage();
    await visitor.goto(`/m/${id}`);
    await visitor.getByText('Map not found').waitFor();
    await visitor.close();
    await page.close();
  }, 120_000);

  it('keeps the map’s address inside the dialog on a 390 px phone, broken over lines', async () => {
    const id = await call<string>('createMap', { title: 'Phone embed plan', mapData: documentWith(2) }, user);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/maps/${id}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish and embed' });
    await dialog.getByText('Embed on your site').click();
    const address = dialog.getByRole('link', { name: `${baseUrl()}/m/${id}` });
    const link = (await address.boundingBox())!;
    const box = (await dialog.boundingBox())!;
    expect(link.x + link.width).toBeLessThanOrEqual(box.x + box.width);
    // Each code box shows its whole code, however its lines wrap at this width: no last line cut in half.
    const codes = dialog.locator('textarea.snippet__code');
    expect(await codes.count()).toBe(2);
    for (const code of await codes.all())
      expect(await code.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
    await page.close();
  }, 120_000);

  it('blocks publishing a map whose floor file is missing, and says why', async () => {
    const doc = documentWith(2);
    doc.layers[0]!.file = `/files/${user.uid}/files/abc123-gone.svg`;
    const id = await call<string>('createMap', { title: 'Broken plan', mapData: doc }, user);
    const page = await openEditor(id);
    expect(await publication(page)).toBe('never');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish and embed' });
    const check = dialog.locator('[data-check="floor-file"][data-severity="blocking"]');
    await check.waitFor();
    expect(await check.textContent()).toContain('has no image file that can be loaded');
    expect(await dialog.getByRole('button', { name: 'Publish the map' }).isDisabled()).toBe(true);
    expect((await published(id)).offline).toBe(true);
    await page.close();
  }, 120_000);
});

describe('the embed for visitors', () => {
  it('gives a light primary colour readable text, and the publish checks say so', async () => {
    const doc = documentWith(3);
    doc.settings.primaryColor = '#9dc04c';
    doc.layers.push({ ...doc.layers[0]!, id: 'upper', name: 'Upper floor' });
    const id = await call<string>('createMap', { title: 'Green plan', mapData: doc }, user);
    await call('publishMap', { id, version: 1 }, user);
    const page = await context.newPage();
    await page.goto(`/m/${id}`);
    const pressed = page.locator('.mn-floor[aria-pressed="true"]');
    await pressed.waitFor();
    const colours = await pressed.evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, background: s.backgroundColor };
    });
    expect(colours.background).toBe('rgb(157, 192, 76)');
    expect(colours.color).toBe('rgb(17, 24, 39)');
    await page.close();

    const editor = await openEditor(id);
    await editor.getByRole('button', { name: 'Publish', exact: true }).click();
    const check = editor.getByRole('dialog', { name: 'Publish and embed' }).locator('[data-check="contrast"]');
    await check.waitFor();
    expect(await check.textContent()).toContain('2.08:1');
    await editor.close();
  }, 120_000);
});
