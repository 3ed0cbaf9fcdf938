/**
 * A shopping centre's kiosk used by touch alone, with no keyboard, in a real browser against the local stack, on a
 * 1080×1920 and a 1920×1080 touch screen: a tap on the Directions panel's From or To lists every place to pick (no
 * typing), "You are here" is marked on the map on its floor over the markers and is still there after the start over,
 * no Full screen button is offered, headings and the form's labels read at 18 px or more without breaking the layout,
 * and a small shop opens with its surroundings in view. Screenshots go to .test-artifacts/kiosk-no-keyboard.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { artifact, collectErrors, launchBrowser, settledBox } from '../helpers/browser';
import { baseUrl } from '../helpers/stack';
import { kioskAndPlainMaps } from './kiosk-maps';

const ARTIFACTS = path.resolve('.test-artifacts/kiosk-no-keyboard');
const PORTRAIT = { width: 1080, height: 1920 };
const LANDSCAPE = { width: 1920, height: 1080 };
/** The smallest touch target (WCAG 2.5.8's comfortable size) and the smallest heading or label a kiosk shows. */
const TARGET = 44;
const TEXT = 18;

let browser: Browser;
/** The demo shopping centre as a Professional map: a kiosk, and the same map without kiosk mode. */
let kioskMap: string;
let plainMap: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  [kioskMap, plainMap] = await kioskAndPlainMaps('Kiosk without keyboard owner');
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

/** Opens `urlPath` on a touch screen (no mouse, no keyboard), on Playwright's clock, its directory filled. */
async function open(urlPath: string, screen = PORTRAIT) {
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

/** A finger's tap at the middle of `target`. */
async function tap(page: Page, target: Locator) {
  const b = (await target.boundingBox())!;
  await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
}

/** The places the Directions panel routes between: the map's located places (the list's entries less none). */
const placesOnNetwork = (page: Page) => page.getByRole('listbox').getByRole('option').count();

const floorButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Floors' }).getByRole('button', { name });

describe('a kiosk without a keyboard', () => {
  for (const [shape, screen] of [
    ['portrait', PORTRAIT],
    ['landscape', LANDSCAPE],
  ] as const)
    it(`lists every place at a tap on To, and routes from "You are here" to one picked by touch (${shape})`, async () => {
      const { page, errors } = await open(`/m/${kioskMap}?fixedfrom=info-desk`, screen);
      const to = page.getByRole('combobox', { name: 'To' });
      await to.waitFor();
      await tap(page, to);
      const list = page.getByRole('listbox', { name: 'To' });
      await expect.poll(() => list.isVisible()).toBe(true);
      // Every place, more than the 50 a typed search shows at most: nothing is out of reach without typing.
      expect(await placesOnNetwork(page)).toBeGreaterThan(50);
      const heights = await list
        .getByRole('option')
        .evaluateAll((os) => os.map((o) => o.getBoundingClientRect().height));
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(TARGET);
      await artifact(page, { path: path.join(ARTIFACTS, `to-list-${shape}.png`) });
      const sushi = list.getByRole('option', { name: /Sushi Go/ });
      await sushi.scrollIntoViewIfNeeded();
      await tap(page, sushi);
      await expect.poll(() => to.inputValue()).toBe('Sushi Go');
      await tap(page, page.getByRole('button', { name: 'Go', exact: true }));
      await expect.poll(() => page.locator('.mn-dir-step').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });

  it('lists every place at a tap on From where the kiosk has no fixed start, and not outside kiosk mode', async () => {
    const { page, errors } = await open(`/m/${kioskMap}`);
    await tap(page, page.locator('.mn-directions-toggle'));
    const from = page.getByRole('combobox', { name: 'From' });
    await tap(page, from);
    await expect.poll(() => page.getByRole('listbox', { name: 'From' }).isVisible()).toBe(true);
    expect(await placesOnNetwork(page)).toBeGreaterThan(50);
    // Outside kiosk mode a tap on the field lists nothing until something is typed, as before.
    const plain = await open(`/m/${plainMap}`);
    await tap(plain.page, plain.page.locator('.mn-directions-toggle'));
    await tap(plain.page, plain.page.getByRole('combobox', { name: 'From' }));
    expect(await plain.page.getByRole('listbox', { name: 'From' }).isVisible()).toBe(false);
    expect([...errors, ...plain.errors]).toEqual([]);
  });

  it('marks "You are here" on the map, on its floor, over the markers, and after the start over', async () => {
    const { page, errors } = await open(`/m/${kioskMap}?fixedfrom=info-desk`);
    const here = page.getByRole('img', { name: 'You are here: \u2068Information\u2069' });
    await expect.poll(() => here.isVisible()).toBe(true);
    expect(await here.textContent()).toBe('You are here');
    // Over the map's canvas (the markers) and inside the map; a tap goes through it to the map below.
    const onTop = () =>
      here.evaluate((el) => {
        const r = el.querySelector('span')!.getBoundingClientRect();
        el.style.pointerEvents = 'auto';
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        el.style.pointerEvents = '';
        return !!top && el.contains(top);
      });
    expect(await onTop()).toBe(true);
    const map = (await page.locator('.mn-map').boundingBox())!;
    const mark = (await here.boundingBox())!;
    expect(mark.y).toBeGreaterThan(map.y);
    expect(mark.y + mark.height).toBeLessThan(map.y + map.height);
    await artifact(page, { path: path.join(ARTIFACTS, 'you-are-here.png') });
    // The information desk is on the ground floor: not on the first.
    await tap(page, floorButton(page, 'First floor'));
    await expect.poll(() => here.isVisible()).toBe(false);
    await page.clock.runFor(91_000);
    await expect.poll(() => floorButton(page, 'Ground floor').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => here.isVisible()).toBe(true);
    expect(await onTop()).toBe(true);
    await artifact(page, { path: path.join(ARTIFACTS, 'you-are-here-after-start-over.png') });
    expect(errors).toEqual([]);
  });

  it('offers no Full screen (a kiosk browser is full screen already), as a map outside kiosk mode does', async () => {
    const { page, errors } = await open(`/m/${kioskMap}`);
    const plain = await open(`/m/${plainMap}`);
    expect(await plain.page.getByRole('button', { name: 'Full screen' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Zoom in' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Full screen' }).count()).toBe(0);
    expect([...errors, ...plain.errors]).toEqual([]);
  });

  for (const [shape, screen] of [
    ['portrait', PORTRAIT],
    ['landscape', LANDSCAPE],
  ] as const)
    it(`reads its group headings and the form's labels at ${TEXT} px or more, nothing cut off (${shape})`, async () => {
      const { page, errors } = await open(`/m/${kioskMap}`, screen);
      await tap(page, page.locator('.mn-directions-toggle'));
      await page.locator('.mn-dir-label').first().waitFor();
      const sizes = await page
        .locator('.mn-list-header, .mn-dir-label')
        .evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
      expect(sizes.length).toBeGreaterThan(2);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(TEXT);
      // The panel, the list and the page keep within their widths.
      const overflow = await page.evaluate(() =>
        ['.mn-directions', '.mn-sidebar', '.mn-list-header']
          .flatMap((s) => Array.from(document.querySelectorAll(s)))
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.className),
      );
      expect(overflow).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(screen.width);
      await artifact(page, { path: path.join(ARTIFACTS, `text-${shape}.png`) });
      expect(errors).toEqual([]);
    });

  it('opens a small shop with its surroundings in view, not at the map’s greatest zoom', async () => {
    const { page, errors } = await open(`/m/${kioskMap}`);
    const scale = () => page.locator('.mn-pane').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
    const home = await scale();
    // Sunnies is a 34 px kiosk unit of the 1600 px plan: framed with room alone, it would fill the screen at 5×.
    await tap(page, page.locator('.mn-entry').filter({ hasText: 'Sunnies' }).first());
    await settledBox(page.getByRole('dialog').filter({ hasText: 'Sunnies' }));
    await expect.poll(async () => (await scale()) / home).toBeGreaterThan(2);
    // The camera at rest (the stage marks it moving until then).
    await page.locator('.mn-viewport:not(.mn-moving)').waitFor();
    await artifact(page, { path: path.join(ARTIFACTS, 'small-shop.png') });
    expect((await scale()) / home).toBeLessThanOrEqual(3.01);
    expect(errors).toEqual([]);
  });
});
