/**
 * Locations copied in one editor and pasted in another, as an author moves shops from one map to the next: Ctrl+C on
 * the map in one tab, Ctrl+V on another map in another tab, through the system clipboard; rows copied from a
 * spreadsheet and pasted on the map go to the Import dialog; Ctrl+D duplicates; a tablet's Copy and Paste buttons do it
 * through the Clipboard API. The browser is this file's
 * own: the run's shared Chromium has one clipboard for every file, which another file's copying could change between
 * this file's copy and its paste.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { launchChromium } from '../../scripts/chromium-launch';
import { collectErrors, settled, signInWithTokens } from '../helpers/browser';
import { documentWith } from '../helpers/documents';
import { baseUrl, call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let context: BrowserContext;
let author: TestUser;

beforeAll(async () => {
  [browser, author] = await Promise.all([launchChromium(), createUser({ name: 'Clipboard Author' })]);
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: baseUrl() });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function openEditor(id: string): Promise<{ tab: Page; errors: string[] }> {
  const tab = await context.newPage();
  const errors = collectErrors(tab);
  await signInWithTokens(tab, author);
  await tab.goto(`/maps/${id}`);
  await tab.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
  return { tab, errors };
}

const rows = (tab: Page) => tab.locator('.vlist__row .vlist__title').allTextContents();
const toast = (tab: Page, text: string) => tab.locator('.editor__toast', { hasText: text }).waitFor();
const selected = (tab: Page, heading: string) => tab.locator('.bulk-panel h2', { hasText: heading }).waitFor();

async function saved(id: string): Promise<MapDocument> {
  const data = await call<MapWithDocument>('getMap', { id }, author);
  return (await (await fetch(data.documentUrl)).json()) as MapDocument;
}

it('copies locations from one map to another in another tab, imports pasted rows, cuts, and leaves fields alone', async () => {
  const old = documentWith(3);
  old.groups = [{ id: 'cafes', name: 'Cafés', color: '#b45309' }];
  old.locations[1]!.groups = ['cafes'];
  const from = await call<string>('createMap', { title: 'Old directory', mapData: old }, author);
  const to = await call<string>('createMap', { title: 'New directory' }, author);
  const one = await openEditor(from);
  const two = await openEditor(to);

  await one.tab.bringToFront();
  await one.tab.locator('.editor__canvas .mn-viewport').focus();
  await one.tab.keyboard.press('Control+a');
  await one.tab.keyboard.press('Control+c');
  await toast(one.tab, 'Copied 3 locations: Ctrl/⌘+V pastes them, here or in another map.');

  await two.tab.bringToFront();
  await two.tab.locator('.editor__canvas .mn-viewport').focus();
  await two.tab.keyboard.press('Control+v');
  await expect.poll(() => rows(two.tab)).toEqual(['Location 0', 'Location 1', 'Location 2']);
  // The group the café is in comes with it: the new map had none.
  await toast(two.tab, 'Pasted 3 locations and added the group this map lacked: Cafés.');
  await two.tab.keyboard.press('Control+s');
  await expect
    .poll(async () => (await saved(to)).locations.map((l) => [l.id, l.title, l.groups]), { timeout: 20_000 })
    .toEqual([
      ['loc0', 'Location 0', undefined],
      ['loc1', 'Location 1', ['cafes']],
      ['loc2', 'Location 2', undefined],
    ]);
  expect((await saved(to)).groups).toEqual(old.groups);

  // Text copied in a field is text: the map is told it holds no locations, and pastes none.
  const search = two.tab.getByLabel('Search locations');
  await search.fill('Bakery');
  await search.selectText();
  await two.tab.keyboard.press('Control+c');
  await search.fill('');
  await two.tab.locator('.editor__canvas .mn-viewport').focus();
  await two.tab.keyboard.press('Control+v');
  await toast(two.tab, 'The clipboard holds no locations');
  expect(await rows(two.tab)).toHaveLength(3);
  await search.focus();
  await two.tab.keyboard.press('Control+v');
  expect(await search.inputValue()).toBe('Bakery');
  await search.fill('');

  // Rows copied from a spreadsheet (tab-separated text) open the Import dialog, which maps their columns.
  await two.tab.evaluate(() => {
    const sheet = document.createElement('textarea');
    sheet.id = 'sheet';
    sheet.value = 'Name\tAbout\tX\tY\nFlorist\tFlowers and plants\t0.7\t0.2\n';
    document.body.append(sheet);
  });
  await two.tab.locator('#sheet').selectText();
  await two.tab.keyboard.press('Control+c');
  await two.tab.evaluate(() => document.getElementById('sheet')!.remove());
  await two.tab.locator('.editor__canvas .mn-viewport').focus();
  await two.tab.keyboard.press('Control+v');
  const dialog = two.tab.getByRole('dialog', { name: 'Import' });
  await dialog.getByRole('button', { name: 'Import 1 location' }).click();
  await expect.poll(() => rows(two.tab)).toEqual(['Location 0', 'Location 1', 'Location 2', 'Florist']);

  // A cut takes them away in one step, which Ctrl+Z gives back.
  await one.tab.bringToFront();
  await one.tab.locator('.editor__canvas .mn-viewport').focus();
  await one.tab.keyboard.press('Control+a');
  await selected(one.tab, '3 locations selected');
  await one.tab.keyboard.press('Control+x');
  await expect.poll(() => rows(one.tab)).toEqual([]);
  await toast(one.tab, 'Cut 3 locations');
  await one.tab.keyboard.press('Control+z');
  await expect.poll(() => rows(one.tab)).toEqual(['Location 0', 'Location 1', 'Location 2']);

  // Ctrl+D duplicates the selection in place (the browser's Ctrl+D would bookmark the page). The keys wait for the
  // selection to show: under load a key can come before the selection it acts on is rendered. The map is focused once
  // what the undo started has run (a CI run under load pressed Ctrl+A, and the selection never came).
  await settled(one.tab);
  await one.tab.locator('.editor__canvas .mn-viewport').focus();
  await one.tab.keyboard.press('Control+a');
  await selected(one.tab, '3 locations selected');
  await one.tab.keyboard.press('Control+d');
  await expect
    .poll(() => rows(one.tab))
    .toEqual(['Location 0', 'Location 0', 'Location 1', 'Location 1', 'Location 2', 'Location 2']);
  expect(await one.tab.locator('.bulk-panel h2').textContent()).toBe('3 locations selected');
  expect([...one.errors, ...two.errors]).toEqual([]);
}, 120_000);

it('copies and pastes with buttons on a tablet, which has no keys for it, through the Clipboard API', async () => {
  const owner = await createUser({ name: 'Tablet Author' });
  const old = documentWith(2);
  old.groups = [{ id: 'cafes', name: 'Cafés', color: '#b45309' }];
  old.locations[1]!.groups = ['cafes'];
  const from = await call<string>('createMap', { title: 'Tablet old', mapData: old }, owner);
  const to = await call<string>('createMap', { title: 'Tablet new' }, owner);
  // A touch screen whose visitor allowed the clipboard (Chromium asks once for the site).
  const tablet = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    isMobile: true,
    hasTouch: true,
    baseURL: baseUrl(),
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const tab = await tablet.newPage();
  const errors = collectErrors(tab);
  await signInWithTokens(tab, owner);
  await tab.goto(`/maps/${from}`);
  await tab.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
  await tab.getByRole('button', { name: 'Select all' }).tap();
  await tab.getByRole('button', { name: 'Copy 2' }).tap();
  await toast(tab, 'Copied 2 locations: the Locations panel’s Paste puts them, here or in another map.');
  await tab.goto(`/maps/${to}`);
  await tab.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
  await tab.getByRole('button', { name: 'Paste' }).tap();
  await toast(tab, 'Pasted 2 locations and added the group this map lacked: Cafés.');
  expect(await rows(tab)).toEqual(['Location 0', 'Location 1']);

  // An image copied alone (a floor plan from the photo library) pasted with the button is a new floor, as on a drop.
  await tab.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 40, height: 30 });
    canvas.getContext('2d')!.fillRect(5, 5, 20, 10);
    const png = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
  });
  await tab.getByRole('button', { name: 'Paste' }).tap();
  await expect.poll(() => tab.getByRole('tab', { name: /Layers/ }).textContent(), { timeout: 30_000 }).toMatch(/2/);
  expect(errors).toEqual([]);
  await tablet.close();
}, 120_000);
