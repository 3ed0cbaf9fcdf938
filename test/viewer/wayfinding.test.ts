/**
 * Directions in the embed, in a real browser against the local stack: the demo map's deep link across
 * floors with its step list, keyboard-only use of the Directions panel, step-free routing taking the
 * lift, and no Directions at all on a map that is not Professional.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, settled } from '../helpers/browser';
import { baseUrl, createUser, createPublishedMap } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, { width: 1280, height: 800 });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(path);
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
  );
  return { page, errors };
}

const floorPressed = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Floors' }).getByRole('button', { name }).getAttribute('aria-pressed');
const stepTexts = (page: Page) =>
  page.locator('.mn-dir-steps .mn-dir-step').evaluateAll((bs) => bs.map((b) => b.children[1]!.textContent));

describe('directions on the demo map', () => {
  it('shows a deep-linked route across floors, floor by floor, with a step list whose steps show their floor', async () => {
    const { page, errors } = await open('/m/demo?from=north-entrance&to=fitlab');
    const status = page.getByRole('status').filter({ hasText: 'Route from' });
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Route from North entrance to FitLab Gym: \d+ m, one floor change\.$/);
    const steps = await stepTexts(page);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^Walk \d+ m to the (escalator|stairs|lift)$/);
    expect(steps[1]).toMatch(/^Take the (escalator|stairs|lift) to First floor$/);
    expect(steps[2]).toMatch(/^Walk \d+ m to FitLab Gym$/);
    // The route starts on the ground floor and is then drawn on the first floor.
    await expect.poll(() => floorPressed(page, 'First floor'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => page.locator('.mn-route-line').getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+L/);
    await expect.poll(() => page.locator('.mn-route-end circle').count(), { timeout: 10_000 }).toBe(2);
    // Picking the first step shows the ground floor's part again.
    await page.locator('.mn-dir-step').first().click();
    await expect.poll(() => floorPressed(page, 'Ground floor')).toBe('true');
    expect(await page.locator('.mn-dir-step').first().getAttribute('aria-current')).toBe('step');
    expect(errors).toEqual([]);
  });

  it('can be used with the keyboard alone, and a step-free route takes the lift', async () => {
    const { page, errors } = await open('/m/demo');
    const toggle = page.getByRole('button', { name: 'Directions', exact: true });
    await toggle.focus();
    await page.keyboard.press('Enter');
    // The panel's code arrives on demand.
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const from = page.getByRole('combobox', { name: 'From' });
    await expect.poll(() => from.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('north ent');
    expect(await from.getAttribute('aria-expanded')).toBe('true');
    const active = await from.getAttribute('aria-activedescendant');
    expect(await page.locator(`#${active}`).textContent()).toContain('North entrance');
    await page.keyboard.press('Enter');
    expect(await from.inputValue()).toBe('North entrance');
    expect(await from.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Tab'); // Swap
    await page.keyboard.press('Tab');
    const to = page.getByRole('combobox', { name: 'To' });
    await expect.poll(() => to.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('fitlab');
    await page.keyboard.press('Enter');
    expect(await to.inputValue()).toBe('FitLab Gym');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // step-free
    expect(await page.getByRole('checkbox', { name: 'Step-free route' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // Go
    const status = page.getByRole('status').filter({ hasText: 'Route from' });
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Route from North entrance to FitLab Gym: \d+ m, one floor change\.$/);
    expect((await stepTexts(page))[1]).toBe('Take the lift to First floor');
    // Without step-free, the quicker stairs or escalator win over the lift.
    await page.getByRole('checkbox', { name: 'Step-free route' }).press('Space');
    await expect.poll(async () => (await stepTexts(page))[1]).toMatch(/^Take the (escalator|stairs) to First floor$/);
    // The route is in the address bar for sharing.
    expect(new URL(page.url()).searchParams.get('to')).toBe('fitlab');
    // Escape closes the panel and gives focus back to the Directions button.
    await page.getByRole('checkbox', { name: 'Step-free route' }).focus();
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('fills To from a location’s Directions button', async () => {
    const { page, errors } = await open('/m/demo?location=sushi-go&fixedfrom=info-desk');
    await page.getByRole('dialog').getByRole('button', { name: 'Directions' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Route from' }).textContent())
      .toMatch(/^Route from Information to Sushi Go: /);
    // A kiosk's fixed start cannot be swapped.
    expect(await page.getByRole('button', { name: 'Swap start and destination' }).count()).toBe(0);
    expect(await page.getByText('You are here: Information').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('the app’s map page', () => {
  it('shows directions on /maps/demo with a deep link', async () => {
    const context = await newContext(browser, { width: 1280, height: 900 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto('/maps/demo?from=toilets-ground&to=noodle-bar');
    const status = page.getByRole('status').filter({ hasText: 'Route from' });
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toMatch(/^Route from Toilets \(ground floor\) to Noodle Bar: \d+ m, one floor change\.$/);
    expect(errors).toEqual([]);
  });
});

describe('the /wayfinding page', () => {
  it('shows the demo map live with a route drawn', async () => {
    const context = await newContext(browser, { width: 1280, height: 900 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto('/wayfinding');
    const status = page.getByRole('status').filter({ hasText: 'Route from' });
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toMatch(/^Route from North entrance to FitLab Gym: \d+ m, one floor change\.$/);
    expect(await page.locator('.mn-dir-steps .mn-dir-step').count()).toBe(3);
    // The live example does not write the route into the marketing page's address.
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
  });
});

describe('a map that is not Professional', () => {
  it('shows no Directions, even with a network in its document and a deep link', async () => {
    const user = await createUser();
    const demo = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as PublishedMap).document!;
    expect(demo.routes.length).toBeGreaterThan(10);
    const doc: MapDocument = { ...demo, layers: demo.layers.map((l) => ({ ...l, file: `${baseUrl()}${l.file}` })) };
    const id = await createPublishedMap({ title: 'Not Pro', mapData: doc }, user);
    const { page, errors } = await open(`/m/${id}?from=north-entrance&to=fitlab`);
    await settled(page);
    expect(await page.getByRole('button', { name: 'Directions' }).count()).toBe(0);
    expect(await page.locator('.mn-directions, .mn-route').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
