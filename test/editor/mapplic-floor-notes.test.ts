/**
 * The Mapplic site picker's floor table holds sentences (a plan's links that were not picked, why a plan cannot be
 * uploaded) and old-site file names. In a real browser, at a desktop window, the same window at 200% zoom (640 px
 * of CSS width) and a phone, both where the table appears (the editor's File › Import… and /maps/new) show every
 * word of the long note: the note is not cut, stays inside the dialog (or page), and nothing scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  artifact,
  collectErrors,
  launchBrowser,
  newContext,
  openFileMenuItem,
  signInWithTokens,
} from '../helpers/browser';
import { call, createUser, type TestUser } from '../helpers/stack';

/** A two-floor export whose first plan links two raster images by long names, neither of them picked. */
const EXPORT = {
  name: 'mall.json',
  mimeType: 'application/json',
  buffer: Buffer.from(
    JSON.stringify({
      settings: { title: 'Mall', mapWidth: 1000, mapHeight: 800 },
      layers: [
        { id: 'ground', name: 'Ground floor', file: 'wp-content/uploads/mapplic/ground-floor-plan.svg?v=2' },
        { id: 'first', name: 'First floor', file: 'wp-content/uploads/mapplic/first-floor-plan-final-version.svg' },
      ],
      locations: [{ id: 'zara', title: 'Zara', coord: [0.1, 0.1], layer: 'ground' }],
    }),
  ),
};
const PLAN = {
  name: 'ground-floor-plan.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1000 800">' +
      '<image xlink:href="level-1-background-raster-from-illustrator.png" width="1000" height="800"/>' +
      '<image href="images/second-linked-texture-overlay.jpg" width="10" height="10"/></svg>',
  ),
};
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'zoom-200', viewport: { width: 640, height: 400 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

let browser: Browser;
let user: TestUser;
let mapId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Mapplic Notes' });
  mapId = await call<string>('createMap', { title: 'Host of the import' }, user);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** How the note fits: its text against its own box, and its box against the dialog (or page) that holds it. */
async function noteFit(page: Page, container: string) {
  const note = page.locator('.mapplic-site__unlinked');
  await note.waitFor();
  await note.scrollIntoViewIfNeeded();
  return note.evaluate((el, container) => {
    const box = document.querySelector(container)!;
    const n = el.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return {
      text: el.textContent,
      cut: el.scrollWidth > el.clientWidth,
      inside: n.left >= b.left && n.right <= b.right,
      sideways: box.scrollWidth > box.clientWidth,
    };
  }, container);
}

const FITS = {
  text: expect.stringMatching(/level-1-background-raster-from-illustrator\.png.*embed them in the SVG\.$/),
  cut: false,
  inside: true,
  sideways: false,
};

describe('the long note of a floor in the Mapplic picker', () => {
  for (const { name, viewport } of SIZES)
    it(`wraps whole at ${viewport.width}×${viewport.height}, in the editor's Import and on /maps/new`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInWithTokens(page, user);

      await page.goto(`/maps/${mapId}`);
      await openFileMenuItem(page, 'Import…');
      await page.setInputFiles('[data-testid=import-file]', [EXPORT, PLAN]);
      expect(await noteFit(page, '.modal__panel')).toEqual(FITS);
      await artifact(page, { path: `.test-artifacts/mapplic-floor-notes-editor-${name}.png` });

      // Within the app, as an author goes from a map to a new one: the editor's styles stay loaded.
      await page.evaluate(() => {
        history.pushState(null, '', '/maps/new');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByText('Import from Mapplic', { exact: true }).click();
      await page.setInputFiles('[data-testid=mapplic-site-files]', [EXPORT, PLAN]);
      expect(await noteFit(page, 'html')).toEqual(FITS);
      await artifact(page, { path: `.test-artifacts/mapplic-floor-notes-new-map-${name}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
});
