/**
 * A big floor in the embed (ADR 035): the benchmark's generated 10,000-element plan, over the size from which a
 * floor is sanitised and inserted in slices, published with locations bound to its rooms. It must come out whole, in
 * view, with its rooms working as regions, exactly as the whole file sanitised at once would.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { blankDocument } from '@mapnest/shared/map-document';
import { generateFloorPlan } from '../../bench/lib/floor-plan';
import { SLICED_FLOOR_BYTES } from '../../web/src/viewer/stage/floor-slices';
import { buckets, s3 } from '../helpers/accounts';
import { collectErrors, launchBrowser, newContext } from '../helpers/browser';
import { createPublishedMap, createUser } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('a 10,000-element floor', () => {
  it('is built in slices, shown whole, and its rooms open their locations', async () => {
    const plan = generateFloorPlan();
    expect(plan.svg.length).toBeGreaterThan(SLICED_FLOOR_BYTES);
    const key = `floor-test/${randomUUID()}.svg`;
    await s3().send(
      new PutObjectCommand({ Bucket: buckets().public, Key: key, Body: plan.svg, ContentType: 'image/svg+xml' }),
    );
    const doc = blankDocument({
      mapWidth: plan.width,
      mapHeight: plan.height,
      file: `/data/${key}`,
      layerId: 'level-1',
      layerName: 'Level 1',
    });
    // Placed by their regions alone: their markers need the floor whole, its rooms bound.
    const rooms = plan.rooms.slice(100, 106);
    doc.locations = rooms.map((id) => ({ id, title: `Unit ${id.slice(5)}`, layer: 'level-1' }));
    const id = await createPublishedMap({ title: 'Big floor', mapData: doc }, await createUser({ name: 'Big floor' }));

    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`/m/${id}`);
    await page.waitForFunction(() => performance.getEntriesByName('mapnest:floor').length > 0, undefined, {
      timeout: 60_000,
    });
    // The page's own parse of the file, sanitised whole, is the reference: every element came in.
    const counts = await page.evaluate(async (url) => {
      const svg = document.querySelector('.mn-layer-svg')!;
      const text = await (await fetch(url)).text();
      const whole = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
      return {
        shown: svg.querySelectorAll('*').length,
        file: whole.querySelectorAll('*').length,
        rooms: svg.querySelectorAll('path[id^="unit-"]').length,
        regions: svg.querySelectorAll('.mn-region').length,
        transform: (svg.parentElement as HTMLElement).style.transform,
        clipPath: (svg.parentElement as HTMLElement).style.clipPath,
      };
    }, `/data/${key}`);
    expect(counts).toEqual({
      shown: counts.file,
      file: counts.file,
      rooms: plan.rooms.length,
      regions: 6,
      transform: '',
      clipPath: '',
    });
    // Its corner: the room's label is in its middle.
    await page.locator(`[id="${rooms[0]}"]`).click({ position: { x: 4, y: 4 } });
    await expect
      .poll(() => page.locator('.mn-details').getByRole('heading').textContent())
      .toBe(`Unit ${rooms[0]!.slice(5)}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
