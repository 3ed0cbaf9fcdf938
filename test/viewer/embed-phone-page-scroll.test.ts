/**
 * A phone's script-tag embed of a tall plan (a housing site plan) in a long customer page under a sticky header, by
 * touch: one finger on the map pans it (as in the iframe embed), so the map, sizing itself, keeps to three quarters of
 * the screen and a swipe on the rest scrolls the page past it (ADR 093). At the plan's own proportions the map was
 * 760 px, the whole screen below the header, and no swipe could get the visitor off it.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankDocument } from '@mapnest/shared/map-document';
import { buckets, s3 } from '../helpers/accounts';
import { artifact, collectErrors, launchBrowser } from '../helpers/browser';
import { baseUrl, createPublishedMap, createUser } from '../helpers/stack';
import { serveHostPage } from '../helpers/host-page';

let browser: Browser;
let mapId: string;

/** A site plan twice as tall as wide, with a row of plots. */
async function publishSitePlan(): Promise<string> {
  const key = `site-plan-test/${randomUUID()}/plan.svg`;
  const plots = [0, 1, 2, 3, 4, 5].map(
    (i) => `<rect id="plot-${i + 1}" x="100" y="${150 + i * 300}" width="800"
    height="240" fill="#dcfce7" stroke="#555"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="2000" viewBox="0 0 1000 2000">
    <rect width="1000" height="2000" fill="#fff"/>${plots.join('')}</svg>`;
  await s3().send(
    new PutObjectCommand({ Bucket: buckets().public, Key: key, Body: svg, ContentType: 'image/svg+xml' }),
  );
  const doc = blankDocument({
    file: `/data/${key}`,
    layerId: 'site',
    layerName: 'Site',
    mapWidth: 1000,
    mapHeight: 2000,
  });
  doc.locations = plots.map((_, i) => ({
    id: `plot-${i + 1}`,
    title: `Plot ${i + 1}`,
    layer: 'site',
  })) as typeof doc.locations;
  return createPublishedMap({ title: 'Meadow Rise', mapData: doc }, await createUser({ name: 'Site plan' }));
}

beforeAll(async () => {
  browser = await launchBrowser();
  mapId = await publishSitePlan();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** The developer's page: a sticky 64 px header, text, the map's script-tag embed without a height, more text. */
const hostPage = (id: string) => `<!doctype html><html><head>
  <meta name="viewport" content="width=device-width,initial-scale=1"><style>
  body { margin: 0; font-family: Georgia, serif; }
  header { position: sticky; top: 0; z-index: 10; height: 64px; background: #234; color: #fff; }
  main { padding: 16px; }
  </style></head><body><header>Meadow Rise</header><main>
  <h1>Plots and prices</h1><p>${'Two and three bedroom homes near the park. '.repeat(40)}</p>
  <div id="map" data-mapnest-map="${id}"></div>
  <p>${'Text after the map. '.repeat(300)}</p></main>
  <script src="${baseUrl()}/embed.js" async></script></body></html>`;

const mapBox = (page: Page) =>
  page.evaluate(() => {
    const r = document.getElementById('map')!.shadowRoot!.querySelector('.mn-map')!.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height, scrollY, innerHeight };
  });

/** One finger drawn 200 px up the screen from (x, y), as a browser's touch input (not pointer events made by script). */
async function swipeUp(page: Page, x: number, y: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 10; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - i * 20 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const frames = (page: Page) =>
  page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

describe('a phone’s script-tag embed of a tall plan in a long page', () => {
  it.each([
    [390, 844],
    [375, 667],
  ])('leaves a quarter of a %i×%i screen for one finger to scroll the page past the map', async (width, height) => {
    const host = await serveHostPage(hostPage(mapId));
    const context = await browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(host.url);
    await page.locator('#map .mn-entry').first().waitFor({ timeout: 20_000 });
    // The visitor has scrolled down to the map: its top right under the header.
    await page.evaluate(() => {
      const map = document.getElementById('map')!.shadowRoot!.querySelector('.mn-map')!;
      scrollBy(0, map.getBoundingClientRect().top - 64);
    });
    await expect.poll(async () => Math.round((await mapBox(page)).top)).toBe(64);
    const at = await mapBox(page);
    expect(at.height, JSON.stringify(at)).toBeLessThanOrEqual(0.75 * height + 1);
    await artifact(page, { path: `.test-artifacts/embed-phone-page-scroll-${width}x${height}.png` });

    // One finger on the map moves the map, not the page, as in the iframe embed.
    await swipeUp(page, width / 2, at.top + 200);
    await frames(page);
    expect((await mapBox(page)).scrollY).toBe(at.scrollY);

    // One finger just below the map (at the screen's foot if the map reaches it) scrolls the page on. Not lower: the
    // directory's list there scrolls itself first.
    await swipeUp(page, width / 2, Math.min(at.bottom + 16, height - 10));
    await expect.poll(async () => (await mapBox(page)).scrollY).toBeGreaterThan(at.scrollY + 100);
    expect(errors).toEqual([]);
    await context.close();
    await host.stop();
  });
});
