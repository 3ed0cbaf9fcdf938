/**
 * The viewer in the visitor's language, in a real browser against the local stack: the browser's language
 * chooses the catalogue (Japanese, Arabic), only that language's texts are downloaded (English none), a map's
 * own language setting wins over the browser's, the author's texts win over every catalogue, and Arabic and
 * Hebrew lay the viewer out right to left while the map itself (pins, their hit areas, the floor plan's text) stays
 * where it is and the author's Latin texts keep their own direction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { collectErrors, launchBrowser, settledBox } from '../helpers/browser';
import { baseUrl } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

interface Opened {
  page: Page;
  errors: string[];
  /** The language chunks the page asked for (viewer/i18n/lang-*.ts). */
  languageChunks: string[];
}

/**
 * Opens the demo map's embed with the browser in `locale`; `edit` changes the published map on its way to the
 * page (its settings), as publishing a map with those settings would.
 */
async function openDemo(
  locale: string,
  edit?: (doc: MapDocument) => void,
  { viewport = { width: 1280, height: 800 }, query = '' } = {},
): Promise<Opened> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), locale });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const languageChunks: string[] = [];
  page.on('request', (r) => {
    const m = /\/lang-([a-z]{2})-[^/]*\.js$/.exec(new URL(r.url()).pathname);
    if (m) languageChunks.push(m[1]!);
  });
  if (edit)
    await page.route('**/data/maps/demo.json', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as PublishedMap & { document: MapDocument };
      edit(body.document);
      await route.fulfill({ response: res, json: body });
    });
  await page.goto(`/m/demo${query}`);
  await page.waitForSelector('.mn-viewer .mn-marker-canvas');
  await page.waitForFunction(() => !document.querySelector('.mn-loading:not([hidden])'), null, { polling: 100 });
  // The directory's insides come a frame after the map (ADR 017); a phone's is behind a location opened by the address.
  if (!query) {
    await page.waitForSelector('.mn-directory input[type=search]');
    await page.waitForSelector('.mn-entry');
  }
  return { page, errors, languageChunks };
}

/** The direction of the directory entry titled `name` (searched for), of its title, and whether the title hugs the right. */
async function titleDirection(page: Page, name: string) {
  await page.locator('.mn-directory input[type=search]').fill(name);
  const titled = page.locator('.mn-entry-title', { hasText: name });
  await titled.first().waitFor();
  return titled.first().evaluate((title) => {
    const entry = title.closest<HTMLElement>('.mn-entry')!;
    const range = document.createRange();
    range.selectNodeContents(title);
    const text = range.getBoundingClientRect();
    const e = entry.getBoundingClientRect();
    return {
      entry: getComputedStyle(entry).direction,
      title: getComputedStyle(title).direction,
      fromRight: e.right - text.right < text.left - e.left,
    };
  });
}

const attr = (page: Page, selector: string, name: string) => page.locator(selector).first().getAttribute(name);
const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe('the viewer in the visitor’s language', () => {
  it('speaks Japanese to a browser set to Japanese, downloading the Japanese texts alone', async () => {
    const { page, errors, languageChunks } = await openDemo('ja-JP');
    expect(await attr(page, '.mn-viewer', 'lang')).toBe('ja');
    expect(await attr(page, '.mn-viewer', 'dir')).toBe('ltr');
    // The /m page is the map's own: the page speaks the viewer's language too (screen readers, translation offers).
    expect(await attr(page, 'html', 'lang')).toBe('ja');
    expect(await attr(page, '.mn-sidebar', 'aria-label')).toBe('一覧');
    // The demo's author wrote their own search text: it is kept, in every language.
    expect(await attr(page, '.mn-directory input[type=search]', 'placeholder')).toBe('Search shops, food and services');
    expect(await attr(page, '.mn-viewport', 'aria-label')).toMatch(/の地図$/);
    await expect.poll(() => page.locator('.mn-result-bar').textContent()).toMatch(/^\d+か所$/);
    expect(await page.getByRole('button', { name: '拡大' }).count()).toBe(1);
    expect(await page.getByRole('group', { name: 'フロア' }).count()).toBe(1);
    // The viewer's polite live region: the floor the map starts on is not said.
    const live = page.locator('.mn-viewer > [aria-live="polite"]');
    expect(await live.textContent()).toBe('');
    // A search that finds nothing says so in Japanese.
    const search = page.locator('.mn-directory input[type=search]');
    await search.fill('zzzzqqq');
    await expect.poll(() => page.locator('.mn-no-results').isVisible()).toBe(true);
    expect(await page.locator('.mn-no-results').textContent()).toBe('見つかりませんでした。');
    expect(await page.locator('.mn-result-bar').textContent()).toMatch(/^0件/);
    // A floor change is said in Japanese (the floors' names are the author's): a floor picked, and the floor of a
    // shop opened from the search.
    await page.getByRole('group', { name: 'フロア' }).getByRole('button', { name: 'First floor', exact: true }).click();
    await expect.poll(() => live.textContent()).toBe('First floorを表示中');
    await search.fill('FreshMart');
    await search.press('Enter');
    await expect.poll(() => live.textContent()).toBe('Ground floorを表示中');
    expect(languageChunks).toEqual(['ja']);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('downloads no texts for English, which is built in', async () => {
    const { page, errors, languageChunks } = await openDemo('en-US');
    expect(await attr(page, '.mn-viewer', 'lang')).toBe('en');
    expect(await attr(page, '.mn-sidebar', 'aria-label')).toBe('Directory');
    expect(languageChunks).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lays the viewer out right to left in Arabic, with the map and its pins where they were', async () => {
    const ltr = await openDemo('en-US');
    // Two shops named in Arabic and in Latin letters, as a mall in Dubai lists them.
    const rtl = await openDemo('ar-EG', (doc) => {
      doc.locations[0]!.title = 'مقهى الحديقة';
      doc.locations[1]!.title = 'Denim Dept.';
    });
    const { page, errors, languageChunks } = rtl;
    expect(await attr(page, '.mn-viewer', 'dir')).toBe('rtl');
    expect(await attr(page, '.mn-viewer', 'lang')).toBe('ar');
    expect([await attr(page, 'html', 'lang'), await attr(page, 'html', 'dir')]).toEqual(['ar', 'rtl']);
    expect(languageChunks).toEqual(['ar']);
    expect(await attr(page, '.mn-sidebar', 'aria-label')).toBe('الدليل');
    // The demo's group filter has no name of its own: its heading is the catalogue's, in Arabic.
    expect(await page.locator('.mn-filter-tags legend').first().textContent()).toBe('الفئات');
    // The directory (left of the map in English) is on its right; the map keeps its size.
    const [sideL, mapL, sideR, mapR] = await Promise.all([
      box(ltr.page, '.mn-sidebar'),
      box(ltr.page, '.mn-map'),
      box(page, '.mn-sidebar'),
      box(page, '.mn-map'),
    ]);
    expect(sideL.x + sideL.width).toBeLessThanOrEqual(mapL.x + 1);
    expect(sideR.x).toBeGreaterThanOrEqual(mapR.x + mapR.width - 1);
    expect(mapR.width).toBeCloseTo(mapL.width, 0);
    // Corners mirror: the zoom buttons (bottom right) are at the bottom left, the floors (top right) top left.
    const [zoomL, zoomR, floorsR] = await Promise.all([
      box(ltr.page, '.mn-button-stack'),
      box(page, '.mn-button-stack'),
      box(page, '.mn-floors'),
    ]);
    expect(zoomL.x - mapL.x).toBeGreaterThan(mapL.width / 2);
    expect(zoomR.x - mapR.x).toBeLessThan(mapR.width / 2);
    expect(floorsR.x - mapR.x).toBeLessThan(mapR.width / 2);
    // The map's drawing is untouched by the direction: the pane has the same transform in both.
    const transform = (p: Page) => p.evaluate(() => document.querySelector<HTMLElement>('.mn-pane')!.style.transform);
    expect(await transform(page)).toBe(await transform(ltr.page));
    // A pin still opens where it is drawn, and its popup speaks Arabic.
    const entry = page.locator('.mn-entry').first();
    await entry.click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    expect(await page.getByRole('dialog').getByRole('button', { name: 'إغلاق' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    // Text runs from the right: an Arabic title ends at its entry's right edge. A Latin one keeps its own direction,
    // its full stop last (an author's text in the viewer's direction read ".Denim Dept"), and lines up at the same
    // right edge (it started at the left, so entries of different lengths were ragged).
    // The list is filtered a moment after the typing, so an entry measured may be replaced under the measure (its
    // computed direction then reads ''): measured again until it is the filtered list's.
    await expect
      .poll(() => titleDirection(page, 'مقهى الحديقة'))
      .toMatchObject({ entry: 'rtl', title: 'rtl', fromRight: true });
    await expect
      .poll(() => titleDirection(page, 'Denim Dept.'))
      .toMatchObject({ entry: 'rtl', title: 'ltr', fromRight: true });
    await page.locator('.mn-directory input[type=search]').fill('zzzzqqq');
    await expect.poll(() => page.locator('.mn-result-bar').textContent()).toMatch(/^لا نتائج/);
    expect(errors).toEqual([]);
    await ltr.page.context().close();
    await page.context().close();
  });

  // An English-speaking mall's map seen by a visitor whose browser is in Hebrew: the close button covered the start of
  // "Harrow & Finch", its description's full stops and bullets went to the wrong ends, and the plan read ".Bloom & Co".
  // In English as in Hebrew, the button (focused as the details open, its ring round it) covered the line under the
  // title: "All floors · Department stores · Fas…".
  for (const [locale, device, viewport] of [
    ['he-IL', 'desktop', { width: 1280, height: 800 }],
    ['he-IL', 'phone', { width: 390, height: 844 }],
    ['en-US', 'desktop', { width: 1280, height: 800 }],
  ] as const)
    it(`keeps the author’s Latin texts and floor plan in their own direction, clear of the close button (${locale}, ${device})`, async () => {
      const { page, errors } = await openDemo(locale, undefined, { viewport, query: '?location=harrow-finch' });
      const title = page.locator('.mn-details-title');
      await title.waitFor();
      await settledBox(title, 10);
      const look = await title.evaluate((el) => {
        const details = el.closest('.mn-details')!;
        // The close button with its focus ring (2 px out, 2 px wide, and a 2 px white band).
        const button = details.querySelector('.mn-details-close')!.getBoundingClientRect();
        const close = new DOMRect(button.x - 6, button.y - 6, button.width + 12, button.height + 12);
        const body = el.closest('.mn-details-body')!.getBoundingClientRect();
        const apart = (a: DOMRect) =>
          a.right <= close.left || a.left >= close.right || a.bottom <= close.top || a.top >= close.bottom;
        /** Whether each line of `node`'s text is clear of the button. */
        const clear = (node: Element) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return [...range.getClientRects()].every(apart);
        };
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        // The floor and each group: a run of its own, none drawn inside another's (in Arabic "Home & Gifts" was torn
        // by the floor's "كل الطوابق" between "Home &" and "Gifts").
        const runs = [...details.querySelectorAll('.mn-details-meta bdi')].map((part) => {
          const r = document.createRange();
          r.selectNodeContents(part);
          return { text: part.textContent, rects: [...r.getClientRects()] };
        });
        const inside = (a: DOMRect, b: DOMRect) =>
          a.top < b.bottom - 1 && b.top < a.bottom - 1 && a.left < b.right - 1 && b.left < a.right - 1;
        return {
          metaRuns: runs.map((r) => r.text),
          metaRunsApart: runs.every((a, i) =>
            runs.every((b, j) => i === j || a.rects.every((x) => b.rects.every((y) => !inside(x, y)))),
          ),
          titleClear: clear(el),
          metaClear: clear(details.querySelector('.mn-details-meta')!),
          titleFromLeft: text.left - body.left < body.right - text.right,
          closeAtLeft: close.left - body.left < body.right - close.right,
          description: getComputedStyle(details.querySelector('.mn-details-desc')!).direction,
          // Its entry's line under the title, after the floor ("All floors", in Hebrew), is English too.
          entryAbout: getComputedStyle(
            [...document.querySelectorAll('.mn-entry')]
              .find((e) => e.textContent!.includes('Harrow & Finch'))!
              .querySelector('.mn-entry-about')!,
          ).direction,
          plan: getComputedStyle(document.querySelector('.mn-layer-svg text')!).direction,
        };
      });
      expect(look).toEqual({
        metaRuns: [locale === 'he-IL' ? 'כל הקומות' : 'All floors', 'Department stores', 'Fashion', 'Home & Gifts'],
        metaRunsApart: true,
        titleClear: true,
        metaClear: true,
        titleFromLeft: true,
        closeAtLeft: locale === 'he-IL',
        description: 'ltr',
        entryAbout: 'ltr',
        plan: 'ltr',
      });
      expect(errors).toEqual([]);
      await page.context().close();
    });

  it('shows a Latin place name in the Directions picker and a tooltip as written in Hebrew, its full stop last', async () => {
    const { page, errors } = await openDemo('he-IL');
    await page.locator('.mn-directions-toggle').click();
    const from = page.locator('.mn-dir-input').first();
    await from.fill('Candle');
    const option = page.locator('.mn-dir-option').filter({ hasText: 'Candle Co.' }).first();
    await option.waitFor();
    /** Whether the text's full stop is drawn right of its "C", as written. */
    const stopLast = (el: Element) => {
      const text = el.firstChild!;
      const at = (i: number) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
      };
      return at(text.textContent!.length - 1) > at(0);
    };
    expect(await option.locator('span').first().evaluate(stopLast)).toBe(true);
    // Picked, the name in the field is in its own direction too (the field's text as a paragraph of its own).
    await option.click();
    await expect.poll(() => from.inputValue()).toBe('Candle Co.');
    expect(await from.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('plaintext');
    // So is a tooltip on the map: a shop's room hovered.
    await page.locator('.mn-directions .mn-dir-close').click();
    await page.locator('.mn-layer-svg #bloom-co').hover();
    const tip = page.locator('.mn-tooltip strong');
    await expect.poll(() => tip.textContent()).toBe('Bloom & Co.');
    expect(await tip.evaluate(stopLast)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('takes the map’s own language over the browser’s, with the author’s texts over the catalogue', async () => {
    const { page, errors, languageChunks } = await openDemo('en-US', (doc) => {
      doc.settings.language = 'he';
      doc.settings.text.search = 'Find a shop';
    });
    expect(await attr(page, '.mn-viewer', 'lang')).toBe('he');
    expect(await attr(page, '.mn-viewer', 'dir')).toBe('rtl');
    expect(await attr(page, '.mn-directory input[type=search]', 'placeholder')).toBe('Find a shop');
    expect(await page.getByRole('button', { name: 'הגדלה' }).count()).toBe(1);
    expect(languageChunks).toEqual(['he']);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says a missing map is missing in the visitor’s language', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'ar' });
    const page = await context.newPage();
    await page.goto('/m/nosuchmap123');
    await expect.poll(() => page.getByRole('alert').locator('h1').textContent()).toBe('الخريطة غير موجودة');
    expect(await page.locator('.mn-embed-state').getAttribute('dir')).toBe('rtl');
    await context.close();
  });

  it('says "Loading map…" in the visitor’s language while the map downloads', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'de-DE' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    // The map's data is held back: the page stays on its loading state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/data/maps/demo.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/m/demo');
    const status = page.getByRole('status');
    await expect.poll(() => status.textContent()).toBe('Karte wird geladen…');
    expect(await status.getAttribute('lang')).toBe('de');
    release();
    await page.waitForSelector('.mn-viewer .mn-marker-canvas');
    expect(await page.locator('.mn-embed-state').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
