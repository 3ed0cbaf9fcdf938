/**
 * A visit that ends by navigating away is counted, once: in Chromium with an ordinary browser's user agent
 * (headless Chromium says "HeadlessChrome", which the beacon endpoint drops as a bot), a visitor opens a
 * Professional map's embed from a link to one of its locations (`?location=`, shown at once), opens another location
 * and leaves the page by following a link. Leaving fires both `visibilitychange` (hidden) and `pagehide`; the beacon
 * goes once, and the owner's report counts the visit and both opens: the linked location's once, like the click's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { dayOf, type MapAnalytics } from '@mapnest/shared/analytics';
import { documentWith } from '../helpers/documents';
import { CHROMIUM_ARGS, launchChromium } from '../../scripts/chromium-launch';
import { collectErrors, launchBrowser } from '../helpers/browser';
import { adminUser, baseUrl, call, createPublishedMap, createUser } from '../helpers/stack';

const VISITOR_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let browser: Browser;

let visitorBrowser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  // A context's userAgent covers the page's own requests, but a beacon sent as the page goes is the browser's:
  // it carries the browser's user agent, so the visitor's browser is launched with an ordinary one.
  visitorBrowser = await launchChromium({ args: [...CHROMIUM_ARGS, `--user-agent=${VISITOR_UA}`] });
});
afterAll(async () => {
  await browser?.close();
  await visitorBrowser?.close();
});

describe('a visit that ends by navigating away', () => {
  it('is sent on page hide and counted once', async () => {
    const user = await createUser({ name: 'Leaving Visitor Owner' });
    const id = await createPublishedMap({ title: 'Left behind', mapData: documentWith(3) }, user);
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
    await call('setMapState', { id, state: 3 }, user);

    // The ordinary context's own user agent would be dropped: prove it is the headless one, then replace it.
    const probe = await browser.newContext();
    expect(await (await probe.newPage()).evaluate(() => navigator.userAgent)).toMatch(/HeadlessChrome/);
    await probe.close();

    const visitor = await visitorBrowser.newContext({ viewport: { width: 1280, height: 800 } });
    const beacons: string[] = [];
    visitor.on('request', (r) => {
      if (r.url().endsWith('/api/beacon')) beacons.push(r.postData() ?? '');
    });
    const page = await visitor.newPage();
    const errors = collectErrors(page);
    const locationId = (title: string) => documentWith(3).locations.find((l) => l.title === title)!.id;
    await page.goto(`${baseUrl()}/m/${id}?location=${locationId('Location 2')}`);
    await page.getByRole('searchbox').waitFor({ timeout: 20_000 });
    // The link's location is shown at once: its details are open before the visitor does anything.
    await page.getByRole('dialog', { name: 'Location 2' }).waitFor({ timeout: 20_000 });
    await page
      .getByRole('button', { name: /Location 1/ })
      .first()
      .click();
    expect(beacons, 'nothing is sent while the visit lasts').toEqual([]);
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => navigator.userAgent)).toBe(VISITOR_UA);
    // The visitor leaves for another page; the tab stays open and visible until the navigation.
    await page.goto(`${baseUrl()}/`);

    const today = dayOf(new Date());
    const report = () => call<MapAnalytics>('getMapAnalytics', { id, from: today, to: today }, user);
    await expect.poll(async () => (await report()).totals.views, { timeout: 20_000 }).toBe(1);
    const counted = await report();
    expect(counted.totals.opens).toBe(2);
    expect(counted.topLocations).toEqual([
      { key: locationId('Location 1'), count: 1 },
      { key: locationId('Location 2'), count: 1 },
    ]);
    await visitor.close();
  });
});
