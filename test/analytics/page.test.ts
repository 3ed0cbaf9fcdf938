/**
 * End to end in Chromium: a visitor uses a Professional map's embed (opens a location, searches), the page is
 * hidden, and the owner then sees those counts: in the editor's Analytics tab, and on the analytics page it opens
 * (/maps/{id}/analytics), whose charts are drawn at 1440 and at 390 px wide without horizontal overflow
 * (screenshots in .test-artifacts/analytics). A map that is not Professional shows the explanation and the way to
 * upgrade; someone else's map is not found. The owner sets the map's analytics time zone with the keyboard. A chart's
 * legend gives the day pointed at (hovered with a mouse, tapped on a phone) and its numbers, and before that says how
 * to point at one: it read "Day: -- Views: --" until then, and the day with a meaningless "12:00am".
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dayOf, type MapAnalytics } from '@mapnest/shared/analytics';
import { sendBeacon } from '../helpers/beacons';
import { documentWith } from '../helpers/documents';
import { collectErrors, launchBrowser, newContext, signInWithTokens, artifact } from '../helpers/browser';
import { adminUser, baseUrl, call, createUser, createPublishedMap } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/analytics');
// Headless Chromium says "HeadlessChrome", which the beacon drops as a bot; a visitor's browser does not.
const VISITOR_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The drawn charts' canvases: their sizes, and the width of the box each is drawn in. */
const canvases = (page: Page) =>
  page.locator('.analytics-chart__plot').evaluateAll((plots) =>
    plots.map((plot) => {
      const canvas = plot.querySelector('canvas');
      const box = canvas?.getBoundingClientRect();
      return { width: box?.width ?? 0, height: box?.height ?? 0, room: plot.clientWidth };
    }),
  );

/** What makes the page wider than the window (a horizontal scroll bar): the page's width, and the widest elements. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const room = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= room) return [];
    const wide = Array.from(document.body.querySelectorAll('*')).filter(
      (el) => el.getBoundingClientRect().right > room + 0.5,
    );
    return [
      `page ${document.documentElement.scrollWidth} > ${room}`,
      ...wide.slice(-5).map((el) => el.outerHTML.slice(0, 120)),
    ];
  });

/** The visitor: opens Location 1 and searches for something the map does not have, then the page is hidden. */
async function visit(id: string) {
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: VISITOR_UA });
  const embed = await visitor.newPage();
  const errors = collectErrors(embed);
  const beacons: string[] = [];
  embed.on('request', (r) => {
    if (r.url().endsWith('/api/beacon')) beacons.push(r.postData() ?? '');
  });
  await embed.goto(`${baseUrl()}/m/${id}`);
  const search = embed.getByRole('searchbox');
  await search.waitFor({ timeout: 20_000 });
  expect(beacons, 'nothing is sent on load').toEqual([]);
  await embed
    .getByRole('button', { name: /Location 1/ })
    .first()
    .click();
  await search.fill('Zebra crossing');
  // The search is counted once the directory has filtered for it (its count reads 0).
  const count = embed.locator(`[id="${await search.getAttribute('aria-describedby')}"]`);
  await expect.poll(() => count.textContent(), { timeout: 10_000 }).toMatch(/^0\b/);
  const sent = embed.waitForResponse((r) => r.url().endsWith('/api/beacon'));
  await embed.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect((await sent).status()).toBe(204);
  expect(beacons).toHaveLength(1);
  expect(errors).toEqual([]);
  await visitor.close();
}

describe('analytics page', () => {
  it('shows what a visitor did in the embed, in the editor’s tab and on the page, charts drawn at 1440 and 390 px', async () => {
    const user = await createUser({ name: 'Analytics Owner' });
    const id = await createPublishedMap({ title: 'Counted centre', mapData: documentWith(3) }, user);
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
    await call('setMapState', { id, state: 3 }, user);
    await visit(id);

    const today = dayOf(new Date());
    const report = await call<MapAnalytics>('getMapAnalytics', { id, from: today, to: today }, user);
    expect(report.totals).toMatchObject({ views: 1, opens: 1, searches: 1, searchesEmpty: 1 });

    const owner = await newContext(browser, { width: 1440, height: 900 });
    const page = await owner.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    await page.goto(`/maps/${id}`);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const totals = page.getByRole('definition');
    await expect.poll(async () => (await totals.allTextContents()).join(','), { timeout: 15_000 }).toBe('1,1,1,1,0,0');
    await page.getByRole('link', { name: 'Open analytics' }).click();

    await page.waitForURL(`**/maps/${id}/analytics`);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await totals.allTextContents()).join(','), { timeout: 15_000 }).toBe('1,1,1,1,0,0');
    const top = page.getByRole('region', { name: 'Top locations' });
    await top.getByText('Location 1').waitFor();
    await top.getByText('loc1').waitFor();
    await page.getByRole('region', { name: 'Searches with no result' }).getByText('zebra crossing').waitFor();
    const visits = page.getByRole('figure', { name: 'Views and location opens per day' });
    await visits.getByText(`Views: 1 in total; most on ${today} (1).`).waitFor();
    // The day-by-day numbers, which the chart gives a pointer only, open from the keyboard under "Numbers by day".
    const days = visits.getByRole('table', { name: 'Views and location opens per day' });
    expect(await days.isVisible()).toBe(false);
    await visits.getByText('Numbers by day').focus();
    await page.keyboard.press('Enter');
    await days.waitFor();
    await artifact(visits, { path: path.join(ARTIFACTS, 'analytics-numbers-by-day-1440.png') });
    expect(await days.getByRole('row', { name: new RegExp(`^${today} 1 1$`) }).isVisible()).toBe(true);

    // Three charts, drawn (a canvas of real size), each as wide as its box.
    await expect.poll(async () => (await canvases(page)).filter((c) => c.width > 0 && c.height > 0).length).toBe(3);
    for (const c of await canvases(page)) expect(c.width).toBeLessThanOrEqual(c.room);
    expect(await overflow(page)).toEqual([]);
    await artifact(page, { path: path.join(ARTIFACTS, 'analytics-page-1440.png'), fullPage: true });

    // Keyboard: 7 days is a button reached with Tab and pressed with Enter; the range is asked for again.
    await page.getByRole('button', { name: '7 days' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?days=7$/);
    await expect.poll(async () => (await totals.allTextContents()).join(','), { timeout: 15_000 }).toBe('1,1,1,1,0,0');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await (await (await download).createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(text).toContain(`${today},1,1,1,1,0,0`);
    expect(text).toContain('loc1,Location 1,1');

    // A phone: the charts are drawn again to fit (ResizeObserver), and nothing is wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(async () => (await canvases(page)).every((c) => c.width > 0 && c.width <= c.room && c.room < 390))
      .toBe(true);
    expect(await overflow(page)).toEqual([]);
    await artifact(page, { path: path.join(ARTIFACTS, 'analytics-page-390.png'), fullPage: true });
    expect(errors).toEqual([]);
    await owner.close();
  }, 150_000);

  it('sets the map’s time zone from the page with the keyboard: the browser’s own in one press, or any from the list', async () => {
    const user = await createUser({ name: 'Zoned Owner' });
    const id = await createPublishedMap({ title: 'Zoned centre', mapData: documentWith(1) }, user);
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
    await call('setMapState', { id, state: 3 }, user);
    const owner = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: baseUrl(),
      timezoneId: 'Europe/Paris',
    });
    const page = await owner.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    await page.goto(`/maps/${id}/analytics`);
    const caption = page.locator('.analytics-range__shown');
    await expect.poll(() => caption.textContent(), { timeout: 15_000 }).toMatch(/\(30 days, UTC\)$/);

    await page.getByRole('button', { name: 'Use my time zone (Europe/Paris)' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => caption.textContent()).toMatch(/\(30 days, Europe\/Paris\)$/);

    // The select takes the focus when the form opens, finds a zone by its typed name, and Save is the next stop.
    await page.getByRole('button', { name: 'Change time zone' }).focus();
    await page.keyboard.press('Enter');
    const select = page.getByRole('combobox', { name: 'Time zone of the days' });
    await expect.poll(() => select.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('America/New_York');
    expect(await select.inputValue()).toBe('America/New_York');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => caption.textContent()).toMatch(/\(30 days, America\/New_York\)$/);
    await page.getByText(/^Days before \d{4}-\d{2}-\d{2} are Europe\/Paris days; /).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Change time zone');
    const { map } = await call<{ map: { analyticsZone: string } }>('getMap', { id }, user);
    expect(map.analyticsZone).toBe('America/New_York');
    expect(await overflow(page)).toEqual([]);
    await artifact(page, { path: path.join(ARTIFACTS, 'analytics-time-zone-390.png'), fullPage: true });
    expect(errors).toEqual([]);
    await owner.close();
  }, 90_000);

  for (const [device, hint] of [
    ['a phone', 'tap the chart for a day’s numbers'],
    ['a computer', 'point at the chart for a day’s numbers'],
  ] as const) {
    it(`shows on ${device} a chart's legend with how to point at a day, then that day and its numbers`, async () => {
      const user = await createUser({ name: 'Legend Owner' });
      const id = await createPublishedMap({ title: 'Legend centre', mapData: documentWith(2) }, user);
      await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
      await call('setMapState', { id, state: 3 }, user);
      for (const opens of [{ loc1: 1 }, { loc0: 2 }] as Record<string, number>[]) {
        expect(await sendBeacon({ m: id, v: 1, o: opens, s: [], f: 0, r: 0 })).toBe(204);
      }
      const today = dayOf(new Date());
      const phone = device === 'a phone';
      const owner = await browser.newContext({
        baseURL: baseUrl(),
        ...(phone
          ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
          : { viewport: { width: 1280, height: 800 } }),
      });
      const page = await owner.newPage();
      const errors = collectErrors(page);
      await signInWithTokens(page, user);
      await page.goto(`/maps/${id}/analytics?days=7`);
      const figure = page.getByRole('figure', { name: 'Views and location opens per day' });
      const values = () => figure.locator('.u-legend .u-value').allTextContents();
      await expect.poll(values, { timeout: 15_000 }).toEqual([hint, '', '']);

      // Today is the last day, at the right edge of the drawing.
      const plot = figure.locator('.u-over');
      await plot.scrollIntoViewIfNeeded();
      const box = (await plot.boundingBox())!;
      const [x, y] = [box.x + box.width - 2, box.y + box.height / 2];
      if (phone) await page.touchscreen.tap(x, y);
      else await page.mouse.move(x, y);
      await expect.poll(values).toEqual([today, '2', '3']);
      await artifact(page, { path: path.join(ARTIFACTS, `analytics-legend-${phone ? 390 : 1280}.png`) });
      expect(errors).toEqual([]);
      await owner.close();
    }, 90_000);
  }

  it('explains analytics and links to the plans for a map that is not Professional; someone else’s map is not found', async () => {
    const user = await createUser({ name: 'Basic Owner' });
    const stranger = await createUser({ name: 'Stranger' });
    const id = await call<string>('createMap', { title: 'Not counted', mapData: documentWith(1) }, user);
    const foreign = await call<string>('createMap', { title: 'Not yours', mapData: documentWith(1) }, stranger);
    const owner = await newContext(browser);
    const page = await owner.newPage();
    await signInWithTokens(page, user);
    await page.goto(`/maps/${id}`);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByText('Analytics come with the Professional plan.').waitFor();
    expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/maps#subscribe');

    await page.goto(`/maps/${id}/analytics`);
    await page.getByText('Analytics come with the Professional plan.').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/maps#subscribe');
    expect(await page.locator('.analytics-chart').count()).toBe(0);

    await page.goto(`/maps/${foreign}/analytics`);
    await page.getByRole('heading', { name: 'Map not found' }).waitFor({ timeout: 15_000 });
    await owner.close();
  }, 60_000);
});
