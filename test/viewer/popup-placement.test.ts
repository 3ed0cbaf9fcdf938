/**
 * Popups stay inside the map's box: the script-tag embed in small containers on another site, each
 * deep-linked to a location near one of the four edges of the demo map. The embedded map has no directory: in a
 * short box with one, details open in the directory's place instead of a popup (ADR 065, device-shapes.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { collectErrors, launchBrowser, newContext, settledBox, artifact } from '../helpers/browser';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { baseUrl, createPublishedMap, createUser } from '../helpers/stack';
import { serveHostPage } from '../helpers/host-page';

let browser: Browser;
/** The demo map without its directory, so that a short box shows popups. */
let noDirectory: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const demo = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as PublishedMap).document!;
  const doc: MapDocument = {
    ...demo,
    layers: demo.layers.map((l) => ({ ...l, file: `${baseUrl()}${l.file}` })),
    settings: { ...demo.settings, directory: { ...demo.settings.directory, enabled: false } },
  };
  noDirectory = await createPublishedMap({ title: 'No directory', mapData: doc }, await createUser());
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Demo locations near the top (a pin and a room), bottom, left and right edges of the plan. */
const EDGES = [
  ['top-pin', 'taxi-rank'],
  ['top-room', 'urban-thread'],
  ['bottom', 'ev-charging'],
  ['left', 'harrow-finch'],
  ['right', 'freshmart'],
] as const;

describe('a deep-linked popup in a small script-tag embed', () => {
  it.each([
    // Under 520 px wide the details open as a sheet, so these are the smallest boxes with popups.
    ['a 600×320 container', 600, 320],
    ['a 760×260 container', 760, 260],
  ])('stays inside %s, whichever edge the location is near', async (_, width, height) => {
    const host = await serveHostPage((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><html><body style="margin:40px">
        ${EDGES.map(([name, id]) => `<div id="${name}" data-mapnest-map="${noDirectory}" data-location="${id}" style="width:${width}px;height:${height}px;margin-bottom:40px"></div>`).join('\n')}
        <script src="${baseUrl()}/embed.js" async></script></body></html>`);
    });
    const context = await newContext(browser, { width: 1366, height: 768 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(host.url);
    for (const [name] of EDGES) {
      const map = page.locator(`#${name}`);
      const popup = map.locator('.mn-popup');
      await popup.waitFor({ timeout: 20_000 });
      // The camera animates to the location; measure once it and the popup have settled.
      const p = await settledBox(popup);
      const box = (await map.boundingBox())!;
      const where = `${name}: popup ${JSON.stringify(p)} in map ${JSON.stringify(box)}`;
      expect(p.y, where).toBeGreaterThanOrEqual(box.y);
      expect(p.x, where).toBeGreaterThanOrEqual(box.x);
      expect(p.y + p.height, where).toBeLessThanOrEqual(box.y + box.height);
      expect(p.x + p.width, where).toBeLessThanOrEqual(box.x + box.width);
      // Its close button can be reached.
      await map.getByRole('dialog').getByRole('button', { name: 'Close' }).click({ trial: true });
    }
    await artifact(page, { path: `.test-artifacts/popup-placement-${width}x${height}.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
    await host.stop();
  });
});

describe('a deep-linked popup on the /m page', () => {
  it.each([
    ['a desktop', 1440, 900],
    ['a small laptop', 1024, 600],
  ])('keeps clear of the map’s controls on %s, whichever edge the location is near', async (_, width, height) => {
    const context = await newContext(browser, { width, height });
    const page = await context.newPage();
    const errors = collectErrors(page);
    for (const [name, id] of EDGES) {
      await page.goto(`/m/demo?location=${id}`);
      const popup = page.locator('.mn-popup');
      await popup.waitFor({ timeout: 20_000 });
      const p = await settledBox(popup);
      // Every control shown in the map's corners (Directions, Hide directory, the floors, the zoom buttons) is
      // clear of the popup, and a click on it reaches it.
      const controls = await page.locator('.mn-corner:not([hidden]) > :not([hidden])').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return {
            name: el.getAttribute('aria-label') ?? el.className,
            r: r.toJSON() as DOMRect,
            hit: el.contains(hit),
          };
        }),
      );
      expect(controls.length).toBeGreaterThanOrEqual(3);
      for (const c of controls) {
        const where = `${name}: popup ${JSON.stringify(p)} over ${c.name} ${JSON.stringify(c.r)}`;
        const overlaps = p.x < c.r.right && p.x + p.width > c.r.left && p.y < c.r.bottom && p.y + p.height > c.r.top;
        expect(overlaps, where).toBe(false);
        expect(c.hit, where).toBe(true);
      }
      await artifact(page, { path: `.test-artifacts/popup-controls-${name}-${width}x${height}.png` });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a popup and the Directions panel on a desktop', () => {
  it('goes beside the panel opened from it, rather than under it, and the directory toggle keeps its place', async () => {
    const context = await newContext(browser, { width: 1280, height: 600 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto('/m/demo');
    await page.waitForSelector('.mn-viewer .mn-layer-svg');
    const toggle = page.locator('.mn-sidebar-toggle');
    const before = await settledBox(toggle);
    await page.locator('.mn-sidebar').getByText('Bloom & Co.', { exact: true }).click();
    const popup = page.locator('.mn-popup');
    await popup.getByRole('button', { name: 'Directions' }).click();
    const panel = await settledBox(page.locator('.mn-directions'));
    const p = await settledBox(popup);
    const map = (await page.locator('.mn-map').boundingBox())!;
    await artifact(page, { path: '.test-artifacts/popup-beside-directions-1280x600.png' });
    // Beside the panel (its location is behind it): not pushed down under the panel towards the map's bottom edge.
    expect(p.x, JSON.stringify({ p, panel })).toBeGreaterThanOrEqual(panel.x + panel.width);
    expect(p.y).toBeLessThan(panel.y + panel.height);
    expect(p.x + p.width <= map.x + map.width && p.y + p.height <= map.y + map.height).toBe(true);
    // The directory's toggle stays under the Directions button, above the panel.
    expect(await settledBox(toggle)).toEqual(before);
    expect(before.y + before.height).toBeLessThanOrEqual(panel.y);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    [1440, 900],
    [1280, 600],
  ])(
    'puts a location spanning the plan whole beside a route’s panel, not squeezed under it (%i×%i)',
    async (width, height) => {
      const context = await newContext(browser, { width, height });
      const page = await context.newPage();
      const errors = collectErrors(page);
      // Harrow & Finch spans the plan from top to bottom, behind the panel with its route's steps.
      await page.goto('/m/demo?from=north-entrance&to=fitlab&location=harrow-finch');
      const popup = page.locator('.mn-popup');
      await popup.getByRole('heading', { name: 'Harrow & Finch' }).waitFor({ timeout: 20_000 });
      await page.locator('.mn-dir-steps:not([hidden])').waitFor();
      const panel = await settledBox(page.locator('.mn-directions'));
      const p = await settledBox(popup);
      const map = (await page.locator('.mn-map').boundingBox())!;
      await artifact(page, { path: `.test-artifacts/popup-spanning-beside-directions-${width}x${height}.png` });
      const where = JSON.stringify({ p, panel, map });
      const overlaps =
        p.x < panel.x + panel.width &&
        p.x + p.width > panel.x &&
        p.y < panel.y + panel.height &&
        p.y + p.height > panel.y;
      expect(overlaps, where).toBe(false);
      expect(p.y >= map.y && p.y + p.height <= map.y + map.height && p.x + p.width <= map.x + map.width, where).toBe(
        true,
      );
      // Whole: as tall as a popup gets (420 px, or 70% of the window), or its whole content without scrolling.
      const body = popup.locator('.mn-details-body');
      const [scroll, client] = await body.evaluate((el) => [el.scrollHeight, el.clientHeight]);
      expect(scroll <= client + 1 || p.height >= Math.min(420, height * 0.7) - 1, where).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
