/**
 * Recognised SVG rooms in the editor, in a real browser against the local stack: outlined (as wide on screen at every
 * zoom) and named on the canvas, offered in the locations list (and by a click) until they become locations, selected
 * by a click once linked, added at (not selected) with the add tool, and undone like any edit; a drag across a room
 * not selected pans the map and moves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  collectErrors,
  launchBrowser,
  newContext,
  openFileMenuItem,
  settledBox,
  signInWithTokens,
  artifact,
} from '../helpers/browser';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { MapWithDocument, PublishedMap } from '@mapnest/shared/maps';
import { baseUrl, call, createUser, type TestUser } from '../helpers/stack';

const FLOOR_PLAN = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <rect id="background" width="800" height="600" fill="#f8fafc"/>
  <rect id="shop-a" x="40" y="40" width="220" height="180" fill="#e2e8f0" stroke="#94a3b8"/>
  <rect id="shop-b" x="300" y="40" width="220" height="180" fill="#e2e8f0" stroke="#94a3b8"/>
  <rect id="cafe" x="560" y="40" width="200" height="180" fill="#e2e8f0" stroke="#94a3b8"/>
  <rect x="40" y="300" width="720" height="60" fill="#fff" stroke="#cbd5e1"/>
</svg>`;

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Rooms Tester' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const room = (page: Page, id: string) => page.locator(`.editor__canvas [id="${id}"]`);
const roomClass = async (page: Page, id: string) => (await room(page, id).getAttribute('class')) ?? '';
const labels = (page: Page) => page.locator('.editor__canvas .mn-edit-room-label').allTextContents();
/**
 * A room's outline width on screen: its stroke's width times the floor's scale (the floor is scaled by a CSS transform,
 * which scales a stroke, non-scaling or not, as test/viewer/route-panel-insets.test.ts measures in pixels).
 */
const outlineOnScreen = (page: Page, id: string) =>
  room(page, id).evaluate((el) => {
    const pane = el.closest<HTMLElement>('.mn-pane')!;
    return parseFloat(getComputedStyle(el).strokeWidth) * new DOMMatrix(getComputedStyle(pane).transform).a;
  });
const count = (page: Page) => page.locator('#editor-tab-locations .editor__count').textContent();

async function clickRoom(page: Page, id: string, dx = 0.5, dy = 0.5): Promise<void> {
  const b = (await room(page, id).boundingBox())!;
  await page.mouse.click(b.x + b.width * dx, b.y + b.height * dy);
}

/** An office floor as drawn per floor: the lift, stairs and corridor keep their ids on every floor, rooms are labelled. */
const officeFloor = (
  n: number,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="#f4f4f0"/>
  <rect id="corridor" x="40" y="360" width="1120" height="80" fill="#e8e8e8" stroke="#999"/>
  <g id="rooms">
    <rect id="m${n}01" x="40" y="40" width="260" height="320" fill="#ede9fe" stroke="#555"/>
    <text x="170" y="200" font-size="18" text-anchor="middle">Meeting ${n}.01</text>
    <rect id="wc-${n}" x="40" y="440" width="200" height="160" fill="#e0f2fe" stroke="#555"/>
    <text x="140" y="520" font-size="18" text-anchor="middle">Toilets</text>
  </g>
  <rect id="lift" x="560" y="240" width="80" height="120" fill="#cfe3ff" stroke="#1d4ed8"/>
  <text x="600" y="305" font-size="16" text-anchor="middle">Lift</text>
  <rect id="stairs" x="1040" y="440" width="120" height="120" fill="#ffe0c2" stroke="#b45309"/>
  <text x="1100" y="505" font-size="16" text-anchor="middle">Stairs</text>
  <g id="labels"><text x="600" y="780" font-size="16">Floor ${n}</text></g>
</svg>`;

/** A new map of the test user's, open in the editor. */
async function newMapInEditor(title: string) {
  const mapId = await call<string>('createMap', { title }, user);
  const context = await newContext(browser, { width: 1366, height: 768 });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await signInWithTokens(page, user);
  await page.goto(`/maps/${mapId}`);
  await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
  return { mapId, context, page, errors };
}

/** A new map of the test user's, open in the editor with FLOOR_PLAN as its floor's drawing. */
async function editorWithFloorPlan(title: string) {
  const opened = await newMapInEditor(title);
  const { page } = opened;
  await page.getByRole('tab', { name: /Layers/ }).click();
  await page.setInputFiles('[data-testid=layer-file-input]', {
    name: 'Rooms.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(FLOOR_PLAN),
  });
  await page.waitForSelector('.editor__canvas .mn-layer-svg', { timeout: 20_000 });
  return opened;
}

describe('recognised SVG rooms in the editor', () => {
  it('are outlined, named and listed; a click links, selects or adds; undo takes it back', async () => {
    const { context, page, errors } = await editorWithFloorPlan('Rooms test');
    await page.getByRole('tab', { name: /Locations/ }).click();

    // Three rooms (the background is too big to be one), outlined as free and named on the canvas.
    await expect
      .poll(() => page.getByText('3 rooms on this floor have no location').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await roomClass(page, 'shop-b')).toContain('mn-edit-room-free');
    expect(await roomClass(page, 'background')).not.toContain('mn-edit-room');
    // Outlined 1.5 px wide on screen, as the floor is fitted (scaled down).
    expect(await outlineOnScreen(page, 'shop-b')).toBeCloseTo(1.5, 1);
    await expect.poll(() => labels(page)).toEqual(expect.arrayContaining(['Shop a', 'Shop b', 'Cafe']));

    // A click on a free room offers it; accepting links it as a location, listed and outlined as linked.
    await clickRoom(page, 'shop-b');
    await page.getByText('The room “Shop b” (shop-b) has no location.').waitFor();
    await page.getByRole('button', { name: 'Add as location' }).click();
    await expect.poll(() => page.locator('.vlist__row[data-id="shop-b"]').count()).toBe(1);
    await expect.poll(() => roomClass(page, 'shop-b')).toMatch(/\bmn-edit-room\b/);
    expect(await roomClass(page, 'shop-b')).not.toContain('mn-edit-room-free');
    await expect.poll(() => page.getByText('2 rooms on this floor have no location').count()).toBe(1);
    expect(await outlineOnScreen(page, 'shop-b')).toBeCloseTo(2, 1);

    // A linked room selects its location when clicked, ringed around the room.
    await page.mouse.click(5, 400);
    await clickRoom(page, 'background', 0.5, 0.9);
    await expect.poll(() => page.locator('.vlist__row.is-selected').count()).toBe(0);
    await clickRoom(page, 'shop-b');
    await expect.poll(() => page.locator('.vlist__row.is-selected').getAttribute('data-id')).toBe('shop-b');
    await expect.poll(() => page.locator('.mn-edit-ring.mn-edit-ring-room').count()).toBe(1);

    // With the add tool a room is a place to add at: a linked room gets a new marker instead of being selected.
    await page.getByRole('button', { name: '+ Add location' }).click();
    await clickRoom(page, 'shop-b', 0.3, 0.3);
    await expect.poll(() => count(page)).toBe('2');
    const added = await page.locator('.vlist__row.is-selected').getAttribute('data-id');
    expect(added).not.toBe('shop-b');
    await clickRoom(page, 'cafe');
    await expect.poll(() => count(page)).toBe('3');
    expect(await roomClass(page, 'cafe')).toContain('mn-edit-room-free');
    await artifact(page, { path: '.test-artifacts/editor-rooms-1366x768.png' });

    // Undo takes back the two markers, then the link: shop B is offered again; redo links it again.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.locator('.editor__canvas .mn-viewport').focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => count(page)).toBe('2');
    await page.keyboard.press('Control+z');
    await expect.poll(() => count(page)).toBe('1');
    await page.keyboard.press('Control+z');
    await expect.poll(() => count(page)).toBe('0');
    await expect.poll(() => roomClass(page, 'shop-b')).toContain('mn-edit-room-free');
    await expect.poll(() => page.getByText('3 rooms on this floor have no location').count()).toBe(1);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => roomClass(page, 'shop-b')).not.toContain('mn-edit-room-free');

    // A drag across a linked room that is not selected pans the map (a plan is mostly rooms): the room's anchor point,
    // which is not drawn, stays where it was, and nothing is selected.
    await page.getByRole('tab', { name: /Locations/ }).click();
    const anchor = async () => {
      await page.locator('.vlist__row[data-id="shop-b"]').click();
      const xy = [await page.getByLabel('X (0-1)').inputValue(), await page.getByLabel('Y (0-1)').inputValue()];
      // A camera move (the fit just asked for, or one to the selected location) ends before the background's click.
      await settledBox(page.locator('.editor__canvas .mn-pane'));
      await clickRoom(page, 'background', 0.5, 0.9);
      await expect.poll(() => page.locator('.vlist__row.is-selected').count()).toBe(0);
      return xy;
    };
    const before = await anchor();
    const paneX = () =>
      page.locator('.editor__canvas .mn-pane').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).e);
    // Zoomed in, so that the map can pan (fitted whole, it cannot).
    const zoom = page.getByRole('group', { name: 'Zoom' });
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('group', { name: 'Pan' }).waitFor();
    let x0 = NaN;
    await expect.poll(async () => x0 === (x0 = await paneX())).toBe(true);
    // Zoomed in, the outline is the same width on screen.
    await expect.poll(() => outlineOnScreen(page, 'shop-b')).toBeCloseTo(2, 1);
    const b = (await room(page, 'shop-b').boundingBox())!;
    // Pressed off its marker (drawn in its middle), which a drag does move.
    await page.mouse.move(b.x + b.width * 0.25, b.y + b.height * 0.8);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width * 0.25 + 60, b.y + b.height * 0.8, { steps: 6 });
    await page.mouse.up();
    await expect.poll(paneX).toBeGreaterThan(x0 + 50);
    expect(await page.locator('.vlist__row.is-selected').count()).toBe(0);
    await zoom.getByRole('button', { name: 'Fit the map' }).click();
    expect(await anchor()).toEqual(before);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the rooms a CSV’s new rows stand for by their shapes, as rooms added by hand, not under pins', async () => {
    const { mapId, context, page, errors } = await editorWithFloorPlan('Rooms from a file');
    await openFileMenuItem(page, 'Import…');
    await page.setInputFiles('[data-testid=import-file]', {
      name: 'rooms.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('id,title,x,y\nshop-a,Shoe shop,,\ncafe,Café,,\nkiosk,Kiosk,0.5,0.55\n'),
    });
    await page.getByRole('button', { name: 'Import 3 locations' }).click();
    await expect.poll(() => roomClass(page, 'cafe')).not.toContain('mn-edit-room-free');
    await page.keyboard.press('Control+s');
    await expect
      .poll(async () => {
        const data = await call<MapWithDocument>('getMap', { id: mapId }, user);
        const doc = (await (await fetch(data.documentUrl)).json()) as MapDocument;
        return doc.locations.map((l) => [l.id, l.type]);
      })
      .toEqual([
        ['shop-a', 'hidden'],
        ['cafe', 'hidden'],
        ['kiosk', undefined],
      ]);
    expect(errors).toEqual([]);
    await context.close();
    // A free account holds two test maps: the next test makes its own.
    await call('deleteMap', { id: mapId }, user);
  });

  it('names rooms as Illustrator and Inkscape name them, and binds a tenant list’s units to them by those names', async () => {
    // Illustrator writes a layer "105" as id="_x31_05" data-name="105" (before 2017, the id alone); Inkscape an
    // object's name as its label.
    const { mapId, context, page, errors } = await newMapInEditor('Illustrator plan');
    await page.getByRole('tab', { name: /Layers/ }).click();
    await page.setInputFiles('[data-testid=layer-file-input]', {
      name: 'Level 1.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
        <g id="_x31_05" data-name="105"><rect x="40" y="40" width="220" height="180" fill="#e2e8f0"/></g>
        <rect id="_x31_06" data-name="106" x="300" y="40" width="220" height="180" fill="#e2e8f0"/>
        <rect id="_x31_07" x="560" y="40" width="200" height="180" fill="#e2e8f0"/>
        <rect id="rect1234" inkscape:label="108" x="40" y="300" width="200" height="180" fill="#e2e8f0"/>
      </svg>`),
    });
    await page.waitForSelector('.editor__canvas .mn-layer-svg', { timeout: 20_000 });
    await page.getByRole('tab', { name: /Locations/ }).click();
    await page.getByText('4 rooms on this floor have no location').click({ timeout: 20_000 });
    const free = page.getByRole('list', { name: 'Rooms without a location' });
    // Inkscape keeps an object's name in its label.
    expect(await free.locator('.vlist__title').allTextContents()).toEqual(['105', '106', '107', '108']);

    await openFileMenuItem(page, 'Import…');
    await page.setInputFiles('[data-testid=import-file]', {
      name: 'tenants.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Shop,Unit\nBakery,105\nFlorist,107\n'),
    });
    await expect.poll(() => page.getByRole('combobox', { name: 'Column “Unit” goes to' }).inputValue()).toBe('id');
    await page.getByRole('button', { name: 'Import 2 locations' }).click();
    await expect.poll(() => roomClass(page, '_x31_07')).not.toContain('mn-edit-room-free');
    expect(await roomClass(page, '_x31_06')).toContain('mn-edit-room-free');
    await page.keyboard.press('Control+s');
    await expect
      .poll(async () => {
        const data = await call<MapWithDocument>('getMap', { id: mapId }, user);
        const doc = (await (await fetch(data.documentUrl)).json()) as MapDocument;
        return doc.locations.map((l) => [l.id, l.title, l.shape, l.type]);
      })
      .toEqual([
        ['105', 'Bakery', '_x31_05', 'hidden'],
        ['107', 'Florist', '_x31_07', 'hidden'],
      ]);
    expect(errors).toEqual([]);
    await context.close();
    await call('deleteMap', { id: mapId }, user);
  });

  it('on floors whose drawings reuse ids, names rooms from their labels and adds each floor’s lift as its own location', async () => {
    const { context, page, errors } = await newMapInEditor('Office floors');
    const upload = async (n: number) => {
      await page.getByRole('tab', { name: /Layers/ }).click();
      await page.setInputFiles('[data-testid=layer-file-input]', {
        name: `floor${n}.svg`,
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(officeFloor(n)),
      });
      await page.getByRole('tab', { name: /Locations/ }).click();
    };
    await upload(1);
    // The labels group is no room; the rooms are named after their labels.
    await page.getByText('5 rooms on this floor have no location').click({ timeout: 20_000 });
    const free = page.getByRole('list', { name: 'Rooms without a location' });
    expect(await free.locator('.vlist__title').allTextContents()).toEqual([
      'Corridor',
      'Meeting 1.01',
      'Toilets',
      'Lift',
      'Stairs',
    ]);
    await page.getByRole('button', { name: 'Add all 5 as locations' }).click();
    await expect.poll(() => count(page)).toBe('5');

    // Floor 2 reuses `corridor`, `lift` and `stairs`: its rooms are offered all the same, those three under ids of
    // their own that name their shapes.
    await upload(2);
    await page.getByText('5 rooms on this floor have no location').click({ timeout: 20_000 });
    expect(await page.getByRole('group', { name: 'Rooms that cannot be added' }).count()).toBe(0);
    expect(await free.locator('li').allTextContents()).toEqual([
      'Corridorcorridor · as corridor-2Add',
      'Meeting 2.01m201Add',
      'Toiletswc-2Add',
      'Liftlift · as lift-2Add',
      'Stairsstairs · as stairs-2Add',
    ]);
    // Floor 1's locations are not drawn on floor 2's shapes with their ids: floor 2's lift is free.
    const lift2 = page.locator('.editor__canvas .mn-layer:not([hidden]) [id="lift"]');
    expect((await lift2.getAttribute('class')) ?? '').toContain('mn-edit-room-free');
    await artifact(page, { path: '.test-artifacts/editor-rooms-ids-elsewhere.png' });
    await page.getByRole('button', { name: 'Add all 5 as locations' }).click();
    await page
      .getByText(
        'Added 5 rooms as locations. 3 of them have ids of their own, as locations on other floors have their ' +
          'shapes’ ids: corridor-2 for corridor, lift-2 for lift and stairs-2 for stairs.',
      )
      .waitFor();
    expect(await count(page)).toBe('10');
    // Floor 2's lift is linked now, to floor 2's own location: a click selects lift-2, bound to the shape `lift`.
    await expect.poll(async () => (await lift2.getAttribute('class')) ?? '').toMatch(/\bmn-edit-room\b/);
    expect((await lift2.getAttribute('class')) ?? '').not.toContain('mn-edit-room-free');
    expect(await page.getByText('rooms on this floor have no location').count()).toBe(0);
    const b = (await lift2.boundingBox())!;
    await page.mouse.click(b.x + b.width / 2, b.y + b.height / 4);
    await expect.poll(() => page.locator('.vlist__row.is-selected').getAttribute('data-id')).toBe('lift-2');
    expect(await page.getByRole('form').getByLabel('Shape').inputValue()).toBe('lift');
    await artifact(page, { path: '.test-artifacts/editor-rooms-shape-field.png' });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it.each([
    ['a desktop', 1366, 768],
    ['a phone', 390, 844],
  ])(
    'on the demo shopping centre on %s: its shops are linked rooms, outlined and selected by a click',
    async (_, width, height) => {
      const demo = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as PublishedMap)
        .document as MapDocument;
      // A free account holds two test maps: each case has its own.
      const owner = await createUser({ name: 'Demo Rooms Tester' });
      const mapId = await call<string>('createMap', { title: 'Rooms of the demo', mapData: demo }, owner);
      const context = await newContext(browser, { width, height });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInWithTokens(page, owner);
      await page.goto(`/maps/${mapId}`);
      await page.waitForSelector('.editor__canvas .mn-layer-svg', { timeout: 30_000 });
      await expect.poll(() => roomClass(page, 'voltage'), { timeout: 10_000 }).toMatch(/\bmn-edit-room\b/);
      // The drawing names its shops itself, so the canvas adds no names of its own.
      expect(await labels(page)).toEqual([]);
      if (width > 820) {
        await clickRoom(page, 'voltage');
        await expect.poll(() => page.locator('.vlist__row.is-selected').getAttribute('data-id')).toBe('voltage');
        await expect.poll(() => page.locator('.mn-edit-ring.mn-edit-ring-room').count()).toBe(1);
      }
      await artifact(page, { path: `.test-artifacts/editor-demo-rooms-${width}x${height}.png` });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
