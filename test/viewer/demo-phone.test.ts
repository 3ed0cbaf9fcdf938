/**
 * The demo map on a phone (390×844) and on a desktop (1366×768): the markers drawn over the floor
 * plan leave the shops' names, and the names the map itself draws (text markers), readable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { markerBox, type MarkerKind } from '../../web/src/map-core/marker-geometry';
import { collectErrors, launchBrowser, newContext, settledBox, artifact } from '../helpers/browser';
import { baseUrl } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

/** The screen boxes of the shop names (the floor plan's labels) and of the markers drawn on the current floor. */
async function boxes(
  page: Page,
  doc: MapDocument,
): Promise<{ labels: (Box & { text: string })[]; markers: (Box & { id: string })[] }> {
  const view = await page.evaluate(
    (texts) => {
      const pane = document.querySelector<HTMLElement>('.mn-pane')!;
      const m = /translate\(([-\d.e]+)px,\s*([-\d.e]+)px\)\s*scale\(([-\d.e]+)\)/.exec(pane.style.transform)!;
      const r = document.querySelector('.mn-viewport')!.getBoundingClientRect();
      const labels = Array.from(document.querySelectorAll('.mn-layer-svg text.label')).map((t) => {
        const b = t.getBoundingClientRect();
        return { x: b.x, y: b.y, w: b.width, h: b.height, text: t.textContent ?? '' };
      });
      // The marker scale the viewer draws with at this width (the demo may shrink markers on phones).
      const scale =
        Number(getComputedStyle(document.querySelector('.mn-viewer')!).getPropertyValue('--mn-marker-scale')) || 1;
      // Text markers' widths, measured as the marker canvas measures them (its TEXT_FONT).
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = '600 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
      const measure = (text: string) => ctx.measureText(text).width;
      return {
        x: Number(m[1]),
        y: Number(m[2]),
        s: Number(m[3]),
        left: r.left,
        top: r.top,
        labels,
        scale,
        widths: Object.fromEntries(texts.map((t) => [t, measure(t)])),
      };
    },
    doc.locations.filter((l) => l.type === 'text').map((l) => l.title || l.label || l.id),
  );
  const markers: (Box & { id: string })[] = [];
  const labels = view.labels.slice();
  for (const l of doc.locations) {
    const kind = (l.type ?? 'circle') as MarkerKind;
    if (!l.coord || kind === 'hidden' || (l.layer && l.layer !== 'ground') || l.hide) continue;
    const name = l.title || l.label || l.id;
    const b = markerBox(kind, (l.scale ?? 1) * view.scale, view.widths[name] ?? 0);
    const x = view.left + view.x + l.coord[0] * doc.settings.mapWidth * view.s;
    const y = view.top + view.y + l.coord[1] * doc.settings.mapHeight * view.s;
    const box = { x: x + b.left, y: y + b.top, w: b.right - b.left, h: b.bottom - b.top };
    // A text marker is a name the map draws: other markers must not cover it either.
    if (kind === 'text') labels.push({ ...box, text: name });
    else markers.push({ id: l.id, ...box });
  }
  return { labels, markers };
}

describe('the demo map', () => {
  it.each([
    ['a phone', 390, 844],
    ['a desktop', 1366, 768],
  ])('on %s, leaves every shop name on the ground floor uncovered by markers', async (_, width, height) => {
    const doc = ((await (await fetch(`${baseUrl()}/data/maps/demo.json`)).json()) as PublishedMap).document!;
    const context = await newContext(browser, { width, height });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto('/demo');
    await page.waitForSelector('.mn-viewer .mn-marker-canvas');
    await page.waitForFunction(
      () =>
        !document.querySelector('.mn-loading:not([hidden])') && !!document.querySelector('.mn-layer-svg text.label'),
      null,
      { polling: 100 },
    );
    const pane = page.locator('.mn-pane');
    await settledBox(pane, 10);
    const covered: string[] = [];
    // As it opens, and zoomed in twice (where a phone's visitor reads the names).
    for (let zoom = 0; zoom < 3; zoom++) {
      if (zoom > 0) {
        const before = await pane.evaluate((el) => el.style.transform);
        await page.getByRole('button', { name: 'Zoom in' }).click();
        await page.waitForFunction(
          (b) => document.querySelector<HTMLElement>('.mn-pane')!.style.transform !== b,
          before,
          { polling: 100 },
        );
        await settledBox(pane, 10);
      }
      await artifact(page, { path: `.test-artifacts/demo-${width}x${height}-zoom${zoom}.png` });
      const { labels, markers } = await boxes(page, doc);
      if (zoom === 0) {
        expect(labels.length).toBeGreaterThan(12);
        expect(markers.length).toBeGreaterThan(5);
      }
      const inView = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.w <= width && b.y + b.h <= height;
      for (const label of labels.filter(inView)) {
        for (const m of markers)
          if (overlap(label, m) > 0.15 * label.w * label.h)
            covered.push(`zoom ${zoom}: ${m.id} covers “${label.text}”`);
      }
    }
    expect(covered).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
