/**
 * The map editor in a real browser (Chromium) against the local stack, signed in with a real session's tokens:
 * a floor plan upload, adding by clicking, editing, dragging, undo, save and reload; a CSV with bad rows;
 * a Google My Maps KMZ; two tabs merging their saves (and asking only about the same field changed in both); and the
 * embed of the saved map.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import {
  collectErrors,
  launchBrowser,
  newContext,
  openFileMenuItem,
  signInWithTokens,
  artifact,
} from '../helpers/browser';
import { call, createUser, type TestUser } from '../helpers/stack';
import { GEO_FIXTURES, SPREADSHEET_FIXTURES, zip } from '../../web/src/features/editor/import/picked-files.fixtures';

const FLOOR_PLAN = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <rect width="800" height="600" fill="#f8fafc"/>
  <rect id="shop-a" x="40" y="40" width="200" height="150" fill="#e2e8f0" stroke="#94a3b8"/>
  <rect id="shop-b" x="300" y="40" width="200" height="150" fill="#e2e8f0" stroke="#94a3b8"/>
  <rect x="40" y="260" width="720" height="60" fill="#fff" stroke="#cbd5e1"/>
</svg>`;

let browser: Browser;
let user: TestUser;

async function serverDoc(mapId: string, owner = user): Promise<{ doc: MapDocument; version: number }> {
  const data = await call<MapWithDocument>('getMap', { id: mapId }, owner);
  const res = await fetch(data.documentUrl);
  return { doc: (await res.json()) as MapDocument, version: data.map.version };
}

async function openEditor(context: BrowserContext, mapId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/maps/${mapId}`);
  await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
  return page;
}

async function canvasBox(page: Page) {
  const box = await page.locator('.editor__canvas .mn-viewport').boundingBox();
  if (!box) throw new Error('no canvas');
  return box;
}

const status = (page: Page) => page.locator('.save-status').getAttribute('data-status');

async function waitForStatus(page: Page, want: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction((s) => document.querySelector('.save-status')?.getAttribute('data-status') === s, want, {
    polling: 100,
    timeout,
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Editor Tester' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the map editor', () => {
  let mapId: string;

  it('builds a map from an uploaded floor plan, survives a reload, and its embed shows the locations', async () => {
    mapId = await call<string>('createMap', { title: 'Floor plan test' }, user);
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    await page.goto(`/maps/${mapId}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });

    // Upload a floor plan: it becomes the first layer and sets the map's size.
    await page.getByRole('tab', { name: /Layers/ }).click();
    await page.setInputFiles('[data-testid=layer-file-input]', {
      name: 'Ground floor.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(FLOOR_PLAN),
    });
    await page.getByText('Map size 800×600 px').waitFor({ timeout: 20_000 });
    await page.waitForSelector('.editor__canvas .mn-layer-svg', { timeout: 20_000 });

    // Add three locations by clicking the map.
    await page.getByRole('tab', { name: /Locations/ }).click();
    await page.getByRole('button', { name: '+ Add location' }).click();
    const box = await canvasBox(page);
    const points = [
      [0.3, 0.35],
      [0.5, 0.55],
      [0.7, 0.45],
    ].map(([fx, fy]) => ({ x: box.x + box.width * fx!, y: box.y + box.height * fy! }));
    for (const p of points) await page.mouse.click(p.x, p.y);
    await expect.poll(() => page.locator('.vlist__row').count()).toBe(3);
    await page.keyboard.press('v');

    // Edit one: select it in the list and retitle it.
    await page.locator('.vlist__row', { hasText: 'Location 2' }).click();
    await page.locator('.location-form input[name=title]').fill('Coffee corner');
    await page.locator('.location-form input[name=title]').press('Enter');
    await page.locator('.vlist__row', { hasText: 'Coffee corner' }).waitFor();

    // Drag the third one (grabbing the pin's head), then undo the drag.
    const before = (await page.evaluate(() => document.querySelector('.save-status')?.textContent)) ?? '';
    expect(before).not.toBe('');
    const p3 = points[2]!;
    await page.mouse.move(p3.x, p3.y - 23);
    await page.mouse.down();
    await page.mouse.move(p3.x + 60, p3.y + 40 - 23, { steps: 8 });
    await page.mouse.up();
    await page.keyboard.press('Control+s');
    await waitForStatus(page, 'saved');
    const dragged = (await serverDoc(mapId)).doc.locations.find((l) => l.title === 'Location 3')!;
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+s');
    await waitForStatus(page, 'saved');

    const { doc } = await serverDoc(mapId);
    expect(doc.settings).toMatchObject({ mapWidth: 800, mapHeight: 600 });
    expect(doc.layers[0]!.file).toMatch(/^\/files\/.+\/files\/[0-9a-f]{16}-Ground-floor\.svg$/);
    expect(doc.locations.map((l) => l.title)).toEqual(['Location 1', 'Coffee corner', 'Location 3']);
    const third = doc.locations[2]!;
    expect(dragged.coord![0]).toBeGreaterThan(third.coord![0] + 0.02);
    expect(dragged.coord![1]).toBeGreaterThan(third.coord![1] + 0.02);

    // Reload: the saved map comes back as it was.
    await page.reload();
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    await expect
      .poll(() => page.locator('.vlist__row').allInnerTexts())
      .toEqual([
        expect.stringContaining('Location 1'),
        expect.stringContaining('Coffee corner'),
        expect.stringContaining('Location 3'),
      ]);
    expect(await status(page)).toBe('saved');
    await artifact(page, { path: '.test-artifacts/editor-floor-plan.png' });

    // Once published (saving keeps a draft, ADR 018), the embed shows the locations.
    const saved = await call<MapWithDocument>('getMap', { id: mapId }, user);
    await call('publishMap', { id: mapId, version: saved.map.version }, user);
    const embed = await context.newPage();
    await embed.goto(`/m/${mapId}`);
    await embed.waitForSelector('.mn-viewer', { timeout: 30_000 });
    for (const title of ['Location 1', 'Coffee corner', 'Location 3'])
      await embed.getByText(title, { exact: true }).first().waitFor({ timeout: 15_000 });
    await artifact(embed, { path: '.test-artifacts/editor-embed.png' });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('names the browser tab after the map, follows a rename, and names a visitor’s tab after the map too', async () => {
    const id = await call<string>('createMap', { title: 'Harbor Conference Center' }, user);
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithTokens(page, user);
    const editor = await openEditor(context, id);
    const title = (p: Page, want: string) =>
      p.waitForFunction((t) => document.title === t, want, { polling: 100, timeout: 15_000 });
    await title(editor, 'Harbor Conference Center - Mapnest');
    const field = editor.getByRole('textbox', { name: 'Map title' });
    await field.fill('Harbor Conference Centre');
    await field.press('Enter');
    await title(editor, 'Harbor Conference Centre - Mapnest');
    // Back on the maps list, the tab is the list's again.
    await editor.getByRole('link', { name: 'Back to maps' }).click();
    await title(editor, 'Maps - Mapnest');

    await call('publishMap', { id, version: 1 }, user);
    const visitorContext = await newContext(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/maps/${id}`);
    await visitor.locator('.map-public .mn-viewport').waitFor({ timeout: 30_000 });
    await title(visitor, 'Harbor Conference Centre - Mapnest');
    await visitorContext.close();
    await context.close();
    await call('deleteMap', id, user);
  }, 90_000);

  it('lists every bad CSV row with its line and column, and imports the good rows only when asked', async () => {
    const id = await call<string>('createMap', { title: 'CSV test' }, user);
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithTokens(page, user);
    await page.goto(`/maps/${id}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    await openFileMenuItem(page, 'Import…');
    const csv =
      'id,title,x,y,color\nshop-1,Bakery,0.2,0.2,#ff8800\nshop-2,Florist,0.4,0.3,reddish\nshop-3,Books,0.6,0.6,#00aa00\nshop-4,Toys,-0.2,0.5,\n';
    await page.setInputFiles('[data-testid=import-file]', {
      name: 'shops.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const alert = page.locator('.import-issues');
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toContain('Line 3, column “color”: "reddish" is not a hex colour');
    expect(text).toContain('Line 5, column “x”: The position "-0.2, 0.5" is outside the map');
    expect(text).toContain('Import the 2 good rows');
    // Cancel imports nothing.
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('.vlist__row').count()).toBe(0);

    // The same file again: the good rows are imported when asked.
    await openFileMenuItem(page, 'Import…');
    await page.setInputFiles('[data-testid=import-file]', {
      name: 'shops.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Import the 2 good rows' }).click();
    await expect
      .poll(() => page.locator('.vlist__row').allInnerTexts())
      .toEqual([expect.stringContaining('Bakery'), expect.stringContaining('Books')]);

    // The file fixed imports every row, with a preview of the mapping first.
    await openFileMenuItem(page, 'Import…');
    await page.setInputFiles('[data-testid=import-file]', {
      name: 'shops.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.replace('reddish', '#cc0000').replace(',-0.2,', ',0.7,')),
    });
    await page.getByRole('button', { name: 'Import 4 locations' }).click();
    await expect.poll(() => page.locator('.vlist__row').count()).toBe(4);
    await context.close();
  }, 120_000);

  it('imports a Google My Maps KMZ (deflated, as Chromium unzips and parses it) with its layers as groups, and reads a workbook', async () => {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 800 });
    doc.settings.geo = { extent: [-10, 35, 30, 60] };
    // A user of its own: a free account holds two test maps, and the tests above keep theirs.
    const importer = await createUser({ name: 'Import Tester' });
    const id = await call<string>('createMap', { title: 'My Maps import', mapData: doc }, importer);
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, importer);
    await page.goto(`/maps/${id}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    await openFileMenuItem(page, 'Import…');
    const kml = await readFile(join(GEO_FIXTURES, 'my-maps-old-town.kml'));
    const kmz = zip([{ name: 'doc.kml', data: new Uint8Array(kml) }], 'Old town.kmz');
    await page.setInputFiles('[data-testid=import-file]', {
      name: 'Old town.kmz',
      mimeType: 'application/vnd.google-earth.kmz',
      buffer: Buffer.from(await kmz.arrayBuffer()),
    });
    const dialog = page.getByRole('dialog', { name: 'Import' });
    await dialog.getByText('KML: 2 points; 1 line left out (a line has no one place to stand).').waitFor();
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual([
      'Blue Door Café (48.85, 2.35), in Cafés, bars & bakeries',
      'Market hall (52.52, 13.4), in food',
    ]);
    await dialog.getByRole('button', { name: 'Import 2 locations' }).click();
    await expect.poll(() => page.locator('.vlist__row').count()).toBe(2);
    await page.keyboard.press('Control+s');
    await waitForStatus(page, 'saved');
    const saved = (await serverDoc(id, importer)).doc;
    expect(saved.groups.map((g) => g.name)).toEqual(['Cafés, bars & bakeries', 'food']);
    expect(saved.locations.map((l) => [l.title, l.color, l.desc ?? l.about])).toEqual([
      ['Blue Door Café', '#0288d1', 'Espresso and <b>pastries</b>'],
      ['Market hall', '#00c000', 'Open daily'],
    ]);

    // A hand-edited KML that is not well-formed: one problem, where the browser's parser stopped, and nothing to import.
    await openFileMenuItem(page, 'Import…');
    await page.setInputFiles('[data-testid=import-file]', {
      name: 'broken.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from('<kml><Document><Placemark><name>A &amp; B</name></Document></kml>'),
    });
    expect(await dialog.locator('.import-issues').innerText()).toContain(
      'The KML file is not well-formed XML: error on line 1 at column 59: Unexpected closing tag: Document != Placemark',
    );
    expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);

    // An Excel workbook is read in the browser too (its reader is a chunk of its own), sheet by sheet.
    await page.setInputFiles('[data-testid=import-file]', {
      name: 'tenants.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await readFile(join(SPREADSHEET_FIXTURES, 'tenants.xlsx')),
    });
    const sheet = dialog.getByRole('combobox', { name: 'Sheet (2 with data)' });
    await sheet.waitFor();
    expect(await sheet.locator('option').allInnerTexts()).toEqual(['Tenants (3 rows)', 'Notes (0 rows)']);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('merges a save from another tab, shows it to the first tab on focus, and asks only about the same field changed twice', async () => {
    // A fresh user: a free account holds at most 2 test maps.
    user = await createUser({ name: 'Conflict Tester' });
    const id = await call<string>('createMap', { title: 'Conflict test' }, user);
    const context = await newContext(browser);
    const login = await context.newPage();
    await signInWithTokens(login, user);
    const a = await openEditor(context, id);
    const b = await openEditor(context, id);
    const rows = (page: Page) => page.locator('.vlist__row').allInnerTexts();

    const add = async (page: Page, fx: number) => {
      await page.keyboard.press('a');
      const box = await canvasBox(page);
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * 0.5);
      await page.keyboard.press('Escape');
    };
    const retitle = async (page: Page, row: string, title: string) => {
      await page.locator('.vlist__row', { hasText: row }).click();
      const input = page.locator('.location-form input[name=title]');
      await input.fill(title);
      await input.press('Enter');
    };
    await a.bringToFront();
    await add(a, 0.3);
    await a.keyboard.press('Control+s');
    await waitForStatus(a, 'saved');

    // B adds its own location and saves: version 3 holds both. B may still be on version 1 (then its save is merged
    // silently with A's), or A's tab may have told it of version 2 meanwhile, even while B's save met it (the CI run
    // that found a save reported as a conflict with that very version). New ids are random, so the two differ.
    await b.bringToFront();
    await add(b, 0.7);
    await b.keyboard.press('Control+s');
    await expect.poll(async () => (await serverDoc(id)).version, { timeout: 15_000 }).toBe(3);
    await waitForStatus(b, 'saved');
    expect(await b.getByRole('dialog', { name: 'This map was changed somewhere else' }).count()).toBe(0);
    let server = await serverDoc(id);
    expect(server.doc.locations.map((l) => l.coord![0] < 0.5)).toEqual([true, false]);
    const [first, second] = server.doc.locations.map((l) => l.id) as [string, string];
    expect(first).not.toBe(second);
    await expect.poll(() => rows(b)).toEqual([expect.stringContaining(first), expect.stringContaining(second)]);

    // A learns about version 3 when it gets focus, without saving anything itself.
    await a.bringToFront();
    await a.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect
      .poll(() => rows(a), { timeout: 10_000 })
      .toEqual([expect.stringContaining(first), expect.stringContaining(second)]);
    expect(await status(a)).toBe('saved');
    expect((await serverDoc(id)).version).toBe(3);

    // The same field changed in both tabs: B retitles both locations (unsaved), A retitles the first and saves.
    // B's saves are held until A's is in: on a busy machine B's autosave (a few seconds after its last edit) could
    // otherwise reach the server first, and the conflict would be A's instead of B's. A held autosave goes on
    // afterwards and meets the conflict like the Ctrl+S below.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const passed: Promise<void>[] = [];
    await b.route('**/api/fn/saveMap', (route) => {
      const passing = held.then(() => route.continue());
      passed.push(passing);
      return passing;
    });
    await b.bringToFront();
    await retitle(b, first, 'Bakery (B)');
    await retitle(b, second, 'Books (B)');
    await a.bringToFront();
    await retitle(a, first, 'Bakery (A)');
    await a.keyboard.press('Control+s');
    await expect.poll(async () => (await serverDoc(id)).version, { timeout: 15_000 }).toBe(4);
    release();
    // The held saves are sent on before the route goes: with the route taken away first, a held save's own
    // continue() failed once ("Route is already handled").
    await Promise.all(passed);
    await b.unroute('**/api/fn/saveMap');

    await b.bringToFront();
    await b.keyboard.press('Control+s');
    const dialog = b.getByRole('dialog', { name: 'This map was changed somewhere else' });
    await dialog.waitFor({ timeout: 15_000 });
    const conflictRows = await dialog.locator('tbody tr').allInnerTexts();
    expect(conflictRows).toHaveLength(1);
    expect(conflictRows[0]).toMatch(/Location “Location 1”: Title\s+Bakery \(B\)\s+Bakery \(A\)/);
    await artifact(b, { path: '.test-artifacts/editor-conflict.png' });
    await dialog.getByRole('radio', { name: /keep theirs/ }).check();
    await dialog.getByRole('button', { name: 'Save merged version' }).click();
    await waitForStatus(b, 'saved');
    server = await serverDoc(id);
    expect(server.version).toBe(5);
    expect(server.doc.locations.map((l) => l.title)).toEqual(['Bakery (A)', 'Books (B)']);
    const history = (await call<MapWithDocument>('getMap', { id }, user)).history;
    expect(history.map((h) => h.version).sort()).toEqual([1, 2, 3, 4, 5]);
    await context.close();
  }, 180_000);
});
