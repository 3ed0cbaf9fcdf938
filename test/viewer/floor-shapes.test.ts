/**
 * Floor plans drawn per floor reuse element ids: each floor of this office has its `lift`. Each floor's lift has a
 * location of its own (`lift` on floor 1, `lift-2` on floor 2 naming the shape `lift`, ADR 061), and in a real browser
 * each lights up and opens its own floor's shape: a deep link to `lift-2` shows floor 2 with its lift open, a click on
 * either floor's lift opens that floor's location, and the address names the location by its id.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankDocument } from '@mapnest/shared/map-document';
import { buckets, s3 } from '../helpers/accounts';
import { artifact, collectErrors, launchBrowser, newContext, settledBox } from '../helpers/browser';
import { createPublishedMap, createUser } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Floor `n` of the office: the lift sits elsewhere on each floor, and has the same id on both. */
const officeFloor = (n: number, liftX: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"
  viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="#f8fafc"/>
  <rect id="m${n}01" x="40" y="40" width="300" height="300" fill="#ede9fe" stroke="#555"/>
  <rect id="lift" x="${liftX}" y="400" width="160" height="200" fill="#cfe3ff" stroke="#1d4ed8"/>
  <text x="${liftX + 80}" y="500" font-size="18" text-anchor="middle">Lift</text>
</svg>`;

async function upload(svg: string): Promise<string> {
  const key = `floor-shapes-test/${randomUUID()}/floor.svg`;
  await s3().send(
    new PutObjectCommand({ Bucket: buckets().public, Key: key, Body: svg, ContentType: 'image/svg+xml' }),
  );
  return `/data/${key}`;
}

/** The lift shape of the floor shown, and the location index it is bound to ('' when none). */
const shownLift = (page: Page) => page.locator('.mn-layer:not([hidden]) [id="lift"]');
const boundTo = async (page: Page) => (await shownLift(page).getAttribute('data-mn-loc')) ?? '';
const liftClass = async (page: Page) => (await shownLift(page).getAttribute('class')) ?? '';

/**
 * Clicks the lift of the floor shown, the whole map in view (the camera stays where the other floor's lift was). The
 * reset's camera move is waited out: a box read while it still glides is clicked where the lift no longer is.
 */
async function clickShownLift(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Reset map' }).click();
  await page.locator('.mn-popup').waitFor({ state: 'detached' });
  await expect.poll(async () => (await shownLift(page).boundingBox())?.width ?? 0).toBeLessThan(200);
  const b = await settledBox(shownLift(page), 10);
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 3);
}

describe('each floor’s lift, drawn with the same id on both floors', () => {
  it('has a location of its own that lights up and opens its own floor’s shape', async () => {
    const doc = blankDocument({
      file: await upload(officeFloor(1, 200)),
      layerId: 'f1',
      layerName: 'Floor 1',
      mapWidth: 1200,
      mapHeight: 800,
    });
    doc.layers.push({ id: 'f2', name: 'Floor 2', file: await upload(officeFloor(2, 800)) });
    doc.locations = [
      { id: 'lift', title: 'Lift, floor 1', layer: 'f1', type: 'hidden', action: 'tooltip' },
      { id: 'lift-2', title: 'Lift, floor 2', layer: 'f2', type: 'hidden', action: 'tooltip', shape: 'lift' },
    ];
    const user = await createUser({ name: 'Floor Shapes' });
    const id = await createPublishedMap({ title: 'Office floors', mapData: doc }, user);

    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const popup = page.locator('.mn-popup');

    // A deep link names the location by its id: floor 2 shows, its lift is the open location's region.
    await page.goto(`/m/${id}?location=lift-2`);
    await popup.filter({ hasText: 'Lift, floor 2' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => liftClass(page)).toMatch(/\bmn-region\b.*\bmn-active\b|\bmn-active\b.*\bmn-region\b/);
    expect(await boundTo(page)).toBe('1');
    expect(await page.locator('.mn-layer:not([hidden]) [id="m201"]').count()).toBe(1);
    await artifact(page, { path: '.test-artifacts/floor-shapes-floor-2.png' });

    // Floor 1's lift is floor 1's location: a click on it opens that one.
    await page.getByRole('group', { name: 'Floors' }).getByRole('button', { name: 'Floor 1' }).click();
    await page.locator('.mn-layer:not([hidden]) [id="m101"]').waitFor();
    await expect.poll(() => boundTo(page)).toBe('0');
    expect(await liftClass(page)).toMatch(/\bmn-region\b/);
    await artifact(page, { path: '.test-artifacts/floor-shapes-floor-1.png' });
    await clickShownLift(page);
    await popup.filter({ hasText: 'Lift, floor 1' }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('location')).toBe('lift');
    await expect.poll(() => liftClass(page)).toMatch(/\bmn-active\b/);

    // And back on floor 2, its own lift opens floor 2's location again.
    await page.getByRole('group', { name: 'Floors' }).getByRole('button', { name: 'Floor 2' }).click();
    await page.locator('.mn-layer:not([hidden]) [id="m201"]').waitFor();
    expect(await boundTo(page)).toBe('1');
    await clickShownLift(page);
    await popup.filter({ hasText: 'Lift, floor 2' }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('location')).toBe('lift-2');
    // One lift shape per floor (floor 2 was loaded first), each bound to its floor's location.
    const lifts = await page
      .locator('.mn-layer')
      .evaluateAll((floors) =>
        floors.map((f) => [
          f.querySelector('[id$="01"]')?.id,
          f.querySelector('[id="lift"]')?.getAttribute('data-mn-loc'),
        ]),
      );
    expect(lifts.sort()).toEqual([
      ['m101', '0'],
      ['m201', '1'],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
