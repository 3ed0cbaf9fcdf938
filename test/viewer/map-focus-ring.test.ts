/**
 * The map's focus ring in Chromium: a keyboard user who tabs to the map sees it, also where the plan reaches the map's
 * edge. It was drawn as the map's own inset shadow, which the plan and the markers painted over: on a site plan that
 * filled the view, nothing showed that the arrow keys would now move the map.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from '../helpers/browser';
import { baseUrl, createPublishedMap, createUser } from '../helpers/stack';

let browser: Browser;
beforeAll(async () => (browser = await launchBrowser()));
afterAll(async () => browser?.close());

describe('the map focused from the keyboard', () => {
  it('shows its ring over a plan that fills the view', async () => {
    const user = await createUser({ name: 'Ring Checker' });
    const doc = JSON.parse(await readFile('web/public/demo/riverside-centre.json', 'utf8'));
    for (const l of doc.layers) l.file = `${baseUrl()}/demo/${String(l.file).split('/').pop()}`;
    const id = await createPublishedMap({ title: 'Ring', mapData: doc }, user);
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/m/${id}`);
    await page.locator('.mn-layer-svg').first().waitFor();
    const map = page.locator('.mn-viewport');
    await map.focus();
    // Zoomed in from the keyboard until the plan covers the map's left edge.
    for (let i = 0; i < 4; i++) await page.keyboard.press('+');
    const box = (await map.boundingBox())!;
    const edge = async () => {
      const shot = await page.screenshot({ clip: { x: box.x, y: box.y + box.height / 2, width: 8, height: 1 } });
      return [...(await sharp(shot).raw().toBuffer())];
    };
    // The focus colour, as the page paints it (a probe styled with the map's --mn-focus).
    const ring = await map.evaluate((el) => {
      const probe = el.appendChild(document.createElement('i'));
      probe.style.color = 'var(--mn-focus)';
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    const [r, g, b] = ring.match(/\d+/g)!.map(Number);
    // The outermost 3 px are the focus colour; a white band inside it, then the plan.
    await expect.poll(async () => (await edge()).slice(0, 9)).toEqual([r, g, b, r, g, b, r, g, b]);
    await map.blur();
    expect((await edge()).slice(0, 3)).not.toEqual([r, g, b]);
    await context.close();
  }, 60_000);
});
