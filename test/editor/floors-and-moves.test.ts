/**
 * The editor on a real two-floor map, in a real browser: a floor whose file cannot be loaded shows nothing of the
 * floor before it (no room names left over it); the floor picker follows the canvas to the floor of a location
 * selected in the list; a marker of a multi-selection carries the others with it when dragged; the arrow keys move
 * the selection (Shift: 10 px), as one undo step while the key is held; Ctrl+A selects the floor's locations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, signInWithTokens, settledBox } from '../helpers/browser';
import { call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Floors Author' });
}, 60_000);
afterAll(async () => browser?.close());

const floorShown = (page: Page) => page.getByRole('combobox', { name: 'Floor shown' }).inputValue();
const roomLabels = (page: Page) => page.locator('.editor__canvas .mn-edit-room-label').count();

async function savedDoc(id: string): Promise<MapDocument> {
  const data = await call<MapWithDocument>('getMap', { id }, user);
  return (await (await fetch(data.documentUrl)).json()) as MapDocument;
}

async function saveNow(page: Page) {
  await page.keyboard.press('Control+s');
  await expect.poll(() => page.locator('.save-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('saved');
}

describe('floors and moving locations in the editor', () => {
  it('clears a floor that cannot be loaded, follows the selection’s floor, drags and nudges a multi-selection', async () => {
    const doc = blankDocument();
    doc.layers = [
      { id: 'ground', name: 'Ground floor', file: '/builtin/usa.svg' },
      { id: 'first', name: 'First floor', file: '/files/nowhere/first-floor.svg' },
    ];
    doc.locations = [{ id: 'office', title: 'Office', coord: [0.5, 0.5], layer: 'first' }];
    const id = await call<string>('createMap', { title: 'Two floors', mapData: doc }, user);
    const context = await newContext(browser, { width: 1440, height: 900 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    await page.goto(`/maps/${id}`);
    await page.waitForSelector('.editor .mn-layer-svg', { timeout: 30_000 });

    // The ground floor's drawing (regions without text of their own) is named by the editor; the first floor's file is missing: none of them stay.
    await expect.poll(() => roomLabels(page), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Floor shown' }).selectOption('first');
    await expect.poll(() => roomLabels(page)).toBe(0);
    expect(await page.locator('.editor__canvas .mn-layer:not([hidden]) .mn-layer-svg').count()).toBe(0);

    // Back on the ground floor, a location of the first floor picked in the list takes the canvas and the picker
    // there together.
    await page.getByRole('combobox', { name: 'Floor shown' }).selectOption('ground');
    await expect.poll(() => roomLabels(page)).toBeGreaterThan(0);
    await page.locator('.vlist__row[data-id="office"]').click();
    await expect.poll(() => floorShown(page)).toBe('first');
    await page.getByRole('combobox', { name: 'Floor shown' }).selectOption('ground');

    // Two locations added on the ground floor by clicks, the first then Shift-clicked into the selection.
    const box = await settledBox(page.locator('.editor__canvas .mn-viewport'));
    const p1 = { x: box.x + box.width * 0.35, y: box.y + box.height * 0.45 };
    const p2 = { x: box.x + box.width * 0.6, y: box.y + box.height * 0.55 };
    // The floor picker keeps the focus after a choice, and a select takes typed letters as its own (the tool
    // shortcuts do not fire there), so the tool is picked with its button, as after any choice in a form.
    await expect.poll(() => floorShown(page)).toBe('ground');
    const addTool = page.getByRole('toolbar', { name: 'Tools' }).getByTitle('Add locations by clicking the map (A)');
    await addTool.click();
    await expect.poll(() => addTool.getAttribute('aria-pressed')).toBe('true');
    const groundRows = () => page.locator('.vlist__row').count();
    const rowsBefore = await groundRows();
    await page.mouse.click(p1.x, p1.y);
    await expect.poll(groundRows).toBe(rowsBefore + 1);
    await page.mouse.click(p2.x, p2.y);
    await expect.poll(groundRows).toBe(rowsBefore + 2);
    await page.keyboard.press('v');
    await expect.poll(() => addTool.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.down('Shift');
    await page.mouse.click(p1.x, p1.y);
    await page.keyboard.up('Shift');
    await expect.poll(() => page.locator('.vlist__row[aria-selected="true"]').count()).toBe(2);
    await saveNow(page);
    const before = (await savedDoc(id)).locations.filter((l) => l.layer === 'ground');
    expect(before).toHaveLength(2);

    // Dragging one of them moves both by the same offset.
    await page.mouse.move(p1.x, p1.y);
    await page.mouse.down();
    await page.mouse.move(p1.x + 30, p1.y + 20, { steps: 4 });
    await page.mouse.move(p1.x + 60, p1.y + 40, { steps: 4 });
    await page.mouse.up();
    await saveNow(page);
    const dragged = (await savedDoc(id)).locations.filter((l) => l.layer === 'ground');
    const offsets = dragged.map((l, i) => ({
      x: l.coord![0] - before[i]!.coord![0],
      y: l.coord![1] - before[i]!.coord![1],
    }));
    expect(offsets[0]!.x).toBeGreaterThan(0.01);
    expect(offsets[0]!.y).toBeGreaterThan(0.01);
    expect(offsets[1]!.x).toBeCloseTo(offsets[0]!.x, 5);
    expect(offsets[1]!.y).toBeCloseTo(offsets[0]!.y, 5);

    // The arrow keys move the selection: three presses right (1 px each) and one Shift+Down (10 px)...
    const px = 1 / Math.max(doc.settings.mapWidth, doc.settings.mapHeight);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await saveNow(page);
    const nudged = (await savedDoc(id)).locations.filter((l) => l.layer === 'ground');
    nudged.forEach((l, i) => {
      expect(l.coord![0] - dragged[i]!.coord![0]).toBeCloseTo(3 * px, 5);
      expect(l.coord![1] - dragged[i]!.coord![1]).toBeCloseTo(10 * px, 5);
    });
    // ...and one undo takes the nudges back together, leaving the drag.
    await page.keyboard.press('Control+z');
    await saveNow(page);
    const undone = (await savedDoc(id)).locations.filter((l) => l.layer === 'ground');
    expect(undone.map((l) => l.coord)).toEqual(dragged.map((l) => l.coord));

    // Ctrl+A on the map selects what the floor in view shows, as in drawing programs, not the page's text.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.vlist__row[aria-selected="true"]').count()).toBe(0);
    await page.keyboard.press('Control+a');
    await expect.poll(() => page.locator('.vlist__row[aria-selected="true"]').count()).toBe(2);
    expect(await page.locator('.vlist__row[data-id="office"]').getAttribute('aria-selected')).toBe('false');
    expect(await page.evaluate(() => window.getSelection()?.isCollapsed)).toBe(true);
    await expect
      .poll(async () => (await page.getByRole('status').allTextContents()).map((t) => t.trim()))
      .toContain('2 locations selected on Ground floor.');
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);
});
