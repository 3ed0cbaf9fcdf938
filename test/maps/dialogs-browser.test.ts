/**
 * Modal dialogs in Chromium against the local stack: focus stays inside a dialog whose focused button is disabled
 * while it works (Chromium moves focus to <body> then, out of reach of Escape), a double click on what opens a dialog
 * leaves it open, a dialog the address opens replaces the one open, and a map title that is one long word (a web
 * address) breaks inside the Delete dialog on a phone instead of running past its edge. The stack serves web/dist:
 * build first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { BILLING_MESSAGES } from '@mapnest/shared/billing';
import { MAP_TITLE_MAX } from '@mapnest/shared/constants';
import { launchBrowser, newContext, signInWithTokens, textOverflow } from '../helpers/browser';
import { call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: TestUser;
let mapId: string;
const TITLE = 'Dialog focus map';

const dialogs = () => page.locator('[role="dialog"][aria-modal="true"]');

async function openLicenseDialog() {
  await page.goto('/maps');
  const card = page.getByRole('article', { name: TITLE, exact: true });
  await card.getByRole('button', { name: `More actions for ${TITLE}` }).click();
  await page.getByRole('menuitem', { name: 'Register license' }).click();
  return page.getByRole('dialog', { name: 'Register license' });
}

beforeAll(async () => {
  user = await createUser({ name: 'Dialog Tester' });
  mapId = await call<string>('createMap', { title: TITLE }, user);
  browser = await launchBrowser();
  context = await newContext(browser, { width: 1280, height: 860 });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signInWithTokens(page, user);
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('modal dialogs in the browser', () => {
  it('keeps focus in the licence dialog after a refused code, on the field with its error, and Escape closes it', async () => {
    // The marketplace's refusal, answered only once the button has been disabled long enough for Chromium to move
    // focus off it (and without spending the stack's per-client licence allowance).
    let held: Route | undefined;
    await page.route('**/api/fn/registerLicense', (route) => void (held = route));
    const dialog = await openLicenseDialog();
    await dialog.getByRole('textbox', { name: 'Purchase code' }).fill('1a2b3c4d-1a2b-4c3d-8e4f-1a2b3c4d5e6f');
    await dialog.getByRole('button', { name: 'Register license' }).click();
    await dialog.getByRole('button', { name: 'Registering…' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName !== 'BUTTON', null, { polling: 100 });
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await expect.poll(() => held !== undefined).toBe(true);
    await held!.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: { status: 'ALREADY_EXISTS', message: BILLING_MESSAGES.licenseUsed } }),
    });

    const alert = dialog.getByRole('alert');
    expect(await alert.textContent()).toBe(BILLING_MESSAGES.licenseUsed);
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement;
      return { label: el.labels?.[0]?.textContent, describedBy: el.getAttribute('aria-describedby') ?? '' };
    });
    expect(focused.label).toBe('Purchase code');
    expect(focused.describedBy.split(' ')).toContain(await alert.getAttribute('id'));
    await page.keyboard.press('Escape');
    await dialogs().first().waitFor({ state: 'detached' });
    await page.unroute('**/api/fn/registerLicense');
  });

  it('opens Settings in place of the licence dialog when the address asks for it on the same page', async () => {
    await openLicenseDialog();
    await page.evaluate(() => (location.hash = '#settings/Plan'));
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await page.getByRole('dialog', { name: 'Register license' }).waitFor({ state: 'detached' });
    expect(await dialogs().count()).toBe(1);
    // Focus is in Settings, and goes back to the map's menu button when it closes.
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.textContent)).toContain(
      'Settings',
    );
    await page.keyboard.press('Escape');
    await dialogs().first().waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `More actions for ${TITLE}`,
    );
  });

  it('breaks a map title that is one long word inside the Delete dialog on a phone', async () => {
    const title = `https://www.example.com/${'averyverylongpathsegment'.repeat(5)}`.slice(0, MAP_TITLE_MAX);
    await call<string>('createMap', { title }, user);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/maps');
      await page.getByRole('button', { name: `More actions for ${title}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this map?' });
      const text = dialog.getByText(title, { exact: false });
      await text.waitFor();
      // Its paragraph keeps every line inside (a line that ran out was cut by the dialog's edge).
      expect(await textOverflow(text)).toBeLessThanOrEqual(0.5);
      expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialogs().first().waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  it('opens the editor’s Publish, Preview and Settings once on a double click', async () => {
    await page.goto(`/maps/${mapId}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    const bar = page.locator('.editor__bar');
    // Settings' code loads when it first opens: loaded now, the dialog appears under the second click as the others do.
    await bar.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await page.keyboard.press('Escape');
    await dialogs().first().waitFor({ state: 'detached' });
    for (const [button, dialog] of [
      [bar.getByRole('button', { name: 'Publish', exact: true }), 'Publish and embed'],
      [bar.getByRole('button', { name: 'Preview' }), 'Preview'],
      [bar.getByRole('link', { name: 'Settings' }), 'Settings'],
    ] as const) {
      await button.dblclick();
      await page.getByRole('dialog', { name: dialog }).waitFor();
      // Both clicks' events and what React did with them have run: the dialog is open, not closing.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.locator('.modal[data-state="open"]').count(), dialog).toBe(1);
      await page.keyboard.press('Escape');
      await dialogs().first().waitFor({ state: 'detached' });
    }
  });
});
