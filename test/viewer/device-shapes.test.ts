/**
 * The viewer laid out by its own box on the device shapes the phone tests do not cover (ADR 065), in a real browser
 * with touch emulation: a portrait tablet stacks the map above the directory; a short box (a phone on its side, a
 * 600×400 embed in a desktop page) keeps the directory beside the map and opens a location's details in its place,
 * clear of the map, with the Directions panel and its button inside the map's box; every control on a touch screen
 * is at least 44 × 44 px. Geometry only. Screenshots go to .test-artifacts/device-shapes (MAPNEST_TEST_ARTIFACTS=1).
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { artifact, collectErrors, launchBrowser, readText, settledBox } from '../helpers/browser';
import { baseUrl } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/device-shapes');
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => browser?.close());

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
const inside = (a: Box, b: Box) =>
  a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1;

/** A page on a touch device of this size (a tablet or phone: touch, 2x pixels). */
async function touchPage(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    baseURL: baseUrl(),
  });
  const page = await context.newPage();
  return { page, errors: collectErrors(page) };
}

/** Waits for the map's floor to be drawn in `frame`. */
async function drawn(frame: Page | Frame): Promise<void> {
  await frame.waitForFunction(
    () => !!document.querySelector('.mn-layer-svg') && !document.querySelector('.mn-loading:not([hidden])'),
    null,
    { polling: 100, timeout: 20_000 },
  );
}

const boxOf = async (frame: Page | Frame, selector: string): Promise<Box> =>
  (await frame.locator(selector).first().boundingBox())!;

describe('a portrait tablet (768×1024 and 820×1180)', () => {
  it.each([
    [768, 1024],
    [820, 1180],
  ])('at %i×%i stacks the map above the directory, the map the width of the screen', async (width, height) => {
    const { page, errors } = await touchPage(width, height);
    await page.goto('/m/demo');
    await drawn(page);
    await artifact(page, { path: path.join(ARTIFACTS, `tablet-${width}x${height}.png`) });
    const map = await boxOf(page, '.mn-map');
    const sidebar = await boxOf(page, '.mn-sidebar');
    expect(map.width).toBe(width);
    expect(map.height / height).toBeGreaterThanOrEqual(0.5);
    expect(sidebar.y).toBeGreaterThanOrEqual(map.y + map.height - 1);
    // The directory shows its search and several entries.
    expect(await page.getByRole('searchbox').isVisible()).toBe(true);
    const entries = await page
      .locator('.mn-entry')
      .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().bottom <= innerHeight).length);
    expect(entries).toBeGreaterThanOrEqual(4);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the Directions panel inside the map above the directory', async () => {
    const { page, errors } = await touchPage(768, 1024);
    await page.goto('/m/demo?from=north-entrance&to=fitlab');
    const status = page.getByRole('status').filter({ hasText: 'Route from' });
    await expect.poll(() => readText(status), { timeout: 15_000 }).toMatch(/^Route from North entrance/);
    const panel = await settledBox(page.locator('.mn-directions'));
    const map = await boxOf(page, '.mn-map');
    expect(map.width).toBe(768);
    expect(inside(panel, map), `panel ${JSON.stringify(panel)} in map ${JSON.stringify(map)}`).toBe(true);
    expect(panel.y + panel.height).toBeLessThanOrEqual((await boxOf(page, '.mn-sidebar')).y);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a phone on its side (667×375)', () => {
  it('keeps the directory beside a map of at least half the screen, and opens a location in its place', async () => {
    const { page, errors } = await touchPage(667, 375);
    await page.goto('/m/demo');
    await drawn(page);
    const map = await boxOf(page, '.mn-map');
    expect(map.width * map.height).toBeGreaterThanOrEqual(0.55 * 667 * 375);
    await page.locator('.mn-entry').nth(1).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await settledBox(page.locator('.mn-pane'), 10);
    await artifact(page, { path: path.join(ARTIFACTS, 'phone-667x375-location.png') });
    // The details take the directory's place beside the map: the map is as large as before, nothing over it.
    const details = (await dialog.boundingBox())!;
    const after = await boxOf(page, '.mn-map');
    expect(after).toEqual(map);
    expect(overlaps(details, after)).toBe(false);
    expect(await page.locator('.mn-popup').count()).toBe(0);
    // Back brings the directory again.
    await dialog.getByRole('button', { name: /Back|Close/ }).click();
    await expect.poll(() => page.locator('.mn-entry').first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a 600×400 iframe embed on a desktop page (1280×800)', () => {
  let server: Server;
  let host: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const search = new URL(req.url ?? '/', 'http://x').search;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><body style="margin:0"><h1>Visit us</h1>
        <iframe id="map" src="${baseUrl()}/m/demo${search}" title="Map" style="width:600px;height:400px;border:0"></iframe>
        </body>`);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  async function frameOf(page: Page, query = ''): Promise<Frame> {
    await page.goto(`${host}/${query}`);
    const frame = await (await page.locator('#map').elementHandle())!.contentFrame();
    await drawn(frame!);
    return frame!;
  }

  it('lays out by its box, not the window: the directory beside the map, a location’s details in its place', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = collectErrors(page);
    const frame = await frameOf(page, '?location=freshmart');
    await frame.getByRole('dialog').waitFor();
    await settledBox(frame.locator('.mn-pane'), 10);
    await artifact(page, { path: path.join(ARTIFACTS, 'iframe-600x400-location.png') });
    const map = await boxOf(frame, '.mn-map');
    const details = (await frame.getByRole('dialog').boundingBox())!;
    // Beside, not stacked: the map has the box's full height and most of its width.
    expect(map.height).toBe(400);
    expect(map.width).toBeGreaterThanOrEqual(340);
    expect(overlaps(details, map)).toBe(false);
    expect(details.height).toBeGreaterThan(300);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the Directions panel inside the map in its button’s place, the route’s summary readable', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = collectErrors(page);
    const frame = await frameOf(page, '?from=north-entrance&to=fitlab');
    const status = frame.getByRole('status').filter({ hasText: 'Route from' });
    await expect.poll(() => readText(status), { timeout: 15_000 }).toMatch(/^Route from North entrance/);
    const panel = await settledBox(frame.locator('.mn-directions'));
    await artifact(page, { path: path.join(ARTIFACTS, 'iframe-600x400-route.png') });
    const map = await boxOf(frame, '.mn-map');
    expect(inside(panel, map), `panel ${JSON.stringify(panel)} in map ${JSON.stringify(map)}`).toBe(true);
    // A box this short gives the panel its button's height too (the panel closes by its ✕), and the button is back,
    // whole, once it has.
    const toggle = frame.locator('.mn-directions-toggle');
    expect(await toggle.isHidden()).toBe(true);
    await status.scrollIntoViewIfNeeded();
    expect(inside((await status.boundingBox())!, panel)).toBe(true);
    await frame.getByRole('button', { name: 'Close directions' }).click();
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect((await boxOf(frame, '.mn-directions-toggle')).height).toBeGreaterThanOrEqual(36);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('touch targets', () => {
  it.each([
    ['a phone', 390, 844],
    ['a tablet', 820, 1180],
  ])('are at least 44 × 44 px on %s, with a location open', async (_, width, height) => {
    const { page, errors } = await touchPage(width, height);
    await page.goto('/m/demo?location=freshmart');
    await drawn(page);
    await page.getByRole('dialog').waitFor();
    const small = await page.evaluate(() => {
      const out: string[] = [];
      for (const el of Array.from(document.querySelectorAll('.mn-viewer button, .mn-viewer input, .mn-viewer a'))) {
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height || el.closest('.mn-sr-only, .mn-in-view, .mn-details-desc, .mn-details-extra'))
          continue;
        if (el.matches('input[type=search]')) {
          const field = el.closest('.mn-search')!.getBoundingClientRect();
          if (field.height >= 44) continue;
        }
        if (r.width < 44 || r.height < 44)
          out.push(`${el.getAttribute('aria-label') ?? el.textContent?.trim()} ${r.width}×${r.height}`);
      }
      return out;
    });
    expect(small).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
