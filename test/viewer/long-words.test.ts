/**
 * An author's words longer than their line: a web address pasted as a location's title (240 characters without a
 * space), and one in its summary and description. A visitor sees them whole and inside their boxes: in a desktop
 * popup, in a phone's sheet (the title clear of the sheet's Close button), in the Directions panel's route and steps,
 * and in the hover tooltip, which keeps to a few lines with an ellipsis (web/src/viewer/viewer.css). They ran out of
 * the popup and under the sheet's Close button, a step naming the place was 1,130 px wide in a 296 px panel, and the
 * tooltip's white text ran across the map outside its dark box.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MAP_LIMITS } from '@mapnest/shared/map-rules';
import { artifact, collectErrors, launchBrowser, settledBox, textOverflow } from '../helpers/browser';
import { documentWith } from '../helpers/documents';
import { baseUrl, createPublishedMap, createUser } from '../helpers/stack';
import { kioskDemo, kioskOwner } from './kiosk-maps';

const TITLE = `https://www.example.com/${'averyveryverylongpathsegment'.repeat(9)}`.slice(0, MAP_LIMITS.titleLength);
const ADDRESS = `https://www.example.com/${'anotherverylongpathsegment'.repeat(6)}`;

let browser: Browser;
let id: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const doc = documentWith(2, { title: 'Plot' });
  Object.assign(doc.locations[0]!, {
    title: TITLE,
    about: `Details at ${ADDRESS} and more words after it.`,
    desc: `<p>Plans: ${ADDRESS}</p>`,
  });
  id = await createPublishedMap({ title: 'Long words', mapData: doc }, await createUser({ name: 'Long words' }));
}, 60_000);
afterAll(async () => browser?.close());

async function open(page: Page): Promise<void> {
  await page.goto(`/m/${id}`);
  await page.locator('.mn-entry').first().waitFor();
}

describe('a location whose title and texts are one long word each', () => {
  it('wraps them inside the desktop popup and keeps the tooltip to three lines', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl() });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await open(page);

    // The tooltip of the entry under the pointer: inside its box, three lines of the title at most.
    await page.locator('.mn-entry').first().hover();
    const tooltip = page.locator('.mn-tooltip');
    await tooltip.waitFor();
    const tip = await tooltip.evaluate((el) => {
      const title = el.querySelector('strong')!;
      return {
        overflow: el.scrollWidth - el.clientWidth,
        lines: Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight)),
      };
    });
    expect(tip.overflow).toBeLessThanOrEqual(0);
    expect(tip.lines).toBe(3);

    await page.locator('.mn-entry').first().click();
    const body = page.locator('.mn-popup .mn-details-body');
    await settledBox(body);
    await artifact(page, { path: '.test-artifacts/long-words/popup.png' });
    expect(await page.locator('.mn-popup .mn-details-title').textContent()).toBe(TITLE);
    for (const part of ['.mn-details-title', '.mn-details-about', '.mn-details-desc p'])
      expect(await textOverflow(body.locator(part)), part).toBeLessThanOrEqual(0.5);
    expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('wraps them inside a phone’s sheet, the title clear of its Close button', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: baseUrl(),
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await open(page);
    await page.locator('.mn-entry').first().tap();
    const body = page.locator('.mn-sheet .mn-details-body');
    await settledBox(body);
    await artifact(page, { path: '.test-artifacts/long-words/sheet.png' });
    const title = body.locator('.mn-details-title');
    for (const part of ['.mn-details-title', '.mn-details-about', '.mn-details-desc p'])
      expect(await textOverflow(body.locator(part)), part).toBeLessThanOrEqual(0.5);
    expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    const close = (await page.locator('.mn-sheet .mn-details-close').boundingBox())!;
    const titleRight = await title.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return Math.max(...[...range.getClientRects()].map((r) => r.right));
    });
    expect(titleRight).toBeLessThanOrEqual(close.x);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('wraps the route and every step naming it inside the Directions panel', async () => {
    const doc = kioskDemo(false);
    doc.locations.find((l) => l.id === 'nordic-knit')!.title = TITLE;
    const { publish } = await kioskOwner('Long words directions', 1);
    const routed = await publish('Long words directions', doc);
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl() });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`/m/${routed}?from=north-entrance&to=nordic-knit`);
      const panel = page.locator('.mn-directions');
      await panel.locator('.mn-dir-step').last().waitFor();
      await artifact(page, { path: `.test-artifacts/long-words/directions-${width}.png` });
      const where = `${width}×${height}`;
      expect(await textOverflow(panel.locator('.mn-dir-status')), where).toBeLessThanOrEqual(0.5);
      const sides = await panel.evaluate((el) => {
        const inner = el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight);
        return [...el.querySelectorAll('.mn-dir-step')].map((s) => s.getBoundingClientRect().right - inner);
      });
      expect(sides.length, where).toBeGreaterThan(1);
      for (const past of sides) expect(past, where).toBeLessThanOrEqual(0.5);
      expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth), where).toBe(0);
      expect(errors, where).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
