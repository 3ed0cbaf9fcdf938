/**
 * Real-browser tests: Debian's Chromium driven by playwright-core, and signing in through the app's own
 * login page (Amplify, USER_PASSWORD_AUTH against the local Cognito), exactly as a person does.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium-launch';
import { baseUrl } from './stack';

export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/** A fresh browser context (own storage) with a desktop viewport. */
export function newContext(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<BrowserContext> {
  return browser.newContext({ viewport, baseURL: baseUrl() });
}

/** Signs in through /login and waits until the app has left the login page. */
export async function signInThroughUi(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(user.email);
  await page.locator('input[name=password]').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
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

/** Chooses an item of the editor bar's File menu (Import…, Export…). */
export async function openFileMenuItem(page: Page, item: 'Import…' | 'Export…'): Promise<void> {
  await page.locator('.editor__actions').getByRole('button', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
