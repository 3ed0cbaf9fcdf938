/**
 * The editor on a touch tablet (iPad Air, 820×1180 upright and 1180×820 sideways, a touch screen) against a desktop
 * (1440×900): instructions say "Tap" where the primary pointer is a finger and "Click" with a mouse; the toast after
 * a floor's upload covers neither the new floor's controls, the panels nor the map's zoom buttons; and a text field
 * focused low in a column is scrolled above the on-screen keyboard.
 *
 * Headless Chromium has no on-screen keyboard and cannot make its visual viewport shorter than its layout viewport
 * (its device emulation resizes both), so the keyboard is a stand-in `window.visualViewport` (installed before the
 * app loads) whose height the test lowers, as iPadOS Safari lowers the real one. What this proves: with the editor's
 * real layout and styles, the field ends above the keyboard's top edge. What it cannot: how a real browser's own
 * scrolling on focus combines with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { documentWith } from '../helpers/documents';
import { artifact, collectErrors, launchBrowser, signInWithTokens } from '../helpers/browser';
import { baseUrl, call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let user: TestUser;
/** The map the tests that add nothing to it open (a free account holds two). */
let mapId: string;

const PORTRAIT = { width: 820, height: 1180 };
const LANDSCAPE = { width: 1180, height: 820 };
const DESKTOP = { width: 1440, height: 900 };

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Tablet Author' });
  mapId = await createMap();
}, 60_000);
afterAll(async () => browser?.close());

/** A map of three locations on two floors. */
function createMap(): Promise<string> {
  const doc = documentWith(3);
  doc.layers = [
    { id: 'ground', name: 'Ground floor', file: '/builtin/usa.svg' },
    { id: 'first', name: 'First floor', file: '/builtin/usa.svg' },
  ];
  doc.locations.forEach((l) => (l.layer = 'ground'));
  return call<string>('createMap', { title: 'Tablet map', mapData: doc }, user);
}

/**
 * A stand-in for the visual viewport: `window.__keyboard(px)` brings a keyboard of that height up over the bottom of
 * the window (0 takes it down), with the resize event a browser sends.
 */
function fakeVisualViewport() {
  const vv = Object.assign(new EventTarget(), { offsetTop: 0, offsetLeft: 0, pageTop: 0, pageLeft: 0, scale: 1 });
  const full = () => document.documentElement.clientHeight;
  let covered = 0;
  Object.defineProperty(vv, 'height', { get: () => full() - covered });
  Object.defineProperty(vv, 'width', { get: () => document.documentElement.clientWidth });
  Object.defineProperty(window, 'visualViewport', { get: () => vv, configurable: true });
  (window as unknown as { __keyboard(px: number): void }).__keyboard = (px: number) => {
    covered = px;
    vv.dispatchEvent(new Event('resize'));
  };
}

async function openEditor(
  mapId: string,
  viewport: { width: number; height: number },
  opts: { touch: boolean; keyboard?: boolean; as?: TestUser; scale?: number },
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    isMobile: opts.touch,
    hasTouch: opts.touch,
    deviceScaleFactor: opts.scale ?? 1,
    ...(opts.scale
      ? {
          userAgent:
            'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        }
      : {}),
    baseURL: baseUrl(),
  });
  const page = await context.newPage();
  if (opts.keyboard) await page.addInitScript(fakeVisualViewport);
  await signInWithTokens(page, opts.as ?? user);
  await page.goto(`/maps/${mapId}`);
  await page.waitForSelector('.editor .mn-layer-svg', { timeout: 30_000 });
  return page;
}

/** The press for the device: a tap on a touch screen, a click with a mouse. */
const press = (page: Page, selector: string, touch: boolean) =>
  touch ? page.locator(selector).first().tap() : page.locator(selector).first().click();

describe('the editor on a touch tablet', () => {
  it('says "Tap" in its instructions on a touch screen and "Click" with a mouse', async () => {
    for (const [viewport, touch, word] of [
      [PORTRAIT, true, 'Tap'],
      [DESKTOP, false, 'Click'],
    ] as const) {
      const page = await openEditor(mapId, viewport, { touch });
      const errors = collectErrors(page);
      const hint = await page.locator('.inspector__empty p').first().textContent();
      expect(hint).toMatch(new RegExp(`^${word} a location on the map`));
      expect(hint).toContain(`Choose “+ Add” and ${word.toLowerCase()} the map`);
      expect(await page.locator('.editor .mn-viewport').getAttribute('aria-label')).toBe(
        `Map: ${word.toLowerCase()} a location to select it; with the add tool, ${word.toLowerCase()} the map to add one`,
      );
      await press(page, '.locations-panel .panel__row button[aria-pressed]', touch);
      await page.getByRole('button', { name: `${word} the map to add…` }).waitFor();
      expect(
        await page
          .locator('.editor__body')
          .getByText(touch ? /click/i : /\btap/i)
          .count(),
      ).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('keeps each formatting button’s word on one line in the inspector of a tablet held sideways (1024×768)', async () => {
    // An iPad's screen: 2 device pixels to the CSS pixel.
    const page = await openEditor(mapId, { width: 1024, height: 768 }, { touch: true, scale: 2 });
    await page.locator('.vlist__row').first().tap();
    const bar = page.getByRole('toolbar', { name: 'Description formatting' });
    await bar.scrollIntoViewIfNeeded();
    // One line each: the text of every button lies on one line (a word broken as "Lin k" lies on two).
    const lines = await bar.locator('button').evaluateAll((bs) =>
      bs.map((b) => {
        const range = document.createRange();
        range.selectNodeContents(b);
        return [b.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
      }),
    );
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.filter(([, n]) => n !== 1)).toEqual([]);
    await artifact(page, { path: '.test-artifacts/editor-tablet-1024-inspector.png' });
    await page.context().close();
  });

  it('shows the toast of a floor’s upload clear of the new floor’s controls, the panels and the zoom buttons', async () => {
    // A map of its own: the floors it adds stay out of the other tests.
    const mapId = await createMap();
    // The size of the map, so the new floor's file asks nothing more.
    const plan = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="800" viewBox="0 0 1000 800">
      <rect width="1000" height="800" fill="#f1f5f9"/><rect id="shop" x="100" y="100" width="300" height="200" fill="#cbd5e1"/></svg>`;
    for (const [viewport, touch] of [
      [PORTRAIT, true],
      [LANDSCAPE, true],
      [DESKTOP, false],
    ] as const) {
      const page = await openEditor(mapId, viewport, { touch });
      const errors = collectErrors(page);
      await press(page, '[role=tab]:has-text("Layers")', touch);
      const floors = await page.locator('.card-list > .card').count();
      await page.setInputFiles('[data-testid=layer-file-input]', {
        name: `Floor ${floors + 1}.svg`,
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(plan),
      });
      await page.locator('.editor__toast', { hasText: 'Uploaded' }).waitFor({ timeout: 20_000 });
      // The new floor's name is focused for renaming; the toast then takes its place.
      await page.waitForFunction(() => document.activeElement?.closest('.card-list > .card:last-child'), null, {
        polling: 100,
      });
      await expect.poll(() => toastOverlaps(page), { interval: 100, timeout: 3_000 }).toEqual([]);
      await artifact(page, { path: `.test-artifacts/touch-tablet-toast-${viewport.width}x${viewport.height}.png` });
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('brings the whole card of a floor just uploaded into view, its buttons too, sideways', async () => {
    // A map of one floor, its second from the upload; an account of its own (a free one holds two test maps).
    const author = await createUser({ name: 'One-floor Author' });
    const doc = documentWith(3);
    doc.layers = [{ id: 'ground', name: 'Ground floor', file: '/builtin/usa.svg' }];
    const mapId = await call<string>('createMap', { title: 'One floor', mapData: doc }, author);
    const page = await openEditor(mapId, LANDSCAPE, { touch: true, as: author });
    const errors = collectErrors(page);
    await page.getByRole('tab', { name: /^Layers/ }).tap();
    await page.setInputFiles('[data-testid=layer-file-input]', {
      name: 'Floor 2.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="800"><rect width="10" height="10"/></svg>',
      ),
    });
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.card-list > .card').length === 2 &&
        document.activeElement?.closest('.card-list > .card:last-child'),
      null,
      { polling: 100, timeout: 20_000 },
    );
    // Focusing the name field scrolled the panel only as far as that field; its Delete was under the fold.
    await expect.poll(() => newFloorOutOfView(page), { interval: 100, timeout: 3_000 }).toEqual([]);
    await artifact(page, { path: '.test-artifacts/touch-tablet-new-floor-1180x820.png' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('scrolls a field focused low in the form above the keyboard, upright', async () => {
    const page = await openEditor(mapId, PORTRAIT, { touch: true, keyboard: true });
    await page.locator('.vlist__row[data-id="loc1"]').tap();
    await page.waitForSelector('.location-form .rte__btn');
    // A text field of the form brought near the foot of the screen, then tapped: the keyboard comes up under it.
    const field = page.locator('.location-form input[type=text]').last();
    await field.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - (innerHeight - 60)));
    await field.tap();
    await expectAboveKeyboard(page, 420);
    await page.context().close();
  });

  it('scrolls the last field of a side panel above the keyboard, sideways', async () => {
    const page = await openEditor(mapId, LANDSCAPE, { touch: true, keyboard: true });
    await page.getByRole('tab', { name: /^Settings/ }).tap();
    // Its last section opened and scrolled to its end; the last of its fields tapped, near the foot of the window.
    await page.locator('.editor__panel summary', { hasText: 'Texts (translation)' }).tap();
    await page.locator('.editor__panel').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.locator('.editor__panel details[open] input[type=text]').last().tap();
    await expectAboveKeyboard(page, 360);
    await page.context().close();
  });
});

/**
 * What the toast covers that the author needs next: the controls of the floor just added, the side panel and the
 * form beside the map (in three columns), the zoom buttons; or that it is not whole in the window. 'gone' when no
 * toast is shown.
 */
function toastOverlaps(page: Page): Promise<string[] | 'gone'> {
  return page.evaluate(() => {
    const toast = document.querySelector('.editor__toast');
    if (!toast) return 'gone';
    const t = toast.getBoundingClientRect();
    const hits = (r: DOMRect) =>
      r.width > 0 && r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom;
    const found: string[] = [];
    if (t.left < 0 || t.top < 0 || t.right > innerWidth || t.bottom > innerHeight) found.push('outside the window');
    const card = document.querySelector('.card-list > .card:last-child')!;
    for (const el of card.querySelectorAll<HTMLElement>('button, input, select')) {
      if (hits(el.getBoundingClientRect())) found.push(`new floor's ${el.textContent?.trim() || el.tagName}`);
    }
    for (const el of document.querySelectorAll<HTMLElement>('.editor__zoom-btn')) {
      if (hits(el.getBoundingClientRect())) found.push(`zoom ${el.textContent?.trim()}`);
    }
    if (!matchMedia('(max-width: 820px)').matches) {
      for (const part of ['.editor__side', '.editor__inspector']) {
        if (hits(document.querySelector(part)!.getBoundingClientRect())) found.push(part);
      }
    }
    return found;
  });
}

/** The controls of the floor just added that are outside the side panel's visible part (or the window's). */
function newFloorOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const panel = document.querySelector('.editor__panel')!.getBoundingClientRect();
    const top = Math.max(panel.top, 0);
    const bottom = Math.min(panel.bottom, innerHeight);
    const card = document.querySelector('.card-list > .card:last-child')!;
    return [...card.querySelectorAll<HTMLElement>('button, input, select')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.top < top || r.bottom > bottom);
      })
      .map((el) => el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName);
  });
}

/** Brings the stand-in keyboard up (`height` px) and waits until the focused field is above it, 12 px clear. */
async function expectAboveKeyboard(page: Page, height: number): Promise<void> {
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement!;
      const r = el.getBoundingClientRect();
      return { tag: el.tagName, top: Math.round(r.top), bottom: Math.round(r.bottom) };
    });
  const before = await focused();
  expect(before.tag).toBe('INPUT');
  // Under the keyboard's top edge before it comes up: the test proves something.
  expect(before.bottom).toBeGreaterThan(page.viewportSize()!.height - height);
  await page.evaluate((px) => (window as unknown as { __keyboard(px: number): void }).__keyboard(px), height);
  const top = page.viewportSize()!.height - height;
  await expect
    .poll(async () => (await focused()).bottom, { interval: 100, timeout: 5_000 })
    .toBeLessThanOrEqual(top - 12);
  expect((await focused()).top).toBeGreaterThanOrEqual(0);
  await artifact(page, { path: `.test-artifacts/touch-tablet-keyboard-${page.viewportSize()!.width}.png` });
}
