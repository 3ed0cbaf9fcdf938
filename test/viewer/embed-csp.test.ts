/**
 * A script-tag embed on a site whose Content Security Policy refuses inline styles (`style-src` without
 * 'unsafe-inline', as many shops, banks and universities have): the map is styled all the same, its floor's own
 * styles (a `<style>` and thousands of style attributes, as Illustrator and Inkscape write them), the author's CSS and
 * a description's inline styles included, and the page's console is not filled with refusals; under a policy of
 * nonces and 'strict-dynamic', given the nonce on its script tag; and where the page enforces Trusted Types with a
 * list of policies that names `dompurify`, as the Publish dialog asks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { PublishedMap } from '@mapnest/shared/maps';
import { buckets, s3 } from '../helpers/accounts';
import { artifact, collectErrors, launchBrowser, readText } from '../helpers/browser';
import { serveHostPage } from '../helpers/host-page';
import { baseUrl, createPublishedMap, createUser } from '../helpers/stack';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** Rooms drawn as Inkscape does (a style attribute each), one room coloured by a class of the floor's own `<style>`. */
const ROOMS = 1500;
function floorSvg(): string {
  const rooms = Array.from(
    { length: ROOMS },
    (_, i) =>
      `<rect id="room-${i}" x="${(i % 50) * 20}" y="${Math.floor(i / 50) * 20}" width="18" height="18" style="fill:rgb(0, 0, 200);stroke:none"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 600" width="1000" height="600"><defs><style>.lobby{fill:rgb(0, 150, 0)}</style></defs><rect class="lobby" id="lobby" x="0" y="580" width="1000" height="20"/>${rooms}</svg>`;
}

async function publishMap(): Promise<string> {
  const user = await createUser();
  const key = `${user.uid}/files/0000000000000000-inkscape.svg`;
  await s3().send(
    new PutObjectCommand({ Bucket: buckets().uploads, Key: key, Body: floorSvg(), ContentType: 'image/svg+xml' }),
  );
  const demo = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as PublishedMap).document!;
  const doc = {
    ...demo,
    layers: [{ id: 'ground', name: 'Ground', file: `/files/${key}` }],
    locations: [
      {
        id: 'room-7',
        title: 'Room 7',
        layer: 'ground',
        desc: '<p style="color: rgb(200, 0, 0)">Red words</p>',
      },
    ],
    filters: [],
    styles: [],
    groups: [],
    routes: [],
  };
  doc.settings = {
    ...demo.settings,
    defaultLayer: 'ground',
    startLocation: null,
    css: '.mn-sidebar { outline: 3px solid rgb(1, 2, 3) }',
    minimap: { enabled: true, position: 'bottom-left', narrow: false },
  };
  return createPublishedMap({ title: 'Strict site', mapData: doc }, user);
}

/**
 * A customer's page with a strict policy (no inline style, no inline script), the smallest that lets the script-tag
 * embed in as the Publish dialog and web/src/embed/README.md say: the Mapnest origin in script-src, connect-src and
 * img-src. Its favicon is the server's answer to /favicon.ico (a `data:` icon would be refused by img-src).
 */
function strictPage(mapId: string): string {
  const app = baseUrl();
  const csp = `default-src 'self'; script-src ${app}; connect-src ${app}; img-src ${app}; style-src 'self'`;
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${csp}"><meta name="viewport" content="width=device-width"></head><body><h1>Our floor</h1><div data-mapnest-map="${mapId}"></div><script src="${app}/embed.js" async></script></body></html>`;
}

/** A customer's page open in a browser: its errors, and the directives of the policy refusals it reported. */
interface OnPage {
  page: Page;
  errors: string[];
  refusals(): Promise<string[]>;
}

/**
 * Serves `html` as a customer's page on 127.0.0.1, opens it (at `path`) in a context of its own with `options`,
 * recording the page's errors and its policy refusals from before its own scripts run, runs `test`, and closes both.
 */
async function onCustomerPage(
  html: string,
  options: BrowserContextOptions,
  test: (on: OnPage) => Promise<void>,
  path = '/',
): Promise<void> {
  const host = await serveHostPage(html);
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  try {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { refusals: string[] }).refusals = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective), true);
    });
    await page.goto(`${host.url}${path}`);
    await test({
      page,
      errors,
      refusals: () => page.evaluate(() => (window as unknown as { refusals: string[] }).refusals),
    });
  } finally {
    await context.close();
    await host.stop();
  }
}

const DESKTOP = { viewport: { width: 1280, height: 800 } };

const REFUSED = 'violates the following Content Security Policy directive';

describe('a script-tag embed under a Content Security Policy that refuses inline styles', () => {
  it('is styled whole, its floor, the author’s CSS and a description included, with one refusal reported, not thousands', async () => {
    const id = await publishMap();
    await onCustomerPage(strictPage(id), DESKTOP, async ({ page, errors, refusals }) => {
      const map = page.locator('[data-mapnest-map]');
      await map.locator('svg.mn-layer-svg #room-7').waitFor();
      await page.waitForFunction(() => performance.getEntriesByName('mapnest:ready').length > 0, null, {
        polling: 100,
      });
      // The minimap's module and its sheet come on demand, once the map is shown.
      await map.locator('.mn-minimap').waitFor();
      const look = () =>
        map.evaluate((el) => {
          const root = el.shadowRoot!;
          const fill = (sel: string) => getComputedStyle(root.querySelector(sel)!).fill;
          return {
            viewer: getComputedStyle(root.querySelector('.mn-viewer')!).display,
            minimap: getComputedStyle(root.querySelector('.mn-minimap')!).borderRadius,
            room: fill('#room-1499'),
            lobby: fill('#lobby'),
            author: getComputedStyle(root.querySelector('.mn-sidebar')!).outlineColor,
          };
        });
      expect(await look()).toEqual({
        viewer: 'flex',
        minimap: '8px',
        room: 'rgb(0, 0, 200)',
        lobby: 'rgb(0, 150, 0)',
        author: 'rgb(1, 2, 3)',
      });
      await map
        .getByRole('button', { name: /Room 7/ })
        .first()
        .click();
      const words = map.getByText('Red words');
      await expect.poll(() => words.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(200, 0, 0)');
      await artifact(page, { path: '.test-artifacts/embed-csp.png' });
      // Reported: the embed's first style element, which tells the viewer the page refuses them; not one per style
      // attribute of the floor (1,500 here), nor for the floor's `<style>`, nor one per sheet of the viewer.
      expect(await refusals()).toEqual(['style-src-elem']);
      expect(errors.filter((e) => !e.includes(REFUSED))).toEqual([]);
    });
  });

  it('draws a route on a phone with its Directions panel styled, and only the first style element refused', async () => {
    const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    // The page's own address plans the route (the map writes it there as a visitor plans one).
    const route = '/?from=north-entrance&to=fitlab';
    await onCustomerPage(
      strictPage('demo'),
      phone,
      async ({ page, errors, refusals }) => {
        const map = page.locator('[data-mapnest-map]');
        const status = map.getByRole('status').filter({ hasText: 'Route from' });
        await expect.poll(() => readText(status)).toMatch(/^Route from North entrance to FitLab Gym/);
        const steps = map.locator('.mn-dir-steps');
        await steps.locator('.mn-dir-step').first().waitFor();
        expect(await steps.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
        expect(await map.locator('.mn-viewer').evaluate((el) => getComputedStyle(el).display)).toBe('flex');
        await artifact(page, { path: '.test-artifacts/embed-csp-route.png' });
        expect(await refusals()).toEqual(['style-src-elem']);
        expect(errors.filter((e) => !e.includes(REFUSED))).toEqual([]);
      },
      route,
    );
  });

  it('runs under a policy of nonces and strict-dynamic when its script tag carries the nonce', async () => {
    // The strict policy security guides recommend: no host list, scripts by nonce and what they load.
    const csp =
      "script-src 'nonce-r4nd0m' 'strict-dynamic'; style-src 'nonce-r4nd0m'; object-src 'none'; base-uri 'none'";
    const html = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${csp}"><style nonce="r4nd0m">#map{height:500px}</style></head><body><div id="map" data-mapnest-map="demo"></div><script nonce="r4nd0m" src="${baseUrl()}/embed.js" async></script></body></html>`;
    await onCustomerPage(html, DESKTOP, async ({ page, errors, refusals }) => {
      const map = page.locator('#map');
      await map.locator('.mn-viewer .mn-marker-canvas').waitFor();
      expect(await map.locator('.mn-viewer').evaluate((el) => [getComputedStyle(el).display, el.clientHeight])).toEqual(
        ['flex', 500],
      );
      expect(await refusals()).toEqual(['style-src-elem']);
      expect(errors.filter((e) => !e.includes(REFUSED))).toEqual([]);
    });
  });

  it('shows its floors and descriptions where the page enforces Trusted Types and allows the policy dompurify', async () => {
    const csp = "require-trusted-types-for 'script'; trusted-types site-policy dompurify";
    const html = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${csp}"></head><body><div id="map" data-mapnest-map="demo"></div><script src="${baseUrl()}/embed.js" async></script></body></html>`;
    await onCustomerPage(
      html,
      DESKTOP,
      async ({ page, errors }) => {
        const map = page.locator('#map');
        await map.getByText('24/7 gym with classes and sauna.').waitFor();
        expect(await map.locator('svg.mn-layer-svg rect').count()).toBeGreaterThan(10);
        // Refused only: decoding a description's character references for the search (then searched as written).
        expect(errors.filter((e) => !e.includes("requires 'TrustedHTML' assignment"))).toEqual([]);
      },
      '/?location=fitlab',
    );
  });
});
