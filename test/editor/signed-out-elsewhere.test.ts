/**
 * A Log out in another tab of the same browser, while the editor has work the server does not have yet: the editor
 * stays with that work, says it is signed out, and saves it once the author logs in again in that other tab. Before,
 * the editor gave way to the public map ("Map not found" for a map never published) and never came back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument } from '@mapnest/shared/maps';
import { artifact, launchBrowser, newContext, settledBox, signInThroughUi } from '../helpers/browser';
import { call, createUser } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const statusOf = (tab: Page) => tab.locator('.save-status').getAttribute('data-status');

describe('a Log out in another tab', () => {
  it('leaves the editor and its unsaved work in place, and the work is saved once logged in again', async () => {
    const author = await createUser({ name: 'Two Tabs Author' });
    const id = await call<string>('createMap', { title: 'Never published' }, author);
    const context = await newContext(browser);
    const editor = await context.newPage();
    await signInThroughUi(editor, author);
    await editor.goto(`/maps/${id}`);
    await editor.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    const other = await context.newPage();
    await other.goto('/maps');
    await other.getByRole('heading', { name: /maps/i }).first().waitFor();

    // Logged out over there.
    await other.locator('.site-header').getByRole('link', { name: 'Settings' }).click();
    const settings = other.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'Profile' }).click();
    await settings.getByRole('button', { name: 'Log out' }).click();

    // Here: the editor, saying so.
    const banner = editor.getByRole('alert').filter({ hasText: 'You are signed out.' });
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.getByRole('link', { name: 'Log in (opens a new tab)' }).getAttribute('target')).toBe('_blank');
    expect(await editor.locator('.editor').count()).toBe(1);
    expect(await editor.getByRole('heading', { name: 'Map not found' }).count()).toBe(0);

    // Work done meanwhile is kept and not saved.
    await editor.keyboard.press('a');
    const box = await settledBox(editor.locator('.editor__canvas .mn-viewport'));
    await editor.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.5);
    await editor.keyboard.press('Escape');
    await editor.keyboard.press('Control+s');
    await expect.poll(() => statusOf(editor), { timeout: 15_000 }).toBe('error');
    await artifact(editor, { path: '.test-artifacts/editor/signed-out-elsewhere.png' });

    // Logged in again over there: this editor follows, and saves.
    await signInThroughUi(other, author);
    await expect.poll(() => statusOf(editor), { timeout: 20_000 }).toBe('saved');
    expect(await banner.count()).toBe(0);
    const data = await call<MapWithDocument>('getMap', { id }, author);
    const doc = (await (await fetch(data.documentUrl)).json()) as MapDocument;
    expect(doc.locations).toHaveLength(1);
    await context.close();
  }, 180_000);
});
