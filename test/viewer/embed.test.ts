/**
 * The embed (/m/{id}) in a real browser (Debian's Chromium) against the local stack: pins and their
 * popups, search, floors, deep links, keyboard-only use, the grid directory, the legend, the not-found
 * state, the script-tag embed, a map with a CSV of locations, and a map whose SVG and descriptions
 * carry the XSS corpus.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { HTML_VECTORS, svgDocument } from '../../web/src/viewer/xss-corpus.fixtures';
import { buckets, s3 } from '../helpers/accounts';
import { collectErrors, launchBrowser, newContext, settled, settledBox } from '../helpers/browser';
import { MARGIN } from '../../web/src/viewer/markers/surface';
import { baseUrl, createUser, type TestUser, createPublishedMap } from '../helpers/stack';
import { serveHostPage } from '../helpers/host-page';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function openDemo(
  path = '/m/demo',
  viewport?: { width: number; height: number },
): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, viewport ?? { width: 1280, height: 800 });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(path);
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
  return { page, errors };
}

/** Screen position of a location's coordinate, through the transform the map pane is drawn with. */
async function screenOf(
  page: Page,
  coord: [number, number],
  size: { width: number; height: number },
): Promise<{ x: number; y: number }> {
  const t = await page.evaluate(() => {
    const pane = document.querySelector<HTMLElement>('.mn-pane')!;
    const m = /translate\(([-\d.e]+)px,\s*([-\d.e]+)px\)\s*scale\(([-\d.e]+)\)/.exec(pane.style.transform)!;
    const r = document.querySelector('.mn-viewport')!.getBoundingClientRect();
    return { x: Number(m[1]), y: Number(m[2]), s: Number(m[3]), left: r.left, top: r.top };
  });
  return { x: t.left + t.x + coord[0] * size.width * t.s, y: t.top + t.y + coord[1] * size.height * t.s };
}

async function demoDocument(): Promise<MapDocument> {
  const res = await fetch(`${baseUrl()}/data/maps/demo.json`);
  return ((await res.json()) as PublishedMap).document!;
}

const dialog = (page: Page) => page.getByRole('dialog');

describe('the embed of the demo map', () => {
  it('opens a pin’s popup when the pin is clicked, and closes it with Escape', async () => {
    const doc = await demoDocument();
    const info = doc.locations.find((l) => l.id === 'info-desk')!;
    const { page, errors } = await openDemo();
    const at = await screenOf(page, info.coord!, { width: doc.settings.mapWidth, height: doc.settings.mapHeight });
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Information');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('paints the markers in view first, then the directory in the place kept for it, and the margin around the view (for pans)', async () => {
    const context = await newContext(browser, { width: 1280, height: 800 });
    // How far the marker drawing reaches beyond the view (CSS pixels), how much of the directory is there, and
    // where the map sits (the directory must not move it when it arrives).
    const probe = `(() => {
      const c = document.querySelector('.mn-marker-canvas');
      const v = document.querySelector('.mn-viewport').getBoundingClientRect();
      return {
        beyond: parseFloat(c.style.width) - Math.round(v.width),
        search: !!document.querySelector('.mn-directory .mn-search input'),
        entries: document.querySelectorAll('.mn-list .mn-entry').length,
        map: [v.left, v.top, v.width, v.height],
      };
    })()`;
    await context.addInitScript(`addEventListener('mapnest:ready', () => { window.__atReady = ${probe}; })`);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto('/m/demo');
    await page.waitForFunction(() => '__atReady' in window, null, { polling: 100 });
    const atReady = (await page.evaluate('window.__atReady')) as { map: number[] };
    expect(atReady).toEqual({ beyond: 0, search: false, entries: 0, map: expect.any(Array) });
    await expect
      .poll(() => page.evaluate(probe))
      .toEqual({ beyond: 2 * MARGIN, search: true, entries: expect.any(Number), map: atReady.map });
    await expect.poll(() => page.locator('.mn-list .mn-entry').count()).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('builds the viewer over several tasks: "Loading map…" until it is put in the page, its markers drawn in a later task', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    // Once the viewer's root is in the page, posts a task of the highest priority (`scheduler.postTask`, user-blocking:
    // it runs before the viewer's own next step, which resumes at a lower one) and notes whether it ran before the
    // viewer said it is ready (its markers drawn): if it did, the markers were drawn in a later task than the one that
    // put the root in. Notes what that task took out of the page.
    await context.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      const scheduler = (globalThis as unknown as { scheduler: { postTask(f: () => void, o: object): Promise<void> } })
        .scheduler;
      let ready = false;
      new MutationObserver((records) => {
        const added = records.flatMap((r) => [...r.addedNodes]);
        if (w.__removed !== undefined || !added.some((n) => n instanceof Element && n.matches('.mn-viewer'))) return;
        // One callback per task's changes: what it removed is what the same task took out of the page.
        w.__removed = records.flatMap((r) => [...r.removedNodes].map((n) => n.textContent ?? ''));
        void scheduler.postTask(() => (w.__between = !ready), { priority: 'user-blocking' });
      }).observe(document, { childList: true, subtree: true });
      addEventListener('mapnest:ready', () => {
        ready = true;
        w.__ready = true;
      });
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto('/m/demo');
    await page.waitForFunction(() => '__ready' in window && '__between' in window, null, { polling: 100 });
    const seen = (await page.evaluate('({ removed: window.__removed, between: window.__between })')) as {
      removed: string[];
      between: boolean;
    };
    // Put in the page in place of the page's "Loading map…", in the same task (no frame shows an empty page).
    expect(seen.removed.join(' ')).toContain('Loading map…');
    // Its floor asked for and its markers drawn in a later task than the one that put it in (and measured it).
    expect(seen.between).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the directory’s rows when its list only grows taller, adding those that come into view', async () => {
    const { page, errors } = await openDemo('/m/demo', { width: 1280, height: 600 });
    const entries = page.locator('.mn-list .mn-entry');
    await expect.poll(() => entries.count()).toBeGreaterThan(5);
    const before = await entries.count();
    await page.evaluate(() => {
      (document.querySelector('.mn-list li') as unknown as { kept?: boolean }).kept = true;
    });
    await page.setViewportSize({ width: 1280, height: 1000 });
    await expect.poll(() => entries.count()).toBeGreaterThan(before);
    expect(
      await page.evaluate(() => (document.querySelector('.mn-list li') as unknown as { kept?: boolean }).kept),
    ).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens a shop when its SVG region is clicked', async () => {
    const { page } = await openDemo();
    await page.locator('[id="voltage"]').click();
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Voltage');
    expect(await page.locator('[id="voltage"]').getAttribute('class')).toContain('mn-active');
    await page.context().close();
  });

  it('filters the directory as the visitor types, ignoring case and accents, and highlights the match', async () => {
    const { page } = await openDemo();
    const entries = page.locator('.mn-list .mn-entry');
    // The list is filled once the markers' first frame has been painted.
    await expect.poll(() => entries.count()).toBeGreaterThan(10);
    await page.getByRole('searchbox').fill('LUMIERE');
    await expect.poll(() => page.locator('.mn-result-bar').textContent()).toContain('1 found');
    expect(await entries.allTextContents()).toEqual([expect.stringContaining('Maison Lumière')]);
    expect(await page.locator('.mn-list mark').first().textContent()).toBe('Lumière');
    // From the search: ↓ goes to the first result; Enter opens it, and closing its details comes back to the search.
    const search = page.getByRole('searchbox');
    await search.focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Maison Lumière');
    await search.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Maison Lumière');
    // Focus moves into the details once they are laid out (a frame after the heading on a busy machine): Escape then.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    // Descriptions and groups are searched too (the incumbent searched title and about only).
    await page.getByRole('searchbox').fill('wheelchair');
    await expect.poll(() => entries.allTextContents()).toEqual([expect.stringContaining('Customer Service')]);
    // The best match first: the title that starts with the search, then the places found by their group's name.
    await page.getByRole('searchbox').fill('food');
    await expect.poll(() => entries.count()).toBeGreaterThan(5);
    expect(await entries.first().textContent()).toContain('Food Court');
    // Cleared from the keyboard, focus goes back to the search, not to the top of the page with the button.
    await page.getByRole('button', { name: 'Clear all' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => entries.count()).toBeGreaterThan(10);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await page.getByRole('searchbox').fill('wheelchair');
    const said = page.locator('.mn-viewer > [aria-live="polite"]');
    await expect.poll(() => said.textContent()).toBe('1 found');
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => entries.count()).toBeGreaterThan(10);
    // Cleared, a screen reader hears how many there are again, as the list's bar says it.
    await expect.poll(() => said.textContent()).toBe(await page.locator('.mn-result-bar').textContent());
    expect(await said.textContent()).toMatch(/^\d+ locations$/);
    await page.context().close();
  });

  it('switches floors with the floor buttons and when a location on another floor is opened', async () => {
    const { page } = await openDemo();
    // Each change of floor is said in the viewer's polite live region; the floor the map starts on is not.
    const said = page.locator('.mn-viewer > [aria-live="polite"]');
    expect(await said.textContent()).toBe('');
    // Named "First floor", and "First floor, 1 found" while a search finds a shop there.
    const first = page.getByRole('button', { name: /^First floor/ });
    await first.click();
    await expect.poll(() => first.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('.mn-layer:not([hidden]) [id="starlight"]').count()).toBe(1);
    expect(await said.textContent()).toBe('Showing First floor');
    await page.getByRole('button', { name: 'Ground floor', exact: true }).click();
    await expect.poll(() => page.locator('.mn-layer:not([hidden]) [id="freshmart"]').count()).toBe(1);
    expect(await said.textContent()).toBe('Showing Ground floor');
    // Opening a first-floor shop from the directory switches the floor for it, and says so.
    await page.getByRole('searchbox').fill('gelato');
    await expect
      .poll(() => page.getByRole('group', { name: 'Floors' }).getByRole('button').allTextContents())
      .toEqual(['Ground floor', 'First floor1, 1 found']);
    // Heard after the floor's name (Chrome puts a space before the comma of a text positioned out of view).
    expect(await page.getByRole('button', { name: /^First floor ?, 1 found$/ }).count()).toBe(1);
    await page.locator('.mn-list .mn-entry').first().click();
    await expect.poll(() => first.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Gelato Bello');
    expect(await said.textContent()).toBe('Showing First floor');
    await page.context().close();
  });

  it('opens ?location= on load and keeps one history entry while locations open and close', async () => {
    const { page } = await openDemo('/m/demo?location=pizza-forno');
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Pizza Forno');
    expect(await page.getByRole('button', { name: 'First floor', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const before = await page.evaluate(() => history.length);
    await page.getByRole('searchbox').fill('noodle');
    await page.locator('.mn-list .mn-entry').first().click();
    await expect.poll(() => page.url()).toContain('location=noodle-bar');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.url()).not.toContain('location=');
    expect(await page.evaluate(() => history.length)).toBe(before);
    await page.context().close();
  });

  it('can be used with the keyboard alone: directory, map and locations in view', async () => {
    const { page } = await openDemo();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    // Search, filter toggle, then the directory is one tab stop moved with the arrow keys.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.textContent);
    expect(first).toContain('Harrow & Finch');
    await page.keyboard.press('ArrowDown');
    const second = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(second).not.toBe(first);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    const title = await dialog(page).getByRole('heading').textContent();
    expect(second).toContain(title!);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(second);
    // On to the map: arrows pan it, plus zooms.
    const pane = () => page.evaluate(() => document.querySelector<HTMLElement>('.mn-pane')!.style.transform);
    for (
      let i = 0;
      i < 12 && !(await page.evaluate(() => document.activeElement?.classList.contains('mn-viewport')));
      i++
    )
      await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-roledescription'))).toBe('map');
    const start = await pane();
    await page.keyboard.press('+');
    await expect.poll(pane).not.toBe(start);
    const zoomed = await pane();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(pane).not.toBe(zoomed);
    await settledBox(page.locator('.mn-pane'), 10);
    // The list of the locations in view follows the camera 150 ms after it stops (a CI run under load pressed Tab while
    // it was being redrawn): read a quarter of a second apart until it is the same twice.
    let was = '';
    await expect
      .poll(
        async () => {
          const now = await page.locator('.mn-in-view').innerHTML();
          const same = now === was && now !== '';
          was = now;
          return same;
        },
        { interval: 250 },
      )
      .toBe(true);
    // Tab reaches the locations in view; focusing one rings it on the map and shows its name.
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.closest('.mn-in-view') !== null);
    expect(focused).toBe(true);
    await expect.poll(() => page.locator('.mn-ring-focus').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.mn-tooltip').isVisible()).toBe(true);
    await page.keyboard.press('ArrowRight');
    const name = (await page.evaluate(() => document.activeElement?.textContent ?? '')).split(',')[0]!;
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe(name);
    await page.context().close();
  });

  it('stacks the directory under the map on a phone and shows a location as a bottom sheet', async () => {
    const { page } = await openDemo('/m/demo?location=daily-grind', { width: 375, height: 720 });
    expect(await page.locator('.mn-viewer').getAttribute('class')).toContain('mn-portrait');
    await expect.poll(() => page.locator('.mn-sheet .mn-details').isVisible()).toBe(true);
    await page.context().close();
  });

  it('lays itself out again when its width changes after load (a phone turned, a window resized)', async () => {
    const { page } = await openDemo();
    const viewer = page.locator('.mn-viewer');
    const canvasWidth = () => page.locator('.mn-marker-canvas').evaluate((c: HTMLCanvasElement) => c.width);
    expect(await viewer.getAttribute('class')).toContain('mn-landscape');
    const wide = await canvasWidth();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => viewer.getAttribute('class')).toContain('mn-portrait');
    await expect.poll(canvasWidth).toBeLessThan(wide);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => viewer.getAttribute('class')).toContain('mn-landscape');
    await page.context().close();
  });
});

/** How many locations of `doc` the directory lists. */
const listed = (doc: MapDocument) => doc.locations.filter((l) => !l.hide && !l.disable).length;

/** Publishes `doc` as a new test map of `user` and returns its id. */
async function publish(user: TestUser, title: string, doc: MapDocument): Promise<string> {
  return createPublishedMap({ title, mapData: doc }, user);
}

/** A page that collects its errors and console warnings. */
/**
 * `sanitiserOnly`: without the page's CSP, so that the sanitiser alone is what stops author script (the CSP, tested
 * in test/foundation/edge-parity.test.ts, would stop inline handlers too, and Chromium reports the handlers it sees
 * while the sanitiser parses markup in an inert document as CSP violations, though nothing runs).
 */
async function watchedPage(
  opts: { sanitiserOnly?: boolean } = {},
): Promise<{ page: Page; errors: string[]; warnings: string[] }> {
  const context = opts.sanitiserOnly
    ? await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl(), bypassCSP: true })
    : await newContext(browser, { width: 1280, height: 800 });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  return { page, errors, warnings };
}

/** Opens /m/{id} and waits until the floor is drawn. */
async function openMap(id: string, query = ''): Promise<{ page: Page; errors: string[]; warnings: string[] }> {
  const { page, errors, warnings } = await watchedPage();
  await page.goto(`/m/${id}${query}`);
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
  return { page, errors, warnings };
}

describe('a map with a grid directory and a legend', () => {
  let user: TestUser;
  let doc: MapDocument;
  let id: string;

  beforeAll(async () => {
    user = await createUser({ name: 'Grid Tester' });
    doc = await demoDocument();
    doc.settings.startLocation = null;
    doc.settings.directory = {
      ...doc.settings.directory,
      layout: 'grid',
      columns: 2,
      groupBy: false,
      sort: 'none',
      toggle: false,
    };
    doc.locations = doc.locations.filter((l) => l.layer === 'ground').slice(0, 6);
    doc.locations[0]!.image = '/img/retail.svg';
    doc.legend = [
      { id: 'shops', text: 'Shops', icon: '', color: '#db2777', scale: 1, radius: 4, disable: false },
      { id: 'toilets', text: 'Toilets', icon: 'WC', scale: 1, radius: 4, disable: false },
      { id: 'retired', text: 'Retired entry', icon: '', scale: 1, radius: 4, disable: true },
    ];
    doc.settings.legend = {
      ...doc.settings.legend,
      position: 'top-left',
      title: 'Key',
      toggle: true,
      startClosed: false,
    };
    id = await publish(user, 'Grid and legend', doc);
  });

  it('lays the directory out as a grid of cards with images or initials, moved through and opened with the keyboard', async () => {
    const { page, errors } = await openMap(id);
    expect(await page.locator('.mn-list').getAttribute('class')).toContain('mn-list-grid');
    const entries = page.locator('.mn-list .mn-entry');
    await expect.poll(() => entries.count()).toBe(6);
    // Two cards a row: the second beside the first, the third under it.
    const [a, b, c] = await Promise.all([0, 1, 2].map(async (i) => (await entries.nth(i).boundingBox())!));
    expect(b!.y).toBe(a!.y);
    expect(b!.x).toBeGreaterThan(a!.x + a!.width / 2);
    expect(c!.y).toBeGreaterThan(a!.y + a!.height / 2);
    expect(c!.x).toBe(a!.x);
    expect(await entries.nth(0).locator('img.mn-card-image').getAttribute('src')).toBe(`${baseUrl()}/img/retail.svg`);
    expect(await entries.nth(1).locator('.mn-card-placeholder').textContent()).toBe(doc.locations[1]!.thumb);

    await entries.nth(0).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(doc.locations[1]!.title);
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(focused).toContain(doc.locations[3]!.title);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe(doc.locations[3]!.title);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(focused);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the legend’s entries and collapses it with its title button', async () => {
    const { page } = await openMap(id);
    const toggle = page.locator('.mn-legend').getByRole('button', { name: 'Key' });
    const items = page.locator('.mn-legend-items');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // Disabled entries are left out; the swatch of a text icon shows the text.
    expect(await items.locator('li > span:last-child').allTextContents()).toEqual(['Shops', 'Toilets']);
    expect(await items.locator('.mn-legend-swatch').allTextContents()).toEqual(['', 'WC']);
    expect(
      await items
        .locator('.mn-legend-swatch')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(219, 39, 119)');
    await toggle.click();
    await expect.poll(() => items.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => items.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.context().close();
  });
});

describe('a map with a CSV of locations', () => {
  /** Puts a CSV in the public bucket, served by the stack at /data/{key} like published maps. */
  async function publishCsv(body: string): Promise<string> {
    const key = `csv-test/${randomUUID()}.csv`;
    await s3().send(
      new PutObjectCommand({ Bucket: buckets().public, Key: key, Body: body, ContentType: 'text/csv; charset=utf-8' }),
    );
    return `/data/${key}`;
  }

  it('shows the CSV’s locations next to its own, the document winning on a duplicate id, and skips bad rows', async () => {
    const user = await createUser({ name: 'CSV Tester' });
    const csvUrl = await publishCsv(
      [
        '\uFEFFid,title,link,about,desc,image,layer,style,disable,hide,group,sample,coord',
        'csv-kiosk,Phone Repair Kiosk,https://kiosk.example,"Screens fixed in an hour, while you shop","<p>Walk <b onclick=""window.__mnXss(1)"">in</b></p><script>window.__mnXss(2)</script>",,Ground floor,,,,"Services, Now Open",,"0.5,0.62"',
        'harrow-finch,Impostor Emporium,,,,,,,,,,,',
        'bad id,Left Out,,,,,,,,,,,',
      ].join('\r\n'),
    );
    const doc = await demoDocument();
    doc.settings.startLocation = null;
    doc.settings.csvUrl = csvUrl;
    const id = await publish(user, 'CSV locations', doc);

    const { page, errors, warnings } = await watchedPage({ sanitiserOnly: true });
    const ran: unknown[] = [];
    await page.exposeFunction('__mnReport', (n: unknown) => ran.push(n));
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      w.__mnXss = (n: unknown) => (w.__mnReport as (n: unknown) => void)(n);
    });
    // A deep link can name a CSV location: the CSV is in before the viewer starts.
    await page.goto(`/m/${id}?location=csv-kiosk`);
    await expect
      .poll(() => dialog(page).getByRole('heading').textContent(), { timeout: 20_000 })
      .toBe('Phone Repair Kiosk');
    expect(await dialog(page).locator('.mn-details-about').textContent()).toBe(
      'Screens fixed in an hour, while you shop',
    );
    expect(await dialog(page).locator('.mn-details-meta').textContent()).toBe('Ground floor · Services · Now Open');
    // Its description went through the sanitiser like any other.
    const bold = dialog(page).locator('.mn-details-desc b');
    expect(await bold.textContent()).toBe('in');
    expect(await bold.getAttribute('onclick')).toBeNull();
    await bold.click();
    expect(await page.locator('.mn-viewer script').count()).toBe(0);
    await page.keyboard.press('Escape');

    const entries = page.locator('.mn-list .mn-entry');
    await page.getByRole('searchbox').fill('kiosk');
    await expect.poll(() => entries.allTextContents()).toContainEqual(expect.stringContaining('Phone Repair Kiosk'));
    // The document's harrow-finch wins over the CSV row with the same id.
    await page.getByRole('searchbox').fill('impostor');
    await expect.poll(() => page.locator('.mn-result-bar').textContent()).toContain('0 found');
    await page.getByRole('searchbox').fill('harrow');
    await expect.poll(() => entries.allTextContents()).toEqual([expect.stringContaining('Harrow & Finch')]);
    await page.getByRole('searchbox').fill('');
    await expect.poll(() => page.locator('.mn-result-bar').textContent()).toBe(`${listed(doc) + 1} locations`);
    // The CSV's new tag is offered as a filter.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'Now Open', exact: true }).click();
    await expect.poll(() => entries.allTextContents()).toEqual([expect.stringContaining('Phone Repair Kiosk')]);
    // Escape folds the filters back to their button, which has focus, the filter still applied.
    await page.keyboard.press('Escape');
    const filters = page.getByRole('button', { name: 'Filters' });
    await expect.poll(() => filters.getAttribute('aria-expanded')).toBe('false');
    expect(await filters.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await entries.allTextContents()).toEqual([expect.stringContaining('Phone Repair Kiosk')]);

    expect(warnings.filter((w) => w.includes('locations CSV'))).toEqual([
      `Mapnest: 1 row of the locations CSV ${baseUrl()}${csvUrl} left out: Line 4: "bad id" is not a valid id (1-64 letters, digits, "_" or "-", not starting with "-")`,
    ]);
    expect(ran).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();

    // The script-tag embed on another site reads the same CSV across origins.
    const host = await serveHostPage((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><html><body><div id="map" data-mapnest-map="${id}" style="height:600px"></div>
        <script src="${baseUrl()}/embed.js" async></script></body></html>`);
    });
    const other = await newContext(browser);
    const hostPage = await other.newPage();
    const hostErrors = collectErrors(hostPage);
    await hostPage.goto(host.url);
    await expect
      .poll(
        () => hostPage.evaluate(() => !!(document.getElementById('map') as unknown as { mapnest?: unknown }).mapnest),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(
      await hostPage.evaluate(() =>
        (
          document.getElementById('map') as unknown as { mapnest: { openLocation(id: string): boolean } }
        ).mapnest.openLocation('csv-kiosk'),
      ),
    ).toBe(true);
    await expect
      .poll(() => hostPage.locator('#map').getByRole('dialog').getByRole('heading').textContent())
      .toBe('Phone Repair Kiosk');
    expect(hostErrors).toEqual([]);
    await other.close();
    await host.stop();
  });

  it('shows the map’s own locations and warns when the CSV cannot be loaded', async () => {
    const user = await createUser({ name: 'CSV Tester' });
    const doc = await demoDocument();
    doc.settings.startLocation = null;
    doc.settings.csvUrl = `/data/csv-test/${randomUUID()}-missing.csv`;
    const id = await publish(user, 'Missing CSV', doc);
    const { page, warnings } = await openMap(id);
    await expect.poll(() => page.locator('.mn-result-bar').textContent()).toBe(`${listed(doc)} locations`);
    expect(warnings).toContainEqual(
      `Mapnest: the locations CSV ${baseUrl()}${doc.settings.csvUrl} could not be loaded (HTTP 404); the map shows its own locations only.`,
    );
    await page.context().close();
  });
});

describe('embed states', () => {
  it('shows a clean not-found state for a map that does not exist', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/m/doesnotexist1');
    await expect.poll(() => page.getByRole('heading').textContent()).toBe('Map not found');
    // The tab says it too, not only the product's name.
    expect(await page.title()).toBe('Map not found - Mapnest');
    await context.close();
  });

  it('keeps the page’s own “Loading map…” while the map data is on its way, then shows the map', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    await page.route('**/data/maps/demo.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/m/demo');
    // The viewer's code has run (its styles are in) while the data is held: the page's message is still the one shown.
    await page.waitForFunction(
      () => Array.from(document.head.querySelectorAll('style')).some((s) => s.textContent?.includes('.mn-viewer{')),
      null,
      { polling: 100 },
    );
    expect(await page.locator('#mapnest-embed > [role="status"]').textContent()).toBe('Loading map…');
    expect(await page.locator('.mn-spinner').count()).toBe(0);
    release();
    await page.waitForSelector('.mn-viewer .mn-marker-canvas');
    expect(await page.locator('#mapnest-embed > p[role="status"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the script-tag embed', () => {
  it('mounts the map into a shadow root on another site and reports events to it', async () => {
    const host = await serveHostPage((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><html><body style="letter-spacing:3px;text-transform:uppercase;word-spacing:9px;line-height:4"><h1 class="mn-viewer">Host page</h1>
        <div id="map" data-mapnest-map="demo" style="height:600px"></div>
        <script>window.events = []; document.getElementById('map').addEventListener('mapnest:ready', (e) => events.push(['ready', e.detail.layer]));
        document.getElementById('map').addEventListener('mapnest:locationOpened', (e) => events.push(['opened', e.detail.id]));</script>
        <script src="${baseUrl()}/embed.js" async></script></body></html>`);
    });
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(host.url);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { events: string[][] }).events), { timeout: 20_000 })
      .toContainEqual(['ready', 'ground']);
    // The host page's styles do not reach in, not even those every element inherits, and the map's do not leak out.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).display)).toBe('block');
    const count = await page.evaluate(() => {
      const el = document.getElementById('map')!.shadowRoot!.querySelector('.mn-result-bar')!;
      const cs = getComputedStyle(el);
      return [cs.letterSpacing, cs.textTransform, cs.wordSpacing];
    });
    expect(count).toEqual(['normal', 'none', '0px']);
    const opened = await page.evaluate(() =>
      (
        document.getElementById('map') as unknown as { mapnest: { openLocation(id: string): boolean } }
      ).mapnest.openLocation('voltage'),
    );
    expect(opened).toBe(true);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { events: string[][] }).events))
      .toContainEqual(['opened', 'voltage']);
    await expect
      .poll(() => page.locator('#map').getByRole('dialog').getByRole('heading').textContent())
      .toBe('Voltage');
    expect(errors).toEqual([]);
    await context.close();
    await host.stop();
  });
});

describe('a map made of script-injection vectors', () => {
  it('shows the map and its descriptions without running any script, opening any dialog or loading anything from another site', async () => {
    const layer = await serveHostPage((_, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'access-control-allow-origin': '*' });
      res.end(svgDocument('<rect id="xss-region" x="400" y="300" width="200" height="150" fill="#ddd"/>'));
    });
    const user = await createUser({ name: 'XSS Tester' });
    const doc = await demoDocument();
    doc.layers = [{ id: 'ground', name: 'Ground floor', file: `${layer.url}/floor.svg` }];
    doc.settings.defaultLayer = 'ground';
    doc.settings.startLocation = null;
    doc.settings.css =
      '@import url(https://evil.example/x.css); .mn-viewer{background:url(https://evil.example/bg.png)}';
    doc.filters = [];
    doc.styles = [];
    doc.routes = [];
    doc.groups = [{ id: 'g', name: '<img src=x onerror="window.__mnXss(300)">' }];
    doc.locations = HTML_VECTORS.map((v, i) => ({
      id: i === 0 ? 'xss-region' : `xss${i}`,
      title: `Vector ${i} <img src=x onerror="window.__mnXss(301)">`,
      about: `<script>window.__mnXss(302)</script>`,
      desc: `<p>Vector ${i}</p>${v}`,
      groups: ['g'],
      layer: 'ground',
      type: 'circle' as const,
      coord: [0.05 + (i % 10) * 0.09, 0.1 + Math.floor(i / 10) * 0.12] as [number, number],
    }));
    const id = await createPublishedMap({ title: 'XSS corpus', mapData: doc }, user);

    // Without the page's CSP: the sanitiser alone must stop every vector (see watchedPage).
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      baseURL: baseUrl(),
      bypassCSP: true,
    });
    const page = await context.newPage();
    const ran: unknown[] = [];
    const dialogs: string[] = [];
    const remote: string[] = [];
    await page.exposeFunction('__mnReport', (n: unknown) => ran.push(n));
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      w.__mnXss = (n: unknown) => (w.__mnReport as (n: unknown) => void)(n);
    });
    page.on('dialog', async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    await context.route(/evil\.example/, async (route) => {
      remote.push(route.request().url());
      await route.abort();
    });
    await page.goto(`/m/${id}`);
    await page.waitForSelector('.mn-layer-svg');
    // Hover and click the region and every location, so every popup and description renders.
    await page
      .locator('[id="xss-onclick"]')
      .hover({ force: true })
      .catch(() => undefined);
    await page.locator('[id="xss-region"]').click();
    await page.waitForSelector('.mn-details');
    // Then every location from the directory with the keyboard: Escape, next entry, Enter.
    await page.keyboard.press('Escape');
    await page.locator('.mn-list .mn-entry').first().focus();
    const titles = new Set<string>();
    for (let i = 0; i < doc.locations.length; i++) {
      await page.keyboard.press('Enter');
      await page.waitForSelector('.mn-details-desc');
      titles.add((await dialog(page).getByRole('heading').textContent()) ?? '');
      await page.keyboard.press('Escape');
      await page.keyboard.press('ArrowDown');
    }
    expect(titles.size).toBe(doc.locations.length);
    await settled(page);
    expect(ran).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(remote).toEqual([]);
    // The only frames are YouTube and Vimeo players the sanitiser rebuilt (ADR 073).
    expect(
      await page.evaluate(
        () =>
          document.querySelectorAll(
            '.mn-viewer script, .mn-viewer foreignObject, .mn-viewer iframe:not([src^="https://www.youtube-nocookie.com/embed/"]):not([src^="https://player.vimeo.com/video/"])',
          ).length,
      ),
    ).toBe(0);
    // The probes work: an unsanitised vector is caught, and so is a request to the other site.
    await page.evaluate(() => {
      const d = document.createElement('div');
      d.innerHTML = '<img src="x" onerror="window.__mnXss(999)">';
      document.body.append(d);
      void fetch('https://evil.example/probe').catch(() => undefined);
    });
    await expect.poll(() => ran).toEqual([999]);
    await expect.poll(() => remote.length).toBe(1);
    await context.close();
    await layer.stop();
    // A hang guard, not a speed check: five round trips to Chromium for each of the corpus's 55 locations, which on a
    // busy 2-core machine can take longer than the project's 60 s.
  }, 180_000);
});
