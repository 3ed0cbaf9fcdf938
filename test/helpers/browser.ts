/**
 * Real-browser tests: Debian's Chromium driven by playwright-core (one per run, test/global-setup.ts), and signing
 * in through the app's own login page (Amplify, USER_PASSWORD_AUTH against the local Cognito) exactly as a person
 * does, or, for tests that are not about signing in, with the session's tokens written where Amplify keeps them.
 */
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from '../../scripts/chromium-launch';
import { jwtPayload } from './accounts';
import { poolContexts } from './context-pool';
import { baseUrl, signInTokens } from './stack';

/** The requests not finished yet of each context of a browser launched here (read by `settled`). */
const inFlight = new WeakMap<BrowserContext, Set<Request>>();

function track(context: BrowserContext): void {
  const pending = new Set<Request>();
  context.on('request', (r) => pending.add(r));
  context.on('requestfinished', (r) => pending.delete(r));
  context.on('requestfailed', (r) => pending.delete(r));
  inFlight.set(context, pending);
}

/**
 * Chromium, whose contexts keep count of their requests in flight for `settled`: a connection to the run's one
 * Chromium (test/global-setup.ts), so a file does not pay for starting a browser. A context the file closes is reset
 * and handed out again, with its page, by the next `newContext` with the same options (./context-pool.ts), so a test
 * does not pay for starting a page either. Its `close()` closes the contexts this file made and disconnects; the
 * browser itself lives until the run ends. When the run has no shared Chromium, the file launches its own (and a
 * missing browser is reported by the launch).
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  const browser = endpoint ? await chromium.connect(endpoint) : await launchChromium();
  poolContexts(browser, track);
  return browser;
}

/** A fresh browser context (own storage) with a desktop viewport. */
export function newContext(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<BrowserContext> {
  return browser.newContext({ viewport, baseURL: baseUrl() });
}

/**
 * Waits until the page has nothing under way that could still change what a test reads next: the document and its
 * fonts loaded, no request of its context in flight (for browsers from `launchBrowser`), and the main thread idle
 * after two animation frames (React's effects, and what they started, have run), twice in a row since a finished
 * request can start another. For checks that something does not happen (no further request, no second save, no
 * redirect), which no element or event announces. A wait for a condition, not for a time.
 */
export async function settled(page: Page, timeoutMs = 15_000): Promise<void> {
  const pending = inFlight.get(page.context());
  const until = Date.now() + timeoutMs;
  for (let quiet = 0; quiet < 2;) {
    if (Date.now() > until)
      throw new Error(`the page is still busy after ${timeoutMs} ms: ${[...(pending ?? [])].map((r) => r.url())}`);
    await page.waitForFunction(() => document.readyState === 'complete' && document.fonts.status === 'loaded', null, {
      polling: 100,
      timeout: Math.max(1, until - Date.now()),
    });
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 1_000 })),
          ),
        ),
    );
    quiet = pending?.size ? 0 : quiet + 1;
  }
}

/** Signs in through /login and waits until the app has left the login page. */
export async function signInThroughUi(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(user.email);
  await page.locator('input[name=password]').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/**
 * Signs in the way Amplify v6 keeps a session, for tests that are not about signing in: the user's tokens from a real
 * password sign-in against the stack's Cognito, written to the origin's localStorage
 * (CognitoIdentityServiceProvider.<clientId>.<username>.idToken / accessToken / refreshToken, and LastAuthUser),
 * which the app's session start reads like any session. Leaves the page on an empty page of the origin (the app not
 * loaded): the test opens its page next. Saves the login page's load and its round trips; `signInThroughUi` stays
 * for the tests of signing in.
 */
export async function signInWithTokens(page: Page, user: { email: string; password: string }): Promise<void> {
  const tokens = await signInTokens(user.email, user.password);
  const clientId = inject('stackEnv').USER_POOL_CLIENT_ID;
  const claims = jwtPayload(tokens.accessToken);
  const username = claims.username ?? claims.sub;
  if (typeof username !== 'string') throw new Error(`no username in ${user.email}'s access token`);
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const entries: Record<string, string> = {
    [`${prefix}.LastAuthUser`]: username,
    [`${prefix}.${username}.idToken`]: tokens.idToken,
    [`${prefix}.${username}.accessToken`]: tokens.accessToken,
    [`${prefix}.${username}.refreshToken`]: tokens.refreshToken,
    [`${prefix}.${username}.clockDrift`]: '0',
  };
  // localStorage belongs to the origin, so open a page of the origin first: an empty one answered here (no request
  // reaches the stack, and no favicon is asked for, which would log a 404 in the test's console).
  const blank = `${baseUrl()}/__test-sign-in`;
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }),
  );
  await page.goto(blank);
  await page.unroute(blank);
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, entries);
}

/**
 * A locator's text as a visitor reads it: without the invisible Unicode isolates (FSI U+2068, PDI U+2069) that set
 * the author's names apart in the viewer's directions (web/src/map-core/wayfinding/steps.ts `isolate`).
 */
export async function readText(locator: Locator): Promise<string | null> {
  return withoutIsolates(await locator.textContent());
}

/** `text` without the Unicode isolates FSI and PDI (see `readText`). */
export function withoutIsolates<T extends string | null>(text: T): T {
  return (text === null ? null : text.replace(/[\u2068\u2069]/g, '')) as T;
}

/**
 * How far the text lines of the element `locator` names reach past the end of its own content box, in CSS pixels (0
 * when every line is inside): a word longer than its line that did not break runs out of its box.
 */
export function textOverflow(locator: Locator): Promise<number> {
  return locator.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const cs = getComputedStyle(node);
    const right = box.right - parseFloat(cs.paddingRight) - parseFloat(cs.borderRightWidth);
    const range = document.createRange();
    range.selectNodeContents(node);
    return Math.max(0, ...[...range.getClientRects()].map((r) => r.right - right));
  });
}

/** Collects page errors and console errors, for asserting a page ran clean. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/**
 * Waits until an element has stopped moving (its box the same over `frames` animation frames in a row: a camera or
 * a dialog's entrance has finished) and returns its box on screen. A wait for a condition, not for a time.
 */
export async function settledBox(
  locator: Locator,
  frames = 5,
  timeoutMs = 15_000,
): Promise<{ x: number; y: number; width: number; height: number }> {
  await locator.waitFor({ timeout: timeoutMs });
  await locator.evaluate(
    (el, { frames, timeoutMs }) =>
      new Promise<void>((resolve, reject) => {
        const until = performance.now() + timeoutMs;
        let last = '';
        let same = 0;
        const tick = () => {
          const r = el.getBoundingClientRect();
          const now = `${r.x},${r.y},${r.width},${r.height}`;
          same = now === last ? same + 1 : 0;
          last = now;
          if (same >= frames) resolve();
          else if (performance.now() > until) reject(new Error(`still moving after ${timeoutMs} ms: ${now}`));
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { frames, timeoutMs },
  );
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not shown');
  return box;
}

/**
 * Saves a screenshot for people to look at (.test-artifacts/), when MAPNEST_TEST_ARTIFACTS=1: no test reads it, and
 * capturing and encoding a page costs a second or more on a busy 2-core machine, so a plain run skips it
 * (docs/adr/040-one-chromium-per-run.md). Screenshots a test compares stay `screenshot()` calls of their own.
 */
export async function artifact(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } },
): Promise<void> {
  if (!process.env.MAPNEST_TEST_ARTIFACTS) return;
  await ('goto' in target ? target.screenshot(options) : target.screenshot({ path: options.path }));
}

/** Chooses an item of the editor bar's File menu (Import…, Export…). */
export async function openFileMenuItem(page: Page, item: 'Import…' | 'Export…'): Promise<void> {
  await page.locator('.editor__actions').getByRole('button', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** A computed colour (`rgb(…)` or `rgba(…)`) as #rrggbb, for contrastRatio. */
export const cssHex = (rgb: string) =>
  '#' +
  rgb
    .match(/\d+/g)!
    .slice(0, 3)
    .map((n) => Number(n).toString(16).padStart(2, '0'))
    .join('');
