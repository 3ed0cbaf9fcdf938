/**
 * Signing out and deleting the account go to / (never to /login?next=…), from the maps list
 * and from the editor, and a deleted account is confirmed with a message on the landing page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, settled, signInThroughUi } from '../helpers/browser';
import { call, createUser, signIn } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

async function openSettings(page: Page, tab: 'Profile' | 'Security') {
  // The editor is a full-window workspace: its own bar has the Settings link the site header has elsewhere.
  const bar = page.locator('.editor__bar');
  await ((await bar.count()) > 0 ? bar : page.locator('.site-header')).getByRole('link', { name: 'Settings' }).click();
  await settings(page).waitFor();
  await settings(page).getByRole('tab', { name: tab }).click();
}

/** The path once the page has settled after leaving: any later redirect has happened by then. */
async function settledPath(page: Page): Promise<string> {
  await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
  await settled(page);
  const u = new URL(page.url());
  return u.pathname + u.search;
}

describe('leaving the account', () => {
  for (const from of ['maps list', 'editor'] as const) {
    it(`Log out from the ${from} lands on /`, async () => {
      const user = await createUser();
      const mapId = await call<string>('createMap', { title: 'Leaving' }, user);
      const context = await newContext(browser);
      const page = await context.newPage();
      await signInThroughUi(page, user);
      await page.goto(from === 'editor' ? `/maps/${mapId}` : '/maps');
      if (from === 'editor') await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
      else await page.getByRole('heading', { name: /maps/i }).first().waitFor();
      await openSettings(page, 'Profile');
      await settings(page).getByRole('button', { name: 'Log out' }).click();
      expect(await settledPath(page)).toBe('/');
      await page.locator('.site-header').getByRole('link', { name: 'Login' }).waitFor();
      await context.close();
    }, 120_000);
  }

  it('deleting the account lands on / with a message saying so', async () => {
    const user = await createUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughUi(page, user);
    await page.goto('/maps');
    await openSettings(page, 'Security');
    await settings(page).getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete account' });
    await confirm.getByLabel('Your email address').fill(user.email);
    await confirm.getByRole('button', { name: 'Delete account' }).click();
    expect(await settledPath(page)).toBe('/');
    await page.getByRole('status').filter({ hasText: 'Your account was deleted' }).waitFor({ timeout: 5000 });
    await expect(signIn(user.email, user.password)).rejects.toThrow();
    await context.close();
  }, 120_000);
});
