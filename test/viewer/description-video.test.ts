/**
 * A description holding a YouTube player as authors paste it from YouTube, and a frame of another site, opened by a
 * visitor on /m (ADR 073): the player is there, rebuilt to youtube-nocookie.com, sandboxed, lazy, titled, sending
 * the page's origin as referrer, 16:9 across the description, with no console warning about its attributes, and the page's Content-Security-Policy lets it load
 * (YouTube is stood in for by a routed page: there is no internet here); the other frame is gone, and nothing asked
 * for it. A link whose address the sanitiser took away (javascript:) reads as the text around it, not as a link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { artifact, collectErrors, launchBrowser, newContext, settled, settledBox } from '../helpers/browser';
import { documentWith } from '../helpers/documents';
import { createPublishedMap, createUser } from '../helpers/stack';

const ID = 'dQw4w9WgXcQ';
const PLAYER = `https://www.youtube-nocookie.com/embed/${ID}?start=30`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('a description with a video player', () => {
  it('shows the YouTube player sandboxed through youtube-nocookie, loads it under the CSP, and drops other frames', async () => {
    const user = await createUser({ name: 'Video' });
    const doc = documentWith(1, { title: 'Unit' });
    doc.locations[0]!.desc =
      '<p>Take the tour.</p>' +
      `<iframe width="560" height="315" src="https://www.youtube.com/embed/${ID}?start=30" title="Unit 4 tour" frameborder="0" allow="accelerometer; autoplay" referrerpolicy="no-referrer" allowfullscreen></iframe>` +
      '<iframe src="https://evil.example/frame" title="Other"></iframe><p>Open daily.</p>' +
      '<p>See <a href="javascript:alert(1)">the trick</a> and <a href="https://example.com/unit-4">the plan</a>.</p>';
    const id = await createPublishedMap({ title: 'Video', mapData: doc }, user);

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await newContext(browser, viewport);
      const requested: string[] = [];
      await context.route(/youtube|vimeo|evil\.example/, async (route) => {
        requested.push(route.request().url());
        await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>player</p>' });
      });
      const page = await context.newPage();
      const errors = collectErrors(page);
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text());
      });
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.violatedDirective}: ${e.blockedURI}`),
        );
      });
      await page.goto(`/m/${id}`);
      await page.locator('.mn-directory').getByText('Unit 0', { exact: true }).click();
      const desc = page.locator('.mn-details .mn-details-desc');
      await desc.getByText('Open daily.').waitFor();

      // A link whose address was unsafe is text like the words around it; a real link has the link colour.
      const colours = await desc.locator('p', { hasText: 'See' }).evaluate((p) => {
        const colour = (el: Element) => getComputedStyle(el).color;
        const [dead, live] = Array.from(p.querySelectorAll('a'));
        return { text: colour(p), dead: colour(dead!), live: colour(live!), deadHref: dead!.hasAttribute('href') };
      });
      expect(colours.deadHref).toBe(false);
      expect(colours.dead).toBe(colours.text);
      expect(colours.live).not.toBe(colours.text);

      const frames = desc.locator('iframe');
      expect(await frames.count()).toBe(1);
      const attrs = await frames.evaluate((f) =>
        Object.fromEntries(Array.from(f.attributes, (a) => [a.name, a.value])),
      );
      expect(attrs).toEqual({
        src: PLAYER,
        title: 'Unit 4 tour',
        sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox',
        allow: 'picture-in-picture; encrypted-media',
        allowfullscreen: '',
        loading: 'lazy',
        referrerpolicy: 'strict-origin-when-cross-origin',
      });
      // The player loads (the routed stand-in answers inside it): the CSP's frame-src lets it.
      await expect.poll(() => requested, { interval: 100 }).toContain(PLAYER);
      await expect
        .poll(() => page.frames().some((f) => f.url() === PLAYER && f.url() !== 'about:blank'), { interval: 100 })
        .toBe(true);
      const player = page.frames().find((f) => f.url() === PLAYER)!;
      await player.getByText('player').waitFor();

      const box = await settledBox(frames);
      const descBox = (await desc.boundingBox())!;
      expect(Math.abs(box.width - descBox.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThanOrEqual(1);
      await settled(page);
      await artifact(page, { path: `.test-artifacts/description-video-${viewport.width}.png` });

      expect(requested.filter((u) => u !== PLAYER)).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      expect(errors).toEqual([]);
      expect(warnings.filter((w) => /allow|frame|sandbox/i.test(w))).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
