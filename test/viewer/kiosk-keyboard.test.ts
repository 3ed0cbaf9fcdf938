/**
 * A shopping centre's kiosk searched by touch, in a real browser against the local stack, on a 1080×1920 and a
 * 1920×1080 touch screen: a tap on the directory's search or a Directions field opens the map's own keyboard (keys of
 * 60 px or more, the system keyboard told to stay away), whose keys type into the field as typing does ("caf" finds the
 * café), never over the field or what it lists, and the start over hides it; a destination picked under "You are
 * here" shows its route at once, the keyboard gone; suggestions are 44 px or taller on any
 * touch screen and 48 px on a kiosk; a landscape kiosk's list reads each place's second line whole. Screenshots go to
 * .test-artifacts/kiosk-keyboard.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import { artifact, collectErrors, launchBrowser } from '../helpers/browser';
import { baseUrl } from '../helpers/stack';
import { kioskAndPlainMaps, kioskDemo } from './kiosk-maps';

const ARTIFACTS = path.resolve('.test-artifacts/kiosk-keyboard');
const PORTRAIT = { width: 1080, height: 1920 };
const LANDSCAPE = { width: 1920, height: 1080 };
const SCREENS = [
  ['portrait', PORTRAIT],
  ['landscape', LANDSCAPE],
] as const;
const CAFE = 'Café Lumière';

let browser: Browser;
let kioskMap: string;
let plainMap: string;

/** The demo centre with a café (found by "caf"), beside the coffee shop it copies. */
function withCafe(kiosk: boolean): MapDocument {
  const doc = kioskDemo(kiosk);
  const grind = doc.locations.find((l) => l.id === 'daily-grind')!;
  doc.locations.push({ ...grind, id: 'cafe-lumiere', title: CAFE, about: 'French pastries and coffee.' });
  return doc;
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  [kioskMap, plainMap] = await kioskAndPlainMaps('Kiosk keyboard owner', withCafe);
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

/** Opens `urlPath` on a touch screen (no mouse, no keyboard), on Playwright's clock, its directory filled. */
async function open(urlPath: string, screen: { width: number; height: number }) {
  const context = await browser.newContext({ viewport: screen, hasTouch: true, baseURL: baseUrl() });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.clock.install();
  await page.goto(urlPath);
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
  await page.locator('.mn-entry').first().waitFor();
  return { page, errors };
}

async function tap(page: Page, target: Locator) {
  const b = (await target.boundingBox())!;
  await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
}

const keyboard = (page: Page) => page.getByRole('group', { name: 'Keyboard' });

/** Taps the keys of `text` on the on-screen keyboard. */
async function typeOnKeys(page: Page, text: string) {
  for (const c of text) await tap(page, keyboard(page).getByRole('button', { name: c, exact: true }));
}

/** Whether two boxes overlap. */
const overlap = (a: DOMRect | null, b: DOMRect | null) =>
  !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The part of `target` shown on the screen (clipped by the panels that scroll it), or null when none is. */
function shownBox(target: Locator): Promise<DOMRect | null> {
  return target.evaluate((el) => {
    let r = el.getBoundingClientRect();
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflowY === 'visible') continue;
      const c = p.getBoundingClientRect();
      const top = Math.max(r.top, c.top);
      const bottom = Math.min(r.bottom, c.bottom);
      if (bottom <= top) return null;
      r = new DOMRect(r.x, top, r.width, bottom - top);
    }
    return r;
  });
}

async function keyboardBox(page: Page) {
  return (await keyboard(page).boundingBox()) as DOMRect | null;
}

describe('a kiosk searched by touch', () => {
  for (const [shape, screen] of SCREENS)
    it(`types "caf" on its own keyboard to find the café in the directory (${shape})`, async () => {
      const { page, errors } = await open(`/m/${kioskMap}`, screen);
      const search = page.locator('.mn-search input');
      // Zoomed in, the pan buttons show; they step away while the keyboard shows (in portrait it would half cover them).
      const pan = page.getByRole('group', { name: 'Pan' });
      await tap(page, page.getByRole('button', { name: 'Zoom in' }));
      await expect.poll(() => pan.isVisible()).toBe(true);
      await tap(page, search);
      await expect.poll(() => keyboard(page).isVisible()).toBe(true);
      expect(await pan.isVisible()).toBe(false);
      expect(await search.getAttribute('inputmode')).toBe('none');
      // Every key is a 60 px target or larger, and each has a name.
      const keys = await keyboard(page)
        .getByRole('button')
        .evaluateAll((bs) => bs.map((b) => [b.getBoundingClientRect(), b.getAttribute('aria-label') ?? b.textContent]));
      expect(keys.length).toBeGreaterThanOrEqual(40);
      for (const [r, name] of keys as [DOMRect, string][]) {
        expect(Math.min(r.width, r.height), name).toBeGreaterThanOrEqual(60);
        expect(name.trim(), 'a key without a name').not.toBe('');
      }
      await typeOnKeys(page, 'caf');
      await expect.poll(() => search.inputValue()).toBe('caf');
      // The field kept focus, and the list shows the café (and what else matches), clear of the keyboard.
      expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
      const cafe = page.locator('.mn-entry').filter({ hasText: CAFE });
      await expect.poll(() => cafe.isVisible()).toBe(true);
      // Found on the next task (the café may show in the whole list before): the list is filtered once it is short.
      await expect.poll(() => page.locator('.mn-entry').count()).toBeLessThan(5);
      const kb = await keyboardBox(page);
      expect(overlap(kb, (await search.boundingBox()) as DOMRect)).toBe(false);
      expect(overlap(kb, (await page.locator('.mn-sidebar').boundingBox()) as DOMRect)).toBe(false);
      // Delete and clear type as keys do: the list follows.
      await tap(page, keyboard(page).getByRole('button', { name: 'Delete' }));
      await expect.poll(() => search.inputValue()).toBe('ca');
      await artifact(page, { path: path.join(ARTIFACTS, `search-${shape}.png`) });
      await tap(page, keyboard(page).getByRole('button', { name: 'Clear' }));
      await expect.poll(() => search.inputValue()).toBe('');
      await expect.poll(() => page.locator('.mn-entry').count()).toBeGreaterThan(5);
      await tap(page, keyboard(page).getByRole('button', { name: 'Hide keyboard' }));
      await expect.poll(() => keyboard(page).isVisible()).toBe(false);
      expect(await pan.isVisible()).toBe(true);
      expect(errors).toEqual([]);
    });

  for (const [shape, screen] of SCREENS)
    it(`types into To and picks the café from its list, the keyboard clear of both (${shape})`, async () => {
      const { page, errors } = await open(`/m/${kioskMap}?fixedfrom=info-desk`, screen);
      const to = page.getByRole('combobox', { name: 'To' });
      await to.waitFor();
      await tap(page, to);
      await expect.poll(() => keyboard(page).isVisible()).toBe(true);
      expect(await to.getAttribute('inputmode')).toBe('none');
      await typeOnKeys(page, 'caf');
      await expect.poll(() => to.inputValue()).toBe('caf');
      const list = page.getByRole('listbox', { name: 'To' });
      const option = list.getByRole('option', { name: new RegExp(CAFE) });
      await expect.poll(() => option.isVisible()).toBe(true);
      const kb = await keyboardBox(page);
      expect(overlap(kb, await shownBox(to))).toBe(false);
      const shown = await shownBox(option);
      expect(shown?.height).toBeGreaterThanOrEqual(48);
      expect(overlap(kb, shown)).toBe(false);
      expect(overlap(kb, await shownBox(list))).toBe(false);
      await artifact(page, { path: path.join(ARTIFACTS, `to-${shape}.png`) });
      await tap(page, option);
      await expect.poll(() => to.inputValue()).toBe(CAFE);
      // The destination was all there was to choose: the route shows without Go, and the keyboard is gone from it.
      await expect
        .poll(() => page.locator('.mn-directions .mn-dir-status').textContent())
        .toMatch(/^Route from Information to Café Lumière/);
      await expect.poll(() => keyboard(page).isVisible()).toBe(false);
      expect(errors).toEqual([]);
    });

  it('hides the keyboard with the start over, and shows none outside kiosk mode', async () => {
    const { page, errors } = await open(`/m/${kioskMap}`, PORTRAIT);
    await tap(page, page.locator('.mn-search input'));
    await typeOnKeys(page, 'caf');
    await page.clock.runFor(91_000);
    await expect.poll(() => keyboard(page).isVisible()).toBe(false);
    await expect.poll(() => page.locator('.mn-search input').inputValue()).toBe('');
    const plain = await open(`/m/${plainMap}`, PORTRAIT);
    await tap(plain.page, plain.page.locator('.mn-search input'));
    await expect
      .poll(() => plain.page.locator('.mn-search input').evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await keyboard(plain.page).count()).toBe(0);
    expect(await plain.page.locator('.mn-search input').getAttribute('inputmode')).toBeNull();
    expect([...errors, ...plain.errors]).toEqual([]);
  });

  it('lists suggestions at least 44 px high on a touch screen outside kiosk mode', async () => {
    const { page, errors } = await open(`/m/${plainMap}`, { width: 1024, height: 768 });
    await tap(page, page.locator('.mn-directions-toggle'));
    const from = page.getByRole('combobox', { name: 'From' });
    await from.fill('a');
    const heights = await page
      .getByRole('listbox', { name: 'From' })
      .getByRole('option')
      .evaluateAll((os) => os.map((o) => o.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(3);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    await artifact(page, { path: path.join(ARTIFACTS, 'suggestions-touch.png') });
    expect(errors).toEqual([]);
  });

  it('reads every place’s second line whole in a landscape kiosk’s list', async () => {
    const { page, errors } = await open(`/m/${kioskMap}`, LANDSCAPE);
    const cut = await page
      .locator('.mn-entry-about')
      .evaluateAll((els) =>
        els
          .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
          .map((e) => e.textContent),
      );
    expect(cut).toEqual([]);
    expect(await page.locator('.mn-entry-about').count()).toBeGreaterThan(5);
    await artifact(page, { path: path.join(ARTIFACTS, 'list-landscape.png') });
    expect(errors).toEqual([]);
  });
});
