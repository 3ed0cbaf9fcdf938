/**
 * Directions in the embed, in a real browser against the local stack: the demo map's deep link across
 * floors with its step list, keyboard-only use of the Directions panel, step-free routing taking the
 * lift, routes to and from places drawn as shapes of their floor's SVG (a Mapplic export's rooms), and no
 * Directions at all on a map that is not Professional.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { buckets, s3 } from '../helpers/accounts';
import { artifact, collectErrors, launchBrowser, newContext, readText, settled } from '../helpers/browser';
import { adminUser, baseUrl, call, createUser, createPublishedMap } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function open(path: string, locale?: string): Promise<{ page: Page; errors: string[] }> {
  const context = locale
    ? await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: baseUrl(), locale })
    : await newContext(browser, { width: 1280, height: 800 });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(path);
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(
    () => !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg'),
    null,
    { polling: 100 },
  );
  return { page, errors };
}

const floorPressed = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Floors' }).getByRole('button', { name }).getAttribute('aria-pressed');
const stepTexts = (page: Page) =>
  page
    .locator('.mn-dir-steps .mn-dir-step')
    .evaluateAll((bs) => bs.map((b) => b.children[1]!.textContent!.replace(/[\u2068\u2069]/g, '')));

describe('directions on the demo map', () => {
  it('shows a deep-linked route across floors, floor by floor, with a step list whose steps show their floor', async () => {
    const { page, errors } = await open('/m/demo?from=north-entrance&to=fitlab');
    const status = page.getByRole('status').filter({ hasText: 'Route from' });
    await expect
      .poll(() => readText(status))
      .toMatch(/^Route from North entrance to FitLab Gym: \d+ m, one floor change\.$/);
    // The author's names are set apart from the sentence in <bdi> elements, not by invisible marks screen readers read.
    expect(await status.textContent()).not.toMatch(/[\u2068\u2069]/);
    expect(await status.locator('bdi').allTextContents()).toEqual(['North entrance', 'FitLab Gym']);
    const steps = await stepTexts(page);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^Walk \d+ m to the (escalator|stairs|lift)$/);
    expect(steps[1]).toMatch(/^Take the (escalator|stairs|lift) to First floor$/);
    expect(steps[2]).toMatch(/^Walk \d+ m to FitLab Gym$/);
    // The route starts on the ground floor and is then drawn on the first floor.
    await expect.poll(() => floorPressed(page, 'First floor'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => page.locator('.mn-route-line').getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+L/);
    await expect.poll(() => page.locator('.mn-route-end circle').count(), { timeout: 10_000 }).toBe(2);
    // The destination's pulse stops by itself within 5 seconds (WCAG 2.2.2), leaving its halo: motion that never ends
    // would need a pause control, and would keep a phone or a kiosk drawing frames for as long as the route shows.
    const pulseEnds = await page
      .locator('.mn-route-pulse')
      .evaluate((c) => c.getAnimations().map((a) => a.effect?.getComputedTiming().endTime));
    expect(pulseEnds).toHaveLength(1);
    expect(pulseEnds[0]).toBeLessThanOrEqual(5_000);
    // One step is current: the walk drawn on the floor shown, not every step of that floor's part.
    const current = () =>
      page.locator('.mn-dir-step').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-current')));
    expect(await current()).toEqual([null, null, 'step']);
    // A screen reader hears each step once, floor and all, without the isolate marks: a walk's floor after a comma,
    // a change of floor with no floor repeated after it.
    const heard = await page.getByRole('list', { name: 'Steps' }).ariaSnapshot();
    expect(heard).not.toMatch(/[\u2068\u2069]/);
    expect(heard).toMatch(/button "Walk \d+ m to the (escalator|stairs|lift), Ground floor"/);
    expect(heard).toMatch(/button "Take the (escalator|stairs|lift) to First floor"/);
    expect(heard).toMatch(/button "Walk \d+ m to FitLab Gym, First floor"/);
    // Picking the first step shows the ground floor's part again; picking the change of floor marks it alone.
    await page.locator('.mn-dir-step').first().click();
    await expect.poll(() => floorPressed(page, 'Ground floor')).toBe('true');
    expect(await current()).toEqual(['step', null, null]);
    await page.locator('.mn-dir-step').nth(1).click();
    await expect.poll(() => floorPressed(page, 'First floor')).toBe('true');
    expect(await current()).toEqual([null, 'step', null]);
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
    // The summary says the route is step-free, as it was asked.
    await expect
      .poll(() => readText(status))
      .toMatch(
        /^Step-free route from North entrance to FitLab Gym: \d+ m, one floor change, avoiding stairs and escalators\.$/,
      );
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

  it('says the route in the visitor’s language, on a phone, with steps that add up to the total', async () => {
    const { page, errors } = await open('/m/demo?from=north-entrance&to=fitlab', 'fr-FR');
    // The route's summary is what screen readers announce (role=status), in French like the rest.
    const status = page.locator('.mn-dir-status[role=status]');
    await expect
      .poll(() => readText(status), { timeout: 15_000 })
      .toMatch(/^Itinéraire de North entrance à FitLab Gym : \d+ m, un changement d’étage\.$/);
    const steps = await stepTexts(page);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^Marchez \d+ m jusqu’à l’(escalier mécanique|escalier|ascenseur)$/);
    expect(steps[1]).toMatch(/^Prenez l’(escalier mécanique|escalier|ascenseur) jusqu’à First floor$/);
    expect(steps[2]).toMatch(/^Marchez \d+ m jusqu’à FitLab Gym$/);
    const metres = (text: string | null) => Number(/(\d+) m/.exec(text ?? '')![1]);
    expect(metres(steps[0]!) + metres(steps[2]!)).toBe(metres(await readText(status)));
    expect(errors).toEqual([]);
  });

  it('gives the Step-free box a finger’s target on a phone', async () => {
    const { page, errors } = await open('/m/demo', 'en-US');
    await page.locator('.mn-directions-toggle').click();
    const label = page.locator('.mn-dir-check');
    await expect.poll(() => label.isVisible()).toBe(true);
    expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const box = (await label.locator('input').boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(22);
    // The whole line is the target: its words tick it too.
    await label.getByText('Step-free route').click();
    expect(await label.locator('input').isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('sets a suggestion’s floor apart from its name, on screen and for screen readers (“Lifts, All floors”)', async () => {
    const { page, errors } = await open('/m/demo');
    await page.getByRole('button', { name: 'Directions', exact: true }).click();
    const from = page.getByRole('combobox', { name: 'From' });
    await from.fill('o');
    const list = page.getByRole('listbox', { name: 'From' });
    expect(await list.ariaSnapshot()).toMatch(/option "Bloom & Co\., Ground floor"/);
    // A long name has its floor on a line of its own; any other, its floor 16 px or more after it.
    const option = list.getByRole('option').nth(1);
    await option
      .locator('span')
      .first()
      .evaluate((el) => (el.textContent = 'Centre management and lost property office'));
    for (const o of [list.getByRole('option').first(), option]) {
      const [name, floor] = await o.locator('span').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
      expect(floor!.left >= name!.right + 16 || floor!.top >= name!.bottom, JSON.stringify({ name, floor })).toBe(true);
    }
    await artifact(page, { path: '.test-artifacts/wayfinding-suggestions.png' });
    expect(errors).toEqual([]);
  });

  it.each([
    ['ar', '،'],
    ['ja-JP', '、'],
    ['zh-CN', '，'],
    ['de-DE', ','],
  ])('says a walk’s floor after the list separator of the visitor’s language (%s: %s)', async (locale, comma) => {
    const { page, errors } = await open('/m/demo?from=north-entrance&to=fitlab', locale);
    const steps = page.locator('.mn-dir-steps');
    await steps.getByRole('button').first().waitFor();
    const heard = await steps.ariaSnapshot();
    expect(heard).toContain(`${comma} Ground floor"`);
    expect(heard).toContain(`${comma} First floor"`);
    expect(errors).toEqual([]);
  });

  it('fills To from a location’s Directions button', async () => {
    const { page, errors } = await open('/m/demo?location=sushi-go&fixedfrom=info-desk');
    await page.getByRole('dialog').getByRole('button', { name: 'Directions' }).click();
    await expect
      .poll(() => readText(page.getByRole('status').filter({ hasText: 'Route from' })))
      .toMatch(/^Route from Information to Sushi Go: /);
    // A kiosk's fixed start cannot be swapped.
    expect(await page.getByRole('button', { name: 'Swap start and destination' }).count()).toBe(0);
    expect(await page.getByText('You are here: Information').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('gives focus back to the location’s own Directions button when the panel closes, and closes it on Escape from anywhere', async () => {
    const { page, errors } = await open('/m/demo?location=sushi-go');
    const own = page.getByRole('dialog').getByRole('button', { name: 'Directions' });
    await own.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('combobox', { name: 'From' });
    await expect.poll(() => panel.evaluate((el) => el === document.activeElement)).toBe(true);
    // Escape in From closes its list, then empties it, then closes the panel: focus is back in the details.
    for (let i = 0; i < 3 && (await panel.isVisible()); i++) await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await page.getByRole('dialog').count()).toBe(1);
    await expect.poll(() => own.evaluate((el) => el === document.activeElement)).toBe(true);
    // Opened from its corner control, then Escape with focus on a floor button: closed, focus on the control.
    await page.locator('.mn-directions-toggle').click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('group', { name: 'Floors' }).getByRole('button', { name: 'First floor' }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await page.locator('.mn-directions-toggle').getAttribute('aria-expanded')).toBe('false');
    await expect
      .poll(() => page.locator('.mn-directions-toggle').evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(errors).toEqual([]);
  });
});

/** Puts a Mapplic fixture's floor plan in the public bucket; its address as a published map's layer file. */
async function uploadFloor(name: string): Promise<string> {
  const key = `wayfinding-test/${randomUUID()}/${name}`;
  const body = readFileSync(new URL(`../fixtures/mapplic/${name}`, import.meta.url));
  await s3().send(
    new PutObjectCommand({ Bucket: buckets().public, Key: key, Body: body, ContentType: 'image/svg+xml' }),
  );
  return `/data/${key}`;
}

/**
 * A floor's corridor along the map below the rooms, from the lift hall at its west end; `connector`: the short path
 * from the hall to Lift A's door on that floor instead (or to the door of Stairs B).
 */
const path = (layer: string, connector?: 'lift' | 'stairs'): MapDocument['routes'][number] => ({
  id: `${connector ?? 'hall'}-${layer}`,
  layer,
  points: [[0.05, 0.4], connector ? [0.05, 0.5] : [0.95, 0.4]],
  closed: false,
  weight: 1,
  inaccessible: false,
  connector: !!connector,
  ...(connector === 'lift' && { endpoint: 'lift-a', connectorKind: 'lift' as const, connectorName: 'Lift A' }),
  ...(connector === 'stairs' && { endpoint: 'stairs-b', connectorKind: 'stairs' as const, connectorName: 'Stairs B' }),
});

/**
 * The Mapplic campus's first two floors, published as a Professional map: 講義室 1-101 placed by a point, the other
 * rooms bound to their shapes in the floor plans (1-102 at 350–550 × 100–250 of 1F's 1000 × 800), a corridor on each
 * floor below the rooms, and Lift A between them (or only Stairs B, with the Step-free box shown).
 */
async function shapeCampus(connector: 'lift' | 'stairs' = 'lift'): Promise<string> {
  const doc = blankDocument({ file: await uploadFloor('1f.svg'), layerId: 'f1', layerName: '1F' });
  doc.layers.push({ id: 'f2', name: '2F', file: await uploadFloor('2f.svg') });
  doc.settings.wayfinding.enabled = true;
  doc.settings.wayfinding.accessibleToggle = connector === 'stairs';
  doc.locations = [
    { id: '_1-101', title: '講義室 1-101', layer: 'f1', coord: [0.2, 0.21875] },
    { id: '_1-102', title: '事務室 1-102', layer: 'f1' },
    { id: 'library', title: '図書館', layer: 'f1', type: 'pin' },
    { id: '_2-201', title: '研究室 2-201', layer: 'f2' },
  ];
  doc.routes = [path('f1'), path('f1', connector), path('f2', connector), path('f2')];
  const user = await createUser({ name: 'Shape campus' });
  const id = await call<string>('createMap', { title: 'Shape campus', mapData: doc }, user);
  await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
  await call('setMapState', { id, state: 3 }, user);
  await call('publishMap', { id, version: 1 }, user);
  return id;
}

/** Where the route's destination dot is, in the map image's pixels. */
const routeEnd = (page: Page) =>
  page
    .locator('.mn-route-end circle')
    .last()
    .evaluate((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);

describe('places drawn as shapes of their floor', () => {
  let id: string;
  beforeAll(async () => {
    id = await shapeCampus();
  }, 60_000);

  it('can be picked in Directions and are routed to at their shape’s centre', async () => {
    const { page, errors } = await open(`/m/${id}`);
    await page.getByRole('button', { name: 'Directions', exact: true }).click();
    const from = page.getByRole('combobox', { name: 'From' });
    await from.fill('1-101');
    await page.getByRole('option', { name: /講義室 1-101/ }).click();
    const to = page.getByRole('combobox', { name: 'To' });
    await to.fill('1-102');
    await page.getByRole('option', { name: /事務室 1-102/ }).click();
    expect(await to.inputValue()).toBe('事務室 1-102');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect
      .poll(() => readText(page.getByRole('status').filter({ hasText: 'Route from' })))
      .toMatch(/^Route from 講義室 1-101 to 事務室 1-102: /);
    await expect.poll(() => page.locator('.mn-route-end circle').count(), { timeout: 10_000 }).toBe(2);
    const [x, y] = await routeEnd(page);
    expect(x).toBeCloseTo(450, 0);
    expect(y).toBeCloseTo(175, 0);
    expect(errors).toEqual([]);
  });

  it('routes from a deep link to a room on a floor not shown yet, and offers Directions in its details', async () => {
    const { page, errors } = await open(`/m/${id}?from=_1-102&to=_2-201`);
    await expect
      .poll(() => readText(page.getByRole('status').filter({ hasText: 'Route from' })), { timeout: 20_000 })
      .toMatch(/^Route from 事務室 1-102 to 研究室 2-201: \d+ steps, one floor change\.$/);
    expect((await stepTexts(page))[1]).toBe('Take the lift to 2F');
    await expect.poll(() => floorPressed(page, '2F'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => page.locator('.mn-route-end circle').count(), { timeout: 10_000 }).toBe(2);
    const [x, y] = await routeEnd(page);
    expect(x).toBeCloseTo(200, 0);
    expect(y).toBeCloseTo(175, 0);

    // A room upstairs opened from the directory: its details offer Directions (once its floor places it), which
    // fill To.
    const viewer = await open(`/m/${id}`);
    await viewer.page.locator('.mn-entry', { hasText: '研究室 2-201' }).click();
    await viewer.page.locator('.mn-directions-to').click();
    await expect.poll(() => viewer.page.getByRole('combobox', { name: 'To' }).inputValue()).toBe('研究室 2-201');
    expect([...errors, ...viewer.errors]).toEqual([]);
  });
});

describe('a building with stairs only between its floors', () => {
  it('says there is no step-free route, and shows the route with stairs on request or when Step-free is unticked', async () => {
    const id = await shapeCampus('stairs');
    const { page, errors } = await open(`/m/${id}?from=_1-101&to=_2-201&stepfree=1`);
    const status = page.locator('.mn-dir-status');
    await expect.poll(() => readText(status)).toBe('No step-free route from 講義室 1-101 to 研究室 2-201.');
    const stairs = page.getByRole('button', { name: 'Show the route with stairs' });
    await stairs.click();
    await expect.poll(() => readText(status)).toMatch(/^Route from 講義室 1-101 to 研究室 2-201: /);
    expect((await stepTexts(page)).slice(0, 2)).toEqual([
      expect.stringMatching(/ to Stairs B$/),
      'Take the stairs to 2F',
    ]);
    const stepFree = page.getByRole('checkbox', { name: 'Step-free route' });
    expect(await stepFree.isChecked()).toBe(false);
    expect(await stairs.isHidden()).toBe(true);
    // Focus is not lost with the button: it is on the route's summary.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('mn-dir-status');

    // Ticking Step-free asks again (no route, the offer again); unticking it after that shows the route again.
    await stepFree.check();
    await expect.poll(() => readText(status)).toBe('No step-free route from 講義室 1-101 to 研究室 2-201.');
    expect(await stairs.isVisible()).toBe(true);
    await stepFree.uncheck();
    await expect.poll(() => readText(status)).toMatch(/^Route from 講義室 1-101 to 研究室 2-201: /);
    expect(errors).toEqual([]);
  });

  it('offers no route with stairs where there is no route at all', async () => {
    const doc = blankDocument({ file: await uploadFloor('1f.svg'), layerId: 'f1', layerName: 'Ground' });
    doc.settings.wayfinding.enabled = true;
    doc.settings.wayfinding.accessibleToggle = true;
    doc.locations = [
      { id: 'west', title: 'West wing', layer: 'f1', coord: [0.1, 0.5] },
      { id: 'east', title: 'East wing', layer: 'f1', coord: [0.9, 0.5] },
    ];
    // Two corridors that do not meet.
    doc.routes = [
      {
        ...path('f1'),
        id: 'w',
        points: [
          [0.1, 0.5],
          [0.3, 0.5],
        ],
      },
      {
        ...path('f1'),
        id: 'e',
        points: [
          [0.7, 0.5],
          [0.9, 0.5],
        ],
      },
    ];
    const user = await createUser({ name: 'Two wings' });
    const id = await call<string>('createMap', { title: 'Two wings', mapData: doc }, user);
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
    await call('setMapState', { id, state: 3 }, user);
    await call('publishMap', { id, version: 1 }, user);
    const { page } = await open(`/m/${id}?from=west&to=east&stepfree=1`);
    await expect
      .poll(() => readText(page.locator('.mn-dir-status')))
      .toBe('No step-free route from West wing to East wing.');
    expect(await page.getByRole('button', { name: 'Show the route with stairs' }).isHidden()).toBe(true);
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
      .poll(() => readText(status), { timeout: 20_000 })
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
      .poll(() => readText(status), { timeout: 20_000 })
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
