/**
 * The analytics page on a phone (390, 360 and 320 px wide), in Chromium: the range's four choices (7, 30 and 90 days,
 * Custom) are one row inside the screen ("Custom" once fell alone onto a second line), and a route's location ids,
 * from and to, are each kept whole, a line breaking between them only (they broke at their hyphens, mid-id).
 * Screenshots in .test-artifacts/analytics.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sendBeacon } from '../helpers/beacons';
import { documentWith } from '../helpers/documents';
import { artifact, collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { adminUser, call, createPublishedMap, createUser, type TestUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/analytics');
const FROM = 'north-entrance-lobby';
const TO = 'conference-room-level-two';

let browser: Browser;
let owner: TestUser;
let mapId: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  owner = await createUser({ name: 'Phone Analyst' });
  const doc = documentWith(2);
  [FROM, TO].forEach((id, i) => (doc.locations[i]!.id = id));
  mapId = await createPublishedMap({ title: 'Routed on a phone', mapData: doc }, owner);
  await call('setUserSlots', { uid: owner.uid, basic: 0, pro: 1 }, await adminUser());
  await call('setMapState', { id: mapId, state: 3 }, owner);
  expect(await sendBeacon({ m: mapId, v: 1, o: {}, s: [], f: 0, r: 1, p: [[FROM, TO, true]] })).toBe(204);
}, 60_000);
afterAll(async () => browser?.close());

/** The range's buttons' boxes, the group's right edge and the page's width. */
const rangeLayout = (page: Page) =>
  page.getByRole('group', { name: 'Date range' }).evaluate((group) => ({
    buttons: [...group.querySelectorAll('button')].map((b) => {
      const r = b.getBoundingClientRect();
      return { name: b.textContent, top: Math.round(r.top), right: r.right, cut: b.scrollWidth > b.clientWidth };
    }),
    groupRight: group.getBoundingClientRect().right,
    room: document.documentElement.clientWidth,
  }));

/**
 * Where each of `words` is in the text of the first match of `selector`, and the lines it is drawn on (the tops of its
 * characters): one when it is whole.
 */
const linesOf = (page: Page, selector: string, words: string[]) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, ws) => {
      const chars: { c: string; top: number }[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          chars.push({ c: node.textContent![i]!, top: Math.round(range.getClientRects()[0]?.top ?? -1) });
        }
      }
      const text = chars.map((x) => x.c).join('');
      return ws.map((w) => {
        const at = text.indexOf(w);
        return { word: w, at, tops: [...new Set(chars.slice(at, at + w.length).map((x) => x.top))] };
      });
    }, words);

describe('the analytics page on a phone', () => {
  it.each([
    [390, 844],
    [360, 740],
    [320, 640],
  ])(
    'shows the range as one row and a route’s ids whole at %i px',
    async (width, height) => {
      const context = await newContext(browser, { width, height });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInWithTokens(page, owner);
      await page.goto(`/maps/${mapId}/analytics`);
      const routes = page.getByRole('region', { name: 'Routes asked for' });
      // The route is named by its locations' titles once the map's document is read (by their ids until then), and
      // the ids' lines are measured beside those titles.
      await routes.getByText('Location 0', { exact: true }).waitFor({ timeout: 15_000 });

      const range = await rangeLayout(page);
      expect(range.buttons.map((b) => b.name)).toEqual(['7 days', '30 days', '90 days', 'Custom']);
      expect(new Set(range.buttons.map((b) => b.top)).size, JSON.stringify(range.buttons)).toBe(1);
      for (const b of range.buttons) expect(b.cut, `${b.name} is cut`).toBe(false);
      expect(range.groupRight).toBeLessThanOrEqual(range.room);

      // Too long for the row beside their titles, the ids take two lines: each whole on one of them.
      const ids = await linesOf(page, '.analytics-list[aria-label="Routes asked for"] .analytics-id', [FROM, TO]);
      for (const id of ids) {
        expect(id.at, id.word).toBeGreaterThanOrEqual(0);
        expect(id.tops, `${id.word} is on one line`).toHaveLength(1);
      }
      expect(ids[1]!.tops[0], 'the second id is on a line of its own').toBeGreaterThan(ids[0]!.tops[0]!);
      await routes.scrollIntoViewIfNeeded();
      await artifact(page, { path: path.join(ARTIFACTS, `analytics-routes-${width}.png`) });
      await page.evaluate(() => scrollTo(0, 0));
      await artifact(page, { path: path.join(ARTIFACTS, `analytics-range-${width}.png`) });

      // Custom opens its form under the row, which stays as it was.
      await page.getByRole('button', { name: 'Custom' }).click();
      await page.getByRole('form', { name: 'Custom range' }).waitFor();
      expect(new Set((await rangeLayout(page)).buttons.map((b) => b.top)).size).toBe(1);
      await artifact(page, { path: path.join(ARTIFACTS, `analytics-range-custom-${width}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
