/**
 * The embeds on a customer's page, as visitors meet them: a phone's script-tag embed under the page's sticky header
 * (opening a location from the directory below the map shows the map, no more scroll than needed, not under the
 * header), the iframe embed's links (another site opens in a new tab, never inside the frame), a location's Copy link
 * in the iframe embed (the hosted map's address, on the clipboard where the snippet allows it, else shown selected)
 * and in the script-tag embed (what it says is brought into sight inside the details, the page not scrolled),
 * the open room's highlight, which keeps the plan's own label readable, keys typed in the map on a page with shortcuts
 * of its own, and a map in a closed tab, which fills its element once shown.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankDocument } from '@mapnest/shared/map-document';
import { contrastRatio } from '@mapnest/shared/contrast';
import { iframeSnippet } from '../../web/src/features/editor/dialogs/embed-snippets';
import { buckets, s3 } from '../helpers/accounts';
import { artifact, collectErrors, launchBrowser, newContext } from '../helpers/browser';
import { baseUrl, createPublishedMap, createUser } from '../helpers/stack';
import { serveHostPage } from '../helpers/host-page';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** A customer's page with a sticky 64 px header, text, the script-tag embed of the demo map, and more text. */
const stickyHeaderPage = (padding = '') => `<!doctype html><html><head>
  <meta name="viewport" content="width=device-width,initial-scale=1"><style>
  html { ${padding} } body { margin: 0; font-family: Georgia, serif; }
  header { position: sticky; top: 0; z-index: 10; height: 64px; box-sizing: border-box; padding: 20px; background: #036; color: #fff; }
  main { padding: 16px; }
  </style></head><body><header>Harbour House</header><main>
  <h1>Visit us</h1><p>${'Our office is a short walk from the station. '.repeat(30)}</p>
  <div id="map" data-mapnest-map="demo"></div>
  <p>${'Text after the map. '.repeat(150)}</p></main>
  <script src="${baseUrl()}/embed.js" async></script></body></html>`;

/** Where the map and its details' close button are in the window, and how far the page is scrolled. */
const where = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('map')!.shadowRoot!;
    const map = root.querySelector('.mn-map')!.getBoundingClientRect();
    const close = root.querySelector('.mn-sheet .mn-details-close')?.getBoundingClientRect() ?? null;
    return { scrollY, mapTop: map.top, mapBottom: map.bottom, closeTop: close?.top ?? null };
  });

describe('the script-tag embed on a phone, under the page’s sticky header', () => {
  it.each([
    ['a sticky header', ''],
    ['a sticky header and scroll-padding-top for it', 'scroll-padding-top: 64px;'],
  ])(
    'shows the map under %s when a location opens from the directory below it, scrolling no more than needed',
    async (_, padding) => {
      const host = await serveHostPage(stickyHeaderPage(padding));
      const context = await newContext(browser, { width: 390, height: 844 });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(host.url);
      const map = page.locator('#map');
      const entry = map.locator('.mn-entry').nth(3);
      await entry.waitFor({ timeout: 20_000 });
      // The directory's entry near the top of the window, under the header; the map above, out of sight.
      await page.evaluate(() => {
        const shadow = document.getElementById('map')!.shadowRoot!;
        const el = shadow.querySelectorAll('.mn-entry')[3]!;
        scrollBy(0, el.getBoundingClientRect().top - 200);
      });
      const before = await where(page);
      expect(before.mapBottom).toBeLessThan(64);
      await entry.click();
      await map.locator('.mn-sheet .mn-details-close').waitFor();
      // The page scrolls up just enough: the map's top right under the header, its details' close button in sight.
      await expect.poll(async () => Math.round((await where(page)).mapTop)).toBe(64);
      const after = await where(page);
      expect(after.scrollY).toBeLessThan(before.scrollY);
      expect(after.mapBottom).toBeLessThanOrEqual(844);
      expect(after.closeTop).toBeGreaterThanOrEqual(64);
      await artifact(page, { path: '.test-artifacts/embed-host-page-sticky-header.png' });

      // With the map in sight, another location opened from the directory moves the page not at all.
      // Escape closes it (a click could let Playwright scroll the page to reach the button while the sheet moves in).
      await page.keyboard.press('Escape');
      await map.locator('.mn-sheet .mn-details-close').waitFor({ state: 'detached' });
      const still = (await where(page)).scrollY;
      const visible = await page.evaluate(() => {
        const shadow = document.getElementById('map')!.shadowRoot!;
        return [...shadow.querySelectorAll('.mn-entry')].findIndex((el) => {
          const r = el.getBoundingClientRect();
          return r.top > 64 && r.bottom < innerHeight;
        });
      });
      await map.locator('.mn-entry').nth(visible).click();
      await map.locator('.mn-sheet .mn-details-close').waitFor();
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
      expect((await where(page)).scrollY).toBe(still);
      expect(errors).toEqual([]);
      await context.close();
      await host.stop();
    },
  );
});

describe('the script-tag embed on a page with keyboard shortcuts of its own', () => {
  it('keeps the keys typed in its fields and the keys it acts on; other keys reach the page', async () => {
    // The page's shortcuts as sites write them: not when a field of the page has the focus, "/" for its search.
    const host =
      await serveHostPage(`<!doctype html><html><body style="margin:0"><input id="site" aria-label="Site search">
      <div id="map" data-mapnest-map="demo" style="height:500px"></div>
      <script>window.heard = []; document.addEventListener('keydown', (e) => {
        if (e.target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
        window.heard.push(e.key);
        if (e.key === '/') { e.preventDefault(); document.getElementById('site').focus(); }
      });</script>
      <script src="${baseUrl()}/embed.js" async></script></body></html>`);
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const heard = () => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
    await page.goto(host.url);
    const search = page.locator('#map .mn-search input');
    await search.click();
    await page.keyboard.type('fit/lab');
    expect(await search.inputValue()).toBe('fit/lab');
    expect(await page.locator('#site').inputValue()).toBe('');
    // Arrows pan the map where it has the focus; a key it does not use is the page's.
    await page.locator('#map .mn-viewport').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('x');
    expect(await heard()).toEqual(['x']);
    await context.close();
    await host.stop();
  });
});

describe('the script-tag embed in a closed tab', () => {
  it('fills the height the customer gave its element once the tab opens, its controls inside it', async () => {
    // A tab (or an accordion's panel, or a dialog) closed with display: none when the embed's script runs.
    const host = await serveHostPage(`<!doctype html><html><body style="margin:0">
      <button id="tab" onclick="document.getElementById('panel').hidden = false">Site plan</button>
      <div id="panel" hidden><div id="map" data-mapnest-map="demo" style="height:500px"></div></div>
      <script>document.getElementById('map').addEventListener('mapnest:ready', () => (window.ready = true));</script>
      <script src="${baseUrl()}/embed.js" async></script></body></html>`);
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(host.url);
    // The loader has run and asked for the map while the tab was closed.
    await page.waitForFunction(() => document.getElementById('map')!.dataset.mapnestMounted === 'true');
    await page.click('#tab');
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, null, { polling: 100 });
    const boxes = await page.evaluate(() => {
      const root = document.getElementById('map')!.shadowRoot!;
      const box = (el: Element | null) => {
        const r = el!.getBoundingClientRect();
        return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
      };
      return {
        host: box(document.getElementById('map')),
        viewer: box(root.querySelector('.mn-viewer')),
        zoomIn: box(root.querySelector('[aria-label="Zoom in"]')),
      };
    });
    expect(boxes.viewer).toEqual(boxes.host);
    expect(boxes.zoomIn.bottom).toBeLessThanOrEqual(boxes.host.bottom);
    expect(errors).toEqual([]);
    await context.close();
    await host.stop();
  });
});

describe('the script-tag embed on a phone, sized by itself', () => {
  /** A customer's page with the demo map's script-tag embed, its element styled `style`. */
  const phonePage = (style: string) => `<!doctype html><html><head>
    <meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0">
    <h1>Riverside Centre</h1><div id="map" data-mapnest-map="demo" style="${style}"></div><p>After the map.</p>
    <script src="${baseUrl()}/embed.js" async></script></body></html>`;

  async function routeOnPhone(style: string) {
    const host = await serveHostPage(phonePage(style));
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${host.url}/?from=north-entrance&to=fitlab`);
    const map = page.locator('#map');
    await map.locator('.mn-dir-steps .mn-dir-step').first().waitFor({ timeout: 20_000 });
    const boxes = await page.evaluate(() => {
      const root = document.getElementById('map')!.shadowRoot!;
      const box = (el: Element) => el.getBoundingClientRect().toJSON() as DOMRect;
      return {
        map: box(root.querySelector('.mn-map')!),
        sheet: box(root.querySelector('.mn-directions')!),
        steps: [...root.querySelectorAll('.mn-dir-step')].map(box),
      };
    });
    return { page, errors, boxes, close: () => Promise.all([context.close(), host.stop()]) };
  }

  it('takes three quarters of the screen, so the directions’ sheet shows the route’s steps, not only its summary', async () => {
    const { page, errors, boxes, close } = await routeOnPhone('');
    await artifact(page, { path: '.test-artifacts/embed-phone-script-directions.png' });
    expect(boxes.map.height, JSON.stringify(boxes)).toBeGreaterThanOrEqual(0.75 * 844 - 1);
    // Below the summary, the route's first step shows whole in the sheet without scrolling it (at the plan's own
    // proportions, 340 px, the sheet held the summary alone).
    const first = boxes.steps[0]!;
    expect(first.top >= boxes.sheet.top && first.bottom <= boxes.sheet.bottom, JSON.stringify(boxes)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps the height the customer gave its element', async () => {
    const { boxes, errors, close } = await routeOnPhone('height:400px');
    expect(Math.round(boxes.map.height)).toBe(400);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the iframe embed’s links', () => {
  it('opens a location’s link to another site in a new tab, without an opener, not inside the frame', async () => {
    const host = await serveHostPage(`<!doctype html><html><body><h1>Riverside</h1>
      <iframe src="${baseUrl()}/m/demo?location=harrow-finch" title="Map" style="width:1000px;height:700px;border:0"></iframe>
      </body></html>`);
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(host.url);
    const frame = page.frameLocator('iframe');
    const more = frame.locator('.mn-popup a.mn-primary-button');
    await more.waitFor({ timeout: 20_000 });
    expect(await more.getAttribute('href')).toBe('https://example.com/stores/harrow-finch');
    expect(await more.getAttribute('target')).toBe('_blank');
    expect(await more.getAttribute('rel')).toContain('noopener');
    // On the map's own page (not framed) the link opens in place, as before.
    const own = await context.newPage();
    await own.goto('/m/demo?location=harrow-finch');
    const ownMore = own.locator('.mn-popup a.mn-primary-button');
    await ownMore.waitFor({ timeout: 20_000 });
    expect(await ownMore.getAttribute('target')).toBe('_self');
    expect(errors).toEqual([]);
    await context.close();
    await host.stop();
  });
});

describe('a location’s Copy link in the iframe embed', () => {
  const LOCATION = 'harrow-finch';
  /** The customer's page with the map's iframe opened at the location: the editor's snippet, or an older one. */
  const framePage = (snippet: string) =>
    serveHostPage(
      `<!doctype html><html><body><h1>Riverside</h1>${snippet.replace('/m/demo"', `/m/demo?location=${LOCATION}"`)}</body></html>`,
    );

  it('puts the hosted map’s address with the location on the clipboard, as the editor’s snippet allows', async () => {
    const snippet = iframeSnippet(baseUrl(), 'demo', 'Riverside Centre', { width: 1000, height: 700 });
    expect(snippet).toContain('allow="clipboard-write" allowfullscreen');
    const host = await framePage(snippet);
    const context = await newContext(browser, { width: 1280, height: 800 });
    // The browser's own grant for the visible page (a frame's clipboard asks the page's origin); reading is the test's.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.url });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto(host.url);
    const frame = page.frameLocator('iframe');
    await frame.locator('.mn-popup .mn-copy-link').click({ timeout: 20_000 });
    await expect.poll(() => frame.locator('.mn-copy-note').textContent()).toBe('Link copied.');
    expect(await frame.locator('.mn-copy-field').isVisible()).toBe(false);
    // The frame's address, not the customer's page: a link that opens the map at the location anywhere.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl()}/m/demo?location=${LOCATION}`);
    await artifact(page, { path: '.test-artifacts/embed-host-page-copy-link.png' });
    expect(errors).toEqual([]);
    // allow="clipboard-write" beside allowfullscreen costs the customer's page no warning.
    expect(warnings.filter((w) => /allow/i.test(w))).toEqual([]);
    await context.close();
    await host.stop();
  });

  it('shows the link selected in a field with a sentence to copy it by hand where an older snippet refuses it', async () => {
    const host = await framePage(
      `<iframe src="${baseUrl()}/m/demo" title="Map" style="width:1000px;height:700px;border:0" allowfullscreen></iframe>`,
    );
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(host.url);
    const frame = page.frameLocator('iframe');
    const button = frame.locator('.mn-popup .mn-copy-link');
    await button.waitFor({ timeout: 20_000 });
    // A browser whose copy command refuses too (Chromium's takes a selection in a frame; others refuse it after the
    // clipboard's answer): the visitor copies it.
    await page
      .frames()
      .find((f) => f.url().includes('/m/demo'))!
      .evaluate(() => (document.execCommand = () => false));
    await button.click();
    const field = frame.locator('.mn-copy-field');
    await field.waitFor();
    expect(await frame.locator('.mn-copy-note').textContent()).toBe(
      'The link could not be copied here. It is selected below: copy it yourself.',
    );
    const chosen = await field.evaluate((el: HTMLInputElement) => ({
      value: el.value,
      selected: el.value.slice(el.selectionStart!, el.selectionEnd!),
      focused: (el.getRootNode() as Document).activeElement === el,
    }));
    const link = `${baseUrl()}/m/demo?location=${LOCATION}`;
    expect(chosen).toEqual({ value: link, selected: link, focused: true });
    await artifact(page, { path: '.test-artifacts/embed-host-page-copy-link-refused.png' });
    // The frame did not ask the clipboard its element does not allow: no policy violation on the customer's page.
    expect(errors).toEqual([]);
    await context.close();
    await host.stop();
  });
});

describe('a location’s Copy link in the script-tag embed', () => {
  it.each([
    ['a computer', { width: 1280, height: 800 }],
    ['a phone', { width: 390, height: 844 }],
  ])(
    'says the link is copied on %s without scrolling the customer’s page, its button at the window’s foot',
    async (device, size) => {
      const host = await serveHostPage(stickyHeaderPage());
      const context = await newContext(browser, size);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.url });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${host.url}/?location=harrow-finch`);
      const button = page.locator('#map .mn-copy-link');
      await button.waitFor({ timeout: 20_000 });
      // Once the details have come in (a popup rises into place, a sheet slides up).
      await page.evaluate(() =>
        Promise.all(
          document
            .getElementById('map')!
            .shadowRoot!.getAnimations()
            .map((a) => a.finished),
        ),
      );
      // The button near the foot of the details' scrolling body (which goes on below it), and the page scrolled so
      // that the button ends at the window's foot: what it says, under it, is out of the window.
      await page.evaluate(() => {
        const root = document.getElementById('map')!.shadowRoot!;
        const [body, el] = ['.mn-details-body', '.mn-copy-link'].map((q) => root.querySelector(q)!);
        body!.scrollTop += el!.getBoundingClientRect().bottom - body!.getBoundingClientRect().bottom + 30;
        scrollBy(0, el!.getBoundingClientRect().bottom - innerHeight + 2);
      });
      const before = await page.evaluate(() => scrollY);
      expect(before).toBeGreaterThan(0);
      await button.click();
      await expect.poll(() => page.locator('#map .mn-copy-note').textContent()).toBe('Link copied.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${host.url}/?location=harrow-finch`);
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
      expect(await page.evaluate(() => scrollY)).toBe(before);
      // In the details' own scrolling body, the note is in sight there.
      const note = await page.evaluate(() => {
        const root = document.getElementById('map')!.shadowRoot!;
        const [n, b] = ['.mn-copy-note', '.mn-details-body'].map((q) => root.querySelector(q)!.getBoundingClientRect());
        return { noteBottom: n!.bottom, bodyBottom: b!.bottom };
      });
      expect(note.noteBottom).toBeLessThanOrEqual(note.bodyBottom + 0.5);
      await artifact(page, { path: `.test-artifacts/embed-host-page-script-copy-link-${size.width}.png` });
      await page.evaluate(() =>
        document.getElementById('map')!.shadowRoot!.querySelector('.mn-details')!.scrollIntoView({ block: 'center' }),
      );
      await artifact(page, { path: `.test-artifacts/embed-host-page-script-copy-link-${size.width}-note.png` });
      expect(errors, device).toEqual([]);
      await context.close();
      await host.stop();
    },
  );
});

describe('the open room’s highlight', () => {
  it('tints the room and outlines it, so the plan’s own label on it stays readable', async () => {
    const key = `highlight-test/${randomUUID()}/floor.svg`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
      <rect width="1200" height="800" fill="#fff"/>
      <rect id="board" x="40" y="40" width="400" height="320" fill="#fde68a" stroke="#555" stroke-width="2"/>
      <text x="240" y="200" font-family="Arial" font-size="18" text-anchor="middle">Boardroom</text>
      <g id="hr"><rect x="640" y="40" width="260" height="320" stroke="#555"/><text x="770" y="200" font-size="18">HR office</text></g>
    </svg>`;
    await s3().send(
      new PutObjectCommand({ Bucket: buckets().public, Key: key, Body: svg, ContentType: 'image/svg+xml' }),
    );
    const doc = blankDocument({
      file: `/data/${key}`,
      layerId: 'f3',
      layerName: 'Floor 3',
      mapWidth: 1200,
      mapHeight: 800,
    });
    doc.settings.primaryColor = '#1370f2';
    doc.locations = [
      { id: 'board', title: 'Boardroom', layer: 'f3' },
      { id: 'hr', title: 'HR office', layer: 'f3' },
    ] as typeof doc.locations;
    const user = await createUser({ name: 'Highlight' });
    const id = await createPublishedMap({ title: 'Harbour House', mapData: doc }, user);
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    for (const room of ['board', 'hr']) {
      await page.goto(`/m/${id}?location=${room}`);
      await page.locator('.mn-popup').waitFor({ timeout: 20_000 });
      const region = page.locator(`#${room}.mn-region.mn-active`);
      await region.waitFor();
      // Once the fill's transition has ended.
      await expect.poll(() => region.evaluate((el) => el.getAnimations().length), { timeout: 5_000 }).toBe(0);
      const look = await page.evaluate((r) => {
        // Computed colours as #rrggbb, through a canvas (a colour-mix computes to "color(srgb …)").
        const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
        const hex = (css: string) => {
          ctx.clearRect(0, 0, 1, 1);
          ctx.fillStyle = css;
          ctx.fillRect(0, 0, 1, 1);
          return `#${[...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
        };
        const el = document.getElementById(r)!;
        const label = el.tagName === 'g' ? el.querySelector('text')! : el.nextElementSibling!;
        return {
          fill: hex(getComputedStyle(el).fill),
          stroke: hex(getComputedStyle(el).stroke),
          label: hex(getComputedStyle(label).fill),
          labelStroke: getComputedStyle(label).stroke,
        };
      }, room);
      // The label on it reads at 7:1 or better (a plan's labels are small); the room is plainly marked: its outline 3:1
      // or better on white.
      expect(contrastRatio(look.label, look.fill)!, `${room}: ${JSON.stringify(look)}`).toBeGreaterThanOrEqual(7);
      expect(contrastRatio(look.stroke, '#ffffff')!, `${room}: ${JSON.stringify(look)}`).toBeGreaterThanOrEqual(3);
      expect(look.fill).not.toBe('#ffffff');
      // A group's label is not drawn over with the outline either.
      expect(look.labelStroke, room).toBe('none');
      await artifact(page, { path: `.test-artifacts/embed-host-page-highlight-${room}.png` });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a script-tag embed opened by a link to a location', () => {
  /** A customer's page with its own search field above the map's script-tag embed. */
  const fieldPage = () => `<!doctype html><html><body>
    <label>Search our site <input id="own"></label>
    <p>${'Welcome to Riverside. '.repeat(100)}</p>
    <div id="map" data-mapnest-map="demo"></div>
    <script src="${baseUrl()}/embed.js" async></script></body></html>`;

  it('opens it without taking the keyboard from the page’s own field; a visitor’s choice in the map takes focus', async () => {
    const host = await serveHostPage(fieldPage());
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${host.url}/?location=harrow-finch`);
    await page.locator('#own').focus();
    await page.locator('#map .mn-details-close').waitFor({ timeout: 20_000 });
    // The details' frame has passed (focus would have moved in it): the page's field still has the keyboard.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.keyboard.type('opening hours');
    expect(await page.locator('#own').inputValue()).toBe('opening hours');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('own');
    // Chosen in the map's own directory, a location's details take focus as before.
    await page.locator('#map').getByRole('searchbox').fill('gelato');
    await page.locator('#map .mn-list .mn-entry').first().press('Enter');
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.getElementById('map')!.shadowRoot!.activeElement?.classList.contains('mn-details-close'),
        ),
      )
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
    await host.stop();
  });

  it('shows the map as it starts for a location it has not, and takes the location out of the address', async () => {
    const page = await (await newContext(browser, { width: 1280, height: 800 })).newPage();
    await page.goto('/m/demo?location=no-such-shop');
    await page.locator('.mn-map').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await page.locator('.mn-details').count()).toBe(0);
    await page.context().close();
  });
});
