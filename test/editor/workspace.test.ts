/**
 * The editor as a canvas (issue 13): a full-window workspace at 1366×768 (no site header, no page scroll, the
 * side-panel tabs on one rail, never wrapped into rows), zoom in/out, fit and 100% on the canvas, a layers panel that
 * takes dropped files and names them (with a preview) instead of showing storage paths, and on a phone
 * (390 px) no horizontal overflow, Publish within reach, a kind note that full editing is a desktop task, and one
 * column that starts with the map and brings a tapped location's form into view.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  openFileMenuItem,
  settled,
  settledBox,
  signInWithTokens,
  artifact,
} from '../helpers/browser';
import { documentWith } from '../helpers/documents';
import { call, createUser, type TestUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/editor-workspace');
let browser: Browser;
let user: TestUser;
let mapId: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  user = await createUser({ name: 'Canvas Author' });
  mapId = await call<string>('createMap', { title: 'Workspace map' }, user);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function openEditor(
  viewport: { width: number; height: number },
  id = mapId,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInWithTokens(page, user);
  await page.goto(`/maps/${id}`);
  await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
  return { context, page };
}

const pageSize = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    scrollHeight: document.documentElement.scrollHeight,
    width: window.innerWidth,
    height: window.innerHeight,
  }));

describe('the editor on a laptop (1366×768)', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openEditor({ width: 1366, height: 768 }));
  }, 60_000);
  afterAll(() => context?.close());

  it('fills the window: no site header, no page scroll, the panel tabs in one rail', async () => {
    await artifact(page, { path: path.join(ARTIFACTS, 'editor-1366.png') });
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    const size = await pageSize(page);
    expect(size.scrollHeight).toBeLessThanOrEqual(size.height);
    expect(size.scrollWidth).toBeLessThanOrEqual(size.width);
    const tabList = page.getByRole('tablist', { name: 'Panels' }).getByRole('tab');
    const names = (await tabList.allTextContents()).map((t) => t.trim());
    for (const name of ['Locations', 'Layers', 'Groups', 'Styles', 'Wayfinding', 'Settings', 'Analytics']) {
      expect(
        names.some((n) => n.startsWith(name)),
        `${name} in ${names.join(', ')}`,
      ).toBe(true);
    }
    const tabs = await tabList.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
    // Every tab within the window: the rail never runs off the bottom, however many panels there are.
    const bottoms = await tabList.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom));
    expect(Math.max(...bottoms)).toBeLessThanOrEqual(size.height);
    // One column (a vertical rail) or one row: never a wrapped grid of tabs.
    const columns = new Set(tabs.map(Math.round)).size;
    const rows = await page
      .getByRole('tablist', { name: 'Panels' })
      .getByRole('tab')
      .evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size);
    expect(columns === 1 || rows === 1).toBe(true);
    const canvas = await page.locator('.editor__canvas').boundingBox();
    expect(canvas!.height).toBeGreaterThan(500);
  }, 60_000);

  it('zooms in and out, fits the map and shows it at 100% from controls on the canvas', async () => {
    const zoom = page.getByRole('group', { name: 'Zoom' });
    const level = () => zoom.getByRole('button', { name: /Zoom to 100%/ }).textContent();
    const fitted = await level();
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => parseInt((await level()) ?? '0', 10)).toBeGreaterThan(parseInt(fitted ?? '0', 10));
    await zoom.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(level).toBe(fitted);
    await zoom.getByRole('button', { name: /Zoom to 100%/ }).click();
    await expect.poll(level).toBe('100%');
    await zoom.getByRole('button', { name: 'Fit the map' }).click();
    await expect.poll(level).toBe(fitted);
    await artifact(page, { path: path.join(ARTIFACTS, 'zoom.png') });

    // Pan buttons while part of the map is out of view: Pan right brings in what is right of the canvas.
    const pan = page.getByRole('group', { name: 'Pan' });
    expect(await pan.count()).toBe(0);
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await pan.waitFor();
    const paneX = () =>
      page.locator('.editor__canvas .mn-pane').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).e);
    const before = await paneX();
    const right = pan.getByRole('button', { name: 'Pan right' });
    expect(await right.getAttribute('aria-disabled')).toBe('false');
    await right.click();
    await expect.poll(paneX).toBeLessThan(before - 10);
    // At the map's right edge the button says so, and keeps its focus.
    for (let i = 0; i < 8 && (await right.getAttribute('aria-disabled')) === 'false'; i++) {
      await right.click();
      await settled(page);
    }
    expect(await right.getAttribute('aria-disabled')).toBe('true');
    expect(await right.evaluate((b) => b === document.activeElement)).toBe(true);
    await zoom.getByRole('button', { name: 'Fit the map' }).click();
    await expect.poll(() => pan.count()).toBe(0);
  }, 60_000);
});

describe('the layers panel', () => {
  it('takes a floor plan dropped on its drop zone or on the map and shows the file’s name and a preview, never a storage path', async () => {
    const { context, page } = await openEditor({ width: 1366, height: 768 });
    await page.getByRole('tab', { name: /Layers/ }).click();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#e2e8f0"/><rect id="shop-1" x="50" y="50" width="300" height="200" fill="#2563eb"/></svg>';
    const transfer = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'Ground floor.svg', { type: 'image/svg+xml' }));
      return dt;
    }, svg);
    await page.dispatchEvent('.layers-drop', 'dragover', { dataTransfer: transfer });
    await page.dispatchEvent('.layers-drop', 'drop', { dataTransfer: transfer });
    const layers = page.getByRole('list', { name: 'Layers' });
    await layers.getByText('Ground-floor.svg', { exact: true }).waitFor();
    expect(await page.locator('.layers-panel').textContent()).not.toContain('/files/');
    const thumb = layers.locator('img.card__thumb').first();
    // Its state, not a bare boolean: a failure says whether the preview was still loading or broken, and what.
    const preview = (img: HTMLImageElement) =>
      `${img.complete ? (img.naturalWidth > 0 ? 'shown' : 'broken') : 'loading'}: ${img.currentSrc || img.src}`;
    await expect.poll(() => thumb.evaluate(preview), { timeout: 20_000 }).toMatch(/^shown: /);
    const file = await thumb.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    expect(file).toMatch(/^\/files\/.+-Ground-floor\.svg$/);
    // The upload trigger makes its thumbnail for the maps list and the file library.
    await expect
      .poll(async () => (await page.request.get(`${file}/.thumb-256.jpg`)).status(), { timeout: 20_000 })
      .toBe(200);
    // A floor plan dropped on the map becomes a new layer too.
    await page.getByRole('tab', { name: /Locations/ }).click();
    const second = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text.replace('#2563eb', '#16a34a')], 'Upper floor.svg', { type: 'image/svg+xml' }));
      return dt;
    }, svg);
    await page.dispatchEvent('.editor__canvas', 'dragover', { dataTransfer: second });
    await page.dispatchEvent('.editor__canvas', 'drop', { dataTransfer: second });
    await layers.getByText('Upper-floor.svg', { exact: true }).waitFor();
    expect(await layers.getByRole('listitem').count()).toBe(2);
    // Any other file dropped on the map opens the Import dialog on it (it was uploaded as a floor plan, and refused),
    // which the map says while the file is over it.
    const csv = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['title,x,y\nBakery,0.2,0.3\nFlorist,0.6,0.3\n'], 'shops.csv', { type: 'text/csv' }));
      return dt;
    });
    await page.dispatchEvent('.editor__canvas', 'dragover', { dataTransfer: csv });
    expect(await page.locator('.editor__canvas').getAttribute('data-drop')).toBe('import');
    await page.dispatchEvent('.editor__canvas', 'drop', { dataTransfer: csv });
    const importing = page.getByRole('dialog', { name: 'Import' });
    await importing.getByText('File: shops.csv. Drop another here or').waitFor();
    await importing.getByRole('button', { name: 'Import 2 locations' }).waitFor();
    await importing.getByRole('button', { name: 'Cancel' }).click();
    await importing.waitFor({ state: 'detached' });
    expect(await layers.getByRole('listitem').count()).toBe(2);
    // The file library takes files chosen with its button or dropped on it, and shows a file just uploaded as itself
    // while its thumbnail may still be in the making (never a request for a thumbnail that is not there yet).
    await page.getByRole('tab', { name: /Layers/ }).click();
    await page.getByRole('button', { name: 'From library…' }).click();
    const library = page.getByRole('dialog', { name: 'Choose a file' });
    const missing: string[] = [];
    page.on('response', (r) => void (r.status() === 404 && missing.push(r.url())));
    await library.locator('input[type=file]').setInputFiles({
      name: 'Annex.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(svg),
    });
    const annex = library.locator('.file-tile').filter({ hasText: 'Annex.svg' });
    await annex.waitFor();
    expect(await annex.locator('img').getAttribute('src')).toMatch(/-Annex\.svg$/);
    const dropped = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'Garden.svg', { type: 'image/svg+xml' }));
      return dt;
    }, svg);
    await library.locator('.file-drop').dispatchEvent('dragover', { dataTransfer: dropped });
    await library.locator('.file-drop').dispatchEvent('drop', { dataTransfer: dropped });
    await library.locator('.file-tile').filter({ hasText: 'Garden.svg' }).waitFor();
    await settled(page);
    expect(missing).toEqual([]);
    await artifact(page, { path: path.join(ARTIFACTS, 'layers.png') });
    await context.close();
  }, 90_000);
});

describe('the editor on a phone (390 px)', () => {
  it('has no horizontal overflow, Publish within reach, and says full editing is a desktop task', async () => {
    const { context, page } = await openEditor({ width: 390, height: 844 });
    await artifact(page, { path: path.join(ARTIFACTS, 'editor-390.png') });
    const size = await pageSize(page);
    expect(size.scrollWidth).toBeLessThanOrEqual(size.width);
    const publish = await page.getByRole('button', { name: 'Publish', exact: true }).boundingBox();
    expect(publish).not.toBeNull();
    expect(publish!.x + publish!.width).toBeLessThanOrEqual(390);
    expect(publish!.y + publish!.height).toBeLessThanOrEqual(844);
    await page.getByText('Quick edits work here; for a full editing session, a larger screen is easier.').waitFor();

    // The bar in four rows (title, tools, statuses, buttons: it took five, the map 80 px further down), its controls
    // focused in the order they are seen: left to right, row by row.
    expect((await page.locator('.editor__bar').boundingBox())!.height).toBeLessThan(200);
    const controls = await page.locator('.editor__bar').evaluate((bar) =>
      [...bar.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), select, input')]
        .filter((e) => e.getClientRects().length > 0)
        .map((e) => {
          const r = e.getBoundingClientRect();
          return { name: e.getAttribute('aria-label') ?? e.textContent, top: r.top, bottom: r.bottom, left: r.left };
        }),
    );
    expect(controls.map((c) => c.name)).toContain('Publish');
    for (const [i, c] of controls.entries()) {
      const before = controls[i - 1];
      if (!before) continue;
      const sameRow = Math.abs((c.top + c.bottom) / 2 - (before.top + before.bottom) / 2) < 8;
      expect(sameRow ? c.left > before.left : c.top >= before.bottom - 2, `${before.name} then ${c.name}`).toBe(true);
    }
    await context.close();
  }, 60_000);

  it('shows the map first, and brings a location tapped in the list and its place on the map into view', async () => {
    const id = await call<string>('createMap', { title: 'Phone edits', mapData: documentWith(40) }, user);
    const { context, page } = await openEditor({ width: 390, height: 844 }, id);
    // One column in the DOM's order, so focus and screen readers meet what is seen: map, form, lists.
    expect(await page.locator('.editor__body > *').evaluateAll((parts) => parts.map((p) => p.className))).toEqual([
      'editor__canvas',
      'editor__inspector',
      'editor__side',
    ]);
    const map = page.locator('.editor__canvas');
    const top = async (part: Locator) => (await part.boundingBox())!.y;
    expect(await top(map)).toBeLessThan(844 / 2);

    // A location far down the list: tapping it scrolls the page up to its form.
    const item = page.locator('.editor__side').getByText('Location 37', { exact: true });
    await item.scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Location Location 37' });
    await item.click();
    await form.waitFor();
    await page.waitForFunction(
      () => {
        const box = document.querySelector('.editor__inspector')!.getBoundingClientRect();
        return box.top >= 0 && box.top < 100;
      },
      null,
      { polling: 100 },
    );
    await artifact(page, { path: path.join(ARTIFACTS, 'editor-390-form.png') });

    // Show on map: the page scrolls back up to the map.
    await form.getByRole('button', { name: 'Show on map' }).click();
    await page.waitForFunction(
      () => {
        const box = document.querySelector('.editor__canvas')!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      },
      null,
      { polling: 100 },
    );
    await context.close();
    // A free account holds two test maps: this file's other tests need the room.
    await call('deleteMap', { id }, user);
  }, 60_000);
});

describe('the preview of a desktop page, scaled to fit the dialog', () => {
  it('fits the map in the middle of its viewer, and a click on a marker opens that marker', async () => {
    const id = await call<string>('createMap', { title: 'Preview map', mapData: documentWith(9) }, user);
    const { context, page } = await openEditor({ width: 1366, height: 768 }, id);
    await page.locator('.editor__actions').getByRole('button', { name: 'Preview', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview' });
    // The 1280 px page is drawn smaller than it is laid out; the map's fit is made in its own (layout) pixels.
    expect(await dialog.locator('.preview-dialog__device').getAttribute('style')).toMatch(/scale\(0\.\d+\)/);
    const viewport = dialog.locator('.mn-viewport');
    const layer = dialog.locator('.mn-layer:not([hidden])');
    await layer.waitFor();
    const box = (await settledBox(layer))!;
    const frame = (await viewport.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - (frame.x + frame.width / 2))).toBeLessThan(3);
    expect(Math.abs(box.y + box.height / 2 - (frame.y + frame.height / 2))).toBeLessThan(3);
    expect(Math.max(box.width / frame.width, box.height / frame.height)).toBeGreaterThan(0.9);
    // Location 4 is at the middle of the 3×3 grid of documentWith(9): its pin stands over that point.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2 - 12);
    await expect.poll(() => dialog.locator('.mn-popup').getByRole('heading').textContent()).toBe('Location 4');
    await context.close();
    await call('deleteMap', { id }, user);
  }, 60_000);
});

describe('editor dialogs at 1366×768', () => {
  it('fit the window with their buttons in view, headings and buttons sized like the app’s', async () => {
    const { context, page } = await openEditor({ width: 1366, height: 768 });
    const report: string[] = [];
    for (const name of ['Import', 'Export', 'Preview', 'Publish']) {
      if (name === 'Import' || name === 'Export') await openFileMenuItem(page, `${name}…`);
      else await page.locator('.editor__actions').getByRole('button', { name, exact: true }).click();
      const dialog = page.getByRole('dialog').last();
      await settledBox(dialog);
      await artifact(page, { path: path.join(ARTIFACTS, `dialog-${name.toLowerCase()}.png`) });
      const box = (await dialog.boundingBox())!;
      if (box.y < 0 || box.y + box.height > 768)
        report.push(`${name}: dialog spans ${Math.round(box.y)}–${Math.round(box.y + box.height)}`);
      for (const button of await dialog.getByRole('button').all()) {
        if (!(await button.isVisible())) continue;
        const b = (await button.boundingBox())!;
        if (b.y + b.height > 768 || b.y < 0)
          report.push(`${name}: button “${(await button.textContent())?.trim()}” at ${Math.round(b.y)}`);
      }
      const heading = await dialog
        .getByRole('heading')
        .first()
        .evaluate((h) => parseFloat(getComputedStyle(h).fontSize));
      if (heading > 22 || heading < 16) report.push(`${name}: heading ${heading}px`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' }).catch(() => undefined);
    }
    expect(report).toEqual([]);

    // The import's file input is a styled drop zone: a file dropped on it is read.
    await openFileMenuItem(page, 'Import…');
    const transfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['title,x,y,groups,price\nBakery,0.5,0.5,Food,12\n'], 'shops.csv', { type: 'text/csv' }));
      return dt;
    });
    await page.dispatchEvent('.file-drop', 'dragover', { dataTransfer: transfer });
    await page.dispatchEvent('.file-drop', 'drop', { dataTransfer: transfer });
    await page.getByText('File: shops.csv.', { exact: false }).waitFor();
    // Each column's choice reads whole ("Groups (comma-separated)", "Custom field “price”"), however short its values.
    const cut = await page.$$eval('.preview-table select', (selects) =>
      selects.flatMap((select) => {
        const s = select as HTMLSelectElement;
        const style = getComputedStyle(s);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = s.selectedOptions[0]?.text ?? '';
        const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(text).width > room ? [`${text}: ${Math.round(room)} px`] : [];
      }),
    );
    expect(cut).toEqual([]);
    await artifact(page, { path: path.join(ARTIFACTS, 'dialog-import-dropped.png') });
    await context.close();
  }, 120_000);
});

describe('the layers panel of a building (1280×860)', () => {
  it('scrolls inside the side panel with three floors listed, never the page', async () => {
    const doc = documentWith(3);
    doc.layers = [
      { id: 'ground', name: 'Ground floor', file: '' },
      { id: 'first', name: 'First floor', file: '' },
      { id: 'second', name: 'Second floor', file: '' },
    ];
    doc.locations = doc.locations.map((l, i) => ({ ...l, layer: doc.layers[i]!.id }));
    const id = await call<string>('createMap', { title: 'Hospital', mapData: doc }, user);
    const { context, page } = await openEditor({ width: 1280, height: 860 }, id);
    await page.getByRole('tab', { name: /Layers/ }).click();
    await page.getByRole('list', { name: 'Layers' }).getByRole('listitem').nth(2).waitFor();
    await settled(page);
    const size = await page.evaluate(() => ({
      scrollHeight: document.scrollingElement!.scrollHeight,
      height: window.innerHeight,
      // What reaches past the window, should the page scroll: named in the failure.
      past: [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().bottom > window.innerHeight + 1 && el.offsetParent !== null)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
    }));
    expect(size.scrollHeight, size.past.join(', ')).toBeLessThanOrEqual(size.height);
    // The panel scrolls by itself instead: its last card can be brought into view.
    const panel = page.locator('.editor__panel');
    expect(await panel.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await artifact(page, { path: path.join(ARTIFACTS, 'layers-three-floors.png') });
    await context.close();
  }, 60_000);
});
