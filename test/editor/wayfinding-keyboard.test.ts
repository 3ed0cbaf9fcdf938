/**
 * A wayfinding node moved without dragging it, in a real browser against the local stack: selected with a click, it
 * takes a typed X and Y in its card and the arrow keys on the map (each press one undo step, Ctrl+Z takes back one),
 * the editor's status line says where it went, and after a save and a reload the node is where it was put, and is
 * chosen again from the floor's nodes by the keyboard alone. And a path drawn without a mouse: Enter on the map places
 * its points at the cross, the arrow keys move the map between them, each step is said, and its end becomes a lift.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { artifact, collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { adminUser, call, createUser, type TestUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/wayfinding');
let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  user = await createUser({ name: 'Keyboard Network Author' });
  await call('setUserSlots', { uid: user.uid, basic: 0, pro: 2 }, await adminUser());
}, 60_000);
afterAll(async () => browser?.close());

/** A corridor of two paths meeting at (0.3, 0.5) on a 1,000 × 800 px map. */
function corridor(): MapDocument {
  const doc = blankDocument({ mapWidth: 1000, mapHeight: 800 });
  const path = (id: string, points: [number, number][]) => ({
    id,
    layer: doc.layers[0]!.id,
    points,
    closed: false,
    connector: false,
    weight: 1,
    inaccessible: false,
  });
  doc.routes = [
    path('path-1', [
      [0.1, 0.5],
      [0.3, 0.5],
    ]),
    path('path-2', [
      [0.3, 0.5],
      [0.3, 0.9],
    ]),
  ];
  return doc;
}

async function savedRoutes(id: string): Promise<MapDocument['routes']> {
  const data = await call<MapWithDocument>('getMap', { id }, user);
  return ((await (await fetch(data.documentUrl)).json()) as MapDocument).routes;
}

async function saveNow(page: Page) {
  await page.keyboard.press('Control+s');
  await expect.poll(() => page.locator('.save-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('saved');
}

async function openWayfinding(page: Page, id: string) {
  await page.goto(`/maps/${id}`);
  await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
  await page.getByRole('tab', { name: 'Wayfinding' }).click();
  await page.locator('.editor__canvas .mn-net-node').first().waitFor();
}

/** The nodes drawn on the canvas, as their map coordinates. */
const drawnNodes = (page: Page) =>
  page
    .locator('.editor__canvas .mn-net-node')
    .evaluateAll((els) => els.map((el) => JSON.parse(el.getAttribute('data-node')!) as [number, number]));

/** A Professional map of the corridor, open in the editor's Wayfinding tab, signed in as its owner. */
async function openCorridor(title: string) {
  const id = await call<string>('createMap', { title, mapData: corridor() }, user);
  await call('setMapState', { id, state: 3 }, user);
  const context = await newContext(browser, { width: 1366, height: 768 });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await signInWithTokens(page, user);
  await openWayfinding(page, id);
  return { id, context, page, errors };
}

describe('a wayfinding node moved without dragging', () => {
  it('takes a typed X and Y and the arrow keys, undoes one press with Ctrl+Z, and stays put after a reload; an edge is marked by the keyboard too', async () => {
    const { id, context, page, errors } = await openCorridor('Keyboard network');
    const status = page.locator('.editor [role="status"]').filter({ hasText: /Node/ });

    await page.locator('.editor__canvas [data-node="[0.3,0.5]"]').click();
    const card = page.getByRole('group', { name: 'Selected node' });
    await expect.poll(() => status.textContent()).toContain('Node selected on');
    const x = card.getByRole('textbox', { name: 'X (0-1)' });
    const y = card.getByRole('textbox', { name: 'Y (0-1)' });
    expect([await x.inputValue(), await y.inputValue()]).toEqual(['0.3', '0.5']);

    // Off the map: said, and nothing moves.
    await x.fill('1.2');
    await x.press('Enter');
    await card.getByText('That is off the map: X goes from 0 (the left edge) to 1 (the right edge).').waitFor();
    await artifact(page, { path: path.join(ARTIFACTS, 'node-off-the-map-1366.png') });
    expect(await drawnNodes(page)).toContainEqual([0.3, 0.5]);

    await x.fill('0.25');
    await x.press('Enter');
    await y.fill('0.6');
    await y.press('Enter');
    await expect.poll(() => drawnNodes(page)).toContainEqual([0.25, 0.6]);
    await expect.poll(() => status.textContent()).toContain('Node moved to X 0.25, Y 0.6.');

    // Two presses on the map, two steps; Ctrl+Z takes back the last one only.
    await page.locator('.editor .mn-viewport').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => status.textContent()).toContain('Node moved to X 0.252, Y 0.6.');
    await page.keyboard.press('Control+z');
    const nearly = async () => (await drawnNodes(page)).map(([a, b]) => [Math.round(a * 1e6) / 1e6, b]);
    await expect.poll(nearly).toContainEqual([0.251, 0.6]);
    expect(await nearly()).not.toContainEqual([0.252, 0.6]);
    await saveNow(page);
    const moved = (await savedRoutes(id)).map((r) => r.points.map(([a, b]) => [Math.round(a * 1e6) / 1e6, b]));
    expect(moved).toEqual([
      [
        [0.1, 0.5],
        [0.251, 0.6],
      ],
      [
        [0.251, 0.6],
        [0.3, 0.9],
      ],
    ]);

    await page.reload();
    await openWayfinding(page, id);
    expect(await nearly()).toContainEqual([0.251, 0.6]);
    // Without a pointer: the node is chosen from the floor's nodes, by the keyboard.
    const picker = page.getByRole('combobox', { name: 'Select a node' });
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await card.waitFor();
    expect(await card.getByRole('textbox', { name: 'X (0-1)' }).inputValue()).toBe('0.251');
    await artifact(page, { path: path.join(ARTIFACTS, 'node-card-1366.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await artifact(page, { path: path.join(ARTIFACTS, 'node-card-390.png') });

    // An edge too, by the keyboard alone: chosen from the floor's edges, marked as having a step from its card, saved.
    const edges = page.getByRole('combobox', { name: 'Select an edge' });
    await edges.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const edgeCard = page.getByRole('group', { name: 'Selected edge' });
    const stepFree = edgeCard.getByRole('checkbox', { name: 'Step-free (no step on this edge)' });
    await stepFree.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => stepFree.isChecked()).toBe(false);
    await saveNow(page);
    expect((await savedRoutes(id)).map((r) => [r.id, r.inaccessible])).toEqual([
      ['path-1', false],
      ['path-2', true],
    ]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('draws a path by the keyboard alone, saying each point, and makes its end a lift', async () => {
    const { id, context, page, errors } = await openCorridor('Keyboard paths');
    const status = page.locator('.editor [role="status"]').filter({ hasText: /Path|Point|point/ });

    await page.getByRole('button', { name: 'Draw paths' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(/By keyboard: on the map, the arrow keys move it and Enter places a point/).waitFor();
    const map = page.locator('.editor .mn-viewport');
    await map.focus();
    expect(await map.getAttribute('aria-label')).toBe(
      'Map, drawing paths: click the map or press Enter to place a point',
    );
    const help = await page.evaluate(
      () => document.getElementById(document.activeElement!.getAttribute('aria-describedby')!)?.textContent,
    );
    expect(help).toContain('Enter places a path point at the centre of the view, marked by a cross');
    // The add tool's cross marks where Enter places, under the select tool too.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!, '::after').content)).toBe('""');

    // The map fits the view: its centre is near the map's. Zoomed in, the arrow keys move the next point's place.
    await page.keyboard.press('Enter');
    await expect.poll(() => status.textContent()).toMatch(/^Path started at X 0\.\d+, Y 0\.\d+\. Move the map/);
    // Pressed at once, while the camera still glides: Enter places where the arrows lead.
    await page.keyboard.press('+');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Point 2 placed at X 0\.\d+, Y 0\.\d+: an edge from point 1\./);
    await page.keyboard.press('Escape');
    await expect.poll(() => status.textContent()).toMatch(/^Path ended with 2 points\./);
    await artifact(page, { path: path.join(ARTIFACTS, 'keyboard-path-1366.png') });
    await saveNow(page);
    const drawn = (await savedRoutes(id))[2]!;
    expect(drawn.points).toHaveLength(2);
    // The second point is right of the first: the arrow keys moved the map, not a node.
    expect(drawn.points[1]![0]).toBeGreaterThan(drawn.points[0]![0]);
    expect(drawn.points[0]!.map((c) => Math.abs(c - 0.5) < 0.2)).toEqual([true, true]);

    // Its end, chosen from the floor's nodes by the keyboard, made a lift.
    await page.getByRole('group', { name: 'Network tool' }).getByRole('button', { name: 'Select' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Select a node' }).selectOption(JSON.stringify(drawn.points[1]));
    const card = page.getByRole('group', { name: 'Selected node' });
    await card.getByRole('button', { name: 'Set connector' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(/^Lift 1 · Lift ·/).waitFor();
    await saveNow(page);
    const lift = (await savedRoutes(id)).find((r) => r.connector);
    expect([lift?.connectorName, lift?.points.at(-1)]).toEqual(['Lift 1', drawn.points[1]]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);
});
