/**
 * The editor's Wayfinding tab in a real browser against the local stack, at 1366×768: a Professional map
 * draws two edges on the canvas (the second snapped onto the first's end) and the check lists the
 * locations the network leaves unreachable; a map that is not Professional gets the description and the
 * way to upgrade. Screenshots go to .test-artifacts/wayfinding.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { documentWith } from '../helpers/documents';
import { collectErrors, launchBrowser, newContext, signInWithTokens, artifact, settledBox } from '../helpers/browser';
import { adminUser, call, createUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/wayfinding');
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function openTab(page: Page, mapId: string): Promise<void> {
  await page.goto(`/maps/${mapId}`);
  await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
  await page.getByRole('tab', { name: 'Wayfinding' }).click();
}

describe('the Wayfinding tab', () => {
  it('draws edges on the canvas with snapping, and checks what they leave unreachable', async () => {
    const user = await createUser({ name: 'Wayfinding Author' });
    const id = await call<string>('createMap', { title: 'Network centre', mapData: documentWith(4) }, user);
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
    await call('setMapState', { id, state: 3 }, user);
    const context = await newContext(browser, { width: 1366, height: 768 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    await openTab(page, id);
    await page.getByRole('button', { name: 'Draw paths' }).click();
    const box = await settledBox(page.locator('.editor__canvas svg.mn-edit-network'));
    const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
    for (const [fx, fy] of [
      [0.3, 0.5],
      [0.5, 0.5],
      [0.5, 0.7],
    ] as const) {
      const p = at(fx, fy);
      await page.mouse.click(p.x, p.y);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.editor__canvas .mn-net-edge').count()).toBe(2);
    // A click a few pixels off the middle node snaps to it: a third edge, still three-plus-one nodes.
    const mid = at(0.5, 0.5);
    await page.mouse.click(mid.x + 4, mid.y - 3);
    const far = at(0.7, 0.5);
    await page.mouse.click(far.x, far.y);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.editor__canvas .mn-net-edge').count()).toBe(3);
    expect(await page.locator('.editor__canvas .mn-net-node').count()).toBe(4);
    // Locations attach to the nearest path by themselves; the check names none as unreachable on one floor.
    const check = page.locator('section[aria-labelledby="wf-check"]');
    await expect.poll(() => check.textContent()).toMatch(/Every location can be reached|cannot be reached/);
    await artifact(page, { path: path.join(ARTIFACTS, 'panel-pro-1366.png') });

    // The saved document holds the drawn network.
    await page.keyboard.press('Control+s');
    const savedRoutes = async () => {
      const data = await call<MapWithDocument>('getMap', { id }, user);
      return ((await (await fetch(data.documentUrl)).json()) as MapDocument).routes.length;
    };
    await expect.poll(savedRoutes, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a Basic map what it does and how to upgrade (a test map tries it in Preview)', async () => {
    const user = await createUser({ name: 'Wayfinding Basic' });
    const id = await call<string>('createMap', { title: 'Basic centre', mapData: documentWith(2) }, user);
    const trial = await call<string>('createMap', { title: 'Test centre', mapData: documentWith(2) }, user);
    await call('setUserSlots', { uid: user.uid, basic: 1, pro: 0 }, await adminUser());
    await call('setMapState', { id, state: 1 }, user);
    const context = await newContext(browser, { width: 1366, height: 768 });
    const page = await context.newPage();
    await signInWithTokens(page, user);
    await openTab(page, trial);
    await page.getByText('A test map: try the directions you draw here in Preview.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Draw paths' }).isVisible()).toBe(true);
    await openTab(page, id);
    await page.getByText('Turn-by-turn directions come with the Professional plan', { exact: false }).waitFor();
    const upgrade = page.getByRole('link', { name: 'See plans' });
    expect(await upgrade.getAttribute('href')).toBe('/maps#subscribe');
    // The way to upgrade is in view at 1366×768 without scrolling the panel.
    const b = (await upgrade.boundingBox())!;
    expect(b.y + b.height).toBeLessThan(768);
    expect(await page.locator('.editor__canvas .mn-edit-network').count()).toBe(0);
    await artifact(page, { path: path.join(ARTIFACTS, 'panel-upsell-1366.png') });
    await context.close();
  });
});
