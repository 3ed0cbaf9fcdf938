/**
 * Kiosk mode sized for a wall screen used standing, at arm's length, in a real browser against the local stack: on a
 * 1080×1920 kiosk every control a visitor can see (the zoom, the floors, Directions and its panel, the search box,
 * the Filters button and the filters, the list's entries, a place's popup and its buttons) is a touch target of at
 * least 48×48 px (WCAG 2.5.5), and the list's text is at least 18 px; outside kiosk mode (a plain map, or a kiosk map
 * embedded with `?kiosk=0`) the desktop's sizes stay as they were. Screenshots go to .test-artifacts/kiosk-touch.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifact, collectErrors, launchBrowser, newContext } from '../helpers/browser';
import { kioskAndPlainMaps } from './kiosk-maps';

const ARTIFACTS = path.resolve('.test-artifacts/kiosk-touch');
/** The smallest touch target (WCAG 2.5.5) and text (the list's) a kiosk shows. */
const TARGET = 48;
const TEXT = 18;

let browser: Browser;
/** The demo shopping centre as a Professional map (directions on): a kiosk map, and the same map without. */
let kioskMap: string;
let plainMap: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  [kioskMap, plainMap] = await kioskAndPlainMaps('Kiosk touch owner');
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

async function open(urlPath: string, screen: { width: number; height: number }) {
  const context = await newContext(browser, screen);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(urlPath);
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
  // The directory's entries are put in a frame after the markers' first drawing (directory/fill.ts).
  await page.locator('.mn-entry').first().waitFor();
  return { page, errors };
}

/**
 * The viewer's visible controls smaller than `min` px either way, described: buttons, fields, selects, links drawn
 * as buttons, a combobox's options, and a checkbox's label (the label is its target: a tap on it ticks the box).
 * What is visually hidden for screen readers only (.mn-sr-only) is no target on the screen and is left out.
 */
function smallTargets(page: Page, min: number): Promise<string[]> {
  return page.evaluate((min) => {
    const root = document.querySelector('.mn-viewer')!;
    const found = root.querySelectorAll(
      'button, select, input, a.mn-primary-button, a.mn-chip-button, [role="button"], [role="option"]',
    );
    const targets = new Set<Element>();
    for (const el of Array.from(found)) {
      const box = el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.closest('label') ?? el) : el;
      if (box.closest('.mn-sr-only, .mn-sr-only-focusable')) continue;
      if (!box.checkVisibility({ visibilityProperty: true })) continue;
      targets.add(box);
    }
    const small: string[] = [];
    for (const el of targets) {
      const r = el.getBoundingClientRect();
      if (r.width >= min - 0.5 && r.height >= min - 0.5) continue;
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
      small.push(`${el.tagName.toLowerCase()}.${el.className} "${name}" ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
    }
    return small;
  }, min);
}

/** How many of the viewer's controls are visible (to be sure there was something to measure). */
const visibleControls = (page: Page) =>
  page
    .locator('.mn-viewer')
    .evaluate(
      (root) =>
        Array.from(root.querySelectorAll('button, select, input')).filter(
          (el) => !el.closest('.mn-sr-only') && el.checkVisibility({ visibilityProperty: true }),
        ).length,
    );

/** The font sizes of the list's entries' text in view (titles and what is said of them), and whether each fits. */
const listText = (page: Page) =>
  page.locator('.mn-list-scroller').evaluate((scroller) => {
    const view = scroller.getBoundingClientRect();
    return Array.from(scroller.querySelectorAll('.mn-entry'))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.bottom > view.top && r.top < view.bottom;
      })
      .flatMap((entry) => {
        const box = entry.getBoundingClientRect();
        return Array.from(entry.querySelectorAll('.mn-entry-title, .mn-entry-about')).map((t) => {
          const r = t.getBoundingClientRect();
          return {
            text: t.textContent ?? '',
            size: parseFloat(getComputedStyle(t).fontSize),
            inside: r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5,
          };
        });
      });
  });

const box = async (page: Page, selector: string) => {
  const b = (await page.locator(selector).first().boundingBox())!;
  return { width: Math.round(b.width), height: Math.round(b.height) };
};

/** The sizes of a few of the viewer's controls and its text, as the desktop has them. */
async function desktopSizes(page: Page) {
  return {
    zoom: await box(page, '.mn-button-stack .mn-control'),
    floor: (await box(page, '.mn-floor')).height,
    search: (await box(page, '.mn-search')).height,
    filters: await box(page, '.mn-search .mn-icon-button'),
    entry: (await box(page, '.mn-entry')).height,
    font: await page.locator('.mn-viewer').evaluate((el) => getComputedStyle(el).fontSize),
    title: await page
      .locator('.mn-entry-title')
      .first()
      .evaluate((el) => getComputedStyle(el).fontSize),
  };
}

/** The desktop's sizes (viewer.css outside kiosk mode). */
const DESKTOP = {
  zoom: { width: 36, height: 36 },
  floor: 30,
  search: 40,
  filters: { width: 32, height: 32 },
  entry: 64,
  font: '14px',
  title: '14px',
};

describe('a portrait kiosk (1080×1920)', () => {
  it('makes every control a visitor sees at least 48×48 px, and the list’s text at least 18 px', async () => {
    const { page, errors } = await open(`/m/${kioskMap}`, { width: 1080, height: 1920 });
    const check = async (what: string) => {
      await artifact(page, { path: path.join(ARTIFACTS, `kiosk-${what}.png`) });
      expect(await smallTargets(page, TARGET), what).toEqual([]);
    };
    // The portrait layout stays: the map across the top, the directory under it.
    const map = (await page.locator('.mn-map').boundingBox())!;
    const list = (await page.locator('.mn-sidebar').boundingBox())!;
    expect(map).toMatchObject({ x: 0, y: 0, width: 1080 });
    expect(list.y).toBeGreaterThanOrEqual(map.y + map.height - 1);
    expect(await visibleControls(page)).toBeGreaterThanOrEqual(8);
    await check('start');
    expect(await page.locator('.mn-viewer').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBe(TEXT);
    const text = await listText(page);
    expect(text.length).toBeGreaterThan(4);
    for (const t of text) {
      expect(t.size, t.text).toBeGreaterThanOrEqual(TEXT);
      // Each entry's row holds its larger text (the list's rows are set ahead, directory/list-keys.ts rowHeight).
      expect(t.inside, t.text).toBe(true);
    }

    // The filters folded out: their buttons and the checkbox's label.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'Food & Drink', exact: true }).waitFor();
    await check('filters');
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect.poll(() => page.locator('.mn-filters').isHidden()).toBe(true);

    // A place's popup, opened from the list: its close button and its actions.
    await page.getByRole('searchbox').fill('sushi');
    await page.locator('.mn-entry').filter({ hasText: 'Sushi Go' }).click();
    await page.getByRole('dialog').getByText('Sushi Go').first().waitFor();
    await check('details');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Directions: the panel's fields, its list of places while one is typed, and the route's steps.
    await page.locator('.mn-directions-toggle').click();
    await page.getByRole('combobox', { name: 'From' }).fill('north ent');
    await page.getByRole('option', { name: /North entrance/ }).waitFor();
    await check('directions-options');
    await page.getByRole('option', { name: /North entrance/ }).click();
    await page.getByRole('combobox', { name: 'To' }).fill('fitlab');
    await page.getByRole('option', { name: /FitLab Gym/ }).click();
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect.poll(() => page.locator('.mn-dir-step').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await check('route');
    expect(errors).toEqual([]);
  });
});

describe('an embed made a kiosk with ?kiosk=1', () => {
  it('is sized for touch too, on a landscape screen beside its directory', async () => {
    const { page, errors } = await open(`/m/${plainMap}?kiosk=1`, { width: 1920, height: 1080 });
    const list = (await page.locator('.mn-sidebar').boundingBox())!;
    expect(list).toMatchObject({ x: 0, y: 0, height: 1080 });
    expect(await smallTargets(page, TARGET)).toEqual([]);
    for (const t of await listText(page)) expect(t.size, t.text).toBeGreaterThanOrEqual(TEXT);
    expect(errors).toEqual([]);
  });
});

describe('outside kiosk mode (1440×900)', () => {
  it('keeps the desktop’s sizes, which kiosk mode raises on the same screen', async () => {
    for (const url of [`/m/${plainMap}`, `/m/${kioskMap}?kiosk=0`]) {
      const { page, errors } = await open(url, { width: 1440, height: 900 });
      expect(await desktopSizes(page), url).toEqual(DESKTOP);
      expect(errors).toEqual([]);
      await page.context().close();
    }
    const { page, errors } = await open(`/m/${plainMap}?kiosk=1`, { width: 1440, height: 900 });
    const kiosk = await desktopSizes(page);
    expect(kiosk.zoom.width).toBeGreaterThanOrEqual(TARGET);
    expect(kiosk.zoom.height).toBeGreaterThanOrEqual(TARGET);
    expect(kiosk.floor).toBeGreaterThanOrEqual(TARGET);
    expect(kiosk.filters).toEqual({ width: TARGET, height: TARGET });
    expect(kiosk.font).toBe(`${TEXT}px`);
    expect(errors).toEqual([]);
  });
});
