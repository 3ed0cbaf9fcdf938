/**
 * The maps list when the answer to a duplicate or a delete is lost (the server did it, the browser's request failed
 * after): the list is read again before anything is said, so a done action is never reported as failed, and the
 * author does not duplicate a second time a copy they cannot see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { MapSummary } from '@mapnest/shared/maps';
import { launchBrowser, signInWithTokens } from '../helpers/browser';
import { baseUrl, call, createUser, type TestUser } from '../helpers/stack';

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

/** Lets the server do the call, then fails it in the browser as a dropped connection would. */
async function loseAnswersOf(name: string): Promise<void> {
  await page.route(`**/api/fn/${name}`, async (route: Route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
}

async function openMapsList() {
  await page.goto(`${baseUrl()}/maps`);
  await page.getByRole('heading', { name: 'Maps', level: 1 }).waitFor({ timeout: 20_000 });
}

const titles = async () => (await call<MapSummary[]>('listMaps', null, user)).map((m) => m.title).sort();

beforeAll(async () => {
  user = await createUser({ name: 'Unlucky Author' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signInWithTokens(page, user);
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a lost answer on the maps list', () => {
  it('to a duplicate shows the copy the server made and says it was duplicated, not that it failed', async () => {
    await call('createMap', { title: 'Harbour' }, user);
    await openMapsList();
    await card('Harbour').waitFor();
    await loseAnswersOf('duplicateMap');
    try {
      await openMapMenu('Harbour', 'Duplicate');
      await page.getByRole('status').getByText('Duplicated “Harbour” as “[D] Harbour”.').waitFor();
      await card('[D] Harbour').waitFor();
      expect(await page.getByText('Could not duplicate').count()).toBe(0);
    } finally {
      await page.unroute('**/api/fn/duplicateMap');
    }
    expect(await titles()).toEqual(['Harbour', '[D] Harbour']);
  }, 120_000);

  it('to a delete closes the dialog, says it was deleted and takes the card away', async () => {
    await loseAnswersOf('deleteMap');
    try {
      await openMapMenu('[D] Harbour', 'Delete');
      const confirm = page.getByRole('dialog', { name: 'Delete this map?' });
      await confirm.getByRole('button', { name: 'Delete map' }).click();
      await page.getByRole('status').getByText('Deleted “[D] Harbour”.').waitFor();
      await confirm.waitFor({ state: 'detached' });
      expect(await card('[D] Harbour').count()).toBe(0);
    } finally {
      await page.unroute('**/api/fn/deleteMap');
    }
    expect(await titles()).toEqual(['Harbour']);
  }, 120_000);
});
