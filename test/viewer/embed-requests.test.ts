/**
 * What a cold embed view asks the network for, in a real browser against the local stack (which sends the
 * headers CloudFront sends, CSP included): at most 4 requests for a map with one floor image (the page, its one
 * script with the CSS inside, the map data, the floor), the map data requested by the page's inline script before
 * the script has arrived, and that inline script allowed by the page's CSP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, settled } from '../helpers/browser';
import { baseUrl, createUser, createPublishedMap } from '../helpers/stack';

let browser: Browser;
let mapId: string;

/** Registered before navigation: CSP violations the page reports, and when the embed says it is ready. */
const WATCH = `
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));
addEventListener('mapnest:ready', () => { window.__ready = true; }, { once: true });`;

beforeAll(async () => {
  browser = await launchBrowser();
  const demo = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as PublishedMap)
    .document as MapDocument;
  const ground = demo.layers.find((l) => l.id === 'ground')!;
  const doc: MapDocument = {
    ...demo,
    layers: [ground],
    locations: demo.locations.filter((l) => l.layer === 'ground'),
    // The demo's walkable network spans both floors; this map keeps one.
    routes: demo.routes.filter((r) => r.layer === 'ground' && !r.connector),
    settings: { ...demo.settings, defaultLayer: 'ground', startLocation: null },
  };
  const user = await createUser({ name: 'Request Counter' });
  mapId = await createPublishedMap({ title: 'One floor', mapData: doc }, user);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** A fresh context (empty cache) with the watcher installed; `requests` lists every request the page makes. */
async function coldPage(): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const context = await newContext(browser, { width: 1280, height: 800 });
  await context.addInitScript(WATCH);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('data:')) requests.push(`${r.method()} ${r.url().replace(baseUrl(), '')}`);
  });
  return { page, requests, errors: collectErrors(page) };
}

const ready = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true, null, {
    polling: 100,
    timeout: 20_000,
  });

describe('a cold embed view', () => {
  it('draws a one-floor map in at most 4 requests, with its styles and no CSP violation or console error', async () => {
    const { page, requests, errors } = await coldPage();
    await page.goto(`/m/${mapId}`);
    await ready(page);
    await page.waitForSelector('.mn-viewer .mn-marker-canvas');
    await page.waitForFunction(() => !!document.querySelector('.mn-layer:not([hidden]) svg.mn-layer-svg'), null, {
      polling: 100,
    });
    // Anything the page would still ask for (a late image, a favicon) shows up here.
    await settled(page);
    expect(requests.length, `requests of a cold view:\n${requests.join('\n')}`).toBeLessThanOrEqual(4);
    expect(
      requests.filter((r) => r.endsWith(`/data/maps/${mapId}.json`)),
      requests.join('\n'),
    ).toHaveLength(1);
    // The embed's CSS came inside its script: the page fills the window and the map is laid out.
    const styled = await page.evaluate(() => ({
      bodyMargin: getComputedStyle(document.body).margin,
      viewer: document.querySelector('.mn-viewer')!.getBoundingClientRect().height,
      sheets: document.querySelectorAll('link[rel="stylesheet"]').length,
    }));
    expect(styled).toEqual({ bodyMargin: '0px', viewer: 800, sheets: 0 });
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('requests the map data from its inline script while the viewer code is still on its way', async () => {
    const { page, requests, errors } = await coldPage();
    const events: string[] = [];
    // Hold the embed's script back; the data request must not wait for it.
    await page.route(/\/assets\/embed-[^/]+\.js$/, async (route) => {
      events.push('script requested');
      await new Promise((r) => setTimeout(r, 600));
      events.push('script released');
      await route.continue();
    });
    page.on('request', (r) => {
      if (r.url().endsWith(`/data/maps/${mapId}.json`)) events.push('data requested');
    });
    await page.goto(`/m/${mapId}?location=voltage`);
    await ready(page);
    expect(events.indexOf('data requested'), events.join(', ')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('data requested'), events.join(', ')).toBeLessThan(events.indexOf('script released'));
    expect(requests.filter((r) => r.endsWith(`/data/maps/${mapId}.json`))).toHaveLength(1);
    // The started request is the one the viewer reads: ?location= still opens its location.
    await expect.poll(() => page.getByRole('dialog').getByRole('heading').textContent()).toBe('Voltage');
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('settles on "Map not found" for a map that does not exist, after one data request', async () => {
    const { page, requests } = await coldPage();
    await page.goto('/m/missing');
    await expect.poll(() => page.getByRole('heading').textContent()).toBe('Map not found');
    expect(
      requests.filter((r) => r.includes('/data/maps/')),
      requests.join('\n'),
    ).toEqual(['GET /data/maps/missing.json']);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    await page.context().close();
  });

  it('shows why a map whose download keeps failing cannot be shown, and the map once the server answers again', async () => {
    const { page, requests } = await coldPage();
    // The page's clock, so the ten seconds between tries pass at once.
    await page.clock.install();
    let down = true;
    await page.route(`**/data/maps/${mapId}.json`, (route) =>
      down ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.fallback(),
    );
    await page.goto(`/m/${mapId}`);
    const heading = () => page.getByRole('heading', { level: 1 }).first().textContent();
    // The first download and two more, two seconds apart, pass unseen; then the notice says why.
    await expect
      .poll(async () => {
        await page.clock.runFor(1_000);
        return heading();
      })
      .toBe('The map can’t be shown');
    expect(await page.getByRole('alert').textContent()).toContain('The map could not be loaded (HTTP 503).');
    const tried = requests.filter((r) => r.endsWith(`/data/maps/${mapId}.json`)).length;
    expect(tried).toBe(3);
    // Still down ten seconds later: asked once more, the notice stays.
    await page.clock.runFor(10_000);
    await expect.poll(() => requests.filter((r) => r.endsWith(`/data/maps/${mapId}.json`)).length).toBe(tried + 1);
    expect(await heading()).toBe('The map can’t be shown');
    // The server is back: the next try shows the map in the notice's place.
    down = false;
    await page.clock.runFor(10_000);
    await page.clock.resume();
    await ready(page);
    await expect.poll(() => page.locator('.mn-viewer').count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.title()).toBe('One floor - Mapnest');
    await page.context().close();
  });
});
