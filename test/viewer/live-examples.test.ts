/**
 * The landing hero and the case studies show real, published maps in the real viewer (not illustrations): in
 * Chromium at a laptop and a phone size, each page's map box draws its base plan and markers on the canvas, keeps
 * its size while the map loads (nothing below it moves), and the page logs no error. Screenshots go to
 * .test-artifacts/live-examples. The stack serves web/dist, so build first (or name a folder in MAPNEST_WEB_DIST).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import type { PublishedMap } from '@mapnest/shared/maps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchBrowser, artifact, readText } from '../helpers/browser';
import { EXAMPLE_MAPS } from '../../web/src/state/config';
import { baseUrl } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/live-examples');
const PAGES = [
  ['landing', '/'],
  ['real-estate', '/case-study/real-estate'],
  ['retail', '/case-study/retail'],
  ['geographic', '/case-study/geographic'],
] as const;
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

/**
 * Runs in the page before its own scripts: notes when the page with the map's box has been painted and every layout
 * shift, so the test adds up the shifts after that (the app's own swap of its loading spinner for the page, in the
 * frame that paints the page, is not the map's doing).
 */
const WATCH_SHIFTS = `
  window.__boxAt = null;
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ at: e.startTime, value: e.value });
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.live-example__map')) return;
    observer.disconnect();
    // From the frame after the one that first painted the box with the page around it.
    requestAnimationFrame(() => setTimeout(() => { window.__boxAt = performance.now(); }));
  }).observe(document, { childList: true, subtree: true });
`;

let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Pixels that differ between two screenshots of the same box (RGBA, compared channel by channel). */
async function differingPixels(a: Buffer, b: Buffer): Promise<number> {
  const [ra, rb] = await Promise.all(
    [a, b].map((png) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  expect([ra!.info.width, ra!.info.height]).toEqual([rb!.info.width, rb!.info.height]);
  let n = 0;
  for (let i = 0; i < ra!.data.length; i += 4) {
    if (
      Math.abs(ra!.data[i]! - rb!.data[i]!) +
        Math.abs(ra!.data[i + 1]! - rb!.data[i + 1]!) +
        Math.abs(ra!.data[i + 2]! - rb!.data[i + 2]!) >
      24
    )
      n++;
  }
  return n;
}

/** How many pixels of the map box the marker canvas paints: the box with the canvas shown, against hidden. */
async function markerPixels(page: Page): Promise<number> {
  const viewport = page.locator('.live-example .mn-viewport').first();
  const hide = (hidden: boolean) =>
    page.evaluate((h) => {
      document
        .querySelectorAll<HTMLElement>('.live-example .mn-markers')
        .forEach((el) => (el.style.visibility = h ? 'hidden' : ''));
    }, hidden);
  await hide(true);
  const without = await viewport.screenshot();
  await hide(false);
  const withMarkers = await viewport.screenshot();
  return differingPixels(without, withMarkers);
}

describe.each(VIEWPORTS)('live example maps at $width×$height', (size) => {
  it.each(PAGES)(
    '%s draws its published map in the real viewer',
    async (name, url) => {
      const context = await browser.newContext({ viewport: size, baseURL: baseUrl(), deviceScaleFactor: 1 });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        const errors = collectErrors(page);
        await page.addInitScript(WATCH_SHIFTS);
        await page.goto(url);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // The map's box is there, at its final size, before the map is.
        const box = page.locator('.live-example__map').first();
        const reserved = await box.boundingBox();
        const caption = await page.locator('.live-example__caption').first().boundingBox();
        expect(reserved!.height).toBeGreaterThan(300);
        await page.locator('.live-example .mn-viewport').first().waitFor();
        await page.waitForLoadState('networkidle');
        // The base plan is inlined (an SVG layer) and the viewer reports no layer error.
        await page.locator('.live-example .mn-pane svg').first().waitFor();
        expect(await page.locator('.live-example .mn-layer-error:not([hidden])').count()).toBe(0);
        await page.locator('.live-example .mn-loading').first().waitFor({ state: 'hidden' });
        expect(await box.boundingBox()).toEqual(reserved);
        expect(await page.locator('.live-example__caption').first().boundingBox()).toEqual(caption);
        expect(await markerPixels(page)).toBeGreaterThan(150);
        // The viewer's code was asked for only after the page had painted its text, and the page did not jump.
        const timing = await page.evaluate(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
          const viewer = performance
            .getEntriesByType('resource')
            .filter((e) => /\/assets\/ExampleViewer-[^/]*\.js$/.test(e.name));
          const w = window as unknown as { __boxAt: number | null; __shifts: { at: number; value: number }[] };
          const shift = w.__shifts
            .filter((e) => w.__boxAt !== null && e.at >= w.__boxAt)
            .reduce((n, e) => n + e.value, 0);
          return {
            fcp,
            viewerStart: viewer.length ? Math.min(...viewer.map((e) => e.startTime)) : null,
            shift,
            boxAt: w.__boxAt,
          };
        });
        expect(timing.boxAt, 'the map box was seen appearing').not.toBeNull();
        expect(timing.viewerStart, 'the viewer chunk was loaded').not.toBeNull();
        expect(timing.viewerStart!).toBeGreaterThanOrEqual(timing.fcp);
        expect(timing.shift).toBeLessThan(0.02);
        // Keyboard: the map can be focused and zoomed from the keyboard like any embed.
        await page.locator('.live-example .mn-viewport').first().focus();
        expect(await page.evaluate(() => document.activeElement?.classList.contains('mn-viewport'))).toBe(true);
        expect(await page.getByRole('link', { name: 'Open full screen' }).getAttribute('href')).toMatch(
          /^\/maps\/[A-Za-z0-9]+$/,
        );
        await artifact(page, { path: path.join(ARTIFACTS, `${name}-${size.width}.png`) });
        await page
          .locator('.live-example')
          .first()
          .evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await artifact(page, { path: path.join(ARTIFACTS, `${name}-${size.width}-map.png`) });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    90_000,
  );
});

describe('the real-estate example', () => {
  it('shows the lots’ states through its filters: a status and a price narrow the directory to the matching lots', async () => {
    const map = (await (
      await fetch(`${baseUrl()}/data/maps/${EXAMPLE_MAPS.realEstate.id}.json`)
    ).json()) as PublishedMap;
    const lots = map.document!.locations.filter((l) => l.id.startsWith('lot-'));
    const available = lots.filter((l) => l.groups?.includes('available'));
    const availableUnder350k = available.filter((l) => Number(l.fields?.price) < 350_000);
    expect(availableUnder350k.length).toBeGreaterThan(0);
    expect(availableUnder350k.length).toBeLessThan(available.length);

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, baseURL: baseUrl() });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const errors = collectErrors(page);
      await page.goto('/case-study/real-estate');
      const example = page.locator('.live-example');
      await example.locator('.mn-viewport').waitFor();
      const count = example.locator('.mn-result-bar > span').first();
      await example.getByRole('button', { name: 'Filters' }).click();
      await example.getByRole('button', { name: 'Available', exact: true }).click();
      await expect.poll(() => count.textContent()).toBe(`${available.length} found`);
      await example.getByLabel('Under $350,000').check();
      await expect.poll(() => count.textContent()).toBe(`${availableUnder350k.length} found`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe('the landing hero', () => {
  it('has the viewer’s own Directions (the demo counts as Professional), which route across floors without touching the page’s address', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, baseURL: baseUrl() });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const errors = collectErrors(page);
      await page.goto('/');
      const hero = page.locator('.hero .live-example');
      await hero.locator('.mn-viewport').waitFor();
      await hero.getByRole('button', { name: 'Directions', exact: true }).click();
      // The hero's map is a short box: the open panel takes its button's place (the button is out of the
      // accessibility tree until the panel closes).
      await expect.poll(() => hero.locator('.mn-directions-toggle').getAttribute('aria-expanded')).toBe('true');
      const from = hero.getByRole('combobox', { name: 'From' });
      await from.fill('north ent');
      await from.press('Enter');
      const to = hero.getByRole('combobox', { name: 'To' });
      await to.fill('fitlab');
      await to.press('Enter');
      await hero.getByRole('button', { name: 'Go' }).click();
      const status = hero.getByRole('status').filter({ hasText: 'Route from' });
      await expect
        .poll(() => readText(status))
        .toMatch(/^Route from North entrance to FitLab Gym: \d+ m, one floor change\.$/);
      expect(new URL(page.url()).search).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe('a built-in map’s borders', () => {
  it.each(VIEWPORTS)(
    'are about a pixel wide on screen at $width×$height, painted under the fill, and an open region’s outline whole',
    async (size) => {
      const context = await browser.newContext({ viewport: size, baseURL: baseUrl(), deviceScaleFactor: 1 });
      try {
        const page = await context.newPage();
        await page.goto('/case-study/geographic');
        const plan = page.locator('.live-example .mn-layer-svg').first();
        await plan.waitFor();
        // What a country's outline measures on screen: its width in the plan's units times the plan's scale, unless
        // it does not scale; half of it is painted under the fill, the other half shows.
        const border = () =>
          plan.evaluate((svg) => {
            const path = svg.querySelector('path:not(.context)')!;
            const style = getComputedStyle(path);
            const scale = (svg as SVGSVGElement).getScreenCTM()!.a;
            const nonScaling = style.getPropertyValue('vector-effect') === 'non-scaling-stroke';
            const width = parseFloat(style.strokeWidth) * (nonScaling ? 1 : scale);
            return { shown: style.paintOrder.startsWith('stroke') ? width / 2 : width, scale };
          });
        const fitted = await border();
        // In the plan's own units the outline was a fifth of a pixel on a phone: countries of one grey ran together.
        expect(fitted.shown).toBeGreaterThanOrEqual(0.7);
        expect(fitted.shown).toBeLessThanOrEqual(1);
        await page.locator('.live-example .mn-viewport').first().focus();
        for (let i = 0; i < 3; i++) await page.keyboard.press('+');
        await expect.poll(async () => (await border()).scale).toBeGreaterThan(fitted.scale * 2);
        expect((await border()).shown).toBe(fitted.shown);
        // An open region, and one a search matches, keep their whole 3 px outline over their fill.
        const regions = page.locator('.live-example g.mn-region, .live-example path.mn-region');
        for (const [i, state] of [
          [0, 'mn-active'],
          [1, 'mn-region-match'],
        ] as const) {
          await regions.nth(i).evaluate((el, c) => el.classList.add(c), state);
          expect(await regions.nth(i).evaluate((el) => getComputedStyle(el).paintOrder), state).toBe('normal');
        }
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
