/**
 * The editor's top bar at desktop widths (1024 to 1920 px), with a long title and a floor picker: one row at every
 * one of them, the floor shown ("Ground floor") whole (at 1280 px, the commonest laptop, it once took two and pushed
 * the map down), every control whole and apart from the others, nothing off its right edge, and nothing in it moves
 * when the save status or the publication status changes its wording. On a tablet (600 to 820 px, over rows) the
 * floor shown is whole, and the actions are one row. On a phone its File menu is whole on the screen, and the statuses
 * are one row. A button that moves between the press and the release of a click loses the click: Publish, pressed
 * while a title field still held typed text, used to drop to a second row as the field's blur turned "Saved" into
 * "Unsaved changes".
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
      if (!el || el.getClientRects().length === 0) return null;
      const r = el.getBoundingClientRect();
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
      settings: box(bar.querySelector('[aria-label="Settings"]'))!,
      settingsIcon: box(bar.querySelector('[aria-label="Settings"] svg'))!,
    };
  });
}

/** Every control of the bar that is shown, left to right: its name, its box, and whether its content is cut. */
async function controls(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.editor__bar :is(a[href], button, select, input)')]
      // The statuses stand one above the other, off the row's middle by design: the publication status became a
      // toggletip's button (ADR 100) and stays out of this check as it was when it was a plain label.
      .filter((e) => e.getClientRects().length > 0 && !e.closest('.editor__save-problem, .editor__statuses'))
      .map((e) => {
        const r = e.getBoundingClientRect();
        // The title is cut short on purpose (an ellipsis; it is whole in its field); any other control must be whole.
        const cut = e.matches('input, select') ? false : e.scrollWidth > e.clientWidth + 1;
        // A select's name is its label's words, without the options the label also holds.
        const label = (e as HTMLSelectElement).labels?.[0]?.textContent?.replace(e.textContent ?? '', '');
        const name = (e.getAttribute('aria-label') ?? label ?? e.textContent ?? '').trim();
        return { name, left: r.left, right: r.right, top: r.top, bottom: r.bottom, cut };
      }),
  );
}

/** How much narrower the floor picker is than one holding only the floor shown, unclipped: more than 0, cut short. */
function floorCut(page: Page): Promise<number> {
  return page.evaluate(() => {
    const picker = document.querySelector<HTMLSelectElement>('.editor__floor select')!;
    const probe = picker.cloneNode(false) as HTMLSelectElement;
    probe.append(new Option(picker.selectedOptions[0]!.text));
    // Out of the row's flow, so the row's room does not squeeze it: its width is the name's own.
    Object.assign(probe.style, { maxWidth: 'none', position: 'absolute', visibility: 'hidden' });
    picker.after(probe);
    const natural = probe.getBoundingClientRect().width;
    probe.remove();
    return natural - picker.getBoundingClientRect().width;
  });
}

describe('the editor bar', () => {
  for (const width of [1024, 1280, 1366, 1440, 1920]) {
    it(`keeps to one row at ${width} px, every control whole, and no control moves when the statuses change`, async () => {
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
      expect(before.barHeight, 'the bar wraps to a second row').toBeLessThan(64);
      expect(before.settings.x + before.settings.width, 'the settings link is off the bar').toBeLessThanOrEqual(width);
      // Every control on the one row, whole, inside the window and clear of the next one.
      const shown = await controls(page);
      expect(shown.map((c) => c.name)).toEqual(expect.arrayContaining(['Map title', 'Floor shown', 'Publish']));
      const middle = (c: (typeof shown)[number]) => (c.top + c.bottom) / 2;
      for (const [i, c] of shown.entries()) {
        expect(Math.abs(middle(c) - middle(shown[0]!)), `${c.name} is on another row`).toBeLessThan(8);
        expect(c.cut, `${c.name} is cut off`).toBe(false);
        expect(c.left, `${c.name} is off the left edge`).toBeGreaterThanOrEqual(0);
        expect(c.right, `${c.name} is off the right edge`).toBeLessThanOrEqual(width);
        const next = shown[i + 1];
        if (next) expect(c.right, `${c.name} overlaps ${next.name}`).toBeLessThanOrEqual(next.left);
      }
      // The title gives way, but a few characters of it stay readable.
      const title = shown.find((c) => c.name === 'Map title')!;
      expect(title.right - title.left, 'the title is squeezed away').toBeGreaterThanOrEqual(80);
      // The floor shown reads whole ("Ground floor" was "Ground …" at 1024–1439 px): the picker is at least as wide as
      // a picker holding only that name would be.
      expect(await floorCut(page), 'the floor shown is cut short').toBeLessThanOrEqual(0.5);
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

  // A tablet's bar is two rows (the actions under the tools): the floor shown was "Ground fl…" there, with room to spare.
  for (const width of [600, 720, 768, 820]) {
    it(`shows the floor shown whole on a tablet (${width} px), every control inside the window and apart`, async () => {
      const context = await newContext(browser, { width, height: 1000 });
      const page = await context.newPage();
      await signInWithTokens(page, user);
      await page.goto(`/maps/${mapId}`);
      await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
      await artifact(page, {
        path: path.join(ARTIFACTS, `editor-bar-${width}.png`),
        clip: { x: 0, y: 0, width, height: 160 },
      });
      expect(await floorCut(page), 'the floor shown is cut short').toBeLessThanOrEqual(0.5);
      expect((await boxes(page)).overflow, 'the bar scrolls sideways').toBeLessThanOrEqual(0);
      const shown = await controls(page);
      for (const c of shown) {
        expect(c.cut, `${c.name} is cut off`).toBe(false);
        expect(c.right, `${c.name} is off the right edge`).toBeLessThanOrEqual(width);
        const overlapping = shown.filter(
          (o) => o !== c && o.left < c.right && c.left < o.right && o.top < c.bottom && c.top < o.bottom,
        );
        expect(
          overlapping.map((o) => o.name),
          `${c.name} overlaps`,
        ).toEqual([]);
      }
      // The actions are one row of their own, not wrapped wherever a label ends.
      const actions = shown.filter((c) => /^(Save|File|Preview|Publish|Settings)\b/.test(c.name));
      expect(actions.map((c) => /^\w+/.exec(c.name)![0])).toEqual(['Save', 'File', 'Preview', 'Publish', 'Settings']);
      for (const c of actions) expect(c.top, `${c.name} is on another row`).toBe(actions[0]!.top);
      await context.close();
    }, 60_000);
  }

  // A phone's tools row: the floor shown was cut to "Groun…" at 390 px with 60 px to spare. Its statuses' row: the
  // plan's state, the save status and the publication status took two rows at 360 and 375 px.
  for (const width of [360, 375, 390, 412]) {
    it(`gives the floor shown the room left on the tools' row of a phone (${width} px), and the statuses one row`, async () => {
      const context = await newContext(browser, { width, height: 844 });
      const page = await context.newPage();
      await signInWithTokens(page, user);
      await page.goto(`/maps/${mapId}`);
      await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
      const row = await page.evaluate(() => {
        const box = (el: Element) => el.getBoundingClientRect();
        const tools = document.querySelector('.editor__tools')!;
        const select = box(tools.querySelector('select')!);
        const first = box(tools.querySelector('button')!);
        return { selectTop: select.top, firstTop: first.top, room: box(tools).right - select.right };
      });
      expect(row.selectTop, 'the floor picker is on a row of its own').toBeLessThan(row.firstTop + 10);
      expect((await boxes(page)).overflow, 'the bar scrolls sideways').toBeLessThanOrEqual(0);
      const cut = await floorCut(page);
      // Whole where the row has room for it; cut short only by what the row lacks, never with room left beside it.
      if (width >= 390) expect(cut, 'the floor shown is cut short').toBeLessThanOrEqual(0.5);
      else expect(row.room, 'room is left beside a floor name cut short').toBeLessThanOrEqual(1);
      const statuses = await page.evaluate(() =>
        ['.map-state-menu', '.save-status', '.publication'].map((s) => {
          const r = document.querySelector(`.editor__actions ${s}`)!.getBoundingClientRect();
          return { s, middle: Math.round(r.top + r.height / 2) };
        }),
      );
      for (const { s, middle } of statuses)
        expect(Math.abs(middle - statuses[0]!.middle), `${s} is on another row`).toBeLessThanOrEqual(4);
      await context.close();
    }, 60_000);
  }

  // 320 px, the width WCAG's reflow asks for (a 1280 px window zoomed to 400%): the statuses and the buttons took two
  // rows each, six rows above the map in all.
  it('keeps the statuses to one row and the buttons to the next at 320 px, every control whole and inside', async () => {
    const context = await newContext(browser, { width: 320, height: 568 });
    const page = await context.newPage();
    await signInWithTokens(page, user);
    await page.goto(`/maps/${mapId}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    expect((await boxes(page)).overflow, 'the bar scrolls sideways').toBeLessThanOrEqual(0);
    const rows = await page.evaluate(() => {
      const box = (s: string) => document.querySelector(`.editor__actions ${s}`)!.getBoundingClientRect();
      const [state, saved, publication] = ['.map-state-menu', '.save-status', '.publication'].map(box);
      const buttons = Array.from(document.querySelectorAll('.editor__actions > :is(.btn, .menu)'), (b) => {
        const r = b.getBoundingClientRect();
        return { name: b.getAttribute('aria-label') ?? b.textContent, top: r.top, bottom: r.bottom, right: r.right };
      });
      return { state: state!, saved: saved!, publication: publication!, buttons };
    });
    // The save status and the publication one above the other, beside the plan's state; all three above the buttons.
    expect(rows.saved.left).toBeGreaterThanOrEqual(rows.state.right);
    expect(Math.abs(rows.publication.left - rows.saved.left)).toBeLessThanOrEqual(1);
    expect(rows.publication.top).toBeGreaterThanOrEqual(rows.saved.bottom - 1);
    expect(rows.buttons.map((b) => b.name)).toEqual(['Save', 'File ▾', 'Preview', 'Publish', 'Settings']);
    for (const b of rows.buttons) {
      expect(b.top, `${b.name} is on another row`).toBe(rows.buttons[0]!.top);
      expect(b.top, `${b.name} is beside a status`).toBeGreaterThanOrEqual(rows.publication.bottom);
      expect(b.right, `${b.name} is off the window`).toBeLessThanOrEqual(320 - 8);
    }
    for (const c of await controls(page)) expect(c.cut, `${c.name} is cut short`).toBe(false);
    await artifact(page, { path: path.join(ARTIFACTS, 'toolbar-320.png') });
    await context.close();
  }, 60_000);

  it('opens its File menu whole on a phone (390 px), though the menu lines up with the end of its button', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signInWithTokens(page, user);
    await page.goto(`/maps/${mapId}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    await page.locator('.editor__actions').getByRole('button', { name: 'File' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await artifact(page, { path: path.join(ARTIFACTS, 'editor-file-menu-390.png') });
    const box = (await menu.boundingBox())!;
    expect(box.x, 'the menu reaches past the left edge').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'the menu reaches past the right edge').toBeLessThanOrEqual(390);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      expect.stringMatching(/^Save/),
      'Import…',
      'Export…',
      expect.stringMatching(/^Print…/),
    ]);
    await context.close();
  }, 60_000);

  it("shows a failed save's words across a phone's width, not squeezed into half of it", async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signInWithTokens(page, user);
    // The server refuses every save (a fault of its own), so the editor says so under the bar.
    await page.route('**/api/fn/saveMap', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { status: 'INTERNAL', message: 'Internal error' } }),
      }),
    );
    await page.goto(`/maps/${mapId}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    // An edit to save: the shop's title.
    const item = page.locator('.editor__side').getByText('Shop', { exact: true });
    await item.scrollIntoViewIfNeeded();
    await item.click();
    const title = page.getByRole('form', { name: 'Location Shop' }).locator('input[name=title]');
    await title.fill('Florist');
    await title.blur();
    await page.locator('.editor__actions').getByRole('button', { name: 'File' }).click();
    await page.getByRole('menuitem', { name: /^Save/ }).click();
    const problem = page.locator('.editor__save-problem');
    await problem.waitFor();
    await artifact(page, { path: path.join(ARTIFACTS, 'editor-save-problem-390.png') });
    const box = (await problem.boundingBox())!;
    expect(box.x, 'the message reaches past the left edge').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'the message reaches past the right edge').toBeLessThanOrEqual(390);
    // Its words are long (what happened, that the work is kept, when it is tried again): given the width there is.
    expect(box.width, 'the message is squeezed').toBeGreaterThanOrEqual(390 - 24 - 2);
    await context.close();
  }, 60_000);
});
