/**
 * The editor's top bar at desktop widths (1024 to 1920 px), with a long title and a floor picker: one row from
 * 1366 px up (two below, the actions on their own), nothing off its right edge, and nothing in it moves when the
 * save status or the publication status changes its wording. A button that
 * moves between the press and the release of a click loses the click: Publish, pressed while a title field still
 * held typed text, used to drop to a second row as the field's blur turned "Saved" into "Unsaved changes".
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankDocument } from '@mapnest/shared/map-document';
import { collectErrors, launchBrowser, newContext, signInWithTokens, artifact } from '../helpers/browser';
import { call, createUser, type TestUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/editor');
let browser: Browser;
let user: TestUser;
let mapId: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  user = await createUser({ name: 'Toolbar Author' });
  const doc = blankDocument();
  doc.layers = ['Ground floor', 'First floor', 'Second floor (mezzanine and terrace)'].map((name, i) => ({
    id: `floor-${i}`,
    name,
    file: '',
  }));
  doc.locations.push({ id: 'shop', title: 'Shop', coord: [0.5, 0.5], layer: 'floor-0' });
  mapId = await call<string>(
    'createMap',
    { title: 'Riverside Shopping Centre, levels 0 to 2, north and south wings', mapData: doc },
    user,
  );
  await call('publishMap', { id: mapId, version: 1 }, user);
}, 60_000);
afterAll(async () => browser?.close());

async function boxes(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.editor__bar')!;
    const box = (el: Element | null) => {
      const r = el!.getBoundingClientRect();
      return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width) };
    };
    const button = (name: string) =>
      Array.from(bar.querySelectorAll('button, a')).find((b) => (b.textContent ?? '').trim() === name) ?? null;
    return {
      barHeight: bar.getBoundingClientRect().height,
      overflow: bar.scrollWidth - bar.clientWidth,
      publish: box(button('Publish')),
      preview: box(button('Preview')),
      save: box(button('Save')),
      redo: box(bar.querySelector('[aria-label="Redo"]')),
      settings: box(bar.querySelector('[aria-label="Settings"]')),
      settingsIcon: box(bar.querySelector('[aria-label="Settings"] svg')),
    };
  });
}

describe('the editor bar', () => {
  for (const width of [1024, 1280, 1366, 1440, 1920]) {
    it(`keeps to its rows at ${width} px, and no control moves when the statuses change`, async () => {
      const context = await newContext(browser, { width, height: 800 });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInWithTokens(page, user);
      await page.goto(`/maps/${mapId}`);
      await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
      await expect.poll(() => page.locator('.save-status').getAttribute('data-status')).toBe('saved');
      expect(await page.locator('.publication').getAttribute('data-publication')).toBe('published');
      await artifact(page, {
        path: path.join(ARTIFACTS, `editor-bar-${width}.png`),
        clip: { x: 0, y: 0, width, height: 120 },
      });
      const before = await boxes(page);
      expect(before.overflow, 'the bar scrolls sideways').toBeLessThanOrEqual(0);
      // One row from 1366 px up; below, the actions have a second row of their own, whatever the statuses say.
      if (width >= 1366) expect(before.barHeight, 'the bar wraps to a second row').toBeLessThan(64);
      else expect(before.barHeight, 'the bar takes more than two rows').toBeLessThan(110);
      expect(before.settings.x + before.settings.width, 'the settings link is off the bar').toBeLessThanOrEqual(width);
      // Squeezed controls lose their content first: the settings link's icon was once drawn 0 px wide.
      expect(before.settingsIcon.width, 'the settings icon is squeezed away').toBeGreaterThanOrEqual(16);

      // An edit held in the title field, then committed: "Unsaved changes" and "Unpublished changes".
      await page.locator('.vlist__row').first().click();
      await page.locator('.location-form input[name=title]').fill('Florist');
      await page.locator('.location-form input[name=title]').blur();
      await expect.poll(() => page.locator('.save-status').getAttribute('data-status')).toBe('unsaved');
      expect(await page.locator('.publication').getAttribute('data-publication')).toBe('changes');
      const after = await boxes(page);
      expect(after).toEqual(before);
      expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
