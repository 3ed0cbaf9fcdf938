/**
 * The address bar says what the published map shows, so an address copied or reloaded shows the same thing: the demo
 * map's route leaves the address once the panel closes; on a phone, Back from a location's sheet opened over a route
 * lands on an address with that route, though the entry it lands on was written before the route was planned; an address with a route and a location shows both after a
 * reload; and a script-tag embed, which writes its route into the customer's page's address as it does `?location=`,
 * shows that route again when the page reloads (web/src/viewer/location-history.ts, web/src/viewer/directions/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectErrors, launchBrowser, newContext, readText } from '../helpers/browser';
import { customerSite, type CustomerSite } from '../helpers/customer-site';
import type { MapDocument } from '@mapnest/shared/map-document';
import { tapLocationOn } from '../helpers/map-taps';
import { baseUrl } from '../helpers/stack';

let browser: Browser;
let customer: CustomerSite;
const pages: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await customerSite(pages);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await customer?.close();
});

async function drawn(page: Page): Promise<void> {
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
}

async function open(
  path: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context =
    viewport.width < 600
      ? await browser.newContext({ viewport, baseURL: baseUrl(), hasTouch: true })
      : await newContext(browser, viewport);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(path);
  await drawn(page);
  return { context, page, errors };
}

const query = (page: Page) => new URL(page.url()).search;
const routeSaid = (page: Page) => readText(page.locator('.mn-dir-status'));

/** Picks `text`'s first match in the directions field `name` (From or To). */
async function pick(page: Page, name: 'From' | 'To', text: string): Promise<void> {
  const field = page.getByRole('combobox', { name, exact: true });
  await field.fill(text);
  await field.press('Enter');
}

describe('the route in the address of the map’s own page', () => {
  it('leaves the address when the panel closes: a reload shows no route', async () => {
    const { context, page, errors } = await open('/m/demo');
    await page.locator('.mn-directions-toggle').click();
    await pick(page, 'From', 'North ent');
    await pick(page, 'To', 'FitLab');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect.poll(() => routeSaid(page)).toMatch(/^Route from North entrance to FitLab Gym: /);
    expect(query(page)).toBe('?from=north-entrance&to=fitlab');
    await page.getByRole('button', { name: 'Close directions' }).click();
    const toggle = page.locator('.mn-directions-toggle');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(query(page)).toBe('');
    await page.reload();
    await drawn(page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a route in the address when Back closes a phone’s sheet opened over it', async () => {
    const { context, page, errors } = await open('/m/demo', { width: 390, height: 844 });
    const doc = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as { document: MapDocument })
      .document;
    // Harrow & Finch (the directory's first entry): its sheet's entry is written before any route.
    await page.locator('.mn-entry').first().click();
    const sheet = page.locator('.mn-sheet').getByRole('dialog');
    await sheet.getByRole('button', { name: 'Directions' }).click();
    await pick(page, 'From', 'North ent');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect.poll(() => routeSaid(page)).toMatch(/^Route from North entrance to Harrow & Finch: /);
    expect(query(page)).toBe('?location=harrow-finch&from=north-entrance&to=harrow-finch');
    // Another place tapped over the route: its sheet in front takes the location's entry (gone back to, then
    // replaced), and the address names both.
    const other = await tapLocationOn(page, doc, 'ground', ['north-entrance', 'harrow-finch']);
    await expect.poll(() => query(page)).toBe(`?location=${other}&from=north-entrance&to=harrow-finch`);
    // Back closes that sheet: the route stays, and so does its address.
    await page.goBack();
    await expect.poll(() => sheet.count()).toBe(0);
    await expect.poll(() => query(page)).toBe('?from=north-entrance&to=harrow-finch');
    expect(await routeSaid(page)).toMatch(/^Route from North entrance to Harrow & Finch: /);
    await page.reload();
    await drawn(page);
    await expect.poll(() => routeSaid(page)).toMatch(/^Route from North entrance to Harrow & Finch: /);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows both the location and the route an address names, the location on its floor', async () => {
    // FitLab Gym is upstairs: playing the route from there used to leave Voltage's floor, closing it.
    const { context, page, errors } = await open('/m/demo?from=fitlab&to=north-entrance&location=voltage');
    await expect.poll(() => routeSaid(page)).toMatch(/^Route from FitLab Gym to North entrance: /);
    await expect.poll(() => page.locator('.mn-popup').getByRole('heading').textContent()).toBe('Voltage');
    const floor = page.getByRole('group', { name: 'Floors' }).getByRole('button', { name: 'Ground floor' });
    expect(await floor.getAttribute('aria-pressed')).toBe('true');
    // The route's ground-floor part is drawn, and the address still names both.
    await expect.poll(() => page.locator('.mn-route-line').getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+L/);
    expect(query(page)).toBe('?from=fitlab&to=north-entrance&location=voltage');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the route in a script-tag embed', () => {
  it('is read back from the customer’s page’s address it was written to', async () => {
    pages['script-tag'] =
      `<div data-mapnest-map="demo" style="height:700px"></div><script src="${baseUrl()}/embed.js" async></script>`;
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${customer.url}/script-tag`);
    const map = page.locator('[data-mapnest-map]');
    await map.locator('.mn-layer-svg').first().waitFor({ state: 'attached', timeout: 20_000 });
    await map.locator('.mn-directions-toggle').click();
    await pick(page, 'From', 'North ent');
    await pick(page, 'To', 'FitLab');
    await map.getByRole('button', { name: 'Go' }).click();
    await expect.poll(() => routeSaid(page)).toMatch(/^Route from North entrance to FitLab Gym: /);
    expect(page.url()).toBe(`${customer.url}/script-tag?from=north-entrance&to=fitlab`);
    await page.reload();
    await expect.poll(() => routeSaid(page)).toMatch(/^Route from North entrance to FitLab Gym: /);
    expect(errors).toEqual([]);
    await context.close();
  });
});
