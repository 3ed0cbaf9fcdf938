/**
 * The hover tooltip of a location near the map's edges stays inside the map and clear of its controls: at the top
 * edge (or under the controls there) it shows under its location, at a side edge it shifts in (the tooltip's place is
 * set in web/src/viewer/stage/overlays.ts). It was drawn above every location and centred on it, so a location at the
 * top of the plan had its tooltip cut off by the map's edge, and one at a side half of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifact, collectErrors, launchBrowser } from '../helpers/browser';
import { documentWith } from '../helpers/documents';
import { baseUrl, createPublishedMap, createUser } from '../helpers/stack';

/** Where the locations are on the plan (fractions of its width and height). */
const SPOTS: ReadonlyArray<{ at: [number, number]; place: string }> = [
  { at: [0.5, 0.01], place: 'the top edge' },
  { at: [0.01, 0.01], place: 'the top left corner' },
  { at: [0.99, 0.01], place: 'the top right corner' },
  { at: [0.01, 0.5], place: 'the left edge' },
  { at: [0.99, 0.5], place: 'the right edge' },
  { at: [0.5, 0.99], place: 'the bottom edge' },
];

let browser: Browser;
let id: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const doc = documentWith(SPOTS.length, { title: 'Unit' });
  SPOTS.forEach((spot, i) => {
    Object.assign(doc.locations[i]!, {
      title: `Unit at ${spot.place}`,
      about: 'Open every day from nine in the morning, with parking beside the entrance.',
      coord: spot.at,
    });
  });
  id = await createPublishedMap({ title: 'Edges', mapData: doc }, await createUser({ name: 'Edges' }));
}, 60_000);
afterAll(async () => browser?.close());

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The tooltip's box, the map's, its location's ring and the boxes of the map's visible controls, in page pixels. */
async function boxesWhileHovering(page: Page, index: number) {
  await page.locator('.mn-entry').nth(index).hover();
  const tooltip = page.locator('.mn-tooltip');
  await tooltip.waitFor();
  return tooltip.evaluate((tip) => {
    const box = (el: Element): Box => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const map = tip.closest('.mn-viewport') ?? tip.closest('.mn-map')!;
    const controls = Array.from(document.querySelectorAll('.mn-corner > *'))
      .filter((el) => (el as HTMLElement).offsetWidth > 0)
      .map(box);
    return { tip: box(tip), map: box(map), ring: box(document.querySelector('.mn-ring-hover')!), controls };
  });
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the hover tooltip of a location near the map’s edge', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 700, height: 500 },
  ])
    it(`stays inside the map and clear of its controls (${viewport.width}×${viewport.height})`, async () => {
      const context = await browser.newContext({ viewport, baseURL: baseUrl() });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`/m/${id}`);
      await page.locator('.mn-entry').first().waitFor();
      for (const [index, spot] of SPOTS.entries()) {
        const { tip, map, ring, controls } = await boxesWhileHovering(page, index);
        if (index === 1) await artifact(page, { path: `.test-artifacts/tooltip-edges/${viewport.width}.png` });
        const where = `${spot.place}: tooltip ${JSON.stringify(tip)}, map ${JSON.stringify(map)}`;
        expect(tip.x, where).toBeGreaterThanOrEqual(map.x);
        expect(tip.y, where).toBeGreaterThanOrEqual(map.y);
        expect(tip.x + tip.width, where).toBeLessThanOrEqual(map.x + map.width);
        expect(tip.y + tip.height, where).toBeLessThanOrEqual(map.y + map.height);
        for (const control of controls)
          expect(overlap(tip, control), `${where}, control ${JSON.stringify(control)}`).toBe(false);
        // Beside the location, not over it: above it where there is room, under it only where there is none.
        const above = tip.y + tip.height <= ring.y + 0.5;
        if (!above) expect(tip.y, where).toBeGreaterThanOrEqual(ring.y + ring.height - 0.5);
        const ceiling = Math.max(
          map.y,
          ...controls
            .filter((c) => c.x < tip.x + tip.width && tip.x < c.x + c.width && c.y < ring.y)
            .map((c) => c.y + c.height),
        );
        expect(above, where).toBe(ring.y - ceiling >= tip.height + 16);
        if (spot.at[1] < 0.1 && viewport.height === 800)
          expect(above, `${where}: the plan fills the map's height`).toBe(false);
      }
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
});
