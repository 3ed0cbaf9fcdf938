/**
 * Links to a fragment in a location's description (`<a href="#">Book a viewing</a>`, common in descriptions imported
 * from Mapplic), on a phone (390×844): `#` and an anchor that is no location leave the address, the history and the
 * sheet as they are (on the map's own page, where a new hash would be an entry whose popstate the sheet's Back
 * handling reads, and in a script-tag embed, where the page's hash is the customer's); `#<location id>` opens that
 * location, as going from one location to another does (its entry replaced, none added). Enter does what a click does.
 * A middle-click on `#<location id>` opens the map at that location in a new tab (the link's address is its deep
 * link, the page's own address with `?location=`), and on `#` it opens nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { artifact, collectErrors, launchBrowser } from '../helpers/browser';
import { documentWith } from '../helpers/documents';
import { customerSite, type CustomerSite } from '../helpers/customer-site';
import { baseUrl, createPublishedMap, createUser } from '../helpers/stack';

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let mapId: string;
/** A customer's site (another origin than the map's): `/{name}` answers `pages[name]`. */
let customer: CustomerSite;
const pages: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  const doc = documentWith(3, { title: 'Shop' });
  doc.locations[0]!.desc =
    '<p><a href="#">Book a viewing</a>, <a href="#top">back to the top</a> or <a href="#loc2">see Shop 2</a>.</p>';
  mapId = await createPublishedMap({ title: 'Fragment links', mapData: doc }, await createUser({ name: 'Fragments' }));
  customer = await customerSite(pages);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await customer?.close();
});

/**
 * Opens Shop 0's sheet in the viewer under `scope` of `doc` (the page, or the frame the map is in), follows its
 * fragment links and checks what they leave.
 */
async function followLinks(page: Page, scope: string, shot: string, doc: Page | Frame = page): Promise<void> {
  const sheet = doc.locator(`${scope} .mn-sheet`).getByRole('dialog');
  await doc.locator(`${scope} .mn-directory`).getByText('Shop 0', { exact: true }).click();
  await sheet.getByRole('heading', { name: 'Shop 0' }).waitFor();
  const before = await doc.evaluate(() => [location.href, history.length] as const);
  await middleClicks(page, sheet, before[0], shot);
  await sheet.getByRole('link', { name: 'Book a viewing' }).click();
  await sheet.getByRole('link', { name: 'back to the top' }).press('Enter');
  await artifact(page, { path: `.test-artifacts/${shot}.png` });
  expect(await sheet.getByRole('heading').textContent()).toBe('Shop 0');
  expect(await doc.evaluate(() => [location.href, history.length] as const)).toEqual(before);
  expect(page.context().pages()).toHaveLength(1);

  await sheet.getByRole('link', { name: 'see Shop 2' }).click();
  await expect.poll(() => sheet.getByRole('heading').textContent()).toBe('Shop 2');
  expect(await doc.evaluate(() => [new URL(location.href).hash, history.length] as const)).toEqual([
    new URL(before[0]).hash,
    before[1],
  ]);
}

/**
 * A middle-click on `#loc2` opens, in a new tab, the map at Shop 2: its href is the deep link the viewer writes in the
 * address of the page it is in (`at`, the frame's own for an iframe), with Shop 2's sheet open there; a middle-click on
 * `#` opens no tab of the same page.
 */
async function middleClicks(page: Page, sheet: ReturnType<Page['locator']>, at: string, shot: string): Promise<void> {
  const deepLink = new URL(at);
  deepLink.searchParams.set('location', 'loc2');
  expect(await sheet.getByRole('link', { name: 'see Shop 2' }).getAttribute('href')).toBe(deepLink.href);
  expect(await sheet.getByRole('link', { name: 'Book a viewing' }).getAttribute('href')).toBe('#');
  await sheet.getByRole('link', { name: 'Book a viewing' }).click({ button: 'middle' });
  const opened = page.context().waitForEvent('page');
  await sheet.getByRole('link', { name: 'see Shop 2' }).click({ button: 'middle' });
  const tab = await opened;
  expect(page.context().pages()).toHaveLength(2);
  expect(tab.url()).toBe(deepLink.href);
  await tab.locator('.mn-details').getByRole('heading', { name: 'Shop 2' }).waitFor();
  await artifact(tab, { path: `.test-artifacts/${shot}-new-tab.png` });
  await tab.close();
  expect(await sheet.getByRole('heading').textContent()).toBe('Shop 0');
}

describe('fragment links in a description, on a phone', () => {
  it('on the map’s own page, change no address or history and open the location they name', async () => {
    const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl(), hasTouch: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`/m/${mapId}`);
    await followLinks(page, '', 'description-fragment-links');
    expect(new URL(page.url()).search).toBe('?location=loc2');
    // Back closes the sheet of the location the link opened: the link replaced Shop 0's entry.
    await page.goBack();
    await expect.poll(() => page.locator('.mn-sheet').getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/m/${mapId}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('in a script-tag embed, leave the customer’s address alone and open the location they name', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    pages['script-tag'] =
      `<div id="map" data-mapnest-map="${mapId}" style="height:800px"></div><script src="${baseUrl()}/embed.js" async></script>`;
    await page.goto(`${customer.url}/script-tag`);
    await followLinks(page, '#map', 'description-fragment-links-embed');
    // The map's deep link may name the location in the query (its setting), never in the customer's hash.
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/script-tag');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('in a customer’s iframe, leave the frame’s and the customer’s address alone and open the location named', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    pages['iframe'] = `<iframe src="${baseUrl()}/m/${mapId}" style="width:100vw;height:100vh;border:0"></iframe>`;
    await page.goto(`${customer.url}/iframe`);
    await page.frameLocator('iframe').locator('.mn-directory').waitFor();
    const frame = page.frames().find((f) => f.url().startsWith(`${baseUrl()}/m/`))!;
    await followLinks(page, '', 'description-fragment-links-iframe', frame);
    expect(page.url()).toBe(`${customer.url}/iframe`);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
