/**
 * The maps list when the answer to a duplicate, a delete, a create, a rename or a state change is lost (the server
 * did it, the browser's request failed after): the list is read again before anything is said, so a done action is
 * never reported as failed, and the author does not make a second copy or a second map they cannot see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { MapSummary } from '@mapnest/shared/maps';
import { launchBrowser, signInWithTokens } from '../helpers/browser';
import { adminUser, baseUrl, call, createUser, type TestUser } from '../helpers/stack';

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
  it('to a create opens the map the server made and makes no second one', async () => {
    await openMapsList();
    await page.getByRole('link', { name: 'New map' }).click();
    await page.getByRole('textbox', { name: /^Title/ }).fill('Lighthouse');
    await loseAnswersOf('createMap');
    try {
      await page.getByRole('button', { name: 'Create map' }).click();
      await page.waitForURL(/\/maps\/[A-Za-z0-9]{20}$/);
      expect(await page.getByText('Could not create the map').count()).toBe(0);
    } finally {
      await page.unroute('**/api/fn/createMap');
    }
    const made = (await call<MapSummary[]>('listMaps', null, user)).filter((m) => m.title === 'Lighthouse');
    expect(made.map((m) => `/maps/${m.id}`)).toEqual([new URL(page.url()).pathname]);
  }, 120_000);

  it('to a rename shows the new title and no failure', async () => {
    await openMapsList();
    await card('Harbour').waitFor();
    await loseAnswersOf('renameMap');
    try {
      await openMapMenu('Harbour', 'Rename');
      const field = page.getByRole('textbox', { name: 'Map title' });
      await field.fill('Harbour North');
      await field.press('Enter');
      await card('Harbour North').waitFor();
      await field.waitFor({ state: 'detached' });
      expect(await page.getByText('cannot be reached').count()).toBe(0);
    } finally {
      await page.unroute('**/api/fn/renameMap');
    }
    expect(await titles()).toEqual(['Harbour North', 'Lighthouse']);
  }, 120_000);

  it('to a state change shows the map in its new state and the slot it took', async () => {
    await call('setUserSlots', { uid: user.uid, basic: 1, pro: 0 }, await adminUser());
    await openMapsList();
    const slots = page.getByRole('region', { name: 'Map slots' });
    await slots.getByText('0 of 1 used').waitFor();
    await loseAnswersOf('setMapState');
    try {
      await card('Harbour North').getByRole('button', { name: 'Go live' }).click();
      await card('Harbour North').getByRole('button', { name: 'Back to test' }).waitFor();
      await slots.getByText('1 of 1 used').waitFor();
      expect(await card('Harbour North').getByText('Could not').count()).toBe(0);
    } finally {
      await page.unroute('**/api/fn/setMapState');
    }
    const listed = await call<MapSummary[]>('listMaps', null, user);
    expect(listed.find((m) => m.title === 'Harbour North')?.state).toBe(1);
  }, 120_000);
});
