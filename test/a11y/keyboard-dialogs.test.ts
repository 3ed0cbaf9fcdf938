/**
 * The signed-in dialogs with the keyboard alone, in Chromium: Settings from the header, Publish from the editor and a
 * kept version's preview from History each take focus when they open, keep it through a whole round of Tab and of
 * Shift+Tab (every stop inside, each with a visible focus ring) and give it back to the control that opened them on
 * Escape. The preview holds a whole viewer, whose list of locations in view Chromium's own Tab left the dialog from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, settled, signInWithTokens } from '../helpers/browser';
import { documentWith } from '../helpers/documents';
import { call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: TestUser;
let mapId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  user = await createUser({ name: 'Keyboard Walker' });
  mapId = await call<string>('createMap', { title: 'Walked map', mapData: documentWith(3) }, user);
  await call('saveMap', { id: mapId, baseVersion: 1, mapData: documentWith(4) }, user);
  await signInWithTokens(page, user);
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

interface Focus {
  /** A name for the focused element, to tell stops apart. */
  name: string;
  inDialog: boolean;
  /** A solid outline or an opaque ring drawn on it (or, for a text field, on the box around it), not a pale glow. */
  ring: boolean;
}

const focus = (page: Page): Promise<Focus> =>
  page.evaluate(async () => {
    // Read once the ring's transition has ended.
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        // One cancelled meanwhile (a closing dialog's) rejects: it is at rest too.
        .map((a) => a.finished.catch(() => undefined)),
    );
    const el = document.activeElement as HTMLElement | null;
    const dialog = [...document.querySelectorAll('[role=dialog]')].at(-1);
    const ringed = (style: CSSStyleDeclaration) =>
      // A solid outline, or a shadow drawn in an opaque colour (Chromium writes rgba() only for a translucent one).
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ||
      /(^|, )rgb\([^)]*\) 0px 0px 0px [1-9]/.test(style.boxShadow);
    // The map draws its ring on its ::after, over the plan and the markers it holds.
    const drawn = (node: Element | null) =>
      !!node && (ringed(getComputedStyle(node)) || ringed(getComputedStyle(node, '::after')));
    // Each element met is numbered once, so two stops with the same words are told apart.
    const w = window as unknown as { walked?: number };
    if (el && !el.dataset.walked) el.dataset.walked = String((w.walked = (w.walked ?? 0) + 1));
    return {
      name: `${el?.tagName} ${el?.getAttribute('aria-label') ?? el?.textContent?.slice(0, 30) ?? ''} #${el?.dataset.walked}`,
      inDialog: Boolean(el && dialog?.contains(el)),
      ring: drawn(el) || (el instanceof HTMLInputElement && drawn(el.parentElement)),
    };
  });

/** The dialog's Tab stops: what a round of Tab should pass through. */
const stops = (dialog: Locator) =>
  dialog.evaluate(
    (d) =>
      [
        ...d.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
        ),
      ].filter(
        (el) =>
          el.tabIndex >= 0 &&
          el.checkVisibility({ visibilityProperty: true }) &&
          !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked),
      ).length,
  );

/** Opens a dialog with Enter on its opener, goes round it both ways, closes it with Escape: what each step found. */
async function walk(
  opener: Locator,
  name: string | RegExp,
  ready: (dialog: Locator) => Promise<void>,
  inside?: (dialog: Locator) => Promise<void>,
) {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await ready(dialog);
  await settled(page);
  const opened = await focus(page);
  expect(opened.inDialog, `focus in the dialog on opening (${opened.name})`).toBe(true);
  await inside?.(dialog);
  const count = await stops(dialog);
  expect(count).toBeGreaterThan(1);
  // One stop, then a whole round each way: back where it started, never outside, always ringed.
  await page.keyboard.press('Tab');
  const start = await focus(page);
  for (const key of ['Tab', 'Shift+Tab']) {
    const seen: Focus[] = [];
    for (let i = 0; i < count; i++) {
      await page.keyboard.press(key);
      seen.push(await focus(page));
    }
    expect(
      seen.filter((f) => !f.inDialog || !f.ring).map((f) => f.name),
      `${key}: outside or unringed`,
    ).toEqual([]);
    expect(new Set(seen.map((f) => f.name)).size, `${key}: every stop once`).toBe(count);
    expect(seen.at(-1)!.name, `${key}: a round`).toBe(start.name);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('the keyboard alone', () => {
  it('opens Settings from the header, moves through its tabs, and comes back to the header on close', async () => {
    await page.goto('/maps');
    await page.getByRole('heading', { name: 'Maps', level: 1 }).waitFor();
    const opener = page.getByRole('link', { name: /^Settings/ });
    const ready = (dialog: Locator) => dialog.getByRole('button', { name: 'Log out' }).waitFor();
    await walk(opener, 'Settings', ready, async (dialog) => {
      // The tabs: the arrow keys open the next, which keeps focus and its ring.
      await dialog.getByRole('tab', { name: 'Profile' }).focus();
      for (const tab of ['Security', 'Plan']) {
        await page.keyboard.press('ArrowDown');
        await dialog.getByRole('tab', { name: tab, selected: true }).waitFor();
        expect(await focus(page)).toMatchObject({ name: expect.stringContaining(tab), ring: true });
      }
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await dialog.getByRole('tab', { name: 'Profile', selected: true }).waitFor();
    });
  }, 90_000);

  it('opens Publish from the editor and comes back to its button on close', async () => {
    await page.goto(`/maps/${mapId}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    const opener = page.getByRole('button', { name: 'Publish', exact: true });
    await walk(opener, 'Publish and embed', (dialog) => dialog.locator('.publish-checks').waitFor());
  }, 90_000);

  it('previews a kept version from History, round the whole viewer, and comes back to Preview on close', async () => {
    await page.getByRole('tab', { name: /History/ }).focus();
    await page.keyboard.press('Enter');
    const opener = page.getByRole('listitem', { name: /^Version 1/ }).getByRole('button', { name: 'Preview' });
    await walk(opener, 'Preview of version 1', async (dialog) => {
      await dialog.locator('.mn-in-view button[tabindex="0"]').waitFor({ state: 'attached' });
    });
  }, 90_000);
});
