/**
 * The viewer in a compact box (narrow and under 500 px high: a phone's script-tag embed of 390×350, an iframe of
 * 360×300 or 414×420, /m/{id} in a short window; ADR 067), in a real browser with touch emulation: the map fills the
 * box; the directory opens over it, inside the box, from a labelled button (aria-expanded), and Escape or Back to map
 * close it, focus going back to the button; a location chosen in it closes it and shows its details as a sheet that
 * leaves the location's point in view on the map, with the floors and zoom buttons clear of it and of each other, each
 * at least 44 × 44 px; a route's Directions sheet leaves the zoom row usable above it and the route's ends in view.
 * Geometry only. Screenshots go to .test-artifacts/compact-box (MAPNEST_TEST_ARTIFACTS=1).
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import { artifact, collectErrors, launchBrowser, readText, settledBox } from '../helpers/browser';
import { baseUrl } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/compact-box');
let browser: Browser;
let server: Server;
let host: string;
let doc: MapDocument;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  doc = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as { document: MapDocument }).document;
  // A customer's page: the demo map in a script-tag embed or an iframe of the size asked for, text after it.
  server = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const [w, h] = [Number(q.get('w')), Number(q.get('h'))];
    const map =
      q.get('kind') === 'iframe'
        ? `<iframe id="map" src="${baseUrl()}/m/demo" title="Map" style="display:block;width:${w}px;height:${h}px;border:0"></iframe>`
        : `<div id="map" data-mapnest-map="demo" style="height:${h}px"></div><script src="${baseUrl()}/embed.js" async></script>`;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"></head>
      <body style="margin:0"><h1>Visit us</h1>${map}<p>${'Text after the map. '.repeat(80)}</p></body></html>`);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((ok) => server?.close(() => ok()));
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && a.x + a.width > b.x + 0.5 && a.y < b.y + b.height - 0.5 && a.y + a.height > b.y + 0.5;
const inside = (a: Box, b: Box) =>
  a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1;

/** A phone of this window (touch, 2x pixels) showing `url`; the viewer's frame (the page, or the iframe's). */
async function phone(url: string, width: number, height: number) {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    baseURL: baseUrl(),
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(url);
  const iframe = page.locator('iframe#map');
  const frame: Page | Frame = (await iframe.count()) ? (await (await iframe.elementHandle())!.contentFrame())! : page;
  await frame.waitForFunction(
    () => {
      const root = document.querySelector('[data-mapnest-map]')?.shadowRoot ?? document;
      return !!root.querySelector('.mn-layer-svg') && !root.querySelector('.mn-loading:not([hidden])');
    },
    null,
    { polling: 100, timeout: 20_000 },
  );
  return { page, frame, errors, viewer: frame.locator('.mn-viewer') };
}

/** What a visitor sees of the viewer in `frame` (its shadow root for a script-tag embed): boxes, focus, state. */
function look(frame: Page | Frame) {
  return frame.evaluate(() => {
    const root = document.querySelector('[data-mapnest-map]')?.shadowRoot ?? document;
    const box = (el: Element | null) => {
      if (!el?.checkVisibility()) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const button = root.querySelector('.mn-directory-button');
    const focused = root.activeElement;
    const controls = [...root.querySelectorAll('.mn-corner > *')]
      .map((el) => ({ name: el.getAttribute('aria-label') ?? el.className, box: box(el) }))
      .filter((c): c is { name: string; box: NonNullable<typeof c.box> } => !!c.box);
    const targets = [...root.querySelectorAll('.mn-corner button')]
      .map((el) => ({ name: el.textContent || el.getAttribute('aria-label') || '', box: box(el) }))
      .filter((c) => !!c.box);
    return {
      viewer: box(root.querySelector('.mn-viewer'))!,
      map: box(root.querySelector('.mn-map'))!,
      overlay: box(root.querySelector('.mn-sidebar')),
      sheet: box(root.querySelector('.mn-sheet')),
      expanded: button?.getAttribute('aria-expanded') ?? null,
      focus: focused === button ? 'directory button' : (focused?.getAttribute('class') ?? null),
      mapInert: !!(root.querySelector('.mn-map') as HTMLElement | null)?.inert,
      controls,
      small: targets.filter((t) => t.box!.width < 44 || t.box!.height < 44).map((t) => t.name),
    };
  });
}

/** Where the location `id`'s point is on screen, and whether the visitor sees the map there (nothing over it). */
function pointOf(frame: Page | Frame, id: string) {
  const [cx, cy] = doc.locations.find((l) => l.id === id)!.coord!;
  return frame.evaluate(
    ([x, y, mw, mh]) => {
      const root = document.querySelector('[data-mapnest-map]')?.shadowRoot ?? document;
      const pane = root.querySelector<HTMLElement>('.mn-pane')!;
      const m = /translate\(([-\d.e]+)px,\s*([-\d.e]+)px\)\s*scale\(([-\d.e]+)\)/.exec(pane.style.transform)!;
      const viewport = root.querySelector('.mn-viewport')!;
      const r = viewport.getBoundingClientRect();
      const p = {
        x: r.left + Number(m[1]) + x! * mw! * Number(m[3]),
        y: r.top + Number(m[2]) + y! * mh! * Number(m[3]),
      };
      const hit = root.elementFromPoint(p.x, p.y);
      return { ...p, onMap: !!hit && viewport.contains(hit) };
    },
    [cx, cy, doc.settings.mapWidth, doc.settings.mapHeight],
  );
}

/** The map fills the box; the floors, zoom and directory buttons are inside it, clear of each other, 44 px or more. */
function expectMapFillsTheBox(seen: Awaited<ReturnType<typeof look>>): void {
  const { viewer, map, controls } = seen;
  expect(Math.abs(map.width - viewer.width), 'map width').toBeLessThanOrEqual(1);
  expect(Math.abs(map.height - viewer.height), 'map height').toBeLessThanOrEqual(1);
  expect(seen.overlay, 'no directory under or over the map').toBeNull();
  expect(seen.expanded).toBe('false');
  expect(controls.map((c) => c.name)).toEqual(expect.arrayContaining(['Floors', 'Zoom']));
  for (const [i, a] of controls.entries()) {
    expect(inside(a.box, map), `${a.name} in the map`).toBe(true);
    for (const b of controls.slice(i + 1)) expect(overlaps(a.box, b.box), `${a.name} over ${b.name}`).toBe(false);
  }
  expect(seen.small).toEqual([]);
}

/** The overlay is open: within the viewer's box, covering the map, which is inert under it. */
async function expectOverlayOpen(frame: Page | Frame): Promise<void> {
  const seen = await look(frame);
  expect(seen.expanded).toBe('true');
  expect(seen.overlay).not.toBeNull();
  expect(inside(seen.overlay!, seen.viewer), 'overlay within the box').toBe(true);
  expect(seen.overlay!.width * seen.overlay!.height).toBeGreaterThanOrEqual(0.9 * seen.map.width * seen.map.height);
  expect(seen.mapInert).toBe(true);
}

/** Location `id`'s details are a sheet in the box, under its point on the map, the controls clear of it. */
async function expectSheetBelowPoint(frame: Page | Frame, viewer: Locator, id: string): Promise<void> {
  await settledBox(viewer.locator('.mn-sheet'), 5);
  await settledBox(viewer.locator('.mn-pane'), 10);
  const seen = await look(frame);
  expect(seen.overlay).toBeNull();
  expect(seen.expanded).toBe('false');
  expect(seen.mapInert).toBe(false);
  expect(inside(seen.sheet!, seen.viewer), 'sheet within the box').toBe(true);
  const p = await pointOf(frame, id);
  expect(p.y, `${id}'s point above the sheet`).toBeLessThan(seen.sheet!.y);
  expect(p.onMap, `${id}'s point (${Math.round(p.x)},${Math.round(p.y)}) on the visible map`).toBe(true);
  for (const c of seen.controls) expect(overlaps(c.box, seen.sheet!), `${c.name} over the sheet`).toBe(false);
}

describe('a phone’s script-tag embed of 390×350', () => {
  it('fills the box with the map, opens the directory over it and shows a chosen location above its sheet', async () => {
    const { page, frame, errors, viewer } = await phone(`${host}/?kind=script&h=350`, 390, 844);
    await artifact(page, { path: path.join(ARTIFACTS, 'script-390x350.png') });
    const seen = await look(frame);
    expect(seen.viewer.height).toBe(350);
    expectMapFillsTheBox(seen);

    // The directory opens over the map and Escape closes it, focus back on its button.
    const button = viewer.getByRole('button', { name: 'Directory' });
    await button.click();
    await viewer.getByRole('searchbox').waitFor();
    await expectOverlayOpen(frame);
    await artifact(page, { path: path.join(ARTIFACTS, 'script-390x350-directory.png') });
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await look(frame)).focus).toBe('directory button');
    expect((await look(frame)).overlay).toBeNull();

    // A location at the plan's bottom, chosen in the list: the map pans it above its sheet.
    await button.click();
    await viewer.getByRole('searchbox').fill('Pixel');
    await viewer.locator('.mn-entry', { hasText: 'Pixel Play' }).click();
    await viewer.getByRole('dialog', { name: 'Pixel Play' }).waitFor();
    await expectSheetBelowPoint(frame, viewer, 'pixel-play');
    await artifact(page, { path: path.join(ARTIFACTS, 'script-390x350-location.png') });
    // Closing the details brings focus back to the directory's button (the entry chosen is hidden with the list).
    await viewer.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await look(frame)).focus).toBe('directory button');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a phone’s iframe embed of 360×300', () => {
  it('works by keyboard: the button opens the search, Enter opens a location, Escape returns to the button', async () => {
    const { page, frame, errors, viewer } = await phone(`${host}/?kind=iframe&w=360&h=300`, 360, 740);
    expectMapFillsTheBox(await look(frame));
    await viewer.getByRole('button', { name: 'Directory' }).focus();
    await page.keyboard.press('Enter');
    const search = viewer.getByRole('searchbox');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectOverlayOpen(frame);
    // A location on the other floor: the map changes floor and shows it above its sheet.
    await search.pressSequentially('Sushi');
    await expect.poll(() => viewer.locator('.mn-entry').first().textContent()).toContain('Sushi Go');
    await page.keyboard.press('Enter');
    await viewer.getByRole('dialog', { name: 'Sushi Go' }).waitFor();
    await expect
      .poll(() => viewer.getByRole('button', { name: 'First floor' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expectSheetBelowPoint(frame, viewer, 'sushi-go');
    await artifact(page, { path: path.join(ARTIFACTS, 'iframe-360x300-location.png') });
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await look(frame)).focus).toBe('directory button');
    expect((await look(frame)).sheet).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('/m/{id} in a short window, and an iframe of 414×420', () => {
  it.each([
    ['/m/demo', 390, 350],
    ['iframe', 414, 420],
  ])('%s at %i×%i: Back to map closes the directory, focus back on its button', async (kind, width, height) => {
    const url = kind === 'iframe' ? `${host}/?kind=iframe&w=${width}&h=${height}` : kind;
    const { page, frame, errors, viewer } = await phone(url, width, kind === 'iframe' ? 896 : height);
    const seen = await look(frame);
    expect([Math.round(seen.viewer.width), Math.round(seen.viewer.height)]).toEqual([width, height]);
    expectMapFillsTheBox(seen);
    await viewer.getByRole('button', { name: 'Directory' }).click();
    await expectOverlayOpen(frame);
    await artifact(page, { path: path.join(ARTIFACTS, `${kind.replace(/\W/g, '')}-${width}x${height}-directory.png`) });
    await viewer.getByRole('button', { name: 'Back to map' }).click();
    await expect.poll(async () => (await look(frame)).focus).toBe('directory button');
    expectMapFillsTheBox(await look(frame));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a route in a compact box (/m/{id} at 390×350)', () => {
  it('keeps the zoom row usable above the Directions sheet and the route in view between', async () => {
    const { page, frame, errors, viewer } = await phone('/m/demo?from=north-entrance&to=fitlab', 390, 350);
    const status = viewer.getByRole('status').filter({ hasText: 'Route from' });
    await expect.poll(() => readText(status), { timeout: 15_000 }).toMatch(/^Route from North entrance/);
    // The route is drawn on its last floor once the player has gone through it.
    await expect.poll(() => viewer.locator('.mn-route-end circle').count(), { timeout: 15_000 }).toBe(2);
    const panel = await settledBox(viewer.locator('.mn-dir-sheet'), 5);
    await settledBox(viewer.locator('.mn-pane'), 10);
    await artifact(page, { path: path.join(ARTIFACTS, 'm-390x350-route.png') });
    const seen = await look(frame);
    expect(inside(panel, seen.map), 'the sheet within the map').toBe(true);
    // The bottom corners' controls stand above the sheet, inside the map, and take a tap at their centre.
    const corners = viewer.locator('.mn-bottom-left > :visible, .mn-bottom-right > :visible');
    const names = await corners.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.className));
    const bottom = seen.controls.filter((c) => names.includes(c.name));
    expect(bottom.map((c) => c.name)).toEqual(expect.arrayContaining(['Zoom']));
    for (const c of bottom) {
      expect(overlaps(c.box, panel), `${c.name} over the sheet`).toBe(false);
      expect(inside(c.box, seen.map), `${c.name} in the map`).toBe(true);
    }
    // Both ends of the route are on the visible map above the sheet (nothing over them).
    const ends = await viewer.locator('.mn-route-end circle').evaluateAll((cs) =>
      cs.map((c) => {
        const r = c.getBoundingClientRect();
        const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
        const hit = (c.getRootNode() as Document).elementFromPoint(x, y);
        return { x, y, onMap: !!hit?.closest('.mn-viewport') };
      }),
    );
    for (const e of ends) {
      expect(e.y, 'route end above the sheet').toBeLessThan(panel.y);
      expect(e.onMap, `route end at ${Math.round(e.x)},${Math.round(e.y)} on the visible map`).toBe(true);
    }
    const zoomIn = viewer.getByRole('button', { name: 'Zoom in' });
    const hit = await zoomIn.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains((el.getRootNode() as Document).elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(hit, 'Zoom in takes a tap').toBe(true);
    const scale = () =>
      viewer.locator('.mn-pane').evaluate((el) => Number(/scale\(([-\d.e]+)\)/.exec(el.style.transform)![1]));
    const before = await scale();
    await zoomIn.click();
    await expect.poll(scale).toBeGreaterThan(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a phone’s full screen (390×844)', () => {
  it('keeps the directory under the map, with no directory button', async () => {
    const { page, frame, errors, viewer } = await phone('/m/demo', 390, 844);
    const seen = await look(frame);
    expect(seen.overlay!.y).toBeGreaterThanOrEqual(seen.map.y + seen.map.height - 1);
    expect(await viewer.locator('.mn-directory-button').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
