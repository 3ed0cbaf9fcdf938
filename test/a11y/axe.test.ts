/**
 * Accessibility checked by a tool (issue 13, "Proof"): axe-core runs in Chromium on the landing, case-study, pricing,
 * sign-in, maps list, editor and embed pages and finds no violation of any impact. The stack serves web/dist, so
 * build first (`cd web && npx vite build`, or to a folder of your own named by MAPNEST_WEB_DIST).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { AA_CONTRAST, contrastRatio } from '@mapnest/shared/contrast';
import { launchBrowser, signInWithTokens, artifact } from '../helpers/browser';
import type { PublishedMap } from '@mapnest/shared/maps';
import { adminUser, baseUrl, call, createPublishedMap, createUser, postFrom, type TestUser } from '../helpers/stack';
import { sendBeacon } from '../helpers/beacons';
import { documentWith } from '../helpers/documents';

const ARTIFACTS = path.resolve('.test-artifacts/a11y');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A legacy Mapplic export of one floor, enough for the picker to list it and what it still needs. */
const MAPPLIC_EXPORT = {
  name: 'mall.json',
  mimeType: 'application/json',
  buffer: Buffer.from(
    JSON.stringify({
      mapwidth: '1000',
      mapheight: '800',
      levels: [
        {
          id: 'ground',
          title: 'Ground floor',
          map: 'ground.svg',
          locations: [{ id: 'a', title: 'A', x: '0.2', y: '0.3' }],
        },
      ],
    }),
  ),
};

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe on the page as it is and returns its violations of every impact, one line per element: the serious and
 * critical ones, and the moderate and minor ones too (a part of the page outside every landmark, a heading level
 * skipped, two banners), which a screen reader's user meets as a page harder to move around in.
 */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}): ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`),
  );
}

/** The violations of the named axe rules only, whatever their impact, one line per element. */
async function violationsOf(page: Page, rules: string[]): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (only) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> } }
    ).axe;
    return (await axe.run(document, { runOnly: { type: 'rule', values: only }, resultTypes: ['violations'] }))
      .violations;
  }, rules);
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`));
}

/** The names Chromium gives the elements of `role` on the page: what its accessibility tree tells a screen reader. */
async function chromiumNames(page: Page, role: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes.filter((n) => !n.ignored && n.role?.value === role).map((n) => String(n.name?.value ?? ''));
  } finally {
    await cdp.detach();
  }
}

/** The contrast of an element's text colour with the first opaque background behind it (itself or an ancestor). */
async function textContrast(target: Locator): Promise<number> {
  const [text, background] = await target.evaluate((el) => {
    const hex = (css: string) =>
      `#${(css.match(/[\d.]+/g) ?? [])
        .slice(0, 3)
        .map((v) => Number(v).toString(16).padStart(2, '0'))
        .join('')}`;
    let bg: Element | null = el;
    while (bg && /rgba\(.*, 0\)|transparent/.test(getComputedStyle(bg).backgroundColor)) bg = bg.parentElement;
    return [hex(getComputedStyle(el).color), hex(bg ? getComputedStyle(bg).backgroundColor : 'rgb(255, 255, 255)')];
  });
  return contrastRatio(text, background)!;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: TestUser;
let mapId: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  // The pages' CSP rightly refuses inline scripts; the test's own (axe) is let in by bypassing it.
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: baseUrl(), bypassCSP: true });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  user = await createUser({ name: 'Axe Tester' });
  mapId = await call<string>('createMap', { title: 'Accessible map' }, user);
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function check(name: string): Promise<void> {
  // Measured at rest: a card half-way through its fade-in has half its contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        // One cancelled meanwhile (a closing dialog's, its element removed) rejects: it is at rest too.
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await artifact(page, { path: path.join(ARTIFACTS, `${name}.png`) });
  expect(await violations(page)).toEqual([]);
}

describe('no axe violation', () => {
  it('on the landing page, with its live demo map', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.locator('.live-example .mn-viewport').waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    // Named once as a map: the viewer adds "map" to the title it is given.
    expect(
      await page.getByRole('application', { name: 'Riverside Centre, a live demo map', exact: true }).count(),
    ).toBe(1);
    await check('landing');
  }, 60_000);

  it.each(['real-estate', 'retail', 'geographic'])(
    'on the %s case study, with its live example map',
    async (name) => {
      await page.goto(`/case-study/${name}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.locator('.live-example .mn-viewport').waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await check(`case-study-${name}`);
    },
    60_000,
  );

  it('on the pricing page', async () => {
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await check('pricing');
  }, 60_000);

  it('on the sign-in page', async () => {
    await page.goto('/login');
    await page.locator('input[name=email]').waitFor();
    await check('login');
  }, 60_000);

  it('on the embed page', async () => {
    await page.goto('/m/demo');
    await page.locator('.mn-viewport').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await check('embed');
    // The page is the map: everything in its main landmark, under a heading with the map's name (axe's moderate
    // rules for a page of its own, as /m/{id} is when opened rather than framed).
    expect(await violationsOf(page, ['landmark-one-main', 'page-has-heading-one', 'region'])).toEqual([]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Riverside Centre (demo)');
  }, 60_000);

  it('on the embed page with the directions form open, before a route is asked for', async () => {
    await page.goto('/m/demo');
    await page.getByRole('button', { name: 'Directions' }).click();
    await page.getByRole('combobox', { name: 'From' }).waitFor();
    await check('embed-directions-form');
  }, 60_000);

  it('on the embed of a map in a light primary colour, with a search typed', async () => {
    // Its buttons, links and active filters are drawn in that colour, or in text that reads on it.
    const demo = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as PublishedMap).document!;
    const mapData = { ...demo, settings: { ...demo.settings, primaryColor: '#f5c518' } };
    const id = await createPublishedMap({ title: 'Light primary', mapData }, user);
    await page.goto(`/m/${id}`);
    await page.locator('.mn-search input').fill('bo');
    const clear = page.getByRole('button', { name: 'Clear all' });
    await clear.waitFor();
    await check('embed-light-primary');
    // axe leaves this one undecided (it cannot tell the background of the directory's bar), so it is measured here.
    expect(await textContrast(clear)).toBeGreaterThanOrEqual(AA_CONTRAST);
    // A free account holds two test maps: the Professional map below takes this one's place.
    await call('deleteMap', id, user);
  }, 60_000);

  it('on the embed page with a route shown and a place picker open', async () => {
    await page.goto('/m/demo?from=north-entrance&to=fitlab');
    await page.locator('.mn-dir-steps .mn-dir-step').first().waitFor({ timeout: 30_000 });
    await page.getByRole('combobox', { name: 'To' }).fill('bo');
    await page.getByRole('listbox', { name: 'To' }).waitFor();
    await check('embed-directions');
  }, 60_000);

  it('on the register page', async () => {
    await page.goto('/register');
    await page.locator('input[name=email]').waitFor();
    await check('register');
  }, 60_000);

  it('on the maps list', async () => {
    await signInWithTokens(page, user);
    await page.goto('/maps');
    await page.getByRole('heading', { name: 'Maps', level: 1 }).waitFor();
    await page.getByRole('article', { name: 'Accessible map' }).waitFor();
    await check('maps');
  }, 60_000);

  it('in the Version history dialog', async () => {
    await page.getByRole('article', { name: 'Accessible map' }).getByRole('button', { name: 'History' }).click();
    await page.getByRole('dialog', { name: 'Version history' }).getByRole('listitem').first().waitFor();
    await check('history');
    await page.keyboard.press('Escape');
  }, 60_000);

  it('in the editor', async () => {
    await page.goto(`/maps/${mapId}`);
    await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await check('editor');
    // A tab's label and count are two words to a screen reader ("Locations, 2"), not one ("Locations2").
    expect(await page.getByRole('tab', { name: /^Locations ?, \d+$/ }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Editing Accessible map']);
  }, 60_000);

  it('in the editor with a location selected and on the Layers tab', async () => {
    await page.keyboard.press('a');
    const box = await page.locator('.editor__canvas .mn-viewport').boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /Locations/ }).click();
    await page.getByText('Location 1', { exact: true }).first().click();
    await page.getByRole('textbox', { name: /Title/i }).first().waitFor();
    await check('editor-location');
    await page.getByRole('tab', { name: /Layers/ }).click();
    await check('editor-layers');
  }, 60_000);

  it('in the Publish dialog', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog', { name: 'Publish and embed' }).locator('.publish-checks').waitFor();
    await check('editor-publish');
    await page.keyboard.press('Escape');
  }, 60_000);

  it('in the Print dialog', async () => {
    await page.keyboard.press('Control+p');
    await page.getByRole('dialog', { name: 'Print' }).locator('.print-sheet .mn-viewport').waitFor();
    await check('editor-print');
    await page.keyboard.press('Escape');
  }, 60_000);

  it('in the Keyboard shortcuts dialog', async () => {
    await page.locator('.editor__canvas .mn-viewport').focus();
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await check('editor-shortcuts');
    await page.keyboard.press('Escape');
  }, 60_000);

  it.each(['Profile', 'Security', 'Plan'])(
    'on the Settings dialog’s %s tab',
    async (tab) => {
      await page.goto(`/maps#settings/${tab}`);
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await check(`settings-${tab.toLowerCase()}`);
    },
    60_000,
  );

  it('in the Pick your plan dialog', async () => {
    await page.goto('/maps#subscribe');
    await page.getByRole('dialog', { name: 'Pick your plan' }).waitFor();
    await page.waitForLoadState('networkidle');
    await check('subscribe');
  }, 60_000);

  it('on the New map page with the Mapplic import picker', async () => {
    await page.goto('/maps/new');
    await page.getByText('Import from Mapplic', { exact: true }).click();
    await page.setInputFiles('[data-testid=mapplic-site-files]', [MAPPLIC_EXPORT]);
    await page.getByRole('list', { name: 'Picked files' }).waitFor();
    await check('new-map-mapplic');
  }, 60_000);

  describe('on a Professional map with two versions and a visit counted', () => {
    let proId: string;
    beforeAll(async () => {
      proId = await createPublishedMap({ title: 'Counted map', mapData: documentWith(3) }, user);
      await call('saveMap', { id: proId, baseVersion: 1, mapData: documentWith(4) }, user);
      await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, await adminUser());
      await call('setMapState', { id: proId, state: 3 }, user);
      expect(await sendBeacon({ m: proId, v: 1, o: { loc1: 1 }, s: [['zebra', false]], f: 1, r: 0 })).toBe(204);
    }, 60_000);

    it('in its History panel with a version preview open', async () => {
      await page.goto(`/maps/${proId}`);
      await page.getByRole('tab', { name: /History/ }).click();
      await page
        .getByRole('listitem', { name: /^Version 1/ })
        .getByRole('button', { name: 'Preview' })
        .click();
      await page.getByRole('dialog', { name: 'Preview of version 1' }).locator('.mn-viewer').waitFor();
      await page.waitForLoadState('networkidle');
      await check('history-preview');
    }, 60_000);

    it('on its analytics page', async () => {
      await page.goto(`/maps/${proId}/analytics`);
      await page.getByRole('region', { name: 'Top locations' }).getByText('Location 1').waitFor();
      await expect.poll(() => page.locator('.analytics-chart__plot canvas').count()).toBe(3);
      // One chart's day-by-day table open, so its table is checked too.
      await page.getByText('Numbers by day').first().click();
      await page.getByRole('table').first().waitFor();
      await check('analytics');
    }, 60_000);
  });

  describe('at a phone’s size (390×844)', () => {
    beforeAll(() => page.setViewportSize({ width: 390, height: 844 }));
    afterAll(() => page.setViewportSize({ width: 1440, height: 900 }));

    it('on the maps list', async () => {
      await page.goto('/maps');
      await page.getByRole('article', { name: 'Accessible map' }).waitFor();
      await check('maps-phone');
    }, 60_000);

    it('in the editor', async () => {
      await page.goto(`/maps/${mapId}`);
      await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await check('editor-phone');
    }, 60_000);
  });

  // Last: it signs this page in as the administrator.
  it("in the team's inbox (settings, Messages), with a request in it", async () => {
    // From a client address of its own, as the contact tests send, so no other file's requests count against it.
    const sent = await postFrom(
      new URL('/api/fn/submitContact', baseUrl()),
      { 'content-type': 'application/json' },
      JSON.stringify({
        data: {
          kind: 'contact',
          name: 'Axe Sender',
          email: 'axe@example.com',
          topic: 'support',
          message: 'Hello there.',
        },
      }),
      '127.201.0.7',
    );
    expect(sent.status).toBe(200);
    await signInWithTokens(page, await adminUser());
    await page.goto('/maps#settings/Messages');
    await page.locator('.team-inbox__entry', { hasText: 'Axe Sender' }).first().waitFor();
    await page.getByRole('tab', { name: /^Messages\W+\d+ unread$/ }).waitFor();
    // Read as one phrase, with no pause before its comma (it was "Messages , 2 unread"), and named by what it shows
    // ("Messages 2"), which voice control users say.
    const tabs = await chromiumNames(page, 'tab');
    expect(tabs.filter((name) => name.startsWith('Messages'))).toEqual([
      expect.stringMatching(/^Messages, \d+ unread$/),
    ]);
    expect(await violationsOf(page, ['label-content-name-mismatch'])).toEqual([]);
    await check('team-inbox');
  }, 60_000);
});
