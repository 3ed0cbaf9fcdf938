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
    // Placed by their regions alone: their markers need the floor whole, its rooms bound. The floor is drawn in parts
    // (sibling <svg>s, one shown a frame): the rooms are in the first, the labels' group (a region too) in a later one.
    const rooms = plan.rooms.slice(100, 106);
    doc.locations = [
      ...rooms.map((id) => ({ id, title: `Unit ${id.slice(5)}`, layer: 'level-1' })),
      { id: 'Labels', title: 'Every label', layer: 'level-1' },
    ];
    const id = await createPublishedMap({ title: 'Big floor', mapData: doc }, await createUser({ name: 'Big floor' }));

    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`/m/${id}`);
    await page.waitForFunction(() => performance.getEntriesByName('mapnest:floor').length > 0, undefined, {
      polling: 100,
      timeout: 60_000,
    });
    // The page's own parse of the file, sanitised whole, is the reference: every element came in, once (a part that
    // goes on inside a group starts with a copy of it, marked as such).
    const counts = await page.evaluate(
      async ({ url, last }) => {
        const parts = Array.from(document.querySelectorAll<SVGSVGElement>('.mn-layer > .mn-layer-svg'));
        const all = (selector: string) => parts.flatMap((p) => Array.from(p.querySelectorAll(selector)));
        const text = await (await fetch(url)).text();
        const whole = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
        const styles = [parts[0]!.parentElement!, ...parts].map((el) => el.style.transform + el.style.clipPath);
        return {
          shown: all('*:not([data-mn-continued])').length,
          file: whole.querySelectorAll('*').length,
          rooms: all('path[id^="unit-"]').length,
          regions: all('.mn-region').length,
          brought: styles.every((s) => s === ''),
          parts: parts.length,
          labelsIn: parts.findIndex((p) => p.querySelector(`[id="${last}"]`)),
        };
      },
      { url: `/data/${key}`, last: 'Labels' },
    );
    expect(counts).toMatchObject({ shown: counts.file, rooms: plan.rooms.length, regions: 7, brought: true });
    expect(counts.parts).toBeGreaterThanOrEqual(4);
    expect(counts.labelsIn).toBeGreaterThan(0);
    // A label, drawn in a later part, on its first letter (the first one in view), once the view is still.
    await page.waitForFunction(() => !document.querySelector('.mn-moving'), null, { polling: 100 });
    const label = await page.evaluate(() => {
      for (const text of document.querySelectorAll<SVGTextElement>('[id="Labels"] text')) {
        const glyph = text.getExtentOfChar(0);
        const centre = new DOMPoint(glyph.x + glyph.width / 2, glyph.y + glyph.height / 2);
        const at = centre.matrixTransform(text.getScreenCTM()!);
        if (text.contains(document.elementFromPoint(at.x, at.y))) return { x: at.x, y: at.y, hit: true };
      }
      return { x: 0, y: 0, hit: false };
    });
    expect(label.hit).toBe(true);
    await page.mouse.click(label.x, label.y);
    await expect.poll(() => page.locator('.mn-details').getByRole('heading').textContent()).toBe('Every label');
    await page.keyboard.press('Escape');
    // A room's corner (its label is in its middle), through the parts drawn over it.
    await page.locator(`[id="${rooms[0]}"]`).click({ position: { x: 4, y: 4 } });
    await expect
      .poll(() => page.locator('.mn-details').getByRole('heading').textContent())
      .toBe(`Unit ${rooms[0]!.slice(5)}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
