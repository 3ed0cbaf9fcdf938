/**
 * A kiosk left on for days shows what its owner publishes (web/src/embed/embed-app.ts `lookAgain`, ./kiosk/kiosk.ts):
 * in a real browser against the local stack, on Playwright's clock. While someone uses the kiosk nothing changes under
 * them; once it is at rest (started over, no one there since), it reads the published copy every 5 minutes and
 * reloads for a new publication, at its plain start; a reading that fails (offline) leaves the map as it is, and a map
 * taken offline says so until it is published again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { SaveMapResult } from '@mapnest/shared/calls';
import { collectErrors, launchBrowser, newContext } from '../helpers/browser';
import { call, type TestUser } from '../helpers/stack';
import { kioskDemo, kioskOwner } from './kiosk-maps';

/** Kiosk mode's idle time (web/src/viewer/kiosk/idle.ts) and how often a kiosk at rest looks (kiosk.ts). */
const IDLE_MS = 90_000;
const REST_MS = 300_000;

let browser: Browser;
let owner: TestUser;
let mapId: string;
let version = 1;

beforeAll(async () => {
  browser = await launchBrowser();
  const kiosk = await kioskOwner('Kiosk publisher', 1);
  owner = kiosk.user;
  mapId = await kiosk.publish('Mall kiosk', kioskDemo(true));
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

/** Publishes the kiosk map again with FreshMart renamed `title`. */
async function publishWith(title: string): Promise<void> {
  const doc: MapDocument = kioskDemo(true);
  doc.locations.find((l) => l.id === 'freshmart')!.title = title;
  const saved = await call<SaveMapResult>('saveMap', { id: mapId, baseVersion: version, mapData: doc }, owner);
  version = saved.version;
  await call('publishMap', { id: mapId, version }, owner);
}

/** Marks the page's document: the mark is gone once the page has reloaded. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
const kept = (page: Page) => page.evaluate(() => !!(window as unknown as { __kept?: boolean }).__kept);

/** Moves the page's clock by `ms` and waits for the look at the published copy that falls due meanwhile to answer. */
async function looksIn(page: Page, ms: number): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().endsWith(`/data/maps/${mapId}.json`), { timeout: 20_000 });
  await page.clock.runFor(ms);
  await answered;
}

async function loaded(page: Page): Promise<void> {
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(() => !!document.querySelector('.mn-layer-svg'), null, { polling: 100 });
}

it('reloads for a new publication only once at rest, at its plain start, not while offline, and comes back after a map is taken offline', async () => {
  const context = await newContext(browser, { width: 1080, height: 1920 });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.clock.install();
  // The page's readings of the published copy, sent and failed (the page object outlives its reloads).
  let reads = 0;
  let failed = 0;
  page.on('request', (r) => r.url().endsWith(`/data/maps/${mapId}.json`) && reads++);
  page.on('requestfailed', (r) => r.url().endsWith(`/data/maps/${mapId}.json`) && failed++);
  await page.goto(`/m/${mapId}`);
  await loaded(page);
  await mark(page);

  // A visitor opens a place; meanwhile the owner publishes a new name. The visitor keeps using the map past the
  // first look: nothing changes under them.
  await page.locator('.mn-entry').first().click();
  await expect.poll(() => new URL(page.url()).searchParams.has('location')).toBe(true);
  await publishWith('FreshMart Express');
  const before = reads;
  for (let t = 0; t < REST_MS + 60_000; t += 60_000) {
    await page.mouse.move(500, 300 + (t / 60_000) * 10);
    await page.clock.runFor(60_000);
  }
  // Not even looked at while someone is there.
  expect(reads).toBe(before);
  expect(await kept(page)).toBe(true);

  // They leave: the kiosk starts over, and at its next look it reloads with the new publication, at its plain start.
  await page.clock.runFor(IDLE_MS + REST_MS);
  await expect.poll(() => kept(page), { timeout: 20_000 }).toBe(false);
  await loaded(page);
  await expect.poll(() => page.getByText('FreshMart Express').count()).toBeGreaterThan(0);
  expect(new URL(page.url()).search).toBe('');
  await mark(page);

  // At rest with nothing new, looking changes nothing: two looks answered, the second long after a reload the first
  // would have caused.
  await looksIn(page, IDLE_MS + REST_MS);
  await looksIn(page, REST_MS);
  expect(await kept(page)).toBe(true);

  // Offline (a reading that fails, tried again twice): the map stays as it is, even with a newer publication.
  await context.setOffline(true);
  await publishWith('FreshMart Late');
  const failedBefore = failed;
  await page.clock.runFor(REST_MS);
  // The look and its two tries again, 2 s apart, each refused by the network.
  for (let tries = 1; tries <= 3; tries++) {
    await expect.poll(() => failed - failedBefore).toBeGreaterThanOrEqual(tries);
    await page.clock.runFor(2_000);
  }
  expect(await kept(page)).toBe(true);
  expect(await page.getByText('FreshMart Express').count()).toBeGreaterThan(0);
  await context.setOffline(false);
  await page.clock.runFor(REST_MS);
  await expect.poll(() => kept(page), { timeout: 20_000 }).toBe(false);
  await loaded(page);
  await expect.poll(() => page.getByText('FreshMart Late').count()).toBeGreaterThan(0);
  await mark(page);

  // Taken offline by its owner: the kiosk says the map is not found, as a new visitor's page would; published again,
  // it shows the map again by itself (the notice asks every 5 minutes), with no one there to reload it.
  await call('unpublishMap', { id: mapId }, owner);
  await page.clock.runFor(IDLE_MS + REST_MS);
  await expect.poll(() => kept(page), { timeout: 20_000 }).toBe(false);
  await page.getByRole('heading', { name: 'Map not found' }).waitFor();
  await mark(page);
  await call('publishMap', { id: mapId, version }, owner);
  await page.clock.runFor(REST_MS);
  await loaded(page);
  await expect.poll(() => page.getByText('FreshMart Late').count()).toBeGreaterThan(0);
  expect(await kept(page)).toBe(true);
  expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
  await context.close();
}, 180_000);
