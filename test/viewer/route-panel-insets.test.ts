/**
 * A route that starts at the floor plan's edge, under the open Directions panel, in a real browser: the camera's
 * insets (MapView.setInsets) let the plan move so that its edge sits at the panel's edge, and the route's start is
 * shown beside the panel on a desktop (1440×900, the panel at the top left) and above the sheet on a phone (390×844),
 * instead of the clamp holding the plan's edge at the viewport's. Closing the panel clamps the view normally again.
 * The route line is as wide on screen at every zoom (its SVG is scaled by a CSS transform, which Chromium's
 * non-scaling stroke does not undo). Screenshots go to .test-artifacts/route-insets (MAPNEST_TEST_ARTIFACTS=1).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { artifact, collectErrors, launchBrowser, newContext, readText, settledBox } from '../helpers/browser';
import { adminUser, baseUrl, call, createPublishedMap, createUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/route-insets');
let browser: Browser;
let mapId: string;

/**
 * The demo map (Professional, so it has directions) with two doors at the plan's edges, each with a corridor into
 * the mall: West door at its left edge, South gate at its bottom edge.
 */
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  const user = await createUser({ name: 'Edge doors' });
  const demo = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as PublishedMap).document!;
  const corridor = (id: string, points: [number, number][]) => ({
    id,
    layer: 'ground',
    points,
    closed: false,
    weight: 1,
    inaccessible: false,
    connector: false,
  });
  const doc: MapDocument = {
    ...demo,
    layers: demo.layers.map((l) => ({ ...l, file: `${baseUrl()}${l.file}` })),
    locations: [
      ...demo.locations,
      { id: 'west-door', title: 'West door', layer: 'ground', coord: [0.004, 0.5] },
      { id: 'south-gate', title: 'South gate', layer: 'ground', coord: [0.66875, 0.996] },
    ],
    routes: [
      ...demo.routes,
      corridor('g-west-door', [
        [0.004, 0.5],
        [0.20625, 0.5],
      ]),
      corridor('g-south-gate', [
        [0.66875, 0.996],
        [0.66875, 0.914],
      ]),
    ],
  };
  mapId = await createPublishedMap({ title: 'Edge doors', mapData: doc }, user);
  await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
  await call('setMapState', { id: mapId, state: 3 }, user);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function open(url: string, width: number, height: number): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, { width, height });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(url);
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
  return { page, errors };
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The route's start dot's centre, and the boxes of the panel and of the map's viewport, on screen. */
function layout(page: Page): Promise<{ start: { x: number; y: number }; panel: Box; viewport: Box }> {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const s = document.querySelector('.mn-route-start')!.getBoundingClientRect();
    return {
      start: { x: s.left + s.width / 2, y: s.top + s.height / 2 },
      panel: box(document.querySelector('.mn-directions')!),
      viewport: box(document.querySelector('.mn-viewport')!),
    };
  });
}

const inside = (p: { x: number; y: number }, b: Box) =>
  p.x >= b.left && p.x <= b.right && p.y >= b.top && p.y <= b.bottom;

/**
 * Whether the camera is clamped as without a panel, on both axes: a plan smaller than the viewport (less its 8 px
 * padding each side) is centred in it, a larger one shows at most the padding past either edge.
 */
function clampedNormally(page: Page, image: { width: number; height: number }): Promise<string[]> {
  return page.evaluate(
    ([iw, ih]) => {
      const pane = document.querySelector<HTMLElement>('.mn-pane')!;
      const m = /translate\(([-\d.e]+)px,\s*([-\d.e]+)px\)\s*scale\(([-\d.e]+)\)/.exec(pane.style.transform)!;
      const vp = document.querySelector<HTMLElement>('.mn-viewport')!;
      const axes = [
        ['x', Number(m[1]), iw! * Number(m[3]), vp.clientWidth],
        ['y', Number(m[2]), ih! * Number(m[3]), vp.clientHeight],
      ] as const;
      const wrong: string[] = [];
      for (const [axis, offset, content, view] of axes) {
        const ok =
          content <= view - 16
            ? Math.abs(offset - (view - content) / 2) < 1
            : offset <= 8.5 && offset + content >= view - 8.5;
        if (!ok) wrong.push(`${axis}: plan at ${offset} (${content} px) in ${view} px`);
      }
      return wrong;
    },
    [image.width, image.height],
  );
}

const CASES = [
  { name: 'desktop', width: 1440, height: 900, from: 'west-door', title: 'West door', to: 'juice-hub' },
  { name: 'phone', width: 390, height: 844, from: 'south-gate', title: 'South gate', to: 'tea-room' },
] as const;

describe.each(CASES)(
  'a route from the plan’s edge ($name, $width×$height)',
  ({ name, width, height, from, title, to }) => {
    it('starts beside the open panel, not under it, and the view is clamped normally once it closes', async () => {
      const { page, errors } = await open(`/m/${mapId}?from=${from}&to=${to}`, width, height);
      const status = page.getByRole('status').filter({ hasText: 'Route from' });
      await expect.poll(() => readText(status), { timeout: 15_000 }).toMatch(`Route from ${title} to `);
      await page.locator('.mn-route-start').waitFor();
      // The fit has ended: the plan and the panel (a sheet grows with its steps) stay still.
      await settledBox(page.locator('.mn-pane'), 10);
      await settledBox(page.locator('.mn-directions'), 10);
      await artifact(page, { path: path.join(ARTIFACTS, `${name}-${width}x${height}.png`) });
      const { start, panel, viewport } = await layout(page);
      expect(inside(start, viewport), `start ${JSON.stringify(start)} in the map ${JSON.stringify(viewport)}`).toBe(
        true,
      );
      expect(inside(start, panel), `start ${JSON.stringify(start)} under the panel ${JSON.stringify(panel)}`).toBe(
        false,
      );
      // On the free side of the panel: right of the desktop's panel (at the map's left), above the phone's sheet.
      if (name === 'desktop') expect(start.x).toBeGreaterThan(panel.right);
      else expect(start.y).toBeLessThan(panel.top);

      // Closed, the panel's insets go: the view is clamped as it was before the panel opened.
      await page.getByRole('button', { name: 'Close directions' }).click();
      await settledBox(page.locator('.mn-pane'), 10);
      expect(await clampedNormally(page, { width: 1600, height: 1000 })).toEqual([]);
      expect(errors).toEqual([]);
    });
  },
);

/**
 * The route line's width on screen where a column of pixels crosses it at `x`, within 20 px of `y`: the pixels of the
 * line's own colour (its anti-aliased edges, mostly the casing's white, are not counted).
 */
async function lineWidthAt(page: Page, x: number, y: number): Promise<number> {
  const clip = { x: Math.round(x), y: Math.round(y) - 20, width: 1, height: 41 };
  const png = (await page.screenshot({ clip })).toString('base64');
  return page.evaluate(
    async ([b64, height]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [img.width, img.height];
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(img, 0, 0);
      // The line's colour, as the canvas has it.
      ctx.fillStyle = getComputedStyle(document.querySelector('.mn-route-line')!).stroke;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, 1, height as number).data;
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (Math.hypot(px[i]! - r!, px[i + 1]! - g!, px[i + 2]! - b!) < 60) n++;
      return n;
    },
    [png, clip.height] as const,
  );
}

/** The map's scale (screen pixels per plan pixel). */
const scaleOf = (page: Page) =>
  page.evaluate(() =>
    Number(/scale\(([-\d.e]+)\)/.exec(document.querySelector<HTMLElement>('.mn-pane')!.style.transform)![1]),
  );

it('draws the route line 3 px wide on screen whatever the zoom: on a phone’s view of the route, and zoomed in past the plan’s size', async () => {
  const { page, errors } = await open(`/m/${mapId}?from=west-door&to=juice-hub`, 390, 844);
  await page.locator('.mn-route-start').waitFor();
  await settledBox(page.locator('.mn-pane'), 10);
  await settledBox(page.locator('.mn-directions'), 10);
  // The route leaves West door eastwards along a straight corridor: measured 24 px past the start dot's centre.
  const start = async () => (await layout(page)).start;
  const widths: [number, number][] = [];
  const measure = async () => {
    const s = await start();
    widths.push([await scaleOf(page), await lineWidthAt(page, s.x + 24, s.y)]);
  };
  await measure();
  const at = await start();
  await page.mouse.move(at.x, at.y);
  for (let i = 0; i < 12; i++) await page.mouse.wheel(0, -400);
  await settledBox(page.locator('.mn-pane'), 10);
  await measure();
  expect(widths[0]![0], 'less than the plan’s size, as on a phone').toBeLessThan(0.5);
  expect(widths[1]![0], 'zoomed in past the plan’s size').toBeGreaterThan(1);
  for (const [scale, width] of widths) expect(width, `at scale ${scale}`).toBeGreaterThanOrEqual(2);
  for (const [scale, width] of widths) expect(width, `at scale ${scale}`).toBeLessThanOrEqual(4);
  expect(errors).toEqual([]);
});

it.each([
  // Held sideways: the route's end at FitLab Gym was under the pan buttons down the right.
  [667, 375, 'fitlab'],
  [844, 390, 'fitlab'],
  // Upright, the smallest: the route's start at the North entrance was under the floors' row along the top.
  [320, 568, 'harrow-finch'],
  [390, 844, 'harrow-finch'],
])(
  'frames a route clear of the map’s controls as well as of the panel on a phone (%i×%i, to %s)',
  async (width, height, to) => {
    // A phone's browser: touch, and the page laid out at the phone's width.
    const context = await browser.newContext({
      viewport: { width, height },
      baseURL: baseUrl(),
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`/m/demo?from=north-entrance&to=${to}`);
    await expect.poll(() => page.locator('.mn-route-end circle').count(), { timeout: 15_000 }).toBe(2);
    await settledBox(page.locator('.mn-pane'), 10);
    await settledBox(page.locator('.mn-directions'), 10);
    await artifact(page, { path: path.join(ARTIFACTS, `phone-controls-${width}x${height}.png`) });
    // The route's ends, and every control of the map but the panel.
    const hits = await page.evaluate(() => {
      const ends = ['.mn-route-start', '.mn-route-end'].map((s) => document.querySelector(s)!.getBoundingClientRect());
      const controls = [...document.querySelectorAll('.mn-corner > :not(.mn-directions)')]
        .map((c) => [c.className, c.getBoundingClientRect()] as const)
        .filter(([, r]) => r.width > 0);
      const meet = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return ends.flatMap((e, i) =>
        controls.filter(([, r]) => meet(e, r)).map(([name]) => `${i ? 'end' : 'start'} under ${name}`),
      );
    });
    expect(hits).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  },
);
