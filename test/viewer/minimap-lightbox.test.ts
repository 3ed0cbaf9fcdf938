/**
 * Mapplic parity in the embed, in a real browser against the local stack: a published map with the minimap on
 * (drawn in its corner, moved by a click and by its arrow keys, hidden on a 390 px phone) and a location whose
 * action is the lightbox (a modal dialog that keeps focus, closed by Escape with focus given back).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, settled } from '../helpers/browser';
import { adminUser, baseUrl, call, createUser, createPublishedMap } from '../helpers/stack';

let browser: Browser;
let mapId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const user = await createUser();
  const demo = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as PublishedMap).document!;
  const doc: MapDocument = {
    ...demo,
    layers: demo.layers.map((l) => ({ ...l, file: `${baseUrl()}${l.file}` })),
    settings: { ...demo.settings, minimap: { enabled: true, position: 'bottom-left', narrow: false } },
    locations: demo.locations.map((l) => (l.id === 'fitlab' ? { ...l, action: 'lightbox' } : l)),
  };
  mapId = await createPublishedMap({ title: 'Parity', mapData: doc }, user);
  // Professional, so the published map has directions (the lightbox's Directions button).
  await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
  await call('setMapState', { id: mapId, state: 3 }, user);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** Modelled on document/wayfinding.test.ts's: the embed at a size, once its floor is drawn. */
async function open(path: string, width = 1280, height = 800): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, { width, height });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(path);
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
  return { page, errors };
}

/** The minimap's frame, in minimap pixels. */
const frame = (page: Page) =>
  page.locator('.mn-minimap-frame').evaluate((f: HTMLElement) => ({
    left: parseFloat(f.style.left),
    top: parseFloat(f.style.top),
    width: parseFloat(f.style.width),
  }));

describe('the minimap', () => {
  it('draws the floor in its corner, and a click and its arrow keys move the view', async () => {
    const { page, errors } = await open(`/m/${mapId}`);
    const minimap = page.getByRole('application', { name: 'Overview map' });
    await minimap.waitFor();
    // Drawn: the floor's image has loaded, in the bottom-left corner, with a frame.
    await expect
      .poll(() => minimap.locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true);
    expect(await minimap.evaluate((m) => !!m.closest('.mn-bottom-left'))).toBe(true);
    const hint = await minimap.getAttribute('aria-describedby');
    expect(await page.locator(`#${hint}`).textContent()).toMatch(/Arrow keys/);
    const box = (await minimap.boundingBox())!;
    expect(box.width).toBeGreaterThan(40);

    // Zoomed in, the frame is a part of the minimap, and the pan buttons show (not while the whole floor is in view).
    const whole = await frame(page);
    const pan = page.getByRole('group', { name: 'Pan' });
    expect(await pan.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await frame(page)).width).toBeLessThan(whole.width * 0.5);

    // The pan buttons move the view without a drag: right moves the frame right, down moves it down.
    await pan.waitFor();
    const centred = await frame(page);
    await pan.getByRole('button', { name: 'Pan right' }).click();
    await expect.poll(async () => (await frame(page)).left).toBeGreaterThan(centred.left + 2);
    await pan.getByRole('button', { name: 'Pan down' }).click();
    await expect.poll(async () => (await frame(page)).top).toBeGreaterThan(centred.top + 2);

    // Up to the zoom's limit by keyboard: Zoom in is marked disabled there and keeps the focus.
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    await zoomIn.focus();
    for (let i = 0; i < 8 && (await zoomIn.getAttribute('aria-disabled')) !== 'true'; i++) {
      await page.keyboard.press('Enter');
      await settled(page);
    }
    expect(await zoomIn.getAttribute('aria-disabled')).toBe('true');
    expect(await zoomIn.evaluate((b) => b === document.activeElement)).toBe(true);

    // A click near the top-left corner takes the view there.
    await minimap.click({ position: { x: 2, y: 2 } });
    await expect.poll(async () => (await frame(page)).left).toBeLessThan(1);
    await expect.poll(async () => (await frame(page)).top).toBeLessThan(1);
    expect(await minimap.evaluate((m) => m === document.activeElement)).toBe(true);

    // The arrow keys pan: right moves the frame right, down moves it down.
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await frame(page)).left).toBeGreaterThan(2);
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await frame(page)).top).toBeGreaterThan(2);
    expect(errors).toEqual([]);
  });

  it('is hidden on a 390 px wide phone', async () => {
    const { page, errors } = await open(`/m/${mapId}`, 390, 800);
    await page.waitForSelector('.mn-minimap', { state: 'attached' });
    expect(await page.locator('.mn-viewer').evaluate((v) => v.classList.contains('mn-narrow'))).toBe(true);
    expect(await page.locator('.mn-minimap').isVisible()).toBe(false);
    // Nor are the pan buttons, zoomed in: their four targets would cover a fifth of a phone's map.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    // Zoomed in (the cross is no longer hidden by the viewer), yet not shown.
    await expect.poll(() => page.locator('.mn-pan').getAttribute('hidden')).toBeNull();
    expect(await page.getByRole('group', { name: 'Pan' }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('the lightbox action', () => {
  it('opens a modal dialog from the location that keeps focus; Escape closes it and gives focus back', async () => {
    const { page, errors } = await open(`/m/${mapId}`);
    await page.getByRole('searchbox').fill('FitLab');
    const entry = page.locator('.mn-list .mn-entry', { hasText: 'FitLab Gym' });
    await entry.click();
    const dialog = page.getByRole('dialog', { name: 'FitLab Gym' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await page.locator('.mn-lightbox').isVisible()).toBe(true);
    // Not a popup on the map as well.
    expect(await page.locator('.mn-popup .mn-details').count()).toBe(0);
    // Focus moved in, on the close button, and Tab never leaves the dialog.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('mn-details-close')))
      .toBe(true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.mn-lightbox').count()).toBe(0);
    expect(await entry.evaluate((e) => e === document.activeElement)).toBe(true);

    // The close button closes it too.
    await entry.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.mn-lightbox').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('says so where it was opened when its code cannot be loaded, and a second click tries again', async () => {
    for (const [width, height, place, retry] of [
      [1280, 800, '.mn-popup', 'the location again'],
      [390, 844, '.mn-sheet', 'Try again'],
    ] as const) {
      const context = await newContext(browser, { width, height });
      const page = await context.newPage();
      const errors = collectErrors(page);
      // Offline when the lightbox is first asked for (or a deploy replaced its file): its chunk does not arrive.
      let refused = 0;
      await page.route('**/assets/lightbox-*.js', (route) => (refused++, route.abort('internetdisconnected')));
      await page.goto(`/m/${mapId}`);
      await page.waitForSelector('.mn-viewer .mn-marker-canvas');
      await page.getByRole('searchbox').fill('FitLab');
      const entry = page.locator('.mn-list .mn-entry', { hasText: 'FitLab Gym' });
      await entry.click();
      // The details show where any location's do (a popup at the place, a phone's sheet), saying what went wrong.
      const dialog = page.locator(place).getByRole('dialog', { name: 'FitLab Gym' });
      await dialog.waitFor();
      const alert = dialog.getByRole('alert');
      expect(await alert.textContent(), `${width}px`).toMatch(
        /^The large view could not be loaded\. Check your connection and try again\./,
      );
      expect(refused).toBe(1);
      expect(await page.locator('.mn-lightbox').count()).toBe(0);

      // Back online: a second click (on the location, or the note's Try again) opens the lightbox.
      await page.unroute('**/assets/lightbox-*.js');
      if (retry === 'Try again') await alert.getByRole('button', { name: 'Try again' }).click();
      else await entry.click();
      await page.locator('.mn-lightbox').getByRole('dialog', { name: 'FitLab Gym' }).waitFor();
      expect(await page.locator(`${place} .mn-details`).count(), `${width}px`).toBe(0);
      expect(await page.getByRole('alert').filter({ hasText: 'large view' }).count()).toBe(0);
      // The refused request is the only error the page logged.
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
      await context.close();
    }
  });

  it('gives way to the directions when its Directions button is pressed, so the route form can be used', async () => {
    const { page, errors } = await open(`/m/${mapId}`);
    await page.getByRole('searchbox').fill('FitLab');
    await page.locator('.mn-list .mn-entry', { hasText: 'FitLab Gym' }).click();
    const dialog = page.getByRole('dialog', { name: 'FitLab Gym' });
    await dialog.getByRole('button', { name: 'Directions' }).click();
    await expect.poll(() => page.locator('.mn-lightbox').count()).toBe(0);
    const to = page.getByRole('combobox', { name: 'To' });
    await expect.poll(() => to.inputValue()).toBe('FitLab Gym');
    // The start is asked for next, and can be typed: nothing modal is left over the form.
    const from = page.getByRole('combobox', { name: 'From' });
    await expect.poll(() => from.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('north ent');
    await expect.poll(() => from.getAttribute('aria-expanded')).toBe('true');
    expect(errors).toEqual([]);
  });
});
