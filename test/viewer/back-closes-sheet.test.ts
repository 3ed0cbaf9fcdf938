/**
 * Back on a phone (390×844) with a location's sheet open, on the map's own page (/m/{id} opened at the top): it
 * closes the sheet and stays on the map (web/src/viewer/location-history.ts). Going from one location to another
 * adds no entry; closing the sheet by its own button or Escape leaves no entry behind that the next Back would spend
 * doing nothing; a deep link and a reload still show their location (a reload also on a map that does not deep-link).
 * A customer's iframe, a script-tag embed and the desktop layout add no history entry. In a compact box (390×350)
 * Back closes the directory open over the map the same way, and a location chosen in it takes the directory's entry; a
 * reload on its entry opens it again (or, where the box is no longer compact, spends no Back on it); a kiosk's start
 * over leaves no entry; a script-tag embed adds none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import { collectErrors, launchBrowser, newContext, settledBox } from '../helpers/browser';
import { customerSite, type CustomerSite } from '../helpers/customer-site';
import { baseUrl, createPublishedMap, createUser } from '../helpers/stack';

const PHONE = { width: 390, height: 844 };
/** A page the visitor was on before the map (answered here: no request reaches the stack). */
const BEFORE = '/__test-before-the-map';

let browser: Browser;
let doc: MapDocument;
/** A customer's site embedding the map: `/{name}` answers the page `pages[name]` (another origin than the map's). */
let customer: CustomerSite;
const pages: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  doc = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as { document: MapDocument }).document;
  customer = await customerSite(pages);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await customer?.close();
});

async function phone(viewport = PHONE): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), hasTouch: true });
  await context.route(`${baseUrl()}${BEFORE}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,"><p>Before</p>' }),
  );
  const page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
}

/** The map's page after another page of the visitor's, its floor drawn. */
async function openMap(page: Page, path = '/m/demo'): Promise<void> {
  await page.goto(BEFORE);
  await page.goto(path);
  await drawn(page);
}

async function drawn(page: Page): Promise<void> {
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
}

const historyLength = (page: Page) => page.evaluate(() => history.length);
const query = (page: Page) => new URL(page.url()).search;
const sheet = (page: Page) => page.locator('.mn-sheet').getByRole('dialog');
const sheetTitle = (page: Page) => sheet(page).getByRole('heading').textContent();

/**
 * Taps a location of floor `layer` that shows on the map (not under the sheet), well away from location `not` (the
 * one open) so that the tap cannot be taken for it.
 */
async function tapAnother(page: Page, layer: string, not: string): Promise<void> {
  // Where the markers are once the camera has finished moving to the open location (read mid-move, a tap misses).
  await settledBox(page.locator('.mn-pane'), 10);
  const spots = await page.evaluate(
    ([locations, mw, mh]) => {
      const pane = document.querySelector<HTMLElement>('.mn-pane')!;
      const m = /translate\(([-\d.e]+)px,\s*([-\d.e]+)px\)\s*scale\(([-\d.e]+)\)/.exec(pane.style.transform)!;
      const viewport = document.querySelector('.mn-viewport')!;
      const r = viewport.getBoundingClientRect();
      return locations.map((l) => {
        const x = r.left + Number(m[1]) + l.coord[0]! * mw * Number(m[3]);
        const y = r.top + Number(m[2]) + l.coord[1]! * mh * Number(m[3]);
        const el = document.elementFromPoint(x, y);
        return { id: l.id, x, y, onMap: !!el && viewport.contains(el) };
      });
    },
    [
      doc.locations
        .filter((l) => l.coord && l.layer === layer && l.action !== 'link')
        .map((l) => ({ id: l.id, coord: l.coord! })),
      doc.settings.mapWidth,
      doc.settings.mapHeight,
    ] as const,
  );
  const open = spots.find((s) => s.id === not)!;
  const spot = spots.find((s) => s.onMap && Math.hypot(s.x - open.x, s.y - open.y) > 60);
  if (!spot) throw new Error(`no location of ${layer} in view beside ${not}`);
  await page.touchscreen.tap(spot.x, spot.y);
}

describe('Back on a phone, on the map’s own page', () => {
  it('closes the location’s sheet and stays on the map; another location meanwhile adds no entry', async () => {
    const { context, page, errors } = await phone();
    await openMap(page);
    const before = await historyLength(page);
    await page.locator('.mn-entry').first().click();
    await sheet(page).waitFor();
    const first = new URLSearchParams(query(page)).get('location')!;
    expect(first).toBeTruthy();
    expect(await historyLength(page)).toBe(before + 1);

    // Another location, tapped on the map while the sheet is open: the entry is replaced, not added to.
    const floor = doc.locations.find((l) => l.id === first)!.layer!;
    await tapAnother(page, floor, first);
    await expect.poll(() => query(page)).not.toBe(`?location=${first}`);
    const second = new URLSearchParams(query(page)).get('location')!;
    await expect.poll(() => sheetTitle(page)).toBe(doc.locations.find((l) => l.id === second)!.title);
    expect(await historyLength(page)).toBe(before + 1);

    await page.goBack();
    await expect.poll(() => sheet(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/m/demo');
    expect(query(page)).toBe('');
    expect(await page.locator('.mn-viewer').isVisible()).toBe(true);
    // The next Back leaves the map, for the page before it.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe(BEFORE);
    // Forward twice: the map, then the location again.
    await page.goForward();
    await drawn(page);
    await page.goForward();
    await expect.poll(() => sheetTitle(page)).toBe(doc.locations.find((l) => l.id === second)!.title);
    expect(query(page)).toBe(`?location=${second}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('closed by its own button or Escape, leaves no entry behind: the next Back leaves the map', async () => {
    for (const close of ['button', 'Escape'] as const) {
      const { context, page, errors } = await phone();
      await openMap(page);
      const before = await historyLength(page);
      await page.locator('.mn-entry').first().click();
      await sheet(page).waitFor();
      if (close === 'button') await sheet(page).getByRole('button', { name: 'Close' }).click();
      else await page.keyboard.press('Escape');
      await expect.poll(() => sheet(page).count(), { message: close }).toBe(0);
      await expect.poll(() => query(page), { message: close }).toBe('');
      // The entry added for the sheet is gone back over (it is only a Forward now).
      expect(await page.evaluate(() => history.state as unknown), close).toBeNull();
      expect(await historyLength(page), close).toBe(before + 1);
      // Opened again, the sheet takes that same place in the history.
      await page.locator('.mn-entry').nth(1).click();
      await sheet(page).waitFor();
      expect(await historyLength(page), close).toBe(before + 1);
      await page.goBack();
      await expect.poll(() => sheet(page).count(), { message: close }).toBe(0);
      await page.goBack();
      await expect.poll(() => new URL(page.url()).pathname, { message: close }).toBe(BEFORE);
      expect(errors, close).toEqual([]);
      await context.close();
    }
  });

  it('still opens a deep link’s location, and a reload shows the same location', async () => {
    const { context, page, errors } = await phone();
    await openMap(page, '/m/demo?location=sushi-go');
    await expect.poll(() => sheetTitle(page)).toBe('Sushi Go');
    await page.reload();
    await drawn(page);
    await expect.poll(() => sheetTitle(page)).toBe('Sushi Go');

    // A location opened on the page, then the page reloaded: the same location, and Back still closes it.
    await page.goto('/m/demo');
    await drawn(page);
    await page.locator('.mn-entry').first().click();
    await sheet(page).waitFor();
    const opened = query(page);
    const title = await sheetTitle(page);
    await page.reload();
    await drawn(page);
    await expect.poll(() => sheetTitle(page)).toBe(title);
    expect(query(page)).toBe(opened);
    await page.goBack();
    await drawn(page);
    await expect.poll(() => sheet(page).count()).toBe(0);
    expect(query(page)).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a reloaded sheet’s location again on a map that does not deep-link, and Back still closes it', async () => {
    // The address names no location there: the reload finds it in the entry's state.
    const user = await createUser();
    const settings = { ...doc.settings, deepLinking: false };
    const id = await createPublishedMap({ title: 'No deep links', mapData: { ...doc, settings } }, user);
    const { context, page, errors } = await phone();
    await openMap(page, `/m/${id}`);
    await page.locator('.mn-entry').first().click();
    await sheet(page).waitFor();
    const title = await sheetTitle(page);
    expect(query(page)).toBe('');
    await page.reload();
    await drawn(page);
    await expect.poll(() => sheetTitle(page)).toBe(title);
    await page.goBack();
    await expect.poll(() => sheet(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/m/${id}`);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe(BEFORE);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Back and the directory over the map of a compact box (390×350, ADR 067)', () => {
  const COMPACT = { width: 390, height: 350 };
  const directory = (page: Page) => page.getByRole('button', { name: 'Directory' });
  const expanded = (page: Page) => directory(page).getAttribute('aria-expanded');

  it('closes the directory and stays on the map; closed by Back to map it leaves no entry behind', async () => {
    const { context, page, errors } = await phone(COMPACT);
    await openMap(page);
    const before = await historyLength(page);
    await directory(page).click();
    await expect.poll(() => expanded(page)).toBe('true');
    expect(await historyLength(page)).toBe(before + 1);
    await page.goBack();
    await expect.poll(() => expanded(page)).toBe('false');
    expect(new URL(page.url()).pathname).toBe('/m/demo');
    expect(await page.locator('.mn-sidebar').isVisible()).toBe(false);
    // Forward opens it again; Back to map goes back over its entry, so the next Back leaves the map.
    await page.goForward();
    await expect.poll(() => expanded(page)).toBe('true');
    await page.getByRole('button', { name: 'Back to map' }).click();
    await expect.poll(() => expanded(page)).toBe('false');
    await expect.poll(() => page.evaluate(() => history.state as unknown)).toBeNull();
    expect(await historyLength(page)).toBe(before + 1);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe(BEFORE);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a location chosen in it the one entry: Back closes its sheet, the next Back leaves', async () => {
    const { context, page, errors } = await phone(COMPACT);
    await openMap(page);
    const before = await historyLength(page);
    await directory(page).click();
    await page.locator('.mn-entry').first().click();
    await sheet(page).waitFor();
    await expect.poll(() => query(page)).toMatch(/^\?location=/);
    expect(await expanded(page)).toBe('false');
    expect(await historyLength(page)).toBe(before + 1);
    await page.goBack();
    await expect.poll(() => sheet(page).count()).toBe(0);
    expect(await expanded(page)).toBe('false');
    expect(new URL(page.url()).pathname).toBe('/m/demo');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe(BEFORE);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the directory again on a reload of its entry: Back then closes it, and the next Back leaves', async () => {
    const { context, page, errors } = await phone(COMPACT);
    await openMap(page);
    const before = await historyLength(page);
    await directory(page).click();
    await expect.poll(() => expanded(page)).toBe('true');
    await page.reload();
    await drawn(page);
    await expect.poll(() => expanded(page)).toBe('true');
    expect(await page.locator('.mn-sidebar').isVisible()).toBe(true);
    expect(await historyLength(page)).toBe(before + 1);
    await page.goBack();
    await expect.poll(() => expanded(page)).toBe('false');
    expect(new URL(page.url()).pathname).toBe('/m/demo');
    expect(await page.locator('.mn-sidebar').isVisible()).toBe(false);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe(BEFORE);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('spends no Back on the directory’s entry reloaded where the box is no longer compact', async () => {
    // The entry as a 390×350 window left it, reloaded at 390×844 (a browser restoring its tabs in another window,
    // say): there is no directory over the map to open again.
    const { context, page, errors } = await phone();
    await openMap(page);
    await page.evaluate(() => history.pushState({ mapnestDirectory: true }, ''));
    await page.reload();
    await drawn(page);
    await expect.poll(() => page.evaluate(() => history.state as unknown)).toBeNull();
    expect(await directory(page).isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/m/demo');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe(BEFORE);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves no entry behind when a kiosk starts over with the directory open over a location’s sheet', async () => {
    // The location closes under the open directory first (as the page's API closes it), then the directory.
    const { context, page, errors } = await phone(COMPACT);
    await page.clock.install();
    await openMap(page, '/m/demo?kiosk=1');
    const before = await historyLength(page);
    await directory(page).click();
    await page.locator('.mn-entry').first().click();
    await sheet(page).waitFor();
    await directory(page).click();
    await expect.poll(() => expanded(page)).toBe('true');
    expect(await historyLength(page)).toBe(before + 2);
    // Kiosk mode's idle time (web/src/viewer/kiosk/idle.ts, 90 s) passes: the map starts over for the next visitor.
    await page.clock.runFor(91_000);
    await expect.poll(() => expanded(page)).toBe('false');
    await expect.poll(() => sheet(page).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => history.state as unknown)).toBeNull();
    expect(query(page)).toBe('?kiosk=1');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe(BEFORE);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds no entry in a customer’s script-tag embed', async () => {
    const { context, page, errors } = await phone(COMPACT);
    pages['compact-script-tag'] =
      `<div id="map" data-mapnest-map="demo" style="height:350px"></div><script src="${baseUrl()}/embed.js" async></script>`;
    await page.goto(`${customer.url}/before`);
    await page.goto(`${customer.url}/compact-script-tag`);
    await page.locator('#map .mn-layer-svg').first().waitFor({ state: 'attached', timeout: 20_000 });
    const before = await historyLength(page);
    await directory(page).click();
    await expect.poll(() => expanded(page)).toBe('true');
    await page.getByRole('button', { name: 'Back to map' }).click();
    await expect.poll(() => expanded(page)).toBe('false');
    expect(await historyLength(page)).toBe(before);
    expect(page.url()).toBe(`${customer.url}/compact-script-tag`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('where the history is not the map’s, or there is no sheet', () => {
  /** The customer's page `name`, whose `body` embeds the map, after another page of theirs. */
  async function customerPage(page: Page, name: string, body: string): Promise<void> {
    pages[name] = body;
    await page.goto(`${customer.url}/before`);
    await page.goto(`${customer.url}/${name}`);
  }

  it('adds no entry in a customer’s iframe at a phone’s size', async () => {
    const { context, page, errors } = await phone();
    await customerPage(
      page,
      'iframe',
      `<iframe src="${baseUrl()}/m/demo" style="width:100vw;height:100vh;border:0"></iframe>`,
    );
    const frame = page.frameLocator('iframe');
    await frame.locator('.mn-layer-svg').first().waitFor({ state: 'attached', timeout: 20_000 });
    const before = await historyLength(page);
    await frame.locator('.mn-entry').first().click();
    await frame.locator('.mn-sheet').getByRole('dialog').waitFor();
    // The frame's own address says which location is open (replaced, not added).
    const map = page.frames().find((f) => f.url().startsWith(`${baseUrl()}/m/demo`))!;
    await expect.poll(() => new URL(map.url()).search).toMatch(/^\?location=/);
    expect(await historyLength(page)).toBe(before);
    expect(page.url()).toBe(`${customer.url}/iframe`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds no entry in a script-tag embed at a phone’s size', async () => {
    const { context, page, errors } = await phone();
    await customerPage(
      page,
      'script-tag',
      `<div id="map" data-mapnest-map="demo" style="height:800px"></div><script src="${baseUrl()}/embed.js" async></script>`,
    );
    await page.locator('#map .mn-layer-svg').first().waitFor({ state: 'attached', timeout: 20_000 });
    const before = await historyLength(page);
    await page.locator('#map .mn-entry').first().click();
    await page.locator('#map .mn-sheet').getByRole('dialog').waitFor();
    expect(await historyLength(page)).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds no entry in the desktop layout, where the details are a popup beside the place', async () => {
    const context = await newContext(browser, { width: 1280, height: 800 });
    await context.route(`${baseUrl()}${BEFORE}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }),
    );
    const page = await context.newPage();
    const errors = collectErrors(page);
    await openMap(page);
    const before = await historyLength(page);
    await page.locator('.mn-entry').first().click();
    await page.locator('.mn-popup').getByRole('dialog').waitFor();
    expect(query(page)).toMatch(/^\?location=/);
    expect(await historyLength(page)).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
