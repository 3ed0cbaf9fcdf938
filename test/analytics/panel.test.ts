/**
 * End to end in Chromium: a visitor uses a Professional map's embed (opens a location, searches), the page is
 * hidden, and the owner then sees those counts in the editor's Analytics panel. A map that is not Professional
 * shows the explanation and the way to upgrade instead.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { dayOf, type MapAnalytics } from '@mapnest/shared/analytics';
import { documentWith } from '../helpers/documents';
import { collectErrors, launchBrowser, newContext, signInThroughUi } from '../helpers/browser';
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

describe('analytics panel', () => {
  it('shows what a visitor did in the embed once the page was hidden', async () => {
    const user = await createUser({ name: 'Analytics Owner' });
    const doc = documentWith(3);
    const id = await createPublishedMap({ title: 'Counted centre', mapData: doc }, user);
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
    await call('setMapState', { id, state: 3 }, user);

    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: VISITOR_UA });
    const embed = await visitor.newPage();
    const errors = collectErrors(embed);
    const beacons: string[] = [];
    embed.on('request', (r) => {
      if (r.url().endsWith('/api/beacon')) beacons.push(r.postData() ?? '');
    });
    await embed.goto(`${baseUrl()}/m/${id}`);
    await embed.getByRole('searchbox').waitFor({ timeout: 20_000 });
    expect(beacons, 'nothing is sent on load').toEqual([]);
    await embed
      .getByRole('button', { name: /Location 1/ })
      .first()
      .click();
    await embed.getByRole('searchbox').fill('Zebra crossing');
    await embed.waitForTimeout(300);
    const sent = embed.waitForResponse((r) => r.url().endsWith('/api/beacon'));
    await embed.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect((await sent).status()).toBe(204);
    expect(beacons).toHaveLength(1);
    expect(errors).toEqual([]);
    await visitor.close();

    const today = dayOf(new Date());
    const report = await call<MapAnalytics>('getMapAnalytics', { id, from: today, to: today }, user);
    expect(report.totals).toMatchObject({ views: 1, opens: 1, searches: 1, searchesEmpty: 1 });

    const owner = await newContext(browser, { width: 1440, height: 900 });
    const page = await owner.newPage();
    await signInThroughUi(page, user);
    await page.goto(`/maps/${id}`);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const totals = page.getByRole('definition');
    await page.getByRole('group', { name: 'Date range' }).waitFor();
    await expect.poll(async () => (await totals.allTextContents()).join(','), { timeout: 15_000 }).toBe('1,1,1,1,0,0');
    await page.getByRole('region', { name: 'Top locations' }).getByText('Location 1').waitFor();
    await page.getByRole('region', { name: 'Searches with no result' }).getByText('zebra crossing').waitFor();
    await page.locator('.analytics-panel__chart canvas').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '7 days' }).click();
    await expect.poll(async () => (await totals.allTextContents()).join(','), { timeout: 15_000 }).toBe('1,1,1,1,0,0');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await (await (await download).createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(text).toContain(`${today},1,1,1,1,0,0`);
    expect(text).toContain('loc1,Location 1,1');
    await page.screenshot({ path: path.join(ARTIFACTS, 'analytics-panel.png'), fullPage: true });
    await owner.close();
  }, 120_000);

  it('explains analytics and links to the plans for a map that is not Professional', async () => {
    const user = await createUser({ name: 'Basic Owner' });
    const id = await call<string>('createMap', { title: 'Not counted', mapData: documentWith(1) }, user);
    const owner = await newContext(browser);
    const page = await owner.newPage();
    await signInThroughUi(page, user);
    await page.goto(`/maps/${id}`);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByText('Analytics come with the Professional plan.').waitFor();
    expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/maps#subscribe');
    await owner.close();
  }, 60_000);
});
