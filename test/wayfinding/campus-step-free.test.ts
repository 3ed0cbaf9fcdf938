/**
 * The Done-when of step-free wayfinding, as an author and a visitor would do it in a real browser: a two-floor
 * campus is built in the editor's Wayfinding tab (paths drawn on each floor, stairs and a lift set as connectors by
 * name, one short segment on the way to the lift marked as not step-free); the editor's Preview then plans the
 * step-free route from the entrance to the library through the lift, around the stepped segment; after Publish,
 * the embed plans the same route from `?from=&to=&stepfree=1`, while without step-free it takes the stairs.
 *
 * Each floor is drawn around its location, which sits in the middle of the map, so the location attaches to the
 * path node drawn there (offsets in screen pixels from the middle of the canvas):
 *
 *   ground:  E(0,0) ─ A(60,0) ─ S(60,-80) stairs          first:  S(60,-80) stairs
 *                      │ ╲                                            │
 *                      │  ─(kerb, not step-free)─ L0(200,0)        B(60,0) ─ Lib(0,0)
 *                      D(130,80) ──────────────╱   │                  │
 *                                         lift LL(200,60)          lift LL(200,60)
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { buildNetwork } from '../../web/src/map-core/wayfinding/network';
import { planRoute } from '../../web/src/map-core/wayfinding/route';
import {
  collectErrors,
  launchBrowser,
  newContext,
  signInWithTokens,
  artifact,
  readText,
  settledBox,
} from '../helpers/browser';
import { adminUser, call, createUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/wayfinding');
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => browser?.close());

type Offset = readonly [number, number];
const E: Offset = [0, 0];
const A: Offset = [60, 0];
const S: Offset = [60, -80];
const D: Offset = [130, 80];
const L0: Offset = [200, 0];
const LL: Offset = [200, 60];
const B: Offset = [60, 0];

/** Screen points of the canvas's network overlay, from offsets to its middle. */
async function canvasPoints(page: Page) {
  const box = await settledBox(page.locator('.editor__canvas svg.mn-edit-network'));
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return (o: Offset) => ({ x: cx + o[0], y: cy + o[1] });
}

/**
 * Draws one path through the points (the Draw paths tool; Escape ends it). The first click starts the path and each
 * click after it draws an edge: the next click waits for it, so a click on a busy machine is never taken before the one
 * before it has been drawn.
 */
async function drawPath(page: Page, ...points: Offset[]) {
  const at = await canvasPoints(page);
  const draw = page.getByRole('button', { name: 'Draw paths' });
  await draw.click();
  await expect.poll(() => draw.getAttribute('aria-pressed')).toBe('true');
  const edges = page.locator('.editor__canvas .mn-net-edge');
  const before = await edges.count();
  for (const [i, p] of points.entries()) {
    await page.mouse.click(at(p).x, at(p).y);
    // The first click starts the path (a pending point): a click taken before the tool was ready would draw nothing.
    if (i === 0) await page.locator('.editor__canvas .mn-net-node.is-pending').first().waitFor();
    else await expect.poll(() => edges.count()).toBe(before + i);
  }
  await page.keyboard.press('Escape');
}

/** Selects the node at `o` (the Select tool) and makes it a connector. */
async function setConnector(page: Page, o: Offset, name: string, kind: 'lift' | 'stairs', stepFree: boolean) {
  const at = await canvasPoints(page);
  await page.getByRole('group', { name: 'Network tool' }).getByRole('button', { name: 'Select' }).click();
  await page.mouse.click(at(o).x, at(o).y);
  const form = page.getByRole('group', { name: 'Make it a connector' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Kind').selectOption(kind);
  const box = form.getByRole('checkbox');
  if ((await box.isChecked()) !== stepFree) await box.click();
  await form.getByRole('button', { name: 'Set connector' }).click();
  await page.getByText(`Connector “${name}” set.`).first().waitFor();
  await page.getByRole('group', { name: 'Selected node' }).getByRole('button', { name: 'Done' }).click();
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: 'Route from' });
const stepTexts = (page: Page) =>
  page
    .locator('.mn-dir-steps .mn-dir-step')
    .evaluateAll((bs) => bs.map((b) => b.children[1]!.textContent!.replace(/[\u2068\u2069]/g, '')));
/**
 * Whether the route's line on the floor shown goes round the kerb: the ramp's corner D lies below the corridor the
 * entrance is on, so a line that takes it has a corner lower than its start (map units, y grows downwards); the
 * line through the kerb stays on the corridor's level until the lift hall.
 */
const goesRoundTheKerb = (page: Page) =>
  page
    .locator('.mn-route-line')
    .first()
    .evaluate((p) => {
      const points = [...(p.getAttribute('d') ?? '').matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => ({
        x: +m[1]!,
        y: +m[2]!,
      }));
      const [start] = points;
      const lift = points.at(-1);
      if (!start || !lift) return false;
      // A corner between the start and the lift hall, well below the corridor (D is 80 px below it on screen).
      return points.some(({ x, y }) => x > start.x && x < lift.x && y > start.y + 40);
    });

describe('a step-free campus route built in the editor', () => {
  it('goes through the lift around the stepped segment, in the preview and on the published embed', async () => {
    const user = await createUser({ name: 'Campus Author' });
    const doc = blankDocument();
    doc.layers = [
      { id: 'ground', name: 'Ground floor', file: '' },
      { id: 'first', name: 'First floor', file: '' },
    ];
    doc.locations = [
      { id: 'entrance', title: 'Main entrance', coord: [0.5, 0.5], layer: 'ground' },
      { id: 'library', title: 'Library', coord: [0.5, 0.5], layer: 'first' },
    ];
    doc.settings.wayfinding.enabled = true;
    const id = await call<string>('createMap', { title: 'Campus', mapData: doc }, user);
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
    await call('setMapState', { id, state: 3 }, user);

    const context = await newContext(browser, { width: 1440, height: 900 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    await page.goto(`/maps/${id}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    await page.getByRole('tab', { name: 'Wayfinding' }).click();
    const panel = page.locator('.wayfinding-panel');

    // Ground floor: the entrance's corridor to the stairs, the kerb to the lift hall and the ramp around it.
    await drawPath(page, E, A, S);
    await drawPath(page, A, L0, LL);
    await drawPath(page, A, D, L0);
    await expect.poll(() => page.locator('.editor__canvas .mn-net-edge').count()).toBe(6);
    await setConnector(page, S, 'Main stairs', 'stairs', false);
    await setConnector(page, LL, 'Lift A', 'lift', true);
    // The kerb: select the edge A–L0 by its middle and untick Step-free.
    await page.getByRole('group', { name: 'Network tool' }).getByRole('button', { name: 'Select' }).click();
    const at = await canvasPoints(page);
    await page.mouse.click(at([130, 0]).x, at([130, 0]).y);
    const edge = page.getByRole('group', { name: 'Selected edge' });
    await edge.getByRole('checkbox', { name: /Step-free/ }).uncheck();
    await expect.poll(() => page.locator('.editor__canvas .mn-net-edge.is-stepped').count()).toBe(1);

    // First floor: the same connectors by name, and the corridor to the library.
    await panel
      .getByRole('combobox', { name: /^Floor/ })
      .first()
      .selectOption({ label: 'First floor' });
    // The canvas shows the first floor, which has no paths yet, before the first click on it.
    await expect.poll(() => page.locator('.editor__canvas .mn-net-edge').count()).toBe(0);
    await drawPath(page, S, B, E);
    await drawPath(page, LL, B);
    await setConnector(page, S, 'Main stairs', 'stairs', false);
    await setConnector(page, LL, 'Lift A', 'lift', true);
    const connectors = page.locator('section[aria-labelledby="wf-connectors"]');
    await expect.poll(() => connectors.textContent()).toContain('Lift A');
    expect(await connectors.textContent()).toContain('Main stairs');
    // Everything is reachable, step-free too (through the lift).
    const check = page.locator('section[aria-labelledby="wf-check"]');
    await expect.poll(() => check.textContent()).toMatch(/Every location can be reached/);
    expect(await check.textContent()).not.toMatch(/not reachable step-free/i);
    await artifact(page, { path: path.join(ARTIFACTS, 'campus-editor.png') });

    // The editor's Preview: the step-free route takes the lift and goes round the kerb.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('dialog');
    await preview.getByRole('button', { name: 'Directions', exact: true }).click();
    await preview.getByRole('combobox', { name: 'From' }).fill('Main entr');
    await page.keyboard.press('Enter');
    await preview.getByRole('combobox', { name: 'To' }).fill('Libr');
    await page.keyboard.press('Enter');
    await preview.getByRole('checkbox', { name: 'Step-free route' }).check();
    await preview.getByRole('button', { name: 'Go', exact: true }).click();
    await expect
      .poll(() => readText(status(page)))
      .toMatch(
        /^Step-free route from Main entrance to Library: 3 steps, one floor change, avoiding stairs and escalators\.$/,
      );
    expect((await stepTexts(page)).slice(0, 2)).toEqual(['Walk to Lift A', 'Take the lift to First floor']);
    await page.locator('.mn-dir-step').first().click();
    await expect.poll(() => goesRoundTheKerb(page)).toBe(true);
    await artifact(page, { path: path.join(ARTIFACTS, 'campus-preview.png') });
    await preview.getByRole('button', { name: 'Close', exact: true }).first().click();
    await preview.waitFor({ state: 'detached' });

    // Publish, then the embed from a link: step-free through the lift, else the stairs.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('button', { name: /^Publish/ })
      .last()
      .click();
    await expect
      .poll(() => page.locator('.publication').getAttribute('data-publication'), { timeout: 15_000 })
      .toBe('published');
    const visitor = await context.newPage();
    const visitorErrors = collectErrors(visitor);
    await visitor.goto(`/m/${id}?from=entrance&to=library&stepfree=1`);
    await expect
      .poll(() => readText(status(visitor)), { timeout: 20_000 })
      .toMatch(
        /^Step-free route from Main entrance to Library: 3 steps, one floor change, avoiding stairs and escalators\.$/,
      );
    expect((await stepTexts(visitor)).slice(0, 2)).toEqual(['Walk to Lift A', 'Take the lift to First floor']);
    expect(await visitor.getByRole('checkbox', { name: 'Step-free route' }).isChecked()).toBe(true);
    await visitor.locator('.mn-dir-step').first().click();
    await expect.poll(() => goesRoundTheKerb(visitor)).toBe(true);
    await artifact(visitor, { path: path.join(ARTIFACTS, 'campus-embed-step-free.png') });
    // Without step-free the stairs are quicker, and the address bar drops stepfree.
    await visitor.getByRole('checkbox', { name: 'Step-free route' }).uncheck();
    // The stairs are named where the walk goes, and said as stairs where they are taken.
    await expect
      .poll(async () => (await stepTexts(visitor)).slice(0, 2))
      .toEqual(['Walk to Main stairs', 'Take the stairs to First floor']);
    expect(await readText(status(visitor))).toMatch(
      /^Route from Main entrance to Library: 3 steps, one floor change\.$/,
    );
    expect(new URL(visitor.url()).searchParams.has('stepfree')).toBe(false);
    expect([...errors, ...visitorErrors].filter((e) => e.startsWith('pageerror'))).toEqual([]);

    // The control: it is the marked kerb that sends the step-free route round. With the mark taken off the
    // published network, the step-free route is cheaper and goes through the kerb.
    const data = await call<MapWithDocument>('getMap', { id }, user);
    const published = (await (await fetch(data.documentUrl)).json()) as MapDocument;
    const kerbless = structuredClone(published);
    for (const r of kerbless.routes) if (!r.connector) r.inaccessible = false;
    expect(published.routes.filter((r) => !r.connector && r.inaccessible)).toHaveLength(1);
    const marked = planRoute(buildNetwork(published), 'entrance', 'library', { stepFree: true })!;
    const unmarked = planRoute(buildNetwork(kerbless), 'entrance', 'library', { stepFree: true })!;
    expect(unmarked.cost).toBeLessThan(marked.cost);
    await context.close();
  }, 180_000);
});
