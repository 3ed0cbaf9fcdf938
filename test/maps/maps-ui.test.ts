/**
 * The maps list in Chromium against the local stack (issue 3 "Browser"): a signed-in user creates a
 * map, sees it in the list, renames it, duplicates it, restores an older version and deletes it. The stack
 * serves web/dist, so build first: `cd web && npx vite build`.
 * The user is signed in with tokens from a real password sign-in (`signInWithTokens`, test/helpers/browser.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { artifact, cssHex, launchBrowser, signInWithTokens } from '../helpers/browser';
import { contrastRatio } from '@mapnest/shared/contrast';
import type { HistoryEntry, MapSummary, MapWithDocument } from '@mapnest/shared/maps';
import { documentWith } from '../helpers/documents';
import { baseUrl, call, createUser, type TestUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/maps-ui');

/** Opens the preview of version 1 from a version history dialog and answers it once its map is drawn. */
async function previewVersion1(history: Locator): Promise<Locator> {
  await history
    .getByRole('listitem', { name: /^Version 1/ })
    .getByRole('button', { name: 'Preview' })
    .click();
  const preview = history.page().getByRole('dialog', { name: 'Preview of version 1' });
  await preview.locator('.mn-viewer').waitFor();
  return preview;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: TestUser;

const card = (title: string) => page.getByRole('article', { name: title, exact: true });

async function openMapMenu(title: string, item: string) {
  await card(title)
    .getByRole('button', { name: `More actions for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function openMapsList() {
  await page.goto(`${baseUrl()}/maps`);
  await page.getByRole('heading', { name: 'Maps', level: 1 }).waitFor({ timeout: 20_000 });
}

describe('maps list in the browser', () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    user = await createUser({ name: 'Browser Tester' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInWithTokens(page, user);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('creates, lists, renames, duplicates, restores and deletes a map', async () => {
    await openMapsList();
    await page.getByRole('heading', { name: 'Create your first map' }).waitFor();
    await artifact(page, { path: path.join(ARTIFACTS, 'maps-empty.png'), fullPage: true });

    // Create.
    await page.getByRole('link', { name: 'Create a map' }).click();
    await page.getByRole('heading', { name: 'New map' }).waitFor();
    await page.getByRole('textbox', { name: /^Title/ }).fill('Riverside Mall');
    await artifact(page, { path: path.join(ARTIFACTS, 'maps-new.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create map' }).click();
    await page.waitForURL(/\/maps\/[A-Za-z0-9]{20}$/);
    const id = new URL(page.url()).pathname.split('/').at(-1)!;

    // Listed.
    await openMapsList();
    await card('Riverside Mall').waitFor();
    expect(await card('Riverside Mall').getByRole('link', { name: 'Riverside Mall' }).getAttribute('href')).toBe(
      `/maps/${id}`,
    );
    expect(await card('Riverside Mall').textContent()).toContain('Test · 7 days left');
    await page.getByRole('region', { name: 'Map slots' }).getByText('1 of 2 used').waitFor();

    // Rename inline.
    await openMapMenu('Riverside Mall', 'Rename');
    const field = page.getByRole('textbox', { name: 'Map title' });
    await field.fill('Riverside Mall West');
    await field.press('Enter');
    await card('Riverside Mall West').getByRole('link', { name: 'Riverside Mall West' }).waitFor();
    expect((await call<MapWithDocument>('getMap', { id }, user)).map.title).toBe('Riverside Mall West');

    // A second version, as the editor would save it, with a floor plan as the first layer.
    const doc = documentWith(5);
    doc.layers[0]!.file = '/img/retail.svg';
    await call('saveMap', { id, baseVersion: 1, mapData: doc }, user);
    await page.reload();
    await card('Riverside Mall West').getByText('1 layer · 5 locations').waitFor();
    await artifact(page, { path: path.join(ARTIFACTS, 'maps-list.png'), fullPage: true });

    // Restore the first version from the history.
    await card('Riverside Mall West').getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Version history' });
    const first = dialog.getByRole('listitem', { name: /^Version 1/ });
    await first.getByRole('button', { name: 'Restore' }).click();
    // Restore shows what changes and asks first; it goes into the draft (ADR 018).
    await page.getByRole('button', { name: 'Restore into the draft' }).click();
    await dialog.getByText('Restored version 1 as version 3.').waitFor();
    await dialog
      .getByRole('listitem', { name: /^Version 3/ })
      .getByText('Current')
      .waitFor();
    await artifact(page, { path: path.join(ARTIFACTS, 'maps-history.png') });
    const restored = await call<MapWithDocument>('getMap', { id }, user);
    expect(restored.map.version).toBe(3);
    expect(restored.map.metrics.locationCount).toBe(0);
    expect(restored.history.find((h: HistoryEntry) => h.version === 3)).toMatchObject({
      kind: 'restore',
      restoredFrom: 'v00000001',
    });
    await dialog.getByRole('button', { name: 'Close version history' }).click();
    await card('Riverside Mall West').getByText('1 layer · 0 locations').waitFor();

    // Duplicate.
    await openMapMenu('Riverside Mall West', 'Duplicate');
    await card('[D] Riverside Mall West').waitFor();
    await page.getByRole('region', { name: 'Map slots' }).getByText('2 of 2 used').waitFor();

    // Delete the original, after confirming.
    await openMapMenu('Riverside Mall West', 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete this map?' });
    await confirm.getByRole('button', { name: 'Delete map' }).click();
    await page.getByRole('status').getByText('Deleted “Riverside Mall West”.').waitFor();
    await confirm.waitFor({ state: 'detached' });
    expect(await card('Riverside Mall West').count()).toBe(0);
    const left = await call<MapSummary[]>('listMaps', null, user);
    expect(left.map((m) => m.title)).toEqual(['[D] Riverside Mall West']);

    // The same list on a 360 px wide phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await artifact(page, { path: path.join(ARTIFACTS, 'maps-list-360.png'), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);

    // On the narrowest phones (320 px) the publication goes under the state badge instead of over it: the longest
    // pair, a test map published and changed since.
    const copy = await call<MapWithDocument>('getMap', { id: left[0]!.id }, user);
    await call('publishMap', { id: copy.map.id, version: copy.map.version }, user);
    await call('saveMap', { id: copy.map.id, baseVersion: copy.map.version, mapData: documentWith(1) }, user);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.reload();
    const media = card('[D] Riverside Mall West').locator('.map-card__media');
    await media.getByText('Unpublished changes').waitFor();
    const badge = (await media.locator('.map-badge').boundingBox())!;
    const publication = (await media.locator('.map-publication').boundingBox())!;
    const overlap =
      badge.x < publication.x + publication.width &&
      publication.x < badge.x + badge.width &&
      badge.y < publication.y + publication.height &&
      publication.y < badge.y + badge.height;
    expect(overlap, `${JSON.stringify(badge)} and ${JSON.stringify(publication)}`).toBe(false);
  });

  it('previews a kept version from the maps list with the map inside the dialog, on a page the editor never loaded', async () => {
    const id = await call<string>('createMap', { title: 'Preview plan', mapData: documentWith(2) }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(4) }, user);
    // A laptop's window (the test before leaves a phone's), and a fresh load of the list: only what the maps page
    // itself brings is styled.
    try {
      await page.setViewportSize({ width: 1280, height: 860 });
      await openMapsList();
      await card('Preview plan').getByRole('button', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: 'Version history' });
      const preview = await previewVersion1(history);
      await artifact(page, { path: path.join(ARTIFACTS, 'maps-history-preview.png') });
      const dialogBox = (await preview.boundingBox())!;
      const viewerBox = (await preview.locator('.mn-viewer').boundingBox())!;
      // The dialog takes most of the window, and the scaled-down page lies wholly inside it.
      expect(dialogBox.width).toBeGreaterThan(1000);
      expect(viewerBox.x).toBeGreaterThanOrEqual(dialogBox.x);
      expect(viewerBox.x + viewerBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
      expect(viewerBox.width).toBeGreaterThan(600);
      await preview.getByRole('button', { name: 'Close' }).click();
      await history.getByRole('button', { name: 'Close version history' }).click();
    } finally {
      await call('deleteMap', id, user);
    }
  });

  it('fits the version history and a version’s preview on a 390 px phone: lines wrap, Close stays on the screen', async () => {
    const id = await call<string>('createMap', { title: 'Phone history plan' }, user);
    await call('saveMap', { id, baseVersion: 1, mapData: documentWith(12) }, user);
    // A published version's line is the longest: it ends with the date and time it was published.
    await call('publishMap', { id, version: 2 }, user);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openMapsList();
      await card('Phone history plan').getByRole('button', { name: 'History', exact: true }).click();
      const history = page.getByRole('dialog', { name: 'Version history' });
      await history.getByRole('listitem', { name: /^Version 2/ }).waitFor();
      await artifact(page, { path: path.join(ARTIFACTS, 'maps-history-390.png') });
      const cut = await history.locator('.history__meta').evaluateAll((lines) =>
        lines.flatMap((line) => {
          const list = line.closest('.history__list')!.getBoundingClientRect();
          return [...line.querySelectorAll('span, time')]
            .filter((part) => part.getBoundingClientRect().right > list.right)
            .map((part) => part.textContent);
        }),
      );
      expect(cut).toEqual([]);

      // A version's preview fits the phone's width too, its Close button on the screen.
      const preview = await previewVersion1(history);
      await artifact(page, { path: path.join(ARTIFACTS, 'maps-history-preview-390.png') });
      // Opened on a phone, it shows the map as phones get it (not a desktop page shrunk to a strip).
      expect(await preview.getByRole('radio', { name: 'Phone 390px' }).isChecked()).toBe(true);
      const close = (await preview.getByRole('button', { name: 'Close' }).boundingBox())!;
      expect(close.x + close.width).toBeLessThanOrEqual(390);
      const dialog = (await preview.boundingBox())!;
      expect(dialog.x + dialog.width).toBeLessThanOrEqual(390);
      await preview.getByRole('button', { name: 'Close' }).click();
      await history.getByRole('button', { name: 'Close version history' }).click();
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
      await call('deleteMap', id, user);
    }
  });

  it('rings the focused search field as the app rings every control: 3 px, at least 3:1 against the page', async () => {
    await call('createMap', { title: 'Focus ring' }, user);
    await page.setViewportSize({ width: 1280, height: 860 });
    await openMapsList();
    await card('Focus ring').waitFor();
    await page.keyboard.press('/');
    const ring = await page.evaluate(() => {
      const field = document.activeElement!;
      // The outline is drawn outside the field, over the first background behind it.
      let behind = field.parentElement;
      while (behind && getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)') behind = behind.parentElement;
      const style = getComputedStyle(field);
      return {
        label: field.getAttribute('aria-keyshortcuts'),
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        colour: style.outlineColor,
        page: behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)',
      };
    });
    expect(ring).toMatchObject({ label: '/', style: 'solid' });
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(contrastRatio(cssHex(ring.colour), cssHex(ring.page))).toBeGreaterThanOrEqual(3);
    await artifact(page, { path: path.join(ARTIFACTS, 'maps-search-focus.png') });
  });

  it('rings a focused form field in 2 px of the focus colour, inside it, at least 3:1 against the field', async () => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${baseUrl()}/contact`);
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.focus();
    // The field eases into its focused look (a short transition): read it once that has ended.
    await name.evaluate((field) => Promise.all(field.getAnimations().map((a) => a.finished)));
    const ring = await name.evaluate((field) => {
      const style = getComputedStyle(field);
      const inset = /^rgb\(([^)]*)\) 0px 0px 0px (\d+)px inset$/.exec(style.boxShadow);
      return {
        border: parseFloat(style.borderTopWidth),
        borderColour: style.borderTopColor,
        insetWidth: inset ? Number(inset[2]) : 0,
        insetColour: inset ? `rgb(${inset[1]})` : null,
        field: style.backgroundColor,
      };
    });
    expect(ring.border + ring.insetWidth, JSON.stringify(ring)).toBeGreaterThanOrEqual(2);
    expect(ring.insetColour).toBe(ring.borderColour);
    expect(contrastRatio(cssHex(ring.borderColour), cssHex(ring.field))).toBeGreaterThanOrEqual(3);
  });
});
