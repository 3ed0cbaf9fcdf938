/**
 * Moving from Mapplic, in a real browser against the local stack: a multi-floor Mapplic v8 export (Japanese
 * titles, HTML descriptions, region styles) picked together with its SVG floor files on /maps/new. The floors
 * are matched to their files by name (the export names them by the old site's paths, with query strings), a
 * missing one is asked for before anything is created, the map takes the plans' size, and the published map
 * has its floors, regions bound to their locations, a working deep link and a Japanese search. The editor's
 * File › Import… takes the same export into an existing map the same way: the plans asked for first, uploaded
 * only on Replace (a failed upload changes nothing), and the whole import one undo step.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { MapSummary, MapWithDocument, PublishedMap } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, newContext, openFileMenuItem, signInWithTokens } from '../helpers/browser';
import { baseUrl, call, createUser, type TestUser } from '../helpers/stack';

const FIXTURES = join(__dirname, '../fixtures/mapplic');
const file = (name: string, mimeType: string) => ({ name, mimeType, buffer: readFileSync(join(FIXTURES, name)) });
const JSON_FILE = file('campus-v8.json', 'application/json');
const svg = (name: string) => file(name, 'image/svg+xml');

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser({ name: 'Mapplic Mover' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * Makes the map's current version the one visitors see, and waits until it is served. Today every save
 * publishes, so this only waits for the published copy; an explicit Publish step belongs here alone.
 */
async function publish(mapId: string, ready: (doc: MapDocument) => boolean): Promise<MapDocument> {
  let doc: MapDocument | undefined;
  await expect
    .poll(
      async () => {
        // Saving keeps a draft (ADR 018): publish the version saved now, as the author's Publish does.
        const { version } = (await call<MapWithDocument>('getMap', { id: mapId }, user)).map;
        await call('publishMap', { id: mapId, version }, user);
        const res = await fetch(`${baseUrl()}/data/maps/${mapId}.json`);
        if (!res.ok) return false;
        doc = ((await res.json()) as PublishedMap).document ?? undefined;
        return !!doc && ready(doc);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return doc!;
}

const floorRows = (page: Page) =>
  page
    .locator('.mapplic-site__floors tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent?.replace(/\s+/g, ' ').trim())),
    );

describe('moving a Mapplic site', () => {
  it('imports the export with its floor files in one step, asks for a missing floor first, and publishes it whole', async () => {
    const context = await newContext(browser, { width: 1366, height: 768 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInWithTokens(page, user);
    const before = (await call<MapSummary[]>('listMaps', {}, user)).length;
    await page.goto('/maps/new');
    await page.locator('input[name=title]').fill('Campus from Mapplic');
    await page.getByText('Import from Mapplic', { exact: true }).click();

    // Without the second floor's plan: it is listed as missing and nothing is created.
    await page.setInputFiles('[data-testid=mapplic-site-files]', [JSON_FILE, svg('1f.svg'), svg('3f.svg')]);
    await expect
      .poll(() => floorRows(page))
      .toEqual([
        ['1F', '1f.svg', expect.stringContaining('1f.svg (1000×800)')],
        ['2F', '2f.svg', expect.stringContaining('Missing')],
        ['3F', '3f.svg', expect.stringContaining('3f.svg (1000×800)')],
      ]);
    await page.getByRole('button', { name: 'Create map' }).click();
    await page.getByText('Floor files still missing: 2F (2f.svg).').waitFor();
    expect((await call<MapSummary[]>('listMaps', {}, user)).length).toBe(before);

    // The export and all its floor files at once.
    await page.setInputFiles('[data-testid=mapplic-site-files]', [
      JSON_FILE,
      svg('1f.svg'),
      svg('2f.svg'),
      svg('3f.svg'),
    ]);
    await expect
      .poll(() => floorRows(page).then((rows) => rows.map((r) => r[2])))
      .toEqual(['1f.svg (1000×800) Replace…', '2f.svg (1000×800) Replace…', '3f.svg (1000×800) Replace…']);
    await page.getByText('The map takes the floor plans’ size, 1000×800 px (the export says 660×490 px)').waitFor();
    // What the import leaves out is still listed.
    await page.getByText('2 things were changed or left out to fit').click();
    await page.getByText('settings: ignored unsupported settings "customThing"').waitFor();
    await page.getByText('the descriptions of 1 location ("_1-101") hold code: 1 script.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Create map' }).click();
    await page.waitForURL((url) => /^\/maps\/(?!new$)[A-Za-z0-9]+$/.test(url.pathname), { timeout: 30_000 });
    const mapId = new URL(page.url()).pathname.split('/').pop()!;
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });

    const saved = await call<MapWithDocument>('getMap', { id: mapId }, user);
    const doc = (await (await fetch(saved.documentUrl)).json()) as MapDocument;
    expect(doc.settings).toMatchObject({ mapWidth: 1000, mapHeight: 800 });
    // The export's minimap is kept (it used to be listed as left out).
    expect(doc.settings.minimap.enabled).toBe(true);
    expect(doc.layers.map((l) => l.name)).toEqual(['1F', '2F', '3F']);
    for (const l of doc.layers) expect(l.file).toMatch(/^\/files\/.+-[123]f\.svg$/);
    expect(doc.locations).toHaveLength(6);

    const published = await publish(mapId, (d) => d.layers.every((l) => l.file.startsWith('/files/')));
    expect(published.locations.find((l) => l.id === 'library')?.title).toBe('図書館');

    // A deep link opens the location on its floor, with its region bound and its description cleaned.
    const embed = await context.newPage();
    const embedErrors = collectErrors(embed);
    await embed.goto(`/m/${mapId}?location=_2-202`);
    const heading = () => embed.getByRole('dialog').getByRole('heading').textContent();
    await expect.poll(heading, { timeout: 20_000 }).toBe('ゼミ室 2-202');
    expect(await embed.getByRole('button', { name: '2F', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => embed.locator('.mn-layer:not([hidden]) [id="_2-202"]').getAttribute('class'))
      .toContain('mn-region-clickable');
    await embed.keyboard.press('Escape');

    // The first floor's rooms are bound regions; a click on one opens its location.
    await embed.getByRole('button', { name: '1F', exact: true }).click();
    await expect
      .poll(() => embed.locator('.mn-layer:not([hidden]) [id="_1-101"]').getAttribute('class'))
      .toContain('mn-region-clickable');
    await embed.locator('.mn-layer:not([hidden]) [id="library"]').click({ position: { x: 10, y: 10 } });
    await expect.poll(heading).toBe('図書館');
    await embed.keyboard.press('Escape');
    await embed.goto(`/m/${mapId}?location=_1-101`);
    await expect.poll(heading, { timeout: 20_000 }).toBe('講義室 1-101');
    expect(await embed.getByRole('dialog').locator('b').textContent()).toBe('120');
    expect(await embed.getByRole('dialog').locator('script').count()).toBe(0);
    await embed.keyboard.press('Escape');

    // A Japanese search finds the library.
    const entries = embed.locator('.mn-list .mn-entry');
    await expect.poll(() => entries.count()).toBe(6);
    await embed.getByRole('searchbox').fill('図書');
    await expect.poll(() => entries.allTextContents()).toEqual([expect.stringContaining('図書館')]);

    // The app's own map page opens a copied ?location= link too: for a visitor, and selected in the owner's editor.
    const visitor = await newContext(browser, { width: 1366, height: 768 });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/maps/${mapId}?location=library`);
    await expect
      .poll(() => visitorPage.getByRole('dialog').getByRole('heading').textContent(), { timeout: 20_000 })
      .toBe('図書館');
    await visitor.close();
    await page.goto(`/maps/${mapId}?location=_3-301`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    await expect
      .poll(() => page.locator('.vlist__row[data-id="_3-301"]').getAttribute('aria-selected'), { timeout: 10_000 })
      .toBe('true');

    expect(errors).toEqual([]);
    expect(embedErrors).toEqual([]);
    await context.close();
  }, 180_000);

  it('imports the export into an open map from File › Import…: plans asked for, uploaded on Replace, one undo step', async () => {
    const mapId = await call<string>('createMap', { title: 'Campus via the editor' }, user);
    const saved = async () => {
      const data = await call<MapWithDocument>('getMap', { id: mapId }, user);
      return (await (await fetch(data.documentUrl)).json()) as MapDocument;
    };
    const original = await saved();
    const context = await newContext(browser, { width: 1366, height: 768 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    // The export's own addresses for the plans are the old site's: the editor must never ask for them.
    const oldAddresses: string[] = [];
    page.on('request', (r) => {
      if (/old\.example|images\/floors/.test(r.url())) oldAddresses.push(r.url());
    });
    await signInWithTokens(page, user);
    await page.goto(`/maps/${mapId}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });

    // The export alone: every floor is listed as missing its plan, and the map cannot be replaced yet.
    await openFileMenuItem(page, 'Import…');
    await page.setInputFiles('[data-testid=import-file]', JSON_FILE);
    await expect
      .poll(() => floorRows(page))
      .toEqual([
        ['1F', '1f.svg', expect.stringContaining('Missing')],
        ['2F', '2f.svg', expect.stringContaining('Missing')],
        ['3F', '3f.svg', expect.stringContaining('Missing')],
      ]);
    await page.getByText('campus-v8.json: 3 floors, 6 locations, 3 groups, 1 style.').waitFor();
    await page
      .getByText('Floor files still missing: 1F (1f.svg), 2F (2f.svg), 3F (3f.svg).', { exact: false })
      .waitFor();
    const replace = page.getByRole('button', { name: 'Replace this map with it' });
    expect(await replace.isDisabled()).toBe(true);
    await page.getByText('2 things were changed or left out to fit').click();
    await page.getByText('settings: ignored unsupported settings "customThing"').waitFor();

    // The plans in a second pick: matched by name, and the map takes their size.
    await page.setInputFiles('[data-testid=mapplic-site-files]', [svg('1f.svg'), svg('2f.svg'), svg('3f.svg')]);
    await expect
      .poll(() => floorRows(page).then((rows) => rows.map((r) => r[2])))
      .toEqual(['1f.svg (1000×800) Replace…', '2f.svg (1000×800) Replace…', '3f.svg (1000×800) Replace…']);
    await page.getByText('The map takes the floor plans’ size, 1000×800 px (the export says 660×490 px)').waitFor();

    // The second plan's upload is refused: the map stays as it was, and the dialog says which floor failed.
    let uploads = 0;
    await page.route('**/api/fn/createFileUpload', (route) =>
      ++uploads === 2
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            body: JSON.stringify({ error: { status: 'RESOURCE_EXHAUSTED', message: 'Your file library is full.' } }),
          })
        : route.continue(),
    );
    await replace.click();
    await page.getByText('The map was not changed. The floor “2F” (2f.svg): Your file library is full.').waitFor();
    await page.unroute('**/api/fn/createFileUpload');
    expect(await page.locator('.editor__canvas [id="_1-101"]').count()).toBe(0);

    await replace.click();
    await page.getByRole('dialog', { name: 'Import' }).waitFor({ state: 'detached', timeout: 30_000 });
    await page.locator('.editor__canvas [id="_1-101"]').waitFor({ timeout: 20_000 });
    await page.keyboard.press('Control+s');
    await expect
      .poll(async () => (await saved()).layers.map((l) => l.file), { timeout: 20_000 })
      .toEqual([
        expect.stringMatching(/^\/files\/.+-1f\.svg$/),
        expect.stringMatching(/^\/files\/.+-2f\.svg$/),
        expect.stringMatching(/^\/files\/.+-3f\.svg$/),
      ]);
    const doc = await saved();
    expect(doc.settings).toMatchObject({ mapWidth: 1000, mapHeight: 800 });
    expect(doc.layers.map((l) => l.name)).toEqual(['1F', '2F', '3F']);
    expect(doc.locations).toHaveLength(6);

    // One undo brings the map back as it was before the import.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await saved()).layers, { timeout: 20_000 }).toEqual(original.layers);
    expect((await saved()).locations).toEqual(original.locations);

    expect(oldAddresses).toEqual([]);
    // The one refused upload is the browser's only complaint.
    expect(errors.filter((e) => !e.includes('429'))).toEqual([]);
    await context.close();
  }, 180_000);
});
