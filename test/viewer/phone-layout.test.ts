/**
 * The viewer on phones (390×844 and 360×740), measured in a real browser: whatever is open (nothing, the
 * directions with a route, a location), at least half of the screen shows the map's own pannable area, not a
 * panel, sheet, list or control over it (counted by what the browser hits on a 10 px grid); the route and an
 * opened location are in that visible part; the floor switcher is one row even with seven long floor names.
 * Screenshots go to .test-artifacts/phone.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { artifact, collectErrors, launchBrowser, newContext, readText, settledBox } from '../helpers/browser';
import { baseUrl, createPublishedMap, createUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/phone');
const SIZES = [
  [390, 844],
  [360, 740],
] as const;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => browser?.close());

async function open(
  url: string,
  width: number,
  height: number,
  drawn = true,
): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, { width, height });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(url);
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  // A map with drawn floors: wait for the floor's drawing (blank floors have none).
  if (drawn)
    await page.waitForFunction(
      () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
      null,
      { polling: 100 },
    );
  return { page, errors };
}

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The share of the screen where the browser hits the map's pannable area (`.mn-viewport` and what it holds),
 * on a 10 px grid, and the bounding box of those points (the part of the map a visitor sees).
 */
function visibleMap(page: Page): Promise<{ share: number; box: Rect }> {
  return page.evaluate(() => {
    const viewport = document.querySelector('.mn-viewport')!;
    const w = window.innerWidth;
    const h = window.innerHeight;
    let hit = 0;
    let all = 0;
    const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    for (let y = 5; y < h; y += 10) {
      for (let x = 5; x < w; x += 10) {
        all++;
        const el = document.elementFromPoint(x, y);
        if (!el || !viewport.contains(el)) continue;
        hit++;
        box.left = Math.min(box.left, x);
        box.top = Math.min(box.top, y);
        box.right = Math.max(box.right, x);
        box.bottom = Math.max(box.bottom, y);
      }
    }
    return { share: hit / all, box };
  });
}

/** Whether a screen point is on the visible map (the browser hits the viewport there). */
function onMap(page: Page, x: number, y: number): Promise<boolean> {
  return page.evaluate(
    ([px, py]) => {
      const el = document.elementFromPoint(px!, py!);
      return !!el && document.querySelector('.mn-viewport')!.contains(el);
    },
    [x, y],
  );
}

/** The screen position of a document point ([x, y] in 0..1) on the map as the camera shows it now. */
async function screenOf(page: Page, doc: Pick<MapDocument, 'settings'>, coord: readonly number[]) {
  return page.evaluate(
    ([cx, cy, mw, mh]) => {
      const pane = document.querySelector<HTMLElement>('.mn-pane')!;
      const m = /translate\(([-\d.e]+)px,\s*([-\d.e]+)px\)\s*scale\(([-\d.e]+)\)/.exec(pane.style.transform)!;
      const r = document.querySelector('.mn-viewport')!.getBoundingClientRect();
      return {
        x: r.left + Number(m[1]) + cx! * mw! * Number(m[3]),
        y: r.top + Number(m[2]) + cy! * mh! * Number(m[3]),
      };
    },
    [coord[0], coord[1], doc.settings.mapWidth, doc.settings.mapHeight],
  );
}

/** The camera stays still for ten frames in a row (a fly-to has ended): the pane's box moves with its transform. */
async function settled(page: Page): Promise<void> {
  await settledBox(page.locator('.mn-pane'), 10);
}

describe.each(SIZES)('the viewer at %i×%i', (width, height) => {
  it('shows the map on at least half of the screen with nothing open', async () => {
    const { page, errors } = await open('/m/demo', width, height);
    await settled(page);
    await artifact(page, { path: path.join(ARTIFACTS, `demo-${width}x${height}.png`) });
    expect((await visibleMap(page)).share).toBeGreaterThanOrEqual(0.5);
    expect(errors).toEqual([]);
  });

  it('keeps the route in view above the directions sheet, with the steps read as a list', async () => {
    const { page, errors } = await open('/m/demo?from=north-entrance&to=fitlab', width, height);
    const status = page.getByRole('status').filter({ hasText: 'Route from' });
    await expect.poll(() => readText(status), { timeout: 15_000 }).toMatch(/^Route from North entrance/);
    // The route is drawn on its last floor once the player has gone through it.
    await expect.poll(() => page.locator('.mn-route-end circle').count(), { timeout: 15_000 }).toBe(2);
    await settled(page);
    await artifact(page, { path: path.join(ARTIFACTS, `route-${width}x${height}.png`) });
    const { share } = await visibleMap(page);
    expect(share).toBeGreaterThanOrEqual(0.5);
    // Both ends of the floor's part of the route are on the visible map (not under the sheet or the switcher).
    const ends = await page
      .locator('.mn-route-end circle')
      .evaluateAll((cs) =>
        cs.map((c) => c.getBoundingClientRect()).map((r) => [r.x + r.width / 2, r.y + r.height / 2]),
      );
    for (const [x, y] of ends) expect(await onMap(page, x!, y!), `route end at ${x},${y}`).toBe(true);
    // The steps are a list a screen reader reads as one, each step an item.
    const list = page.getByRole('list', { name: 'Steps' });
    expect(await list.getByRole('listitem').count()).toBe(3);
    expect(errors).toEqual([]);
  });

  it('pans an opened location into the visible map above its sheet', async () => {
    const doc = (
      (await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as {
        document: MapDocument;
      }
    ).document;
    for (const id of ['sushi-go', 'north-entrance']) {
      const { page, errors } = await open(`/m/demo?location=${id}`, width, height);
      await page.getByRole('dialog').waitFor();
      await settled(page);
      await artifact(page, { path: path.join(ARTIFACTS, `location-${id}-${width}x${height}.png`) });
      expect((await visibleMap(page)).share).toBeGreaterThanOrEqual(0.5);
      const loc = doc.locations.find((l) => l.id === id)!;
      const p = await screenOf(page, doc, loc.coord!);
      expect(await onMap(page, p.x, p.y), `${id} at ${Math.round(p.x)},${Math.round(p.y)}`).toBe(true);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('stands the map’s bottom controls whole on an opened location’s sheet, never half under it', async () => {
    const { page, errors } = await open('/m/demo?location=sushi-go', width, height);
    await page.getByRole('dialog').waitFor();
    await settled(page);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
      polling: 100,
    });
    const standOnSheet = async () => {
      const { sheetTop, controls } = await page.evaluate(() => ({
        sheetTop: document.querySelector('.mn-sheet')!.getBoundingClientRect().top,
        controls: [
          ...document.querySelectorAll<HTMLElement>('.mn-bottom-left .mn-control, .mn-bottom-right .mn-control'),
        ]
          .filter((c) => c.offsetParent !== null)
          .map((c) => ({ name: c.getAttribute('aria-label'), bottom: c.getBoundingClientRect().bottom })),
      }));
      expect(controls.map((c) => c.name)).toContain('Reset map');
      for (const c of controls)
        expect(c.bottom, `${c.name} ends at ${c.bottom}, the sheet starts at ${sheetTop}`).toBeLessThanOrEqual(
          sheetTop,
        );
    };
    await standOnSheet();
    await artifact(page, { path: path.join(ARTIFACTS, `sheet-controls-${width}x${height}.png`) });
    // The sheet grows after it opened ("Link copied." below its buttons): the controls follow it up.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('dialog').getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('dialog').getByText('Link copied.').waitFor();
    // Once the sheet has settled at its new height (the controls move with it, not before it): two frames for the
    // change to be laid out and observed, then its transitions.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
      polling: 100,
    });
    await standOnSheet();
    expect((await visibleMap(page)).share).toBeGreaterThanOrEqual(0.5);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the floor switcher', () => {
  it('stays one row with seven long floor names at every width, and switches floors', async () => {
    const user = await createUser({ name: 'Campus Author' });
    const doc = blankDocument();
    doc.layers = Array.from({ length: 7 }, (_, i) => ({
      id: `f${i + 1}`,
      name: `【${(i % 3) + 1}号館】${i + 1}F`,
      file: '',
    }));
    doc.settings.defaultLayer = 'f1';
    const id = await createPublishedMap({ title: 'Campus', mapData: doc }, user);
    for (const [width, height] of [...SIZES, [320, 640] as const, [768, 1024] as const, [1280, 800] as const]) {
      const { page, errors } = await open(`/m/${id}`, width, height, false);
      const floors = page.getByRole('group', { name: 'Floors' });
      await floors.waitFor();
      const rows = await floors.evaluate((el) => {
        const tops = new Set<number>();
        for (const b of Array.from(el.querySelectorAll('button, option'))) {
          const r = b.getBoundingClientRect();
          if (r.height > 0) tops.add(Math.round(r.top));
        }
        const r = el.getBoundingClientRect();
        return { tops: tops.size, right: r.right, left: r.left, height: r.height };
      });
      await artifact(page, { path: path.join(ARTIFACTS, `floors-${width}x${height}.png`) });
      expect(rows.tops, `${width}px`).toBeLessThanOrEqual(1);
      expect(rows.height).toBeLessThan(48);
      expect(rows.left).toBeGreaterThanOrEqual(0);
      expect(rows.right).toBeLessThanOrEqual(width);
      if (SIZES.some(([w, h]) => w === width && h === height))
        expect((await visibleMap(page)).share).toBeGreaterThanOrEqual(0.5);
      // Floors past the row's end are hinted at: that edge fades out (to the right); once the row is scrolled to its
      // end, its start fades out instead.
      const fades = () =>
        floors.evaluate((el) => {
          const more = el.scrollWidth > el.clientWidth + 1;
          return { more, mask: getComputedStyle(el).maskImage };
        });
      const before = await fades();
      if (before.more) expect(before.mask, `${width}px`).toMatch(/^linear-gradient\(90deg, .*rgba\(0, 0, 0, 0\)\)$/);
      else expect(before.mask).toBe('none');
      // The last floor is reached by scrolling the row, and picking it shows it in the row.
      const last = floors.getByRole('button', { name: doc.layers[6]!.name });
      await last.click();
      await expect.poll(() => last.getAttribute('aria-pressed')).toBe('true');
      const inRow = await floors.evaluate((el) => {
        const b = el.querySelector('[aria-pressed="true"]')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        return b.left >= r.left - 1 && b.right <= r.right + 1;
      });
      expect(inRow).toBe(true);
      if (before.more) await expect.poll(async () => (await fades()).mask).toMatch(/^linear-gradient\(270deg, /);
      // A floor picked in the middle (a route's, a link's: the row not scrolled by hand) is scrolled clear of the
      // edges' fades (36 px wide where floors are past that edge), and the page does not scroll.
      const middle = floors.getByRole('button', { name: doc.layers[3]!.name });
      await middle.evaluate((b: HTMLElement) => b.click());
      await expect.poll(() => middle.getAttribute('aria-pressed')).toBe('true');
      const clear = await floors.evaluate((el) => {
        const b = el.querySelector('[aria-pressed="true"]')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        const max = el.scrollWidth - el.clientWidth;
        const fadeStart = el.scrollLeft > 1 ? 36 : 0;
        const fadeEnd = el.scrollLeft < max - 1 ? 36 : 0;
        return b.left >= r.left + fadeStart - 1 && b.right <= r.right - fadeEnd + 1 && scrollY === 0;
      });
      await artifact(page, { path: path.join(ARTIFACTS, `floors-middle-${width}x${height}.png`) });
      expect(clear, `${width}px`).toBe(true);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 240_000);
});

describe('a phone on its side (844×390)', () => {
  it('folds the directory away while Directions is open, with the route’s summary and steps readable', async () => {
    const { page, errors } = await open('/m/demo?from=north-entrance&to=fitlab', 844, 390);
    const status = page.getByRole('status').filter({ hasText: 'Route from' });
    await expect.poll(() => readText(status), { timeout: 15_000 }).toMatch(/^Route from North entrance/);
    await settled(page);
    await artifact(page, { path: path.join(ARTIFACTS, 'route-844x390.png') });
    // The directory is folded away: the map takes the screen's width beside the panel.
    expect(await page.locator('.mn-sidebar').isVisible()).toBe(false);
    expect((await page.locator('.mn-map').boundingBox())!.width).toBe(844);
    // The panel stays on the screen and scrolls in it: its summary and every step can be brought into view there.
    const panel = page.locator('.mn-directions');
    const inScreen = (r: { y: number; height: number }) => r.y >= 0 && r.y + r.height <= 390;
    expect(inScreen((await panel.boundingBox())!)).toBe(true);
    for (const el of [status, ...(await page.locator('.mn-dir-step').all())]) {
      await el.scrollIntoViewIfNeeded();
      const box = (await el.boundingBox())!;
      const p = (await panel.boundingBox())!;
      expect(box.y >= p.y - 1 && box.y + box.height <= p.y + p.height + 1 && inScreen(box)).toBe(true);
    }
    // Closing the directions brings the directory back.
    await page.getByRole('button', { name: 'Close directions' }).click();
    await expect.poll(() => page.locator('.mn-sidebar').isVisible()).toBe(true);
    expect((await page.locator('.mn-map').boundingBox())!.width).toBeLessThan(844);
    expect(errors).toEqual([]);
  });

  it('gives the Directions form the height its button took: Go in view, and the focus back on the button at the ✕', async () => {
    const { page, errors } = await open('/m/demo', 844, 390);
    const toggle = page.locator('.mn-directions-toggle');
    await toggle.click();
    const panel = page.locator('.mn-directions');
    await expect.poll(() => panel.isVisible()).toBe(true);
    await settled(page);
    await artifact(page, { path: path.join(ARTIFACTS, 'directions-form-844x390.png') });
    // The button is out of the way while its panel is open, and the form's last row is whole in the panel unscrolled.
    expect(await toggle.isHidden()).toBe(true);
    const go = (await page.locator('.mn-dir-go').boundingBox())!;
    const p = (await panel.boundingBox())!;
    expect(go.y + go.height, 'Go is below the panel’s fold').toBeLessThanOrEqual(p.y + p.height + 1);
    await page.getByRole('button', { name: 'Close directions' }).click();
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await toggle.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('the geographic example’s legend', () => {
  const legend = (page: Page) => ({
    button: page.getByRole('button', { name: 'Sales regions' }),
    items: page.locator('.mn-legend-items'),
  });

  it('starts folded on a phone (390×844), where its button opens and folds it, and open on a desktop', async () => {
    const { page, errors } = await open('/m/examplegeographic', 390, 844, false);
    const { button, items } = legend(page);
    await button.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await items.isHidden()).toBe(true);
    await artifact(page, { path: path.join(ARTIFACTS, 'legend-folded-390x844.png') });
    await button.click();
    await expect.poll(() => items.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await items.locator('li').count()).toBeGreaterThan(1);
    await button.click();
    await expect.poll(() => items.isHidden()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await page.context().close();

    // A desktop keeps the map's settings: the legend starts open.
    const desktop = await open('/m/examplegeographic', 1440, 900, false);
    const wide = legend(desktop.page);
    await wide.button.waitFor();
    expect(await wide.button.getAttribute('aria-expanded')).toBe('true');
    expect(await wide.items.isVisible()).toBe(true);
    expect(desktop.errors).toEqual([]);
  });
});

describe('a location’s sheet on a touch phone (390×844)', () => {
  it('keeps its close button in a space of its own: the description scrolls under the title, never under it', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      baseURL: baseUrl(),
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto('/m/demo?location=harrow-finch');
    const body = page.locator('.mn-sheet .mn-details-body');
    await body.waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
      polling: 100,
    });
    // The description is longer than the sheet: scrolled to its end, its first lines have gone up past the button.
    await body.evaluate((el) => (el.scrollTop = el.scrollHeight));
    expect(await body.evaluate((el) => el.scrollTop)).toBeGreaterThan(20);
    const { close, hits } = await page.evaluate(() => {
      const c = document.querySelector('.mn-sheet .mn-details-close')!.getBoundingClientRect();
      // What shows beside the button and between its top and bottom: the title's band, not the description.
      const hits = [c.top + 2, (c.top + c.bottom) / 2, c.bottom - 2].flatMap((y) =>
        [c.left - 4, 24].map(
          (x) =>
            document
              .elementFromPoint(x, y)
              ?.closest('.mn-details-title, .mn-details-desc, .mn-details-about, .mn-details-meta')?.className ?? null,
        ),
      );
      return { close: c.toJSON() as DOMRect, hits };
    });
    await artifact(page, { path: path.join(ARTIFACTS, 'sheet-scrolled-close-390x844.png') });
    expect(close.width).toBeGreaterThanOrEqual(44);
    expect(hits, JSON.stringify(close)).toEqual(Array(6).fill('mn-details-title'));
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click({ trial: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
