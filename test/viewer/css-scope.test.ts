/**
 * Author CSS stays inside its map in a real browser: a quoted string with a newline in settings.css or in a floor
 * plan's SVG <style> used to end the scope early, and the rest restyled the whole page (issue 14).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { PublishedMap } from '@mapnest/shared/maps';
import { buckets, s3 } from '../helpers/accounts';
import { launchBrowser, newContext } from '../helpers/browser';
import { baseUrl, createUser, createPublishedMap } from '../helpers/stack';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const BREAKOUT = (colour: string) =>
  `.mn-x{content:"a\n}} body, html {background: ${colour} !important} .mn-viewer {outline: 9px solid ${colour}} /*"}`;

describe('author CSS', () => {
  it("cannot restyle the page around the map, from settings.css or from a floor plan's <style>", async () => {
    const user = await createUser();
    const key = `${user.uid}/files/0000000000000000-plan.svg`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 80" width="100" height="80"><style>${BREAKOUT('rgb(0, 0, 255)')}</style><rect id="r1" width="50" height="50" fill="#ddd"/></svg>`;
    await s3().send(
      new PutObjectCommand({ Bucket: buckets().uploads, Key: key, Body: svg, ContentType: 'image/svg+xml' }),
    );
    const demo = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as PublishedMap).document!;
    const doc = {
      ...demo,
      layers: [{ id: 'ground', name: 'Ground', file: `/files/${key}` }],
      locations: [],
      filters: [],
      styles: [],
      groups: [],
      routes: [],
    };
    doc.settings = { ...demo.settings, defaultLayer: 'ground', startLocation: null, css: BREAKOUT('rgb(255, 0, 0)') };
    const id = await createPublishedMap({ title: 'CSS scope', mapData: doc }, user);

    const page = await (await newContext(browser)).newPage();
    await page.goto(`/m/${id}`);
    await page.waitForSelector('svg.mn-layer-svg');
    // The viewer is ready once the floor, its <style> and the map's CSS are in (getComputedStyle then restyles).
    await page.waitForFunction(() => performance.getEntriesByName('mapnest:ready').length > 0, null, { polling: 100 });
    const styles = await page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      html: getComputedStyle(document.documentElement).backgroundColor,
      outline: getComputedStyle(document.querySelector('.mn-viewer')!).outlineColor,
      sheets: Array.from(document.querySelectorAll('style')).map((s) => s.textContent ?? ''),
    }));
    for (const colour of ['rgb(255, 0, 0)', 'rgb(0, 0, 255)']) {
      expect(styles.body, JSON.stringify(styles.sheets)).not.toBe(colour);
      expect(styles.html).not.toBe(colour);
      expect(styles.outline).not.toBe(colour);
    }
  });
});
