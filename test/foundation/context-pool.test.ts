/**
 * The browser tests' context pool (test/helpers/context-pool.ts, ADR 105): a context a test closed comes back to
 * the next test looking new, one its test changed beyond a reset is not handed out again, and one a test left open
 * is taken back when the test ends.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../helpers/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** An empty page of the stack's origin, answered by the test (no request reaches the stack). */
const EMPTY = '/__context-pool';

describe('the context pool', () => {
  it('hands a closed context out again with its page, its storage, cookies, history, routes and listeners gone', async () => {
    const first = await newContext(browser, { width: 800, height: 600 });
    const page = await first.newPage();
    await first.route(`**${EMPTY}*`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>kept</title>' }),
    );
    const heard: string[] = [];
    page.on('console', (message) => heard.push(message.text()));
    await page.goto(EMPTY);
    await page.evaluate(() => {
      localStorage.setItem('left', 'behind');
      sessionStorage.setItem('left', 'behind');
      document.cookie = 'left=behind; path=/';
      history.pushState({}, '', '?second');
      console.log('first test');
    });
    await page.setViewportSize({ width: 500, height: 400 });
    await first.close();

    const second = await newContext(browser, { width: 800, height: 600 });
    expect(second).toBe(first);
    const again = await second.newPage();
    expect(again).toBe(page);
    expect(again.url()).toBe('about:blank');
    expect(again.viewportSize()).toEqual({ width: 800, height: 600 });
    expect(await second.cookies()).toEqual([]);
    // The route went with the first test: the stack answers this path itself now (the app's page).
    const response = await again.goto(EMPTY);
    expect(response?.fromServiceWorker()).toBe(false);
    expect(await again.title()).not.toBe('kept');
    expect(
      await again.evaluate(() => [localStorage.getItem('left'), sessionStorage.getItem('left'), document.cookie]),
    ).toEqual([null, null, '']);
    // about:blank and this page: the first test's two entries are gone.
    expect(await again.evaluate(() => history.length)).toBe(2);
    await again.evaluate(() => console.log('second test'));
    expect(heard).toEqual(['first test']);
    await second.close();
  });

  it('closes for real a context whose test added an init script, and hands out another', async () => {
    const first = await newContext(browser, { width: 640, height: 480 });
    await first.addInitScript('window.__fromTheFirstTest = true');
    await first.newPage();
    await first.close();

    const second = await newContext(browser, { width: 640, height: 480 });
    expect(second).not.toBe(first);
    const page = await second.newPage();
    await page.goto('about:blank');
    expect(await page.evaluate(() => '__fromTheFirstTest' in window)).toBe(false);
    await second.close();
  });

  it('hands out contexts only for the same options', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await phone.newPage();
    await phone.close();
    const desktop = await newContext(browser, { width: 390, height: 844 });
    expect(desktop).not.toBe(phone);
    const page = await desktop.newPage();
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(false);
    await desktop.close();
    await desktop.close(); // closing twice does nothing the second time
    expect(await newContext(browser, { width: 390, height: 844 })).toBe(desktop);
  });

  let leftOpen: BrowserContext | undefined;
  it('takes back at the end of a test a context the test left open…', async () => {
    leftOpen = await newContext(browser, { width: 700, height: 500 });
    await (await leftOpen.newPage()).goto('about:blank');
  });

  it('…and hands it to the next test', async () => {
    const context = await newContext(browser, { width: 700, height: 500 });
    expect(context).toBe(leftOpen);
    await context.close();
  });
});
