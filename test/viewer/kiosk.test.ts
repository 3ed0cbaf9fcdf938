/**
 * Kiosk mode in the embed, in a real browser against the local stack, on Playwright's clock (no real waiting): a
 * kiosk map (`layout.kiosk`) opened by a deep link, then used as a visitor does (a search, filters, another floor, a
 * route, the zoom, the list scrolled), is back at its plain start after 90 s without input: nothing open, no route
 * and no search, the filters cleared, the start floor and the home view, the list at its top and the address without
 * the deep links. Input counts the time from zero again; `?kiosk=1` makes one embed a kiosk, whose fixed start
 * ("You are here") stays; without kiosk mode (the map's, or `?kiosk=0`) nothing starts over.
 */

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifact, collectErrors, launchBrowser, newContext, settledBox } from '../helpers/browser';
import { kioskDemo, kioskOwner } from './kiosk-maps';

/** The idle time of kiosk mode (web/src/viewer/kiosk/idle.ts), and a second more. */
const IDLE_MS = 90_000;
const PAST_IDLE_MS = IDLE_MS + 1_000;

let browser: Browser;
/** The demo shopping centre as a Professional map (directions on): a kiosk map, and the same map without. */
let kioskMap: string;
let plainMap: string;
/** The kiosk map drawn edge to edge (no padding), with FreshMart at the plan's right edge. */
let edgeMap: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const { publish } = await kioskOwner('Kiosk owner', 3);
  const edge = kioskDemo(true);
  edge.settings.padding = 0;
  edge.locations.find((l) => l.id === 'freshmart')!.coord = [0.995, 0.5];
  [kioskMap, plainMap] = await Promise.all([
    publish('Kiosk', kioskDemo(true)),
    publish('Not a kiosk', kioskDemo(false)),
  ]);
  // After those two (an account holds at most two test maps, and each is one until it is made Professional).
  edgeMap = await publish('Edge to edge', edge);
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * Opens `path` in a kiosk's window (portrait unless `screen` says otherwise), on Playwright's clock (it runs on until
 * a test moves it by hand).
 */
async function open(path: string, screen = { width: 1080, height: 1920 }): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, screen);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.clock.install();
  await page.goto(path);
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
  return { page, errors };
}

/**
 * Counts the input events the page receives (those kiosk mode listens for): `after(act)` does `act` and waits until
 * the page has had its event, as a wheel's comes a frame later, so that the clock is not moved on before it arrives.
 */
async function inputProbe(page: Page): Promise<{ after(act: () => Promise<unknown>): Promise<void> }> {
  const count = () => page.evaluate(() => (window as unknown as { __inputs: number }).__inputs);
  await page.evaluate(() => {
    const w = window as unknown as { __inputs: number };
    w.__inputs = 0;
    for (const type of ['pointerdown', 'keydown', 'wheel'])
      document.addEventListener(type, () => (w.__inputs += 1), { capture: true, passive: true });
  });
  return {
    async after(act) {
      const before = await count();
      await act();
      await page.waitForFunction((n) => (window as unknown as { __inputs: number }).__inputs > n, before, {
        polling: 100,
      });
    },
  };
}

/** Where the map and the directory are on the screen. */
async function layout(page: Page) {
  const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
  return { map: await box('.mn-map'), list: await box('.mn-sidebar') };
}

const params = (page: Page) => [...new URL(page.url()).searchParams.keys()].sort();
const floorPressed = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Floors' }).getByRole('button', { name }).getAttribute('aria-pressed');
/** The Directions control in the map's corner (an open location's details have a Directions button too). */
const directionsToggle = (page: Page) => page.locator('.mn-directions-toggle');
const routeShown = (page: Page) => page.locator('.mn-dir-step').count();
const listScroll = (page: Page) => page.locator('.mn-list-scroller').evaluate((el) => el.scrollTop);

describe('a kiosk map', () => {
  it('opens its deep link, and 90 s after the last input is back at its plain start', async () => {
    const { page, errors } = await open(`/m/${kioskMap}?location=sushi-go`);
    // A portrait screen: the map above across the whole width, the directory under it (not a narrow strip of map
    // beside the list over a tall empty screen).
    const { map, list } = await layout(page);
    expect(map).toMatchObject({ x: 0, y: 0, width: 1080 });
    expect(map.height).toBeGreaterThan(1920 / 2);
    expect(list.y).toBeGreaterThanOrEqual(map.y + map.height - 1);
    expect(list.width).toBe(1080);
    // The deep link works on the first load: its location opens on its floor.
    await expect.poll(() => page.getByRole('dialog').getByText('Sushi Go').count()).toBeGreaterThan(0);
    expect(await floorPressed(page, 'First floor')).toBe('true');

    // A visitor's session: a route (shown from the ground floor, which closes the place), filters, the zoom, a
    // search, and a place on the first floor opened from the list.
    await directionsToggle(page).click();
    await page.getByRole('combobox', { name: 'From' }).fill('north ent');
    await page.getByRole('option', { name: /North entrance/ }).click();
    await page.getByRole('combobox', { name: 'To' }).fill('fitlab');
    await page.getByRole('option', { name: /FitLab Gym/ }).click();
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect.poll(() => routeShown(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'Food & Drink', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Open late' }).check();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('searchbox').fill('tea');
    await page.locator('.mn-entry').filter({ hasText: 'Bubble Tea' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Bubble Tea').count()).toBeGreaterThan(0);
    expect(await floorPressed(page, 'First floor')).toBe('true');
    expect(params(page)).toEqual(['from', 'location', 'to']);
    expect(await page.getByRole('button', { name: 'Reset map' }).isVisible()).toBe(true);

    // Not yet: a few seconds short of the idle time since the last input (the click on the list).
    await page.clock.runFor(IDLE_MS - 5_000);
    expect(await page.getByRole('searchbox').inputValue()).toBe('tea');
    expect(await routeShown(page)).toBeGreaterThan(0);
    expect(await page.getByRole('dialog').count()).toBe(1);

    await page.clock.runFor(10_000);
    await expect.poll(() => page.getByRole('searchbox').inputValue()).toBe('');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await directionsToggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await routeShown(page)).toBe(0);
    expect(await page.locator('.mn-route-line').getAttribute('d')).toBeNull();
    // The filters cleared, and folded away again, as the map starts.
    const hidden = { exact: true, includeHidden: true };
    expect(await page.getByRole('button', { name: 'Food & Drink', ...hidden }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(await page.getByRole('checkbox', { name: 'Open late', ...hidden }).isChecked()).toBe(false);
    expect(await page.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.mn-filters').isHidden()).toBe(true);
    expect(await floorPressed(page, 'Ground floor')).toBe('true');
    // The home view: the camera back at the whole map, so Reset has nothing to do and hides.
    await page.clock.runFor(1_000);
    expect(await page.getByRole('button', { name: 'Reset map' }).isVisible()).toBe(false);
    // The address is the plain start's: a reload would not bring the last visitor's place or route back.
    expect(params(page)).toEqual([]);
    // The directions open empty for the next visitor.
    await directionsToggle(page).click();
    expect(await page.getByRole('combobox', { name: 'From' }).inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'To' }).inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('counts the idle time from the last touch, key or wheel, and scrolls the list back to its top', async () => {
    const { page, errors } = await open(`/m/${kioskMap}`);
    await page.locator('.mn-entry').filter({ hasText: 'Denim Dept.' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    await page.locator('.mn-list-scroller').evaluate((el) => (el.scrollTop = 600));
    expect(await listScroll(page)).toBe(600);
    const inputs = await inputProbe(page);
    await page.clock.runFor(60_000);
    await inputs.after(() => page.locator('.mn-result-bar').click());
    await page.clock.runFor(60_000);
    await inputs.after(() => page.keyboard.press('Shift'));
    await page.clock.runFor(60_000);
    await inputs.after(() => page.mouse.wheel(0, 10));
    await page.clock.runFor(IDLE_MS - 5_000);
    expect(await page.getByRole('dialog').count()).toBe(1);
    await page.clock.runFor(10_000);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await listScroll(page)).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the warning before a kiosk starts over', () => {
  it('warns on screen and to a screen reader 20 s ahead; a key keeps the visitor’s route, and the start over is said', async () => {
    const { page, errors } = await open(`/m/${kioskMap}`);
    await page.locator('.mn-entry').filter({ hasText: 'Denim Dept.' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    const alert = page.locator('.mn-kiosk-notice');
    await page.clock.runFor(IDLE_MS - 21_000);
    expect(await alert.isVisible()).toBe(false);
    await page.clock.runFor(2_000);
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await alert.textContent()).toBe(
      'Starting over for the next visitor in 20 seconds. Touch the screen or press a key to stay.',
    );
    // Seen over the map, inside it, clear of nothing it needs (it goes at the first touch).
    const [box, map] = [(await alert.boundingBox())!, (await page.locator('.mn-map').boundingBox())!];
    expect(box.y).toBeGreaterThanOrEqual(map.y);
    expect(box.x + box.width).toBeLessThanOrEqual(map.x + map.width);
    await artifact(page, { path: path.resolve('.test-artifacts/kiosk/warning-1080x1920.png') });
    // A screen reader user presses a key: the location stays open, the warning goes.
    const inputs = await inputProbe(page);
    await inputs.after(() => page.keyboard.press('Shift'));
    expect(await alert.isVisible()).toBe(false);
    await page.clock.runFor(IDLE_MS - 21_000);
    expect(await page.getByRole('dialog').count()).toBe(1);
    // Nobody answers the next warning: the map starts over and says so, to screen readers only.
    await page.clock.runFor(22_000);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => alert.textContent()).toBe('The map started over for the next visitor.');
    expect(await alert.evaluate((el) => el.classList.contains('mn-sr-only'))).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('a landscape kiosk', () => {
  it('keeps the directory beside the map', async () => {
    const { page, errors } = await open(`/m/${kioskMap}`, { width: 1920, height: 1080 });
    const { map, list } = await layout(page);
    expect(list).toMatchObject({ x: 0, y: 0, height: 1080 });
    expect(map.x).toBeGreaterThanOrEqual(list.width - 1);
    expect(map.height).toBe(1080);
    expect(errors).toEqual([]);
  });
});

describe('a route on a portrait kiosk', () => {
  it.each([
    ['freshmart', false],
    ['fitlab', false],
    // A plan drawn to the screen's edges (no padding) with its destination at the plan's very edge.
    ['freshmart', true],
  ])(
    'keeps its start and end markers wholly on the map beside the panel (to %s, edge to edge: %s)',
    async (to, edge) => {
      const { page, errors } = await open(`/m/${edge ? edgeMap : kioskMap}?from=north-entrance&to=${to}`);
      await expect.poll(() => routeShown(page), { timeout: 15_000 }).toBeGreaterThan(0);
      // The player has drawn the route's last floor (its end marker is in) and the camera has come to rest there.
      await expect.poll(() => page.locator('.mn-route-end circle').count(), { timeout: 15_000 }).toBe(2);
      await settledBox(page.locator('.mn-pane'), 10);
      await artifact(page, { path: `.test-artifacts/kiosk-route-${to}${edge ? '-edge' : ''}.png` });
      const { map, panel, markers } = await page.evaluate(() => {
        const box = (el: Element) => el.getBoundingClientRect().toJSON() as DOMRect;
        const dots = [...document.querySelectorAll('.mn-route-start, .mn-route-end circle')];
        return {
          map: box(document.querySelector('.mn-map')!),
          panel: box(document.querySelector('.mn-directions')!),
          markers: dots.filter((d) => getComputedStyle(d).display !== 'none').map(box),
        };
      });
      // A long route's steps may fill the map's height (the panel stopped at 760 px, under half of a portrait screen,
      // and cut a museum's fourth step in half); it scrolls only beyond that. Not wider: a side panel wider than
      // 320 px leaves a plan drawn to the screen's edges no room beside it for the route's ends.
      const reach = await page
        .locator('.mn-directions')
        .evaluate((el) => el.getBoundingClientRect().top + parseFloat(getComputedStyle(el).maxHeight));
      expect(reach).toBeGreaterThanOrEqual(map.bottom);
      expect(panel.width).toBe(320);
      expect(markers.length).toBeGreaterThanOrEqual(1);
      for (const m of markers) {
        const where = `marker ${JSON.stringify(m)} in map ${JSON.stringify(map)} beside panel ${JSON.stringify(panel)}`;
        expect(m.left, where).toBeGreaterThanOrEqual(map.left);
        expect(m.right, where).toBeLessThanOrEqual(map.right);
        expect(m.top, where).toBeGreaterThanOrEqual(map.top);
        expect(m.bottom, where).toBeLessThanOrEqual(map.bottom);
        const underPanel = m.right > panel.left && m.left < panel.right && m.bottom > panel.top && m.top < panel.bottom;
        expect(underPanel, where).toBe(false);
      }
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});

describe('an embed made a kiosk with ?kiosk=1', () => {
  it('starts over keeping its fixed start ("You are here") and its panel open', async () => {
    const { page, errors } = await open(`/m/${plainMap}?kiosk=1&fixedfrom=info-desk`);
    expect((await layout(page)).map.width).toBe(1080);
    // A fixed start opens the directions on load.
    await expect.poll(() => directionsToggle(page).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('combobox', { name: 'To' }).fill('sushi');
    await page.getByRole('option', { name: /Sushi Go/ }).click();
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect.poll(() => routeShown(page)).toBeGreaterThan(0);
    await page.clock.runFor(PAST_IDLE_MS);
    await expect.poll(() => routeShown(page)).toBe(0);
    expect(await directionsToggle(page).getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByText('You are here: Information').count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'To' }).inputValue()).toBe('');
    expect(await page.getByRole('status').filter({ hasText: 'Route from' }).count()).toBe(0);
    expect(await floorPressed(page, 'Ground floor')).toBe('true');
    expect(errors).toEqual([]);
  });

  it('starts over at once from Reset map, for a visitor who does not wait for the idle time', async () => {
    const { page, errors } = await open(`/m/${plainMap}?kiosk=1&fixedfrom=info-desk`);
    await expect.poll(() => directionsToggle(page).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('combobox', { name: 'To' }).fill('sushi');
    await page.getByRole('option', { name: /Sushi Go/ }).click();
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect.poll(() => routeShown(page)).toBeGreaterThan(0);
    await page.getByRole('searchbox').fill('tea');
    // The route moved the camera off its home view: Reset map shows, and starts over (it only reset the view).
    await page.getByRole('button', { name: 'Reset map' }).click();
    await expect.poll(() => routeShown(page)).toBe(0);
    expect(await page.getByRole('searchbox').inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'To' }).inputValue()).toBe('');
    expect(await page.getByText('You are here: Information').count()).toBe(1);
    expect(await floorPressed(page, 'Ground floor')).toBe('true');
    expect(errors).toEqual([]);
  });
});

describe('without kiosk mode', () => {
  for (const [name, path] of [
    ['a map that is not a kiosk', () => `/m/${plainMap}?location=sushi-go`],
    ['a kiosk map embedded with ?kiosk=0', () => `/m/${kioskMap}?location=sushi-go&kiosk=0`],
  ] as const)
    it(`keeps what the visitor left open: ${name}`, async () => {
      const { page, errors } = await open(path());
      // A box taller than wide stacks the map above the directory, kiosk or not (ADR 065).
      const { map, list } = await layout(page);
      expect(list.y).toBeGreaterThanOrEqual(map.y + map.height - 1);
      await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
      await page.getByRole('searchbox').fill('tea');
      await page.clock.runFor(3 * IDLE_MS);
      expect(await page.getByRole('dialog').count()).toBe(1);
      expect(await page.getByRole('searchbox').inputValue()).toBe('tea');
      expect(new URL(page.url()).searchParams.get('location')).toBe('sushi-go');
      // Nothing of kiosk mode was even downloaded.
      expect(
        await page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/idle-/.test(r.name))),
      ).toBe(false);
      expect(errors).toEqual([]);
    });
});
