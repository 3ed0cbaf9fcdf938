/**
 * A visitor at a shopping centre's kiosk, in a real browser against the local stack, with touch alone (a 1080×1920
 * touch screen, no keyboard and no mouse): nothing takes them off the map (a shop's website is not offered, its phone
 * and email and a description's link to elsewhere read as text, a location that is a link shows its details, and no
 * link in the viewer is followed), a shop's details show whole beside the "You are here" directions panel that
 * a kiosk keeps open, and the page itself is neither zoomed by a pinch or a double tap outside the map nor selected or
 * given a context menu by a long press. Outside kiosk mode links and the page behave as before. Screenshots go to
 * .test-artifacts/kiosk-visitor.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { artifact, collectErrors, launchBrowser, settledBox } from '../helpers/browser';
import { baseUrl } from '../helpers/stack';
import { kioskAndPlainMaps, kioskDemo } from './kiosk-maps';

const ARTIFACTS = path.resolve('.test-artifacts/kiosk-visitor');

let browser: Browser;
/** The demo shopping centre as a Professional map: a kiosk, and the same map without kiosk mode. */
let kioskMap: string;
let plainMap: string;

/** The demo centre with a link to elsewhere in Harrow & Finch's description, and Denim Dept. a link location. */
function centre(kiosk: boolean) {
  const doc = kioskDemo(kiosk);
  const store = doc.locations.find((l) => l.id === 'harrow-finch')!;
  store.desc += '<p><a href="https://example.com/offers">See the offers</a></p>';
  doc.locations.find((l) => l.id === 'denim-dept')!.action = 'link';
  return doc;
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  [kioskMap, plainMap] = await kioskAndPlainMaps('Kiosk visitor owner', centre);
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

/** Opens `urlPath` on a portrait touch screen, its directory filled; also counts the pages the context opens. */
async function open(urlPath: string) {
  const context = await browser.newContext({
    viewport: { width: 1080, height: 1920 },
    hasTouch: true,
    deviceScaleFactor: 1,
    baseURL: baseUrl(),
  });
  const page = await context.newPage();
  const opened: string[] = [];
  context.on('page', (p) => opened.push(p.url()));
  const errors = collectErrors(page);
  await page.goto(urlPath);
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
  await page.locator('.mn-entry').first().waitFor();
  return { page, errors, opened };
}

/** A finger's tap at the middle of `target`. */
async function tap(page: Page, target: Locator) {
  const b = (await target.boundingBox())!;
  await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
}

/** Taps the list's entry for `title` and waits for its details to come to rest. */
async function openFromList(page: Page, title: string) {
  await tap(page, page.locator('.mn-entry').filter({ hasText: title }).first());
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await settledBox(dialog);
  return dialog;
}

const where = (page: Page) => new URL(page.url()).pathname;

/** Double-clicks the first word of the list's first heading ("DEPARTMENT STORES"), and returns what is selected. */
async function selectWord(page: Page): Promise<string> {
  await page
    .locator('.mn-list-header')
    .first()
    .dblclick({ position: { x: 30, y: 12 } });
  return page.evaluate(() => String(getSelection()).trim());
}

describe('a kiosk', () => {
  it('offers no shop’s website, shows its phone and email as text, and follows no link off the map', async () => {
    const { page, errors, opened } = await open(`/m/${kioskMap}`);
    const start = where(page);
    const details = await openFromList(page, 'Harrow & Finch');
    await artifact(page, { path: path.join(ARTIFACTS, 'details.png') });
    // No button to a site the visitor could not come back from.
    expect(await details.getByRole('link', { name: 'Visit website' }).isVisible()).toBe(false);
    // The description's link to elsewhere, the phone and the email read as text, and a tap follows none of them.
    const offers = details.getByText('See the offers');
    expect(await offers.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
    await tap(page, offers);
    await tap(page, details.getByRole('button', { name: 'Phone' }));
    await tap(page, details.getByText('+44 20 7946 0100'));
    await tap(page, details.getByRole('button', { name: 'Email' }));
    await tap(page, details.getByText('hello@harrowfinch.example'));

    // A location that is a link shows its details instead of leaving.
    await tap(page, details.getByRole('button', { name: 'Close' }));
    const denim = await openFromList(page, 'Denim Dept.');
    await tap(page, denim.getByRole('button', { name: 'Close' }));
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Any other link in the viewer (one in a floor plan, say) is not followed either.
    await page.locator('.mn-map').evaluate((map) => {
      const a = Object.assign(document.createElement('a'), { href: 'https://example.com/', target: '_blank' });
      a.textContent = 'Elsewhere';
      a.style.cssText = 'position:absolute;left:20px;top:600px;z-index:9;padding:20px;background:#fff';
      map.append(a);
    });
    await tap(page, page.getByRole('link', { name: 'Elsewhere' }));
    await tap(page, page.getByRole('button', { name: 'Zoom in' }));
    await expect.poll(() => page.getByRole('button', { name: 'Reset map' }).isVisible()).toBe(true);
    expect(where(page)).toBe(start);
    expect(opened).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows a shop’s details whole beside the “You are here” panel it keeps open', async () => {
    const { page, errors } = await open(`/m/${kioskMap}?fixedfrom=info-desk`);
    const panel = page.locator('.mn-directions');
    await expect.poll(() => panel.isVisible()).toBe(true);
    // The department store spans the plan's height at its left, under the panel's column.
    const details = await openFromList(page, 'Harrow & Finch');
    await artifact(page, { path: path.join(ARTIFACTS, 'details-beside-panel.png') });
    const box = (await details.boundingBox())!;
    const under = (await panel.boundingBox())!;
    const map = (await page.locator('.mn-map').boundingBox())!;
    // Its text and buttons, not a strip of its title cut off under the map's edge.
    expect(box.height).toBeGreaterThan(300);
    expect(box.y + box.height).toBeLessThanOrEqual(map.y + map.height);
    // Clear of the panel it sits beside.
    const overlaps = box.x < under.x + under.width && under.x < box.x + box.width && box.y < under.y + under.height;
    expect(overlaps).toBe(false);
    expect(errors).toEqual([]);
  });

  it('lets no pinch, double tap or long press zoom, select or open a menu on the page', async () => {
    const { page, errors } = await open(`/m/${kioskMap}`);
    const viewer = page.locator('.mn-viewer');
    // Outside the map only scrolling is left to the browser: no pinch or double-tap zoom of the page.
    expect(await viewer.evaluate((el) => getComputedStyle(el).touchAction)).toBe('pan-x pan-y');
    expect(await viewer.evaluate((el) => getComputedStyle(el).userSelect)).toBe('none');
    // A long press selects what a double click does: nothing (outside kiosk mode, the word under it).
    expect(await selectWord(page)).toBe('');
    const menuRefused = (target: Locator) =>
      target.evaluate((el) => !el.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })));
    await expect.poll(() => menuRefused(page.locator('.mn-entry').first())).toBe(true);
    expect(await menuRefused(page.locator('.mn-viewport'))).toBe(true);
    // The search field still takes what an on-screen keyboard types.
    await tap(page, page.getByRole('searchbox'));
    await page.keyboard.insertText('tea');
    await expect.poll(() => page.locator('.mn-entry').filter({ hasText: 'Bubble Tea' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('outside kiosk mode', () => {
  it('keeps the website’s button, the contact links, the page’s gestures and its menu', async () => {
    const { page, errors } = await open(`/m/${plainMap}`);
    const details = await openFromList(page, 'Harrow & Finch');
    expect(await details.getByRole('link', { name: 'Visit website' }).getAttribute('href')).toBe(
      'https://example.com/stores/harrow-finch',
    );
    expect(await details.getByRole('link', { name: 'See the offers' }).count()).toBe(1);
    expect(await details.getByText('See the offers').evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe(
      'underline',
    );
    await tap(page, details.getByRole('button', { name: 'Phone' }));
    expect(await details.getByRole('link', { name: '+44 20 7946 0100' }).getAttribute('href')).toBe(
      'tel:+442079460100',
    );
    const viewer = page.locator('.mn-viewer');
    expect(await viewer.evaluate((el) => getComputedStyle(el).touchAction)).toBe('auto');
    expect(await selectWord(page)).toBe('DEPARTMENT');
    const refused = await page
      .locator('.mn-entry')
      .first()
      .evaluate((el) => !el.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })));
    expect(refused).toBe(false);
    expect(errors).toEqual([]);
  });
});
